"""Parsed references written as a response body in the format the client asked for.

The formats are `reftag parse --format`'s, plus `spans`: the JSON Lines records
({"id", "text", "spans"}) that `reftag train` reads, for corrected references. A record that
a bibliographic format leaves out (failed, not a reference, nothing to write) is named in the
Reftag-Skipped header, "3 not_reference, 5 error", where the CLI names it on stderr.
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
# The records a bibliographic format (csl, bibtex, ris) wrote no entry for: what `reftag` says
# on stderr. The body is the CLI's, BibTeX's `%` comments included.
SKIPPED_HEADER = "Reftag-Skipped"


def check_format(name: str) -> str:
    if name not in MEDIA_TYPES:
        raise ApiError(400, f"unknown format {name!r}; choose one of {', '.join(FORMATS)}")
    return name


def render(refs: list, fmt: str) -> tuple[str, str, dict]:
    """(body, media type with charset, headers) for the references in format `fmt`: the body
    `reftag` writes on stdout, and in SKIPPED_HEADER what it would say on stderr."""
    skipped = []
    if fmt == "spans":
        body = "".join(json_line({"id": f"ref-{number:04d}", "text": ref.raw,
                                  "spans": token_spans(ref)}) + "\n"
                       for number, ref in enumerate(refs, 1) if ref.tokens)
    else:
        stream = io.StringIO()
        try:
            formats.write(refs, fmt, stream, skipped=skipped.append)
        except formats.FormatError as error:  # its optional library is not installed
            raise ApiError(501, str(error)) from None
        body = stream.getvalue()
    headers = {SKIPPED_HEADER: skipped_header(skipped)} if skipped else {}
    return body, f"{MEDIA_TYPES[fmt]}; charset=utf-8", headers


def skipped_header(skipped: list) -> str:
    """ "1 not_reference, 4 error": each record left out, its number (from 1) and why."""
    return ", ".join(f"{item.number} {item.why}" for item in skipped)
