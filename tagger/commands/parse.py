"""Parse references, one a line, and print their fields.

Every input line gets exactly one output record (a BibTeX entry pasted over several lines is
one reference, one record: text/bibtex.entry_lines), in input order, whatever happens inside: a
blank line, junk, or bytes that are not UTF-8 come back as a record with an `error` key (the
invalid bytes replaced by U+FFFD), and the batch carries on. A line longer than MAX_CHARS
(20,000) characters is cut there, with a warning naming the file and the line. An input
with no line at all (an empty file) is an input error: parsing nothing is no success.

With --engine auto and a model that cannot load (missing, damaged, built for other features)
one warning goes to stderr and the rule tagger answers every reference; with --engine crf
that is an error. --jobs N spreads the work over N processes; the output is the same as with
one. When stderr is a terminal and stdout is not, a progress bar (tqdm) is drawn on stderr:
with a percentage and the time left when the input is a file (its lines counted first), none
for a file of fewer than TINY lines, and from the TINY-th reference on for a pipe (a few lines
are done before a bar is worth drawing); --quiet leaves it out.

Without --format the output goes by where it goes: a terminal gets a readable view (one
block per reference, a field a line, coloured, unsure fields marked), a pipe or a file the
JSON array of the output contract, exactly as with --format json.

Exit status:
  0  every reference parsed
  2  some records came back with an `error` (they are still in the output, in place)
  1  usage, input or model error, or an empty input (nothing, or an incomplete output, was
     written)
"""

import os
import stat
import sys
import warnings

from ..output import formats
from ..crf.model import ModelError
from ..parse import ENGINES, MAX_CHARS, parse_many, resolve_engine
from ..text.bibtex import entry_lines
from ..text.sniff import BinaryInputError, too_long
from . import output
from .io import InputError, open_binary, read_lines, refuse_binary

FORMATS = formats.FORMATS
TINY = 20  # lines: a file this short is parsed before a bar is worth drawing
COUNTED_BYTES = 256 << 20  # a file up to this size has its lines counted for the bar's total


def add_engine_arguments(parser):
    parser.add_argument("--engine", choices=ENGINES, default="auto",
                        help="crf, rules, or auto: the CRF with the rules as fallback (default)")
    parser.add_argument("--model", help="a CRFsuite model with its .json manifest "
                                        "(default: the shipped model)")


def configure(parser):
    parser.add_argument("file", nargs="?", default="-", help="input file, one reference a line, "
                        "a BibTeX entry over as many as it takes (default or '-': standard input)")
    output.add_output_arguments(parser)
    add_engine_arguments(parser)
    parser.add_argument("--jobs", "-j", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--quiet", "-q", action="store_true",
                        help="no progress bar on a terminal")


def run(args) -> int:
    if args.jobs < 1:
        print("reftag: --jobs must be at least 1", file=sys.stderr)
        return 1
    try:
        stream = open_binary(args.file)  # a missing file is reported before any output
        try:
            refuse_binary(stream, "parse")  # a PDF or an image is not references
        except (OSError, BinaryInputError):
            if stream is not sys.stdin.buffer:
                stream.close()
            raise
        engine = resolve_engine(args.engine, args.model)
    except OSError as error:
        print(f"reftag: {args.file}: {error.strerror or error}", file=sys.stderr)
        return 1
    except (InputError, BinaryInputError, ModelError) as error:
        print(f"reftag: {error}", file=sys.stderr)
        return 1
    problems = {}
    name = "standard input" if stream is sys.stdin.buffer else args.file

    def texts():
        # one reference a line, but a BibTeX entry pasted over several lines is one
        for number, (text, problem, line) in enumerate(entry_lines(read_lines(stream)), 1):
            if problem:
                problems[number] = problem
            if len(text) > MAX_CHARS:
                warnings.warn(too_long(f"{name}, line {line}", MAX_CHARS, cut=True))
                text = text[:MAX_CHARS]
            yield text

    failed = 0

    def references():
        nonlocal failed
        # Someone typing references gets each back at once, not after 256 of them.
        chunk_size = 1 if stream.isatty() else 256
        parsed = parse_many(texts(), engine, args.model, args.jobs, chunk_size=chunk_size)
        # On a terminal only (disable=None), and not over records printed on that terminal.
        quiet = args.quiet or output.is_terminal(sys.stdout) or not sys.stderr.isatty()
        shown = parsed if quiet else progress(parsed, line_total(stream))
        for number, ref in enumerate(shown, 1):
            problem = problems.pop(number, None)
            if problem and ref.error is None:
                ref.error = problem
            failed += ref.error is not None
            yield ref

    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(encoding="utf-8")  # JSON is UTF-8, whatever the locale says
    try:
        output.write(references(), args, sys.stdout)
    except (InputError, ModelError, formats.FormatError) as error:
        print(f"reftag: {error}", file=sys.stderr)
        return 1
    sys.stdout.flush()
    return 2 if failed else 0


def progress(references, total: int | None):
    """`references` with a tqdm bar on stderr, when it is a terminal (disable=None): at once
    over a file of `total` lines (none under TINY); over a pipe (total None) from the TINY-th
    reference on, so a few lines piped to `head` get no bar drawn over their output."""
    from tqdm import tqdm  # here, not at the top: `reftag --help` loads every command

    if total is not None and total < TINY:
        yield from references
        return
    bar = None
    try:
        for number, reference in enumerate(references, 1):
            if bar is None and (total is not None or number >= TINY):
                bar = tqdm(desc="reftag parse", unit=" refs", file=sys.stderr, total=total,
                           initial=number - 1, disable=None)
            if bar is not None:
                bar.update()
            yield reference
    finally:  # also when the reader stops early (a closed pipe)
        if bar is not None:
            bar.close()


def line_total(stream, most=COUNTED_BYTES) -> int | None:
    """The lines left in `stream` when it is a regular file of at most `most` bytes (read once
    and rewound: a bar's percentage and time left are worth that), else None."""
    try:
        if not stat.S_ISREG(os.fstat(stream.fileno()).st_mode):
            return None
        start = stream.tell()
        if os.fstat(stream.fileno()).st_size - start > most:
            return None
        lines, last = 0, b"\n"
        while block := stream.read(1 << 20):
            lines += block.count(b"\n")
            last = block[-1:]
        stream.seek(start)
    except (OSError, ValueError):
        return None
    return lines + (last != b"\n")
