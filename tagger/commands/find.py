"""Find the references in a document or a pasted list, then parse each one.

The input is any text: a page of a PDF's bibliography, a whole paper, a web page's list.
Page furniture and body text are left out, wrapped references rejoined. Each reference is
printed as `reftag parse` prints it, with its `start`/`end` offsets in the input and
`"partial": true` when the paste cut it off. With --segments the references are printed
unparsed (JSON: raw, start, end, partial). Without --format, a terminal gets the readable
view `reftag parse` shows there, anything else JSON.

Exit status: 0 when every reference parsed, 2 when some came back with an `error`, 1 for a
usage, input or model error.
"""

import json
import sys

from ..finder import find_references, segment
from ..model import ModelError
from . import output
from .io import InputError, read_text
from .parse import add_engine_arguments


def configure(parser):
    parser.add_argument("file", nargs="?", default="-",
                        help="a document or reference list (default or '-': standard input)")
    output.add_output_arguments(parser)
    add_engine_arguments(parser)
    parser.add_argument("--jobs", "-j", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--segments", action="store_true",
                        help="print the references found, unparsed, as JSON")


def run(args) -> int:
    if args.jobs < 1:
        print("reftag: --jobs must be at least 1", file=sys.stderr)
        return 1
    try:
        text = read_text(args.file)
    except InputError as error:
        print(f"reftag: {error}", file=sys.stderr)
        return 1
    if args.segments:
        json.dump([vars(found) for found in segment(text)], sys.stdout, ensure_ascii=False,
                  indent=2)
        sys.stdout.write("\n")
        return 0
    try:
        references = find_references(text, args.engine, args.model, args.jobs)
    except ModelError as error:
        print(f"reftag: {error}", file=sys.stderr)
        return 1
    output.write(references, args, sys.stdout)
    sys.stdout.flush()
    return 2 if any(ref.error is not None for ref in references) else 0
