"""Glyphs → fragments: runs of glyphs on one baseline with no wide gap inside.

A fragment never spans a column gutter (a gap wider than most of an em ends it), so the
columns can be found from fragments and a line rebuilt per column. Inside a fragment a
space goes where the PDF had one or where the gap between two glyphs is a word space; a
glyph set smaller and raised above the baseline is a superscript (a citation or footnote
mark), written with Unicode superscript digits so that "results.12" does not read as a number.
"""

from collections import Counter
from dataclasses import dataclass

SUPERSCRIPT_DIGITS = str.maketrans("0123456789+-=()", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾")
WORD_GAP = 0.18  # em: a gap this wide between glyphs is a space
BREAK_GAP = 0.9  # em: a gap this wide ends the fragment (a gutter, a tab stop)


@dataclass
class Fragment:
    text: str
    x0: float
    x1: float
    top: float
    bottom: float
    baseline: float
    size: float  # the body size of its glyphs (superscripts aside)
    superscript: bool  # holds a superscript mark
    starts_raised: bool  # its first glyph is a superscript (a footnote's mark)


def _same_run(previous, glyph, size: float) -> bool:
    if abs(glyph.baseline - previous.baseline) > 0.6 * max(size, glyph.size):
        return False
    if glyph.x0 < previous.x0 - 0.2 * size:  # went back left: a new line
        return False
    return glyph.x0 - previous.x1 <= BREAK_GAP * max(size, glyph.size)


def _build(glyphs: list) -> Fragment:
    sizes = Counter(glyph.size for glyph in glyphs)
    size = max(sizes, key=lambda s: (sizes[s], s))
    body = [g for g in glyphs if abs(g.size - size) < 0.05]
    baseline = Counter(g.baseline for g in body).most_common(1)[0][0]
    small, raised_by = 0.85 * size, 0.15 * size
    word_gap, mark_gap = WORD_GAP * size, 0.3 * size
    parts, raised_flags = [], []
    previous = None
    for glyph in glyphs:
        raised = glyph.size < small and baseline - glyph.baseline > raised_by
        raised_flags.append(raised)
        if previous is not None:
            gap = glyph.x0 - previous.x1
            if (glyph.space_before or gap > min(word_gap, WORD_GAP * 1.5 * glyph.size)) and not (
                    raised and gap < mark_gap):
                parts.append(" ")
        parts.append(glyph.char.translate(SUPERSCRIPT_DIGITS) if raised else glyph.char)
        previous = glyph
    return Fragment("".join(parts), glyphs[0].x0, max(g.x1 for g in glyphs),
                    min(g.top for g in body), max(g.bottom for g in body), baseline, size,
                    any(raised_flags), raised_flags[0] and len(glyphs) > 1)


def fragments(glyphs: list) -> list:
    """The fragments of a page, in content-stream order."""
    runs, current = [], []
    for glyph in glyphs:
        if current and not _same_run(current[-1], glyph, current[0].size):
            runs.append(current)
            current = []
        current.append(glyph)
    if current:
        runs.append(current)
    return [_build(run) for run in runs]
