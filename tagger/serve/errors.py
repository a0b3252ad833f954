"""Every failure a client can see, as `{"error": "..."}` with a status that means something.

400 bad input, 404/405 no such route or method, 413 too large, 415 a content type the route
does not read, 501 an output format whose library is not installed, 503 no model or out of
time. Anything unexpected is a 500 with a one-line message: never a stack trace.
"""

from starlette.exceptions import HTTPException
from starlette.responses import JSONResponse

class ApiError(Exception):
    """A request that cannot be answered as asked; `status` is its HTTP status."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


def error_response(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def api_error(request, error: ApiError):
    return error_response(error.status, error.message)


async def http_error(request, error: HTTPException):
    messages = {404: f"no such route: {request.url.path}",
                405: f"{request.method} is not allowed on {request.url.path}"}
    return error_response(error.status_code, messages.get(error.status_code, str(error.detail)))


async def unexpected_error(request, error: Exception):
    """Starlette still logs the traceback on the server; the client gets one line."""
    return error_response(500, f"internal error: {type(error).__name__}")


HANDLERS = {ApiError: api_error, HTTPException: http_error, Exception: unexpected_error}
