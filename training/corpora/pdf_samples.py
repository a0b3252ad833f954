"""Typeset papers as PDFs (reportlab) in the layouts `reftag find` meets, with their gold.

A small typesetter: a title block across the page, then one or two columns of body text
(superscript citation marks, a footnote on the first page) and a reference list (numbered
"[12]" or "12.", or author–year with a hanging indent), words hyphenated and DOIs broken at
line ends, running heads with the journal's name and the page number. It returns the PDF,
the same document as a text dump in reading order, and the references it holds. Used by
tests/test_pdf.py and training/benchmarks/bench_pdf.py; needs reportlab (the test extra).
"""

import io
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

DATA = Path(__file__).resolve().parents[2] / "data" / "finder"
CJK_FONTS = ("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
             "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc")
CJK_CHAR = re.compile(r"[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]")
NUMBER_PREFIX = re.compile(r"^(?:\[\d+\]|［\d+］|\(\d+\)|\d+\.)\s*")
SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


@dataclass
class Layout:
    columns: int = 2
    numbering: str = "bracket"  # "bracket" [1], "dot" 1., "none" (author–year, hanging indent)
    journal: str = "Journal of Reference Studies 12 (2024)"
    running_head: bool = True  # journal and page number at the top; else a page number foot
    footnote: str = ""  # set at the foot of the first page's first column
    stamp: str = ""  # set up the left margin of the first page, turned 90° (arXiv's stamp)
    hyphenate: bool = True
    cjk: bool = False
    width: float = 595.0
    height: float = 842.0
    margin: float = 54.0
    gutter: float = 20.0
    size: float = 9.5
    leading: float = 11.5
    ref_size: float = 8.5
    ref_leading: float = 10.0
    entry_space: float = 0.0  # extra space between references
    hanging: float = 12.0
    rotation: int = 0  # the page's /Rotate, the text drawn turned to match (a landscape page)


@dataclass
class Sample:
    pdf: bytes
    text: str  # the document as a text dump in reading order: heads, "\f" at page breaks
    references: list  # the references as gold: numbering kept, line breaks taken out
    places: list = field(default_factory=list)  # per reference: [(page, column) of each line]


def gold_references(*names: str, cjk: bool = False) -> list:
    """Reference texts from the hand-built finder documents (data/finder/*/NAME.json),
    numbering taken off; without `cjk` only those the standard Latin fonts can set."""
    found = []
    for name in names:
        path = next(DATA.glob(f"*/{name}.json"))
        for item in json.loads(path.read_text(encoding="utf-8")):
            text = strip_number(item["text"])
            if not item.get("partial") and (cjk or _latin(text)):
                found.append(text)
    return found


def _latin(text: str) -> bool:
    try:
        text.encode("cp1252")
    except UnicodeEncodeError:
        return False
    return True


def cjk_font() -> str | None:
    return next((path for path in CJK_FONTS if Path(path).exists()), None)


class _Setter:
    def __init__(self, layout: Layout, title: str, authors: str):
        from reportlab.pdfbase import pdfmetrics
        from reportlab.pdfgen import canvas

        self.layout, self.metrics = layout, pdfmetrics
        self.buffer = io.BytesIO()
        self.canvas = canvas.Canvas(self.buffer, pagesize=(layout.width, layout.height),
                                    invariant=1)
        self.font, self.bold = "Times-Roman", "Times-Bold"
        if layout.cjk:
            from reportlab.pdfbase.ttfonts import TTFont

            path = cjk_font()
            if path is None:
                raise FileNotFoundError("no CJK font (apt-get install fonts-wqy-microhei)")
            pdfmetrics.registerFont(TTFont("CJK", path, subfontIndex=0))
            self.font = self.bold = "CJK"
        self.pages = []  # per page: list of (column, text) in reading order
        self.page = 0
        self.column_width = (layout.width - 2 * layout.margin - (layout.columns - 1)
                             * layout.gutter) / layout.columns
        self.footnote_room = 0.0
        self._new_page()
        self._title(title, authors)

    # page furniture -------------------------------------------------------------------
    def _new_page(self):
        if self.page:
            self._finish_page()
            self.canvas.showPage()
        self.page += 1
        if self.layout.rotation:
            self._turn()
        self.pages.append({"head": [], "body": [[] for _ in range(self.layout.columns)],
                           "foot": []})
        self.column = 0
        self.y = self.layout.margin + 14  # top-down baseline of the next line
        self.top = self.y

    def _turn(self):
        """/Rotate on the page, and the drawing turned the other way, so it reads level as
        shown: the rest of the setter draws in the shown page's coordinates. (reportlab's
        page size is the shown one: a quarter turn swaps its MediaBox.)"""
        width, height = self.layout.width, self.layout.height
        if self.layout.rotation in (90, 270):
            width, height = height, width  # the page space's
        self.canvas.setPageRotation(self.layout.rotation)
        self.canvas.transform(*{90: (0, 1, -1, 0, width, 0), 180: (-1, 0, 0, -1, width, height),
                                270: (0, -1, 1, 0, 0, height)}[self.layout.rotation])

    def _finish_page(self):
        layout, page = self.layout, self.page
        if page == 1 and layout.footnote:
            self._footnote()
        if page == 1 and layout.stamp:
            self.canvas.saveState()
            self.canvas.translate(layout.margin - 20, layout.height / 3)
            self.canvas.rotate(90)
            self.canvas.setFont(self.font, 18)
            self.canvas.drawString(0, 0, layout.stamp)
            self.canvas.restoreState()
        number = str(100 + page)
        if layout.running_head:
            left, right = (layout.journal, number) if page % 2 else (number, "A. Author et al.")
            self._draw(left, layout.margin, layout.margin - 8, self.font, 8)
            width = self.metrics.stringWidth(right, self.font, 8)
            self._draw(right, layout.width - layout.margin - width, layout.margin - 8, self.font, 8)
            self.pages[-1]["head"].insert(0, f"{left}    {right}")
        else:
            width = self.metrics.stringWidth(number, self.font, 9)
            self._draw(number, (layout.width - width) / 2, layout.height - 30, self.font, 9)
            self.pages[-1]["foot"].append(number)

    def _footnote(self):
        """The first page's footnote, small, marked ¹, at the foot of its first column."""
        layout, size = self.layout, self.layout.ref_size - 1
        saved = self.column, self.y
        self.column, self.y = 0, layout.height - layout.margin - self.footnote_room + 4
        pieces = [("1", True, False)] + list(_tokens(layout.footnote))
        for line in self._wrap(pieces, size, self.font, 0, 0)[:3]:
            self.y += size + 1.5
            x = layout.margin
            text = ""
            for index, (piece, raised, space) in enumerate(line):
                if space and index:
                    x += self.metrics.stringWidth(" ", self.font, size)
                    text += " "
                piece_size = size * 0.6 if raised else size
                self._draw(piece, x, self.y - (size * 0.35 if raised else 0), self.font, piece_size)
                x += self.metrics.stringWidth(piece, self.font, piece_size)
                text += piece.translate(SUPERSCRIPT) if raised else piece
            self.pages[-1]["body"][0].append(text)
        self.column, self.y = saved

    def _draw(self, text, x, y_top, font, size):
        self.canvas.setFont(font, size)
        self.canvas.drawString(x, self.layout.height - y_top, text)

    def _title(self, title, authors):
        layout = self.layout
        for text, size in ((title, 16), (authors, 11)):
            width = self.metrics.stringWidth(text, self.bold, size)
            self._draw(text, (layout.width - width) / 2, self.y + size, self.bold, size)
            self.pages[-1]["head"].append(text)
            self.y += size * 1.6
        self.y += 10
        self.top = self.y
        if layout.footnote:
            self.footnote_room = 3 * layout.ref_leading + 6

    # flowing lines ----------------------------------------------------------------------
    def _bottom(self):
        room = self.footnote_room if self.page == 1 and self.column == 0 else 0
        return self.layout.height - self.layout.margin - room

    def _advance(self, leading):
        """Move to the next line's place, starting a column or page when this one is full."""
        if self.y + leading > self._bottom():
            if self.column + 1 < self.layout.columns:
                self.column += 1
            else:
                self._new_page()
            self.y = self.top
        self.y += leading

    def line(self, pieces, indent, size, leading, font=None):
        """Set one line of (text, superscript, space_before) pieces; return its text."""
        font = font or self.font
        self._advance(leading)
        x = self.layout.margin + self.column * (self.column_width + self.layout.gutter) + indent
        text = ""
        for index, (piece, raised, space) in enumerate(pieces):
            if space and index:
                x += self.metrics.stringWidth(" ", font, size)
                text += " "
            piece_size = size * 0.6 if raised else size
            lift = size * 0.35 if raised else 0
            self._draw(piece, x, self.y - lift, font, piece_size)
            x += self.metrics.stringWidth(piece, font, piece_size)
            text += piece.translate(SUPERSCRIPT) if raised else piece
        self.pages[-1]["body"][self.column].append(text)
        return self.page, self.column

    def paragraph(self, text, size, leading, first=0.0, rest=0.0, font=None):
        """Set a paragraph; return the (page, column) of each of its lines."""
        font = font or self.font
        places = []
        for index, pieces in enumerate(self._wrap(_tokens(text), size, font, first, rest)):
            places.append(self.line(pieces, first if index == 0 else rest, size, leading, font))
        return places

    def space(self, points):
        self.y += points

    def _width(self, pieces, font, size):
        total = 0.0
        for index, (piece, raised, space) in enumerate(pieces):
            if space and index:
                total += self.metrics.stringWidth(" ", font, size)
            total += self.metrics.stringWidth(piece, font, size * (0.6 if raised else 1))
        return total

    def _wrap(self, tokens, size, font, first, rest):
        lines, current = [], []
        tokens = list(tokens)
        while tokens:
            token = tokens.pop(0)
            room = self.column_width - (first if not lines else rest)
            if not current or self._width(current + [token], font, size) <= room:
                current.append(token if current else (token[0], token[1], False))
                continue
            head, tail = self._break(current, token, font, size, room)
            if head:
                current.append(head)
                tokens.insert(0, tail)
            else:
                tokens.insert(0, token)
            lines.append(current)
            current = []
        if current:
            lines.append(current)
        return lines

    def _break(self, current, token, font, size, room):
        """Split a word at the line end: hyphenated, or a DOI/URL after a "/" or "."."""
        word, raised, space = token
        if raised:
            return None, None
        if re.search(r"10\.\d{4,}/|https?://", word):
            points = [m.end() for m in re.finditer(r"[/.]", word) if 6 <= m.end() <= len(word) - 3]
            suffix = ""
        elif self.layout.hyphenate and re.fullmatch(r"[A-Za-z]{7,}[,.;:]?", word):
            letters = len(word.rstrip(",.;:"))
            points = list(range(3, letters - 2))
            suffix = "-"
        else:
            return None, None
        for point in reversed(points):
            head = (word[:point] + suffix, False, space)
            if self._width(current + [head], font, size) <= room:
                return head, (word[point:], False, False)
        return None, None

    def finish(self) -> tuple:
        self._finish_page()
        self.canvas.save()
        return self.buffer.getvalue(), self.pages


def _tokens(text: str):
    """(text, superscript, space_before) pieces: words, each CJK character alone, "^12" marks."""
    for match in re.finditer(r"(\s*)(\^\S+|[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]|"
                             r"[^\s\u3000-\u30ff\u3400-\u9fff\uff00-\uffef^]+)", text):
        piece = match.group(2)
        if piece.startswith("^"):
            yield piece[1:], True, False
        else:
            yield piece, False, bool(match.group(1))


def _page_text(pages) -> str:
    parts = []
    for index, page in enumerate(pages):
        lines = page["head"] + [line for column in page["body"] for line in column] + page["foot"]
        if index:
            lines[0] = "\f" + lines[0]
        parts.append("\n".join(lines))
    return "\n".join(parts)


BODY = ("Reference strings are parsed by sequence models^1 that label each token, and the "
        "best of them read the layout of the page as well^2,3. We describe the test documents "
        "used here, which were typeset for the purpose, and report how the references are "
        "found in them. Earlier systems relied on hand-written rules (Councill et al., 2008) "
        "and were tuned on a single citation style. ")


def typeset(layout: Layout, references: list, body_paragraphs: int = 3,
            title: str = "Finding References in Typeset Papers",
            authors: str = "A. Author and B. Writer") -> Sample:
    """Typeset a paper with `references` (texts without numbering) in `layout`."""
    setter = _Setter(layout, title, authors)
    heading = "参考文献" if layout.cjk else "References"
    if layout.cjk:
        body = ("本文研究参考文献的自动识别方法^1，并在排版的论文上进行测试。"
                "结果表明，版面信息有助于区分正文与参考文献。"
                "We also test English text in the same document. ")
    else:
        body = BODY
    for index in range(body_paragraphs):
        setter.paragraph(body * 2, layout.size, layout.leading, first=10.0)
    setter.space(layout.leading)
    setter.paragraph(heading, layout.size + 1, layout.leading + 2, font=setter.bold)
    setter.space(3)
    gold, places = [], []
    for number, reference in enumerate(references, 1):
        if layout.numbering == "bracket":
            text, first, rest = f"[{number}] {reference}", 0.0, 0.0
        elif layout.numbering == "dot":
            text, first, rest = f"{number}. {reference}", 0.0, layout.hanging
        else:
            text, first, rest = reference, 0.0, layout.hanging
        gold.append(text)
        places.append(setter.paragraph(text, layout.ref_size, layout.ref_leading, first, rest))
        setter.space(layout.entry_space)
    pdf, pages = setter.finish()
    return Sample(pdf, _page_text(pages), gold, places)


def strip_number(reference: str) -> str:
    return NUMBER_PREFIX.sub("", reference)


def samples() -> dict:
    """The test papers by name: each a Sample (CJK ones only when a CJK font is installed)."""
    made = {
        "ieee_two_column": typeset(
            Layout(footnote="Corresponding author: a.author@example.org. Received 1 May 2024; "
                            "accepted 9 June 2024.", stamp="arXiv:2405.01234v2 [cs.DL] 9 Jun 2024"),
            gold_references("jos_english_refs", "ieee_blank_lines", "paren_numbers_acm_footer"),
            body_paragraphs=16),
        "apa_one_column": typeset(
            Layout(columns=1, numbering="none", running_head=False, size=10.5, leading=13,
                   ref_size=10, ref_leading=12),
            gold_references("apa_hanging_indent", "chicago_author_date", "web_paste_separators"),
            body_paragraphs=4),
        "dot_two_column": typeset(
            Layout(numbering="dot", journal="Proceedings of the Society for Text Mining, Vol. 7"),
            gold_references("ieee_blank_lines", "jos_english_refs", "paren_numbers_acm_footer",
                            "apa_hanging_indent"),
            body_paragraphs=7),
        "author_year_two_column": typeset(
            Layout(numbering="none", entry_space=3.0, journal="Annals of Bibliometrics"),
            gold_references("chicago_author_date", "web_paste_separators", "apa_hanging_indent"),
            body_paragraphs=6),
    }
    if cjk_font():
        made["gbt7714_chinese_journal"] = typeset(
            Layout(cjk=True, journal="计算机学报 2024年 第47卷 第3期"),
            gold_references("gbt7714_chinese_journal", "gbt7714_fullwidth_thesis", cjk=True),
            body_paragraphs=18, title="基于版面信息的参考文献识别",
            authors="王一 李二")
    return made


def write(directory) -> list:
    """Write each Latin-script sample as NAME.pdf with its gold NAME.json (the layout of
    data/finder/handmade), for `reftag evaluate DIRECTORY`. The CJK paper is left out: it
    embeds a subset of a system font."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for name, sample in samples().items():
        if name.startswith("gbt"):
            continue
        (directory / f"{name}.pdf").write_bytes(sample.pdf)
        gold = [{"text": text} for text in sample.references]
        (directory / f"{name}.json").write_text(
            json.dumps(gold, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        written.append(name)
    return written


if __name__ == "__main__":
    import sys

    print(", ".join(write(sys.argv[1] if len(sys.argv) > 1 else DATA / "pdf")))
