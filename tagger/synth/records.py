"""Turn the project's annotated references into CSL-JSON items to render in other styles.

A reference's fields (label -> text as written) are parsed into CSL variables simply: names
split into family/given, the 4-digit year, pages as first-last, volume and issue as numbers.
Parsing mistakes only make an odd but still plausible record, which is harmless for rendering.
"""

import json
import re
import warnings
from functools import lru_cache
from pathlib import Path
from xml.etree import ElementTree

from tagger.labels.fields import field_values, trim
from tagger.labels import ANYSTYLE_TO_LABEL

REPO = Path(__file__).resolve().parents[2]
# The project's own annotated corpora; AnyStyle's core.xml stands in until they exist.
CORPORA = [REPO / "data" / "core.jsonl"]
FALLBACK_XML = REPO.parent / "shared" / "data" / "anystyle" / "core.xml"

YEAR = re.compile(r"\b(1[5-9]\d\d|20\d\d)\b")
DOI = re.compile(r"10\.\d{4,9}/\S+")
NUMBER = re.compile(r"\d+")
INITIALS = re.compile(r"^(?:[A-Z][a-z]?\.?[\s-]*){1,4}$")
PARTICLES = {"de", "del", "della", "der", "di", "du", "la", "le", "van", "von", "da", "dos"}
CONFERENCE_WORDS = re.compile(r"\b(Proc|Conf|Conference|Symposium|Symp|Workshop|Meeting|Congress)",
                              re.IGNORECASE)


def read_jsonl(path):
    """Field dicts (label -> text) of a JSONL spans corpus."""
    with open(path, encoding="utf-8") as lines:
        return [field_values(ref["text"], ref["spans"]) for ref in map(json.loads, lines) if ref]


def read_anystyle_xml(path):
    """Field dicts of an AnyStyle XML dataset (several elements of one label joined)."""
    fields_list = []
    for sequence in ElementTree.parse(path).getroot().iter("sequence"):
        parts = {}
        for element in sequence:
            label = ANYSTYLE_TO_LABEL.get(element.tag)
            if label and element.text:
                parts.setdefault(label, []).append(element.text)
        fields_list.append({label: trim(" ".join(texts)) for label, texts in parts.items()})
    return fields_list


@lru_cache(maxsize=1)
def corpus_records():
    """CSL items built from the project's corpora (never from the benchmark, gold.xml)."""
    fields_list = []
    for path in CORPORA:
        if path.exists():
            fields_list += read_jsonl(path)
    if not fields_list and FALLBACK_XML.exists():
        warnings.warn(f"{CORPORA[0]} not found: records taken from {FALLBACK_XML}, "
                      "whose references that are also in gold.xml are not removed")
        fields_list = read_anystyle_xml(FALLBACK_XML)
    items = [to_csl(fields, f"pool-{i}") for i, fields in enumerate(fields_list)]
    return [item for item in items if item is not None]


def parse_names(text):
    """'Romero, C., Paunesku, D., & Dweck, C.' or 'Chen TQ, Li M' or 'S. E. Han and G. Chen'
    -> CSL names [{'family', 'given'}]."""
    text = re.sub(r"\bet\.? al\b\.?|等|\(?\beds?\b\.?\)?", " ", text, flags=re.IGNORECASE)
    text = re.sub(r"^\s*In:?\s+", "", text)
    parts = [p.strip(" .,;") for p in re.split(r",|;|\band\b|&", text)]
    parts = [p for p in parts if p]
    # "Family, Given, Family, Given": the list starts with a lone family name.
    family_first = len(parts) > 1 and len(parts[0].split()) == 1
    names = []
    for part in parts:
        follows_family = names and "given" not in names[-1]
        if follows_family and (INITIALS.match(part + ".") or
                               (family_first and len(part.split()) <= 3)):
            names[-1]["given"] = part  # "Romero, C." / "Adams, Nicholson B."
            continue
        words = part.split()
        if len(words) == 1:
            names.append({"family": words[0]})
        elif INITIALS.match(words[-1]) and words[-1].replace(".", "").isupper():
            names.append({"family": " ".join(words[:-1]), "given": words[-1]})  # "Chen TQ"
        else:
            cut = len(words) - 1
            while cut > 1 and words[cut - 1].lower() in PARTICLES:
                cut -= 1
            names.append({"family": " ".join(words[cut:]), "given": " ".join(words[:cut])})
    return [name for name in names if re.search(r"\w", name["family"])]


def parse_pages(text):
    numbers = NUMBER.findall(text)
    if not numbers:
        return None
    if len(numbers) == 1:
        return numbers[0]
    first, last = numbers[0], numbers[1]
    if len(last) < len(first):  # "1477-81" -> "1477-1481"
        last = first[:len(first) - len(last)] + last
    return f"{first}-{last}"


def _clean(text):
    """A field's value without a leading "In:" / "//" and without LaTeX quotes."""
    text = re.sub(r"^\s*(in:?|//|∥)\s+", "", text, flags=re.IGNORECASE)
    return trim(text.replace("``", "").replace("''", ""))


def to_csl(fields, item_id):
    """One reference's fields -> a CSL-JSON item, or None without author, title or year."""
    year = YEAR.search(fields.get("year", ""))
    authors = parse_names(fields.get("author", ""))
    title = _clean(fields.get("title", ""))
    if not (year and authors and title):
        return None
    item = {"id": item_id, "author": authors, "title": title,
            "issued": {"date-parts": [[int(year.group())]]}}
    venue = _clean(fields.get("venue", ""))
    if venue:
        item["container-title"] = venue
    volume = NUMBER.findall(fields.get("volume", ""))
    if volume:
        item["volume"] = volume[0]
        if len(volume) > 1 and "issue" not in fields:
            item["issue"] = volume[1]
    issue = NUMBER.findall(fields.get("issue", ""))
    if issue:
        item["issue"] = issue[0]
    pages = parse_pages(fields.get("pages", ""))
    if pages:
        item["page"] = pages
    doi = DOI.search(fields.get("doi", ""))
    if doi:
        item["DOI"] = doi.group().rstrip(".,;)")
    for label, variable in (("publisher", "publisher"), ("location", "publisher-place"),
                            ("url", "URL"), ("edition", "edition")):
        if fields.get(label):
            item[variable] = _clean(fields[label])
    if fields.get("editor"):
        editors = parse_names(fields["editor"])
        if editors:
            item["editor"] = editors
    item["type"] = guess_type(fields, item)
    if item["type"] in ("thesis", "report"):
        item["genre"] = _clean(fields.get("genre", "")) or None
        if not item["genre"]:
            del item["genre"]
    return item


def guess_type(fields, item):
    genre = fields.get("genre", "").lower()
    if "thesis" in genre or "dissertation" in genre:
        return "thesis"
    if "report" in genre:
        return "report"
    venue = item.get("container-title", "")
    if venue and CONFERENCE_WORDS.search(venue):
        return "paper-conference"
    if venue and "editor" in item:
        return "chapter"
    if venue:
        return "article-journal"
    if "URL" in item and "publisher" not in item:
        return "webpage"
    return "book"
