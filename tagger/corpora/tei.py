"""GROBID's TEI citation annotations (`<bibl>` with inline field elements) as records.

GROBID marks fields inline: `<bibl><author>D. Diakonov</author>, <title level="j">Phys. Rev.
D</title> <biblScope unit="volume">76</biblScope> …</bibl>`. Each `<bibl>` becomes one record
``{"id", "text", "spans"}``: the bibl's text with white space collapsed, and one span per field
element, mapped onto our labels (the table below, after GROBID's corpus README). Text outside
the elements (separators, "In", "pp.", a citation number) is unlabelled here; the corpus
conventions (`tagger.corpora.conventions`) then label it the way AnyStyle's corpora do, so that both
sources teach the model one convention.
"""

import re
from pathlib import Path
from xml.parsers import expat

from .conventions import TEI_CONVENTIONS, harmonize
from .sources import CorpusError, run_parser, xml_source

# Fields whose label does not depend on the element's attributes or on the other fields.
_PLAIN = {
    "author": "author",
    "editor": "editor",
    "date": "year",
    "publisher": "publisher",
    "pubPlace": "location",
    "ptr": "url",
    "orgName": "publisher",  # an institution or school; a leading one is an author (below)
}
# Misspellings found in GROBID's own corpus, read as what they meant.
_ALIASES = {"notes": "note", "publishe": "publisher", "page": "biblScope"}
_SCOPES = {"pp": "pages", "page": "pages", "pages": "pages", "vol": "volume",
           "volume": "volume", "issue": "issue", "number": "issue", "no": "issue"}
_IDNOS = {"doi": "doi", "isbn": "isbn", "arxiv": "arxiv", "arxive": "arxiv"}
_ARXIV_TEXT = re.compile(r"arxiv|^\s*(?:[a-z-]+(?:\.[A-Z]{2})?/\d{7}|\d{4}\.\d{4,5})", re.I)
# Elements that hold no text of their own: a line break in the source is a space.
_BREAKS = {"lb"}
KNOWN = sorted({*_PLAIN, *_ALIASES, "title", "biblScope", "idno", "note", *_BREAKS})


def read_grobid_tei(source, id_prefix: str | None = None,
                    conventions=TEI_CONVENTIONS) -> list[dict]:
    """Records from GROBID TEI (a path, or the XML itself as str/bytes), one per `<bibl>`,
    with the corpus `conventions` applied (`()` for GROBID's spans as they are).

    Ids are `<prefix>-<nnnn>` (the bibl's 1-based position in the file; the prefix defaults
    to the file's name without its extensions). Raises CorpusError naming file and line.
    """
    name, data = xml_source(source)
    prefix = id_prefix or (file_stem(name) if name != "<string>" else "tei")
    parser = expat.ParserCreate("utf-8" if isinstance(data, str) else None)
    records, bibls_read = [], 0
    bibl = None  # the bibl being read: {"pieces": [(text, element index)], "elements": [...]}
    open_elements = []  # indexes into bibl["elements"] of the field elements open now

    def fail(message):
        raise CorpusError(f"{name}:{parser.CurrentLineNumber}: {message}")

    def start(tag, attributes):
        nonlocal bibl
        if tag == "bibl":
            if bibl is not None:
                fail("<bibl> inside <bibl>")
            bibl = {"pieces": [], "elements": []}
            return
        if bibl is None:
            return  # headers, listBibl and other structure around the references
        if tag in _BREAKS:
            bibl["pieces"].append((" ", open_elements[-1] if open_elements else None))
            return
        tag = _ALIASES.get(tag, tag)
        if tag not in _PLAIN and tag not in ("title", "biblScope", "idno", "note"):
            fail(f"unknown element <{tag}> in <bibl>; known: {', '.join(KNOWN)}")
        bibl["elements"].append({"tag": tag, "attributes": attributes, "text": []})
        open_elements.append(len(bibl["elements"]) - 1)

    def text(data):
        if bibl is not None:
            # The outermost open element owns the text: <author><orgName>…</orgName></author>.
            owner = open_elements[0] if open_elements else None
            bibl["pieces"].append((data, owner))
            if owner is not None:
                bibl["elements"][owner]["text"].append(data)

    def end(tag):
        nonlocal bibl, bibls_read
        if bibl is None or tag in _BREAKS:
            return
        if tag != "bibl":
            open_elements.pop()
            return
        bibls_read += 1
        record = harmonize(_record(bibl), conventions)
        if record["text"]:
            record["id"] = f"{prefix}-{bibls_read:04d}"
            records.append(record)
        bibl = None

    run_parser(parser, name, data, start, text, end)
    if not bibls_read:
        raise CorpusError(f"{name}: no <bibl> element: not a GROBID citation file")
    return records


def file_stem(path) -> str:
    """A GROBID file's name without ".training.references.tei.xml" and the like."""
    return Path(path).name.split(".training")[0].split(".tranining")[0].split(".tei")[0] \
        .removesuffix(".xml")


def _record(bibl) -> dict:
    """The bibl's text with white space collapsed, and a span per labelled element."""
    labels = _labels(bibl["elements"])
    chars, owners = [], []
    for piece, owner in bibl["pieces"]:
        for char in piece:
            if char.isspace():
                if not chars or chars[-1] == " ":
                    continue
                char = " "
            chars.append(char)
            owners.append(owner)
    while chars and chars[-1] == " ":
        chars.pop()
        owners.pop()
    spans = []
    for i, owner in enumerate(owners):
        label = labels[owner] if owner is not None else None
        if label is None or chars[i] == " " and (i + 1 == len(chars) or owners[i + 1] != owner):
            continue
        if spans and spans[-1][3] == owner and spans[-1][1] == i:
            spans[-1][1] = i + 1
        elif chars[i] != " ":
            spans.append([i, i + 1, label, owner])
    return {"id": None, "text": "".join(chars), "spans": [span[:3] for span in spans]}


def _labels(elements) -> list[str | None]:
    """Each element's label; `title level="m"` and `"s"` and a leading orgName depend on the
    other elements of the bibl, as GROBID's corpus README describes."""
    levels = {_level(element) for element in elements if element["tag"] == "title"}
    has_author = any(element["tag"] in ("author", "editor") for element in elements)
    labels = []
    for i, element in enumerate(elements):
        tag, attributes = element["tag"], element["attributes"]
        kind = (attributes.get("type") or attributes.get("unit") or "").lower()
        text = "".join(element["text"])
        if tag == "title":
            level = _level(element)
            if level == "a":
                label = "title"
            elif level == "m":
                label = "venue" if "a" in levels else "title"
            elif level == "s":
                label = "series" if levels & {"j", "m"} else "venue"
            else:
                label = "venue"
        elif tag == "biblScope":
            label = _SCOPES.get(kind, "note")
        elif tag == "idno":
            label = _IDNOS.get(kind) or ("arxiv" if not kind and _ARXIV_TEXT.search(text)
                                         else "note")
        elif tag == "note":
            label = "genre" if kind == "report" else "note"
        elif tag == "orgName" and (kind == "collaboration" or (i == 0 and not has_author)):
            label = "author"
        else:
            label = _PLAIN[tag]
        labels.append(label)
    return labels


def _level(element) -> str:
    attributes = element["attributes"]
    return (attributes.get("level") or attributes.get("type") or "").lower()


def is_tei(head: bytes) -> bool:
    """Whether the start of an .xml file is GROBID TEI rather than AnyStyle's <dataset>."""
    return re.search(rb"<(?:TEI|tei|teiCorpus|listBibl|bibl)\b", head) is not None
