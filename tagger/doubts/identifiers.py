"""Identifiers the CRF gave another label: a DOI, a DOI printed as a link, a bare arXiv
number, a named ISSN; a PubMed id the CRF ran into the DOI before it, and an arXiv id's
subject class in brackets after it, which the CRF may read into the id."""

import re

from ..text.tokenize import ARXIV_DATED, DOI_SHAPE
from ..labels import OTHER
from .words import ARXIV, DOI, NOTE, URL, VENUE, run_end

# A DOI printed as a link: "https://doi.org/10.1145/…", "http://dx.doi.org/10.1016/…".
# (Some reference managers print the link twice: "https://doi.org/https://doi.org/10.1016/…".)
DOI_LINK = re.compile(r"(?:(?:https?://)?(?:dx\.)?doi\.org/)+10\.\d{4,9}/\S", re.IGNORECASE)
PUBMED_WORDS = frozenset({"PMID", "PMCID"})
# An arXiv subject class as INSPIRE prints it after the id: "[hep-th]", "[astro-ph.CO]", "[cs.LG]".
ARXIV_CLASS = re.compile(r"(?:hep-(?:th|ph|ex|lat)|gr-qc|quant-ph|math-ph|nucl-(?:th|ex)|nlin"
                         r"|astro-ph|cond-mat|physics|math|cs|stat|q-bio|q-fin|eess|econ)"
                         r"(?:\.[A-Za-z-]+)?")


def identifiers(tokens, labels, words) -> dict[int, str]:
    """A DOI or a bare arXiv number that the CRF gave another label: numbers end a physics
    reference, and "Phys. Rev. D87, 014505 (2013), 1209.2258" read its arXiv number as more
    pages, "…, 41-48. 10.7843/kgs.2015.31.11.41." its DOI as nothing. Their shapes
    (tokenize.DOI_SHAPE; tokenize.ARXIV_DATED, a year and month) are no other field's; a DOI
    glued to a slash before it ("doi.org/10.1103/…", a URL PDF text broke) is the URL's."""
    decided = {}
    for i in [i for i, word in enumerate(words) if "." in word and word[:1].isdigit()]:
        word = words[i]
        if DOI_SHAPE.match(word):
            if i and tokens[i - 1].end == tokens[i].start and words[i - 1].endswith("/"):
                continue
            label = DOI
        elif ARXIV_DATED.fullmatch(word):
            label = ARXIV
        else:
            continue
        if labels[i] != label:
            decided[i] = label
    return decided | _named_issn(labels, words) | doi_links(labels, words) \
        | pubmed_after_doi(labels, words) | arxiv_class(labels, words) | ctan_path(labels, words) \
        | arxiv_without_number(labels, words)


def arxiv_without_number(labels, words) -> dict[int, str]:
    """"arXiv." named as where a preprint appeared, with no number after it (APA's "PyVBMC:
    … in python. arXiv. https://doi.org/10.48550/ARXIV.2303.09519"): the venue, as a
    journal's name is; the `arxiv` field holds an identifier."""
    if ARXIV not in labels:
        return {}
    start = labels.index(ARXIV)
    end = run_end(labels, start, ARXIV)
    if ARXIV in labels[end:] or [w.lower() for w in words[start:end] if w not in ".,;:"] != ["arxiv"]:
        return {}
    return dict.fromkeys(range(start, end), VENUE)


def ctan_path(labels, words) -> dict[int, str]:
    """A path on CTAN ("CTAN: tex-archive/language/greek/ibygrk"), where TeX documents say a
    package is found, is its link, "CTAN:" before it too: the CRF, which has not seen one,
    reads it as the venue."""
    decided = {}
    for k, word in enumerate(words):
        if word.lower().startswith("tex-archive/"):
            start = k - 2 if words[k - 2:k] in (["CTAN", ":"], ["ctan", ":"]) else k
            decided.update((i, URL) for i in range(start, k + 1) if labels[i] != URL)
    return decided


def doi_links(labels, words) -> dict[int, str]:
    """A DOI printed as a link is the DOI (docs/design.md, "Labels"; the structured output
    gives the link as the url too): the corpora the CRF learnt from mostly call the link a
    URL, so it reads "https://doi.org/10.1038/…" as one. Where the reference prints its DOI
    apart as well ("doi:10.1103/…. URL https://doi.org/10.1103/…"), the link stays the URL."""
    if DOI in labels:
        return {}
    return {i: DOI for i, word in enumerate(words)
            if "doi" in word.lower() and DOI_LINK.match(word) and labels[i] != DOI}


def arxiv_class(labels, words) -> dict[int, str]:
    """The subject class in brackets after an arXiv id ("arXiv:1207.7214 [hep-ex]",
    "[arXiv:0802.1189 [hep-ph]]") is a note, as GROBID's annotators have it, not more of the
    id (the structured id would carry it) nor the journal's or the pages' tail."""
    for i in range(1, len(words) - 2):
        if labels[i - 1] != ARXIV or words[i] != "[" or "]" not in words[i + 1:i + 8]:
            continue
        close = words.index("]", i + 1)
        if not ARXIV_CLASS.fullmatch("".join(words[i + 1:close])):
            continue
        decided = {j: NOTE for j in range(i, close + 1) if labels[j] != NOTE}
        if words[close + 1:close + 2] == ["]"] and labels[close + 1] == ARXIV:
            decided[close + 1] = NOTE  # the bracket around the id and its class
        return decided
    return {}


def pubmed_after_doi(labels, words) -> dict[int, str]:
    """A PubMed id printed after the DOI ("doi:10.1093/…/btp352 PMID: 19505943") is a note,
    not more of the DOI: the word, its colon and its number."""
    decided = {}
    for i, word in enumerate(words):
        if word in PUBMED_WORDS and labels[i] == DOI:
            end = i + 1
            while end < len(words) and end <= i + 2 and (words[end] == ":"
                                                          or words[end].isdigit()):
                end += 1
            decided.update({j: NOTE for j in range(i, end) if labels[j] == DOI})
    return decided


def _named_issn(labels, words) -> dict[int, str]:
    """An ISSN named as such ("… pp. 246–251. issn 0896-3207."), as ISO 690 prints one: a
    note (DESIGN.md), never more pages or a volume, which its two groups of digits read as
    (AnyStyle's corpora call it an isbn: that reading stays)."""
    decided = {}
    for i in [i for i, word in enumerate(words) if word.lower() == "issn"]:
        run = [i]
        for j in range(i + 1, min(i + 5, len(words))):
            if not (words[j].isdigit() or words[j] in "-‐–" or words[j] in ("X", "x")
                    or words[j][:-1].isdigit() and words[j][-1:] in "Xx"):
                break
            run.append(j)
        if sum(len(words[j]) for j in run[1:] if words[j][:1].isdigit()) != 8:
            continue
        if any(labels[j] not in (NOTE, "isbn") for j in run):
            decided.update({j: NOTE for j in run if labels[j] != NOTE})
    return decided


def link_word(words, labels) -> dict[int, str]:
    """BibTeX's "Zenodo. URL https://doi.org/…": the word "URL" before a link announces it and
    is no part of the field before it, where the CRF ran it into the publisher or the venue
    (the corpora keep it in the link's own span, so a link or a note keeps it)."""
    for k in range(1, len(words) - 1):
        if (words[k] == "URL" and labels[k + 1] in (DOI, URL)
                and labels[k] not in (DOI, URL, NOTE, OTHER)):
            return {k: OTHER}
    return {}
