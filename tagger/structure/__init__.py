"""Turn a reference's fields (label → text as it appears) into clean structured values.

`structure(fields)` returns "authors" and "type" always, and every other value only when the
fields hold it: "editors", "translators", "issued", "accessed", "status", "page",
"number_of_pages", "volume", "issue", "part", "edition", "doi", "url", "arxiv" (the bare id:
"1706.03762", "hep-th/9711200"), "isbn", "issn", "pmid", "pmcid", "handle", plus flags
"authors_et_al", "editors_et_al", "authors_same_as_previous".
It never raises: text it cannot read just gives fewer keys.
"""

import re

from .dates import parse_date, parse_status
from .identifiers import (
    find_arxiv, find_doi, find_handle, find_isbn, find_issn, find_pmcid, find_pmid, find_url,
    possible_identifiers,
)
from .names import parse_names
from .numbers import parse_edition, parse_issue, parse_volume
from .pages import parse_pages
from .types import guess_type

ACCESSED = re.compile(
    r"(?:accessed|retrieved|viewed|consulted|visited|consulté|abgerufen|zugegriffen|zugriff|"
    r"last\s+access\w*|引用日期)\s*(?:on|le|am|:)?\s*(.{4,40})",
    re.I,
)
CITED_DATE = re.compile(r"\[(\d{4}-\d{1,2}-\d{1,2})\]")  # GB/T: "[2020-03-01]" is the access date
# Each identifier, its finder, and the fields looked in first.
IDENTIFIER_FINDERS = (
    ("doi", find_doi, ("doi", "url")),
    ("url", find_url, ("url", "doi")),  # a DOI printed as a link is the DOI and the URL
    ("arxiv", find_arxiv, ("arxiv", "doi", "url", "venue", "note")),
    ("isbn", find_isbn, ("isbn", "note")),
    ("issn", find_issn, ("isbn", "note", "venue")),
    ("pmid", find_pmid, ("note",)),
    ("pmcid", find_pmcid, ("note",)),
    ("handle", find_handle, ("url", "note", "doi")),
)
# Identifiers whose own marker makes them safe to look for anywhere in the reference.
FOUND_ANYWHERE = ("doi", "arxiv", "pmid", "pmcid", "handle")


def structure(fields: dict) -> dict:
    """Structured values for one reference's fields; see the module docstring for the keys."""
    fields = {label: " ".join(str(value).split())
              for label, value in (fields or {}).items() if value}
    out = {"authors": [], "type": None}
    for step in (_type, _people, _dates, _pages, _numbers, _identifiers):
        try:
            out.update(step(fields))
        except Exception:  # one parser's slip on odd text must not cost the other values
            continue
    return out


def _type(fields: dict) -> dict:
    return {"type": guess_type(fields)}


def _pages(fields: dict) -> dict:
    return parse_pages(fields["pages"]) if "pages" in fields else {}


def _people(fields: dict) -> dict:
    out = {}
    authors = parse_names(fields.get("author", ""))
    if authors["role"] == "editor" and "editor" not in fields:
        out["editors"] = authors["people"]  # "Brown, L. E. (Ed.)": an edited book
    else:
        out["authors"] = authors["people"]
    if authors["et_al"]:
        out["editors_et_al" if "editors" in out else "authors_et_al"] = True
    if authors["same_as_previous"]:
        out["authors_same_as_previous"] = True
    for label, key in (("editor", "editors"), ("translator", "translators")):
        if label in fields:
            names = parse_names(fields[label], role=label)
            if names["people"]:
                out[key] = names["people"]
            if names["et_al"]:
                out[key + "_et_al"] = True
    out.setdefault("authors", [])
    return out


def _dates(fields: dict) -> dict:
    out = {}
    issued = parse_date(fields["year"]) if "year" in fields else None
    if issued:
        out["issued"] = issued
    status = parse_status(fields.get("year", "") + " " + fields.get("note", ""))
    if status:
        out["status"] = status
        out.setdefault("issued", {"literal": status})
    accessed = _accessed(fields)
    if accessed:
        out["accessed"] = accessed
    return out


def _accessed(fields: dict) -> dict | None:
    """The access date: "[accessed 5 Jan 2016]", "Retrieved March 3, 2019", GB/T "[2020-03-01]"."""
    for label in ("note", "url", "year", "doi"):
        text = fields.get(label)
        if not text:
            continue
        found = CITED_DATE.search(text) or ACCESSED.search(text)
        date = parse_date(found.group(1)) if found else None
        if date and "year" in date:
            return date
    return None


def _numbers(fields: dict) -> dict:
    out = parse_volume(fields["volume"]) if "volume" in fields else {}
    if "issue" in fields:
        issue = parse_issue(fields["issue"])
        if issue:
            out["issue"] = issue
    if "edition" in fields:
        edition = parse_edition(fields["edition"])
        if edition:
            out["edition"] = edition
    return out


def _identifiers(fields: dict) -> dict:
    """Each identifier from its own field first, then from anywhere in the reference."""
    everything = " ".join(fields.values())
    possible = possible_identifiers(everything)  # (each field's text is in `everything` too)
    if "arxiv" in fields:
        possible.add("arxiv")  # a labelled arXiv id needs no "arXiv" before it
    out = {}
    for key, finder, labels in IDENTIFIER_FINDERS:
        if key not in possible:
            continue
        texts = list(filter(None, map(fields.get, labels)))  # the fields it has, in order
        if key in FOUND_ANYWHERE:
            texts.append(everything)
        value = finder(fields["arxiv"], labelled=True) if key == "arxiv" and "arxiv" in fields else None
        value = value or next(filter(None, map(finder, texts)), None)
        if value:
            out[key] = value
    return out
