"""Pre-tag references as AnyStyle-style XML for a person to correct, least confident first.

The corrected file goes straight back into `reftag train`. Input is one reference a line,
or with --find a document whose references are found first.
"""

import sys
from pathlib import Path

from .. import find as find_references
from ..output.formats import to_xml
from ..parse import parse_many
from .io import InputError, read_lines, read_text
from .parse import add_engine_arguments


def configure(parser):
    parser.add_argument("file", help="references, one a line ('-' for standard input)")
    parser.add_argument("-o", "--output", required=True, help="XML file to write")
    parser.add_argument("--find", action="store_true",
                        help="the input is a document: find its references first")
    add_engine_arguments(parser)


def run(args) -> int:
    try:
        if args.find:
            refs = find_references(read_text(args.file), engine=args.engine, model=args.model)
        else:
            texts = (text for text, _ in read_lines(args.file) if text.strip())
            refs = list(parse_many(texts, engine=args.engine, model=args.model))
    except InputError as error:
        print(f"reftag: {error}", file=sys.stderr)
        return 1
    refs = [ref for ref in refs if ref.error is None]
    if not refs:  # an empty XML file would pass for work done
        print(f"reftag: no reference in {args.file} to label", file=sys.stderr)
        return 1
    refs.sort(key=lambda ref: ref.confidence)  # stable: equal confidence keeps input order
    try:
        Path(args.output).write_text(to_xml(refs), encoding="utf-8")
    except OSError as error:
        print(f"reftag: cannot write {args.output}: {error.strerror or error}", file=sys.stderr)
        return 1
    print(f"wrote {len(refs)} references to {args.output}, least confident first", file=sys.stderr)
    return 0
