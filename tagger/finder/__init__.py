"""Find the references in a document or a pasted list: `segment(text) -> list[Segment]`;
`find_segments(text)` also says what was left out, each line with its reason.

A cascade, each step one module that hands plain data to the next:

    text    --tagger.finder.lines-->     Line (text, offset, indent), one a line
            --tagger.finder.columns-->   in reading order: two columns set side by side
                                         (pdftotext -layout) read one after the other
    lines   --tagger.finder.classify-->  a label a line (ref, text, meta, title, blank) and why
                                         furniture was dropped: the zone model, then the
                                         layout's evidence and a few rules that hold anywhere
    labels  --_reference_runs (here)-->  runs of reference lines (RefLine), furniture and
                                         blank lines between them noted, body text ending a run
    runs    --tagger.finder.split-->     references: the boundary model (tagger.finder.
                                         boundaries) says where each begins
    references --here-->                 Segment (offsets, `partial` when the paste cuts one
                                         off) and Dropped (every other line with text; list
                                         labels and a page's head found alone are no reference)
"""

import re
import warnings
from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass

from tagger.finder.classify import classify_lines
from tagger.finder.columns import read_columns
from tagger.finder.compound import compound_parts, entry_label, parsed_text, work_label
from tagger.finder.lines import IDENTIFIER, numbering_of, repeat_key, split_lines
from tagger.finder.split import RefLine, ends_reference, split_references, starts_cut_off
from tagger.text.sniff import BinaryInputError, refusal, sniff, too_long

# A reference cut off by the end of a paste stops on a connector or in mid-sentence: on a
# comma or "and", or on a word in lower case ("Doha: Association for") other than the few
# that end references ("in press").
ENDS_CUT_OFF = re.compile(r"(?:[,;:&(\-–]|\b(?:In|pp\.|vol\.)|(?:^|\s)[a-z]+)$")
# A list's label alone on its line ("8.", "[8]"): pdftotext in reading order may set a page's
# labels in a block of their own, away from the references' text.
LABEL_ALONE = re.compile(r"^[\[(]?\d{1,3}[.\])]?$")
# A line that comes back this many times in a document, with this many letters, no list
# number and no stop or comma at its end, is a page's head or foot, not a reference of its
# own: a reference a list holds twice comes back twice, a footnote's "Ebd., S. 5." or "Ibid."
# has too few letters to tell, "[12] Personal communication." is numbered as the list's
# references are, and a journal's name a wrap left alone ("Computational Linguistics.")
# ends as a reference's part does.
PAGE_REPEATS = 3
HEAD_LETTERS = 10
ENDS_COMPLETE = re.compile(r"\b(?:press|forthcoming|submitted|unpublished|preprint)$", re.IGNORECASE)


@dataclass
class Segment:
    raw: str  # the reference's lines as in the document, furniture removed, joined by "\n"
    start: int  # offset of its first character in the document
    end: int  # offset just after its last character (text[start:end] spans it, and the
    # other column's lines too where two columns are set side by side)
    partial: bool = False  # cut off at the edge of the paste
    label: str = ""  # when a numbered entry holds several works (tagger.finder.compound), the
    # entry's number and this work's letter ("[1]", "[3b]"), which parse_segments reads before
    # the work's text so the reference keeps them as its citation-number; "" otherwise


@dataclass
class Dropped:
    text: str  # a line left out, without its indent
    start: int
    end: int
    reason: str  # "page number", "running head", "footnote", "separator", "body text", ...


@dataclass
class Segmentation:
    segments: list  # Segment, in order
    dropped: list  # Dropped, in order: every other line that holds any text


LABEL_REASONS = {"text": "body text", "title": "heading", "meta": "page furniture",
                 "blank": "separator", "ref": "after the list"}


def _reference_runs(lines: list, labels: list, layout=None):
    """Runs of reference lines (as RefLine) between body text or headings.

    Also tells for each run whether nothing but furniture comes before / after it,
    i.e. whether it touches the edge of the paste.
    """
    runs, current, gap = [], [], ""
    content_seen = False
    for index, (line, label) in enumerate(zip(lines, labels)):
        if label == "ref":
            if not current:
                at_start = not content_seen
            content = line.content
            leading = len(line.text) - len(line.text.lstrip())
            evidence = layout[index] if layout is not None and index < len(layout) else None
            current.append(RefLine(content, line.start + leading, line.indent, gap, evidence))
            gap = ""
        elif label in ("text", "title"):
            if current:
                runs.append([current, at_start, False])
                current = []
            gap = ""
        elif label == "meta":
            if current and gap != "separator":
                gap = "page blank" if gap in ("blank", "page blank") else "page"
        elif label == "blank":
            if line.content:  # a "|" or rule line left by a web page
                gap = "separator"
            elif gap == "":
                gap = "blank"
            elif gap == "page":
                gap = "page blank"
        if label != "blank" and label != "meta":
            content_seen = True
    if current:
        runs.append([current, at_start, True])
    return runs


def _ends_cut_off(raw: str) -> bool:
    last_word = raw.rsplit(None, 1)[-1] if raw.strip() else ""
    if IDENTIFIER.search(last_word) or ENDS_COMPLETE.search(raw):
        return False
    return bool(ENDS_CUT_OFF.search(raw))


def find_references(text: str, engine: str = "auto", model=None, jobs: int = 1,
                    furniture=None, name=None) -> list:
    """segment() then parse each reference (what `tagger.find` does), each Reference with its
    `partial` mark and its `start`/`end` offsets in `text`. `model` is the parse model;
    `jobs` > 1 parses in that many processes; `furniture` as for segment(); `name` (a file's)
    is what messages call the text. Text that is not text (a binary file read as text)
    raises tagger.text.sniff.BinaryInputError."""
    kind = sniff(text)
    if kind:
        raise BinaryInputError(kind, refusal(kind, name or "input", "find"))
    return parse_segments(segment(text, furniture=furniture), engine, model, jobs, name)


def parse_segments(segments: list, engine: str = "auto", model=None, jobs: int = 1,
                   name=None) -> list:
    """Each Segment parsed, in order, with its `partial` mark and `start`/`end` offsets. One
    longer than tagger.parse.MAX_CHARS is cut there, with a warning that says where it
    stands in the document (`name`, when given, the document's)."""
    from tagger.parse import MAX_CHARS, parse_many  # the parse stage imports nothing from here

    def texts():
        for found in segments:
            if len(found.raw) > MAX_CHARS:
                where = f"{name or 'input'}, characters {found.start}-{found.end}"
                warnings.warn(too_long(where, MAX_CHARS, True, len(found.raw)), stacklevel=2)
            yield parsed_text(found.raw, found.label)[:MAX_CHARS]

    references = list(parse_many(texts(), engine, model, jobs))
    for found, reference in zip(segments, references):
        reference.partial = found.partial
        reference.annotate(start=found.start, end=found.end)
    return references


def segment(text: str, model=None, furniture=None, layout=None) -> list:
    """The references in `text`, in order. `furniture`, when given, holds the indices of all
    the lines known to be page furniture from elsewhere (a PDF's layout, tagger.pdf): they
    are labelled so, and a line between references that the classifier took for furniture
    without the layout saying so is a reference. `layout`, when given, holds for each line
    a dict of what the page measured (indent, gap above, font size against the body's …) or
    None; the boundary model reads it as evidence beside the text."""
    return find_segments(text, model, furniture, layout).segments


def find_segments(text: str, model=None, furniture=None, layout=None,
                  headings=None) -> Segmentation:
    """segment(), and every line with text in it that is in no reference, with the reason.
    `headings`, when given, holds the indices of lines the layout shows to be headings (a
    PDF's bold lines set larger than the text under them): a numbered section head
    ("2. Materials and Methods") reads like a reference line, and the type says it is not."""
    if not isinstance(text, str) or not text.strip():
        return Segmentation([], [])
    lines = split_lines(text)
    if furniture is None and layout is None and headings is None:
        lines = read_columns(lines)  # (a PDF's lines come in reading order, indexed by its layout)
    labels, reasons = classify_lines(lines, model, furniture, headings)
    repeats = Counter(repeat_key(line.content) for line in lines if line.content)
    segments, held, aside = [], set(), {}  # aside: a found piece's lines that make no reference
    entry = ""  # the list number of the entry the pieces belong to
    for run, at_start, at_end in _reference_runs(lines, labels, layout):
        groups = split_references(run)
        alone = _labels_alone(groups)
        for index, (group, numbered) in enumerate(groups):
            if index in alone:  # labels without their references' text
                aside.update(dict.fromkeys((line.start for line in group), "list label"))
                continue
            if _page_head(group, repeats):  # a page's head or foot, found alone
                aside.update(dict.fromkeys((line.start for line in group), "running head"))
                continue
            after = groups[index + 1][0][0].gap if index + 1 < len(groups) else "page"
            kept = _before_page_lines(group, repeats, after)  # "…contribution 10.↵research papers"
            aside.update(dict.fromkeys((line.start for line in group[kept:]), "running head"))
            group = group[:kept]
            raw = "\n".join(line.content for line in group)
            last = group[-1]
            partial = (at_start and index == 0 and starts_cut_off(group, numbered)) or (
                at_end and index == len(groups) - 1 and _ends_cut_off(raw)
            )
            found = Segment(raw, group[0].start, last.start + len(last.content), partial)
            own = entry_label(raw)
            if own or not (numbered and segments and not partial):
                entry = own  # (a piece without a number in a numbered list: the entry's work)
            segments.extend(_works(found, group, entry, later=not own))
            held.update(line.start for line in group)
    return Segmentation(segments, _dropped(lines, labels, reasons, held, aside))


def _works(found: Segment, group: list, entry: str, later: bool) -> list:
    """The works of a piece of entry `entry` (its list number), each a Segment with its own
    offsets and its label (tagger.finder.compound); `later`: the piece does not open the entry."""
    starts = compound_parts(found.raw, later) if entry else [0]
    if len(starts) == 1:
        found.label = work_label(found.raw, entry, later)
        return [found]
    line_starts, offset = [], 0  # where each line begins in raw
    for line in group:
        line_starts.append(offset)
        offset += len(line.content) + 1

    def document_offset(position: int) -> int:
        at = bisect_right(line_starts, position) - 1
        return group[at].start + position - line_starts[at]

    works = []
    for begin, end in zip(starts, starts[1:] + [len(found.raw)]):
        raw = found.raw[begin:end].rstrip()
        works.append(Segment(raw, document_offset(begin), document_offset(begin + len(raw) - 1) + 1,
                             label=work_label(raw, entry, later=begin > 0)))
    works[-1].partial = found.partial  # (an entry that opens on its number was not cut off before)
    return works


def _page_head(group: list, repeats: Counter) -> bool:
    """Is a found piece a page's head or foot: each line one that comes back PAGE_REPEATS
    times, with HEAD_LETTERS letters, ending on no stop or comma, the first with no number?"""
    return not numbering_of(group[0].content) and all(
        repeats[repeat_key(line.content)] >= PAGE_REPEATS
        and not line.content.endswith((".", ",", ";", ":"))
        and sum(map(str.isalpha, line.content)) >= HEAD_LETTERS for line in group)


def _before_page_lines(group: list, repeats: Counter, after: str) -> int:
    """How many lines of a found piece to keep: all but a page's head or foot that its last
    reference ran on into (lines _page_head would drop alone, after a finished reference,
    before a page's furniture or the run's end: `after` is the gap after the piece). A
    journal's name that ends many references ("Neuroimage") comes back too, inside the run;
    a DOI comes back with its digits masked ("doi:10.1371/journal.pone.0154329")."""
    if not after.startswith("page"):
        return len(group)
    kept = len(group)
    while (kept > 1 and _page_head(group[kept - 1:kept], repeats)
           and not IDENTIFIER.search(group[kept - 1].content)):
        kept -= 1
    return kept if kept < len(group) and ends_reference(group[kept - 1].content) else len(group)


def _labels_alone(groups: list) -> set:
    """The groups that are a block of list labels without their text: a group of labels
    alone beside another such group, or holding several (a lone label is a reference's,
    split from its text)."""
    bare = [all(LABEL_ALONE.match(line.content) for line in group) for group, _ in groups]
    return {index for index, (group, _) in enumerate(groups) if bare[index] and (
        len(group) > 1 or any(0 <= other < len(bare) and bare[other] for other in (index - 1, index + 1)))}


def _dropped(lines, labels, reasons, held: set, aside: dict) -> list:
    """The lines with text that no reference holds (`held`: the offsets of those it does), in
    reading order; `aside`: the reason for each line of a found piece that made no reference
    (list labels without their text, a page's head or foot found alone)."""
    dropped = []
    for line, label, reason in zip(lines, labels, reasons):
        content = line.content
        start = line.start + len(line.text) - len(line.text.lstrip())
        if not content or start in held:
            continue
        if start in aside:
            reason = aside[start]
        elif label in ("text", "title", "ref") or not reason:
            reason = LABEL_REASONS[label]
        dropped.append(Dropped(content, start, start + len(content), reason))
    return dropped
