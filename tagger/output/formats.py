"""Write parsed references in the formats people's tools read.

json / jsonl: the Reference objects as they are (docs/design.md's output contract).
csl: CSL-JSON items, for Zotero, Pandoc and citeproc. bibtex: for LaTeX (written with
tagger.output.latex's escapes, no library needed). ris: for EndNote, Mendeley and Zotero.
xml: AnyStyle-style tagged XML (tagger.corpora.corpus), for a person to correct and `reftag train`.

Every record appears in json, jsonl and xml, in order: one that failed with its `error`, one
that is no reference at all with `"not_reference": true`. The bibliographic formats (csl,
bibtex, ris) write no entry for those, nor for a record that holds nothing they can write: an
empty entry would pass for a reference. They say so instead: write() tells its `skipped`
callback of each (the CLI prints it on stderr, the API in a header), and BibTeX, the one of the
three with comments, puts a `%` line where the entry would have been. RIS has no comment that
its readers agree on, CSL-JSON none at all.
"""

import dataclasses
import json
import re
import unicodedata

from . import latex
from .keys import STRUCTURED_KEYS
from ..corpora.corpus import json_line, write_anystyle_xml
from ..labels.fields import label_runs
from ..labels import OTHER
from ..structure.types import gbt_code_type

FORMATS = ("json", "jsonl", "csl", "bibtex", "ris", "xml")


class FormatError(Exception):
    """A format that cannot be written here: one this module does not know."""


BIBTEX_TYPES = {
    "article-journal": "article", "article-magazine": "article", "article-newspaper": "article",
    "paper-conference": "inproceedings", "chapter": "incollection", "book": "book",
    "thesis": "phdthesis", "report": "techreport",
}
# CSL has no "preprint" type; its "article" is the one for preprints and working papers.
CSL_TYPES = {"preprint": "article"}
RIS_TYPES = {
    "article-journal": "JOUR", "article-magazine": "MGZN", "article-newspaper": "NEWS",
    "paper-conference": "CPAPER", "chapter": "CHAP", "book": "BOOK", "thesis": "THES",
    "report": "RPRT", "webpage": "ELEC", "patent": "PAT", "standard": "STAND", "dataset": "DATA",
    "software": "COMP", "map": "MAP",
}
# Where the container and the publisher go in BibTeX, by entry type.
BIBTEX_CONTAINER = {"article": "journal", "inproceedings": "booktitle", "incollection": "booktitle"}
BIBTEX_PUBLISHER = {"phdthesis": "school", "mastersthesis": "school", "techreport": "institution"}
MASTERS = re.compile(r"master|\bm\.?\s?a\b|\bm\.?\s?sc|magister|diplom", re.I)
NAME_VARIABLES = (("author", "authors"), ("editor", "editors"), ("translator", "translators"))
GBT_MARKER = re.compile(r"\s*\[\s*[A-Z]{1,2}\s*(?:/\s*[A-Z]{2}\s*)?\]\s*")
IN_PREFIX = re.compile(r"^(?:in|dans|en|im)\s*:\s*|^(?:in|dans|im)\s+(?=\S)", re.I)
# A stop inside ("J. Appl. Phys.") says the final stop belongs to an abbreviation too.
ABBREVIATION = re.compile(r"\b\w{1,6}\.\s")
QUOTES = ("“”", '""', "«»", "‘’", "''", "„“", "「」", "《》")
NOT_IN_KEY = re.compile(r"[^a-z0-9]")
ASCII_FOLD = str.maketrans({"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "æ": "ae", "Æ": "AE",
                            "ß": "ss", "đ": "d", "Đ": "D", "þ": "th", "œ": "oe", "ı": "i"})
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
NAME_SPLITTER = re.compile(r"\band\b", re.I)
TITLE_STOPWORDS = {"a", "an", "the", "on", "of", "in", "for", "to", "and", "with", "from", "at",
                   "le", "la", "les", "der", "die", "das", "el", "los", "un", "une", "ein", "eine"}


BIBLIOGRAPHIC = ("csl", "bibtex", "ris")


@dataclasses.dataclass(frozen=True)
class Skipped:
    """A record a bibliographic format wrote no entry for, and why."""
    number: int  # its place among the records, from 1 (for `reftag parse`, its line)
    why: str  # "error", "not_reference" or "empty"
    detail: str = ""  # the error's message
    raw: str = ""

    def __str__(self) -> str:
        reason = {"error": f"failed ({self.detail})", "not_reference": "is not a reference",
                  "empty": "holds no field the format can write"}[self.why]
        text = " ".join(self.raw.split())
        text = text if len(text) <= 60 else text[:59] + "…"
        return f"record {self.number} {reason}; no entry written" + (f": {text}" if text else "")


def write(refs, fmt: str, stream, skipped=None) -> None:
    """Write references (any iterable; read once, in order) to a text stream. `skipped`, when
    given, is called with a Skipped for each record a bibliographic format leaves out."""
    if fmt == "json":
        _write_array((ref.to_dict() for ref in refs), stream)
    elif fmt == "jsonl":
        for ref in refs:
            stream.write(json_line(ref.to_dict()) + "\n")
    elif fmt == "xml":
        stream.write(to_xml(refs))
    elif fmt == "csl":
        entries = _entries(refs, fmt, skipped)
        _write_array((item for item in entries if not isinstance(item, Skipped)), stream)
    elif fmt == "bibtex":
        for item in _entries(refs, fmt, skipped):
            stream.write(_bibtex_block(item) + "\n")
    elif fmt == "ris":
        for item in _entries(refs, fmt, skipped):
            if not isinstance(item, Skipped):
                stream.write(item + "\n")
    else:
        raise FormatError(f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}")


def left_out(ref) -> str | None:
    """Why a bibliographic format writes no entry for this record ("error", "not_reference"),
    or None when it writes one."""
    if ref.error is not None:
        return "error"
    if (ref.extra or {}).get("not_reference"):
        return "not_reference"
    return None


def _entries(refs, fmt: str, skipped=None):
    """Each record's entry in `fmt` (CSL item, BibTeX or RIS text) or its Skipped, in order;
    citation keys are unique among the entries written."""
    keys = set()
    for number, ref in enumerate(_repeated_authors_filled(refs), 1):
        why = left_out(ref)
        entry = None if why else {"csl": _csl_item, "bibtex": _bibtex_entry,
                                  "ris": _ris_record}[fmt](ref, keys)
        if entry is None:
            item = Skipped(number, why or "empty", ref.error or "", ref.raw or "")
            if skipped is not None:
                skipped(item)
            yield item
        else:
            yield entry


def bibtex_comment(item: Skipped) -> str:
    """A `%` line for a record left out. BibTeX and its readers skip text between entries
    unless it holds an `@`; braces and `@` are taken out of the message."""
    return "% reftag: " + re.sub(r"[@{}%\s]+", " ", str(item)).strip()


def _bibtex_block(item) -> str:
    """An entry, or the comment that stands where a record left out would have been."""
    return item if isinstance(item, str) else bibtex_comment(item) + "\n"


def _repeated_authors_filled(refs):
    """References whose "———." stands for the authors before them, given those authors."""
    previous = []
    for ref in refs:
        if not ref.authors and (ref.extra or {}).get("authors_same_as_previous"):
            ref = dataclasses.replace(ref, authors=previous)
        previous = ref.authors
        yield ref


def _write_array(items, stream) -> None:
    """A JSON array written item by item, so a long batch streams."""
    stream.write("[")
    for number, item in enumerate(items):
        stream.write(",\n" if number else "\n")
        stream.write(json.dumps(item, ensure_ascii=False))
    stream.write("\n]\n")


# ---------------------------------------------------------------------------------------------
# Values shared by the formats

def _values(ref) -> dict:
    """The reference's cleaned text values and structured values, under one set of names."""
    fields, extra = ref.fields or {}, ref.extra or {}
    values = {
        "title": _clean_title(fields.get("title", "")),
        "container": _clean_container(fields.get("venue", ""), ref.type),
        "publisher": _clean(fields.get("publisher", "")),
        "place": _clean(fields.get("location", "")),
        "series": _clean(fields.get("series", "")),
        "genre": _clean_genre(fields.get("genre", "")),
    }
    values = {key: value for key, value in values.items() if value}
    # Only the structured values: what find adds (start, end, pdf_page) is not for citing.
    values.update((key, value) for key, value in extra.items() if key in STRUCTURED_KEYS)
    values["authors"] = ref.authors or []
    return values


def _clean(text: str) -> str:
    """Field text without the punctuation that separated it from its neighbours."""
    text = " ".join(str(text).split()).strip(" ,;:")
    if text.endswith(".") and not text.endswith("..") and not ABBREVIATION.search(text):
        text = text[:-1].rstrip()
    if text.startswith("(") and text.endswith(")"):
        text = text[1:-1].strip()
    return text


def _clean_title(text: str) -> str:
    text = _clean(GBT_MARKER.sub(" ", str(text)))
    for opening, closing in QUOTES:
        if len(text) > 2 and text[0] == opening and text[-1] == closing:
            return text[1:-1].strip(" ,;:")
        if len(text) > 2 and text[0] == opening and text[-2] == closing and text[-1] in ".,":
            return text[1:-2].strip(" ,;:")
    return text


def _clean_genre(text: str) -> str:
    """The genre in words ("PhD thesis"); a GB/T code ("[J]") says only the type, kept there."""
    return "" if gbt_code_type(text) else _clean(GBT_MARKER.sub(" ", str(text)))


def _clean_container(text: str, kind: str | None) -> str:
    """The container without "In:" (and without "In " before a book or proceedings title).

    An abbreviated title gets back the stop that field trimming took from its last word:
    "J. Appl. Phys" → "J. Appl. Phys.".
    """
    text = _clean(text)
    if re.match(r"^(?:in|dans|en|im)\s*:", text, re.I) or kind in ("chapter", "paper-conference"):
        text = IN_PREFIX.sub("", text, count=1)
    last = text.split()[-1] if text.split() else ""
    if ABBREVIATION.search(text) and last.isalpha() and len(last) <= 6 and not last.isupper():
        text += "."
    return text


def citation_key(ref) -> str:
    """ "romero2022accelerating": first family name, year, first word of the title that counts."""
    people = ref.authors or (ref.extra or {}).get("editors") or [{}]
    name = people[0].get("family") or " ".join(people[0].get("literal", "").split()[:1])
    year = ((ref.extra or {}).get("issued") or {}).get("year", "")
    words = [_ascii(word) for word in _clean_title((ref.fields or {}).get("title", "")).split()]
    word = next((w for w in words if w and w not in TITLE_STOPWORDS), "")
    key = f"{_ascii(name)}{year}{word}"
    return key if key and not key.isdigit() else f"ref{key}"


def _ascii(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.translate(ASCII_FOLD))
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return NOT_IN_KEY.sub("", plain.lower())


def _unique(key: str, taken: set) -> str:
    """The key itself, or with a, b, ... z, aa, ... appended until no earlier reference has it."""
    candidate, number = key, 0
    while candidate in taken:
        number += 1
        suffix, rest = "", number
        while rest:
            rest, letter = divmod(rest - 1, 26)
            suffix = chr(ord("a") + letter) + suffix
        candidate = key + suffix
    taken.add(candidate)
    return candidate


# ---------------------------------------------------------------------------------------------
# CSL-JSON

def _csl_item(ref, keys: set) -> dict | None:
    """The item with a key unique among `keys`; None when it would hold nothing but its type."""
    item = to_csl(ref)
    if not set(item) - {"id", "type"}:
        return None
    item["id"] = _unique(citation_key(ref), keys)
    return item


def to_csl(ref, key: str | None = None) -> dict:
    """A CSL-JSON item (CSL 1.0.2 input schema) for one reference, whatever it holds (write()
    and Reference.to_csl() leave out what is no reference)."""
    values = _values(ref)
    item = {"id": key or citation_key(ref), "type": CSL_TYPES.get(ref.type, ref.type or "document")}
    for variable, name in NAME_VARIABLES:
        if values.get(name):
            item[variable] = [_csl_name(person) for person in values[name]]
    for variable, name in (("title", "title"), ("container-title", "container"),
                           ("publisher", "publisher"), ("publisher-place", "place"),
                           ("collection-title", "series"), ("genre", "genre"),
                           ("volume", "volume"), ("issue", "issue"), ("part", "part"),
                           ("edition", "edition"),
                           ("DOI", "doi"), ("URL", "url"), ("ISBN", "isbn"), ("ISSN", "issn"),
                           ("PMID", "pmid"), ("PMCID", "pmcid"), ("status", "status"),
                           ("number-of-pages", "number_of_pages")):
        if values.get(name):
            item[variable] = values[name]
    for variable, name in (("issued", "issued"), ("accessed", "accessed")):
        if values.get(name):
            item[variable] = _csl_date(values[name])
    if (values.get("issued") or {}).get("suffix"):
        item["year-suffix"] = values["issued"]["suffix"]
    page = values.get("page")
    if page:
        item["page"] = f"{page['first']}-{page['last']}" if page.get("last") else page["first"]
        item["page-first"] = page["first"]
    if values.get("arxiv"):  # as Zotero has a preprint: archive, archive id, the abstract page
        item["archive"] = "arXiv"
        item["number"] = f"arXiv:{values['arxiv']}"
        item.setdefault("container-title", "arXiv")
    if "URL" not in item and _identifier_url(values):
        item["URL"] = _identifier_url(values)
    return item


def _identifier_url(values: dict) -> str:
    """A link for a reference that gives none but an arXiv id or a handle."""
    if values.get("arxiv"):
        return f"https://arxiv.org/abs/{values['arxiv']}"
    if values.get("handle"):
        return f"https://hdl.handle.net/{values['handle']}"
    return ""


def _csl_name(person: dict) -> dict:
    if "literal" in person:
        return {"literal": person["literal"]}
    name = {"family": person.get("family", "")}
    for ours, csl in (("given", "given"), ("particle", "non-dropping-particle"),
                      ("suffix", "suffix")):
        if person.get(ours):
            name[csl] = person[ours]
    return name


def _csl_date(date: dict) -> dict:
    if "year" not in date:
        return {"literal": date.get("literal", "")}
    parts = [date["year"]] + [date[key] for key in ("month", "day") if key in date]
    out = {"date-parts": [parts]}
    if "end_year" in date:
        out["date-parts"].append([date["end_year"]])
    if "season" in date:
        out["season"] = date["season"]
    return out


# ---------------------------------------------------------------------------------------------
# BibTeX

def to_bibtex(refs) -> str:
    """A BibTeX file for the references, with unique keys; a `%` comment stands for each record
    left out (failed, no reference, nothing to write)."""
    return "\n".join(map(_bibtex_block, _entries(refs, "bibtex")))


def _bibtex_entry(ref, keys: set) -> str | None:
    """The entry with a key unique among `keys`; None when it would hold no field."""
    values = _values(ref)
    entry_type = _bibtex_type(ref.type, values.get("genre", ""))
    fields = []

    def add(name, value, verbatim=False):
        value = " ".join(str(value or "").split())
        if value:
            fields.append((name, "{" + (_balanced(value) if verbatim else latex.escape(value)) + "}"))

    for name, people in NAME_VARIABLES:
        names = _bibtex_names(values.get(people))  # escaped name by name
        if names and values.get(people + "_et_al"):
            names += " and others"  # BibTeX's own way to say "et al."
        add(name, names, verbatim=True)
    add("title", values.get("title"))
    add(BIBTEX_CONTAINER.get(entry_type, "howpublished"), values.get("container"))
    add(BIBTEX_PUBLISHER.get(entry_type, "publisher"), values.get("publisher"))
    add("address", values.get("place"))
    add("series", values.get("series"))
    add("edition", values.get("edition"))
    add("volume", values.get("volume"))
    add("number", values.get("issue"))
    page = values.get("page")
    if page:
        add("pages", f"{page['first']}--{page['last']}" if page.get("last") else page["first"])
    issued = values.get("issued") or {}
    if "year" in issued:
        add("year", f"{issued['year']}{issued.get('suffix', '')}")
    else:
        add("year", issued.get("literal"))
    if issued.get("month") in range(1, 13):
        fields.append(("month", MONTHS[issued["month"] - 1]))  # BibTeX's own month macros
    if entry_type in ("phdthesis", "mastersthesis", "techreport", "misc") and values.get("genre"):
        add("type", values["genre"])
    add("note", values.get("status") if "year" in issued else None)
    add("doi", values.get("doi"), verbatim=True)
    add("url", values.get("url"), verbatim=True)
    add("isbn", values.get("isbn"))
    add("issn", values.get("issn"))
    if values.get("arxiv"):
        add("eprint", values["arxiv"], verbatim=True)
        add("archivePrefix", "arXiv")
    accessed = values.get("accessed") or {}
    add("urldate", _iso_date(accessed))
    add("pmid", values.get("pmid"))
    if not fields:
        return None
    body = "".join(f"  {name} = {value},\n" for name, value in fields)
    return f"@{entry_type}{{{_unique(citation_key(ref), keys)},\n{body}}}\n"


def _bibtex_type(kind: str | None, genre: str) -> str:
    if kind == "thesis" and MASTERS.search(genre):
        return "mastersthesis"
    return BIBTEX_TYPES.get(kind, "misc")


def _bibtex_names(people) -> str:
    """ "van der Berg, A. and Smith, Jr., J. R. and {World Health Organization}"."""
    names = []
    for person in people or []:
        if "literal" in person:
            names.append("{" + latex.escape(person["literal"]) + "}")
            continue
        family = " ".join(filter(None, (person.get("particle"), person.get("family"))))
        parts = (family, person.get("suffix"), person.get("given"))
        names.append(", ".join(_name_part(part) for part in parts if part))
    return " and ".join(name for name in names if name.strip("{}, "))


def _name_part(text: str) -> str:
    """One part of a name, braced when a comma or an "and" inside would split it."""
    escaped = latex.escape(" ".join(text.split()))
    return "{" + escaped + "}" if "," in escaped or NAME_SPLITTER.search(escaped) else escaped


def _balanced(value: str) -> str:
    """A verbatim value (URL, DOI) whose braces cannot break the entry."""
    if value.count("{") != value.count("}"):
        value = value.replace("{", "%7B").replace("}", "%7D")
    return value


def _iso_date(date: dict) -> str:
    if "year" not in date:
        return ""
    parts = [date["year"]] + [date[key] for key in ("month", "day") if key in date]
    return "-".join(f"{part:02d}" for part in parts)


# ---------------------------------------------------------------------------------------------
# RIS

def to_ris(refs) -> str:
    """RIS records for the references; those left out (failed, no reference, nothing to
    write) have none: RIS has no comment its readers agree on."""
    return "".join(item + "\n" for item in _entries(refs, "ris") if isinstance(item, str))


def _ris_record(ref, keys=None) -> str | None:
    """The record (RIS has no keys: `keys` is for the same call as the other formats); None
    when it would hold nothing but its type."""
    values = _values(ref)
    lines = [("TY", RIS_TYPES.get(ref.type, "GEN"))]
    for tag, name in (("AU", "authors"), ("A2", "editors")):
        for person in values.get(name) or []:
            lines.append((tag, _ris_name(person)))
    container = values.get("container") or ("arXiv" if values.get("arxiv") else None)
    lines += [("TI", values.get("title")), ("T2", container), ("T3", values.get("series"))]
    issued = values.get("issued") or {}
    if "year" in issued:
        lines.append(("PY", str(issued["year"])))
        if "month" in issued:
            lines.append(("DA", _ris_date(issued)))
    page = values.get("page") or {}
    lines += [("SP", page.get("first")), ("EP", page.get("last")), ("VL", values.get("volume")),
              ("IS", values.get("issue")), ("ET", values.get("edition")),
              ("PB", values.get("publisher")), ("CY", values.get("place")),
              ("M3", values.get("genre")), ("DO", values.get("doi")),
              ("UR", values.get("url") or _identifier_url(values)),
              ("AN", _accession(values)), ("C2", values.get("pmcid")),
              ("SN", values.get("isbn") or values.get("issn")), ("N1", values.get("status"))]
    if values.get("accessed"):
        lines.append(("Y2", _ris_date(values["accessed"])))
    out = [f"{tag}  - {' '.join(str(value).split())}" for tag, value in lines if value]
    if len(out) == 1:  # TY only
        return None
    return "\n".join(out + ["ER  - "]) + "\n"


def _accession(values: dict) -> str | None:
    """RIS's accession number: the arXiv id ("arXiv:1706.03762"), else the PubMed id."""
    return f"arXiv:{values['arxiv']}" if values.get("arxiv") else values.get("pmid")


def _ris_name(person: dict) -> str:
    if "literal" in person:
        return person["literal"]
    family = " ".join(filter(None, (person.get("particle"), person.get("family"))))
    return ", ".join(part for part in (family, person.get("given"), person.get("suffix")) if part)


def _ris_date(date: dict) -> str:
    if "year" not in date:
        return ""
    month = f"{date['month']:02d}" if "month" in date else ""
    day = f"{date['day']:02d}" if "day" in date and month else ""
    return f"{date['year']:04d}/{month}/{day}/"


# ---------------------------------------------------------------------------------------------
# AnyStyle-style XML

def to_xml(refs) -> str:
    """Tagged XML of the references' token labels, for correcting and retraining: every record
    with tokens (a failed one has none), one that is no reference with `not_reference="true"`
    on its <sequence>."""
    records = [{"id": None, "text": ref.raw, "spans": token_spans(ref),
                "not_reference": (ref.extra or {}).get("not_reference")}
               for ref in refs if ref.tokens]
    return write_anystyle_xml(records)


def token_spans(ref) -> list[list]:
    """[start, end, label] over `ref.raw`: each run of consecutive tokens with one label."""
    def item(token):
        start, end = token.get("start"), token.get("end")
        inside = isinstance(start, int) and isinstance(end, int) and 0 <= start < end <= len(ref.raw)
        return (start, end, token.get("label") or OTHER) if inside else (0, 0, OTHER)

    return [list(span) for span in label_runs(map(item, ref.tokens))]
