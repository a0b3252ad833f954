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
from tagger.corpora.ttx import read_ttx
from tagger.text.normalize import normalize

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


# --- GROBID's layout corpora (data/layout): real papers' references and zones ---------------

LAYOUT = DATA.parent / "layout"


def layout_documents(kind: str, path=None) -> list:
    """The converted layout corpus: "references" (reference sections, a B/I/O mark a line) or
    "segmentation" (whole papers, a zone a line), as dicts with "id", "group", "lines" and
    "marks" or "zones" (expanded to one zone a line)."""
    import gzip

    if kind == "references":
        with open(path or LAYOUT / "references.jsonl", encoding="utf-8") as handle:
            return [json.loads(line) for line in handle if line.strip()]
    documents = []
    with gzip.open(path or LAYOUT / "segmentation.jsonl.gz", "rt", encoding="utf-8") as handle:
        for line in handle:
            document = json.loads(line)
            document["zones"] = [zone for zone, count in document["zones"] for _ in range(count)]
            documents.append(document)
    return documents


def _line_of_offsets(lines: list) -> list:
    """Start offset of each line of "\\n".join(lines)."""
    starts, offset = [], 0
    for line in lines:
        starts.append(offset)
        offset += len(line) + 1
    return starts


def _segment_spans(segments, starts: list) -> list:
    """(first line, last line) of each found segment."""
    from bisect import bisect_right

    return [(bisect_right(starts, seg.start) - 1, bisect_right(starts, max(seg.end - 1, seg.start)) - 1)
            for seg in segments]


def gold_spans(marks: str) -> list:
    """(first line, last line) of each reference in a B/I/O mark string."""
    spans = []
    for index, mark in enumerate(marks):
        if mark == "B":
            spans.append([index, index])
        elif mark == "I" and spans:
            spans[-1][1] = index
    return [tuple(span) for span in spans]


def split_counts(document: dict, segmenter=None) -> Counter:
    """How `segmenter` (segment() by default) splits one reference section: reference starts
    found right, found, in the gold; references exactly right."""
    segmenter = segmenter or segment
    lines = document["lines"]
    found = _segment_spans(segmenter("\n".join(lines)), _line_of_offsets(lines))
    gold = gold_spans(document["marks"])
    found_starts, gold_starts = {a for a, _ in found}, {a for a, _ in gold}
    return Counter(start_tp=len(found_starts & gold_starts), start_pred=len(found_starts),
                   start_gold=len(gold_starts), exact=len(set(found) & set(gold)), references=len(gold))


def zone_counts(document: dict, segmenter=None) -> Counter:
    """Line counts of the reference zone in a whole paper: lines kept in a found reference
    that are (not) in the gold zone. The zone is `listBibl` less its heading. `segmenter`
    returns a Segmentation (find_segments by default)."""
    from tagger.finder.lines import HEADING

    from tagger.finder import find_segments

    lines = document["lines"]
    starts = _line_of_offsets(lines)
    found = (segmenter or find_segments)("\n".join(lines))
    inside = set()
    for first, last in _segment_spans(found.segments, starts):
        inside.update(range(first, last + 1))
    inside -= {index for index, _ in _segment_spans(found.dropped, starts)}
    gold = {i for i, (zone, line) in enumerate(zip(document["zones"], lines))
            if zone == "listBibl" and not HEADING.match(line)}
    return Counter(zone_tp=len(inside & gold), zone_pred=len(inside), zone_gold=len(gold))


def layout_scores(counts_by_group: dict) -> dict:
    """Split P/R/F1 and exact share, zone line P/R/F1, per group and over all, from counts."""
    total = Counter()
    for counts in counts_by_group.values():
        total.update(counts)

    def scores(counts):
        result = {}
        if counts["start_gold"]:
            result["split"] = _prf(counts["start_tp"], counts["start_pred"], counts["start_gold"])
            result["exact"] = round(counts["exact"] / counts["references"], 4)
            result["references"] = counts["references"]
        if counts["zone_gold"] or counts["zone_pred"]:
            result["zone"] = _prf(counts["zone_tp"], counts["zone_pred"], counts["zone_gold"])
            result["documents"] = counts["documents"]
        return result

    return {"all": scores(total), **{group: scores(c) for group, c in sorted(counts_by_group.items())}}
