"""Real pastes: each PDF's reference list as a user copies it out of the text a PDF reader
gives (poppler's `pdftotext`), through `find`, scored against the folder's gold.jsonl:

    python -m training.corpora.real_pastes ../shared/data/real-pdf-dev /tmp/texdocs

The paste runs from the line under the heading that names the list (or the first reference's
first line, where no heading stands within a few lines above it) to the line that ends the
last gold reference: page furniture, labels set apart and wrapped lines as the reader left
them. A list the text does not hold whole (its first or last reference not found in it) is
left out and named. The text is in reading order, as a viewer copies it (`pdftotext -layout`
sets two columns side by side, where no one range of lines is the list). Scored as
tagger.evaluate.pdf_folder scores a PDF: segmentation P/R/F1 and core-field micro-F1 of the
matched references. poppler is run as a program only.
"""

import argparse
import collections
import subprocess
import sys
from pathlib import Path

from tagger.evaluate.pdf_folder import (
    CORE, gold_by_document, prf, reference_key, score_document, segmentation_scores,
)
from tagger.finder import find_references
from tagger.finder.lines import LIST_HEADING

HEADING_REACH = 12  # lines between the heading and the first reference's first line
KEY = 12  # letters and digits of a reference's start or end that find its line


def paste_of(text: str, gold: list) -> str | None:
    """The lines of `text` from under the list's heading to the end of its last reference."""
    lines = text.split("\n")
    keys = [reference_key(line) for line in lines]
    joined = [keys[i] + (keys[i + 1] if i + 1 < len(keys) else "") for i in range(len(keys))]
    head, tail = reference_key(gold[0]["raw"])[:KEY], reference_key(gold[-1]["raw"])[-KEY:]
    last = next((i if tail in keys[i] else i + 1 for i in range(len(joined) - 1, -1, -1)
                 if tail and tail in joined[i]), None)
    if last is None:
        return None
    firsts = [i for i in range(min(last, len(joined))) if head and head in joined[i]]
    if not firsts:
        return None
    # (a contents page or the body may hold the first reference's words too: the first
    # reference is the one under the list's heading, else the last before the list's end)
    headed = [(i, _heading_above(lines, i)) for i in firsts]
    first, heading = next(((i, h) for i, h in reversed(headed) if h is not None), (firsts[-1], None))
    start = heading + 1 if heading is not None else first
    return "\n".join(lines[start:last + 1])


def _heading_above(lines: list, index: int):
    """The line naming the list within HEADING_REACH lines above line `index`, or None."""
    return next((i for i in range(index, max(index - HEADING_REACH, -1), -1)
                 if LIST_HEADING.match(lines[i].strip())), None)


def pdf_text(path: Path) -> str:
    return subprocess.run(["pdftotext", "-q", str(path), "-"], capture_output=True, text=True,
                          timeout=120).stdout


def evaluate(folders: list) -> tuple:
    """(per-document rows, total counts, documents left out)."""
    rows, total, left_out = [], collections.Counter(), []
    for folder in folders:
        for doc, gold in gold_by_document(folder):
            paste = paste_of(pdf_text(Path(folder, doc)), gold)
            if paste is None:
                left_out.append(doc)
                continue
            found = [reference.to_dict() for reference in find_references(paste)]
            counts, _, _ = score_document(doc, gold, found)
            total.update(counts)
            rows.append((doc, paste.count("\n") + 1, counts))
    return rows, total, left_out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", help="folders of PDFs with a gold.jsonl")
    args = parser.parse_args(argv)
    rows, total, left_out = evaluate(args.folders)
    print("| document | lines | gold | found | matched | seg F1 |")
    print("|---|---:|---:|---:|---:|---:|")
    for doc, lines, counts in rows:
        seg = segmentation_scores(counts)
        print(f"| {doc} | {lines} | {counts['gold']} | {counts['found']} | {counts['matched']} | {seg['f1']:.3f} |")
    seg = segmentation_scores(total)
    fields = prf(total["tp"], total["fp"], total["fn"])
    print(f"\n{len(rows)} pastes, {total['gold']} gold references: segmentation P {seg['precision']:.3f} "
          f"R {seg['recall']:.3f} F1 {seg['f1']:.3f}; core field micro-F1 {fields['f1']:.3f} "
          f"({', '.join(CORE)}, matched references)")
    if left_out:
        print(f"left out (the text does not hold the list whole): {', '.join(left_out)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
