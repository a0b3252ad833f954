"""Where a page's columns are, and its reading order.

A gutter is a vertical strip near the middle of the page that few fragments cross while
plenty of text lies wholly on each side of it. Fragments that cross it (a title, an
abstract, a centred page number) are full width. The page then reads in bands: each run
of full-width lines, then the left column, then the right column of the band below it.
"""

from dataclasses import dataclass


@dataclass
class Columns:
    gutter: float | None  # x of the gutter, or None for one column

    def of(self, fragment) -> int | None:
        """0 left, 1 right, None full width (or a one-column page)."""
        if self.gutter is None or fragment.x0 < self.gutter < fragment.x1:
            return None
        return 0 if fragment.x1 <= self.gutter else 1


def find_columns(fragments: list, width: float) -> Columns:
    """The gutter of a two-column page, or none."""
    if len(fragments) < 8:
        return Columns(None)
    low, high = int(0.3 * width), int(0.7 * width)
    cover = [0] * (high - low + 1)
    for fragment in fragments:
        for x in range(max(low, int(fragment.x0) + 1), min(high, int(fragment.x1)) + 1):
            cover[x - low] += 1
    least = min(cover)
    if least > 0.15 * len(fragments):
        return Columns(None)
    # the widest run of x positions crossed hardly more than the least (a centred page
    # number or a title may cross the gutter)
    limit = least + max(2, len(fragments) // 50)
    best, start = (0, None), None
    for offset, count in enumerate(cover + [limit + 1]):
        if count <= limit and start is None:
            start = offset
        elif count > limit and start is not None:
            if offset - start > best[0]:
                best = (offset - start, start)
            start = None
    gutter = low + best[1] + best[0] / 2
    left = sum(f.x1 <= gutter for f in fragments)
    right = sum(f.x0 >= gutter for f in fragments)
    if min(left, right) < max(2, 0.05 * len(fragments)) or best[0] < 4:
        return Columns(None)
    return Columns(gutter)


def with_hint(columns: Columns, fragments: list, hint: float | None) -> Columns:
    """A page too sparse to show its own gutter (the end of a reference list) takes `hint`,
    the gutter of the document's other pages, when hardly anything crosses it."""
    if columns.gutter is not None or hint is None or not fragments:
        return columns
    crossing = sum(f.x0 < hint < f.x1 for f in fragments)
    return Columns(hint) if crossing <= max(2, 0.1 * len(fragments)) else columns


def document_gutter(pages: list) -> float | None:
    """The gutter most two-column pages share (to 5 points), or None."""
    gutters = [round(columns.gutter / 5) * 5 for columns in pages if columns.gutter]
    return max(set(gutters), key=gutters.count) if gutters else None


def reading_order(lines: list) -> list:
    """Lines (with .column and .top) of one page in reading order."""
    by_top = sorted(lines, key=lambda line: (line.top, line.x0))
    ordered, band = [], []

    def flush():
        ordered.extend(sorted(band, key=lambda line: (line.column, line.top, line.x0)))
        band.clear()

    for line in by_top:
        if line.column is None:
            flush()
            ordered.append(line)
        else:
            band.append(line)
    flush()
    return ordered
