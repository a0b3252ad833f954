"""Pick Debian's documentation PDFs that hold no reference list, for the non-paper corpus.

    python -m training.corpora.debian_nonpapers [-n 120] [--seed 7] > data/nonpapers/debian.tsv

Walks the PDFs under /usr/share/doc (texlive's *-doc packages: manuals, cheat sheets, tables
of symbols, slides) in a shuffled order and keeps those of at most 2 MB and 80 pages whose
text (poppler's `pdftotext`, a reader independent of reftag) has no line that names a
reference list ("References", "Bibliography", … as tagger.finder.lines.LIST_HEADING knows
them). A manual with a bibliography is no negative, so the choice errs towards leaving a
document out. The 26 documents of data/texdocs that have a list are left out too, and those
of HAS_A_LIST, read by hand: a list with no heading. Prints a
TSV: path under /usr/share/doc, the Debian package that ships it, its pages.
"""

import argparse
import random
import subprocess
import sys
from pathlib import Path

from tagger.finder.lines import LIST_HEADING

DOC = Path("/usr/share/doc")
TEXDOCS = Path(__file__).resolve().parents[2] / "data" / "texdocs" / "docs.tsv"
# Read by hand after a first pick: lists no heading names, so no negatives.
HAS_A_LIST = {"texlive-doc/latex/revquantum/example.pdf": "revtex, two references, no heading",
              "texlive-doc/latex/base/ltx3info.pdf": "a reading list of three books"}
MAX_BYTES = 2_000_000
MAX_PAGES = 80


def texdocs_with_lists() -> set:
    rows = [line.split("\t") for line in TEXDOCS.read_text(encoding="utf-8").splitlines()[1:]]
    return {row[1] for row in rows if int(row[3]) > 0}


def pages(path: Path) -> int | None:
    import pypdfium2

    try:
        document = pypdfium2.PdfDocument(str(path))
    except Exception:  # a PDF pdfium cannot open is no candidate
        return None
    try:
        return len(document)
    finally:
        document.close()


def names_a_list(path: Path) -> bool | None:
    """Does poppler's text of the PDF hold a line naming a reference list? None: unreadable."""
    try:
        done = subprocess.run(["pdftotext", "-q", str(path), "-"], capture_output=True,
                              timeout=60, check=False)
    except subprocess.TimeoutExpired:
        return None
    if done.returncode != 0:
        return None
    text = done.stdout.decode("utf-8", "replace")
    return any(LIST_HEADING.match(line.strip()) for line in text.splitlines())


def package_of(path: Path) -> str:
    done = subprocess.run(["dpkg", "-S", str(path)], capture_output=True, text=True, check=False)
    return done.stdout.split(":", 1)[0].strip() if done.returncode == 0 else "?"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-n", type=int, default=120, help="documents to pick")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    skip = texdocs_with_lists()
    candidates = sorted(DOC.rglob("*.pdf"))
    random.Random(args.seed).shuffle(candidates)
    print("path\tpackage\tpages")
    picked = 0
    for path in candidates:
        relative = str(path.relative_to(DOC))
        if (picked == args.n or relative in skip or relative in HAS_A_LIST
                or path.stat().st_size > MAX_BYTES):
            continue
        count = pages(path)
        if count is None or count > MAX_PAGES or names_a_list(path) is not False:
            continue
        print(f"{relative}\t{package_of(path)}\t{count}", flush=True)
        picked += 1
    if picked < args.n:
        print(f"only {picked} documents qualify", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
