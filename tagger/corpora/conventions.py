"""One annotation convention for corpora that were labelled under different ones.

AnyStyle's annotators put a field's marker words inside the field ("In Proceedings of …",
"pp. 62-68", "C. B. Jones, editors,") and label the citation number; GROBID's leave all of
them outside, unlabelled. A model trained on both would learn that "In" and "[12]" are
sometimes a field and sometimes not. Each convention below is a small function from a record
to a record (spans as [start, end, label]) that labels GROBID's unlabelled markers the way
AnyStyle's corpora do; `harmonize_tei` applies them all. `arxiv_ids` gives arXiv identifiers
their own label in every corpus, where AnyStyle's annotators left them in a `note`.
`doi_links` gives a DOI printed as a link the `doi` label in the sets a model is scored on
(training.corpora.convert), where the annotators mostly called it a URL.

The field values a user sees drop those markers again (`tagger.labels.fields`), so the convention
only decides what the model learns, not what it returns.
"""

import re

from ..text.lexicon import KEYWORDS

_CITATION_NUMBER = re.compile(r"\s*(?:[\[(]\s*\d{1,4}[a-z]?\s*[\])]|\d{1,4}[a-z]?(?:\.|\))(?=\s|\D|$)"
                              r"|\d{1,4}(?:,\d{1,4})*-(?=[^\W\d]|$))")
_IN = re.compile(r"(?:^|(?<=[\s.,;]))(?:[Ii]n|IN|[Dd]ans|[Ii]m|[Ee]n)\s*:?\s*$")
_PAGE_MARK = re.compile(r"(?:^|(?<=[\s.,;(]))(?:pp?|pgs?|pages?|S|s|стр|С|с)\s*\.?\s*$")
_EDITOR_BEFORE = re.compile(r"(?:^|(?<=[\s.,;]))(?:(?:[Ii]n\s*:?\s*)?(?:edited|ed\.)\s+by|[Ii]n\s*:?)\s*$")
_EDITOR_AFTER = re.compile(
    r"^\s*[,.]?\s*(?:\(\s*(?:eds?|editors?|hrsg|hg|dir|coord|éds?)\s*\.?\s*\)|"
    r"(?:eds?|editors?|hrsg|hg|éds?|\(eds?)\b\s*\.?\)?)", re.IGNORECASE)


def citation_number(record) -> dict:
    """A leading "[12]", "(12)", "12." or "12)" outside every field is the citation number."""
    spans = record["spans"]
    first = spans[0][0] if spans else len(record["text"])
    match = _CITATION_NUMBER.match(record["text"], 0, first)
    if not match or not match.group().strip():
        return record
    start = len(match.group()) - len(match.group().lstrip())
    return {**record, "spans": [[start, match.end(), "citation-number"], *spans]}


def _extend_back(record, labels, pattern) -> dict:
    """Spans of `labels` take in the marker that stands unlabelled right before them."""
    text, spans = record["text"], [list(span) for span in record["spans"]]
    for i, span in enumerate(spans):
        if span[2] not in labels:
            continue
        start, end = (spans[i - 1][1] if i else 0), span[0]
        match = pattern.search(text, start, end)
        if match and match.group().strip():
            span[0] = match.start() + len(match.group()) - len(match.group().lstrip())
    return {**record, "spans": spans}


def in_marker(record) -> dict:
    """ "In", "In:" (and French "Dans", German "In", Spanish "En") before a container or the
    editors that introduce it go inside that span."""
    return _extend_back(record, {"venue", "editor"}, _IN)


def page_marker(record) -> dict:
    """ "pp.", "p.", "S." before the pages go inside them."""
    return _extend_back(record, {"pages"}, _PAGE_MARK)


def editor_roles(record) -> dict:
    """ "edited by" before the editors and "(Eds.)", "eds.", "editors" after them go inside."""
    record = _extend_back(record, {"editor"}, _EDITOR_BEFORE)
    text, spans = record["text"], [list(span) for span in record["spans"]]
    for i, span in enumerate(spans):
        if span[2] != "editor":
            continue
        limit = spans[i + 1][0] if i + 1 < len(spans) else len(text)
        match = _EDITOR_AFTER.match(text[span[1]:limit])
        if match:
            span[1] += match.end()
    return {**record, "spans": spans}


# arXiv identifiers, new style (1706.03762v2) and old (hep-th/9711200), with their prefix.
ARXIV = re.compile(
    r"(?:arXiv\s*:?\s*|arxiv\.org/abs/|\babs/)?"
    r"(?:\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?", re.IGNORECASE)
_ARXIV_CUE = re.compile(r"arxiv|abs/|\b[a-z-]+(?:\.[A-Z]{2})?/\d{7}", re.IGNORECASE)


def arxiv_ids(record) -> dict:
    """An arXiv identifier inside a `note` span gets the `arxiv` label, with the punctuation
    glued to it, whole words as AnyStyle's spans are; the rest of the note stays a note."""
    text, spans = record["text"], []
    for start, end, label in record["spans"]:
        if label != "note" or "arxiv" not in text[start:end].lower() \
                and not _ARXIV_CUE.search(text, start, end):
            spans.append([start, end, label])
            continue
        position = start
        for match in ARXIV.finditer(text, start, end):
            word_start, word_end = match.start(), match.end()
            while word_start > position and not text[word_start - 1].isspace():
                word_start -= 1
            while word_end < end and not text[word_end].isspace():
                word_end += 1
            before = text[position:word_start].rstrip()
            if before.strip(" ,;.()[]"):
                spans.append([position, position + len(before), "note"])
            spans.append([word_start, word_end, "arxiv"])
            position = word_end
        rest = text[position:end]
        if rest.strip(" ,;.()[]"):
            spans.append([end - len(rest.lstrip()), end, "note"])
    return {**record, "spans": spans}


# A DOI printed as a link, a "DOI:" or "Available:" before it: "http://dx.doi. org/10.1016/…".
_DOI_LINK = re.compile(r"^(?:(?:doi|available)\s*:?\s*)?(?:https?://)?(?:dx\.)?doi\.\s?org/\s?10\.",
                       re.IGNORECASE)


def doi_links(record) -> dict:
    """A DOI printed as a link is labelled `doi` (docs/design.md, "Labels"), where AnyStyle's
    and GROBID's annotators mostly called it a URL; a reference that prints its DOI apart
    as well keeps the link its URL. The training sets keep their annotators' URL (a model
    retrained on them relabelled moved other sets: see docs/history.md), and `auto` reads
    the link as the DOI (tagger.doubts.identifiers.doi_links)."""
    spans = record["spans"]
    if any(label == "doi" for _, _, label in spans):
        return record
    text = record["text"]
    relabelled = [[start, end, "doi" if label == "url" and _DOI_LINK.match(text[start:end])
                   else label] for start, end, label in spans]
    return {**record, "spans": relabelled} if relabelled != spans else record


# What opens a field rather than closing the one before it.
_OPENERS = tuple("([{“‘\"'«《【（")
_BRACKETS = tuple("([{《【（")
# Labels whose value is read for its digits alone (docs/design.md's evaluation conventions: a
# year, a page range, a volume or issue number), so a word added to them changes no value.
_NUMBERED = {"year", "pages", "volume", "issue"}
# The marker words that open a field, by their keyword class, and the fields they open: those
# whose value drops them again ("In" a venue's, tagger.labels.fields) or never reads them.
_MARKED = {"in": {"venue", "editor"}, "pages": _NUMBERED, "volume": _NUMBERED,
           "issue": _NUMBERED, "doi": {"doi"}, "url": {"url"}, "isbn": {"isbn"},
           "nth": _NUMBERED}  # Korean and Chinese number a volume or an issue so: "제 29집"
# A marker word glued to the punctuation before it: ",vol.", "),no", ',"in', ").URL".
_GLUED_MARKER = re.compile(r"([^\w\s]+)(\w\S*)$")


def fill_gaps(record) -> dict:
    """Every separator between fields goes to a field, as in AnyStyle's corpora, whose
    annotators label whole white-space words: a piece of the gap glued to a field joins it;
    a free piece joins the field before it, unless it opens the next one (a bracket, a
    quote, "vol.", "pp.", "URL", …), and so does all that follows it. GROBID labels only the
    fields and leaves the separators out: trained on both, a model would learn that ", " and
    "(" are a field in one corpus and nothing in the other.

    Words are another matter: one GROBID left out of every field ("See also", "Available
    at", "Report No", a journal it did not label) stays out, unless it is a marker that
    opens the next field, is glued to a field, or goes to a field read for its digits alone
    (a year, pages, a volume), so that no field's value changes but for its separators and
    markers. Given to the field before, "Phys. Rev. B, vol. 47" made the journal "Phys. Rev.
    B vol" and "Title," in Book" the title "Title in". A gap between two parts of one field
    ("A and B", two author elements) goes to that field whole."""
    text, spans = record["text"], [list(span) for span in record["spans"]]
    if not spans:
        return record
    edges = [[None, 0, None], *spans, [len(text), None, None]]
    for before, after in zip(edges, edges[1:]):
        gap_start, gap_end = before[1], after[0]  # (the sentinels hold 0 and len(text))
        if before[2] and before[2] == after[2]:
            before[1] = after[0]
            continue
        pieces = _pieces(text, gap_start, gap_end, after[2])
        split = len(pieces) if before[2] else 0  # (what precedes the first field may join it)
        if before[2] and after[2]:
            for k, (start, end, kind) in enumerate(pieces):
                glued_after = end == gap_end
                glued_before = start == gap_start
                if glued_before and not glued_after and not text[start:end].startswith(_BRACKETS):
                    continue  # "Phys. 93,": the comma closes the volume; "93( 2008)": the
                    # bracket opens the year, glued or not
                if glued_after and not glued_before or kind == "opens":
                    split = k
                    break
        if before[2]:
            for start, end, kind in pieces[:split]:
                if not (kind != "word" or start == before[1] or before[2] in _NUMBERED):
                    break
                before[1] = end
        if after[2]:
            for start, end, kind in reversed(pieces[split:]):
                if not (kind != "word" or end == after[0] or after[2] in _NUMBERED):
                    break
                after[0] = start
    return {**record, "spans": spans}


def _pieces(text, start, end, label) -> list[tuple[int, int, str]]:
    """The white-space pieces of text[start:end] as (start, end, kind), kind "opens" (a
    bracket, a quote or a marker word that opens the field `label` after them), "word" or
    "separator"; a marker glued to punctuation (",vol.") is two pieces, the punctuation
    closing the field before."""
    pieces = []
    for match in re.finditer(r"\S+", text[start:end]):
        piece_start, piece = start + match.start(), match.group()
        glued = _GLUED_MARKER.match(piece)
        if glued and _kind(glued.group(2), label) == "opens" and not piece.startswith(_OPENERS):
            cut = piece_start + glued.end(1)
            pieces.append((piece_start, cut, "separator"))
            pieces.append((cut, piece_start + len(piece), "opens"))
        else:
            pieces.append((piece_start, piece_start + len(piece), _kind(piece, label)))
    return pieces


def _kind(piece: str, label) -> str:
    if not any(char.isalnum() for char in piece):
        return "opens" if piece.startswith(_OPENERS) else "separator"
    word = piece.lstrip("".join(_OPENERS)).lower().strip(".:,;)")
    return "opens" if label in _MARKED.get(KEYWORDS.get(word), ()) else "word"


TEI_CONVENTIONS = (citation_number, in_marker, editor_roles, page_marker, arxiv_ids, fill_gaps)


def harmonize(record, conventions) -> dict:
    for convention in conventions:
        record = convention(record)
    return record
