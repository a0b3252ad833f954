"""Identifiers by pattern: DOI, URL, arXiv id, ISBN. These are the surest labels there are.

The tokenizer keeps each identifier whole, so one regular expression per kind on the token
text decides. The words that announce a DOI or URL ("doi:", "URL:") stay outside its value
(the DOI is "10.1007/…", not "doi: 10.1007/…") and outside every other field.
"""

import re

from .draft import Draft

_DOI = re.compile(r"(?:https?://(?:dx\.)?doi\.org/)?10\.\d{4,9}/\S+", re.IGNORECASE)
_URL = re.compile(r"(?:(?:https?|ftp)://|www\.)\S+", re.IGNORECASE)
_ARXIV = re.compile(r"arXiv:\s?\S+", re.IGNORECASE)
_ISBN = re.compile(r"(?:97[89]-?)?\d{1,5}-\d+-\d+-[\dX]|97[89]\d{10}|\d{9}[\dX]", re.IGNORECASE)

_PREFIXES = {"doi": {"doi"}, "url": {"url", "available"}, "isbn": {"isbn"}}


def mark(d: Draft) -> None:
    for i, token in enumerate(d.tokens):
        word = token.text
        if _DOI.fullmatch(word) and (not word.lower().startswith("http")
                                       or _announced(d, i, "doi") is not None):
            _label_with_prefix(d, i, "doi")  # a doi.org link is a URL unless "DOI:" announces it
        elif _URL.fullmatch(word):
            _label_with_prefix(d, i, "url")
        elif _ARXIV.fullmatch(word):
            d.put(i, i + 1, "venue", 0.9)  # "arXiv preprint arXiv:1512.01274" is the container
        elif _ISBN.fullmatch(word) and (d.lower(i - 1) == "isbn" or d.lower(i - 2) == "isbn"
                                        or "-" in word):
            _label_with_prefix(d, i, "isbn")


def _announced(d: Draft, i: int, label: str):
    """Index of the word announcing the identifier at i ("doi:", "ISBN", "[doi>"), or None."""
    j = i - 1
    while j >= 0 and d.word(j) in (":", ">", "="):
        j -= 1
    return j if d.lower(j) in _PREFIXES[label] else None


def _label_with_prefix(d: Draft, i: int, label: str) -> None:
    """Label the identifier. An announcing word before it stays out of the DOI and URL
    ("doi: 10.1007/…" gives "10.1007/…") but is part of the ISBN, as the corpora mark it."""
    prefix = _announced(d, i, label)
    if prefix is not None:
        d.put(prefix, i, label if label == "isbn" else "O", 0.95)
    d.put(i, i + 1, label, 0.99)
