"""Identifiers the CRF gave another label: a DOI, a bare arXiv number, a named ISSN."""

from ..text.tokenize import ARXIV_DATED, DOI_SHAPE
from .words import ARXIV, DOI, NOTE


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
    return decided | _named_issn(labels, words)


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
