"""Page numbers in a reference list: which lone numbers are the page sequence and which are
the tail of a reference wrapped there. A page number grows by one from page to page, and a page
break has one page number (or a foot and a head one apart), so a second number far off from
it, beside reference text, is the reference's.
"""

import re

from tagger.finder.neighbours import REACH, between_refs

YEAR_LINE = re.compile(r"^(?:19[0-9]\d|20[0-3]\d)$")
PAGE_VALUE = re.compile(r"\d+")
NUMBER_SET_APART = re.compile(r"\S\s{6,}(\d{1,4})$|^(\d{1,4})\s{6,}\S")
PAGE_LINES = 120  # the most lines a page holds


def page_value(content: str):
    found = PAGE_VALUE.search(content)
    return int(found.group()) if found else None


def in_sequence(index: int, candidates: dict) -> bool:
    """Is there another page-number line a page or two away (15 to 120 lines a page) whose
    number is one or two off, in the same direction?"""
    value = candidates[index]
    if value is None:
        return False
    partners = sum(other != index and other_value is not None
                   and 1 <= abs(other_value - value) <= 2 and (other_value > value) == (other > index)
                   and 15 <= abs(other - index) / abs(other_value - value) <= PAGE_LINES
                   for other, other_value in candidates.items())
    # Two years a few lines apart are as likely two references' wrapped years: a sequence of
    # year-like numbers needs three pages.
    return partners >= (2 if YEAR_LINE.match(str(value)) else 1)


def numbered_elsewhere(context, index: int, candidates: dict) -> bool:
    """Does the page break this number touches carry a page number of its own, further from
    the reference text, that this one is not next to? A page break has one page number (or a
    foot and a head one apart), so a second number beside a reference line is the reference's."""
    labels, contents = context.labels, context.contents
    touching = any(0 <= other < len(labels) and labels[other] == "ref" and contents[other]
                   and other not in candidates for other in (index - 1, index + 1))
    if not (touching or between_refs(labels, index)):
        return False
    value = candidates[index]
    for step in (-1, 1):
        other = index + step
        while 0 <= other < len(labels) and (labels[other] in ("blank", "meta") or other in candidates) and (
                abs(other - index) <= REACH):
            number = _page_number_of(context, other, candidates)
            if number is not False and (touching or other not in candidates) and (
                    value is None or number is None or abs(number - value) > 1):
                return True  # (a number set apart in a head is surely the page's)
            other += step
    return False


def _page_number_of(context, index: int, candidates: dict):
    """The page number a line deep in a page break shows (None when it is not arabic), or
    False when it shows none: a number alone (not beside reference text), or set far apart
    from a running head ("Nucleic Acids Research, 2019          26")."""
    labels = context.labels
    if index in candidates:
        beside = [other for other in (index - 1, index + 1) if 0 <= other < len(labels)
                  and labels[other] == "ref" and context.contents[other] and other not in candidates]
        return False if beside else candidates[index]
    found = NUMBER_SET_APART.search(context.contents[index])
    return int(found.group(1) or found.group(2)) if found else False


def out_of_sequence(context, index: int, candidates: dict, reach: int = 150) -> bool:
    """Does the document number its pages around this number (a page number in the
    sequence, or one set apart in a head, within `reach` lines on each side, or on one side
    where the document ends on the other), those a page or two apart, and this number not
    among them? Then it is no page number ("…A&A, 362,↵886", with pages 604 and 605 around
    it)."""
    value = candidates[index]
    if value is None:
        return False
    before, after = (_page_beside(context, index, candidates, step, reach) for step in (-1, 1))
    if before is None or after is None or before == after == "edge":
        return False
    low = after - 2 if before == "edge" else before
    high = before + 2 if after == "edge" else after
    return 0 <= high - low <= 2 and not low <= value <= high


def _set_apart(contents: list, index: int) -> bool:
    """Is the line alone between blank lines (or the document's edge), as a page's number is
    and a reference's wrapped number is not?"""
    return all(not 0 <= other < len(contents) or not contents[other] for other in (index - 1, index + 1))


def after_head_number(context, index: int, candidates: dict, reach: int = 150) -> bool:
    """Is the number one or two on from the page number set apart in the nearest head above
    it ("Physical Review E 101, 042305 (2020)      738" … "739")? Then it is that sequence's."""
    value, before = candidates[index], _page_beside(context, index, candidates, -1, reach, heads_only=True)
    return value is not None and isinstance(before, int) and 1 <= value - before <= 2


def _page_beside(context, index: int, candidates: dict, step: int, reach: int, heads_only=False):
    """The nearest page number in direction `step` (a lone number in the sequence or between
    blank lines, or one set apart in a head), "edge" when the document ends first, None when
    `reach` does."""
    other = index + step
    while 0 <= other < len(context.contents) and abs(other - index) <= reach:
        if (not heads_only and other in candidates and candidates[other] is not None
                and (in_sequence(other, candidates) or _set_apart(context.contents, other))):
            return candidates[other]
        match = NUMBER_SET_APART.search(context.contents[other])
        if match:
            return int(match.group(1) or match.group(2))
        other += step
    return "edge" if not 0 <= other < len(context.contents) else None
