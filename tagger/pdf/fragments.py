"""Glyphs → fragments: runs of glyphs on one baseline with no wide gap inside.

A fragment never spans a column gutter (a gap wider than about an em ends it), so the
columns can be found from fragments and a line rebuilt per column. Inside a fragment one
space goes between two words, wherever the PDF drew them: a space typed in the PDF is one;
otherwise the gap between two glyphs is measured against the font size and against the
run's own gaps, so a letter-spaced word ("C a r t e r") stays one word and kerning never
splits one. A glyph set smaller and raised above the baseline is a superscript (a citation,
footnote or affiliation mark), written with Unicode superscript digits (and letters) so that "results.12" does not
read as a number; one set smaller and lowered is a subscript, kept in its place ("IgG₁").
An accent drawn as a glyph of its own over a letter is joined to the letter.
"""

import statistics
from collections import Counter
from dataclasses import dataclass

from tagger.pdf.characters import SPACING_ACCENTS, combining, compose
from tagger.pdf.extract import BOLD, INFERRED, ITALIC, TYPED

SUPERSCRIPT_DIGITS = str.maketrans("0123456789+-=()", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾")
# raised letters too (an affiliation's "ᵃ"): every lower-case letter Unicode has but q
SUPERSCRIPT = str.maketrans("0123456789+-=()abcdefghijklmnoprstuvwxyz",
                            "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻ")
SUBSCRIPT_DIGITS = str.maketrans("0123456789+-=()", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎")
ACCENT_MARKS = frozenset(SPACING_ACCENTS)
WORD_GAP = 0.12  # em: a gap this wide between two glyphs is a word space
BREAK_GAP = 1.0  # em: a gap this wide ends the fragment (a gutter, a tab stop)


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
    style: int = 0  # BOLD | ITALIC when most of its letters are so set
    words: int = 1
    color: int = 0  # the fill colour of most of its glyphs, 0xRRGGBB


def word_gap(gaps: list, size: float) -> float:
    """The least gap that separates two words in a run whose glyph gaps are `gaps`: a fixed
    share of an em, raised when the run is letter-spaced (most of its gaps are wide)."""
    if len(gaps) >= 4:
        usual = statistics.median(gaps)
        if usual > 0.05 * size:  # tracked: letters stand apart, words further
            return usual + WORD_GAP * size
    return WORD_GAP * size


def place_accents(glyphs: list) -> list:
    """The glyphs with each accent drawn as a glyph of its own joined to the letter under it
    (a typesetter may draw it before the letter or at the end of the line)."""
    accents = [index for index, glyph in enumerate(glyphs)
               if (glyph.char in ACCENT_MARKS or glyph.char > "\u02ff")
               and len(glyph.char) == 1 and combining(glyph.char) is not None]
    if not accents:
        return glyphs
    hosted, marks = set(), {id(glyphs[index]) for index in accents}
    for index in accents:
        accent = glyphs[index]
        middle = (accent.x0 + accent.x1) / 2
        best, host = accent.size, None
        for other in _near(glyphs, index):
            rise = other.top - accent.top  # an accent sits level with its letter or above it
            # an accent never hosts another: "ˆ" is a letter to Unicode (a modifier letter)
            if other.x0 - 0.3 <= middle <= other.x1 + 0.3 and other.char.isalpha() \
                    and id(other) not in marks \
                    and -0.25 * accent.size < rise < 0.7 * accent.size:
                distance = abs(rise) + abs(middle - (other.x0 + other.x1) / 2)
                if distance < best:
                    best, host = distance, other
        if host is not None:
            host.char = compose(host.char + combining(accent.char))
            hosted.add(index)
    return [glyph for index, glyph in enumerate(glyphs) if index not in hosted]


def _near(glyphs: list, index: int, window: int = 400):
    """The glyphs that may lie under the accent at `index`: those of its own line, looked
    for among the glyphs drawn near it (a line's accents come with the line)."""
    accent = glyphs[index]
    return [other for other in glyphs[max(0, index - window):index + window]
            if abs(other.baseline - accent.baseline) < accent.size and other is not accent]


def _build(glyphs: list) -> Fragment:
    """One run of glyphs as a fragment: its body size and baseline, raised and lowered
    glyphs written as super- and subscripts, one space between words."""
    sizes = [g.size for g in glyphs]
    first = sizes[0]
    if min(sizes) == max(sizes) >= 0:
        return _build_plain(glyphs, first)  # most runs: one size, so no raised marks
    if len(glyphs) == 1 or first == sizes[-1] == sizes[len(glyphs) // 2]:
        size = first  # most runs are set in one size
    else:
        counts = Counter(round(value, 1) for value in sizes)
        size = max(counts, key=lambda s: (counts[s], s))
    body = [g for g in glyphs if abs(g.size - size) < 0.06] or glyphs
    baseline = Counter(g.baseline for g in body).most_common(1)[0][0]
    small, raised_by, lowered_by = 0.85 * size, 0.15 * size, 0.08 * size
    gaps = [b.x0 - a.x1 for a, b in zip(glyphs, glyphs[1:]) if b.space_before != TYPED]
    threshold = word_gap(gaps, size)
    tracked = threshold > WORD_GAP * size
    least, close = 0.015 * size, 0.3 * size
    letters = spaced_letters(glyphs, size)
    parts, words, any_raised, first_raised, right = [], 1, False, False, None
    for index, glyph in enumerate(glyphs):
        char, raised, lowered = glyph.char, False, False
        if glyph.size < small:
            raised = baseline - glyph.baseline > raised_by
            lowered = glyph.baseline - baseline > lowered_by
        if right is None:
            first_raised = raised
        else:
            gap = glyph.x0 - right
            space = glyph.space_before
            # PDFium's inferred space stands unless the run is letter-spaced (it infers one
            # between tracked letters) or the glyphs overlap
            spaced = space == TYPED or index not in letters and (gap > threshold or (
                space == INFERRED and not tracked and gap > least))
            if spaced and not ((raised or lowered) and gap < close):
                parts.append(" ")
                words += 1
        if raised:
            char = char.translate(SUPERSCRIPT)
            any_raised = True
        elif lowered:
            char = char.translate(SUBSCRIPT_DIGITS)
        parts.append(char)
        right = glyph.x1
    return Fragment(compose("".join(parts)), glyphs[0].x0, max(g.x1 for g in glyphs),
                    min(g.top for g in body), max(g.bottom for g in body), baseline, size,
                    any_raised, first_raised and len(glyphs) > 1, _style(body), words,
                    _color(glyphs))


def _build_plain(glyphs: list, size: float) -> Fragment:
    """_build for a run set in one size: every glyph is body text, none raised or lowered,
    so only the spaces between them are to be decided."""
    baselines = [g.baseline for g in glyphs]
    baseline = baselines[0] if min(baselines) == max(baselines) else \
        Counter(baselines).most_common(1)[0][0]
    threshold = WORD_GAP * size
    if len(glyphs) >= 5:  # word_gap: four gaps or more may show letter-spacing
        gaps = [b.x0 - a.x1 for a, b in zip(glyphs, glyphs[1:]) if b.space_before != TYPED]
        threshold = word_gap(gaps, size)
    tracked = threshold > WORD_GAP * size
    least = 0.015 * size
    letters = spaced_letters(glyphs, size)
    parts, words = [glyphs[0].char], 1
    right = glyphs[0].x1
    for index, glyph in enumerate(glyphs[1:], 1):
        space = glyph.space_before
        if space:
            gap = glyph.x0 - right
            if space == TYPED or index not in letters and (
                    gap > threshold or not tracked and gap > least):
                parts.append(" ")
                words += 1
        elif glyph.x0 - right > threshold and index not in letters:
            parts.append(" ")
            words += 1
        parts.append(glyph.char)
        right = glyph.x1
    return Fragment(compose("".join(parts)), glyphs[0].x0, max(g.x1 for g in glyphs),
                    min(g.top for g in glyphs), max(g.bottom for g in glyphs), baseline, size,
                    False, False, _style(glyphs), words, _color(glyphs))


def spaced_letters(glyphs: list, size: float) -> set:
    """The indices of the glyphs that stand in a stretch of glyphs set apart by one even gap
    with no space typed between them: a DOI or a link in a typewriter font set letter-spaced
    ("1 0 . 4 7 3 9 7 / t b" where "10.47397/tb" is printed; PDFium infers a space before
    each), or a word tracked inside a line of plain text. Words are never one glyph each with
    the same gap, five times running: no space goes between such glyphs, however wide the
    gap. The gap before the stretch (after "doi:") is wider, and stays one."""
    if len(glyphs) <= TRACKED_RUN:
        return set()
    gap = [0.0] + [b.x0 - a.x1 for a, b in zip(glyphs, glyphs[1:])]
    even, narrowest, widest = 0.02 * size, 0.05 * size, 0.3 * size
    spaced, chain = set(), []
    for index in range(1, len(glyphs)):
        if glyphs[index].space_before == TYPED or not narrowest < gap[index] < widest:
            if len(chain) >= TRACKED_RUN:
                spaced.update(chain)
            chain = []
        elif chain and abs(gap[index] - gap[chain[0]]) < even:
            chain.append(index)
        else:
            if len(chain) >= TRACKED_RUN:
                spaced.update(chain)
            chain = [index]
    if len(chain) >= TRACKED_RUN:
        spaced.update(chain)
    return spaced


TRACKED_RUN = 5  # gaps in a row of the same width between single glyphs: letter-spacing, not words
# (a math ellipsis ", . . . ," has four)


def _style(body: list) -> int:
    """BOLD | ITALIC when most of the run's letters are so set."""
    first = body[0].style
    if all(g.style == first for g in body):
        return first & (BOLD | ITALIC)
    letters = [g for g in body if g.char.isalpha()] or body
    style = 0
    for bit in (BOLD, ITALIC):
        if sum(1 for g in letters if g.style & bit) > 0.6 * len(letters):
            style |= bit
    return style


def _color(glyphs: list) -> int:
    """The fill colour of most of the run's glyphs."""
    if glyphs[0].color == glyphs[-1].color:
        return glyphs[0].color
    return Counter(g.color for g in glyphs).most_common(1)[0][0]


def _after_number(run: list, glyph) -> bool:
    """A number standing more than half an em before the text (a margin line number set
    close to its line) is a fragment of its own."""
    return (len(run) <= 5 and glyph.x0 - run[-1].x1 > 0.5 * glyph.size
            and abs(run[-1].baseline - glyph.baseline) < 0.1 * glyph.size
            and all(g.char.isdigit() for g in run))


def fragments(glyphs: list) -> list:
    """The fragments of a page, in content-stream order."""
    glyphs = place_accents(glyphs)
    if not glyphs:
        return []
    first = glyphs[0]
    runs, current = [], [first]
    size, baseline, left, right = first.size, first.baseline, first.x0, first.x1
    for glyph in glyphs[1:]:
        glyph_size, x0 = glyph.size, glyph.x0
        em = size if size > glyph_size else glyph_size
        if (abs(glyph.baseline - baseline) > 0.6 * em
                or x0 < left - 0.2 * size  # went back left: a new line
                or x0 - right > BREAK_GAP * em
                or len(current) <= 5 and x0 - right > 0.5 * glyph_size
                and _after_number(current, glyph)):
            runs.append(current)
            current = [glyph]
            size = glyph_size
        else:
            current.append(glyph)
        baseline, left, right = glyph.baseline, x0, glyph.x1
    runs.append(current)
    return [_build(run) for run in runs]
