"""Page edges inside a reference list: tell page numbers and running heads from the reference
text that wraps across the break.

A page number is a number in the page sequence (another one a page away is one or two from
it), or one that sits at a page's edge (a blank line, a form feed or a running head beside
it); it is never glued to a bracket or a stop, and a line that continues an open identifier
or bracket is not one. A running head is a line at a page's edge that does not continue the
reference around it: it repeats, or it has a head's shape (capitals, a number set far apart),
or, in a wrapped list, it is too short to be a wrapped line of the reference the next line
goes on with (its next word would have fitted).
"""

import re

from tagger.finder.lines import (
    HEADING, IDENTIFIER, NAME_START, NUMBERING, PAGE_NUMBER, PROSE_WORDS, WIDE_GAP, YEAR,
    repeat_key,
)

# A short line of numbers glued to punctuation: the end of a reference wrapped there
# ("2019.", "436–444.", "3094364]", "e1002345,", "(2015)."), never a page number.
GLUED_NUMBER = re.compile(r"^\(?[eA-Z]?\d[\d\s–\-:()]*[.,;:)\]]+$|^\(\d{4}[a-z]?\)")
# A line end that leaves the reference open: the next line must go on with it.
OPEN_END = re.compile(r"(?:[,;:(\[/–\-&]|\b(?:and|in|of|the|pp?\.|[Pp]age|[Vv]ol\.|[Nn]o\.|doi:?|In:))$")
# How a reference's last line ends: a stop, a number, a closing bracket.
REFERENCE_END = re.compile(r"[.)\]]$|\d$")
# How a reference's last line may end (a stop, a number, a bracket, a quote, a mark or an
# identifier): a line the wrap did not fill and that ends otherwise is no reference's.
LAST_LINE_END = re.compile(r"[.)\]”\"*†]$|\d$|(?:10\.\d{3,9}/|https?://|www\.)\S*$", re.I)
NO_DATE = re.compile(r"\bn\.\s?d\.")  # "n.d.", a reference's date when it has none
DITTO = re.compile(r"^[-–—_]{2,}\s*[.,]")
YEAR_LINE = re.compile(r"^(?:19[0-9]\d|20[0-3]\d)$")
PAGES_WORD = re.compile(r"\b(?:pp?\.|pages)\s*\d", re.I)
DIGIT_RANGE = re.compile(r"\d+\s?[–\-]\s?\d+")
PAGE_RANGE = re.compile(r"^(?:pp?\.\s*)?[A-Za-z]?\d+\s*[–\-—]\s*[A-Za-z]?\d+[.,;]?$")
NUMBERS = re.compile(r"^[\d\s–\-:;()]+[.,;]?$")
# A number too long for a page number: an article number, PMID or identifier wrapped alone.
LONG_NUMBER = re.compile(r"^[eA-Z]?\d{5,}[.,;)\]]*$")
IDENTIFIER_TAIL = re.compile(r"^[A-Za-z0-9][\w./\-()<>;:]*[\]).,;]*$")
BRACKETS = ("[]", "()", "<>", "«»", "“”")
PAGE_VALUE = re.compile(r"\d+")
NUMBER_SET_APART = re.compile(r"\S\s{6,}(\d{1,4})$|^(\d{1,4})\s{6,}\S")


def _value(content: str):
    found = PAGE_VALUE.search(content)
    return int(found.group()) if found else None


def _in_sequence(index: int, candidates: dict) -> bool:
    """Is there another page-number line a page or two away (15 to 120 lines a page) whose
    number is one or two off, in the same direction?"""
    value = candidates[index]
    if value is None:
        return False
    partners = sum(other != index and other_value is not None
                   and 1 <= abs(other_value - value) <= 2 and (other_value > value) == (other > index)
                   and 15 <= abs(other - index) / abs(other_value - value) <= 120
                   for other, other_value in candidates.items())
    # Two years a few lines apart are as likely two references' wrapped years: a sequence of
    # year-like numbers needs three pages.
    return partners >= (2 if YEAR_LINE.match(str(value)) else 1)


def _open_identifier(previous: str) -> bool:
    """Does the line end inside a DOI or URL ("10.1109/TPDS.2021.", "doi:10.1016/")?"""
    words = previous.split()
    return bool(words) and bool(IDENTIFIER.search(words[-1])) and words[-1][-1] in "./-_=?&#"


def _unclosed(previous: str) -> bool:
    """Does the line leave a bracket or a quote open ("[36] S. Buckley, “Quasiresonant")?"""
    return any(previous.count(a) > previous.count(b) for a, b in BRACKETS)


def _open_bracket(previous: str, content: str) -> bool:
    """An opened bracket the previous line leaves open and this line closes."""
    return any(previous.count(a) > previous.count(b) and b in content
               for a, b in BRACKETS)


def continues(previous: str, content: str) -> bool:
    """Is `content` (a short line) surely the rest of the reference line `previous`?"""
    if not previous:
        return False
    if (GLUED_NUMBER.match(content) and not PAGE_NUMBER.match(content) or PAGE_RANGE.match(content)
            or LONG_NUMBER.match(content)):
        return True  # "2019.", "3094364]", "24568259"; and a page range alone is no furniture
    if content.isdigit() and (previous.endswith(("-", "–", "/", ",")) or OPEN_END.search(previous)):
        return True  # the end of a page range or an identifier wrapped there
    if NUMBERS.match(content) and not content.isdigit() and OPEN_END.search(previous):
        return True  # "Rev Med Suisse 2009;5:↵1882-1889"
    if _open_bracket(previous, content):
        return True
    first = content.split()[0]
    return (_open_identifier(previous) and bool(IDENTIFIER_TAIL.match(first))
            and any(char.isdigit() or char == "." for char in first.rstrip(".,;)]")))


def _next_content(contents: list, index: int) -> int:
    """The next line with text after `index` (blank lines skipped), or -1."""
    other = index + 1
    while other < len(contents) and not contents[other]:
        other += 1
    return other if other < len(contents) else -1


def _closed_before(previous: str, content: str) -> bool:
    """A bare number after a reference line that ends on a stop outside any identifier: the
    reference was finished, the number is not its."""
    return content.isdigit() and previous.endswith(".") and not _open_identifier(previous)


def _numbered_elsewhere(context, index: int, candidates: dict) -> bool:
    """Does the page break this number touches carry a page number of its own, further from
    the reference text, that this one is not next to? A page break has one page number (or a
    foot and a head one apart), so a second number beside a reference line is the reference's."""
    labels, contents = context.labels, context.contents
    touching = any(0 <= other < len(labels) and labels[other] == "ref" and contents[other]
                   and other not in candidates for other in (index - 1, index + 1))
    if not (touching or _between_refs(labels, index)):
        return False
    value = candidates[index]
    for step in (-1, 1):
        other = index + step
        while 0 <= other < len(labels) and (labels[other] in ("blank", "meta") or other in candidates):
            number = _page_number_of(context, other, candidates)
            if number is not False and (touching or other not in candidates) and (
                    value is None or number is None or abs(number - value) > 1):
                return True  # (a number set apart in a head is surely the page's)
            other += step
    return False


def _page_number_of(context, index: int, candidates: dict):
    """The page number a line deep in a page break shows (None when it is not arabic), or
    False when it shows none: a number alone (not beside reference text), or set far apart
    from a running head ("Nucleic Acids Research, 2019          26")."""
    labels = context.labels
    if index in candidates:
        beside = [other for other in (index - 1, index + 1) if 0 <= other < len(labels)
                  and labels[other] == "ref" and context.contents[other] and other not in candidates]
        return False if beside else candidates[index]
    found = NUMBER_SET_APART.search(context.contents[index])
    return int(found.group(1) or found.group(2)) if found else False


class Context:
    """What the edge rules need to know of the whole document."""

    def __init__(self, lines: list, labels: list):
        self.lines = lines
        self.contents = [line.content for line in lines]
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
        self.repeats = {}
        for content in self.contents:
            if content:
                key = repeat_key(content)
                self.repeats[key] = self.repeats.get(key, 0) + 1

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
                and self.repeats.get(repeat_key(content), 0) >= 2)


def _numbering(contents: list):
    """The numbering pattern most reference lines start with, when the list is numbered."""
    best, best_count = None, 0
    for _, pattern in NUMBERING:
        count = sum(1 for c in contents if pattern.match(c))
        if count > best_count:
            best, best_count = pattern, count
    return best if best_count >= 3 and best_count >= 0.15 * len(contents) else None


def _near(labels: list, index: int, step: int, skip=("blank",)) -> int:
    other = index + step
    while 0 <= other < len(labels) and labels[other] in skip:
        other += step
    return other if 0 <= other < len(labels) else -1


def mark_edges(lines: list, labels: list, reasons: list) -> None:
    """Correct `labels` (and their `reasons`) in place at page edges."""
    if not lines:
        return
    _text_inside_references(labels, [line.content for line in lines])
    context = Context(lines, labels)
    contents = context.contents
    _end_of_list(context, labels, reasons)
    candidates = {i: _value(c) for i, c in enumerate(contents) if PAGE_NUMBER.match(c)}
    # Numbers and short lines: page furniture or the tail of a wrapped reference?
    for index, content in enumerate(contents):
        if not content or labels[index] not in ("meta", "ref"):
            continue
        before = _near(labels, index, -1, skip=("blank", "meta"))
        previous = contents[before] if before >= 0 and labels[before] == "ref" else ""
        adjacent_previous = index > 0 and labels[index - 1] == "ref" and contents[index - 1]
        if index in candidates:
            after = _next_content(contents, index)
            in_sequence = _in_sequence(index, candidates)
            if (adjacent_previous and IDENTIFIER_TAIL.match(content) and _open_identifier(previous)
                    and not in_sequence and not (after > 0 and continues(previous, contents[after]))):
                labels[index], reasons[index] = "ref", None  # "doi:10.3998/3336451.0004.↵203"
            elif (adjacent_previous and YEAR_LINE.match(content) and not in_sequence
                  and not _beside_page_break(lines, labels, index)):
                labels[index], reasons[index] = "ref", None  # "January-March↵2010": a wrapped year
            elif not in_sequence and _numbered_elsewhere(context, index, candidates):
                labels[index], reasons[index] = "ref", None  # "ARA&A, 40,↵319↵↵Page 846"
            elif (in_sequence or not adjacent_previous
                    or _beside_page_break(lines, labels, index)
                    or (continues(previous, content) and _page_top_after(context, index))
                    or (not continues(previous, content)
                        and (_at_edge(lines, labels, index, context.blank_separated)
                             or _closed_before(previous, content)))):
                labels[index], reasons[index] = "meta", "page number"
            else:
                labels[index], reasons[index] = "ref", None  # "Journal 3,↵1234": a wrapped number
        elif (labels[index] == "meta" and not reasons[index] and len(content.split()) <= 3
              and continues(previous, content)):
            labels[index], reasons[index] = "ref", None
    # Running heads: lines at a page's edge that do not continue the reference around them;
    # and lines taken for furniture that surely do continue it.
    for index, content in enumerate(contents):
        if labels[index] not in ("ref", "meta") or not content or reasons[index]:
            continue
        head = _is_head(context, labels, index)
        if head and labels[index] == "ref" and _at_page_edge(lines, labels, reasons, index):
            labels[index], reasons[index] = "meta", "running head"
        elif head is False and labels[index] == "meta" and _between_refs(labels, index):
            labels[index] = "ref"
        elif labels[index] == "meta" and _opens_the_list(context, labels, index):
            labels[index] = "ref"


def _end_of_list(context: Context, labels: list, reasons: list) -> None:
    """Lines taken for furniture after the last reference line, with nothing but furniture
    after them, that go on with it (in lower case, or after a line left open) or begin a
    reference where the list's numbering or hanging indent says one begins, with names and a
    year: the paste ends inside the list, not in a page foot."""
    refs = [i for i, label in enumerate(labels) if label == "ref"]
    if not refs or any(label in ("text", "title") for label in labels[refs[-1]:]):
        return
    previous = context.contents[refs[-1]]
    for index in range(refs[-1] + 1, len(labels)):
        content = context.contents[index]
        if not content or reasons[index] or PAGE_NUMBER.match(content):
            continue
        goes_on = content[:1].islower() or continues(previous, content) or OPEN_END.search(previous)
        begins = ((context.numbering is not None or context.hanging) and context.starts_reference(index)
                  and NAME_START.match(content) and YEAR.search(content))
        if not (goes_on or begins):
            if context.lines[index].text.startswith("\f") or context.repeated(index):
                continue  # the head of the last page
            return
        labels[index], previous = "ref", content


def _opens_the_list(context: Context, labels: list, index: int) -> bool:
    """A line the wrap filled, too long for a head, before the first reference line and
    with only furniture before it: the paste begins inside a reference."""
    before = _near(labels, index, -1, skip=("blank", "meta"))
    after = _near(labels, index, 1, skip=("blank", "meta"))
    if before >= 0 or after < 0 or labels[after] != "ref" or context.starts_reference(after):
        return False
    content = context.contents[index]
    return (context.wrapped and not context.fits_more(content, context.contents[after])
            and not _head_shape(content) and not context.repeated(index))


def _reads_as_references(texts: list) -> bool:
    if not texts or len(texts) > 8:
        return False
    words = [word.lower() for text in texts for word in text.split()]
    prose = sum(word in PROSE_WORDS for word in words)
    return prose <= 0.1 * len(words) and any(
        YEAR.search(t) or NO_DATE.search(t) or IDENTIFIER.search(t) or DIGIT_RANGE.search(t)
        for t in texts)


def _text_inside_references(labels: list, contents: list) -> None:
    """Up to four lines taken for body text with references on both sides (or up to six
    ending the document, right under the last reference or going on with it after a break)
    are reference lines or furniture,
    which the rules below tell apart: body text does not come in a few lines there."""
    for index, content in enumerate(contents):  # a "title" amid references is a head
        if labels[index] == "title" and not HEADING.match(content) and _between_refs(
                [label if label != "text" else "ref" for label in labels], index):
            labels[index] = "meta"
    index = 0
    while index < len(labels):
        if labels[index] != "text":
            index += 1
            continue
        end = index
        while end < len(labels) and labels[end] in ("text", "blank", "meta"):
            end += 1
        texts = [i for i in range(index, end) if labels[i] == "text"]
        before = _near(labels, index, -1, skip=("blank", "meta"))
        inside = end < len(labels) and labels[end] == "ref" and len(texts) <= 4
        # the end of the last reference, right under it, with nothing after
        last = end == len(labels) and len(texts) <= 6 and (
            before == index - 1 or _goes_on(contents[index], contents[before])) and (
            texts == list(range(index, index + len(texts))))
        # whole references taken for text: a few lines without prose, with a year or a DOI
        listed = (end == len(labels) or labels[end] == "ref") and _reads_as_references(
            [contents[i] for i in texts])
        if (before >= 0 and labels[before] == "ref" and (inside or last or listed)) or (
                before < 0 and end < len(labels) and listed):  # the paste opens with them
            for i in texts:
                labels[i] = "ref"
        index = end


def _goes_on(content: str, previous: str) -> bool:
    """A line only a reference list has after a break: one going on in lower case with the
    sentence before (body text starts a paragraph in capitals), one after a reference line
    left open (on "and", a comma) or surely continued (a DOI's tail), or one opening with a ditto mark for the
    authors of the reference before ("———. Title")."""
    return (content[:1].islower() or bool(DITTO.match(content)) or bool(OPEN_END.search(previous))
            or continues(previous, content))


def _between_refs(labels: list, index: int) -> bool:
    before = _near(labels, index, -1, skip=("blank", "meta"))
    after = _near(labels, index, 1, skip=("blank", "meta"))
    return before >= 0 and after >= 0 and labels[before] == labels[after] == "ref"


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
    """Blank lines after the line, then what begins a page: a head's shape, no reference."""
    other = index + 1
    while other < len(context.lines) and not context.contents[other]:
        other += 1
    if other == index + 1 or other >= len(context.lines):
        return False
    content = context.contents[other]
    return ((_head_shape(content) or context.repeated(other) and _short_unfinished(content))
            and not context.numbering_starts(other))


def _beside_page_break(lines: list, labels: list, index: int) -> bool:
    """A form feed, or a line already known for furniture (other than a number, which may be
    the page number this one is not), right after the line."""
    if lines[index].text.startswith("\f"):
        return True
    if index + 1 >= len(lines):
        return False
    following = lines[index + 1]
    return following.text.startswith("\f") or (labels[index + 1] == "meta"
                                                 and not PAGE_NUMBER.match(following.content))


def _at_page_edge(lines, labels, reasons, index) -> bool:
    """Right after (or before) a page number or a form feed, blank lines between."""
    if lines[index].text.startswith("\f"):
        return True
    for step in (-1, 1):
        other = index + step
        while 0 <= other < len(lines) and not lines[other].content:
            if lines[other].text.startswith("\f"):
                return True
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
    before = _near(labels, index, -1, skip=("blank", "meta"))
    after = _near(labels, index, 1, skip=("blank", "meta"))
    previous = context.contents[before] if before >= 0 and labels[before] == "ref" else ""
    if continues(previous, content) or (OPEN_END.search(previous) or _unclosed(previous)) and (
            content[:1].islower()):
        return False
    if before == index - 1 and previous and (content[:1].islower() or not context.fits_more(previous, content)):
        return False  # right under a reference line the wrap filled, or going on in lower case
    if OPEN_END.search(content.rstrip("”\"’")) or IDENTIFIER.search(content) or PAGES_WORD.search(content) or (
            context.lines[index].indent == context.continuation_indent):
        return False  # a head does not end on a comma, hold a DOI or "pp. 12", nor sit where
        # wrapped lines do
    if context.repeated(index) and _short_unfinished(content):
        return True
    if _looks_like_reference(content) or _ends_like_text(content) or content[:1] in "[(«“\"":
        return False  # a head does not end on a stop, nor open with a bracket or a quote
    if context.lines[index].text.startswith("\f") and _head_shape(content):
        return True  # the first line of a page, and nothing like a reference
    if not previous or after < 0 or labels[after] != "ref":
        return None
    following = context.contents[after]
    if (context.fits_more(content, following) and not LAST_LINE_END.search(content)
            and not continues(content, following) and _short_unfinished(content)
            and not (NAME_START.match(content) and YEAR.search(content))):
        return True  # not filled by the wrap, so a reference's last line (or a whole one, with
        # names and a year), yet not ended as one
    next_starts = context.starts_reference(after)
    if (context.fits_more(previous, content) and LAST_LINE_END.search(previous)
            and NAME_START.match(content) and not context.fits_more(content, following)
            and not NUMBER_SET_APART.search(content) and context.starts_reference(index) is not False
            and next_starts is not True and not NAME_START.match(following)):
        return False  # the reference before had ended (its line neither filled nor open); this
        # one begins with names, filled by the wrap before the line that goes on with it
    if (next_starts is False and context.starts_reference(index) and context.fits_more(previous, content)
            and not context.fits_more(content, following) and not NUMBER_SET_APART.search(content)):
        return False  # the reference before had ended, and this line begins the next one,
        # filled by the wrap before the line that goes on with it
    if continues(previous, following):
        return True  # the lines around it are one reference broken there
    if (context.hanging and next_starts is False and context.starts_reference(index)
            and _head_shape(content) and not NAME_START.match(content)):
        return True  # a flush line that begins no reference, the one before going on after it
    if (next_starts and not context.starts_reference(index) and not context.fits_more(previous, content)
            and not REFERENCE_END.search(previous)):
        return False  # the reference before goes on (its line filled and not ended) and the
        # next begins after this line: this line is the rest of it
    if _head_shape(content) and (context.fits_more(content, following)
                                 or context.starts_reference(after)):
        return True  # short, at a page's edge, and not a line the wrap filled
    if next_starts is False or (next_starts is None and following[:1].islower()):
        # The next line goes on with a reference: this line, if it were part of it, would
        # have been filled by the wrap. A filled line tells nothing: heads can be long.
        return True if context.fits_more(content, following) else None
    if next_starts and context.fits_more(previous, content) and not context.starts_reference(index):
        # A reference begins after it, and the one before had ended (its line not filled):
        # this line belongs to neither.
        return True
    return None


def _ends_like_text(content: str) -> bool:
    """Ends on a stop, as a head does not unless it is names ("Anonymous et al.") or set in
    two parts far apart."""
    return (content.endswith(".") and not content.endswith("et al.")
            and not WIDE_GAP.search(content))


def _head_shape(content: str) -> bool:
    """Short and nothing like a reference of its own: no names first, no final stop (a head
    of names, "M. Chen, L. Zhang", is known by coming back)."""
    words = content.split()
    return _short_unfinished(content) and not NAME_START.match(content)


def _short_unfinished(content: str) -> bool:
    """At most twelve words, no final stop, no identifier: what a head may look like."""
    return (len(content.split()) <= 12 and not content.endswith(".")
            and not IDENTIFIER.search(content))


def _looks_like_reference(content: str) -> bool:
    """A whole reference on one line: names first, a year, a final stop."""
    return bool(NAME_START.match(content) and YEAR.search(content)
                and content.endswith((".", "”", '"', "’")))
