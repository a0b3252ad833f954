"""Identifiers by pattern: DOI, URL, arXiv id ("arXiv:1706.03762", "abs/1409.0473"), ISBN.
These are the surest labels there are.

The tokenizer keeps each identifier whole, so one regular expression per kind on the token
text decides. The words that announce a DOI or URL ("doi:", "URL:") stay outside its value
(the DOI is "10.1007/…", not "doi: 10.1007/…") and outside every other field.
"""

import re

from ..text.tokenize import ARXIV_DATED
from .draft import Draft

_DOI = re.compile(r"(?:https?://(?:dx\.)?doi\.org/)?10\.\d{4,9}/\S+", re.IGNORECASE)
_URL = re.compile(r"(?:(?:https?|ftp)://|www\.)\S+", re.IGNORECASE)
_ARXIV = re.compile(r"arXiv\s?:\s?\S+|(?:abs/)?[a-z\-]+(?:\.[A-Z]{2})?/\d{7}(?:v\d+)?"
                    r"|abs/\d{4}\.\d{4,5}(?:v\d+)?", re.IGNORECASE)
_ARXIV_BARE = re.compile(r"\d{4}\.\d{4,5}(?:v\d+)?")  # an id right after "arXiv", or dated
_ARXIV_PREFIX = frozenset({":", ".", ",", "org", "preprint", "e-print", "eprint"})
_ISBN = re.compile(r"(?:97[89]-?)?\d{1,5}-\d+-\d+-[\dX]|97[89]\d{10}|\d{9}[\dX]", re.IGNORECASE)

_PMCID = re.compile(r"PMC\d{4,9}")

_PREFIXES = {"doi": {"doi"}, "url": {"url", "available"}, "isbn": {"isbn"}}


# What every identifier below holds (a digit, a scheme, "www.", "arXiv") and the words that
# announce one: most words are neither, and are passed over without the patterns.
_MAY_BE_IDENTIFIER = re.compile(r"\d|://|www\.|arxiv", re.IGNORECASE).search
_ANNOUNCING = frozenset({"pmid", "pmcid", "pmc", "hdl"})
# A piece of text each kind below must hold somewhere in the reference: a DOI's "10.1234", a
# scheme or "www.", "arXiv" or an arXiv number's "1234.5678" or "/1234567", an ISBN's
# hyphenated groups or run of nine digits, "PMID", "PMC", "hdl". Most references hold none,
# and their tokens are not looked at. (The lookahead lets the scan pass over a character no
# piece begins with at one test, not eleven: 11.6 → 4.5 µs a reference.)
_MAY_HOLD_IDENTIFIER = re.compile(
    r"(?=[0-9:/wahp])(?:10\.\d{4}|://|www\.|arxiv|\d{4}\.\d{4}|/\d{7}|\d-\d+-\d+-|\d{9}"
    r"|pmc|pmid|hdl)", re.IGNORECASE).search


def mark(d: Draft) -> None:
    if not _MAY_HOLD_IDENTIFIER(d.text):
        return
    for i, token in enumerate(d.tokens):
        word = token.text
        if not _MAY_BE_IDENTIFIER(word) and d.lower(i) not in _ANNOUNCING:
            continue
        if _DOI.fullmatch(word) and (not word.lower().startswith("http")
                                       or _announced(d, i, "doi") is not None):
            _label_with_prefix(d, i, "doi")  # a doi.org link is a URL unless "DOI:" announces it
        elif _URL.fullmatch(word):
            _label_with_prefix(d, i, "url")
        elif (_ARXIV.fullmatch(word) or ARXIV_DATED.fullmatch(word)
              or _ARXIV_BARE.fullmatch(word) and _arxiv_before(d, i) is not None):
            _label_arxiv(d, i)
        elif d.lower(i) in ("pmid", "pmcid") or _pmc_end(d, i):
            _pubmed_id(d, i)
        elif d.lower(i) == "hdl" and d.word(i + 1) == ":" and d.glued(i + 1):
            end = i + 2
            while end < len(d) and d.glued(end):  # "hdl:10013/epic.43166", split by the tokenizer
                end += 1
            d.put(i, end, "note", 0.9)
        elif _ISBN.fullmatch(word) and (d.lower(i - 1) == "isbn" or d.lower(i - 2) == "isbn"
                                        or "-" in word):
            _label_with_prefix(d, i, "isbn")


def _arxiv_before(d: Draft, i: int):
    """Index of an "arXiv" word a few tokens before i ("arXiv.org: astro-ph/0509330",
    "arXiv, 1406.2979"), or None."""
    j = i - 1
    while j >= max(0, i - 4) and d.lower(j) in _ARXIV_PREFIX:
        j -= 1
    return j if d.lower(j) == "arxiv" else None


def _label_arxiv(d: Draft, i: int) -> None:
    """The id, and "arXiv.org:" before it when it is there; "arXiv preprint" before an
    "arXiv:" id is the venue and stays so."""
    start = _arxiv_before(d, i)
    if start is None or d.lower(start + 1) == "preprint":
        start = i
    d.put(start, i + 1, "arxiv", 0.95)


def _pmc_end(d: Draft, i: int):
    """Index just past a PubMed Central id at i ("PMC4014004", one token or "PMC" + digits
    glued), or None."""
    if _PMCID.fullmatch(d.word(i)):
        return i + 1
    if d.word(i) == "PMC" and d.word(i + 1).isdigit() and d.glued(i + 1):
        return i + 2
    return None


def _pubmed_id(d: Draft, i: int) -> None:
    """ "PMID: 23525888", "PMCID PMC4014004": a note, where structure finds them."""
    j = i + 1
    while d.word(j) in (":", "="):
        j += 1
    end = _pmc_end(d, j) or (j + 1 if d.word(j).isdigit() else None)
    if d.lower(i) in ("pmid", "pmcid") and end:
        d.put(i, end, "note", 0.95)
    elif _pmc_end(d, i):
        d.put(i, _pmc_end(d, i), "note", 0.95)


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
