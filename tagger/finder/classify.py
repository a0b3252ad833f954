"""Label each line of a document: ref, text, meta (page furniture), title or blank.

A CRF over the lines does the work (models/finder-document.crfsuite for a whole document,
trained on GROBID's real papers too; models/finder.crfsuite for a paste); a few rules that
hold in any document go over its answer: an empty line is blank, a "|" line is a separator
(blank), a footnote, a bare page number or a running head with journal volume/issue is meta,
a "References" heading is a title. Then a few corrections where the CRF's view is too local
(running heads inside a reference list, stray lines just before a "References" heading), the
page edges (tagger.finder.edges), and a PDF layout's evidence. Each rule kept is one whose
removal measured worse (training/experiments/ablate_finder.py); in a whole document none makes a
reference line of a line the document model believes is none (BELIEVED; a lone number: SURE).
"""

import re

from tagger.finder.continuation import REFERENCE_END
from tagger.finder.edges import mark_edges
from tagger.finder.lines import (
    GENRE_MARK,
    HEADING,
    LINK_LINE,
    LIST_HEADING,
    PAGE_NUMBER,
    PAGE_NUMBER_FIRST,
    PAGE_SET_APART,
    RUNNING_HEAD,
    SECTION_HEAD,
    YEAR,
    line_features,
)
from tagger.finder.neighbours import between_refs, near
from tagger.crf.model import models_dir, open_tagger

# A ditto mark alone on its line ("--", "———", "--.."): a short run of dashes, not a rule.
DITTO_LINE = re.compile(r"^[-–—_]{2,6}[.,~]{0,2}$")
# The paper's citation of itself, which journals set after the list.
CITE_THIS = re.compile(r"^(?:how to )?cite this article(?: as)?\s*:", re.IGNORECASE)
TABLE_NUMBER = re.compile(r"^[-+−]?\d+(?:[.,]\d+)?%?$")
# A footnote: a superscript number or dagger first, or "* " ("*Smith, J." marks a study).
FOOTNOTE = re.compile(r"^(?:[¹²³⁴⁵⁶⁷⁸⁹⁰]+|[†‡§¶]|\*\s)\s*\S")

DEFAULT_MODEL = models_dir() / "finder.crfsuite"
# For a whole document, a PDF's text or a text of DOCUMENT_LINES lines or more: the same
# features, trained on GROBID's real papers as well (`python -m training.models.train_finder
# --layout -o models/finder-document.crfsuite`). A paste of a list shorter than that is read
# by the paste model: the document model calls a five-line paste body text.
DOCUMENT_MODEL = models_dir() / "finder-document.crfsuite"
DOCUMENT_LINES = 150
# The rules below were written for pasted lists, where the paste model is in doubt about a
# bare number or a wrapped tail. On real papers they turned body text and furniture the
# document model was sure of into references (zone line F1 0.956 against the model's own
# 0.979 in the 10-fold CV, docs/zone.md): there a rule may make a line a reference line
# only where the model doubts its own label, gave it a probability below BELIEVED; a lone
# number below SURE. The rules read the same shapes of a line as the model, which reads
# them over the whole paper, but only the page sequence (tagger.finder.pagenumbers) tells a
# page's number from a reference's wrapped there, and the model does not see it.
SURE = 0.99
BELIEVED = 0.5


def furniture_rule(content: str, previous: str = ""):
    """The label a rule is sure of for this line, or None to let the CRF decide."""
    if not content:
        return "blank"
    if set(content) <= set("|-_=*•·~ \f") or LINK_LINE.match(content):
        return "blank"  # a separator, or the links a site sets after each reference
    if HEADING.match(content):
        return "title"
    if FOOTNOTE.match(content):
        return "meta"
    if PAGE_NUMBER.match(content) and not previous.endswith(("-", "–", "/", ",")):
        return "meta"  # unless it is the end of a page range or identifier wrapped there
    if len(content) < 120 and RUNNING_HEAD.search(content) and not GENRE_MARK.search(content):
        return "meta"
    return None


def table_row(content: str) -> bool:
    """A table's row copied with its cells (a spreadsheet's, a web page's): three cells or
    more parted by tabs, or two whose second is a number ("Smith et al. (2011)↹120↹0.45").
    Author–year citations in its cells are no references. (A list's label and its reference
    parted by one tab, "[1]↹Smith J …", as a word processor sets them, are one line of a list.)"""
    cells = [cell.strip() for cell in content.split("\t") if cell.strip()]
    return len(cells) >= 3 or len(cells) == 2 and bool(TABLE_NUMBER.match(cells[1]))


def _running_head_shape(content: str) -> bool:
    """Short, all capitals, no final punctuation: "REFERENCE STRING PARSING IN PRACTICE"."""
    letters = [c for c in content if c.isalpha()]
    return (len(content) < 70 and len(letters) >= 6 and all(c.isupper() for c in letters)
            and not content.endswith((".", ",", ":", ";")))


def zone_model(lines: list):
    """The zone model for these lines: the document model for a whole document."""
    whole = sum(1 for line in lines if line.content) >= DOCUMENT_LINES
    return DOCUMENT_MODEL if whole else DEFAULT_MODEL


def label_lines(lines: list, model: str | None = None) -> list:
    """One label per line."""
    return classify_lines(lines, model)[0]


def classify_lines(lines: list, model: str | None = None, furniture=None, headings=None) -> tuple:
    """One label per line, and for each line dropped as furniture why ("page number",
    "running head", "footnote", "separator"); None for the others. `furniture` and
    `headings`, when given, are the indices of the lines a PDF's layout shows to be page
    furniture or headings (tagger.pdf): evidence the text alone does not have."""
    if not lines:
        return [], []
    path = str(model or zone_model(lines))
    tagger = open_tagger(path)
    labels = tagger.tag(line_features(lines))
    modelled = list(labels)
    guarded = path == str(DOCUMENT_MODEL)
    contents = [line.content for line in lines]
    sure = [tagger.marginal(label, i) >= (SURE if PAGE_NUMBER.match(contents[i]) else BELIEVED)
            for i, label in enumerate(labels)] if guarded else []
    ruled = [furniture_rule(c, contents[i - 1] if i else "") for i, c in enumerate(contents)]
    for index, rule in enumerate(ruled):
        if rule:
            labels[index] = rule
    _amid_references(contents, labels, ruled)
    _strays_before_heading(labels, ruled)
    _never_blank(contents, labels, ruled)
    # Furniture a rule is sure of keeps its label; the edge rules decide page numbers again.
    reasons = [_reason(line, "meta") if rule == "meta" and not PAGE_NUMBER.match(line.content)
               else None for line, rule in zip(lines, ruled)]
    mark_edges(lines, labels, reasons)
    _back_matter_after_list(contents, labels, reasons)
    for index, content in enumerate(contents):
        if table_row(content):
            labels[index], reasons[index] = "text", None
    if guarded:
        _sure_lines_stay(modelled, sure, labels, reasons, ruled)
    if furniture is not None:
        _layout_furniture(lines, labels, reasons, set(furniture))
    for index in headings or ():
        if 0 <= index < len(labels) and contents[index]:
            labels[index] = "title"
    if guarded:
        _body_before_the_list(contents, labels)
    for index, content in enumerate(contents):
        if labels[index] in ("meta", "blank") and content and not reasons[index]:
            reasons[index] = _reason(lines[index], labels[index])
    return labels, reasons


def _sure_lines_stay(modelled: list, sure: list, labels: list, reasons: list, ruled: list) -> None:
    """A line the model believes is no reference line (`sure`: BELIEVED, a lone number SURE),
    and that no sure rule labelled, keeps the model's label where the rules since made it one."""
    for index, label in enumerate(modelled):
        if labels[index] == "ref" != label and sure[index] and not ruled[index]:
            labels[index], reasons[index] = label, None


def _body_before_the_list(contents: list, labels: list) -> None:
    """In a whole document, the lines taken for references before the first heading that
    names the list, with references under it, are the body's: its numbered lists and
    section heads ("3. Results"), a title page's lines. (tagger.pdf.segments does the same
    for a PDF's segments, with the layout's headings to end the list.)"""
    first = next((index for index, content in enumerate(contents)
                  if labels[index] == "title" and LIST_HEADING.match(content)), None)
    if first is None or "ref" not in labels[first + 1:]:
        return
    for index in range(first):
        if labels[index] == "ref":
            labels[index] = "text"


def _layout_furniture(lines: list, labels: list, reasons: list, furniture: set) -> None:
    """The layout's furniture is meta; a line between references that the text took for
    furniture without the layout saying so is a reference."""
    for index in furniture:
        if 0 <= index < len(labels) and lines[index].content:
            reasons[index] = (reasons[index] or _reason(lines[index], labels[index])
                              if labels[index] in ("meta", "blank") else "page furniture")
            labels[index] = "meta"
    for index, label in enumerate(labels):
        if label == "meta" and index not in furniture and between_refs(labels, index):
            labels[index] = "ref"


def _amid_references(contents: list, labels: list, ruled: list) -> None:
    """A running head inside a reference list, taken for a title or a reference, is
    furniture (a real heading ends with a colon or starts a list the split finds anyway)."""
    for index, content in enumerate(contents):
        label = labels[index]
        if ruled[index] or label not in ("title", "ref") or not between_refs(labels, index):
            continue
        near_page = any(labels[j] == "meta" for j in range(max(0, index - 3), index))
        short_title = len(content) < 80 and not content.endswith((":", "："))
        if (label == "title" and short_title) or (label == "ref" and near_page and _running_head_shape(content)):
            labels[index] = "meta"


def _strays_before_heading(labels: list, ruled: list) -> None:
    """A few lines taken for references just before a "References" heading, with body text
    before them, are the end of the body text."""
    for index, rule in enumerate(ruled):
        if rule == "title":
            run = []
            other = near(labels, index, -1)
            while other >= 0 and labels[other] == "ref" and len(run) <= 3:
                run.append(other)
                other = near(labels, other, -1)
            if 0 < len(run) <= 3 and (other < 0 or labels[other] in ("text", "title")):
                for stray in run:
                    labels[stray] = "text"


def _never_blank(contents: list, labels: list, ruled: list) -> None:
    """A line with text is never blank; "——" alone between references is the author of the
    reference before (a ditto)."""
    for index, content in enumerate(contents):
        if labels[index] == "blank" and not ruled[index] and content:
            labels[index] = "meta"
        elif ruled[index] == "blank" and DITTO_LINE.match(content) and between_refs(labels, index):
            labels[index] = "ref"


def _back_matter_after_list(contents: list, labels: list, reasons: list) -> None:
    """A back-matter head alone on its line after a finished reference of a list a heading
    named ("Appendix A. Protocol", "Acknowledgements") ends the list: it is a heading, and
    what follows it up to the next heading is no reference (an appendix's numbered steps).
    So does the paper's own citation after the list ("How to cite this article: Setshedi,
    K. J., …", BMC's "Cite this article as: …" box), whatever comes right before it.
    (Before the list's heading, such heads are the body's: "Notes" above "■ REFERENCES".)"""
    named, finished, after = False, False, False
    for index, content in enumerate(contents):
        if not content:
            continue
        if LIST_HEADING.match(content):
            named, after = True, False
        elif named and finished and _back_matter_head(content):
            labels[index], reasons[index], after = "title", None, True
        elif named and CITE_THIS.match(content):
            labels[index], reasons[index], after = "text", None, True
        elif labels[index] == "title":
            after = False  # (another section begins)
        elif after and labels[index] == "ref":
            labels[index] = "text"
        finished = labels[index] == "ref" and bool(REFERENCE_END.search(content))


def _back_matter_head(content: str) -> bool:
    return bool(SECTION_HEAD.match(content)) and len(content.split()) <= 6 and not YEAR.search(content)


def _reason(line, label: str) -> str:
    """Why a line with text in it was left out, by its shape: "running head" only for a
    head's (all capitals, a journal's volume and issue, a page number set far apart, or a
    short line ending on no stop at a page's top, after a form feed; the edge rules and a
    PDF's layout say so by position and repetition), "body text" for prose."""
    content = line.content
    if LINK_LINE.match(content):
        return "links"
    if label == "blank":
        return "separator"
    if FOOTNOTE.match(content):
        return "footnote"
    if PAGE_NUMBER.match(content):
        return "page number"
    if (_running_head_shape(content) or RUNNING_HEAD.search(content)
            or PAGE_SET_APART.search(content) or PAGE_NUMBER_FIRST.match(content)):
        return "running head"
    if _prose(content):
        return "body text"
    top = line.text.lstrip(" ").startswith("\f") and len(content) < 80
    return "running head" if top and not content.endswith((".", ",", ";", ":")) else "page furniture"


def _prose(content: str) -> bool:
    """Words of a sentence: six or more, most of them lower case, the line's end open or a
    stop. (The document model labels a PDF's body text meta: its reason is "body text".)"""
    words = [word for word in content.split() if any(c.isalpha() for c in word)]
    lower = sum(1 for word in words if word[0].islower())
    return len(words) >= 6 and lower * 2 > len(words)
