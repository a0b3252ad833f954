"""A page's fragments → its lines, in reading order, as plain data.

Fragments on one baseline in one column make one line; a wide gap between two of them
(a running head set in two parts, a tab) is kept as a run of spaces, as a text dump of the
page would have it.
"""

from dataclasses import dataclass, field, replace

from tagger.pdf.columns import document_gutter, find_columns, reading_order, with_hint
from tagger.pdf.fragments import SUPERSCRIPT_DIGITS, WORD_GAP, fragments


@dataclass
class PdfLine:
    text: str
    page: int  # 1-based
    x0: float
    top: float
    x1: float
    bottom: float
    baseline: float
    size: float  # font size in points (superscripts aside)
    column: int | None  # 0 left, 1 right, None full width or a one-column page
    flags: set = field(default_factory=set)  # "superscript", "footnote-mark", later furniture
    indent: int = 0  # spaces of indent from its column's left edge (set by tagger.pdf.document)

    @property
    def box(self) -> tuple:
        return (round(self.x0, 1), round(self.top, 1), round(self.x1, 1), round(self.bottom, 1))


def _join(parts: list) -> str:
    text = parts[0].text
    for previous, fragment in zip(parts, parts[1:]):
        gap = fragment.x0 - previous.x1
        size = max(previous.size, 1.0)
        text += ("" if gap < WORD_GAP * size else " ") + fragment.text
    return text


def _line(parts: list, page: int, column) -> PdfLine:
    parts.sort(key=lambda fragment: fragment.x0)
    longest = max(parts, key=lambda fragment: len(fragment.text))
    flags = set()
    if any(fragment.superscript for fragment in parts):
        flags.add("superscript")
    if parts[0].starts_raised:
        flags.add("footnote-mark")
    return PdfLine(_join(parts), page, parts[0].x0, min(f.top for f in parts),
                   max(f.x1 for f in parts), max(f.bottom for f in parts), longest.baseline,
                   longest.size, column, flags)


def _same_line(first, fragment) -> bool:
    raised = first.baseline - fragment.baseline
    if fragment.size < 0.85 * first.size and 0 <= raised < 0.6 * first.size:
        return True  # a superscript set apart from its line
    return abs(raised) < 0.35 * max(fragment.size, first.size)


def _as_mark(first, fragment):
    """A fragment set small and raised beside a line is a superscript mark of it."""
    raised = first.baseline - fragment.baseline
    if not (fragment.size < 0.85 * first.size and raised > 0.15 * first.size):
        return fragment
    return replace(fragment, text=fragment.text.translate(SUPERSCRIPT_DIGITS), superscript=True,
                   size=first.size, baseline=first.baseline, starts_raised=True)


def document_lines(pages: list) -> list:
    """The lines of each extracted page (tagger.pdf.extract.Page), in reading order; a page
    too sparse to show its columns takes those of the others."""
    found = [fragments(page.glyphs) for page in pages]
    own = [find_columns(parts, page.width) for parts, page in zip(found, pages)]
    hint = document_gutter(own)
    return [page_lines(page, parts, with_hint(columns, parts, hint))
            for page, parts, columns in zip(pages, found, own)]


def page_lines(page, found: list, columns) -> list:
    """The lines of one page from its fragments and columns, in reading order."""
    groups = {}
    for fragment in sorted(found, key=lambda f: f.baseline):
        column = columns.of(fragment)
        # a line is the fragments of one column whose baselines are close
        for key in reversed(list(groups)[-6:]):
            if key[0] == column and _same_line(groups[key][0], fragment):
                groups[key].append(_as_mark(groups[key][0], fragment))
                break
        else:
            groups[(column, len(groups))] = [fragment]
    lines = [_line(parts, page.number, key[0]) for key, parts in groups.items()]
    return reading_order(lines)
