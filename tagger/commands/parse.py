"""Parse references, one a line, and print their fields.

Every input line gets exactly one output record, in input order, whatever happens inside: a
blank line, junk, or bytes that are not UTF-8 come back as a record with an `error` key (the
invalid bytes replaced by U+FFFD), and the batch carries on. A line longer than MAX_CHARS
(20,000) characters is cut there, with a warning naming the line.

With --engine auto and a model that cannot load (missing, damaged, built for other features)
one warning goes to stderr and the rule tagger answers every reference; with --engine crf
that is an error. --jobs N spreads the work over N processes; the output is the same as with
one. On a terminal a progress line is drawn on stderr.

Exit status:
  0  every reference parsed
  2  some records came back with an `error` (they are still in the output, in place)
  1  usage, input or model error (nothing, or an incomplete output, was written)
"""

import sys
import warnings

from .. import formats
from ..model import ModelError
from ..parse import ENGINES, MAX_CHARS, parse_many, resolve_engine
from ..progress import progress
from .io import InputError, open_binary, read_lines

FORMATS = formats.FORMATS


def add_engine_arguments(parser):
    parser.add_argument("--engine", choices=ENGINES, default="auto",
                        help="crf, rules, or auto: the CRF with the rules as fallback (default)")
    parser.add_argument("--model", help="a CRFsuite model with its .json manifest "
                                        "(default: the shipped model)")


def configure(parser):
    parser.add_argument("file", nargs="?", default="-", help="input file, one reference a line "
                                                              "(default or '-': standard input)")
    parser.add_argument("--format", "-f", choices=FORMATS, default="json")
    add_engine_arguments(parser)
    parser.add_argument("--jobs", "-j", type=int, default=1, help="worker processes (default 1)")


def run(args) -> int:
    if args.jobs < 1:
        print("reftag: --jobs must be at least 1", file=sys.stderr)
        return 1
    try:
        stream = open_binary(args.file)  # a missing file is reported before any output
        engine = resolve_engine(args.engine, args.model)
    except (InputError, ModelError) as error:
        print(f"reftag: {error}", file=sys.stderr)
        return 1
    problems = {}

    def texts():
        for number, (text, problem) in enumerate(read_lines(stream), 1):
            if problem:
                problems[number] = problem
            if len(text) > MAX_CHARS:
                warnings.warn(f"line {number}: reference longer than {MAX_CHARS} characters, "
                              "cut there")
                text = text[:MAX_CHARS]
            yield text

    failed = 0

    def references():
        nonlocal failed
        parsed = parse_many(texts(), engine, args.model, args.jobs)
        for number, ref in enumerate(progress(parsed, label="reftag parse"), 1):
            problem = problems.pop(number, None)
            if problem and ref.error is None:
                ref.error = problem
            failed += ref.error is not None
            yield ref

    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(encoding="utf-8")  # JSON is UTF-8, whatever the locale says
    try:
        formats.write(references(), args.format, sys.stdout)
    except (InputError, ModelError, formats.FormatError) as error:
        print(f"reftag: {error}", file=sys.stderr)
        return 1
    sys.stdout.flush()
    return 2 if failed else 0
