"""The HTTP routes of docs/design.md "HTTP service", and the ones the page needs beside them.

Each handler reads and checks its request (type, size, shape), then hands the work to the
worker's Service in a thread, bounded by the time limit, and writes the records in the
format asked for. Every refusal is an ApiError, which errors.py turns into JSON.
"""

from pathlib import Path

import anyio
from starlette.responses import FileResponse, JSONResponse, Response

from ..labels import LABELS, OTHER
from ..output.palette import LABEL_COLORS
from . import inputs
from .openapi import schema
from .output import check_format, render
from .service import out_of_time

STATIC = Path(__file__).resolve().parent / "static"
PAGE_HEADERS = {"Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
                                           "style-src 'self'; script-src 'self'",
                "X-Content-Type-Options": "nosniff", "Cache-Control": "no-cache"}


async def work(request, function, *args):
    """function(*args) in a thread; past the time limit the client gets a 503 at once, and
    the thread stops at its next deadline check."""
    seconds = request.app.state.service.limits.time_limit
    try:
        with anyio.fail_after(seconds + 1):
            return await anyio.to_thread.run_sync(function, *args, abandon_on_cancel=True)
    except TimeoutError:
        raise out_of_time(seconds) from None


def records_response(function, fmt):
    """A function for the thread: the records function() returns, written in `fmt`."""
    def run():
        body, media_type, headers = render(function(), fmt)
        return Response(body, media_type=media_type, headers=headers)
    return run


async def page(request):
    return FileResponse(STATIC / "index.html", headers=PAGE_HEADERS)


async def health(request):
    report = request.app.state.service.health()
    return JSONResponse(report, status_code=200 if report["status"] == "ok" else 503)


async def model(request):
    return JSONResponse(request.app.state.service.model_info())


async def labels(request):
    return JSONResponse({"labels": list(LABELS), "other": OTHER, "colors": LABEL_COLORS})


async def openapi(request):
    return JSONResponse(schema(request.app.state.service.limits))


async def parse(request):
    service = request.app.state.service
    fmt = check_format(request.query_params.get("format", "json"))
    kind = inputs.check_type(request, inputs.TEXT_TYPES + inputs.JSON_TYPES
                             + inputs.JSON_LINES_TYPES)
    body = await inputs.read_body(request, service.limits.max_body_bytes)
    texts = inputs.references_in(kind, body)
    return await work(request, records_response(lambda: service.parse(texts), fmt))


async def find(request):
    service = request.app.state.service
    fmt = check_format(request.query_params.get("format", "json"))
    kind = inputs.check_type(request, inputs.TEXT_TYPES + inputs.PDF_TYPES)
    if kind in inputs.PDF_TYPES:
        data = await inputs.read_body(request, service.limits.max_pdf_bytes)
        return await work(request, records_response(lambda: service.find_pdf(data), fmt))
    text = inputs.decode_text(await inputs.read_body(request, service.limits.max_body_bytes),
                              "find")
    return await work(request, records_response(lambda: service.find(text), fmt))


async def relabel(request):
    service = request.app.state.service
    fmt = check_format(request.query_params.get("format", "json"))
    inputs.check_type(request, inputs.JSON_TYPES)
    body = await inputs.read_body(request, service.limits.max_body_bytes)
    records = inputs.json_value(inputs.decode_text(body))
    return await work(request, records_response(lambda: service.relabel(records), fmt))
