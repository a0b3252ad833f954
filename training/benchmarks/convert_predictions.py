"""Convert another parser's output into docs/design.md contract objects for `reftag evaluate
--predictions`, so AnyStyle and GROBID are scored by exactly the code that scores reftag.

    python -m training.benchmarks.convert_predictions anystyle-json OUT.json --raw INPUT.txt -o pred.jsonl
    python -m training.benchmarks.convert_predictions anystyle-xml OUT.xml -o pred.jsonl
    python -m training.benchmarks.convert_predictions grobid-tei OUT.tei.xml [--raw INPUT.txt] -o pred.jsonl

anystyle-xml (`anystyle -f xml parse INPUT.txt`) is the faithful route: it is AnyStyle's
labelled text, so fields and tokens come out exactly as they would for reftag. anystyle-json
(`-f json`) and GROBID's TEI are normalized: names are split into given and family parts
and the original spelling is gone. Their author field is therefore cut back out of the raw
reference (from where the first name starts to where the last one ends); that needs the raw
text, from GROBID's <note type="raw_reference"> (`includeRawCitations=1`) or from --raw, the
file of references, one a line, that was given to the tool. Without it, names are joined
"given family", which only scores right where the reference wrote them that way.
Output order is input order; objects carry "raw" when known, so evaluate pairs them by text.
"""

import argparse
import json
import re
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

from tagger.labels import ANYSTYLE_TO_LABEL

NAME_ROLES = ("author", "editor", "translator", "director", "producer")
_ET_AL = re.compile(r"[\s,;]*(?:et\.?\s*al\.?|and others|u\.\s?a\.|等|他)", re.IGNORECASE)


# --- locating names in the raw text -----------------------------------------------------------

def _key_index(text: str) -> tuple[str, list[int]]:
    """Letters and digits of `text`, case-folded, with each one's offset in `text`."""
    chars, offsets = [], []
    for offset, char in enumerate(text):
        if char.isalnum():
            folded = char.casefold()
            chars.append(folded)
            offsets.extend([offset] * len(folded))
    return "".join(chars), offsets


def _key(text: str) -> str:
    return _key_index(text)[0]


def _find_in_order(key: str, parts: list[str], cursor: int):
    """(start, end) in `key` of `parts` found one after another from `cursor`, or None."""
    start = None
    for part in parts:
        position = key.find(part, cursor)
        if position < 0:
            return None
        start = position if start is None else start
        cursor = position + len(part)
    return start, cursor


def locate_names(raw: str, names: list[dict]) -> str | None:
    """The stretch of `raw` from the first name's start to the last name's end (plus a
    following "et al."), or None when a name cannot be found in order."""
    key, offsets = _key_index(raw)
    cursor, first = 0, None
    for name in names:
        given = [_key(part) for part in re.split(r"[\s.]+", name.get("given", "")) if _key(part)]
        family = [_key(part) for part in (name.get("particle", ""), name.get("family", ""),
                                          name.get("literal", "")) if _key(part)]
        if not family and not given:
            continue
        spans = [span for span in (_find_in_order(key, given + family, cursor),
                                   _find_in_order(key, family + given, cursor)) if span]
        if not spans:
            return None
        start, cursor = min(spans, key=lambda span: span[1] - span[0])
        first = start if first is None else first
    if first is None:
        return None
    end = offsets[cursor - 1] + 1
    while end < len(raw) and raw[end] == ".":  # keep an initial's full stop
        end += 1
    et_al = _ET_AL.match(raw, end)
    return raw[offsets[first]:et_al.end() if et_al else end].strip(" ,;")


def names_field(names: list[dict], raw: str) -> str:
    """Names as the raw reference wrote them, or "given family, ..." when that fails."""
    names = [name if isinstance(name, dict) else {"literal": str(name)} for name in names]
    located = locate_names(raw, names) if raw else None
    if located:
        return located
    return ", ".join(" ".join(filter(None, (n.get("given"), n.get("particle"), n.get("family"),
                                            n.get("literal")))) for n in names)


# --- AnyStyle ---------------------------------------------------------------------------------

def from_anystyle_json(items: list[dict], raws: list[str]) -> list[dict]:
    """AnyStyle's `-f json` objects (keys: its labels, values: lists) as contract objects."""
    predictions = []
    for position, item in enumerate(items):
        raw = raws[position] if position < len(raws) else ""
        fields = {}
        for key, values in item.items():
            label = ANYSTYLE_TO_LABEL.get(key)
            if label is None or not values:
                continue
            values = values if isinstance(values, list) else [values]
            if key in NAME_ROLES:
                value = names_field(values, raw)
            else:
                value = " ".join(str(value) for value in values)
            fields[label] = f"{fields[label]} {value}" if label in fields else value
        predictions.append(_prediction(raw, fields, "anystyle"))
    return predictions


def from_anystyle_xml(path) -> list[dict]:
    """AnyStyle's `-f xml` output: labelled text, read like a corpus, with tokens."""
    from tagger.corpora.corpus import read_anystyle_xml
    from tagger.evaluate import gold_fields

    predictions = []
    for record in read_anystyle_xml(path):
        prediction = _prediction(record["text"], gold_fields(record["text"], record["spans"]),
                                 "anystyle")
        prediction["tokens"] = [{"text": record["text"][start:end], "start": start, "end": end,
                                 "label": label} for start, end, label in record["spans"]]
        predictions.append(prediction)
    return predictions


# --- GROBID -----------------------------------------------------------------------------------

def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _children(element, name: str, **attributes):
    """Descendants called `name` (namespace ignored) whose attributes match."""
    return [child for child in element.iter() if _local(child.tag) == name
            and all(child.get(key) == value for key, value in attributes.items())]


def _text(element) -> str:
    return " ".join("".join(element.itertext()).split()) if element is not None else ""


def _persons(element) -> list[dict]:
    people = []
    for person in _children(element, "persName"):
        given = " ".join(_text(f) for f in person if _local(f.tag) == "forename")
        family = " ".join(_text(f) for f in person if _local(f.tag) == "surname")
        people.append({"given": given, "family": family})
    return people


def _title(element, *levels) -> str:
    if element is None:
        return ""
    titles = [t for t in element if _local(t.tag) == "title" and t.get("level") in levels]
    main = [t for t in titles if t.get("type") in (None, "main")]
    return _text((main or titles)[0]) if titles else ""


def from_grobid_bibl(bibl, raw: str) -> dict:
    """One TEI <biblStruct> as a contract object."""
    analytic = next((c for c in bibl if _local(c.tag) == "analytic"), None)
    monogr = next((c for c in bibl if _local(c.tag) == "monogr"), None)
    series = next((c for c in bibl if _local(c.tag) == "series"), None)
    raw_note = next((n for n in _children(bibl, "note", type="raw_reference")), None)
    raw = _text(raw_note) or raw
    fields = {}
    if analytic is not None:
        fields["title"] = _title(analytic, "a")
        fields["venue"] = _title(monogr, "j", "m")
    else:
        fields["title"] = _title(monogr, "m", "j")
    creators = analytic if analytic is not None and _children(analytic, "author") else monogr
    authors = [p for a in (_children(creators, "author") if creators is not None else [])
               for p in _persons(a)]
    editors = [p for e in (_children(monogr, "editor") if monogr is not None else [])
               for p in _persons(e)]
    if authors:
        fields["author"] = names_field(authors, raw)
    if editors:
        fields["editor"] = names_field(editors, raw)
    for date in _children(bibl, "date"):
        fields.setdefault("year", _text(date) or date.get("when", ""))
    for scope in _children(bibl, "biblScope"):
        unit = {"page": "pages", "volume": "volume", "issue": "issue"}.get(scope.get("unit"))
        if unit == "pages" and not _text(scope) and scope.get("from"):
            value = "-".join(filter(None, (scope.get("from"), scope.get("to"))))
        else:
            value = _text(scope)
        if unit and value:
            fields.setdefault(unit, value)
    for name, label in (("publisher", "publisher"), ("pubPlace", "location")):
        found = _children(bibl, name)
        if found:
            fields[label] = _text(found[0])
    for idno in _children(bibl, "idno"):
        label = {"doi": "doi", "isbn": "isbn", "url": "url"}.get((idno.get("type") or "").lower())
        if label:
            fields.setdefault(label, _text(idno))
    for pointer in _children(bibl, "ptr"):
        if pointer.get("target"):
            fields.setdefault("url", pointer.get("target"))
    if series is not None:
        fields["series"] = _title(series, "s", "m", "j") or _text(series)
    report_type = _children(bibl, "note", type="report_type")
    if report_type:
        fields["genre"] = _text(report_type[0])
    return _prediction(raw, {label: value for label, value in fields.items() if value}, "grobid")


def from_grobid_tei(path, raws: list[str]) -> list[dict]:
    """Every reference <biblStruct> of a GROBID TEI file (those in <listBibl> when there is
    one, so a full-text document's own header is left out), in document order."""
    root = ElementTree.parse(path).getroot()
    lists = _children(root, "listBibl")
    bibls = ([b for bibl_list in lists for b in _children(bibl_list, "biblStruct")]
             if lists else _children(root, "biblStruct"))
    return [from_grobid_bibl(bibl, raws[i] if i < len(raws) else "")
            for i, bibl in enumerate(bibls)]


def _prediction(raw: str, fields: dict, engine: str) -> dict:
    prediction = {"fields": fields, "engine": engine}
    if raw:
        prediction = {"raw": raw, **prediction}
    return prediction


# --- command line -----------------------------------------------------------------------------

def read_raw_lines(path) -> list[str]:
    """References one a line, blank lines skipped (as AnyStyle's parse reads them)."""
    if not path:
        return []
    return [line.strip() for line in Path(path).read_text(encoding="utf-8").splitlines()
            if line.strip()]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("kind", choices=("anystyle-json", "anystyle-xml", "grobid-tei"))
    parser.add_argument("input", help="the other tool's output file")
    parser.add_argument("--raw", help="the references given to the tool, one a line")
    parser.add_argument("-o", "--output", help="predictions .jsonl (default: stdout)")
    args = parser.parse_args(argv)
    try:
        raws = read_raw_lines(args.raw)
        if args.kind == "anystyle-json":
            items = json.loads(Path(args.input).read_text(encoding="utf-8"))
            predictions = from_anystyle_json(items, raws)
        elif args.kind == "anystyle-xml":
            predictions = from_anystyle_xml(args.input)
        else:
            predictions = from_grobid_tei(args.input, raws)
    except (OSError, ValueError, ElementTree.ParseError) as error:
        print(f"convert_predictions: {error}", file=sys.stderr)
        return 1
    if raws and len(raws) != len(predictions):
        print(f"convert_predictions: warning: {len(predictions)} predictions but {len(raws)} "
              "raw references; pairing by position will be off", file=sys.stderr)
    lines = "".join(json.dumps(p, ensure_ascii=False) + "\n" for p in predictions)
    if args.output:
        Path(args.output).write_text(lines, encoding="utf-8")
    else:
        sys.stdout.write(lines)
    return 0


if __name__ == "__main__":
    sys.exit(main())
