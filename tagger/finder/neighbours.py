"""The nearest line of a kind around a line, furniture and blank lines skipped.

A page break's furniture is a few lines: no search goes further than REACH lines, so that a
long stretch of furniture (a table taken for it) costs each of its lines a bounded look, and
`find` stays linear in the length of the document.
"""

REACH = 40


def near(labels: list, index: int, step: int, skip=("blank",)) -> int:
    other = index + step
    stop = index + step * REACH
    while 0 <= other < len(labels) and labels[other] in skip:
        if other == stop:
            return -1
        other += step
    return other if 0 <= other < len(labels) else -1


def between_refs(labels: list, index: int, skip=("blank", "meta"), kinds=("ref",)) -> bool:
    """Are the nearest lines on both sides, `skip` labels passed over, one of `kinds`?"""
    before, after = near(labels, index, -1, skip=skip), near(labels, index, 1, skip=skip)
    return before >= 0 and after >= 0 and labels[before] in kinds and labels[after] in kinds
