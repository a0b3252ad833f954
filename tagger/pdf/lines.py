"""A page's fragments → its lines, in reading order, as plain data.

Fragments on one baseline in one column of one band make one line, one space between them
where they stand apart (tagger.pdf.columns says where the bands and columns are).
"""

from dataclasses import dataclass, field, replace

from tagger.pdf.columns import (bands, document_gutters, find_columns, left_column_continued,
                                reading_order, with_hint)
from tagger.pdf.margins import drop_line_numbers
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
    column: int | None  # 0, 1, … from the left; None full width or a one-column page
    flags: set = field(default_factory=set)  # "superscript", "footnote-mark", later furniture
    indent: int = 0  # spaces of indent from its column's left edge (set by tagger.pdf.document)
    band: int = 0  # the page's bands top to bottom (tagger.pdf.columns)
    columns: int = 1  # how many columns its band has
    style: int = 0  # BOLD | ITALIC (tagger.pdf.extract) when most of the line is so set
    parts: tuple = ()  # its text in the pieces set wide apart (more than two ems), if several
    color: int = 0  # the fill colour of most of its text, 0xRRGGBB

    @property
    def box(self) -> tuple:
        return (round(self.x0, 1), round(self.top, 1), round(self.x1, 1), round(self.bottom, 1))


def _join(parts: list) -> tuple:
    """The line's text, one space where its fragments stand apart, and its pieces set wide
    apart (a head with the page number at one end)."""
    text, pieces = parts[0].text, [parts[0].text]
    for previous, fragment in zip(parts, parts[1:]):
        gap = fragment.x0 - previous.x1
        size = max(previous.size, 1.0)
        text += ("" if gap < WORD_GAP * size else " ") + fragment.text
        if gap > 2 * size:
            pieces.append(fragment.text)
        else:
            pieces[-1] += ("" if gap < WORD_GAP * size else " ") + fragment.text
    return text, tuple(pieces) if len(pieces) > 1 else ()


def _line(parts: list, page: int, column, band: int, count: int) -> PdfLine:
    parts.sort(key=lambda fragment: fragment.x0)
    longest = max(parts, key=lambda fragment: len(fragment.text))
    flags = set()
    if any(fragment.superscript for fragment in parts):
        flags.add("superscript")
    if parts[0].starts_raised:
        flags.add("footnote-mark")
    letters = sum(len(f.text) for f in parts)
    style = 0
    for bit in (1, 2):
        if sum(len(f.text) for f in parts if f.style & bit) > 0.6 * letters:
            style |= bit
    text, pieces = _join(parts)
    return PdfLine(text, page, parts[0].x0, min(f.top for f in parts),
                   max(f.x1 for f in parts), max(f.bottom for f in parts), longest.baseline,
                   longest.size, column, flags, band=band, columns=count, style=style,
                   parts=pieces, color=longest.color)


def _same_line(first, fragment) -> bool:
    raised = first.baseline - fragment.baseline
    if fragment.size < 0.85 * first.size and -0.4 * first.size <= raised < 0.6 * first.size:
        return True  # a superscript or subscript set apart from its line
    return abs(raised) < 0.35 * max(fragment.size, first.size)


def _as_mark(first, fragment):
    """A fragment set small and raised beside a line is a superscript mark of it."""
    raised = first.baseline - fragment.baseline
    if not (fragment.size < 0.85 * first.size and raised > 0.15 * first.size):
        return fragment
    return replace(fragment, text=fragment.text.translate(SUPERSCRIPT_DIGITS), superscript=True,
                   size=first.size, baseline=first.baseline, starts_raised=True)


def document_lines(pages: list, warnings: list | None = None) -> list:
    """The lines of each extracted page (tagger.pdf.extract.Page), in reading order; a band
    too sparse to show its columns takes those of the other pages. A page whose layout
    cannot be made out is left empty, with a warning naming it."""
    def bands_and_columns(page):
        page_bands = bands(drop_line_numbers(fragments(page.glyphs)))
        return left_column_continued(page_bands, [find_columns(band) for band in page_bands])

    found = [_or_empty(bands_and_columns, page, warnings) or ([], []) for page in pages]
    hint = document_gutters([columns for _, columns in found],
                            [page_bands for page_bands, _ in found])

    def lines_of(page, page_bands, page_columns):
        return page_lines(page, page_bands, [with_hint(columns, band, hint)
                                             for columns, band in zip(page_columns, page_bands)])

    return [_or_empty(lines_of, page, warnings, page_bands, page_columns)
            for page, (page_bands, page_columns) in zip(pages, found)]


def _or_empty(function, page, warnings, *args) -> list:
    """function(page, *args), or [] when it fails on this page's input (a warning says so)."""
    try:
        return function(page, *args)
    except MemoryError:
        raise
    except Exception as error:
        if warnings is not None:
            warnings.append(f"page {page.number}: its layout cannot be made out "
                            f"({str(error) or 'an internal error'}); skipped")
        return []


def page_lines(page, page_bands: list, page_columns: list) -> list:
    """The lines of one page from its bands of fragments and their columns, in reading order."""
    lines = []
    for band_index, (band, columns) in enumerate(zip(page_bands, page_columns)):
        groups = {}
        for fragment in sorted(band, key=lambda f: f.baseline):
            column = columns.of(fragment)
            # a line is the fragments of one column whose baselines are close
            for key in reversed(list(groups)[-6:]):
                if key[0] == column and _same_line(groups[key][0], fragment):
                    groups[key].append(_as_mark(groups[key][0], fragment))
                    break
            else:
                groups[(column, len(groups))] = [fragment]
        count = columns.count
        lines += [_line(parts, page.number, None if count == 1 else key[0], band_index, count)
                  for key, parts in groups.items()]
    return reading_order(lines)
