"""The PDF path of `reftag find` beside poppler's `pdftotext` (reading order) + `reftag find` on
that text, per document of a folder with a gold.jsonl (shared/data/real-pdf-dev):

    python -m training.benchmarks.pdf_versus_pdftotext ../shared/data/real-pdf-dev [--markdown]

Segmentation F1 and core-field micro-F1 of each path as tagger.evaluate.pdf_folder scores them
(the reference scorer's numbers), and the core F1 of each on the references both paths found:
the paths find different references, so their core F1 over what each found compares the
parser on different samples. poppler is GPL: it is run as a program here, for the
comparison, and nothing in `tagger` uses it.
"""

import argparse
import collections
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from tagger.evaluate.pdf_folder import (
    CORE, _compared, arxiv_venue, find_in_pdf, gold_by_document, match, score_document,
)


def find_via_pdftotext(path) -> list:
    """`pdftotext FILE -` (reading order), then `reftag find` on the text, as dicts."""
    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, check=True,
                          timeout=120).stdout
    with tempfile.NamedTemporaryFile(suffix=".txt") as handle:
        handle.write(text)
        handle.flush()
        done = subprocess.run([sys.executable, "-m", "tagger", "find", handle.name, "--format",
                               "jsonl"], capture_output=True, text=True, timeout=600)
    return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]


def _f1(tp: int, fp: int, fn: int) -> float:
    return 2 * tp / (2 * tp + fp + fn) if tp else 0.0


def _field_counts(gold: list, found: list, keep: set) -> collections.Counter:
    """tp/fp/fn over the core fields of the matched references whose gold index is in keep."""
    counts = collections.Counter()
    for i, j, _ in match(gold, found):
        if i not in keep:
            continue
        want, got = arxiv_venue(dict(gold[i]["fields"])), arxiv_venue(found[j].get("fields") or {})
        for name in CORE:
            wanted, given = _compared(want, name), _compared(got, name)
            if wanted is not None and wanted == given:
                counts["tp"] += 1
                continue
            counts["fp"] += given is not None
            counts["fn"] += wanted is not None
    return counts


def compare(folder) -> list:
    """One row per document, and a last one for all: seg F1 and core F1 of both paths, and
    both paths' core F1 on the references both found."""
    rows, totals = [], collections.defaultdict(collections.Counter)
    for doc, gold in gold_by_document(folder):
        row = {"doc": doc, "gold": len(gold)}
        found = {"pdf": find_in_pdf(Path(folder, doc)), "text": find_via_pdftotext(Path(folder, doc))}
        matched = {}
        for path, references in found.items():
            counts, _, _ = score_document(doc, gold, references)
            matched[path] = {i for i, _, _ in match(gold, references)}
            row[f"{path}_seg"] = _f1(counts["matched"], counts["found"] - counts["matched"],
                                     counts["gold"] - counts["matched"])
            row[f"{path}_core"] = _f1(counts["tp"], counts["fp"], counts["fn"])
            for key in ("gold", "found", "matched", "tp", "fp", "fn"):
                totals[path][key] += counts[key]
        both = matched["pdf"] & matched["text"]
        for path, references in found.items():
            shared = _field_counts(gold, references, both)
            row[f"{path}_shared"] = _f1(shared["tp"], shared["fp"], shared["fn"])
            for key in ("tp", "fp", "fn"):
                totals[path]["shared_" + key] += shared[key]
        rows.append(row)
    total = {"doc": "all", "gold": sum(row["gold"] for row in rows)}
    for path, counts in totals.items():
        total[f"{path}_seg"] = _f1(counts["matched"], counts["found"] - counts["matched"],
                                   counts["gold"] - counts["matched"])
        total[f"{path}_core"] = _f1(counts["tp"], counts["fp"], counts["fn"])
        total[f"{path}_shared"] = _f1(counts["shared_tp"], counts["shared_fp"], counts["shared_fn"])
    return rows + [total]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder")
    parser.add_argument("--markdown", action="store_true", help="a Markdown table")
    args = parser.parse_args(argv)
    if not shutil.which("pdftotext"):
        raise SystemExit("needs poppler's pdftotext (apt-get install -y poppler-utils)")
    rows = compare(args.folder)
    columns = ("pdf_seg", "text_seg", "pdf_core", "text_core", "pdf_shared", "text_shared")
    if args.markdown:
        print("| document | refs | seg F1: PDF | seg F1: pdftotext + find | core F1: PDF | "
              "core F1: pdftotext + find | core F1 on refs both found: PDF | pdftotext + find |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|")
        for row in rows:
            print(f"| {row['doc']} | {row['gold']} | "
                  + " | ".join(f"{row[name]:.3f}" for name in columns) + " |")
    else:
        print(f"{'document':26} {'refs':>4} " + " ".join(f"{name:>11}" for name in columns))
        for row in rows:
            print(f"{row['doc']:26} {row['gold']:4} "
                  + " ".join(f"{row[name]:11.3f}" for name in columns))
    return 0


if __name__ == "__main__":
    sys.exit(main())
