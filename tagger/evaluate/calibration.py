"""How far a reference's `confidence` can be trusted as the chance that it is right.

"Right" is the harness's all-core-right (fieldscore.all_core_right_in): what a person checking
output, or `reftag label` sorting references for review, hopes the confidence predicts. From
(confidence, right) pairs come:

- the expected calibration error (ECE): the gap between mean confidence and accuracy in each
  bin, weighted by the bin's share of references. The headline `ece` uses 10 equal-width bins
  ([0, 0.1), …, [0.9, 1.0]); `ece_equal_mass` uses 10 bins of equal counts, which says more
  when, as with a CRF, most confidences crowd into the top bin;
- the reliability table of each binning (range, n, mean confidence, accuracy);
- the Brier score (mean squared gap between confidence and 0/1 rightness);
- how well confidence ranks errors, whatever its scale: the AUROC of confidence for rightness,
  and the share of the wrong references found among the least confident 10% and 20%.

Everything is plain dicts, so the JSON report and a cross-corpus table take them as they are.
"""

import math
from bisect import bisect_right
from itertools import groupby
from operator import itemgetter

from .fieldscore import all_core_right_in

BINS = 10
LEAST_CONFIDENT = (0.1, 0.2)


def reference_pairs(references: list[dict]) -> tuple[list[tuple[float, bool]], int]:
    """(confidence, all core right) of each scored reference that has a usable confidence,
    and how many have none (no prediction, or a prediction without a number in [0, 1])."""
    pairs, without = [], 0
    for ref in references:
        confidence = usable_confidence(ref.get("confidence"))
        if confidence is None:
            without += 1
        else:
            pairs.append((confidence, all_core_right_in(ref["counts"])))
    return pairs, without


def usable_confidence(value) -> float | None:
    """`value` as a float when it is a number in [0, 1], else None."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if math.isnan(value) or not 0.0 <= value <= 1.0:
        return None
    return float(value)


def reference_calibration(references: list[dict], bins: int = BINS) -> dict:
    """`calibration` of scored references (EvaluationResult.references)."""
    pairs, without = reference_pairs(references)
    summary = calibration(pairs, bins)
    summary["without_confidence"] = without
    if not pairs and without:
        summary["reason"] = "the predictions carry no confidence"
    return summary


def calibration(pairs, bins: int = BINS) -> dict:
    """The calibration summary of (confidence, right) pairs (see the module docstring).

    With no pairs the summary says {"available": False, "n": 0, "reason": ...} and nothing else.
    """
    if bins < 1:
        raise ValueError(f"calibration needs at least one bin, got {bins}")
    pairs = [(float(confidence), bool(right)) for confidence, right in pairs]
    n = len(pairs)
    if not n:
        return {"available": False, "n": 0, "reason": "no references with a confidence"}
    width_bins = equal_width_bins(pairs, bins)
    mass_bins = equal_mass_bins(pairs, bins)
    right = sum(r for _, r in pairs)
    return {
        "available": True,
        "n": n,
        "bins": bins,
        "binning": "equal-width",  # what `ece` and `reliability` use
        "ece": expected_calibration_error(width_bins, n),
        "ece_equal_mass": expected_calibration_error(mass_bins, n),
        "brier": sum((c - r) ** 2 for c, r in pairs) / n,
        "accuracy": right / n,
        "mean_confidence": sum(c for c, _ in pairs) / n,
        "errors": n - right,
        "auroc": auroc(pairs),
        "errors_in_least_confident": {
            f"{share:g}": errors_in_least_confident(pairs, share) for share in LEAST_CONFIDENT},
        "reliability": width_bins,
        "reliability_equal_mass": mass_bins,
    }


def _bin(low: float, high: float, members) -> dict:
    count = len(members)
    return {"low": low, "high": high, "n": count,
            "confidence": sum(c for c, _ in members) / count if count else None,
            "accuracy": sum(r for _, r in members) / count if count else None}


def equal_width_bins(pairs, bins: int = BINS) -> list[dict]:
    """[i/bins, (i+1)/bins) for each i, the last bin closed so that 1.0 falls in it; empty
    bins are kept (n 0, confidence and accuracy None) so tables and plots line up."""
    edges = [i / bins for i in range(1, bins)]
    members = [[] for _ in range(bins)]
    for pair in pairs:
        members[bisect_right(edges, pair[0])].append(pair)
    return [_bin(i / bins, (i + 1) / bins, group) for i, group in enumerate(members)]


def equal_mass_bins(pairs, bins: int = BINS) -> list[dict]:
    """Up to `bins` bins of consecutive confidences, sizes differing by at most one; a bin's
    range is its lowest and highest confidence (tied confidences may straddle two bins)."""
    ordered = sorted(pairs, key=lambda pair: pair[0])
    count = min(bins, len(ordered))
    size, extra = divmod(len(ordered), count) if count else (0, 0)
    groups, start = [], 0
    for i in range(count):
        end = start + size + (i < extra)
        groups.append(ordered[start:end])
        start = end
    return [_bin(group[0][0], group[-1][0], group) for group in groups]


def expected_calibration_error(bins: list[dict], n: int) -> float:
    return sum(b["n"] / n * abs(b["accuracy"] - b["confidence"]) for b in bins if b["n"])


def auroc(pairs) -> float | None:
    """The chance that a right reference has a higher confidence than a wrong one (ties count
    half): 1.0 ranks every error below every right reference, 0.5 is chance. None when all
    references are right or all wrong."""
    right = sum(r for _, r in pairs)
    wrong = len(pairs) - right
    if not right or not wrong:
        return None
    rank_sum, below = 0.0, 0  # rank_sum: of the right references, ranks from 1, ties averaged
    for group in _tied(pairs):
        rank_sum += (below + (len(group) + 1) / 2) * sum(r for _, r in group)
        below += len(group)
    return (rank_sum - right * (right + 1) / 2) / (right * wrong)


def errors_in_least_confident(pairs, share: float) -> float | None:
    """The share of the wrong references among the least confident `share` of all (a group of
    tied confidences at the cut counts in proportion); `share` itself is what chance gives.
    None when no reference is wrong."""
    wrong = sum(not r for _, r in pairs)
    if not wrong:
        return None
    room, found = share * len(pairs), 0.0
    for group in _tied(pairs):
        if room <= 0:
            break
        found += sum(not r for _, r in group) * min(1.0, room / len(group))
        room -= len(group)
    return found / wrong


def _tied(pairs):
    """The pairs by increasing confidence, in runs of equal confidence."""
    for _, group in groupby(sorted(pairs), key=itemgetter(0)):
        yield list(group)
