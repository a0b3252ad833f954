"""Page edges inside a reference list: tell page numbers and running heads from the reference
text that wraps across the break.

A page number is a number in the page sequence (another one a page away is one or two from
it), or one that sits at a page's edge (a blank line, a form feed or a running head beside
it); it is never glued to a bracket or a stop, and a line that continues an open identifier
or bracket is not one. A running head is a line at a page's edge that does not continue the
reference around it: it repeats, or it has a head's shape (capitals, a number set far apart),
or, in a wrapped list, it is too short to be a wrapped line of the reference the next line
goes on with (its next word would have fitted).

What continues a line is in tagger.finder.continuation, the page sequence in
tagger.finder.pagenumbers, lines taken for body text amid the list in tagger.finder.ends.
"""

import re
from collections import Counter

from tagger.finder.continuation import (
    IDENTIFIER_TAIL, LAST_LINE_END, OPEN_END, REFERENCE_END, bare_identifier_end, closed_before,
    continues, open_identifier, straight_quote_open, unclosed,
)
from tagger.finder.ends import text_inside_references
from tagger.finder.lines import (
    HEADING, IDENTIFIER, NUMBERING, PAGE_NUMBER, PAGE_NUMBER_FIRST, PAGE_SET_APART, WIDE_GAP, YEAR,
    YEAR_DIGITS,
    names_first, repeat_key,
)
from tagger.finder.neighbours import REACH, between_refs, near
from tagger.finder.pagenumbers import (
    NUMBER_SET_APART, YEAR_LINE, after_head_number, in_sequence, numbered_elsewhere,
    out_of_sequence, page_value,
)

# A verso head: the authors, a slash, the journal ("J. Smith et al. / Journal of ...").
AUTHORS_SLASH_JOURNAL = re.compile(
    r"^(?:[A-Z]\.\s?){1,3}[A-Z][\w'’\-]+(?: et al\.| and (?:[A-Z]\.\s?){1,3}[A-Z][\w'’\-]+)? / [A-Z]")
# Names and nothing else ("M. Chen, L. Zhang"): a head's shape, not a reference's first line.
NAME_PART = r"[A-Z][\w'’\-]*\.?(?: [A-Z][\w'’\-]*\.?){0,3}"
NAMES_ONLY = re.compile(rf"^{NAME_PART}(?:(?:, | and | & ){NAME_PART}){{0,5}}$")
# Identifiers a reference may end on besides DOIs and URLs: no head carries one (an ISSN may).
OTHER_IDENTIFIER = re.compile(r"\b(?:PMID|PMCID)\b|\barXiv:", re.I)
PAGES_WORD = re.compile(r"\b(?:pp?\.|pages)\s*\d", re.I)
# A sentence that ends inside the line, after a whole word, and the next one begun
# ("Sclerosis. IEEE Transactions on …"): a title's end and a journal's start, not a head's.
SENTENCE_INSIDE = re.compile(r"[a-z]{4}\. [A-Z]")
# A page number dressed as one, which no reference wraps to a line of its own: "- 449 -",
# "— 12 —", "第 3 页". ("Page 15" and "p. 83" may end a reference: "…Bulletin, 1996.↵Page 15".)
DECORATED_PAGE_NUMBER = re.compile(r"^(?:[-–—]\s*\d{1,4}\s*[-–—]|第\s*\d{1,4}\s*页)$")
# How far apart two of a list's labels set alone on their lines may be (a reference or two).
LABEL_GAP = 12
# A DOI's last letters alone on a line ("x", Wiley's DOIs end so).
LONE_LETTERS = re.compile(r"^[a-zA-Z]{1,2}[.,;]?$")
# A year in brackets that ends a reference ("(2005)."): it closes a volume and pages
# ("Letters 30, 1725–1727↵(2005)."), not a journal's name left on a word.
PAREN_YEAR_TAIL = re.compile(rf"^\({YEAR_DIGITS}\)[.;]?$")


class Context:
    """What the edge rules need to know of the whole document."""

    def __init__(self, lines: list, labels: list, contents: list):
        self.lines = lines
        self.contents = contents  # each line's content, as mark_edges made them
        self.labels = labels
        refs = [c for c, label in zip(self.contents, labels) if label == "ref"]
        lengths = sorted(len(c) for c in refs)
        self.width = lengths[int(0.9 * (len(lengths) - 1))] if lengths else 0
        full = sum(1 for n in lengths if n >= 0.85 * self.width)
        self.wrapped = len(refs) >= 6 and self.width >= 40 and full >= 0.3 * len(refs)
        self.numbering = _numbering(refs)
        indents = [line.indent for line, label in zip(lines, labels) if label == "ref"]
        self.base_indent = min(indents) if indents else 0
        deeper = [i for i in indents if i > self.base_indent]
        self.hanging = bool(indents) and len(deeper) >= 0.2 * len(indents)
        self.continuation_indent = max(set(deeper), key=deeper.count) if self.hanging else None
        after_blank = sum(1 for i, label in enumerate(labels)
                          if label == "ref" and i and not self.contents[i - 1])
        self.blank_separated = len(refs) >= 6 and after_blank >= 0.15 * len(refs)
        self.repeats = Counter(repeat_key(content) for content in contents if content)
        # (line, line right under it) -> how often the two come together
        self.pairs = Counter((repeat_key(upper), repeat_key(lower))
                             for upper, lower in zip(contents, contents[1:]) if upper and lower)

    def starts_reference(self, index: int):
        """True / False when the list's numbering or hanging indent tells, else None."""
        content = self.contents[index]
        if self.numbering is not None:
            return bool(self.numbering.match(content))
        if self.hanging:
            return self.lines[index].indent <= self.base_indent
        if self.blank_separated:  # a blank line after a reference line; after furniture, unknown
            if index < 2 or self.contents[index - 1]:
                return False if index and self.labels[index - 1] == "ref" else None
            return True if self.labels[index - 2] == "ref" and self.contents[index - 2] else None
        return None

    def numbering_starts(self, index: int) -> bool:
        return self.numbering is not None and bool(self.numbering.match(self.contents[index]))

    def fits_more(self, content: str, following: str) -> bool:
        """Would the next line's first word have fitted on this line (so it is not a line
        the wrap filled)?"""
        word = following.split()[0] if following.split() else ""
        return self.wrapped and len(content) + 1 + len(word) <= 0.92 * self.width

    def repeated(self, index: int) -> bool:
        """Does the line come back elsewhere, numbers aside (a line of a few letters, such as
        "2012." or "pp.", says nothing by coming back)?"""
        content = self.contents[index]
        return (sum(map(str.isalpha, content)) >= 6
                and self.repeats[repeat_key(content)] >= 2
                and not self._repeated_with_next(index))

    def _repeated_with_next(self, index: int) -> bool:
        """Does the line right under it come back too, twice, with this one right above it each
        time? A head comes back over other text on every page; lines that come back together
        twice are a passage printed twice (a reference the list holds twice). A block that
        comes back on three pages or more is the pages' furniture ("The copyright holder for
        this preprint↵(which was not certified by peer review) …" on every page of a bioRxiv
        preprint)."""
        if index + 1 >= len(self.contents) or not self.contents[index + 1]:
            return False
        pair = (repeat_key(self.contents[index]), repeat_key(self.contents[index + 1]))
        if sum(map(str.isalpha, self.contents[index + 1])) < 6:
            return False
        return self.pairs[pair] == 2 == self.repeats[pair[0]]


def _numbering(contents: list):
    """The numbering pattern most reference lines start with, when the list is numbered."""
    counts = {pattern: sum(1 for c in contents if pattern.match(c)) for _, pattern in NUMBERING}
    best = max(counts, key=counts.get)
    return best if counts[best] >= 3 and counts[best] >= 0.15 * len(contents) else None


def mark_edges(lines: list, labels: list, reasons: list) -> None:
    """Correct `labels` (and their `reasons`) in place at page edges, after the lines taken
    for body text amid a list (tagger.finder.ends). Written for pastes, which need them; in a
    whole document classify lets them make no reference line of a line the document model
    is sure of (docs/smaller.md)."""
    if not lines:
        return
    contents = [line.content for line in lines]
    text_inside_references(labels, contents)
    _wrapped_dashes(labels, contents)
    context = Context(lines, labels, contents)
    _end_of_list(context, labels, reasons)
    candidates = {i: page_value(c) for i, c in enumerate(contents) if PAGE_NUMBER.match(c)}
    _page_numbers(context, labels, reasons, candidates)
    _running_heads(context, labels, reasons, candidates)


def _page_numbers(context: Context, labels: list, reasons: list, candidates: dict) -> None:
    """Lone numbers: page furniture or the tail of a wrapped reference?"""
    lines, contents = context.lines, context.contents
    for index in candidates:
        content = contents[index]
        if labels[index] not in ("meta", "ref"):
            continue
        before = near(labels, index, -1, skip=("blank", "meta"))
        previous = contents[before] if before >= 0 and labels[before] == "ref" else ""
        after = near(labels, index, 1, skip=("blank", "meta"))
        if not previous and not (after >= 0 and labels[after] == "ref"):
            continue  # no reference line around it: a figure's or a table's number, body text's
        if DECORATED_PAGE_NUMBER.match(content):
            labels[index], reasons[index] = "meta", "page number"  # "- 449 -": no reference
            continue  # wraps a number so
        if _list_label_in_step(context, labels, index, candidates):
            labels[index], reasons[index] = "ref", None  # "21↵Marchetto, M. C. et al. …"
            continue
        adjacent_previous = index > 0 and labels[index - 1] == "ref" and contents[index - 1]
        sequenced = in_sequence(index, candidates) or after_head_number(context, index, candidates)
        across = _before_numbered_break(labels, reasons, contents, index)
        opened = previous if open_identifier(previous) else contents[across] if across >= 0 else ""
        if (IDENTIFIER_TAIL.match(content) and open_identifier(opened) and not sequenced
                and (adjacent_previous or across >= 0)
                and not _tail_beyond(context, labels, index, opened)):
            labels[index], reasons[index] = "ref", None  # "doi:10.3998/3336451.0004.↵203"
        elif (adjacent_previous and YEAR_LINE.match(content) and not sequenced
              and not _beside_page_break(lines, labels, index)):
            labels[index], reasons[index] = "ref", None  # "January-March↵2010": a wrapped year
        elif not sequenced and numbered_elsewhere(context, index, candidates):
            labels[index], reasons[index] = "ref", None  # "ARA&A, 40,↵319↵↵Page 846"
        elif not sequenced and out_of_sequence(context, index, candidates):
            labels[index], reasons[index] = "ref", None  # "A&A, 362,↵886", pages 604, 605
        elif (sequenced or not adjacent_previous
                or _beside_page_break(lines, labels, index)
                or (continues(previous, content) and _page_top_after(context, index))
                or (not continues(previous, content)
                    and (_at_edge(lines, labels, index, context.blank_separated)
                         or closed_before(previous, content)))):
            labels[index], reasons[index] = "meta", "page number"
        else:
            labels[index], reasons[index] = "ref", None  # "Journal 3,↵1234": a wrapped number


def _list_label_in_step(context: Context, labels: list, index: int, candidates: dict) -> bool:
    """A bare number right above a reference line, one of three or more bare numbers in step,
    each a reference or two (LABEL_GAP lines) from the next: the list's labels set on lines of
    their own ("21↵Marchetto, M. C. et al. …↵…↵22↵Smrt, R. D. …", Nature's style as bioRxiv
    prints it). Page numbers go on a page apart (two may come closer, around a short page)."""
    following = index + 1
    if not context.contents[index].isdigit() or following >= len(labels) or (
            labels[following] != "ref" or not context.contents[following]):
        return False
    run = 1
    for step in (-1, 1):
        other, value = index, candidates[index]
        while (found := _next_in_step(context, candidates, other, value, step)) is not None:
            other, value, run = found, value + step, run + 1
    return run >= 3


def _next_in_step(context: Context, candidates: dict, index: int, value: int, step: int):
    """The bare number `value` + `step` alone on a line within LABEL_GAP lines of `index`, in
    direction `step`, or None."""
    for other in range(index + step, index + step * (LABEL_GAP + 1), step):
        if candidates.get(other) == value + step and context.contents[other].isdigit():
            return other
    return None


def _running_heads(context: Context, labels: list, reasons: list, candidates: dict) -> None:
    """Running heads: lines at a page's edge that do not continue the reference around them;
    and lines taken for furniture that surely do continue it."""
    lines, contents = context.lines, context.contents
    for index, content in enumerate(contents):
        if labels[index] not in ("ref", "meta") or not content or reasons[index] or index in candidates:
            continue  # (a lone number is a page number or the reference's: decided above)
        head = _is_head(context, labels, index)
        if head and labels[index] == "ref" and _at_page_edge(lines, labels, reasons, index):
            labels[index], reasons[index] = "meta", "running head"
        elif labels[index] == "meta" and head is False and between_refs(labels, index):
            labels[index] = "ref"


def _before_numbered_break(labels: list, reasons: list, contents: list, index: int) -> int:
    """The reference line before the page break that line `index` ends, when the break has
    its page number already and at most one line not yet judged (its head) after it
    ("…00268.↵Page 435↵↵Physical Review E 101↵↵x"), or -1. A break has one page number, so
    a lone "x" there goes on with the identifier left open above it."""
    numbered, unjudged = False, 0
    for other in range(index - 1, -1, -1):
        if reasons[other] == "page number":
            numbered = True
        elif labels[other] == "ref" and contents[other]:
            if numbered:
                return other
            unjudged += 1
            if unjudged > 1:
                return -1
    return -1


def _tail_beyond(context: Context, labels: list, index: int, previous: str) -> bool:
    """Does a line further on in the page break, or the first reference line after it, go on
    with the identifier left open ("doi: 10.1044/↵757↵↵HEAD↵2013_JSLHR-S-12-0345.")? Then
    that line is its tail and this number the page's."""
    arabic = context.contents[index].isdigit()
    other, unjudged = index + 1, 0
    while other < len(labels):
        content = context.contents[other]
        if content and (continues(previous, content) or arabic and LONE_LETTERS.match(content)):
            return True  # (a page in an arabic sequence is no "x": "…00268.↵874↵↵HEAD↵x")
        if labels[other] not in ("blank", "meta"):
            unjudged += 1  # the break's head, not judged yet ("…doi:10.1128/↵712↵↵Journal of
            if unjudged > 1 or not _short_unfinished(content):  # … 109–133↵JVI.02005-10")
                return False
        other += 1
    return False


def _wrapped_dashes(labels: list, contents: list) -> None:
    """A dash alone between two reference lines that end and begin with a number is a page
    range wrapped at its dash ("Cognition, 38, 43↵-↵102."), no separator."""
    for index in range(1, len(labels) - 1):
        if (labels[index] == "blank" and contents[index] in ("-", "–", "—")
                and labels[index - 1] == labels[index + 1] == "ref"
                and contents[index - 1][-1:].isdigit() and contents[index + 1][:1].isdigit()):
            labels[index] = "ref"


def _end_of_list(context: Context, labels: list, reasons: list) -> None:
    """Lines taken for furniture after the last reference line, with nothing but furniture
    after them, that go on with it (in lower case, or after a line left open) or begin a
    reference where the list's numbering or hanging indent says one begins, with names and a
    year: the paste ends inside the list, not in a page foot."""
    refs = [i for i, label in enumerate(labels) if label == "ref"]
    if not refs or any(label == "text" or label == "title" and HEADING.match(content)
                       for label, content in zip(labels[refs[-1]:], context.contents[refs[-1]:])):
        return  # body text or a real heading follows: the list has ended
    previous = context.contents[refs[-1]]
    for index in range(refs[-1] + 1, len(labels)):
        content = context.contents[index]
        if not content or reasons[index] or PAGE_NUMBER.match(content):
            continue
        goes_on = content[:1].islower() or continues(previous, content) or (
            OPEN_END.search(previous) and not open_identifier(previous)  # (only its tail goes on)
            and not context.lines[index].text.startswith("\f")) or (
            not LAST_LINE_END.search(previous) and _is_head(context, labels, index) is False)
        # (a reference not ended goes on with a line the head rules say is no head)
        begins = ((context.numbering is not None or context.hanging) and context.starts_reference(index)
                  and names_first(content) and YEAR.search(content))
        if not (goes_on or begins):
            if (context.lines[index].text.startswith("\f") or context.repeated(index)
                    or _tail_beyond(context, labels, index, previous)):
                labels[index] = "meta"
                continue  # the head of the last page (the reference's tail may come after it)
            return
        labels[index], previous = "ref", content


def _head_with_its_number(content: str) -> bool:
    """A head's words (a short line, no stop, no identifier) then the page number set far
    apart ("Neurology 65 September (2 of 2) 2005                 431"): a page's head
    whatever the reference before it left open, for no reference line sets a number so."""
    found = PAGE_SET_APART.search(content)
    return bool(found) and _short_unfinished(content[:found.start() + 1])


def _number_then_head(content: str) -> bool:
    """The page number, then far apart a head's words with no year in them: a verso's head
    ("18        ADEBAYO ET AL.", "212        Journal of Applied Ecology"). A wrapped line
    never opens on a lone number and a wide gap."""
    found = PAGE_NUMBER_FIRST.match(content)
    words = content[found.end():] if found else ""
    return bool(found) and not YEAR.search(words) and (
        _short_unfinished(words) or words.lower().endswith("et al.") and len(words.split()) <= 6)


def _at_edge(lines: list, labels: list, index: int, blank_separated: bool = False) -> bool:
    """A blank line, a form feed, or other furniture right beside the line, or the
    document's own edge. In a list whose references are set apart by blank lines, a blank
    line after it is only the end of a reference."""
    if index == 0 or index == len(lines) - 1 or lines[index].text.startswith("\f"):
        return True
    for other in (index - 1, index + 1):
        blank = not lines[other].content and not (blank_separated and other > index)
        if blank or lines[other].text.startswith("\f") or labels[other] == "meta":
            return True
    return False


def _page_top_after(context: Context, index: int) -> bool:
    """Blank lines after the line, then what begins a page: a head's shape, no reference. In
    a list whose references blank lines part, a line left open (on a comma) after the blank
    is no head but the next reference's first line: a head does not end on a comma."""
    other = index + 1
    while other < len(context.lines) and not context.contents[other]:
        other += 1
    if other == index + 1 or other >= len(context.lines):
        return False
    content = context.contents[other]
    return ((_head_shape(content) or context.repeated(other) and _short_unfinished(content))
            and not context.numbering_starts(other) and not (context.blank_separated and OPEN_END.search(content)))


def _beside_page_break(lines: list, labels: list, index: int) -> bool:
    """A form feed, or a line already known for furniture (other than a number, which may be
    the page number this one is not), right after the line."""
    if index + 1 >= len(lines):
        return False
    following = lines[index + 1]
    return following.text.startswith("\f") or (labels[index + 1] == "meta"
                                                 and not PAGE_NUMBER.match(following.content))


def _at_page_edge(lines, labels, reasons, index) -> bool:
    """Right after (or before) a page number or a form feed, blank lines between; or the
    page number set far apart on the line itself ("Bioinformatics, 35(14), 2019      191",
    "18        ADEBAYO ET AL.")."""
    content = lines[index].content
    if lines[index].text.startswith("\f") or PAGE_SET_APART.search(content) or (
            PAGE_NUMBER_FIRST.match(content)):
        return True
    for step in (-1, 1):
        other = index + step
        while 0 <= other < len(lines) and not lines[other].content:
            other += step
        if 0 <= other < len(lines) and (reasons[other] == "page number"
                                        or (step == 1 and lines[other].text.startswith("\f"))):
            return True
    return False


def _is_head(context: Context, labels: list, index: int):
    """True: a running head; False: reference text; None: no view."""
    content = context.contents[index]
    if context.starts_reference(index) and context.numbering is not None:
        return False
    if _number_then_head(content):
        return True  # whatever the line above left open: a page's head opens on its number
    before = near(labels, index, -1, skip=("blank", "meta"))
    after = near(labels, index, 1, skip=("blank", "meta"))
    previous = context.contents[before] if before >= 0 and labels[before] == "ref" else ""
    if continues(previous, content) or (
            OPEN_END.search(previous) or unclosed(previous) or not LAST_LINE_END.search(previous)) and (
            content[:1].islower()):
        return False  # it goes on with a reference left open, or not ended, in lower case
    if before == index - 1 and previous and (content[:1].islower() or not context.fits_more(previous, content)):
        return False  # right under a reference line the wrap filled, or going on in lower case
    if SENTENCE_INSIDE.search(content) and not content.endswith("."):
        return False  # "…people with Multiple↵40↵↵Sclerosis. IEEE Transactions on …↵24(2)"
    if OPEN_END.search(content.rstrip("”\"’")) or IDENTIFIER.search(content) or PAGES_WORD.search(content) or (
            OTHER_IDENTIFIER.search(content)) or (
            context.lines[index].indent == context.continuation_indent):
        return False  # a head does not end on a comma, hold a DOI or "pp. 12", nor sit where
        # wrapped lines do
    if AUTHORS_SLASH_JOURNAL.match(content):
        return True  # "J. Smith et al. / Journal of Computational Physics 412 (2021) 109–133"
    if _head_with_its_number(content):
        return True  # "Neurology 65 September (2 of 2) 2005                 431"
    if context.repeated(index) and _short_unfinished(content):
        return True
    if _tail_follows(context, labels, index, previous) or _inside_text(context, labels, index) or (
            _break_has_other_head(context, labels, index)):
        return False
    if _looks_like_reference(content) or _ends_like_text(content) or content[:1] in "[(«“\"":
        return False  # a head does not end on a stop, nor open with a bracket or a quote
    if context.lines[index].text.startswith("\f") and _head_shape(content):
        return True  # the first line of a page, and nothing like a reference
    if not previous or after < 0 or labels[after] != "ref":
        return None
    following = context.contents[after]
    next_starts = context.starts_reference(after)
    if (names_first(content) and context.starts_reference(index) is not False
            and (unclosed(content) or straight_quote_open(content))):
        return False  # "C. Langrock, E. Diamanti, …, “Highly efficient", "Cardis, Elisabeth, et
        # al. “Estimates of the Cancer Burden in Europe from": names first, a title's quote
        # opened for the lines after: a reference's first line, filled by the wrap or not
    if (context.fits_more(content, following) and not LAST_LINE_END.search(content)
            and not continues(content, following) and _short_unfinished(content)
            and not (names_first(content) and YEAR.search(content))):
        return True  # not filled by the wrap, so a reference's last line (or a whole one, with
        # names and a year), yet not ended as one
    if (context.fits_more(previous, content) and LAST_LINE_END.search(previous)
            and names_first(content) and not context.fits_more(content, following)
            and not NUMBER_SET_APART.search(content) and context.starts_reference(index) is not False
            and next_starts is not True and not names_first(following)):
        return False  # the reference before had ended (its line neither filled nor open); this
        # one begins with names, filled by the wrap before the line that goes on with it
    if (next_starts is False and context.starts_reference(index) and context.fits_more(previous, content)
            and not context.fits_more(content, following) and not NUMBER_SET_APART.search(content)):
        return False  # the reference before had ended, and this line begins the next one,
        # filled by the wrap before the line that goes on with it
    if unclosed(content) and continues(content, following):
        return False  # it opens a bracket the line after the break closes: "…American
        # Literature 21, no. 4 (January↵435↵↵1950): 482–484.", no head's
    if (next_starts and not context.starts_reference(index) and not context.fits_more(previous, content)
            and (not REFERENCE_END.search(previous) or bare_identifier_end(previous))):
        return False  # the reference before goes on (its line filled and not ended: a DOI
        # with no stop after it may end one, or go on) and the next begins after this line:
        # this line is the rest of it
    if _head_shape(content) and (context.fits_more(content, following)
                                 or context.starts_reference(after)):
        return True  # short, at a page's edge, and not a line the wrap filled
    if next_starts is False or (next_starts is None and following[:1].islower()):
        # The next line goes on with a reference: this line, if it were part of it, would
        # have been filled by the wrap. A filled line tells nothing: heads can be long.
        return True if context.fits_more(content, following) else None
    return None


def _tail_follows(context: Context, labels: list, index: int, previous: str) -> bool:
    """Is the line right after it a lone tail that goes on with it ("Journal of Experimental
    Biology 215, 671-684↵(2012).") while the reference before the break had ended, or
    stopped on a word no lone number goes on with, or a year in brackets closes this line's
    numbers where that reference stopped on a word ("Optics↵Page 867↵↵Letters 30,
    1725–1727↵(2005).")? The tail then is this line's, not that reference's across a head."""
    after = index + 1
    if after >= len(labels) or labels[after] != "ref" or context.lines[after].text.startswith("\f"):
        return False
    content, following = context.contents[index], context.contents[after]
    ended = previous.endswith(".") and not OPEN_END.search(previous) and not open_identifier(previous)
    left = previous.rstrip("”\"’")  # ("…nanocavities,”↵143↵↵Applied Physics Letters 97, 043103–3↵(2010).")
    year_closes_numbers = (bool(PAREN_YEAR_TAIL.match(following)) and content[-1:].isdigit()
                           and (left[-1:].isalpha() or left.endswith(",")))
    if (not (ended or year_closes_numbers) or content.isupper()
            or context.lines[index].text.startswith("\f") or NAMES_ONLY.match(content)):
        return False  # (a head in capitals, of names, or opening the page is one whatever follows)
    return len(following.split()) <= 2 and continues(content, following)


def _inside_text(context: Context, labels: list, index: int) -> bool:
    """Reference lines right above and below it, no blank line, form feed or furniture
    between: a head sits at a page's edge, this line sits inside the text."""
    if context.lines[index].text.startswith("\f") or context.contents[index].isupper():
        return False
    return all(0 <= other < len(labels) and labels[other] == "ref" and context.contents[other]
               and not context.lines[other].text.startswith("\f") for other in (index - 1, index + 1))


def _break_has_other_head(context: Context, labels: list, index: int) -> bool:
    """Does the page break the line sits in already have its head, a line that opens the
    page (after a form feed) or carries the page number set apart? A page break has one
    head, so this line is reference text the break cut."""
    if context.lines[index].text.startswith("\f"):
        return False
    for step in (-1, 1):
        other = index + step
        while 0 <= other < len(labels) and labels[other] in ("blank", "meta") and abs(other - index) <= REACH:
            line = context.lines[other]
            if line.content and not PAGE_NUMBER.match(line.content) and (
                    line.text.startswith("\f") or NUMBER_SET_APART.search(line.content)):
                return True
            other += step
    return False


def _ends_like_text(content: str) -> bool:
    """Ends on a stop, as a head does not unless it is names ("Anonymous et al.") or set in
    two parts far apart."""
    return (content.endswith(".") and not content.endswith("et al.")
            and not WIDE_GAP.search(content))


def _head_shape(content: str) -> bool:
    """Short and nothing like a reference of its own: no names first, no final stop (a head
    of names, "M. Chen, L. Zhang", is known by coming back)."""
    return _short_unfinished(content) and not names_first(content)


def _short_unfinished(content: str) -> bool:
    """At most twelve words, no final stop, no identifier: what a head may look like."""
    return (len(content.split()) <= 12 and not content.endswith(".")
            and not IDENTIFIER.search(content))


def _looks_like_reference(content: str) -> bool:
    """A reference's first line (or a whole one): names first and a year. A head with names
    has no year ("M. Chen, L. Zhang"), or a slash before its journal, or comes back."""
    return bool(names_first(content) and YEAR.search(content))
