"""reftag: tag the fields of bibliographic references.

    from tagger import parse, find, find_many
    ref = parse("Romero J, Yin JQ. Accelerating ... 2022. 1027–1040.")
    ref.fields["year"], ref.to_dict()
    for result in find_many(["papers/"], jobs=2): result.file, result.status, result.references
"""

import os

from .crf.model import ModelError
from .parse import looks_like_a_path, parse, parse_many
from .output.reference import Reference

__all__ = ["ModelError", "Reference", "find", "find_many", "parse", "parse_many"]


def find(document, engine: str = "auto", model=None) -> list[Reference]:
    """Split a document or pasted reference list into references, then parse each.

    `document` is the text itself, its bytes, or a file: a Path, or a one-line str that names
    an existing file, which is read (a PDF with its layout, the `pdf` extra; anything else as
    UTF-8 text) without a warning. A one-line str shaped like a file's name ("missing.pdf",
    "./refs", "/data/x.txt": no spaces, a document's extension or a path's start) that names
    no file raises FileNotFoundError ("missing.pdf: no such file"), as a Path does, rather
    than being searched as text and giving []; anything that is not text, bytes or a path
    (None, a number) raises TypeError, and an empty file (or b"") ValueError; text, "" too,
    is searched.
    Bytes that are not UTF-8 are read with U+FFFD in their place and a warning naming the
    first; a reference longer than tagger.parse.MAX_CHARS is cut there with a warning (naming
    the file find() read).

    Each Reference also carries its `start`/`end` offsets in the text (for a PDF, in the text
    read from it, tagger.pdf.read_pdf) and `partial` when the paste cut it off; a PDF's
    references carry their `pdf_page` (`page` is the page range). A document with no reference
    section gives []. A PDF is read in a child process bounded in memory and time
    (tagger.pdf.read_pdf); one that cannot be read, or needs more, raises tagger.pdf.PdfError;
    other binary input (an image, an archive) raises tagger.text.sniff.BinaryInputError (a
    ValueError) saying what it seems to be.
    """
    from .finder import find_references

    if not isinstance(document, (str, bytes, bytearray, os.PathLike)):
        raise TypeError("find() takes a document's text, its bytes or a path to it, not "
                        f"{type(document).__name__}")
    path = _file_named(document)
    name = None if path is None else os.fspath(path)
    if path is not None:
        with open(path, "rb") as handle:
            document = handle.read()
    if isinstance(document, (bytes, bytearray)):  # a PDF, other binary refused, or UTF-8
        from .batch import find_in_bytes

        return find_in_bytes(bytes(document), name, engine, model)
    return find_references(document, engine=engine, model=model, name=name)


def find_many(paths, jobs: int = 1, engine: str = "auto", model=None, **reading):
    """find() over many documents: `paths` a file, a folder (its PDFs and text files,
    recursively) or several, `jobs` worker processes, the models loaded once. Yields one
    tagger.batch.DocumentResult a document (file, status "ok" / "none" / "failed",
    references, message, seconds), lazily, in sorted order; a bad file is its own "failed"
    result, never the end of the run. `reading`: max_pages, time_limit, memory_limit (MB),
    as for a PDF in find()."""
    from .batch import find_many as find_each

    return find_each(paths, jobs, engine, model, **reading)


def _file_named(document):
    """The path `document` names, when it is a Path or a one-line str naming an existing
    file; None for text. A str shaped like a file's name (parse.looks_like_a_path) that names
    no file raises FileNotFoundError (IsADirectoryError for a folder)."""
    if isinstance(document, os.PathLike):
        name = os.fspath(document)
    elif not isinstance(document, str) or len(document) > 4096 or "\n" in document.strip():
        return None
    else:
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
        raise IsADirectoryError(f"{name}: is a folder, not a document")
    if not os.path.exists(name):
        from .text.sniff import no_such_file

        hint = "" if isinstance(document, os.PathLike) else \
            " (find() reads a file it is given by name; to search text, pass the text itself)"
        raise FileNotFoundError(no_such_file(name) + hint)
    return document if isinstance(document, os.PathLike) else name

