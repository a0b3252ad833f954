"""Field-level exact match: per reference and label, one gold value against one predicted value.

A wrong value is both a false positive (something wrong was said) and a false negative (the
right thing was not said), so a tagger gains nothing by guessing over staying silent.
"""

from ..labels import CORE, LABELS
from .normalize import normalize_value


def compare_fields(gold: dict, predicted: dict) -> dict[str, tuple[int, int, int]]:
    """(tp, fp, fn) for every label present, after normalization, in gold or prediction."""
    counts = {}
    for label in sorted(set(gold) | set(predicted), key=label_order):
        gold_key = normalize_value(label, gold.get(label))
        predicted_key = normalize_value(label, predicted.get(label))
        if not gold_key and not predicted_key:
            continue
        if gold_key == predicted_key:
            counts[label] = (1, 0, 0)
        else:
            counts[label] = (0, int(bool(predicted_key)), int(bool(gold_key)))
    return counts


def label_order(label: str) -> tuple[int, str]:
    """Core labels first, then the extended ones, then anything unknown alphabetically."""
    return (LABELS.index(label), "") if label in LABELS else (len(LABELS), label)


def prf(tp: int, fp: int, fn: int) -> dict:
    """Precision, recall and F1; 0.0 where the denominator is empty."""
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"precision": precision, "recall": recall, "f1": f1}


def score_fields(per_reference: list[dict]) -> dict:
    """Aggregate `compare_fields` results over references.

    Returns {"labels": {label: {precision, recall, f1, support, tp, fp, fn}},
    "core": {precision, recall, f1, tp, fp, fn}, "all_core_correct": share}.
    `support` is the number of references whose gold has the label.
    """
    totals: dict[str, list[int]] = {}
    all_core_right = 0
    for counts in per_reference:
        for label, (tp, fp, fn) in counts.items():
            total = totals.setdefault(label, [0, 0, 0])
            total[0] += tp
            total[1] += fp
            total[2] += fn
        all_core_right += all_core_right_in(counts)
    labels = {}
    for label in sorted(totals, key=label_order):
        tp, fp, fn = totals[label]
        labels[label] = {**prf(tp, fp, fn), "support": tp + fn, "tp": tp, "fp": fp, "fn": fn}
    core_counts = [sum(totals.get(label, [0, 0, 0])[i] for label in CORE) for i in range(3)]
    return {
        "labels": labels,
        "core": {**prf(*core_counts), **dict(zip(("tp", "fp", "fn"), core_counts))},
        "all_core_correct": all_core_right / len(per_reference) if per_reference else 0.0,
    }


def all_core_right_in(counts: dict) -> bool:
    """Every core label right in one reference; a label neither gold nor predicted counts as
    right, so a reference with no core field at all is right when none is predicted."""
    return all(counts.get(label, (1, 0, 0))[0] for label in CORE)


def core_counts(counts: dict) -> tuple[int, int, int]:
    """One reference's (tp, fp, fn) summed over the core labels (for the bootstrap)."""
    summed = [0, 0, 0]
    for label in CORE:
        for i, value in enumerate(counts.get(label, (0, 0, 0))):
            summed[i] += value
    return tuple(summed)
