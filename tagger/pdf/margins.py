"""Margin line numbers (a manuscript set with `lineno`): recognised and left out.

A line number is a fragment of digits alone at the outer edge of its line, in a column of
such fragments aligned on one edge, whose values grow down the page in step with the lines:
the distance between two of them is their difference in value times one line pitch. The
numbers of a reference list printed apart from their text grow one a reference, not one a
line, so they stay.
"""

import re
import statistics
from collections import defaultdict

NUMBER = re.compile(r"\d{1,5}")
MIN_NUMBERS = 6


def _steady(numbers: list, size: float) -> bool:
    """Do the values grow down the page in step with the distance between them?"""
    numbers.sort(key=lambda fragment: fragment.top)
    values = [int(fragment.text) for fragment in numbers]
    pairs = [(b.top - a.top, vb - va) for a, b, va, vb in zip(numbers, numbers[1:], values,
                                                               values[1:])]
    rising = [(distance, step) for distance, step in pairs if step > 0 and distance > 0]
    if len(rising) < 0.8 * len(pairs):
        return False
    ratios = [distance / step for distance, step in rising]
    pitch = statistics.median(ratios)
    steady = sum(abs(ratio - pitch) <= 0.5 * pitch for ratio in ratios)
    return steady >= 0.6 * len(ratios) and pitch < 3.5 * size


def drop_line_numbers(fragments: list) -> list:
    """The page's fragments without its margin line numbers."""
    numbers = [f for f in fragments if NUMBER.fullmatch(f.text)]
    if len(numbers) < MIN_NUMBERS:
        return fragments
    dropped = set()
    size = statistics.median(f.size for f in fragments)
    for edge in ("x1", "x0"):  # right-aligned numbers (left margin), then left-aligned
        groups = defaultdict(list)
        for fragment in numbers:
            groups[round(getattr(fragment, edge) / 2)].append(fragment)
        for group in groups.values():
            if len(group) < MIN_NUMBERS or id(group[0]) in dropped:
                continue
            if _outer(group, fragments) and _steady(group, size):
                dropped.update(id(fragment) for fragment in group)
    if not dropped:
        return fragments
    return [fragment for fragment in fragments if id(fragment) not in dropped]


def _outer(group: list, fragments: list) -> bool:
    """Is each number the first or last fragment of its line (nothing beyond it)?"""
    outer = 0
    for number in group:
        beside = [f for f in fragments if f is not number
                  and abs(f.baseline - number.baseline) < 0.5 * number.size]
        if all(f.x0 >= number.x1 for f in beside) or all(f.x1 <= number.x0 for f in beside):
            outer += 1
    return outer >= 0.8 * len(group)
