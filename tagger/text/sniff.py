"""Tell text from binary input before anything is parsed, so a PDF or an image is refused with
a clear message instead of coming back as "authors" made of noise.

`sniff(data)` looks at the head of the input (bytes, or text already decoded) and returns what
kind of binary it is ("pdf", "png", "zip", ... or "binary" when only its bytes give it away),
or None for text. Evidence: a known magic number at the start, else the share of NUL and other
control characters and of U+FFFD (bytes that were not UTF-8) in the head. A text file with a
few bad lines stays text: a batch keeps its per-line error records for those.

The words for every input refused or repaired live here too (not text, not UTF-8, empty, too
long, no such file), so that the command line, the library and the HTTP API say one thing in
one way: each message is "NAME: what is wrong", NAME saying which input (a file, "line 3",
"body", "input").
"""

import importlib.util
import re
import warnings

SAMPLE_BYTES = 4096  # the head looked at; a command peeks this much before reading
# Above this share of suspicious characters in the head, the input is not text.
MAX_BAD_SHARE = 0.10

MAGIC = (
    (b"%PDF-", "pdf"),
    (b"\x89PNG\r\n\x1a\n", "png"),
    (b"\xff\xd8\xff", "jpeg"),
    (b"GIF87a", "gif"),
    (b"GIF89a", "gif"),
    (b"II*\x00", "tiff"),
    (b"MM\x00*", "tiff"),
    (b"PK\x03\x04", "zip"),  # also .docx, .xlsx, .odt, .epub
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "ms-office"),  # .doc, .xls of old
    (b"\x1f\x8b", "gzip"),
    (b"\xfd7zXZ\x00", "xz"),
    (b"7z\xbc\xaf\x27\x1c", "7z"),
    (b"\x7fELF", "executable"),
    (b"\xff\xfe", "utf-16"),
    (b"\xfe\xff", "utf-16"),
)
NAMES = {"pdf": "a PDF file", "jpeg": "a JPEG image", "png": "a PNG image", "gif": "a GIF image",
         "tiff": "a TIFF image", "webp": "a WebP image", "zip": "a ZIP archive (or a .docx/.odt document)",
         "ms-office": "an old Microsoft Office document", "gzip": "gzip-compressed data", "xz": "xz-compressed data", "7z": "a 7-Zip archive",
         "executable": "a program", "utf-16": "UTF-16 text (reftag reads UTF-8)",
         "binary": "binary data"}
# NUL and the C0 controls text does not hold (text holds tab, line ends, form feed for a page
# break, escape), DEL, and U+FFFD (a byte that was not UTF-8).
SUSPECT = re.compile("[\x00-\x08\x0e-\x1a\x1c-\x1f\x7f\ufffd]")


def sniff(data) -> str | None:
    """The kind of binary `data` (bytes or str) is, or None when it reads as text."""
    if isinstance(data, (bytes, bytearray, memoryview)):
        head = bytes(data[:SAMPLE_BYTES])
        kind = _magic(head)
        if kind:
            return kind
        text = head.decode("utf-8", errors="replace").rstrip("\ufffd")  # a cut character
    elif isinstance(data, str):
        text = data[:SAMPLE_BYTES].removeprefix("\ufeff")
        kind = _magic(text[:16].encode("latin-1", errors="replace"))
        if kind and kind != "utf-16":  # decoded text cannot carry a byte order mark of UTF-16
            return kind
    else:
        return None
    return "binary" if _bad_share(text) > MAX_BAD_SHARE else None


def _magic(head: bytes) -> str | None:
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "webp"
    for magic, kind in MAGIC:
        if head.startswith(magic):
            return kind
    return None


def _bad_share(text: str) -> float:
    if not text or not SUSPECT.search(text):
        return 0.0
    return len(SUSPECT.findall(text)) / len(text)


def describe(kind: str) -> str:
    return NAMES.get(kind, NAMES["binary"])


def pdf_reader_available() -> bool:
    """Is PDF input (tagger.pdf, the `pdf` extra) installed?"""
    return importlib.util.find_spec("tagger.pdf") is not None


def refusal(kind: str, name: str = "input", command: str = "parse") -> str:
    """The message a refused input gets: what it seems to be, and what to do instead."""
    what = f"{name}: this is {describe(kind)}, not text"
    if kind == "pdf":
        if command == "find" and not pdf_reader_available():
            return f"{what}; PDF input needs the pdf extra: pip install 'reftag[pdf]'"
        if command != "find":
            shown = name if name not in ("input", "standard input") else "FILE.pdf"
            return f"{what}; to read the references in a PDF use: reftag find {shown}"
    if kind == "utf-16":
        return f"{name}: this is UTF-16 text; convert it to UTF-8 first (iconv -f UTF-16 -t UTF-8)"
    if command == "find":
        return f"{what}; reftag find reads plain text (UTF-8) or a PDF"
    return f"{what}; reftag parse reads plain text (UTF-8), one reference a line"


def no_such_file(name) -> str:
    return f"{name}: no such file"


def not_utf8(name: str, at: int) -> str:
    """Bytes that are not UTF-8; `at` is the first bad byte's offset in what NAME names."""
    return f"{name}: invalid UTF-8 at byte {at}"


def empty_input(name: str) -> str:
    """A whole input with nothing in it (a line with nothing in it is an "empty reference")."""
    return f"{name}: empty input, no text in it"


EMPTY_REFERENCE = "empty reference"


def too_long(name: str, limit: int, cut: bool = False, length: int | None = None) -> str:
    """A reference over the length limit: refused, or (`cut`) tagged up to the limit;
    `length` where it is known (a line too long to read whole is not)."""
    said = f"{name}: reference longer than {limit} characters"
    return said + (f" ({length})" if length else "") + (f", cut to {limit}" if cut else "")


def decode_utf8(data: bytes, name: str = "input") -> str:
    """Text read from bytes: invalid UTF-8 replaced (U+FFFD), with a warning naming the first
    bad byte, rather than refused: a document with a stray Latin-1 byte is still read."""
    try:
        text = bytes(data).decode("utf-8")
    except UnicodeDecodeError as error:
        warnings.warn(not_utf8(name, error.start), stacklevel=2)
        text = bytes(data).decode("utf-8", errors="replace")
    return text.removeprefix("\ufeff")


class BinaryInputError(ValueError):
    """The input is not text (a PDF, an image, an archive...)."""

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind
