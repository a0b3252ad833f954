"""Find identifiers: DOI, URL, arXiv id, ISBN and ISSN (kept only when their check digit holds),
PubMed ids, handles. Each finder takes any text and returns the normalized identifier or None."""

import re
from urllib.parse import unquote

from .hints import folded

DOI = re.compile(r"10\.\d{4,9}/[^\s\"]+")
URL = re.compile(r"(?:https?://|ftp://|www\.)[^\s<>\"]+", re.I)
ARXIV_NEW = re.compile(r"(?<![\d.])(\d{4}\.\d{4,5}(?:v\d+)?)(?![\d])")
ARXIV_OLD = re.compile(r"(?<![\w.])([a-z\-]+(?:\.[A-Z]{2})?/\d{7}(?:v\d+)?)(?!\d)")
ISBN_CANDIDATE = re.compile(r"(?<![\dXx])(?:\d[\s-]?){9,12}[\dXx](?![\dXx])")
ISSN_CANDIDATE = re.compile(r"(?<![\d-])(\d{4})\s?[-‐–]?\s?(\d{3}[\dXx])(?![\d-])")
PMID = re.compile(r"\bPMID:?\s*(\d{1,9})\b")
PMCID = re.compile(r"\b(PMC\s?\d{4,9})\b")
ARXIV_DOI_DOT = re.compile(r"arxiv\.", re.I)
ARXIV_ABS = re.compile(r"(?<![\w.])abs/(?:\d{4}\.\d{4,5}|[a-z\-]+(?:\.[A-Z]{2})?/\d{7})")
HANDLE = re.compile(r"(?:\bhdl:\s?|\bhdl\.handle\.net/|\bhandle\.net/)(\d+(?:\.\d+)*/[^\s\"<>]+)", re.I)
ISBN_SEPARATOR = re.compile(r"[\s-]")
ISSN_WORD = re.compile(r"\bISSN\b", re.I)


def possible_identifiers(text: str) -> set[str]:
    """The identifiers `text` may hold: those whose sign it shows ("10." or an escaped "/" for
    a DOI, "://" or "www." for a URL, ...). Each finder finds nothing in a text without its
    sign, so one look here spares most references every search; ISBNs have no sign short of
    their digits and are always possible."""
    lower = folded(text)  # lower case, as the case-blind patterns compare (hints.py)
    signs = {
        "doi": "10." in text or "%2" in text,
        "url": "://" in text or "www." in lower,
        "arxiv": "arxiv" in lower or "abs/" in text,
        "isbn": True,
        "issn": "ssn" in lower,
        "pmid": "PMID" in text,
        "pmcid": "PMC" in text,
        "handle": "hdl" in lower or "handle.net" in lower,
    }
    return {kind for kind, shown in signs.items() if shown}


def find_doi(text: str) -> str | None:
    """ "doi:10.1000/xyz.", "https://doi.org/10.1000/XYZ" → "10.1000/xyz" (case kept)."""
    text = str(text)
    if "%2" in text and "%2F" in text.upper():
        text = unquote(text)
    found = DOI.search(text)
    return _trim(found.group(0)) if found else None


def find_url(text: str) -> str | None:
    found = URL.search(str(text))
    return _trim(found.group(0)) if found else None


def find_arxiv(text: str, labelled: bool = False) -> str | None:
    """An arXiv id without its prefix, when the text speaks of arXiv ("arXiv:1706.03762v5",
    "arXiv:hep-th/9901001"), is arXiv's CoRR path ("abs/1409.0473"), or is labelled arxiv."""
    text = str(text)
    if not (labelled or "arxiv" in text.lower() or ("abs/" in text and ARXIV_ABS.search(text))):
        return None
    text = ARXIV_DOI_DOT.sub("arXiv:", text)  # the DOI form 10.48550/arXiv.2101.00001
    found = ARXIV_NEW.search(text) or ARXIV_OLD.search(text)
    return found.group(1) if found else None


def find_handle(text: str) -> str | None:
    """A Handle System id: "hdl:10013/epic.43166", "https://hdl.handle.net/1721.1/12345"."""
    text = str(text)
    lower = text.lower()
    if "hdl" not in lower and "handle.net" not in lower:  # (the search is slow; most have neither)
        return None
    found = HANDLE.search(text)
    return _trim(found.group(1)) if found else None


def find_isbn(text: str) -> str | None:
    """The first ISBN-10 or ISBN-13 whose check digit holds, as digits only."""
    for candidate in ISBN_CANDIDATE.findall(str(text)):
        for piece in [candidate] + candidate.split():
            digits = ISBN_SEPARATOR.sub("", piece).upper()
            if isbn_is_valid(digits):
                return digits
    return None


def isbn_is_valid(digits: str) -> bool:
    if len(digits) == 10 and digits[:9].isdigit() and (digits[9].isdigit() or digits[9] == "X"):
        values = [10 if c == "X" else int(c) for c in digits]
        return sum((10 - i) * v for i, v in enumerate(values)) % 11 == 0
    if len(digits) == 13 and digits.isdigit() and digits[:3] in ("978", "979"):
        return sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(digits)) % 10 == 0
    return False


def find_issn(text: str) -> str | None:
    """An ISSN named as such ("ISSN 0028-0836") whose check digit holds, as "0028-0836"."""
    text = str(text)
    marker = ISSN_WORD.search(text)
    if not marker:
        return None
    for first, second in ISSN_CANDIDATE.findall(text[marker.end():]):
        issn = (first + second).upper()
        if issn_is_valid(issn):
            return f"{issn[:4]}-{issn[4:]}"
    return None


def issn_is_valid(digits: str) -> bool:
    if len(digits) != 8 or not digits[:7].isdigit():
        return False
    remainder = sum(int(c) * (8 - i) for i, c in enumerate(digits[:7])) % 11
    check = (11 - remainder) % 11
    return digits[7] == ("X" if check == 10 else str(check))


def find_pmid(text: str) -> str | None:
    text = str(text)
    found = PMID.search(text) if "PMID" in text else None
    return found.group(1) if found else None


def find_pmcid(text: str) -> str | None:
    text = str(text)
    found = PMCID.search(text) if "PMC" in text else None
    return found.group(1).replace(" ", "") if found else None


def _trim(identifier: str) -> str:
    """Drop sentence punctuation after an identifier, and brackets it did not open."""
    identifier = identifier.rstrip(".,;:'’”")
    for opening, closing in ("()", "[]", "<>"):
        while identifier.endswith(closing) and (
            identifier.count(closing) > identifier.count(opening)
        ):
            identifier = identifier[:-1].rstrip(".,;:")
    return identifier
