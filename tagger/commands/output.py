"""Where `parse` and `find` send their records: the readable view for a person at a terminal,
the output contract's JSON for everything else.

Without --format, standard output decides: a terminal gets the view (tagger.output.view), a pipe or a
file gets JSON, byte for byte what `--format json` writes. Colour follows --color: `auto`
colours the view on a terminal unless NO_COLOR is set (https://no-color.org) or TERM is
"dumb"; `always` and `never` say so whatever the environment says.

The bibliographic formats (csl, bibtex, ris) write no entry for a record that failed or is not
a reference (tagger.output.formats); each such record is named on stderr, "reftag: bibtex:
record 3 is not a reference; no entry written: …", its number its place in the output (for
`reftag parse`, its line).
"""

import os
import sys

from ..output import formats, view

TEXT = "text"  # the readable view; a choice of the command line, not a file format
COLOR_CHOICES = ("auto", "always", "never")


def add_output_arguments(parser) -> None:
    parser.add_argument(
        "--format", "-f", choices=formats.FORMATS + (TEXT,), default=None,
        help="default: text (the readable view) on a terminal, json otherwise; text marks "
             f"with '?' a field one of whose words has a probability under "
             f"{view.LOW_CONFIDENCE} ({view.RULES_LOW_CONFIDENCE} where the rule tagger "
             "answered); csl, bibtex and ris write no entry for a record that failed or is "
             "not a reference, and name it on stderr")
    parser.add_argument("--color", choices=COLOR_CHOICES, default="auto",
                        help="colour the text view: auto (on a terminal, unless NO_COLOR is "
                             "set), always, never")


def chosen_format(args, stream) -> str:
    return args.format or (TEXT if is_terminal(stream) else "json")


def style(args, stream, environ=None) -> view.Style:
    environ = os.environ if environ is None else environ
    if args.color == "always":
        color = True
    elif args.color == "never":
        color = False
    else:
        color = (is_terminal(stream) and not environ.get("NO_COLOR")
                 and environ.get("TERM") != "dumb")
    truecolor = environ.get("COLORTERM", "").lower() in ("truecolor", "24bit")
    return view.Style(color=color, truecolor=truecolor, width=_columns(stream, environ))


def _columns(stream, environ) -> int | None:
    """The width the view wraps its values in: COLUMNS when set, else the terminal's; None
    (no wrapping) for a file, or a terminal whose size cannot be read."""
    if environ.get("COLUMNS", "").isdigit():
        return int(environ["COLUMNS"])
    if is_terminal(stream):
        try:
            return os.get_terminal_size(stream.fileno()).columns
        except (AttributeError, OSError, ValueError):
            return None
    return None


def write(refs, args, stream) -> None:
    """The references in the format asked for, or chosen by where `stream` goes. A record
    that a bibliographic format leaves out (failed, no reference) is named on stderr."""
    fmt = chosen_format(args, stream)
    if fmt == TEXT:
        view.write(refs, stream, style(args, stream))
    else:
        formats.write(refs, fmt, stream, skipped=lambda item: print(
            f"reftag: {fmt}: {view.printable(item)}", file=sys.stderr))


def is_terminal(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # no isatty, or closed
        return False
