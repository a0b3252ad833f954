"""A PDF as the text `reftag find` reads, with the layout kept beside it.

The text is what a careful text dump of the pages would be: reading order, a form feed
starting each page, each line indented by its distance from its column's left edge (so a
hanging indent reads as one), and a blank line where the vertical space between two lines
is wider than the usual line pitch of text of that size. `furniture` holds the text lines
that the layout shows to be running heads, page numbers or footnotes; the finder takes them
as such. `layout` holds, for each line of the text, what the page shows of it (LineLayout):
evidence the text has lost, for the finder to weigh.
"""

import bisect
import operator
import re
import statistics
from collections import defaultdict
from dataclasses import dataclass, field, fields

from tagger.pdf.extract import BOLD, ITALIC, extract
from tagger.pdf.errors import PdfError
from tagger.pdf.furniture import FURNITURE, body_size, mark_furniture
from tagger.pdf.garbled import garbled_pages, warning as garbled_warning
from tagger.pdf.isolated import MEMORY_LIMIT, read_isolated
from tagger.pdf.lines import PdfLine, document_lines

MAX_PAGES = 300
TIME_LIMIT = 60.0  # seconds


@dataclass
class LineLayout:
    """What the page shows of one line of PdfText.text, measured against the document."""
    page: int  # 1-based
    column: int | None  # 0, 1, … from the left; None full width or one column
    columns: int  # columns of its band
    indent: float  # ems from its column's left edge
    gap: float  # space above it in line pitches (0 at a column's or page's top)
    size: float  # font size against the body's (1.0 body text, 1.2 a bigger head)
    bold: bool
    italic: bool
    x: float  # left edge, share of the page width
    y: float  # top, share of the page height
    furniture: bool  # running head, page number or footnote


@dataclass
class PdfText:
    text: str
    lines: list  # one PdfLine or None (an inserted blank line) per line of `text`
    furniture: list  # indices of the lines of `text` that are page furniture
    page_count: int
    pages_read: int
    warnings: list = field(default_factory=list)
    layout: list = field(default_factory=list)  # one LineLayout or None per line of `text`
    _line_starts: list | None = field(default=None, repr=False)

    def __reduce__(self):
        """Pickled as rows of plain values (what a reader's child process sends back,
        tagger.pdf.isolated): a third of the time of pickling an object per line."""
        return _unpickle, (self.text, _rows(self.lines, LINE_FIELDS), self.furniture,
                           self.page_count, self.pages_read, self.warnings,
                           _rows(self.layout, LAYOUT_FIELDS))

    @property
    def headings(self) -> list:
        """Indices of the lines set as headings: bold, short, and larger than the first line
        after them that is not bold (a section head over its text, "References" over its
        list). Bold names inside a reference keep the reference's size, so are never one."""
        found, after = [], None  # `after`: the first plain line below, walking up the text
        for index in range(len(self.layout) - 1, -1, -1):
            line = self.layout[index]
            if line is None or line.furniture:
                continue
            if not line.bold:
                after = line
            elif (after is not None and line.size > 1.05 * after.size
                  and len(self.lines[index].text) <= 100 and not self._goes_on(index)):
                found.append(index)
        return found[::-1]

    def _goes_on(self, index: int) -> bool:
        """Does a bold line go on from the plain line right above it, set at its size (a
        reference's bold URL under its plain lines, over a smaller signature)? A heading
        stands out from the text above it."""
        size, above = self.layout[index].size, index - 1
        while above >= 0 and self.layout[above] is not None and self.layout[above].bold:
            above -= 1
        line = self.layout[above] if above >= 0 else None
        return line is not None and not line.furniture and abs(line.size - size) <= 0.03 * size

    @property
    def plain_headings(self) -> list:
        """Indices of the headings whose font does not say bold (a journal's head in its own
        face, TeX's bitmap fonts, which carry no name): short lines set larger than the line
        of text above them and than the one below or the body's text ("Appendix A" over a
        larger "Protocol"). A list's last line over a smaller footnote goes on from the
        line above it, at its size."""
        return [index for index, line in enumerate(self.layout)
                if line is not None and not line.furniture and not line.bold
                and self._stands_out(index)]

    def _stands_out(self, index: int) -> bool:
        line = self.layout[index]
        if len(self.lines[index].text.strip()) > 60:
            return False
        above, below = (self._larger_than_next(index, step) for step in (-1, 1))
        return above and (below or line.size >= 1.08)

    def _larger_than_next(self, index: int, step: int) -> bool:
        """Is the line set larger than the next line of text above (step -1) or below it
        (or is there none)?"""
        near = index + step
        while 0 <= near < len(self.layout) and (
                self.layout[near] is None or self.layout[near].furniture):
            near += step
        return not 0 <= near < len(self.layout) or (
            self.layout[index].size >= 1.08 * self.layout[near].size)

    def page_at(self, offset: int) -> int | None:
        """The page of the line holding character `offset` of `text`."""
        if self._line_starts is None:
            self._line_starts = [0] + [match.end() for match in re.finditer("\n", self.text)]
        line_index = bisect.bisect_right(self._line_starts, offset) - 1
        for line in self.lines[line_index:]:
            if line is not None:
                return line.page
        return None


LINE_FIELDS = operator.attrgetter(*(item.name for item in fields(PdfLine)))
LAYOUT_FIELDS = operator.attrgetter(*(item.name for item in fields(LineLayout)))


def _rows(items: list, values) -> list:
    return [None if item is None else values(item) for item in items]


def _unpickle(text, lines, furniture, page_count, pages_read, warnings, layout) -> PdfText:
    return PdfText(text, [None if row is None else PdfLine(*row) for row in lines], furniture,
                   page_count, pages_read, warnings,
                   [None if row is None else LineLayout(*row) for row in layout])


def _lefts(lines: list) -> dict:
    """The left edge of each column of one page, by (band, column) where the band holds
    enough of the column to show it, else by the page's (columns, column)."""
    lefts, counts = {}, defaultdict(int)
    for line in lines:
        if not line.flags & FURNITURE:
            for key in ((line.columns, line.column), ("band", line.band, line.column)):
                lefts[key] = min(lefts.get(key, line.x0), line.x0)
            counts[line.band, line.column] += 1
    for (band, column), count in counts.items():
        if count < 3:
            del lefts["band", band, column]
    return lefts


def _pitches(lines: list) -> dict:
    """The usual distance between baselines of consecutive lines of one column, by size."""
    deltas = defaultdict(list)
    for a, b in zip(lines, lines[1:]):
        if (a.column, a.band) == (b.column, b.band) and 0 < b.baseline - a.baseline < 2.5 * a.size:
            deltas[round(b.size)].append(b.baseline - a.baseline)
    return {size: statistics.median(values) for size, values in deltas.items()}


def compose(pages: list, sizes: list | None = None) -> tuple:
    """(text, line per text line, furniture indices, LineLayout per text line) from each
    page's lines; `sizes` the pages' (width, height)."""
    texts, owners, furniture, layout = [], [], [], []
    body = body_size(pages)
    for page_index, lines in enumerate(pages):
        width, height = sizes[page_index] if sizes else (612.0, 792.0)
        lefts = _lefts(lines)
        content = [line for line in lines if not line.flags & FURNITURE]
        pitches = _pitches(content)
        usual = statistics.median(pitches.values()) if pitches else 0.0
        previous = None
        for line_index, line in enumerate(lines):
            is_furniture = bool(line.flags & FURNITURE)
            left = lefts.get(("band", line.band, line.column),
                             lefts.get((line.columns, line.column), line.x0))
            ems = max(0.0, (line.x0 - left) / max(line.size, 1.0))
            line.indent = max(0, min(40, int(2 * ems + 0.3)))
            pitch = pitches.get(round(line.size), usual)
            gap = 0.0
            if previous is not None and pitch and (line.column, line.band) == (
                    previous.column, previous.band):
                gap = max(0.0, (line.baseline - previous.baseline) / pitch - 1.0)
            spaced = previous is not None and not (line.flags | previous.flags) & FURNITURE and (
                gap > 0.3 + 0.5 / max(pitch, 1.0) or line.band != previous.band)
            if spaced:
                texts.append("")
                owners.append(None)
                layout.append(None)
            text = " " * line.indent + line.text.strip()
            if page_index and line_index == 0:
                text = "\f" + text
            if is_furniture:
                furniture.append(len(texts))
            texts.append(text)
            owners.append(line)
            layout.append(LineLayout(
                line.page, line.column, line.columns, round(ems, 2), round(gap, 2),
                round(line.size / body, 2) if body else 1.0, bool(line.style & BOLD),
                bool(line.style & ITALIC), round(line.x0 / width, 3), round(line.top / height, 3),
                is_furniture))
            if not is_furniture:
                previous = line
    return "\n".join(texts), owners, furniture, layout


def _unmapped_share(chars: list) -> float:
    """The share of glyphs PDFium could not map to a character (U+FFFD, private use)."""
    unmapped = sum(1 for char in chars if char == "\ufffd" or "\ue000" <= char <= "\uf8ff")
    return unmapped / max(len(chars), 1)


def _why_no_text(extraction) -> str:
    """Why no page gave a line: no page had a size, the text lay where no reader sees it,
    or there is no text layer at all."""
    if extraction.unsized and not extraction.pages:
        return "the PDF's pages have no usable size (their boxes are empty or no numbers)"
    if extraction.dropped:
        return ("the PDF's text cannot be placed: it lies off its pages or is set at sizes no "
                f"page can show ({extraction.dropped:,} characters or text objects)")
    return "the PDF has no text layer (scanned images?); reftag does not do OCR"


def read_pdf(source, max_pages: int = MAX_PAGES, time_limit: float = TIME_LIMIT,
             isolate: bool = True, memory_limit: int = MEMORY_LIMIT) -> PdfText:
    """Read a PDF (a path or its bytes) into PdfText; PdfError when it cannot be read or
    has no text layer. Problems short of that (pages left unread) are in `warnings`.

    With `isolate` (the default) the reading runs in a child process that may use
    `memory_limit` MB more than this one and is stopped past twice `time_limit` (plus a few
    seconds): a decompression bomb or a PDFium abort costs a PdfError, never this process
    (tagger.pdf.isolated). `isolate=False` reads here, a few milliseconds quicker: for PDFs
    one trusts."""
    if isolate:
        return read_isolated(read_layout, source, max_pages, time_limit, memory_limit)
    return read_layout(source, max_pages, time_limit)


def read_layout(source, max_pages: int = MAX_PAGES, time_limit: float = TIME_LIMIT) -> PdfText:
    """read_pdf in this process."""
    extraction = extract(source, max_pages, time_limit)
    warnings = list(extraction.warnings)
    pages = document_lines(extraction.pages, warnings)
    if not any(pages):
        raise PdfError(_why_no_text(extraction))
    glyphs = [glyph.char for page in extraction.pages for glyph in page.glyphs]
    if _unmapped_share(glyphs) > 0.3:
        raise PdfError("the PDF's text layer cannot be read: its fonts do not say which "
                       "characters they draw (no Unicode map)")
    mark_furniture(pages, [page.height for page in extraction.pages])
    text, owners, furniture, layout = compose(
        pages, [(page.width, page.height) for page in extraction.pages])
    empty = sum(1 for lines in pages if not lines)
    if empty > len(pages) // 2:
        warnings.append(f"{empty} of {len(pages)} pages have no text layer (scanned?); "
                        "reftag does not do OCR")
    read = PdfText(text, owners, furniture, extraction.page_count, len(extraction.pages),
                   warnings, layout)
    garbled = garbled_pages(read)
    if garbled:
        warnings.append(garbled_warning(garbled))
    return read
