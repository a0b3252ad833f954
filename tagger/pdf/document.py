"""A PDF as the text `reftag find` reads, with the layout kept beside it.

The text is what a careful text dump of the pages would be: reading order, a form feed
starting each page, each line indented by its distance from its column's left edge (so a
hanging indent reads as one), and a blank line where the vertical space between two lines
is wider than the column's usual line pitch. `furniture` holds the text lines that the
layout shows to be running heads, page numbers or footnotes; the finder takes them as such.
"""

import bisect
import re
import statistics
from dataclasses import dataclass, field

from tagger.pdf.extract import extract
from tagger.pdf.errors import PdfError
from tagger.pdf.furniture import FURNITURE, mark_furniture
from tagger.pdf.lines import document_lines

MAX_PAGES = 300
TIME_LIMIT = 60.0  # seconds


@dataclass
class PdfText:
    text: str
    lines: list  # one PdfLine or None (an inserted blank line) per line of `text`
    furniture: list  # indices of the lines of `text` that are page furniture
    page_count: int
    pages_read: int
    warnings: list = field(default_factory=list)
    _line_starts: list | None = field(default=None, repr=False)

    def page_at(self, offset: int) -> int | None:
        """The page of the line holding character `offset` of `text`."""
        if self._line_starts is None:
            self._line_starts = [0] + [match.end() for match in re.finditer("\n", self.text)]
        line_index = bisect.bisect_right(self._line_starts, offset) - 1
        for line in self.lines[line_index:]:
            if line is not None:
                return line.page
        return None


def _indents(lines: list) -> None:
    """Each line's indent, in spaces of half an em, from its column's left edge."""
    lefts = {}
    for line in lines:
        if not line.flags & FURNITURE:
            lefts[line.column] = min(lefts.get(line.column, line.x0), line.x0)
    for line in lines:
        left = lefts.get(line.column, line.x0)
        line.indent = max(0, min(40, int((line.x0 - left) / (0.5 * max(line.size, 1.0)) + 0.3)))


def _pitch(lines: list) -> float:
    """The usual distance between baselines of consecutive lines in one column."""
    deltas = [b.baseline - a.baseline for a, b in zip(lines, lines[1:])
              if a.column == b.column and 0 < b.baseline - a.baseline < 2.5 * a.size]
    return statistics.median(deltas) if deltas else 0.0


def compose(pages: list) -> tuple:
    """(text, line per text line, furniture indices) from each page's lines."""
    texts, owners, furniture = [], [], []
    for page_index, lines in enumerate(pages):
        _indents(lines)
        pitch = _pitch([line for line in lines if not line.flags & FURNITURE])
        previous = None
        for line_index, line in enumerate(lines):
            spaced = (previous is not None and pitch and line.column == previous.column
                      and line.baseline - previous.baseline > 1.3 * pitch + 0.5
                      and not (line.flags | previous.flags) & FURNITURE)
            if spaced:
                texts.append("")
                owners.append(None)
            text = " " * line.indent + line.text.strip()
            if page_index and line_index == 0:
                text = "\f" + text
            if line.flags & FURNITURE:
                furniture.append(len(texts))
            texts.append(text)
            owners.append(line)
            previous = line
    return "\n".join(texts), owners, furniture


def _unmapped_share(chars: list) -> float:
    """The share of glyphs PDFium could not map to a character (U+FFFD, private use)."""
    unmapped = sum(1 for char in chars if char == "\ufffd" or "\ue000" <= char <= "\uf8ff")
    return unmapped / max(len(chars), 1)


def read_pdf(source, max_pages: int = MAX_PAGES, time_limit: float = TIME_LIMIT) -> PdfText:
    """Read a PDF (a path or its bytes) into PdfText; PdfError when it cannot be read or
    has no text layer. Problems short of that (pages left unread) are in `warnings`."""
    extraction = extract(source, max_pages, time_limit)
    pages = document_lines(extraction.pages)
    if not any(pages):
        raise PdfError("the PDF has no text layer (scanned images?); reftag does not do OCR")
    glyphs = [glyph.char for page in extraction.pages for glyph in page.glyphs]
    if _unmapped_share(glyphs) > 0.3:
        raise PdfError("the PDF's text layer cannot be read: its fonts do not say which "
                       "characters they draw (no Unicode map)")
    mark_furniture(pages, [page.height for page in extraction.pages])
    text, owners, furniture = compose(pages)
    warnings = list(extraction.warnings)
    empty = sum(1 for lines in pages if not lines)
    if empty > len(pages) // 2:
        warnings.append(f"{empty} of {len(pages)} pages have no text layer (scanned?); "
                        "reftag does not do OCR")
    return PdfText(text, owners, furniture, extraction.page_count, len(extraction.pages),
                   warnings)
