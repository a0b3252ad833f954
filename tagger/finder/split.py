"""Split a run of reference lines into references.

The boundary model (tagger.finder.boundaries) decides where each reference begins. The
list-wide rules here are its evidence: a numbering sequence ([1] [2] ..., 1. 2., (1), "1 ",
[C1], or bracketed keys like [BAD10]), a hanging indent, blank lines between entries, and a
line that begins with a name after one that ended a reference. A "|" separator line always
parts two references, and what follows a numbered list's last reference after a blank line
is not part of it.
"""

import re
from dataclasses import dataclass

from tagger.finder.boundaries import ENDS_MID_NAME, reference_starts
from tagger.finder.lines import IDENTIFIER, NUMBERING, names_first

NUMBER = re.compile(r"\d+")
ENDS_REFERENCE = re.compile(r"(?:[.)\]。】>”\"]|\d)$")


@dataclass
class RefLine:
    content: str  # the line without its indent and line end
    start: int  # document offset of content[0]
    indent: int
    gap: str  # what came between this and the previous reference line: "", "blank", "page"
    # (furniture), "page blank" (furniture and blank lines), "separator"
    layout: dict = None  # what a PDF's page measured of the line, when the input was one


def _numbered_starts(lines: list):
    """Indices that begin a reference under the best numbering style, or None."""
    best = None
    for style, pattern in NUMBERING:
        starts = []
        expected = None
        for index, line in enumerate(lines):
            match = pattern.match(line.content + " ")  # "3." alone: its text on the next line
            if not match:
                continue
            if style == "key":
                starts.append(index)
                continue
            number = int(NUMBER.search(match.group()).group())
            if expected is None or expected <= number <= expected + 1:
                starts.append(index)
                expected = number + 1
        # a few lines that happen to start with consecutive numbers do not make a list
        enough = len(starts) >= max(2, len(lines) // 8)
        if enough and (best is None or len(starts) > len(best)):
            best = starts
    if best is None and len(lines) == 1 and any(p.match(lines[0].content) for _, p in NUMBERING):
        best = [0]
    return best


def _hanging_starts(lines: list):
    """Indices at the base indent, when continuation lines are clearly indented more."""
    base = min(line.indent for line in lines)
    flush = [index for index, line in enumerate(lines) if line.indent == base]
    indented = len(lines) - len(flush)
    if len(flush) >= 2 and indented >= max(1, len(lines) // 5):
        return flush
    return None


def _blank_separated(lines: list, blank_gaps: set) -> bool:
    """Are blank lines the separators? Enough of them to be a habit but not so many that they
    are simply everywhere (double spacing), and each after a line that ends a reference."""
    pairs = len(lines) - 1
    ending = sum(1 for index in blank_gaps if ends_reference(lines[index - 1].content))
    return pairs / 5 <= len(blank_gaps) < 0.6 * pairs and ending >= 0.8 * len(blank_gaps)


def ends_reference(content: str) -> bool:
    if ENDS_MID_NAME.search(content):
        return False
    last_word = content.rsplit(None, 1)[-1]
    return bool(ENDS_REFERENCE.search(content)) or bool(IDENTIFIER.search(last_word))


def _shape_starts(lines: list) -> list:
    """A line starts a reference when it begins with a name and the line before ended one."""
    starts = [0]
    for index in range(1, len(lines)):
        if names_first(lines[index].content) and ends_reference(lines[index - 1].content):
            starts.append(index)
    return starts


def starts_cut_off(lines: list, starts_at_numbering: bool) -> bool:
    """Does the first line continue a reference whose beginning is not in the text?"""
    first = lines[0].content
    if starts_at_numbering:
        return not any(pattern.match(first) for _, pattern in NUMBERING)
    return first[:1].islower() or (first[:1] in ",;:.)]-–")


def list_hints(lines: list) -> dict:
    """What the list-wide rules say about a run of reference lines: the lines that start a
    reference under the best numbering sequence, under a hanging indent, by a line's shape
    after one that ended a reference; whether blank lines part the references."""
    numbered = _numbered_starts(lines)
    blank_gaps = {i for i, line in enumerate(lines) if i and line.gap == "blank"}
    return {"numbered": set(numbered or ()), "numbered_list": numbered is not None,
            "hanging": set(_hanging_starts(lines) or ()), "shape": set(_shape_starts(lines)),
            "blank_separated": _blank_separated(lines, blank_gaps) if len(lines) > 1 else False}


def split_references(lines: list, model=None) -> list:
    """Group reference lines into references: a list of (lines, numbered) pairs. The boundary
    model (tagger.finder.boundaries) decides where each reference begins; a "|" separator
    line always parts two."""
    if not lines:
        return []
    hints = list_hints(lines)
    forced = {index for index, line in enumerate(lines) if index and line.gap == "separator"}
    starts = reference_starts(lines, hints, model) | forced
    ordered = sorted(starts)
    bounds = list(zip(ordered, ordered[1:] + [len(lines)]))
    numbered = hints["numbered_list"]
    if numbered:  # what follows the last numbered reference, set off by a blank line, is not one
        last = max(hints["numbered"])
        end = _end_of_list(lines, last, len(lines))
        bounds = [(a, min(b, end)) for a, b in bounds if a < end]
    return [(lines[a:b], numbered) for a, b in bounds]


def _end_of_list(lines: list, start: int, end: int) -> int:
    """Where the last reference of a numbered list ends: a few unnumbered lines set off by a
    blank line after a finished reference ("Received 15 April 2023; ...") are not part of it."""
    for index in range(max(start + 1, end - 3), end):
        if lines[index].gap == "blank" and ends_reference(lines[index - 1].content):
            return index
    return end
