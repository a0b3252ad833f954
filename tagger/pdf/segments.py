"""The finder's references checked against what the page shows, where the text alone misleads.

Each check from evidence a text dump has lost or the finder reads only line by line:

- A list before the references heading is the body's ("1. Anesthetic and restorative
  material used,"), and so is a title page's matter: when a line that names the references
  ("References", "Bibliography", …) stands alone over a found reference (at most a few
  lines the finder did not take for one between them), what was found before the first
  such heading is dropped, and so is what comes after the next heading the layout shows
  (bold or larger than its text: "Open Peer Review" over a journal's referee reports)
  unless a numbered list goes on in sequence after it.
- A piece that the page sets at the indent of the list's continuation lines, not at the
  indent its references start at, and that does not start as the list's entries do (no
  number in a numbered list), continues the reference before it: the finder took a wrapped
  line that begins with a capital ("Interaction, Cambridge University Press, …") for the
  start of the next one. Its text is the evidence where the indent says nothing (a list
  whose continuation lines are flush with its numbers): a numbered list's unnumbered piece
  that starts in lower case or with a continuing comma goes on the reference before.

  Only segments that nothing but blank lines and page furniture part are joined, so a
  page break or a column break between them does not matter: the indent is measured
  against each line's own column.
- A line set apart by space above it (LineLayout.gap) parts a reference: at the indent the
  list's references start at, it begins the next one when the list sets its references
  apart so and not its continuation lines (an unnumbered list with a blank line between
  entries, "… 2006; 24(1–2): 2–10. / Fabens AJ: …"); at neither the start nor the
  continuation indent it ends the list (a journal's box under the last reference,
  "doi:10.1186/… Cite this article as: …").
- With no references heading over any found piece, a piece whose text reads as no
  reference (tagger.text.likeness) is dropped: a slide's bullet or a manual's code, in a
  document that may hold no list at all.
- A document holds a reference list only where its pieces have a list's shape. Under a
  heading the list vouches for its pieces unless they read, on the whole, as no references,
  are not numbered in sequence from 1 (half of them at least) and hold no link (a form's "References" section of
  referees' names and blanks). With no heading, a list is
  a run of pieces that follow one another, numbered in sequence where numbered, that read
  as references on the whole (or each hold a web link or a DOI: a manual's list of links,
  with no year) and end in the latter part of the document: a form's numbered
  fields, a lecture's numbered statements, a changelog's bullets and a title page's lines
  are no such run, and a document with none gives no references ("no reference list").
  A piece that gives a telephone number is no reference either: a CV's referees ("contact
  details").
"""

import bisect
import re
import statistics

from tagger.finder import Dropped, Segment, Segmentation
from tagger.finder.lines import LIST_HEADING, NUMBERING, RUN_IN_HEAD, SECTION_HEAD
from tagger.text.likeness import is_reference, reference_p

HEADING_REACH = 6  # lines of text between a references heading and the first found reference
GAP = 0.5  # line pitches: space above a line that sets it apart
HANG = 1.0  # ems: continuation lines indented at least this much more than starts
NEAR = 0.6  # ems: a line at the continuation indent is within this of it
ENDS = re.compile(r"[.)\]\d]$")  # how a reference's last line ends
CONTINUES = re.compile(r"^(?:[a-z]|[,;:)\]–-])")
# A list's shape, measured on the corpora of training.corpora.paper_corpora (docs/evaluation-pdf.md):
# the mean likeness (tagger.text.likeness.reference_p) of a run of pieces with no heading over
# them, and of the pieces under a heading; where the run ends, as a share of the text.
RUN_LIKENESS = 0.6
LINK = re.compile(r"https?://|www\.|\b10\.\d{4,9}/")  # a web page's or a DOI's: a list of links
# Contact details: a telephone or fax label before its number. No reference of the corpora
# holds one (0 of 5,863 training references, 0 of the 753 in real-pdf-dev, real-pdf-dev-2 and
# texdocs); a CV's or a form's referees do. (An e-mail address is no such sign: a reference to
# a mailing list's post or a newsgroup's message carries one.)
CONTACT = re.compile(r"\b(?:tel|telephone|phone|fax|mobile)\b\.?\s*[:+(\d]", re.IGNORECASE)
LISTED_LIKENESS = 0.3
RUN_ENDS_AFTER = 0.5


def check(layout, found: Segmentation) -> Segmentation:
    """`found` (the finder's segmentation of layout.text) with the body's lists before the
    references heading dropped, continuations joined to the reference they continue, and,
    where no heading names the list, the pieces that read as no reference dropped."""
    lines = layout.text.split("\n")
    starts = [0]
    for line in lines[:-1]:
        starts.append(starts[-1] + len(line) + 1)
    segments, dropped, listed = _after_heading(layout, lines, starts, found.segments)
    segments = _joined(layout, lines, starts, segments)
    segments, cut = _parted(layout, lines, starts, segments, listed)
    segments, contacts = _without_contacts(lines, starts, segments)
    cut += contacts
    if listed:
        segments, unlisted = _listed(lines, starts, segments)
    else:
        segments, unlike = _like_references(lines, starts, segments)
        cut += unlike
        segments, unlisted = _runs(lines, starts, segments, len(layout.text))
    cut += unlisted
    dropped = sorted(found.dropped + dropped + cut, key=lambda item: item.start)
    return Segmentation(segments, [_layout_reason(layout, starts, item) for item in dropped])


# What the layout calls a furniture line (tagger.pdf.furniture, by band and repetition), and
# the reasons the text gives a line it could only guess at.
LAYOUT_REASONS = {"runninghead": "running head", "pagenumber": "page number",
                  "footnote": "footnote", "link": "links"}
GUESSED = frozenset({"page furniture", "running head", "body text"})


def _layout_reason(layout, starts: list, item: Dropped) -> Dropped:
    """A dropped line the layout marked as furniture of one kind gets that kind as its
    reason where the text's reason was a guess by shape."""
    if item.reason not in GUESSED:
        return item
    index = _line_of(starts, item.start)
    line = layout.lines[index] if index < len(layout.lines) else None
    kinds = [LAYOUT_REASONS[flag] for flag in sorted(getattr(line, "flags", ()))
             if flag in LAYOUT_REASONS]
    if kinds:
        item.reason = kinds[0]
    return item


def _like_references(lines: list, starts: list, segments: list) -> tuple:
    """(segments kept, Dropped for the others): with no references heading over any of them,
    the pieces are the finder's guess at a list in a document that may hold none (a manual, a
    slide deck), and one whose text reads as no reference (tagger.text.likeness: a bullet, a
    line of code, a paragraph) is not one. Under a heading the list vouches for its pieces."""
    kept, dropped = [], []
    for segment in segments:
        if is_reference(segment.raw):
            kept.append(segment)
        else:
            dropped += _dropped(lines, starts, segment, "no reference")
    return kept, dropped


def set_aside(layout, found: Segmentation, pages: set, reason: str) -> tuple:
    """(segments, dropped) of `found` with the segments that have a line on one of `pages`
    moved to the dropped lines, for `reason`."""
    lines = layout.text.split("\n")
    starts = [0]
    for line in lines[:-1]:
        starts.append(starts[-1] + len(line) + 1)
    kept, dropped = [], list(found.dropped)
    for segment in found.segments:
        first = _line_of(starts, segment.start)
        last = _line_of(starts, max(segment.start, segment.end - 1))
        if any(entry is not None and entry.page in pages
               for entry in layout.layout[first:last + 1]):
            dropped += _dropped(lines, starts, segment, reason)
        else:
            kept.append(segment)
    return kept, sorted(dropped, key=lambda item: item.start)


def _without_contacts(lines: list, starts: list, segments: list) -> tuple:
    """(segments, Dropped): a piece that gives someone's telephone number (CONTACT) is no
    reference, heading or not: a CV's "References" are its referees."""
    kept = [segment for segment in segments if not CONTACT.search(segment.raw)]
    return kept, [item for segment in segments if CONTACT.search(segment.raw)
                  for item in _dropped(lines, starts, segment, "contact details")]


def _listed(lines: list, starts: list, segments: list) -> tuple:
    """(segments, Dropped): the pieces under a references heading, all of them dropped when
    they read on the whole as no references (a form's "References" field over blanks, a
    manual's code under its section on cross-references), unless numbered in sequence from 1
    or holding a link: a manual's list of books by name and of web pages reads as none too
    ("1. “The METAFONTbook” by Don Knuth")."""
    if not segments or statistics.mean(map(reference_p, (s.raw for s in segments))) >= (
            LISTED_LIKENESS) or any(LINK.search(segment.raw) for segment in segments) or (
            _in_sequence(segments)):
        return segments, []
    return [], [item for segment in segments
                for item in _dropped(lines, starts, segment, "no reference list")]


def _in_sequence(segments: list) -> bool:
    """Are half the pieces or more numbered, and those 1, 2, 3, … in order?"""
    labels = [label for label in map(_label, (segment.raw for segment in segments))
              if label is not None]
    return 2 * len(labels) >= len(segments) and labels == list(range(1, len(labels) + 1))


def _runs(lines: list, starts: list, segments: list, length: int) -> tuple:
    """(segments, Dropped): with no heading over them, the pieces of the runs that have a
    list's shape: pieces that follow one another (numbered in sequence where the first is
    numbered), that read as references on the whole (mean likeness at least RUN_LIKENESS) or
    each hold a link (LINK), and end past RUN_ENDS_AFTER of the text; two pieces at least in one such run, or the
    document gives none."""
    runs, number = [], None
    for segment in segments:
        label = _label(segment.raw)
        if runs and (label is None) == (number is None) and (
                label is None or label == number + 1):
            runs[-1].append(segment)
        else:
            runs.append([segment])
        number = label
    shaped = [run for run in runs
              if (statistics.mean(reference_p(segment.raw) for segment in run) >= RUN_LIKENESS
                  or all(LINK.search(segment.raw) for segment in run))
              and run[-1].end >= RUN_ENDS_AFTER * length]
    if not any(len(run) >= 2 for run in shaped):
        shaped = []
    kept = [segment for run in shaped for segment in run]
    return kept, [item for segment in segments if segment not in kept
                  for item in _dropped(lines, starts, segment, "no reference list")]


def headings(layout) -> list:
    """The headings the finder is told of: the bold ones (PdfText.headings), and the plain
    ones after the first line that names a references list (a chapter's or an appendix's
    head after the list, "Web sources" inside it), and the bold section heads after it set at
    the text's size ("Appendix A. Tag returns by year"). Before it a plain head tells the
    finder little and costs it much: a manual's many numbered heads over paragraphs."""
    lines = layout.text.split("\n")
    named = next((index for index, line in enumerate(lines) if LIST_HEADING.match(line.strip())
                  and layout.layout[index] is not None and not layout.layout[index].furniture),
                 None)
    if named is None:
        return layout.headings
    after = {index for index in layout.plain_headings if index > named} | {
        index for index, entry in enumerate(layout.layout) if index > named and entry is not None
        and entry.bold and not entry.furniture and SECTION_HEAD.match(lines[index].strip())}
    return sorted(set(layout.headings) | after)


def _line_of(starts: list, offset: int) -> int:
    return bisect.bisect_right(starts, offset) - 1


def _is_content(layout, lines: list, index: int) -> bool:
    """Does the line hold text that is not page furniture?"""
    entry = layout.layout[index] if index < len(layout.layout) else None
    return bool(lines[index].strip()) and not (entry is not None and entry.furniture)


def _under_heading(layout, lines: list, starts: list, segment: Segment, floor: int) -> bool:
    """Is there a references heading above the segment, below line `floor` (the previous
    segment's last), with at most HEADING_REACH lines of text between (a first reference
    the finder missed)? A heading set where the pages set their heads is one all the same
    (a slide deck's "References" slide, its title in the band every slide's title is in)."""
    above, seen = _line_of(starts, segment.start) - 1, 0
    while above > floor and seen <= HEADING_REACH:
        if LIST_HEADING.match(lines[above].strip()):
            return True
        seen += _is_content(layout, lines, above)
        above -= 1
    return False


def _size(layout, index: int) -> float:
    entry = layout.layout[index] if index < len(layout.layout) else None
    return entry.size if entry is not None else 0.0


def _label(raw: str):
    """The number a numbered reference is printed with, or None."""
    for _, pattern in NUMBERING:
        match = pattern.match(raw)
        if match:
            digits = re.search(r"\d+", match.group())
            return int(digits.group()) if digits else None
    return None


def _after_heading(layout, lines: list, starts: list, segments: list) -> tuple:
    """(segments kept, Dropped for the others, whether a references heading was found): when
    a references heading stands right above a found reference, the lists are those under
    such headings, each ending at the next heading the layout shows (PdfText.headings) that
    names none, or at a note's head run in ("Conflict of Interest Statement: …"). A numbered
    list that goes on past such a heading (a journal's box set between two pages of it) goes
    on."""
    floors = [-1] + [_line_of(starts, max(segment.start, segment.end - 1))
                     for segment in segments[:-1]]
    under = [_under_heading(layout, lines, starts, segment, floor)
             for segment, floor in zip(segments, floors)]
    if not any(under):
        return segments, [], False
    # a heading ends the list when set at least as large as the list's own heading (a
    # bibliography's "Primary sources" under "Bibliography" does not)
    heads = set(layout.headings) | set(layout.plain_headings)
    size = min((_size(layout, index) for index in heads if LIST_HEADING.match(lines[index].strip())),
               default=0.0)
    ends = sorted([starts[index] for index in heads
                   if not LIST_HEADING.match(lines[index].strip()) and _size(layout, index) >= size]
                  + [starts[index] for index, line in enumerate(lines) if RUN_IN_HEAD.match(line)
                     and _is_content(layout, lines, index)])
    kept, dropped, inside, seen, last, last_number = [], [], False, False, None, None
    for segment, heading in zip(segments, under):
        number = _label(segment.raw)
        if heading:
            inside = seen = True
        elif inside and last is not None and bisect.bisect_right(ends, segment.start) > (
                bisect.bisect_right(ends, last.start)):
            inside = last_number is not None and number == last_number + 1
        if inside:
            kept.append(segment)
            last, last_number = segment, number
            continue
        reason = "after the references" if seen else "before the references heading"
        dropped.extend(_dropped(lines, starts, segment, reason))
    return kept, dropped, True


def _indents(layout, starts: list, segment: Segment) -> tuple:
    """(the indent of the segment's first line, those of its other lines), in ems."""
    first = _line_of(starts, segment.start)
    measured = _measured(layout, starts, segment)
    head = measured[0][1].indent if measured and measured[0][0] == first else None
    return head, [entry.indent for index, entry in measured if index != first]


def _numbered(raw: str) -> bool:
    return any(pattern.match(raw) for _, pattern in NUMBERING)


def _joined(layout, lines: list, starts: list, segments: list) -> list:
    """Segments with each piece that continues the reference before joined to it."""
    if len(segments) < 3:
        return segments
    measures = [_indents(layout, starts, segment) for segment in segments]
    heads = [head for head, _ in measures if head is not None]
    tails = [indent for _, rest in measures for indent in rest]
    numbered = sum(1 for segment in segments if _numbered(segment.raw)) >= 0.6 * len(segments)
    hanging = bool(heads and tails) and (
        statistics.median(tails) - statistics.median(heads) >= HANG)
    tail = statistics.median(tails) if tails else None
    head = statistics.median(heads) if heads else None
    result = [segments[0]]
    for segment, (indent, _) in zip(segments[1:], measures[1:]):
        previous = result[-1]
        if (numbered and _numbered(segment.raw)
                or not _adjacent(layout, lines, starts, previous, segment)):
            result.append(segment)
            continue
        at_tail = hanging and indent is not None and abs(indent - tail) <= NEAR and (
            indent - head >= HANG)
        if at_tail or (numbered and CONTINUES.match(segment.raw)):
            result[-1] = Segment(previous.raw + "\n" + segment.raw, previous.start, segment.end,
                                 previous.partial, previous.label)
        else:
            result.append(segment)
    return result


def _adjacent(layout, lines: list, starts: list, previous: Segment, segment: Segment) -> bool:
    """Nothing but blank lines and furniture between the two segments."""
    after = _line_of(starts, max(previous.start, previous.end - 1)) + 1
    first = _line_of(starts, segment.start)
    return not any(_is_content(layout, lines, index) for index in range(after, first))


def _measured(layout, starts: list, segment: Segment) -> list:
    """(line index, LineLayout) of the segment's lines that the page measured."""
    first = _line_of(starts, segment.start)
    last = _line_of(starts, max(segment.start, segment.end - 1))
    return [(index, layout.layout[index]) for index in range(first, last + 1)
            if index < len(layout.layout) and layout.layout[index] is not None
            and not layout.layout[index].furniture]


def _parted(layout, lines: list, starts: list, segments: list, listed: bool) -> tuple:
    """Segments parted where the page sets a line apart: after a space above it, a line at
    the indent the list's references start at begins the next one when the list sets its
    references apart so (and its continuation lines not); one at neither the list's start
    nor its continuation indent ends the list ("doi:10.1186/…  Cite this article as: …", a
    journal's box under the last reference). A space parts only a list under a references
    heading (`listed`), after a line that ends as a reference does: a manual's paragraphs
    are set apart so too. (segments, Dropped for what ends the list)."""
    if len(segments) < 3:
        return segments, []
    measured = [_measured(layout, starts, segment) for segment in segments]
    heads = [rows[0][1] for rows, segment in zip(measured, segments)
             if rows and rows[0][0] == _line_of(starts, segment.start)]
    tails = [entry for rows in measured for _, entry in rows[1:]]
    if not heads or not tails:
        return segments, []
    head = statistics.median(entry.indent for entry in heads)
    tail = statistics.median(entry.indent for entry in tails)
    apart = sum(entry.gap >= GAP for entry in heads) >= 0.6 * len(heads) and (
        sum(entry.gap >= GAP for entry in tails) <= 0.2 * len(tails))
    result, dropped, box = [], [], None
    for number, (segment, rows) in enumerate(zip(segments, measured)):
        first = rows[0] if rows and rows[0][0] == _line_of(starts, segment.start) else None
        if number and first and (_boxed(first[1], head, tail, lines[first[0]]) or (
                box is not None and _in_box(first[1], box, head, tail, lines[first[0]]))):
            dropped.extend(_dropped(lines, starts, segment, "after the list"))
            box = first[1].indent
            continue
        box = None
        pieces = [segment]
        for (before, _), (index, entry) in zip(rows, rows[1:]):
            if entry.gap < GAP:
                continue
            if apart and listed and abs(entry.indent - head) <= NEAR and (
                    ENDS.search(lines[before].strip())):
                kept, rest = _split(lines, starts, pieces[-1], index)
                pieces[-1:] = [kept] + ([rest] if rest else [])
            elif _boxed(entry, head, tail, lines[index]):
                kept, rest = _split(lines, starts, pieces[-1], index)
                if rest is not None:
                    pieces[-1] = kept
                    dropped.extend(_dropped(lines, starts, rest, "after the list"))
                    box = entry.indent
                break
        result.extend(pieces)
    return result, dropped


def _off_the_list(entry, head: float, tail: float, line: str) -> bool:
    """An unnumbered line at neither the indent the list's references start at nor their
    continuation's."""
    return (abs(entry.indent - head) > NEAR and abs(entry.indent - tail) > NEAR
            and not _numbered(line.strip()))


def _boxed(entry, head: float, tail: float, line: str) -> bool:
    """A line off the list set apart by space above it: a journal's box, not the list's."""
    return entry.gap >= GAP and _off_the_list(entry, head, tail, line)


def _in_box(entry, box: float, head: float, tail: float, line: str) -> bool:
    """A line that goes on a box the list ended at: off the list, at the box's indent
    ("doi:10.1186/…" set apart, then "Cite this article as: …")."""
    return abs(entry.indent - box) <= NEAR and _off_the_list(entry, head, tail, line)


def _pieces(lines: list, starts: list, segment: Segment) -> list:
    """(line index, document offset, text) of each line of the segment's raw text: its
    lines are contents of the document's lines in order (furniture and blanks left out)."""
    pieces, index = [], _line_of(starts, segment.start)
    for text in segment.raw.split("\n"):
        while index < len(lines) and lines[index].strip().lstrip("\f") != text:
            index += 1
        if index == len(lines):
            return []
        pieces.append((index, starts[index] + lines[index].index(text), text))
        index += 1
    return pieces


def _dropped(lines: list, starts: list, segment: Segment, reason: str) -> list:
    """A Dropped for each line of a segment that is not a reference after all."""
    pieces = _pieces(lines, starts, segment) or [(None, segment.start, segment.raw)]
    return [Dropped(text, offset, offset + len(text), reason) for _, offset, text in pieces]


def _split(lines: list, starts: list, segment: Segment, at: int) -> tuple:
    """(the segment before line `at`, the segment from it), either None when empty."""
    pieces = _pieces(lines, starts, segment)
    before = [piece for piece in pieces if piece[0] < at]
    after = [piece for piece in pieces if piece[0] >= at]
    if not pieces or not before or not after:
        return segment, None
    return _segment(before, segment.partial, segment.label), _segment(after, False)


def _segment(pieces: list, partial: bool, label: str = "") -> Segment:
    last = pieces[-1]
    return Segment("\n".join(text for _, _, text in pieces), pieces[0][1],
                   last[1] + len(last[2]), partial, label)
