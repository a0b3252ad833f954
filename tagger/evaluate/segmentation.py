"""Score the finder: line-level `ref` F1 on held-out AnyStyle finder documents, and
reference-level precision/recall/F1 of `segment` on hand-built documents (data/finder/
handmade and data/finder/blind: a .txt each with a gold .json list of its references; a
.pdf with its .json is scored the same way, read through tagger.pdf).

    python -m tagger.evaluate.segmentation   # prints both as JSON
    reftag evaluate data/finder/handmade data/finder/anystyle/x.ttx ...

A found reference counts as right when it equals a gold reference after normalization
(NFKC, case folded, letters and digits only), so white space, hyphenation and furniture
left at a line end do not matter but a missing or extra piece of text does.
"""

import json
import sys
import unicodedata
from collections import Counter
from pathlib import Path

from tagger.finder import segment
from tagger.finder.classify import label_lines
from tagger.finder.lines import split_lines
from tagger.finder.ttx import read_ttx
from tagger.normalize import normalize

DATA = Path(__file__).resolve().parents[2] / "data" / "finder"
HELD_OUT = ("bb599nz4341", "bd466fq0394", "bg608dx2253", "bj581pc8202")


def finder_documents(paths) -> list:
    """(name, text, line labels) for each .ttx path."""
    return [(Path(path).stem, *read_ttx(path)) for path in paths]


def _prf(true_positive: int, predicted: int, gold: int) -> dict:
    precision = true_positive / predicted if predicted else 0.0
    recall = true_positive / gold if gold else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"precision": round(precision, 4), "recall": round(recall, 4), "f1": round(f1, 4)}


def line_scores(paths, model=None) -> dict:
    """Line-level P/R/F1 of the `ref` label, per document and over all of them."""
    per_document = {}
    totals = Counter()
    for name, text, gold in finder_documents(paths):
        predicted = label_lines(split_lines(text), model)
        counts = Counter()
        for want, got in zip(gold, predicted):
            counts["tp"] += want == "ref" and got == "ref"
            counts["pred"] += got == "ref"
            counts["gold"] += want == "ref"
            counts["same"] += want == got
        counts["lines"] = len(gold)
        totals.update(counts)
        per_document[name] = _prf(counts["tp"], counts["pred"], counts["gold"])
    overall = _prf(totals["tp"], totals["pred"], totals["gold"])
    overall["line_accuracy"] = round(totals["same"] / max(totals["lines"], 1), 4)
    return {"ref_lines": overall, "documents": per_document}


def reference_key(text: str) -> str:
    """The form two references are compared in."""
    folded = unicodedata.normalize("NFKC", normalize(text).text).casefold()
    return "".join(char for char in folded if char.isalnum())


def _segment_file(path: Path) -> list:
    """The references `find` gets from a .txt document or, through its layout, a .pdf."""
    if path.suffix == ".pdf":
        from tagger.pdf import segment_pdf

        return segment_pdf(path)[0]
    return segment(path.read_text(encoding="utf-8"))


def reference_scores(directory=DATA / "handmade") -> dict:
    """Reference-level P/R/F1 of `segment` on each hand-built document (.txt + gold .json),
    and how many of the references found right also have the right `partial` mark."""
    per_document = {}
    totals = Counter()
    documents = sorted([*Path(directory).glob("*.txt"), *Path(directory).glob("*.pdf")])
    for text_path in documents:
        gold = json.loads(text_path.with_suffix(".json").read_text(encoding="utf-8"))
        gold_partial = {reference_key(item["text"]): item.get("partial", False) for item in gold}
        gold_keys = Counter(reference_key(item["text"]) for item in gold)
        found = _segment_file(text_path)
        found_keys = Counter(reference_key(seg.raw) for seg in found)
        matched = sum((gold_keys & found_keys).values())
        partial_right = sum(
            1 for seg in found
            if reference_key(seg.raw) in gold_partial and seg.partial == gold_partial[reference_key(seg.raw)]
        )
        totals.update(tp=matched, pred=len(found), gold=len(gold), partial_right=partial_right)
        per_document[text_path.stem] = _prf(matched, len(found), len(gold))
    overall = _prf(totals["tp"], totals["pred"], totals["gold"])
    overall["partial_mark_accuracy"] = round(totals["partial_right"] / max(totals["tp"], 1), 4)
    overall["gold_references"] = totals["gold"]
    return {"references": overall, "documents": per_document}


def evaluate() -> dict:
    """The scores, for `reftag evaluate` to print: line-level on the held-out finder
    documents; reference-level on the hand-built documents used while writing the rules
    ("handmade") and on those written after the rules were settled ("blind")."""
    held_out = [DATA / "anystyle" / f"{name}.ttx" for name in HELD_OUT]
    return {"finder_lines_held_out": line_scores(held_out),
            "handmade": reference_scores(DATA / "handmade"),
            "blind": reference_scores(DATA / "blind")}


if __name__ == "__main__":
    json.dump(evaluate(), sys.stdout, indent=2)
    print()
