"""A field is one stretch of a reference: `auto` holds the CRF's path to that.

A reference has one author list, one title and one page range. Where the CRF's best path gives
one of them two stretches with something else between ("Phys. Rev. D 74, 113004 (2006),
1750137-9" read as pages twice; a title resumed after its venue), it is no reading of the
reference. `auto` takes instead the path the CRF scores best among those that give the field
one stretch: one of its stretches kept and the others given to what the CRF finds next best,
or the gap between them filled. Years (a date and its repetition) and venues (a proceedings
name around its place) are left alone: two stretches are often right there, and held to one
they lost on GROBID's folds. A field in more than MAX_STRETCHES stretches is left alone too:
that is no reference with a field resumed but a list or a page glued into one line, and trying
each stretch in turn made parse time grow with the square of the length.
"""

import numpy as np

from .decode import best_paths
from ..labels.fields import label_runs

ONE_STRETCH = ("author", "title", "pages")

# The most stretches of one field held to one. On the corpora (17,000 references: gold, core,
# good, ugly, bad, GROBID's) the CRF's first reading never splits a field into more than five.
MAX_STRETCHES = 6

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
        if not 2 <= len(found) <= MAX_STRETCHES:
            continue
        columns = weights.columns[field]
        candidates = list(_candidates(working, columns, found))
        best = None  # the candidates decoded as one batch: the same paths, fewer numpy calls
        for candidate, path in zip(candidates, best_paths(candidates, weights.transition)):
            if _stretch_count(path, columns) != 1:
                continue
            score = path_score(scores, weights.transition, path)
            if best is None or score > best[0]:
                best = (score, candidate, path)
        if best is not None:
            working, chosen = best[1], weights.path_labels(best[2])
    return {t: new for t, (old, new) in enumerate(zip(labels, chosen)) if old != new}


def _stretch_count(path, columns) -> int:
    """How many stretches a path of state columns gives the label of `columns`."""
    inside = np.isin(path, columns)
    return int(inside[0]) + int(np.count_nonzero(inside[1:] & ~inside[:-1]))


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
