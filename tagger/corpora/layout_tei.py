"""GROBID's layout training TEI (segmentation and reference-segmenter corpora) as lines.

GROBID keeps the text its PDF reader extracted with `<lb/>` at each end of line, inside zone
elements: `<front>`, `<body>`, `<listBibl>`, `<page>`, `<note place="headnote|footnote">`,
`<div type="annex|acknowledgement|…">` for whole papers, and `<bibl>` (one per reference)
inside `<listBibl>` for reference sections. Each reader returns the document as lines, each
line with the innermost zone it lies in; a zone's end ends a line too. White space inside a
line is collapsed (the pretty-printing of the XML is not the page's).
"""

import xml.etree.ElementTree as ElementTree

# Elements that name a zone, and the attribute that refines it ("note" → "headnote").
_ZONE_ATTRIBUTES = {"note": "place", "div": "type"}
SEGMENTATION_ZONES = ("front", "titlePage", "body", "listBibl", "page", "note", "div", "back",
                      "other", "cover")


def _lines(root, zone_of) -> list:
    """(zone, text) for each line under `root`; `zone_of(element, outer)` names an
    element's zone given the zone around it (or returns `outer`)."""
    lines = []
    current, current_zone = [], None

    def flush():
        nonlocal current, current_zone
        text = " ".join("".join(current).split())
        if text:
            lines.append((current_zone, text))
        current, current_zone = [], None

    def add(text, zone):
        nonlocal current_zone
        if text:
            if current_zone is None and text.strip():
                current_zone = zone
            current.append(text)

    def walk(element, zone):
        inner = zone_of(element, zone)
        if element.tag == "lb":
            flush()
        else:
            if inner != zone:
                flush()
            add(element.text, inner)
            for child in element:
                walk(child, inner)
                add(child.tail, inner)
            if inner != zone:
                flush()

    walk(root, None)
    flush()
    return lines


def _text_element(path):
    root = ElementTree.parse(path).getroot()
    text = root.find("text")
    if text is None:
        raise ValueError(f"{path}: no <text> element")
    return text


def read_segmentation(path) -> list:
    """(zone, line) pairs of a segmentation document; zones are "front", "body",
    "listBibl", "page", "headnote", "footnote", "annex", "acknowledgement", … ("body" for text
    outside any zone)."""
    def zone_of(element, outer):
        if element.tag in _ZONE_ATTRIBUTES:
            kind = element.get(_ZONE_ATTRIBUTES[element.tag])
            return kind or element.tag
        if element.tag in SEGMENTATION_ZONES and element.tag != "back":
            return element.tag
        return outer

    return [(zone or "body", text) for zone, text in _lines(_text_element(path), zone_of)]


def read_reference_section(path) -> list:
    """(mark, line) pairs of a reference-segmenter document: "B" for a line that begins a
    reference, "I" for one that goes on with it, "O" for a line in no reference (the
    section's heading, a footnote left in)."""
    counter = iter(range(1_000_000))

    def zone_of(element, outer):
        if element.tag == "bibl":
            return next(counter)
        return outer

    marks, previous = [], None
    for zone, text in _lines(_text_element(path), zone_of):
        if zone is None:
            marks.append(("O", text))
        else:
            marks.append(("I" if zone == previous else "B", text))
        previous = zone
    return marks
