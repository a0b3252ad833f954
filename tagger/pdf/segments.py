"""The finder's references checked against what the page shows, where the text alone misleads.

Two checks, each from evidence a text dump has lost or the finder reads only line by line:

- A list before the references heading is the body's ("1. Anesthetic and restorative
  material used,"), and so is a title page's matter: when a line that names the references
  ("References", "Bibliography", …) stands alone right before a found reference, what was
  found before the first such heading is dropped.
- A piece that the page sets at the indent of the list's continuation lines, not at the
  indent its references start at, and that does not start as the list's entries do (no
  number in a numbered list), continues the reference before it: the finder took a wrapped
  line that begins with a capital ("Interaction, Cambridge University Press, …") for the
  start of the next one. Its text is the evidence where the indent says nothing (a list
  whose continuation lines are flush with its numbers): a numbered list's unnumbered piece
  that starts in lower case or with a continuing comma goes on the reference before.

Only segments that nothing but blank lines and page furniture part are joined, so a page
break or a column break between them does not matter: the indent is measured against each
line's own column.
"""

import bisect
import re
import statistics

from tagger.finder import Dropped, Segment, Segmentation
from tagger.finder.lines import HEADING, NUMBERING

HEADING_REACH = 4  # lines between a references heading and the list's first line, at most
HANG = 1.0  # ems: continuation lines indented at least this much more than starts
NEAR = 0.6  # ems: a line at the continuation indent is within this of it
CONTINUES = re.compile(r"^(?:[a-z]|[,;:)\]–-])")


def check(layout, found: Segmentation) -> Segmentation:
    """`found` (the finder's segmentation of layout.text) with the body's lists before the
    references heading dropped and continuations joined to the reference they continue."""
    lines = layout.text.split("\n")
    starts = [0]
    for line in lines[:-1]:
        starts.append(starts[-1] + len(line) + 1)
    segments, dropped = _after_heading(layout, lines, starts, found.segments)
    segments = _joined(layout, lines, starts, segments)
    dropped = sorted(found.dropped + dropped, key=lambda item: item.start)
    return Segmentation(segments, dropped)


def _line_of(starts: list, offset: int) -> int:
    return bisect.bisect_right(starts, offset) - 1


def _is_content(layout, lines: list, index: int) -> bool:
    """Does the line hold text that is not page furniture?"""
    entry = layout.layout[index] if index < len(layout.layout) else None
    return bool(lines[index].strip()) and not (entry is not None and entry.furniture)


def _after_heading(layout, lines: list, starts: list, segments: list) -> tuple:
    """(segments kept, Dropped for the lines of those before the first references heading)."""
    first = None
    for segment in segments:
        index = _line_of(starts, segment.start)
        above, seen = index - 1, 0
        while above >= 0 and seen <= HEADING_REACH:
            if _is_content(layout, lines, above):
                if HEADING.match(lines[above].strip().lstrip("\f")):
                    first = segment
                break
            above -= 1
            seen += 1
        if first is not None:
            break
    if first is None or first is segments[0]:
        return segments, []
    kept = [segment for segment in segments if segment.start >= first.start]
    dropped = []
    for segment in segments:
        if segment.start >= first.start:
            break
        for index in range(_line_of(starts, segment.start), _line_of(starts, segment.end) + 1):
            content = lines[index].strip().lstrip("\f")
            if content and _is_content(layout, lines, index):
                offset = starts[index] + lines[index].index(content)
                dropped.append(Dropped(content, offset, offset + len(content),
                                       "before the references heading"))
    return kept, dropped


def _indents(layout, starts: list, segment: Segment) -> tuple:
    """(the indent of the segment's first line, those of its other lines), in ems."""
    first = _line_of(starts, segment.start)
    last = _line_of(starts, max(segment.start, segment.end - 1))
    measured = [(index, layout.layout[index]) for index in range(first, last + 1)
                if index < len(layout.layout) and layout.layout[index] is not None
                and not layout.layout[index].furniture]
    head = measured[0][1].indent if measured and measured[0][0] == first else None
    return head, [entry.indent for index, entry in measured if index != first]


def _numbered(raw: str) -> bool:
    return any(pattern.match(raw) for _, pattern in NUMBERING)


def _joined(layout, lines: list, starts: list, segments: list) -> list:
    if len(segments) < 3:
        return segments
    measures = [_indents(layout, starts, segment) for segment in segments]
    heads = [head for head, _ in measures if head is not None]
    tails = [indent for _, rest in measures for indent in rest]
    numbered = sum(1 for segment in segments if _numbered(segment.raw)) >= 0.6 * len(segments)
    hanging = bool(heads and tails) and (
        statistics.median(tails) - statistics.median(heads) >= HANG)
    tail = statistics.median(tails) if tails else None
    head = statistics.median(heads) if heads else None
    result = [segments[0]]
    for segment, (indent, _) in zip(segments[1:], measures[1:]):
        previous = result[-1]
        if numbered and _numbered(segment.raw) or not _adjacent(layout, lines, starts, previous, segment):
            result.append(segment)
            continue
        at_tail = hanging and indent is not None and abs(indent - tail) <= NEAR and (
            indent - head >= HANG)
        if at_tail or (numbered and CONTINUES.match(segment.raw)):
            result[-1] = Segment(previous.raw + "\n" + segment.raw, previous.start, segment.end,
                                 previous.partial)
        else:
            result.append(segment)
    return result


def _adjacent(layout, lines: list, starts: list, previous: Segment, segment: Segment) -> bool:
    """Nothing but blank lines and furniture between the two segments."""
    after = _line_of(starts, max(previous.start, previous.end - 1)) + 1
    first = _line_of(starts, segment.start)
    return not any(_is_content(layout, lines, index) for index in range(after, first))
