"""Page furniture by position and repetition: running heads and feet, page numbers, footnotes.

A running head or foot sits at the top or bottom edge of its page and comes back, digits
aside, on other pages ("Journal of X 12 (2024) 117" / "... 118"); a page number sits at an
edge alone. A footnote is the last block of a column, set smaller than the body text, whose
first line starts with a raised mark or a footnote sign. A link a publisher sets under each
reference ("Publisher Full Text") is a short line in a colour of its own that comes back many
times. Each is marked in the line's flags.
"""

import re
from collections import Counter, defaultdict

DIGITS = re.compile(r"\d+")
PAGE_NUMBER = re.compile(
    r"^(?:page\s+|p\.\s*)?[-–—]?\s*(?:\d{1,4}|[ivxlcdm]{1,6})\s*(?:(?:/|of)\s*\d{1,4})?"
    r"\s*[-–—]?$",
    re.IGNORECASE)
NUMBER = re.compile(r"\d{1,4}")
# A head's text with the page number at one end: "1186 计算机应用研究 2021 年 第 38 卷",
# "Zhao et al. 1187".
HEAD_NUMBER = re.compile(r"^(\d{1,4})\s+\D.*$|^.*\D\s(\d{1,4})$")
FOOTNOTE_SIGN = re.compile(r"^(?:[†‡§¶]|\*\s|[¹²³⁴⁵⁶⁷⁸⁹⁰]+)")  # "*Smith, J." marks a study
EDGE = 0.2  # the outer fifth of the page, top or bottom
EDGE_ROWS = 3  # at most this many rows at each edge count as furniture candidates
FURNITURE = frozenset({"runninghead", "pagenumber", "footnote", "link"})
LINK_WORDS = re.compile(r"[A-Z][A-Za-z]*(?: [A-Za-z]+)*")  # "PubMed Abstract", no URL's tail
LINK_REPEATS = 3  # a link line ("Publisher Full Text") comes back under this many references


def _key(text: str) -> str:
    return DIGITS.sub("#", " ".join(text.split())).casefold()


def _rows(lines: list) -> list:
    """The lines grouped into rows on one baseline (a head set in parts), top to bottom."""
    rows = []
    for line in sorted(lines, key=lambda line: line.baseline):
        if rows and line.baseline - rows[-1][0].baseline < 0.5 * line.size:
            rows[-1].append(line)
        else:
            rows.append([line])
    return rows


def _edge_block(rows: list, within) -> list:
    """The lines of the first rows (at most EDGE_ROWS) that lie `within` the page's edge and
    stand apart from the rows after them by more than a line's space."""
    picked = []
    for index, row in enumerate(rows[:EDGE_ROWS]):
        if not all(within(line) for line in row):
            break
        following = rows[index + 1] if index + 1 < len(rows) else None
        size = max(line.size for line in row)
        if following is None or abs(following[0].baseline - row[0].baseline) > 1.6 * size:
            picked = [line for kept in rows[:index + 1] for line in kept]
    return picked


def _edge_lines(lines: list, height: float) -> list:
    """The few lines at the top and bottom edge of one page, set apart from the text next to
    them by more than a line's space (the first line of a column is not)."""
    rows = _rows(lines)
    top = _edge_block(rows, lambda line: line.bottom < EDGE * height)
    bottom = _edge_block(rows[::-1], lambda line: line.top > (1 - EDGE) * height)
    return top + [line for line in bottom if line not in top]


def _number_at_end(line) -> bool:
    """A head or foot in parts set wide apart, a page number at one end ("REFERENCES   3")."""
    parts = line.parts
    return len(parts) > 1 and bool(NUMBER.fullmatch(parts[0]) or NUMBER.fullmatch(parts[-1]))


def body_size(pages: list) -> float:
    """The font size most of the text is set in."""
    sizes = Counter()
    for lines in pages:
        for line in lines:
            sizes[round(line.size, 1)] += len(line.text)
    return sizes.most_common(1)[0][0] if sizes else 10.0


def mark_furniture(pages: list, heights: list) -> None:
    """Flag the furniture among each page's lines (pages: lists of PdfLine)."""
    edges = [_edge_lines(lines, height) for lines, height in zip(pages, heights)]
    seen_on = defaultdict(set)
    for index, lines in enumerate(edges):
        for line in lines:
            seen_on[_key(line.text)].add(index)
    for lines in edges:
        for line in lines:
            text = line.text.strip()
            if PAGE_NUMBER.match(text):
                line.flags.add("pagenumber")
            elif len(seen_on[_key(text)]) >= 2 or _number_at_end(line):
                line.flags.add("runninghead")
    _mark_numbered_heads(edges, heights)
    for lines in edges:
        # the other part of a head set in two parts, the page number at one end
        numbers = [line.baseline for line in lines if "pagenumber" in line.flags]
        for line in lines:
            if any(abs(line.baseline - baseline) < 1.0 for baseline in numbers):
                if "pagenumber" not in line.flags:
                    line.flags.add("runninghead")
    size = body_size(pages)
    for lines in pages:
        _mark_footnotes(lines, size)
    _mark_links(pages)


def _mark_numbered_heads(edges: list, heights: list) -> None:
    """Heads that differ from page to page (a verso names the journal, a recto the authors)
    but carry the page number at one end: the numbers of two pages' heads in the same band
    lie as far apart as the pages, so a PDF of two or three pages has its heads too."""
    numbered = []  # (page, band, number, line)
    for page, (lines, height) in enumerate(zip(edges, heights)):
        for line in lines:
            found = HEAD_NUMBER.match(" ".join(line.text.split()))
            if found and not PAGE_NUMBER.match(line.text.strip()):
                number = int(found.group(1) or found.group(2))
                numbered.append((page, line.top < height / 2, number, line))
    for page, band, number, line in numbered:
        if any(other_band == band and other_page != page
               and other_number - number == other_page - page
               for other_page, other_band, other_number, _ in numbered):
            line.flags.add("runninghead")


def _mark_links(pages: list) -> None:
    """A publisher's link set on a line of its own under each reference ("Publisher Full
    Text", "Google Scholar"): a short line without digits, in a colour other than the body's,
    whose text comes back at least LINK_REPEATS times. Not part of any reference. A link
    that comes once ("PubMed Abstract") is known by its look: the colour, size and style of
    the links that repeat."""
    colors, seen = Counter(), defaultdict(list)
    for lines in pages:
        for line in lines:
            colors[line.color] += len(line.text)
            text = " ".join(line.text.split())
            if len(text.split()) <= 5 and not any(char.isdigit() for char in text):
                seen[text].append(line)
    if not colors:
        return
    body = colors.most_common(1)[0][0]
    looks = set()
    for text, lines in seen.items():
        if len(lines) >= LINK_REPEATS and all(line.color != body for line in lines):
            for line in lines:
                line.flags.add("link")
                looks.add(_look(line))
    for text, lines in seen.items():
        for line in lines:
            if _look(line) in looks and LINK_WORDS.fullmatch(text):
                line.flags.add("link")


def _look(line) -> tuple:
    return line.color, round(line.size, 1), line.style


def _mark_footnotes(lines: list, size: float) -> None:
    by_column = defaultdict(list)
    for line in lines:
        if not line.flags & FURNITURE:
            by_column[(line.band, line.column)].append(line)
    for column_lines in by_column.values():
        column_lines.sort(key=lambda line: line.top)
        block, marked = [], 0
        for line in reversed(column_lines):
            if line.size >= 0.9 * size or len(block) >= 12:
                break
            block.insert(0, line)
            if "footnote-mark" in line.flags or FOOTNOTE_SIGN.match(line.text.strip()):
                marked = len(block)
        for footnote_line in block[len(block) - marked:] if marked else ():
            footnote_line.flags.add("footnote")
