"""reftag: tag the fields of bibliographic references.

    from tagger import parse, find
    ref = parse("Romero J, Yin JQ. Accelerating ... 2022. 1027–1040.")
    ref.fields["year"], ref.to_dict()
"""

import os

from .crf.model import ModelError
from .parse import looks_like_a_path, parse, parse_many
from .output.reference import Reference

__all__ = ["ModelError", "Reference", "find", "parse", "parse_many"]


def find(document, engine: str = "auto", model=None) -> list[Reference]:
    """Split a document or pasted reference list into references, then parse each.

    `document` is the text itself, its bytes, or a file: a Path, or a one-line str that names
    an existing file, which is read (a PDF with its layout, the `pdf` extra; anything else as
    UTF-8 text) without a warning. A one-line str shaped like a file's name ("missing.pdf",
    "./refs", "/data/x.txt": no spaces, a document's extension or a path's start) that names
    no file raises FileNotFoundError, rather than being searched as text and giving [];
    anything that is not text, bytes or a path (None, a number) raises TypeError.

    Each Reference also carries its `start`/`end` offsets in the text (for a PDF, in the text
    read from it, tagger.pdf.read_pdf) and `partial` when the paste cut it off; a PDF's
    references carry their `page`. A document with no reference section gives []. A PDF is
    read in a child process bounded in memory and time (tagger.pdf.read_pdf); one that
    cannot be read, or needs more, raises tagger.pdf.PdfError; other binary input (an
    image, an archive) raises tagger.text.sniff.BinaryInputError (a ValueError) saying what
    it seems to be.
    """
    from .finder import find_references

    if not isinstance(document, (str, bytes, bytearray, os.PathLike)):
        raise TypeError("find() takes a document's text, its bytes or a path to it, not "
                        f"{type(document).__name__}")
    path = _file_named(document)
    if path is not None:
        with open(path, "rb") as handle:
            document = handle.read()
    pdf = _as_pdf(document)
    if pdf is not None:
        from .pdf import find_pdf

        return find_pdf(pdf, engine=engine, model=model)
    if isinstance(document, (bytes, bytearray)):
        from .text.sniff import BinaryInputError, refusal, sniff

        kind = sniff(document)
        if kind:  # an image, an archive: not text, and no PDF either
            raise BinaryInputError(kind, refusal(kind, "input", "find"))
        document = bytes(document).decode("utf-8", errors="replace").removeprefix("\ufeff")
    return find_references(document, engine=engine, model=model)


def _file_named(document):
    """The path `document` names, when it is a Path or a one-line str naming an existing
    file; None for text. A str shaped like a file's name (parse.looks_like_a_path) that names
    no file raises FileNotFoundError (IsADirectoryError for a folder)."""
    if isinstance(document, os.PathLike):
        if not os.path.exists(document):
            raise FileNotFoundError(f"{os.fspath(document)}: no such file")
        return document
    if not isinstance(document, str) or len(document) > 4096 or "\n" in document.strip():
        return None
    name = document.strip()
    try:
        name = os.path.expanduser(name)
    except ValueError:  # "~" before a name no user can have (a NUL in it)
        pass
    if name and os.path.isfile(name):
        return name
    if not looks_like_a_path(document):
        return None
    if os.path.isdir(name):
        raise IsADirectoryError(f"{name!r} is a folder, not a document")
    raise FileNotFoundError(f"{name}: no such file (find() reads a file it is given by "
                            "name; to search text, pass the text itself)")


def _as_pdf(document):
    """The PDF bytes that `document` is, or None when it is text."""
    from .pdf import is_pdf

    if isinstance(document, (bytes, bytearray)):
        return bytes(document) if is_pdf(document) else None
    return None
