"""A field is one stretch of a reference: `auto` holds the CRF's path to that.

A reference has one author list, one title and one page range. Where the CRF's best path gives
one of them two stretches with something else between ("Phys. Rev. D 74, 113004 (2006),
1750137-9" read as pages twice; a title resumed after its venue), it is no reading of the
reference. `auto` takes instead the path the CRF scores best among those that give the field
one stretch: one of its stretches kept and the others given to what the CRF finds next best,
or the gap between them filled. Years (a date and its repetition) and venues (a proceedings
name around its place) are left alone: two stretches are often right there, and held to one
they lost on GROBID's folds.
"""

import numpy as np

from .decode import viterbi
from .fields import label_runs

ONE_STRETCH = ("author", "title", "pages")

# A score no difference of CRF scores outweighs (as parse.DECISIVE): a label kept off a token.
_BARRED = -1000.0


def stretches(labels, field) -> list[tuple[int, int]]:
    """(begin, end) token positions of each stretch of `field` in `labels`."""
    runs = label_runs((t, t + 1, label) for t, label in enumerate(labels))
    return [(begin, end) for begin, end, label in runs if label == field]


def split_fields(labels) -> set[str]:
    """The labels found in two stretches or more: one pass, since most references have none."""
    seen, split, previous = set(), set(), None
    for label in labels:
        if label != previous:
            if label in seen:
                split.add(label)
            seen.add(label)
            previous = label
    return split


def one_stretch(scores: np.ndarray, weights, labels: list[str], hints=None) -> dict[int, str]:
    """Token → label where the best path that gives each field of ONE_STRETCH one stretch
    differs from `labels` (the best path through `scores`, with `hints` added if given);
    empty where each has one already. Given back as decisive hints, these labels make the
    decoder take that path."""
    if not split_fields(labels).intersection(ONE_STRETCH):
        return {}
    if hints:  # (added only here: most readings give each field one stretch)
        scores = weights.with_hints(scores, hints)
    working, chosen = scores, labels
    for field in ONE_STRETCH:
        found = stretches(chosen, field)
        if len(found) < 2:
            continue
        best = None
        for candidate in _candidates(working, weights.columns[field], found):
            path = viterbi(candidate, weights.transition)
            reading = weights.path_labels(path)
            if len(stretches(reading, field)) != 1:
                continue
            score = path_score(scores, weights.transition, path)
            if best is None or score > best[0]:
                best = (score, candidate, reading)
        if best is not None:
            _, working, chosen = best
    return {t: new for t, (old, new) in enumerate(zip(labels, chosen)) if old != new}


def _candidates(scores, columns, found):
    """Scores that bar the field from all its stretches but one (each in turn), and scores
    that bar every other label from the gap between its first and last."""
    for kept in range(len(found)):
        barred = scores.copy()
        for k, (begin, end) in enumerate(found):
            if k != kept:
                barred[begin:end, columns] += _BARRED
        yield barred
    filled = scores.copy()
    others = [j for j in range(scores.shape[1]) if j not in columns]
    filled[found[0][0]:found[-1][1], others] += _BARRED
    yield filled


def path_score(scores, transition, path) -> float:
    """A path's score: its states' scores and its transitions', as Viterbi sums them."""
    path = np.asarray(path)
    return float(scores[np.arange(len(path)), path].sum() + transition[path[:-1], path[1:]].sum())
