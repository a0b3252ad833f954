"""Two corpora, papers and documents that are not, and how often the PDF path finds references.

    python -m training.corpora.paper_corpora build CACHE       # 397 PDFs into CACHE (one to two minutes)
    python -m training.corpora.paper_corpora measure CACHE [--json] [--show 5]

`build` makes CACHE/nonpapers and CACHE/papers, each with a gold.jsonl (one record per
printed reference, {"doc", "n", "raw"}; none for a non-paper):

- non-papers: the Debian documentation PDFs of data/nonpapers/debian.tsv (symlinked; picked
  by training.corpora.debian_nonpapers), and SEEDS documents of each kind of training.corpora.nonpapers
  (forms, invoices, tax returns, shipping papers, lists of figures, tables, letters, a
  drawing, CVs, programmes, procedures, garbled pages, slides, lecture notes, problem sheets);
- papers: the real PDFs of ../shared/data/real-pdf-dev and real-pdf-dev-2 with their gold,
  the typeset fixtures of tests/fixtures/pdf, and PAPERS papers of training.corpora.typeset_papers.

`measure` runs the PDF path's segmentation (tagger.pdf.segment_pdf: what `reftag find` parses)
on each and prints: the share of non-papers that give any reference (the goal: at most 5%),
and on papers the references found, matched to gold as `reftag evaluate` matches them
(tagger.evaluate.pdf_folder.match), per group.
"""

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "data"
DEBIAN = ROOT / "data" / "nonpapers" / "debian.tsv"
FIXTURES = ROOT / "tests" / "fixtures" / "pdf"
SEEDS = 7  # documents of each generated non-paper kind
PAPERS = 132  # LaTeX-typeset papers, the classes in turn


def build(cache: Path, seeds: int = SEEDS, papers: int = PAPERS) -> None:
    from training.corpora import nonpapers, typeset_papers

    negatives, positives = cache / "nonpapers", cache / "papers"
    negatives.mkdir(parents=True, exist_ok=True)
    positives.mkdir(parents=True, exist_ok=True)
    for row in DEBIAN.read_text(encoding="utf-8").splitlines()[1:]:
        path = Path("/usr/share/doc") / row.split("\t")[0]
        if not path.exists():
            print(f"warning: {path} is missing (install its package)", file=sys.stderr)
            continue
        link = negatives / ("debian--" + row.split("\t")[0].replace("/", "--"))
        if not link.exists():
            link.symlink_to(path)
    for kind in nonpapers.kinds():
        for seed in range(seeds):
            target = negatives / f"made--{kind}-{seed}.pdf"
            if not target.exists():
                target.write_bytes(nonpapers.make(kind, seed))
    gold = []
    for folder in ("real-pdf-dev", "real-pdf-dev-2"):
        for line in (SHARED / folder / "gold.jsonl").read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            gold.append({"doc": f"{folder}--{record['doc']}", "n": record["n"],
                         "raw": record["raw"]})
        for pdf in sorted((SHARED / folder).glob("*.pdf")):
            link = positives / f"{folder}--{pdf.name}"
            if not link.exists():
                link.symlink_to(pdf)
    for pdf in sorted(FIXTURES.glob("*.pdf")):
        name = f"fixture--{pdf.name}"
        if not (positives / name).exists():
            (positives / name).symlink_to(pdf)
        listed = json.loads(pdf.with_suffix(".json").read_text(encoding="utf-8"))
        gold += [{"doc": name, "n": n, "raw": item["text"]} for n, item in enumerate(listed, 1)]
    for index in range(papers):
        source, listed = typeset_papers.make(index)
        kind = typeset_papers.kinds()[index % len(typeset_papers.kinds())]
        name = f"latex--{index:03d}-{kind}.pdf"
        if not (positives / name).exists():
            try:
                (positives / name).write_bytes(nonpapers.typeset(source, runs=2))
            except RuntimeError as error:
                print(f"warning: {name}: {error}", file=sys.stderr)
                continue
        gold += [{"doc": name, "n": n, "raw": text} for n, text in enumerate(listed, 1)]
    with open(positives / "gold.jsonl", "w", encoding="utf-8") as out:
        for record in gold:
            out.write(json.dumps(record, ensure_ascii=False) + "\n")


def group(name: str) -> str:
    return name.split("--", 1)[0] if "--" in name else "other"


def measure(cache: Path) -> dict:
    """Per document: segments found (and for papers gold and matched), with totals by group."""
    from tagger.evaluate.pdf_folder import match
    from tagger.pdf import PdfError, segment_pdf

    def segments_of(path: Path) -> tuple:
        try:
            found, layout = segment_pdf(path.read_bytes())
        except PdfError as error:
            return [], [str(error)]
        return found, layout.warnings

    result = {"nonpapers": [], "papers": []}
    for path in sorted((cache / "nonpapers").glob("*.pdf")):
        found, warnings = segments_of(path)
        result["nonpapers"].append({"doc": path.name, "found": len(found),
                                    "first": [item.raw[:100] for item in found[:3]],
                                    "warnings": warnings})
    gold = {}
    for line in (cache / "papers" / "gold.jsonl").read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        gold.setdefault(record["doc"], []).append(record)
    for path in sorted((cache / "papers").glob("*.pdf")):
        found, warnings = segments_of(path)
        pairs = match(gold.get(path.name, []), [{"raw": item.raw} for item in found])
        result["papers"].append({"doc": path.name, "gold": len(gold.get(path.name, [])),
                                 "found": len(found), "matched": len(pairs),
                                 "warnings": warnings})
    return result


def summary(result: dict) -> list:
    rows = []
    negatives = result["nonpapers"]
    for name in sorted({group(item["doc"]) for item in negatives}) + ["all"]:
        items = [item for item in negatives if name == "all" or group(item["doc"]) == name]
        giving = sum(item["found"] > 0 for item in items)
        found = sum(item["found"] for item in items)
        rows.append(("non-papers", name, len(items), f"{giving} give references "
                     f"({giving / max(len(items), 1):.1%}), {found} found"))
    papers = result["papers"]
    for name in sorted({group(item["doc"]) for item in papers}) + ["all"]:
        items = [item for item in papers if name == "all" or group(item["doc"]) == name]
        total = {key: sum(item[key] for item in items) for key in ("gold", "found", "matched")}
        empty = sum(item["found"] == 0 for item in items)
        rows.append(("papers", name, len(items),
                     f"matched {total['matched']}/{total['gold']} "
                     f"(R {total['matched'] / max(total['gold'], 1):.3f}), found {total['found']}"
                     f" (P {total['matched'] / max(total['found'], 1):.3f}), {empty} with none"))
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=("build", "measure"))
    parser.add_argument("cache", type=Path)
    parser.add_argument("--json", action="store_true", help="measure: every document's figures")
    parser.add_argument("--show", type=int, default=0,
                        help="measure: list the non-papers that give references and the papers "
                             "that lose some, with this many of their first references")
    args = parser.parse_args(argv)
    started = time.time()
    if args.command == "build":
        build(args.cache)
        print(f"built {args.cache} in {time.time() - started:.0f} s")
        return 0
    result = measure(args.cache)
    if args.json:
        json.dump(result, sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
        return 0
    for corpus, name, count, text in summary(result):
        print(f"{corpus:<10} {name:<16} {count:>4}  {text}")
    if args.show:
        for item in result["nonpapers"]:
            if item["found"]:
                print(f"\n{item['doc']}: {item['found']} found", *item["first"][:args.show],
                      sep="\n  ")
        for item in result["papers"]:
            if item["matched"] < item["gold"]:
                print(f"\n{item['doc']}: matched {item['matched']}/{item['gold']}, "
                      f"found {item['found']}")
    print(f"({time.time() - started:.0f} s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
