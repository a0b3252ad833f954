"""Where a page's columns are, and its reading order.

A page is first cut into bands at wide horizontal white space running across all its text
(the gap between a two-column body and a reference list set in two columns beneath it, a
figure between two blocks of text). In each band a gutter is a vertical strip that few
fragments cross while plenty of text lies wholly on each side of it; there may be several
(three columns, a figure or table beside the text). A "column" too narrow to hold text (the
numbers of a list printed apart, a row of labels) belongs to the column on its right.
Fragments that cross a gutter (a title, an abstract, a centred caption) are full width.
Each band then reads in stripes: each run of full-width lines, then its columns left to
right, then the stripe below it; the bands read top to bottom. A band that is the left
column going on below the right one's end joins the band above (`left_column_continued`).
"""

import statistics
from dataclasses import dataclass

BAND_GAP = 2.5  # ems of white space across the page that cut it into bands
MIN_GUTTER = 0.8  # em
MIN_COLUMN = 9.0  # ems: a narrower column is a row of labels
CONTINUED_LINES = 3  # fragments of a one-column band below that can be a column going on


@dataclass
class Columns:
    gutters: tuple  # x of each gutter, left to right; () for one column

    def of(self, fragment) -> int | None:
        """The column's index from the left, or None when the fragment crosses a gutter."""
        index = 0
        for gutter in self.gutters:
            if fragment.x0 < gutter < fragment.x1:
                return None
            if fragment.x0 >= gutter:
                index += 1
        return index

    @property
    def count(self) -> int:
        return len(self.gutters) + 1


def bands(fragments: list) -> list:
    """The fragments cut into bands (lists, top to bottom) at wide white space."""
    if not fragments:
        return []
    size = statistics.median(f.size for f in fragments)
    ordered = sorted(fragments, key=lambda f: f.top)
    result, current, bottom = [], [], 0.0
    for fragment in ordered:
        if current and fragment.top - bottom > BAND_GAP * size:
            result.append(current)
            current = []
        bottom = max(bottom, fragment.bottom) if current else fragment.bottom
        current.append(fragment)
    result.append(current)
    return result


def left_column_continued(page_bands: list, page_columns: list) -> tuple[list, list]:
    """Bands and their columns, where a band set in one column wholly inside the left column
    of the many-column band above it has joined that band: it is the left column going on
    below a gap the short right column leaves across the page (a last page whose left column
    holds a head and the reference list while the list's end sits at the top of the right
    one), and reads before the right column, not after it. A line or two (a page's foot, its
    number) stays a band of its own."""
    merged_bands, merged_columns = [], []
    for band, columns in zip(page_bands, page_columns):
        above = merged_columns[-1] if merged_columns else None
        if (above and above.gutters and not columns.gutters and len(band) >= CONTINUED_LINES
                and all(f.x1 <= above.gutters[0] for f in band)):
            merged_bands[-1] = merged_bands[-1] + band
            continue
        merged_bands.append(band)
        merged_columns.append(columns)
    return merged_bands, merged_columns


def _cover(fragments: list, low: int, high: int) -> list:
    """How many fragments cross each whole x from `low` to `high`, as runs (start, end,
    count): count holds for every x in start <= x < end. Built from the fragments' edges
    (sorted), so its size grows with the fragments, never with the distance between them."""
    steps = {}
    for fragment in fragments:
        start, end = max(low, int(fragment.x0) + 1), min(high, int(fragment.x1))
        if start <= end:
            steps[start] = steps.get(start, 0) + 1
            steps[end + 1] = steps.get(end + 1, 0) - 1
    runs, running, at = [], 0, low
    for x in sorted(steps):
        if x > at:
            runs.append((at, x, running))
        running += steps[x]
        at = max(at, x)
    if at <= high:
        runs.append((at, high + 1, running))
    return runs


def _gutter_runs(cover: list, limit: int):
    """Each stretch of x that at most `limit` fragments cross, as (start, end, middle of an
    emptiest part), once for each emptiest part: a short last column (a list's end in
    unbalanced columns) leaves few fragments over its own width, and the stretch then runs
    from the gutter before it to the page's edge, empty at both ends."""
    stretch = []
    for run in cover + [(cover[-1][1], cover[-1][1] + 1, limit + 1)]:
        if run[2] <= limit:
            stretch.append(run)
        elif stretch:
            least = min(count for _, _, count in stretch)
            lows = []
            for start, end, count in stretch:
                if count == least and lows and lows[-1][1] == start:
                    lows[-1][1] = end
                elif count == least:
                    lows.append([start, end])
            for start, end in lows:
                yield stretch[0][0], stretch[-1][1], (start + end - 1) / 2
            stretch = []


def find_columns(fragments: list) -> Columns:
    """The gutters of a band of fragments (any number, none for one column)."""
    if len(fragments) < 6:
        return Columns(())
    size = statistics.median(f.size for f in fragments)
    low, high = int(min(f.x0 for f in fragments)), int(max(f.x1 for f in fragments)) + 1
    limit = max(1, int(0.2 * len(fragments)))
    side = max(3, int(0.08 * len(fragments)))
    candidates = []
    for start, end, middle in _gutter_runs(_cover(fragments, low, high), limit):
        width = end - start
        if width >= MIN_GUTTER * size:
            left = sum(f.x1 <= middle for f in fragments)
            right = sum(f.x0 >= middle for f in fragments)
            if min(left, right) >= side:
                candidates.append((middle, width))
    gutters = [middle for middle, _ in candidates]
    # a column too narrow for text joins the column on its right (the last one, its left)
    while gutters:
        edges = [low] + gutters + [high]
        widths = []
        for index in range(len(edges) - 1):
            inside = [f for f in fragments if f.x0 >= edges[index] and f.x1 <= edges[index + 1]]
            span = (max(f.x1 for f in inside) - min(f.x0 for f in inside)) if inside else 0
            widths.append(span)
        narrow = [index for index, width in enumerate(widths) if width < MIN_COLUMN * size]
        if not narrow:
            break
        index = narrow[0]
        del gutters[index if index < len(gutters) else index - 1]
    return Columns(tuple(gutters))


def with_hint(columns: Columns, fragments: list, hint: tuple) -> Columns:
    """A band too sparse to show its own gutters (the end of a reference list) takes `hint`,
    the gutters of the document's other pages, when hardly anything crosses them."""
    if columns.gutters or not hint or len(fragments) < 3:
        return columns
    crossing = sum(any(f.x0 < gutter < f.x1 for gutter in hint) for f in fragments)
    if crossing > max(1, 0.1 * len(fragments)):
        return columns
    # the hint must also fit: text on both sides of each gutter (or a sparse band that
    # lies wholly in its columns)
    return Columns(hint)


def document_gutters(pages: list, found: list) -> tuple:
    """The gutters most multi-column bands share (to 5 points), or () when most of the
    document's bands of any length are set in one column."""
    seen, full = [], 0
    for page_columns, page_bands in zip(pages, found):
        for columns, band in zip(page_columns, page_bands):
            if columns.gutters:
                seen.append(tuple(round(g / 5) * 5 for g in columns.gutters))
            elif len(band) >= 10:
                full += 1
    if len(seen) <= full:
        return ()
    return max(set(seen), key=seen.count)


def reading_order(lines: list) -> list:
    """Lines (with .band, .column and .top) of one page in reading order."""
    ordered = []
    for band in sorted({line.band for line in lines}):
        by_top = sorted((line for line in lines if line.band == band),
                        key=lambda line: (line.top, line.x0))
        stripe = []

        def flush():
            ordered.extend(sorted(stripe, key=lambda line: (line.column, line.top, line.x0)))
            stripe.clear()

        for line in by_top:
            if line.column is None:
                flush()
                ordered.append(line)
            else:
                stripe.append(line)
        flush()
    return ordered
