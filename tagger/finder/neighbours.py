"""The nearest line of a kind around a line, furniture and blank lines skipped."""


def near(labels: list, index: int, step: int, skip=("blank",)) -> int:
    other = index + step
    while 0 <= other < len(labels) and labels[other] in skip:
        other += step
    return other if 0 <= other < len(labels) else -1


def between_refs(labels: list, index: int) -> bool:
    before = near(labels, index, -1, skip=("blank", "meta"))
    after = near(labels, index, 1, skip=("blank", "meta"))
    return before >= 0 and after >= 0 and labels[before] == labels[after] == "ref"
