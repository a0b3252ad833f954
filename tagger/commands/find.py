"""Find the references in a document or a pasted list, then parse each one.

The input is any text: a page of a PDF's bibliography, a whole paper, a web page's list.
Page furniture and body text are left out, wrapped references rejoined. Each reference is
printed as `reftag parse` prints it, with its `start`/`end` offsets in the input and
`"partial": true` when the paste cut it off. A PDF (known by its content, `%PDF-`) is read
with its layout (tagger.pdf, the `pdf` extra); its references also carry their `pdf_page`. It is
read in a child process that may use --memory-limit MB and is stopped at twice --time-limit
(plus 5 s), so that no file takes the command down: past either, one line says so, exit 1.
With --segments the references are printed unparsed (JSON: raw, start, end, partial);
--dropped adds every other line with text in it, with why it was left out (page number,
running head, footnote, separator, body text, heading): {"segments": [...], "dropped": [...]}.
With --format jsonl the segments come one object a line (then, with --dropped, the lines left
out, each with its `reason`); the bibliographic formats do not apply to unparsed text.
Other binary input (an image, an archive) is refused with exit status 1.
Without --format, a terminal gets the readable view `reftag parse` shows there, anything
else JSON.

Several paths, or a folder (its PDFs and text files, recursively), are found one document at a
time in this one process, --jobs N documents at once: -o OUTDIR writes one output a document and
OUTDIR/manifest.jsonl, --resume goes on where a run stopped, and without -o each reference is
a JSON line naming its "file". Exit status then: 0 every document gave references, 2 some gave
none or failed (a summary on stderr names them), 1 a usage error.

Exit status:
  0  references found, every one parsed
  2  some came back with an `error` (they are still in the output, in place)
  1  no reference section found (said on stderr; the output, an empty list, is still
     written), or a usage, input or model error
"""

import json
import sys

from ..finder import find_references, find_segments
from ..text.sniff import BinaryInputError, empty_input, refusal, sniff
from ..crf.model import ModelError
from ..pdf import (MAX_PAGES, MEMORY_LIMIT, TIME_LIMIT, PdfError, find_pdf, is_pdf, read_pdf,
                   segmentation)
from . import folder, output
from .io import InputError, decode_text, read_bytes
from .parse import add_engine_arguments


def configure(parser):
    parser.add_argument("file", nargs="*", default=["-"], metavar="PATH",
                        help="a document or reference list (default or '-': standard input); "
                             "several, or a folder: each document found alone (see below)")
    output.add_output_arguments(parser)
    add_engine_arguments(parser)
    parser.add_argument("--jobs", "-j", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--segments", action="store_true",
                        help="print the references found, unparsed, as JSON")
    parser.add_argument("--dropped", action="store_true",
                        help="with --segments: also the lines left out, each with its reason")
    parser.add_argument("--max-pages", type=int, default=MAX_PAGES,
                        help=f"a PDF's pages read at most (default {MAX_PAGES})")
    parser.add_argument("--time-limit", type=float, default=TIME_LIMIT,
                        help=f"seconds spent reading a PDF at most (default {TIME_LIMIT:g}; "
                             "the reader is stopped at twice that)")
    parser.add_argument("--memory-limit", type=int, default=MEMORY_LIMIT, metavar="MB",
                        help="megabytes the PDF reader (a child process) may use at most "
                             f"(default {MEMORY_LIMIT:,})")
    folder.add_arguments(parser)


def run(args) -> int:
    if args.jobs < 1:
        print("reftag: --jobs must be at least 1", file=sys.stderr)
        return 1
    if args.max_pages < 1 or args.time_limit <= 0 or args.memory_limit < 1:
        print("reftag: --max-pages, --time-limit and --memory-limit must be positive",
              file=sys.stderr)
        return 1
    if folder.wanted(args):
        return folder.run(args)
    args.file = args.file[0]
    try:
        data = read_bytes(args.file)
    except InputError as error:
        print(f"reftag: {error}", file=sys.stderr)
        return 1
    name = "standard input" if args.file == "-" else args.file
    if not data:
        return _segments(None, args, name) if args.segments else _write([], args, name, True)
    if is_pdf(data):
        return _find_in_pdf(data, args, name)
    if kind := sniff(data):
        print(f"reftag: {refusal(kind, name, 'find')}", file=sys.stderr)
        return 1
    text = decode_text(data, name)
    if args.segments:
        return _segments(find_segments(text), args, name)
    try:
        references = find_references(text, args.engine, args.model, args.jobs, name=name)
    except (ModelError, BinaryInputError) as error:
        print(f"reftag: {error}", file=sys.stderr)
        return 1
    return _write(references, args, name)


def _find_in_pdf(data: bytes, args, name: str) -> int:
    """A PDF read with its layout: find_pdf (what tagger.find and `reftag evaluate FOLDER`
    run), or with --segments the finder's segments of its text."""
    warnings = []
    try:  # always in a child process: the file may be anyone's (tagger.pdf.isolated)
        if args.segments:
            layout = read_pdf(data, args.max_pages, args.time_limit,
                              memory_limit=args.memory_limit)
            warnings = layout.warnings
        else:
            references = find_pdf(data, args.engine, args.model, args.jobs, args.max_pages,
                                  args.time_limit, warnings=warnings, name=name,
                                  memory_limit=args.memory_limit)
    except PdfError as error:
        print(f"reftag: {args.file}: {error}", file=sys.stderr)
        return 1
    except (ModelError, BinaryInputError) as error:
        print(f"reftag: {error}", file=sys.stderr)
        return 1
    finally:
        for warning in warnings:
            print(f"reftag: warning: {args.file}: {warning}", file=sys.stderr)
    if args.segments:
        return _segments(segmentation(layout), args, name, layout)
    return _write(references, args, name)


SEGMENT_FORMATS = ("json", "jsonl")


def _segments(found, args, name: str, layout=None) -> int:
    """--segments: the references unparsed (JSON, or JSON Lines), with --dropped the lines
    left out; `found` None for an empty file."""
    if args.format not in (None, output.TEXT) + SEGMENT_FORMATS:
        print(f"reftag: --segments writes json or jsonl, not {args.format}", file=sys.stderr)
        return 1
    if found is None:
        if args.format != "jsonl":  # (JSON Lines of nothing is no line)
            json.dump({"segments": [], "dropped": []} if args.dropped else [], sys.stdout)
            sys.stdout.write("\n")
        return _none_found(name, empty=True)
    segments = [vars(item) for item in found.segments]
    for item in segments if layout else ():
        item["pdf_page"] = layout.page_at(item["start"])
    dropped = [vars(item) for item in found.dropped] if args.dropped else []
    if args.format == "jsonl":
        for item in segments + dropped:
            sys.stdout.write(json.dumps(item, ensure_ascii=False) + "\n")
    else:
        json.dump({"segments": segments, "dropped": dropped} if args.dropped else segments,
                  sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
    return 0 if found.segments else _none_found(name)


def _write(references, args, name: str, empty: bool = False) -> int:
    output.write(references, args, sys.stdout)
    sys.stdout.flush()
    if not references:
        return _none_found(name, empty)
    return 2 if any(ref.error is not None for ref in references) else 0


def _none_found(name: str, empty: bool = False) -> int:
    """DESIGN.md: a document that yields no references exits 1 and says so (and why, when
    the file is empty)."""
    why = empty_input(name) if empty else f"no reference section found in {name}"
    print(f"reftag: {why}", file=sys.stderr)
    return 1
