"""Convert GROBID's layout corpora (shared/data/grobid-layout) into data/layout/.

    python -m training.corpora.convert_layout [--source /work/shared/data/grobid-layout]

Writes two JSON-lines files, one document a line:

- `segmentation.jsonl.gz`: {"id", "group", "lines": [...], "zones": [[zone, count], ...]}, the
  zones run-length coded over the lines ("listBibl" is the reference section);
- `references.jsonl`: {"id", "group", "lines": [...], "marks": "BIIBIO…"}, one mark a line:
  B begins a reference, I goes on with it, O is in none (a heading, a footnote). A line of
  nothing but a reference's links ("CrossRef Medline", as journals' web PDFs set them under
  it) is O, where GROBID's gold counts it the reference's: they are buttons, not the
  reference's text, and `find` drops them as furniture (tagger.finder.lines.LINK_LINE).

`group` names the document's source by its file name (biorxiv, arxiv, plos, nature, …), for
scores per source group.
"""

import argparse
import gzip
import itertools
import json
import re
import sys
from pathlib import Path

from tagger.corpora.layout_tei import read_reference_section, read_segmentation
from tagger.finder.lines import LINK_LINE

ROOT = Path(__file__).resolve().parents[2]
SOURCE = Path("/work/shared/data/grobid-layout")

GROUPS = (
    ("biorxiv", r"^(?:\d+-)?\d{6}v\d|^10\.1101_|^20\d\d\.\d\d\.\d\d\.\d+"),
    ("citeseer", r"10\.1\.1\."),
    ("plos", r"journal\.p"),
    ("nature", r"^10\.1038_"),
    ("springer-bmc", r"10\.1007|^10\.1186_|s\d{5}-|_Article_|^1471-|^1751-|^1468-"),
    ("elsevier", r"^1-s2\.0-|^S\d{4}"),
    ("iop-aps", r"^09\d\d-\d{4}_|PhyRev|_Ap?J_|^10\.1088_"),
    ("arxiv", r"^(?:\d+[-._]+)?\d{4}[._]\d{4,5}|^\d{4}_\d{4}$|^\d{7}$|arxiv"),
    ("pubmed", r"PMID|^nihms|^\d{8}$|PMC"),
    ("acl", r"^[A-Z]\d\d-\d{4}"),
)


def group_of(name: str) -> str:
    for group, pattern in GROUPS:
        if re.search(pattern, name, re.IGNORECASE):
            return group
    return "other"


def document_id(path: Path) -> str:
    return path.name.split(".training.")[0]


def convert(source: Path, target: Path) -> dict:
    target.mkdir(parents=True, exist_ok=True)
    counts = {}
    with gzip.open(target / "segmentation.jsonl.gz", "wt", encoding="utf-8", compresslevel=9) as out:
        paths = sorted((source / "segmentation").glob("*.tei.xml"))
        for path in paths:
            pairs = read_segmentation(path)
            zones = [[zone, len(list(run))] for zone, run in itertools.groupby(z for z, _ in pairs)]
            name = document_id(path)
            record = {"id": name, "group": group_of(name), "lines": [t for _, t in pairs], "zones": zones}
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
        counts["segmentation"] = len(paths)
    with open(target / "references.jsonl", "w", encoding="utf-8") as out:
        paths = sorted((source / "reference-segmenter").glob("*.tei.xml"))
        for path in paths:
            pairs = [("O" if mark == "I" and LINK_LINE.match(text.strip()) else mark, text)
                     for mark, text in read_reference_section(path)]
            name = document_id(path)
            record = {"id": name, "group": group_of(name), "lines": [t for _, t in pairs],
                      "marks": "".join(m for m, _ in pairs)}
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
        counts["references"] = len(paths)
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", default=str(SOURCE))
    parser.add_argument("-o", "--output", default=str(ROOT / "data" / "layout"))
    args = parser.parse_args()
    print(json.dumps(convert(Path(args.source), Path(args.output))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
