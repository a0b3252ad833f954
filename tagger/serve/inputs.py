"""Request bodies read within the limits and turned into what the parser takes.

A body is read a chunk at a time and refused (413) as soon as it passes its limit, whatever
Content-Length claimed. Text must be text (400 for an image, an archive, binary data) in UTF-8
(400 otherwise, naming the line and byte); JSON must be a list of strings (400 naming the first
item that is not); an empty body is a 400 as well. Bodies of other types are a 415. The
messages are the command line's and the library's (tagger.text.sniff), with "body" or
"line N" naming the input.
"""

import codecs
import json

from ..text.sniff import describe, empty_input, not_utf8, refusal, sniff
from .errors import ApiError

TEXT_TYPES = ("text/plain",)
JSON_TYPES = ("application/json",)
JSON_LINES_TYPES = ("application/jsonl", "application/x-ndjson", "application/json-lines")
PDF_TYPES = ("application/pdf",)
CHARSETS = ("utf-8", "utf8", "us-ascii", "ascii")


def media_type(request) -> tuple[str, str | None]:
    """(type, charset) of the request's Content-Type, lower-cased; ("", None) when absent."""
    header = request.headers.get("content-type", "")
    kind, _, parameters = header.partition(";")
    charset = None
    for parameter in parameters.split(";"):
        name, _, value = parameter.partition("=")
        if name.strip().lower() == "charset":
            charset = value.strip().strip('"').lower()
    return kind.strip().lower(), charset


def check_type(request, accepted: tuple[str, ...]) -> str:
    """The request's media type if the route reads it, else a 415 listing what it reads."""
    kind, charset = media_type(request)
    if kind not in accepted:
        found = f"Content-Type {kind!r}" if kind else "no Content-Type"
        raise ApiError(415, f"{found}; this route reads {', '.join(accepted)}")
    if charset is not None and charset not in CHARSETS:
        raise ApiError(415, f"charset {charset!r}; send UTF-8")
    return kind


async def read_body(request, limit: int) -> bytes:
    """The whole body, or a 413 once more than `limit` bytes are claimed or have arrived."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise ApiError(413, f"body of {int(declared):,} bytes; the limit is {limit:,}")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise ApiError(413, f"body over {limit:,} bytes; the limit is {limit:,}")
        chunks.append(chunk)
    return b"".join(chunks)


def decode_text(body: bytes, command: str = "parse", by_line: bool = False) -> str:
    """UTF-8 text without a leading byte-order mark, or a 400 saying what the body is instead
    (`command`, "parse" or "find", says what it reads) or naming the first bad byte (by its
    line and its offset in that line with `by_line`, as `reftag parse` counts). An empty body
    is a 400 too: no route has anything to do with nothing."""
    if not body:
        raise ApiError(400, empty_input("body"))
    kind = sniff(body)
    if kind == "pdf" and command == "find":
        raise ApiError(415, f"body: this is {describe(kind)}, not text; send it with "
                            "Content-Type application/pdf")
    if kind:
        raise ApiError(400, refusal(kind, "body", command))
    body = body.removeprefix(codecs.BOM_UTF8)
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ApiError(400, _bad_byte(body, error.start, by_line)) from None


def _bad_byte(body: bytes, at: int, by_line: bool) -> str:
    if not by_line:
        return not_utf8("body", at)
    before = body[:at].replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    line, start = before.count(b"\n") + 1, before.rfind(b"\n") + 1
    return not_utf8(f"line {line}", len(before) - start)


def text_lines(text: str) -> list[str]:
    """One reference a line, as `reftag parse` reads a file: \\n, \\r\\n or \\r end a line,
    a final line break ends the last line rather than starting an empty one."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").removesuffix("\n")
    return text.split("\n") if text else []


def json_value(text: str, where: str = "body"):
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ApiError(400, f"{where} is not JSON: {error.msg} at line {error.lineno} "
                            f"column {error.colno}") from None


def string_list(value) -> list[str]:
    """A JSON array of strings as given, or a 400 saying what it is instead."""
    if not isinstance(value, list):
        raise ApiError(400, f"expected a JSON array of strings, found {_kind(value)}")
    for index, item in enumerate(value):
        if not isinstance(item, str):
            raise ApiError(400, f"item {index} is {_kind(item)}, not a string")
    return value


def json_lines(text: str) -> list[str]:
    """JSON Lines: each line a string, or an object with a "text" string (blank lines skipped)."""
    references = []
    for number, line in enumerate(text_lines(text), 1):
        if not line.strip():
            continue
        value = json_value(line, f"line {number}")
        if isinstance(value, dict) and isinstance(value.get("text"), str):
            value = value["text"]
        if not isinstance(value, str):
            raise ApiError(400, f"line {number} is {_kind(value)}, not a string or "
                                '{"text": "..."}')
        references.append(value)
    return references


def references_in(kind: str, body: bytes) -> list[str]:
    """The references of a parse request's body, by its media type."""
    text = decode_text(body, "parse", by_line=kind in TEXT_TYPES)
    if kind in TEXT_TYPES:
        return text_lines(text)
    if kind in JSON_TYPES:
        return string_list(json_value(text))
    return json_lines(text)


def _kind(value) -> str:
    names = {dict: "an object", list: "an array", str: "a string", bool: "a boolean",
             int: "a number", float: "a number", type(None): "null"}
    return names.get(type(value), type(value).__name__)
