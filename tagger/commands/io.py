"""Input helpers shared by the commands: read references a line at a time, never crash on bytes.

Every way a file can fail to be read (missing, a directory, no permission, a read error half
way) becomes an `InputError` with a message for the user. Bytes that are not UTF-8 do not: the
line is decoded with U+FFFD in their place and the problem is reported beside it, so the
record still gets its place in the output.
"""

import codecs
import os
import sys
from contextlib import contextmanager

from ..parse import MAX_CHARS
from ..text.sniff import (SAMPLE_BYTES, BinaryInputError, decode_utf8, empty_input,
                          no_such_file, not_utf8, refusal, sniff)

# A line is read at most this many bytes at a time, enough for MAX_CHARS characters of any
# script; the rest of a longer line is skipped unread into memory, so one giant line (a PDF
# dump without newlines) cannot exhaust memory before parse() would cut it anyway.
MAX_LINE_BYTES = 4 * MAX_CHARS


class InputError(Exception):
    """The input cannot be read at all (missing, a directory, unreadable)."""


def open_binary(path: str):
    """`path` ('-' for standard input) opened for reading bytes, or InputError."""
    if path == "-":
        return sys.stdin.buffer
    try:
        return open(path, "rb")
    except IsADirectoryError:
        raise InputError(f"{path}: is a directory") from None
    except FileNotFoundError:
        raise InputError(no_such_file(path)) from None
    except PermissionError:
        raise InputError(f"{path}: permission denied") from None
    except OSError as error:
        raise InputError(f"{path}: {error.strerror or error}") from None


def file_problem(path) -> str | None:
    """What keeps `path` from being read as a file, said as open_binary says it; None when
    nothing does. For a command to check its files before it starts any work."""
    if not os.path.exists(path):
        return no_such_file(path)
    if os.path.isdir(path):
        return f"{path}: is a directory"
    return None


def refuse_binary(stream, command: str = "parse") -> None:
    """Raise BinaryInputError when the stream's head is not text; the stream is left at its
    start. A stream that can neither peek nor seek (rare) is not looked at."""
    if hasattr(stream, "peek"):
        head = stream.peek(SAMPLE_BYTES)
    elif stream.seekable():
        position = stream.tell()
        head = stream.read(SAMPLE_BYTES)
        stream.seek(position)
    else:
        return
    kind = sniff(head)
    if kind:
        raise BinaryInputError(kind, refusal(kind, _name(stream), command))


def _name(stream) -> str:
    name = getattr(stream, "name", "input")
    return "standard input" if stream is sys.stdin.buffer or not isinstance(name, str) else name


@contextmanager
def _reading(source):
    """The open stream of `source` (a path, '-', or a binary stream already open); a read
    error becomes InputError, and the stream is closed after unless it is standard input."""
    stream = open_binary(source) if isinstance(source, str) else source
    try:
        yield stream
    except OSError as error:
        raise InputError(f"{_name(stream)}: {error.strerror or error}") from None
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()


def read_bytes(source) -> bytes:
    """A whole input as bytes. `source` is a path ('-' for standard input) or a binary stream
    already open. An empty input is an InputError: no command has anything to do with
    nothing, and an empty answer would pass for one."""
    return _read_whole(source)[0]


def decode_text(data: bytes, name: str = "input") -> str:
    """A document's text, invalid UTF-8 replaced (U+FFFD) rather than refused, with a warning
    that names `name` and the first bad byte."""
    return decode_utf8(data, name)


def read_text(source) -> str:
    """A whole document as read_bytes reads it, decoded as decode_text does."""
    return decode_text(*_read_whole(source))


def _read_whole(source) -> tuple[bytes, str]:
    with _reading(source) as stream:
        data, name = stream.read(), _name(stream)
    if not data:
        raise InputError(empty_input(name))
    return data, name


def read_lines(source):
    """Yield (text, problem) per input line; problem says why a line is not clean UTF-8.

    `source` is a path ('-' for standard input) or a binary stream already open (open it
    first with open_binary to report a missing file before any output is written). Lines
    longer than MAX_LINE_BYTES are cut there. An input without a single line (empty) ends
    in InputError: reading nothing is no success.
    """
    with _reading(source) as stream:
        number = 0
        for number, (line, cut) in enumerate(_raw_lines(stream), 1):
            if number == 1:
                line = line.removeprefix(codecs.BOM_UTF8)
            yield _decode(line.rstrip(b"\r\n"), number, cut)
        if not number:
            raise InputError(empty_input(_name(stream)))


def _raw_lines(stream):
    """(bytes, cut) per line, never holding more than MAX_LINE_BYTES of one line."""
    while line := stream.readline(MAX_LINE_BYTES):
        cut = len(line) == MAX_LINE_BYTES and not line.endswith(b"\n")
        if cut:  # skip to the end of the line
            while (rest := stream.readline(MAX_LINE_BYTES)) and not rest.endswith(b"\n"):
                pass
        yield line, cut


def _decode(line: bytes, number: int, cut: bool):
    try:
        return line.decode("utf-8"), None
    except UnicodeDecodeError as error:
        if cut and error.reason == "unexpected end of data":  # the cut split a character
            return _decode(line[:error.start], number, cut=False)
        text = line.decode("utf-8", errors="replace")
        return text, not_utf8(f"line {number}", error.start)
