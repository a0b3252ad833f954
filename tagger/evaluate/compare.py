"""Two systems on the same references: per-label differences, and whether the core micro-F1
difference is more than the luck of which references happened to be in the set.

The paired bootstrap resamples references (not fields), keeping each reference's outcome under
both systems together, so the test respects that both were run on the same items.
"""

import numpy as np

from .fieldscore import core_counts, label_order

SEED = 20240601
RESAMPLES = 1000


def compare(a, b, resamples: int = RESAMPLES, seed: int = SEED) -> dict:
    """Compare two EvaluationResults over the same references: each delta is b minus a, how
    much better the system under test (b) is than the one it is compared with (a)."""
    if [ref["text"] for ref in a.references] != [ref["text"] for ref in b.references]:
        raise ValueError("the two evaluations are not over the same references")
    labels = sorted(set(a.fields["labels"]) | set(b.fields["labels"]), key=label_order)
    per_label = {}
    for label in labels:
        f1_a = a.fields["labels"].get(label, {}).get("f1", 0.0)
        f1_b = b.fields["labels"].get(label, {}).get("f1", 0.0)
        per_label[label] = {"a": f1_a, "b": f1_b, "delta": f1_b - f1_a}
    return {
        "a": a.system,
        "b": b.system,
        "labels": per_label,
        "core_f1": {"a": a.core_f1, "b": b.core_f1, "delta": b.core_f1 - a.core_f1},
        "all_core_correct": {
            "a": a.fields["all_core_correct"], "b": b.fields["all_core_correct"],
            "delta": b.fields["all_core_correct"] - a.fields["all_core_correct"]},
        "bootstrap": paired_bootstrap(
            [core_counts(ref["counts"]) for ref in b.references],
            [core_counts(ref["counts"]) for ref in a.references], resamples, seed),
    }


def paired_bootstrap(counts_a, counts_b, resamples: int = RESAMPLES, seed: int = SEED) -> dict:
    """Bootstrap of micro-F1(a) - micro-F1(b) from per-reference (tp, fp, fn) counts.

    Returns the observed difference, a 95% percentile interval, and a two-sided p-value: twice
    the share of resamples on the far side of zero from the observed difference (capped at 1).
    """
    a = np.asarray(counts_a, dtype=float).reshape(-1, 3)
    b = np.asarray(counts_b, dtype=float).reshape(-1, 3)
    n = len(a)
    if len(b) != n:
        raise ValueError(f"paired bootstrap needs the same references: {n} vs {len(b)}")
    observed = _f1(a.sum(axis=0)) - _f1(b.sum(axis=0))
    if n == 0:
        return {"delta": 0.0, "ci95": [0.0, 0.0], "p_value": 1.0, "resamples": 0, "seed": seed}
    rng = np.random.default_rng(seed)
    deltas = np.empty(resamples)
    for i in range(resamples):
        weights = np.bincount(rng.integers(0, n, n), minlength=n)
        deltas[i] = _f1(weights @ a) - _f1(weights @ b)
    low, high = np.percentile(deltas, [2.5, 97.5])
    p_value = min(1.0, 2 * min(np.mean(deltas <= 0), np.mean(deltas >= 0)))
    return {"delta": float(observed), "ci95": [float(low), float(high)],
            "p_value": float(p_value), "resamples": resamples, "seed": seed}


def _f1(counts) -> float:
    tp, fp, fn = counts
    return 2 * tp / (2 * tp + fp + fn) if tp else 0.0
