"""Parsed references written as a response body in the format the client asked for.

The formats are `reftag parse --format`'s, plus `spans`: the JSON Lines records
({"id", "text", "spans"}) that `reftag train` reads, for corrected references.
"""

import io

from ..output import formats
from ..corpora.corpus import json_line
from ..output.formats import token_spans
from .errors import ApiError

MEDIA_TYPES = {
    "json": "application/json",
    "jsonl": "application/x-ndjson",
    "csl": "application/vnd.citationstyles.csl+json",
    "bibtex": "application/x-bibtex",
    "ris": "application/x-research-info-systems",
    "xml": "application/xml",
    "spans": "application/x-ndjson",
}
FORMATS = tuple(MEDIA_TYPES)


def check_format(name: str) -> str:
    if name not in MEDIA_TYPES:
        raise ApiError(400, f"unknown format {name!r}; choose one of {', '.join(FORMATS)}")
    return name


def render(refs: list, fmt: str) -> tuple[str, str]:
    """(body, media type with charset) for the references in format `fmt`."""
    if fmt == "spans":
        body = "".join(json_line({"id": f"ref-{number:04d}", "text": ref.raw,
                                  "spans": token_spans(ref)}) + "\n"
                       for number, ref in enumerate(refs, 1) if ref.tokens)
    else:
        stream = io.StringIO()
        try:
            formats.write(refs, fmt, stream)
        except formats.FormatError as error:  # its optional library is not installed
            raise ApiError(501, str(error)) from None
        body = stream.getvalue()
    return body, f"{MEDIA_TYPES[fmt]}; charset=utf-8"
