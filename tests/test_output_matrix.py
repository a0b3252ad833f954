"""Every input × every output format × every engine, each output read back by a reader that is
not ours: bibtexparser for BibTeX, rispy for RIS, the CSL-JSON schema (tests/fixtures) with
jsonschema, xml.etree for the tagged XML, json for JSON and JSON Lines.

Inputs: one reference, references one a line (with a junk line and a blank one), a pasted list,
whole texts, the fixture PDFs of data/finder/pdf and the real papers of
../shared/data/real-pdf-dev (skipped when ../shared is absent); then the three API routes
(Starlette's TestClient) beside the CLI. Each input is parsed once per engine and every format
is written from those records, so the whole matrix stays quick.

What must hold: no record lost or reordered; every record in the JSON formats (and, with its
tokens, in the XML), a PDF's with its `pdf_page` beside the page range `page`; in BibTeX, RIS
and CSL-JSON an entry for each record but those that failed or are no reference (said on
stderr, in the API's Reftag-Skipped header and in a BibTeX comment), never an empty entry; and
the core fields (title, authors, year, venue, pages, DOI, volume, issue) read back as the
JSON record has them.
"""

import ast
import functools
import io
import json
import re
import unicodedata
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

import tagger
from tagger.output import formats, view
from tagger.output.keys import RESERVED_KEYS, STRUCTURED_KEYS
from tagger.output.reference import Reference
from tests.cli_helpers import reftag

bibtexparser = pytest.importorskip("bibtexparser")
rispy = pytest.importorskip("rispy", reason="the test extra is not installed")
jsonschema = pytest.importorskip("jsonschema")
from bibtexparser.middlewares.names import (  # noqa: E402
    parse_single_name_into_parts, split_multiple_persons_names)
from pylatexenc.latex2text import LatexNodes2Text  # noqa: E402  (bibtexparser's own dependency)

REPO = Path(__file__).resolve().parent.parent
TAGGER = REPO / "tagger"
FIXTURE_PDFS = sorted((REPO / "data" / "finder" / "pdf").glob("*.pdf"))
REAL_PDF_DEV = REPO.parent / "shared" / "data" / "real-pdf-dev"
REAL_PDFS = sorted(REAL_PDF_DEV.glob("*.pdf"))
CSL_SCHEMA = json.loads((REPO / "tests" / "fixtures" / "csl-data.json").read_text("utf-8"))

ENGINES = ("auto", "crf", "rules")
TEXT = "text"  # the terminal view
ALL_FORMATS = formats.FORMATS + (TEXT,)

ONE = ("Romero J, Yin JQ, Laanait N, et al. Accelerating collective communication in data "
       "parallel training across deep learning frameworks. In: Proc. of the 19th USENIX Symp. "
       "on Networked Systems Design and Implementation. Renton: USENIX, 2022. 1027–1040.")
JUNK = "lorem ipsum 42 !!!"
LINES = (REPO / "examples" / "references.txt").read_text("utf-8").splitlines()
LINES[3:3] = [JUNK, ""]  # not a reference, and a blank line: an error record
TEXTS = {"list": "ieee_blank_lines.txt", "text": "chicago_author_date.txt",
         "text-zh": "gbt7714_fullwidth_thesis.txt"}


def _read(name):
    return (REPO / "data" / "finder" / "blind" / name).read_text("utf-8")


def input_names():
    names = ["one", "lines", *TEXTS]
    names += [f"pdf:{path.name}" for path in FIXTURE_PDFS]
    names += [pytest.param(f"real:{path.name}", marks=pytest.mark.skipif(
        not REAL_PDFS, reason="../shared/data/real-pdf-dev is absent")) for path in REAL_PDFS]
    return names


@functools.cache
def records(name: str, engine: str) -> tuple:
    """The records of one input, parsed once per engine (every format is written from them)."""
    if name == "one":
        return (tagger.parse(ONE, engine=engine),)
    if name == "lines":
        return tuple(tagger.parse_many(LINES, engine=engine))
    if name in TEXTS:
        return tuple(tagger.find(_read(TEXTS[name]), engine=engine))
    kind, _, file = name.partition(":")
    folder = REAL_PDF_DEV if kind == "real" else REPO / "data" / "finder" / "pdf"
    return tuple(tagger.find(folder / file, engine=engine))


def rendered(refs, fmt: str) -> tuple[str, list]:
    """(the document, the records it said it left out) as `reftag` writes them."""
    stream, skipped = io.StringIO(), []
    if fmt == TEXT:
        view.write(refs, stream)
    else:
        formats.write(iter(refs), fmt, stream, skipped=skipped.append)
    return stream.getvalue(), skipped


# ---------------------------------------------------------------------------------------------
# What the JSON record says, and what each reader reads back, in the same shape

def norm(text) -> str:
    """Letters and digits only, case-folded: what must survive any format's escaping."""
    text = unicodedata.normalize("NFKC", str(text or "")).casefold()
    return "".join(char for char in text if char.isalnum())


def filled(refs) -> list:
    """The records' JSON as the bibliographic formats read it: a "———." stands for the
    authors before it (docs/guide.md)."""
    out, previous = [], []
    for ref in refs:
        record = json.loads(json.dumps(ref.to_dict()))
        if not record["authors"] and record.get("authors_same_as_previous"):
            record["authors"] = previous
        previous = record["authors"]
        out.append(record)
    return out


def expected(record: dict) -> dict:
    """The core values of a JSON record, in the shape `read_*` give them."""
    issued, page = record.get("issued") or {}, record.get("page") or {}
    return {
        "title": norm(record["fields"].get("title")),
        "venue": norm(record["fields"].get("venue")),
        "authors": [norm(" ".join(filter(None, (person.get("particle"), person.get("family"))))
                         or person.get("literal") or person.get("given"))
                    for person in record["authors"]],
        "year": str(issued.get("year", "")), "first": page.get("first", ""),
        "last": page.get("last", ""), "doi": (record.get("doi") or "").lower(),
        "volume": record.get("volume", ""), "issue": record.get("issue", ""),
    }


LATEX = LatexNodes2Text()


def read_bibtex(text: str) -> tuple[list, list]:
    """(entries as expected() shapes them, the `%` comments) by bibtexparser."""
    library = bibtexparser.parse_string(text)
    assert not library.failed_blocks, library.failed_blocks
    assert len({entry.key for entry in library.entries}) == len(library.entries)
    entries = []
    for entry in library.entries:
        fields = {field.key: field.value for field in entry.fields}
        assert fields, f"an empty entry: {entry.key}"
        decoded = {key: LATEX.latex_to_text(value) for key, value in fields.items()}
        pages = fields.get("pages", "").split("--")
        names = []
        for name in split_multiple_persons_names(fields.get("author", "")):
            parts = parse_single_name_into_parts(name)
            if name != "others":
                names.append(norm(LATEX.latex_to_text(" ".join(parts.von + parts.last))))
        entries.append({
            "title": norm(decoded.get("title")), "authors": names,
            "venue": norm(decoded.get("journal") or decoded.get("booktitle")
                          or decoded.get("howpublished")),
            "year": decoded.get("year", "")[:4] if decoded.get("year", "")[:4].isdigit() else "",
            "first": pages[0], "last": pages[1] if len(pages) > 1 else "",
            "doi": fields.get("doi", "").lower(), "volume": decoded.get("volume", ""),
            "issue": decoded.get("number", "")})
    comments = [block.comment for block in library.comments]
    return entries, comments


def read_ris(text: str) -> list:
    entries = []
    for entry in rispy.loads(text) if text.strip() else []:
        assert set(entry) - {"type_of_reference"}, f"an empty record: {entry}"
        entries.append({
            "title": norm(entry.get("title")), "venue": norm(entry.get("secondary_title")),
            "authors": [norm(name.split(", ")[0]) for name in entry.get("authors", [])],
            "year": entry.get("year", ""), "first": entry.get("start_page", ""),
            "last": entry.get("end_page", ""), "doi": entry.get("doi", "").lower(),
            "volume": entry.get("volume", ""), "issue": entry.get("number", "")})
    return entries


def read_csl(text: str) -> list:
    items = json.loads(text)
    jsonschema.validate(items, CSL_SCHEMA)
    entries = []
    for item in items:
        assert set(item) - {"id", "type"}, f"an empty item: {item}"
        first = str(item.get("page-first", ""))
        page = str(item.get("page", ""))
        entries.append({
            "title": norm(item.get("title")), "venue": norm(item.get("container-title")),
            "authors": [norm(" ".join(filter(None, (name.get("non-dropping-particle"),
                                                     name.get("family"))))
                             or name.get("literal") or name.get("given"))
                        for name in item.get("author", [])],
            "year": str(((item.get("issued") or {}).get("date-parts") or [[""]])[0][0]),
            "first": first, "last": page[len(first) + 1:] if page.startswith(first) else "",
            "doi": item.get("DOI", "").lower(), "volume": item.get("volume", ""),
            "issue": item.get("issue", "")})
    return entries


READERS = {"csl": read_csl, "ris": read_ris, "bibtex": lambda text: read_bibtex(text)[0]}


def same_text(read: str, given: str) -> bool:
    """A title or venue as read back against the field it came from: the same letters and
    digits in order, less the few the writer takes away by design (a GB/T "[J]", an "In:")."""
    rest = iter(given)
    return all(char in rest for char in read) and len(read) >= len(given) - 5


def check_entry(read: dict, want: dict, where: str) -> None:
    if want["title"]:
        assert same_text(read["title"], want["title"]), (where, read["title"], want["title"])
    if want["venue"]:
        assert same_text(read["venue"], want["venue"]), (where, read["venue"], want["venue"])
    assert read["authors"] == [name for name in want["authors"] if name], (where, read, want)
    for key in ("year", "first", "last", "doi", "volume", "issue"):
        assert read[key] == want[key], (where, key, read[key], want[key])


def left_out(record: dict) -> bool:
    return "error" in record or bool(record.get("not_reference"))


def check_bibliographic(refs, fmt: str, name: str) -> None:
    text, skipped = rendered(refs, fmt)
    records = filled(refs)
    numbers = [item.number for item in skipped]
    must = [number for number, record in enumerate(records, 1) if left_out(record)]
    assert set(must) <= set(numbers), (must, numbers)
    for item in skipped:  # any other left out holds nothing the format can write
        assert item.number in must or item.why == "empty", item
        if item.why == "empty":
            assert not expected(records[item.number - 1])["title"], item
    kept = [record for number, record in enumerate(records, 1) if number not in numbers]
    entries = READERS[fmt](text)
    assert len(entries) == len(kept), (len(entries), len(kept))  # none lost, none added
    for number, (read, record) in enumerate(zip(entries, kept), 1):  # in order
        check_entry(read, expected(record), f"{name} {fmt} entry {number}: {record['raw'][:80]}")
    if fmt == "bibtex":
        lines = [line for comment in read_bibtex(text)[1] for line in comment.splitlines()
                 if line.strip()]
        assert lines == [f"% reftag: {item}" for item in skipped]  # each said where it was


# ---------------------------------------------------------------------------------------------
# The other formats

def check_json(refs, fmt: str) -> None:
    text, skipped = rendered(refs, fmt)
    data = json.loads(text) if fmt == "json" else [json.loads(line) for line in text.splitlines()]
    assert data == [json.loads(json.dumps(ref.to_dict())) for ref in refs]  # all, in order
    assert not skipped
    for record in data:
        assert isinstance(record["raw"], str) and isinstance(record["fields"], dict)
        assert "page" not in record or isinstance(record["page"], dict)  # the page range


def check_xml(refs) -> None:
    text, _ = rendered(refs, "xml")
    root = ElementTree.fromstring(text.encode("utf-8"))
    sequences = root.findall("sequence")
    with_tokens = [ref for ref in refs if ref.tokens]  # a failed record has none to tag
    assert len(sequences) == len(with_tokens)
    for sequence, ref in zip(sequences, with_tokens):
        assert norm("".join(sequence.itertext())) == norm(ref.raw)  # in order, none cut
        assert (sequence.get("not_reference") == "true") == ref.not_reference
        labelled = {element.tag for element in sequence.iter()} - {"sequence"}
        assert labelled, ref.raw


def check_view(refs) -> None:
    text, _ = rendered(refs, TEXT)
    blocks = text.split("\n\n")
    assert len(blocks) == len(refs)
    for number, (block, ref) in enumerate(zip(blocks, refs), 1):
        head, *lines = block.splitlines()
        assert head.startswith(f"[{number}] ")
        assert ("(not a reference?)" in head) == (ref.not_reference and ref.error is None)
        if "pdf_page" in ref.extra and ref.error is None:
            assert f" · page {ref.extra['pdf_page']} · " in head
        for label, value in ref.fields.items():
            assert any(line[4:].startswith(label.ljust(view.LABEL_WIDTH) + view.printable(value))
                       for line in lines), (label, value)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("name", input_names())
@pytest.mark.parametrize("fmt", ALL_FORMATS)
def test_every_format_reads_back(fmt, name, engine):
    refs = records(name, engine)
    assert refs, f"{name}: nothing found"
    if fmt in formats.BIBLIOGRAPHIC:
        check_bibliographic(refs, fmt, name)
    elif fmt in ("json", "jsonl"):
        check_json(refs, fmt)
    elif fmt == "xml":
        check_xml(refs)
    else:
        check_view(refs)


@pytest.mark.parametrize("engine", ENGINES)
def test_the_inputs_hold_what_the_matrix_tests(engine):
    """The matrix would prove little without a junk line, a failed line and PDF pages."""
    lines = records("lines", engine)
    assert len(lines) == len(LINES)
    assert lines[3].not_reference and lines[4].error == "empty reference"
    assert sum(ref.not_reference for ref in lines) == 1
    for path in FIXTURE_PDFS:
        refs = records(f"pdf:{path.name}", engine)
        assert all(isinstance(ref.to_dict()["pdf_page"], int) for ref in refs)
        assert any(isinstance(ref.to_dict().get("page"), dict) for ref in refs)


# ---------------------------------------------------------------------------------------------
# A PDF straight to BibTeX: the most common thing a user does

@pytest.mark.skipif(not REAL_PDFS, reason="../shared/data/real-pdf-dev is absent")
def test_every_real_paper_goes_to_bibtex_whole():
    """Each paper's references, found in the PDF, all come back from bibtexparser with their
    core fields: 378 in the ten papers today."""
    total = 0
    for path in REAL_PDFS:
        refs = records(f"real:{path.name}", "auto")
        text, skipped = rendered(refs, "bibtex")
        entries, comments = read_bibtex(text)
        assert not skipped and not comments, (path.name, skipped)
        assert len(entries) == len(refs)
        for read, record in zip(entries, filled(refs)):
            check_entry(read, expected(record), f"{path.name}: {record['raw'][:80]}")
        total += len(entries)
    gold = (REAL_PDF_DEV / "gold.jsonl").read_text("utf-8").splitlines()
    assert total == len(gold)  # every printed reference found, and every one written


def test_a_pdf_to_bibtex_through_the_cli_and_the_library():
    """The issue as the user met it: `reftag find paper.pdf -f bibtex` and to_bibtex()."""
    path = REPO / "data" / "finder" / "pdf" / "ieee_two_column.pdf"
    code, out, err = reftag("find", str(path), "-f", "bibtex")
    assert code == 0 and not err, err
    entries, _ = read_bibtex(out)
    refs = records(f"pdf:{path.name}", "auto")
    assert len(entries) == len(refs) == 18
    assert refs[0].to_bibtex() == read_one(out)
    assert entries[0]["first"] == "1027" and entries[0]["last"] == "1040"
    record = json.loads(reftag("find", str(path), "-f", "jsonl")[1].splitlines()[0])
    assert record["pdf_page"] == 2 and record["page"] == {"first": "1027", "last": "1040"}


def read_one(bibtex: str) -> str:
    return bibtex.split("\n\n")[0] + "\n"


# ---------------------------------------------------------------------------------------------
# Not a reference, through the CLI and the library

def test_a_junk_line_is_no_entry_and_is_said_so():
    stdin = f"{JUNK}\n{ONE}\n".encode()
    code, out, err = reftag("parse", "-f", "bibtex", stdin=stdin)
    assert code == 0
    assert out.startswith(f"% reftag: record 1 is not a reference; no entry written: {JUNK}\n")
    assert "@misc" not in out and len(read_bibtex(out)[0]) == 1
    assert err == f"reftag: bibtex: record 1 is not a reference; no entry written: {JUNK}\n"
    for fmt, count in (("ris", 1), ("csl", 1)):
        code, out, err = reftag("parse", "-f", fmt, stdin=stdin)
        assert len(READERS[fmt](out)) == count and "TY  - GEN" not in out
        assert err.startswith(f"reftag: {fmt}: record 1 is not a reference")
    code, out, err = reftag("parse", "-f", "jsonl", stdin=stdin)
    assert json.loads(out.splitlines()[0])["not_reference"] is True and not err


def test_the_library_says_so_too():
    junk, good = tagger.parse(JUNK), tagger.parse(ONE)
    assert junk.not_reference and not good.not_reference
    assert junk.to_bibtex() == f"% reftag: record 1 is not a reference; no entry written: {JUNK}\n"
    assert junk.to_csl() is None and good.to_csl()["title"].startswith("Accelerating")
    assert good.to_bibtex().startswith("@inproceedings{romero2022accelerating,")
    failed = Reference(raw="", error="empty reference")
    assert failed.to_csl() is None and failed.to_bibtex().startswith("% reftag: record 1 failed")
    assert formats.to_ris([junk, good, failed]).count("ER  - ") == 1


# ---------------------------------------------------------------------------------------------
# pdf_page: no added key takes a structured field's name

def test_an_added_key_cannot_take_a_structured_fields_name():
    ref = tagger.parse(ONE)
    ref.annotate(start=0, end=10, pdf_page=3)
    assert ref.to_dict()["pdf_page"] == 3 and ref.to_dict()["page"]["first"] == "1027"
    for name in ("page", "doi", "issued", "raw", "fields", "not_reference"):
        with pytest.raises(ValueError, match=name):
            ref.annotate(**{name: 1})
    assert ref.to_dict()["page"] == {"first": "1027", "last": "1040"}
    assert "page" in STRUCTURED_KEYS and "pdf_page" not in RESERVED_KEYS


def test_parse_puts_no_key_the_names_do_not_know():
    """keys.py lists every structured value: whatever parse puts in a record is in it."""
    known = RESERVED_KEYS | {"start", "end", "pdf_page"}
    for name in ("lines", "text", "list"):
        for ref in records(name, "auto"):
            assert set(ref.to_dict()) <= known, set(ref.to_dict()) - known


def extra_writes(path: Path) -> list:
    """Lines of `path` that write into a Reference's `extra` after it is made: an item
    assignment (`x.extra[key] = ...`) or update/setdefault on it."""
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, ast.AugAssign) else []
        for target in targets:
            for item in (target.elts if isinstance(target, ast.Tuple) else [target]):
                if isinstance(item, ast.Subscript) and isinstance(item.value, ast.Attribute) \
                        and item.value.attr == "extra":
                    found.append(node.lineno)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in ("update", "setdefault", "__setitem__") \
                and isinstance(node.func.value, ast.Attribute) and node.func.value.attr == "extra":
            found.append(node.lineno)
    return found


def test_every_key_added_to_a_record_goes_through_annotate():
    """Reference.annotate is the one door for keys added to a made record, so the check of
    their names cannot be walked around."""
    writes = {path.relative_to(REPO).as_posix(): extra_writes(path)
              for path in sorted(TAGGER.rglob("*.py"))}
    writes = {path: lines for path, lines in writes.items() if lines}
    assert writes == {"tagger/output/reference.py": writes.get("tagger/output/reference.py")}
    assert extra_writes(REPO / "tagger" / "output" / "reference.py")  # the door itself


# ---------------------------------------------------------------------------------------------
# The API gives the CLI's documents

ROUTES = {"parse": ("/api/parse", "text/plain"), "find-text": ("/api/find", "text/plain"),
          "find-pdf": ("/api/find", "application/pdf")}


@functools.cache
def api_client(engine: str):
    pytest.importorskip("starlette")
    testclient = pytest.importorskip("starlette.testclient", exc_type=RuntimeError)
    from tagger.serve.app import create_app
    from tagger.serve.service import Config

    return testclient.TestClient(create_app(Config(engine=engine)))


def route_input(route: str):
    """(the body, the same input as the CLI reads it: its arguments and standard input)."""
    if route == "parse":
        body = ("\n".join(LINES) + "\n").encode()
        return body, ("parse", "-"), body
    if route == "find-text":
        body = _read(TEXTS["text"]).encode()
        return body, ("find", "-"), body
    path = REPO / "data" / "finder" / "pdf" / "ieee_two_column.pdf"
    return path.read_bytes(), ("find", str(path)), b""


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("fmt", formats.FORMATS)
def test_the_api_gives_the_clis_document(fmt, route, engine):
    path, media_type = ROUTES[route]
    body, argv, stdin = route_input(route)
    response = api_client(engine).post(f"{path}?format={fmt}", content=body,
                                       headers={"content-type": media_type})
    assert response.status_code == 200, response.text
    code, out, err = reftag(*argv, "-f", fmt, "--engine", engine, stdin=stdin)
    assert response.text == out
    said = [line for line in err.splitlines() if line.startswith(f"reftag: {fmt}: record ")]
    header = response.headers.get("reftag-skipped")
    numbers = [int(item.split()[0]) for item in header.split(", ")] if header else []
    assert numbers == [int(re.match(r"reftag: \w+: record (\d+)", line).group(1))
                       for line in said]
    if route == "parse" and fmt in formats.BIBLIOGRAPHIC:
        assert header == "4 not_reference, 5 error"


def test_a_pdf_record_sent_back_for_relabelling_keeps_its_pdf_page():
    client = api_client("auto")
    pdf = (REPO / "data" / "finder" / "pdf" / "ieee_two_column.pdf").read_bytes()
    found = client.post("/api/find", content=pdf,
                        headers={"content-type": "application/pdf"}).json()
    back = client.post("/api/relabel", json=found[:3]).json()
    assert [record["pdf_page"] for record in back] == [record["pdf_page"] for record in found[:3]]
    assert [record["page"] for record in back] == [record["page"] for record in found[:3]]
    bibtex = client.post("/api/relabel?format=bibtex", json=found[:3]).text
    assert len(read_bibtex(bibtex)[0]) == 3
