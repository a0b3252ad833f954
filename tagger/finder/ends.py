"""Lines the line model took for body text amid or right after a reference list: reference
lines (or furniture, which the edge rules tell apart), since body text does not come in a few
lines there, nor goes on in lower case after a reference.
"""

import re

from tagger.finder.continuation import LAST_LINE_END, OPEN_END, continues
from tagger.finder.lines import (
    HEADING, IDENTIFIER, PAGE_NUMBER, PROSE_WORDS, YEAR, imprint, list_number,
    names_after_numbering,
)
from tagger.finder.neighbours import between_refs, near

NO_DATE = re.compile(r"\bn\.\s?d\.")  # "n.d.", a reference's date when it has none
DITTO = re.compile(r"^[-–—_]{2,}\s*[.,]")
DIGIT_RANGE = re.compile(r"\d+\s?[–\-]\s?[A-Z]?\d+")  # "43-46", "R285–R295"
# A reference's note in brackets, alone on its last line ("(serial no. 220)."): a few words
# and a number; no body text is a bracket alone.
PAREN_NOTE = re.compile(r"^\((?=[^()]*\d)[^()]{1,40}\)[.,;]?$")
# How far up a numbered line looks for the number before its own (a few references' lines).
LOOK_BACK = 60


def _reads_as_references(texts: list, count: int, blocks: int = 1) -> bool:
    """Do `texts` (`count` lines taken for body text, with their tails) read as references?
    Up to eight lines; or two to six references' worth (up to six lines each) that blank
    lines part, as in a list whose references they part: a paragraph of text has no blank
    inside."""
    if not texts or count > 8 and not (2 <= blocks <= 6 and count <= 6 * blocks):
        return False
    words = [word.lower() for text in texts for word in text.split()]
    prose = sum(word in PROSE_WORDS for word in words)
    # Names first say a reference: its title may hold a few more of prose's words, and it
    # may lack a year ("Toru Kasai, Hiroki Arimura, and Setsuo Arikawa. Efficient substring
    # traversal with suffix↵arrays."); no paragraph opens on a list of names and a stop.
    names = names_after_numbering(texts[0])
    share = 0.15 if names else 0.1
    return prose <= share * len(words) and (names or any(
        YEAR.search(t) or NO_DATE.search(t) or IDENTIFIER.search(t) or DIGIT_RANGE.search(t)
        for t in texts))


def text_inside_references(labels: list, contents: list) -> None:
    """Up to four lines taken for body text with references on both sides (or up to six
    ending the document, right under the last reference or going on with it after a break)
    are reference lines or furniture, which the rules below tell apart: body text does not
    come in a few lines there."""
    for index, content in enumerate(contents):  # a number of the list's is no heading's
        if labels[index] == "title" and (_in_turn(labels, contents, index, -1)
                                         or _in_turn(labels, contents, index, 1)
                                         or not PAGE_NUMBER.match(content)
                                         and _tail_across(labels, contents, index)):
            labels[index] = "ref"  # "72. Buchstaller, I. …↵- 5 -↵HEAD↵73. Dean Baskin. A …";
            # "… PMID↵Page 371↵↵HEAD↵24679710, PMCID PMC4043395": the rest of the one before
            # (a page number the edge rules judge)
    first = near(labels, -1, 1, skip=("blank", "meta"))
    last = first
    while 0 <= last < min(first + 2, len(labels) - 1) and labels[last + 1] == "title" and contents[last + 1]:
        last += 1
    if (first >= 0 and labels[first] == "title" and not HEADING.match(contents[first])
            and names_after_numbering(contents[first]) and last + 1 < len(labels)
            and labels[last + 1] == "ref"):
        labels[first:last + 1] = ["ref"] * (last + 1 - first)  # the paste opens with a
        # reference's first line, names first, its next lines under it ("Andras Vasy.
        # Microlocal analysis of …↵Kerr-de Sitter …"; "Astri Handayani, …, Tati R. Mengko,
        # “Blood Vessel↵Segmentation in Complex-Valued …↵Contour Model”, …")
    _heads_amid_references(labels, contents)
    index = 0
    while index < len(labels):
        if labels[index] != "text":
            index += 1
            continue
        end = index
        while end < len(labels) and labels[end] in ("text", "blank", "meta"):
            end += 1
        texts = [i for i in range(index, end) if labels[i] == "text"]
        before = near(labels, index, -1, skip=("blank", "meta"))
        while texts and before >= 0 and labels[before] == "ref" and texts[0] == before + 1 and (
                continues(contents[before], contents[texts[0]])):
            before = texts.pop(0)  # the reference's rest, whatever the lines after it are
            labels[before] = "ref"
        if not texts:
            index = end
            continue
        index = texts[0]
        past = _past_heads(labels, contents, end)
        ref_after = 0 <= past < len(labels) and labels[past] == "ref"
        inside = ref_after and (len(texts) <= 4 or (
            len(texts) <= 8 and before >= 0 and _left_open(contents[before])
            and any(contents[i][:1].islower() for i in texts[:2])))
        # (more lines when the reference before the break was left open and they go on with
        # it in lower case: "…2013. Provenance↵Page 526↵↵HEAD↵comparisons between the …")
        # the end of the last reference, right under it, with nothing after
        last = past == len(labels) and len(texts) <= 6 and before >= 0 and ((
            before == index - 1 or _goes_on(contents[index], contents[before])) and (
            texts == list(range(index, index + len(texts)))) or _left_open(contents[before])
            or any(continues(contents[before], contents[i]) for i in texts)
            or names_after_numbering(contents[index]) and _left_open(contents[texts[-1]])
            or imprint(contents[index]))
        # (the last, names first, left open before the page's foot: "Brennan, Timothy. At
        # Home in the World: … Cambridge, Mass.:↵- 778 -↵HEAD↵Harvard University Press, 1997."),
        # or the book's imprint alone ("…Plurale Sphärolgie.↵- 511 -↵↵Frankfurt: Suhrkamp.")
        # whole references taken for text: a few lines without prose, with a year or a DOI
        blocks = 1 + sum(1 for a, b in zip(texts, texts[1:]) if b != a + 1)
        listed = (end == len(labels) or ref_after) and _reads_as_references(
            [contents[i] for i in _with_tails(labels, contents, texts)], len(texts), blocks)
        if (before >= 0 and labels[before] == "ref" and (inside or last or listed)) or (
                before < 0 and end < len(labels) and (
                    listed or _in_turn(labels, contents, texts[0], 1))):  # the paste opens with them
            for i in texts:
                labels[i] = "ref"
        index = end
    _heads_amid_references(labels, contents)  # (again: lines just taken for references may
    # have a break's heads under them, "…Contingencies: A↵Page 866↵↵PATTERN RECOGNITION
    # LETTERS↵Decision-based Approach↵41. …")


def _heads_amid_references(labels: list, contents: list) -> None:
    """A line taken for a heading amid references is a head."""
    for index, content in enumerate(contents):
        if labels[index] == "title" and not HEADING.match(content) and (
                between_refs(labels, index, kinds=("ref", "text"))
                or between_refs(labels, index, ("blank", "meta", "title"))
                and _two_heads_at_most(labels, contents, _run_around(labels, index))):
            labels[index] = "meta"  # (or two of them between reference lines, a break's head
            # over a head: "Page 804↵↵M. Chen, L. Zhang↵↵Decision-based Approach"; the edge
            # rules judge each. Headings one after another amid body text stay headings.)


def _past_heads(labels: list, contents: list, end: int) -> int:
    """The first line from `end` on that is not one of one or two lines taken for headings
    (no real heading: a page break's heads), blank lines or furniture; -1 past more."""
    start = end
    while end < len(labels) and labels[end] in ("title", "blank", "meta"):
        end += 1
    return end if _two_heads_at_most(labels, contents, range(start, end)) else -1


def _two_heads_at_most(labels: list, contents: list, run) -> bool:
    """At most two lines taken for headings in the run, none a real heading: a page break's
    heads, not a chapter's title over several lines."""
    titles = [i for i in run if labels[i] == "title"]
    return len(titles) <= 2 and not any(HEADING.match(contents[i]) for i in titles)


def _run_around(labels: list, index: int) -> list:
    """The lines between the nearest reference or body-text lines around `index`."""
    first = near(labels, index, -1, skip=("blank", "meta", "title")) + 1
    last = near(labels, index, 1, skip=("blank", "meta", "title"))
    return range(first, last if last >= 0 else len(labels))


def _tail_across(labels: list, contents: list, index: int) -> bool:
    """Is the line, taken for a heading, surely the rest of the reference line before the
    break, two headings at most and furniture between (a page range, "2019.", an
    identifier's tail)?"""
    before = near(labels, index, -1, skip=("blank", "meta", "title"))
    return (before >= 0 and labels[before] == "ref"
            and labels[before + 1:index].count("title") <= 2
            and continues(contents[before], contents[index]))


def _in_turn(labels: list, contents: list, index: int, step: int) -> bool:
    """Does line `index` begin with the number after (`step` -1) or before (1) that of the
    nearest numbered reference line above or below it ("50. Eagle, Alan R. Analytic …"
    opening a paste, "51. …" below it)?"""
    this = list_number(contents[index])
    other = this and _nearest_number(labels, contents, index + step, step, this[0])
    return other is not None and other == (this[0], this[1] + step)


def _nearest_number(labels: list, contents: list, start: int, step: int, style: str):
    """(style, number) of the nearest reference line numbered in `style` from `start` on in
    direction `step`, within LOOK_BACK lines, or None. (A line numbered otherwise is a
    reference's own bracket: "(1): 125‑44." in a list numbered "59.")"""
    stop = max(start - LOOK_BACK, -1) if step < 0 else min(start + LOOK_BACK - 1, len(labels))
    found = (list_number(contents[i]) for i in range(start, stop, step) if labels[i] == "ref")
    return next((number for number in found if number and number[0] == style), None)


def _with_tails(labels: list, contents: list, texts: list) -> list:
    """The lines, and right after each the line taken for furniture that surely goes on
    with it ("FERRIERES (Madeleine), Nourritures canailles, Seuil, Paris,↵2007"): a wrapped
    tail is read with its line, its year and all (the edge rules decide the tail's label)."""
    tails = [i + 1 for i in texts if i + 1 < len(labels) and labels[i + 1] == "meta"
             and continues(contents[i], contents[i + 1])]
    return sorted(texts + tails)


def _left_open(previous: str) -> bool:
    """Does the reference line stop where no reference ends ("… In 10th", "… Journal of",
    "… pp.")? Its rest comes after, past a page break and its head, blank lines and all."""
    return bool(OPEN_END.search(previous)) or not LAST_LINE_END.search(previous)


def _goes_on(content: str, previous: str) -> bool:
    """A line only a reference list has after a break: one going on in lower case with the
    sentence before (body text starts a paragraph in capitals), one after a reference line
    left open (on "and", a comma) or not ended (no stop, number or bracket at its end) or
    surely continued (a DOI's tail), one opening with a ditto mark for the authors of the
    reference before ("———. Title"), or a note in brackets alone ("(serial no. 220).")."""
    return (content[:1].islower() or bool(DITTO.match(content)) or bool(PAREN_NOTE.match(content))
            or bool(OPEN_END.search(previous))
            or not LAST_LINE_END.search(previous) or continues(previous, content))
