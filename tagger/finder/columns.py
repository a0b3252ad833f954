"""Text set in two columns side by side, as `pdftotext -layout` gives a two-column paper: each
page's columns read one after the other, left then right. A manuscript's line numbers in the
margin are such a column too, read before the text.

A page is in two columns where many of its lines hold prose, two spaces or more, then more
text that starts at one position, the right column's edge, which such a layout keeps from
line to line. A line with text across that edge (a title, a table, a wide figure's caption)
spans the page: the columns above it are read before it, those below after. Each piece keeps
its offset in the document, so what `find` returns still points into the text as given.
"""

import re
from collections import Counter

from tagger.finder.lines import DOT_LEADER, Line

GAP = re.compile(r"\S( {2,})(?=\S)")
MARGIN_NUMBER = re.compile(r"^ {0,4}(\d{1,5})(?= {2,}\S)")
COLUMN_LETTERS = 15  # letters each column's part of a line holds at least
LINES = 6  # lines that run in both columns, at least
ACROSS = 0.15  # of a page's lines with text, how many may run across the edge (titles, tables)
INDENT = 8  # the deepest hanging indent
JITTER = 4  # how far a layout set to the character may start a column's line early
DEPTH = 2  # columns are parted at most twice: three columns at most


def read_columns(lines: list) -> list:
    """The lines in reading order: a two-column page's left column, then its right (and a
    three-column page's columns, each read so in turn)."""
    return [line for page in _pages(lines) for line in _read(page)]


def _read(lines: list, depth: int = 0) -> list:
    edge = (depth == 0 and _margin(lines)) or (_right_edge(lines) if depth < DEPTH else None)
    return _unfolded(lines, edge, depth) if edge else lines


def _margin(page: list):
    """Where a manuscript's text starts after the line numbers in its margin (`lineno`), when
    nearly every line with text has one, each one more than the line before, and the text
    after them goes on in lower case now and then (no list whose references each fit a line
    and carry a bare number)."""
    texts = [_body(line)[1] for line in page if line.content]
    numbered = [(found, text) for text in texts if (found := MARGIN_NUMBER.match(text))]
    if len(numbered) < LINES or len(numbered) < 0.9 * len(texts):
        return None
    values = [int(found.group(1)) for found, _ in numbered]
    steps = sum(after == before + 1 for before, after in zip(values, values[1:]))
    lower = sum(text[found.end():].lstrip()[:1].islower() for found, text in numbered)
    if steps < 0.8 * (len(values) - 1) or lower < 0.2 * len(numbered):
        return None
    return min(len(text) - len(text[found.end():].lstrip()) for found, text in numbered)


def _pages(lines: list):
    """The lines a page at a time (a form feed opens a page)."""
    page = []
    for line in lines:
        if line.text.startswith("\f") and page:
            yield page
            page = []
        page.append(line)
    if page:
        yield page


def _right_edge(page: list):
    """Where the right column's lines start: where enough lines run in both columns, and
    few run across (a single column's prose runs across a table's columns)."""
    edges, texts = Counter(), [_body(line)[1] for line in page]
    for text in texts:
        gaps = list(GAP.finditer(text))
        if len(gaps) > DEPTH:
            continue  # a table's row
        for gap in gaps:
            if _prose(text[: gap.start() + 1]) and _prose(text[gap.end():]):
                edges[gap.end()] += 1
    # The right column's lines start at its edge or a few characters in (a hanging indent,
    # a layout that places words to the character): the edge is the first of a cluster.
    starts = [edge for edge, seen in edges.items() if seen >= 2]
    if not starts:
        return None
    clustered = {edge: sum(seen for other, seen in edges.items() if edge <= other <= edge + INDENT)
                 for edge in starts}
    edge = min(starts, key=lambda start: (-clustered[start], start))
    across = sum(1 for text in texts if text.strip() and _cut(text, edge) is None)
    with_text = sum(1 for text in texts if text.strip())
    return edge if clustered[edge] >= LINES and across <= ACROSS * with_text else None


def _prose(text: str) -> bool:
    """Words enough for a column's line: not a table's cells, nor a contents' page numbers."""
    return sum(map(str.isalpha, text)) >= COLUMN_LETTERS and not DOT_LEADER.search(text)


def _body(line: Line) -> tuple:
    """The line without the form feed that opens a page, and how long that was."""
    text = line.text.lstrip("\f")
    return len(line.text) - len(text), text


def _cut(text: str, edge: int):
    """Where the line parts into its two columns, or None when text runs across the edge."""
    if not text[:edge].strip():
        return min(len(text), edge)  # nothing in the left column
    if len(text) <= edge or text[edge - 2 : edge] == "  ":
        return min(len(text), edge)  # the left column only, or a gap at the edge
    for gap in GAP.finditer(text):  # the right column's text a few characters early
        if edge - JITTER <= gap.end() <= edge:
            return gap.end()
    indent = len(text) - len(text.lstrip(" "))
    return indent if edge - JITTER <= indent <= edge else None


def _unfolded(page: list, edge: int, depth: int) -> list:
    ordered, left, right = [], [], []
    for line in page:
        shift, text = _body(line)
        cut = _cut(text, edge)
        if cut is None:  # a line across the page: the columns so far come first
            ordered += _read(left, depth + 1) + _read(right, depth + 1) + [line]
            left, right = [], []
            continue
        cut += shift
        left.append(Line(line.text[:cut].rstrip(), line.start))
        right.append(Line(line.text[cut:], line.start + cut))
    return ordered + _read(left, depth + 1) + _read(right, depth + 1)
