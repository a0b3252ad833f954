"""reftag: tag the fields of bibliographic references.

    from tagger import parse, find
    ref = parse("Romero J, Yin JQ. Accelerating ... 2022. 1027–1040.")
    ref.fields["year"], ref.to_dict()
"""

import os
from pathlib import Path

from .parse import parse, parse_many
from .reference import Reference

__all__ = ["Reference", "find", "parse", "parse_many"]


def find(document, engine: str = "auto", model=None) -> list[Reference]:
    """Split a document or pasted reference list into references, then parse each.

    `document` is text, or a PDF: its bytes, a path to it (str or Path; needs the `pdf`
    extra). Each Reference also carries its `start`/`end` offsets in the text (for a PDF, in
    the text read from it, tagger.pdf.read_pdf) and `partial` when the paste cut it off; a
    PDF's references carry their `page`. A PDF that cannot be read raises tagger.pdf.PdfError;
    other binary input (an image, an archive) raises tagger.sniff.BinaryInputError (a
    ValueError) with a message saying what it seems to be.
    """
    from .finder import find_references

    pdf = _as_pdf(document)
    if pdf is not None:
        from .pdf import find_pdf

        return find_pdf(pdf, engine=engine, model=model)
    if isinstance(document, (bytes, bytearray)):
        from .sniff import BinaryInputError, refusal, sniff

        kind = sniff(document)
        if kind:  # an image, an archive: not text, and no PDF either
            raise BinaryInputError(kind, refusal(kind, "input", "find"))
        document = bytes(document).decode("utf-8", errors="replace").removeprefix("\ufeff")
    elif isinstance(document, os.PathLike):
        document = Path(document).read_text(encoding="utf-8", errors="replace")
    return find_references(document, engine=engine, model=model)


def _as_pdf(document):
    """The PDF (bytes or a path) that `document` is, or None when it is text."""
    from .pdf import is_pdf

    if isinstance(document, (bytes, bytearray)):
        return bytes(document) if is_pdf(document) else None
    if isinstance(document, str) and ("\n" in document or len(document) > 4096):
        return None  # text, never a file name
    if isinstance(document, (str, os.PathLike)):
        try:
            with open(document, "rb") as handle:
                head = handle.read(1024)
                handle.seek(max(0, handle.seek(0, os.SEEK_END) - 2048))
                tail = handle.read()
        except (OSError, ValueError):
            return None
        return os.fspath(document) if is_pdf(head + tail) else None
    return None
