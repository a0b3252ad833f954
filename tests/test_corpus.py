"""Corpora in and out: AnyStyle XML ⇄ records ⇄ JSONL, the volume/issue split, clear errors."""

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagger.corpora.corpus import (
    CorpusError,
    check_record,
    load,
    normalized_key,
    read_anystyle_xml,
    read_conll,
    read_jsonl,
    split_volume,
    write_anystyle_xml,
    write_jsonl,
)
from tagger.labels import LABELS
from training.corpora.convert import convert

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "data"
ANYSTYLE = REPO.parent / "shared" / "data" / "anystyle"
TRAINING_FILES = ["core", "good", "ugly", "bad"]


def xml(*sequences: str) -> str:
    body = "".join(f"<sequence>{sequence}</sequence>\n" for sequence in sequences)
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<dataset>\n{body}</dataset>\n'


def field_texts(record) -> list[tuple[str, str]]:
    return [(label, record["text"][start:end]) for start, end, label in record["spans"]]


# --- reading AnyStyle XML ------------------------------------------------------------------

def test_read_joins_elements_with_one_space_and_maps_labels():
    [record] = read_anystyle_xml(xml(
        "<author>Solon,\n   G.</author>\n <date>(1999).</date><journal>  J. Econ.  </journal>"
        "<collection-title>Series</collection-title><medium>CD</medium>"))
    assert record["text"] == "Solon, G. (1999). J. Econ. Series CD"
    assert field_texts(record) == [("author", "Solon, G."), ("year", "(1999)."),
                                   ("venue", "J. Econ."), ("series", "Series"), ("note", "CD")]


def test_read_unescapes_entities_and_numbers_ids():
    records = read_anystyle_xml(xml("<author>A &amp; B</author>", "<title>&lt;i&gt;</title>"),
                                id_prefix="anystyle-core")
    assert [r["text"] for r in records] == ["A & B", "<i>"]
    assert [r["id"] for r in records] == ["anystyle-core-0001", "anystyle-core-0002"]


def test_read_from_a_path_uses_the_file_stem_for_ids(tmp_path):
    path = tmp_path / "mine.xml"
    path.write_text(xml("<title>T</title>", "", "<title>U</title>"), encoding="utf-8")
    assert [r["id"] for r in read_anystyle_xml(path)] == ["mine-0001", "mine-0003"]
    assert load(path) == read_anystyle_xml(path)


# --- volume / issue split -------------------------------------------------------------------

@pytest.mark.parametrize("text, parts", [
    ("106(3),", [("106", "volume"), ("(3),", "issue")]),
    ("77 (1),", [("77", "volume"), ("(1),", "issue")]),
    ("41(5)", [("41", "volume"), ("(5)", "issue")]),
    ("1(1 & 2),", [("1", "volume"), ("(1 & 2),", "issue")]),
    ("Vol. 9, No. 2,", [("Vol. 9,", "volume"), ("No. 2,", "issue")]),
    ("vol. 12, no 3,", [("vol. 12,", "volume"), ("no 3,", "issue")]),
    ("v.13 n.4,", [("v.13", "volume"), ("n.4,", "issue")]),
    ("Vol. 5(4),", [("Vol. 5", "volume"), ("(4),", "issue")]),
    ("Vol. XV, No. 3", [("Vol. XV,", "volume"), ("No. 3", "issue")]),
    ("Vol. 47, Iss. 4,", [("Vol. 47,", "volume"), ("Iss. 4,", "issue")]),
    ("16. Jg. H.2. ,", [("16. Jg.", "volume"), ("H.2. ,", "issue")]),
    ("22. Jg. Heft 3,", [("22. Jg.", "volume"), ("Heft 3,", "issue")]),
    ("n° 54, vol. 1,", [("n° 54,", "issue"), ("vol. 1,", "volume")]),
    ("no. 4", [("no. 4", "issue")]),
    ("No. 134, Part 3,", [("No. 134, Part 3,", "issue")]),
    ("n°9.", [("n°9.", "issue")]),
    ("Heft 4,", [("Heft 4,", "issue")]),
    ("H. 2", [("H. 2", "issue")]),
    ("(Suppl 1),", [("(Suppl 1),", "issue")]),
    ("175(7):4769–76,", [("175", "volume"), ("(7):", "issue"), ("4769–76,", "pages")]),
    ("81(4):044005,", [("81", "volume"), ("(4):", "issue"), ("044005,", "pages")]),
    ("51:197–204.", [("51:", "volume"), ("197–204.", "pages")]),
    ("2012;30(15):", [("2012;", "year"), ("30", "volume"), ("(15):", "issue")]),
    ("2002;11:", [("2002;", "year"), ("11:", "volume")]),
    ("36, 3", [("36,", "volume"), ("3", "issue")]),
    ("33:3:", [("33:", "volume"), ("3:", "issue")]),
    ("61: 4,", [("61:", "volume"), ("4,", "issue")]),
    ("40.1", [("40.", "volume"), ("1", "issue")]),
    ("45/4", [("45/", "volume"), ("4", "issue")]),
    ("XIV:4", [("XIV:", "volume"), ("4", "issue")]),
    ("第37卷第1期", [("第37卷", "volume"), ("第1期", "issue")]),
    ("第9期", [("第9期", "issue")]),
    ("제24권 제10호,", [("제24권", "volume"), ("제10호,", "issue")]),
    # shapes left whole
    ("106,", [("106,", "volume")]),
    ("Vol. 9,", [("Vol. 9,", "volume")]),
    ("V. 24", [("V. 24", "volume")]),
    ("2 vols.", [("2 vols.", "volume")]),
    ("45-3,", [("45-3,", "volume")]),
    ("vols. 19–21.", [("vols. 19–21.", "volume")]),
    ("(Vol. 1),", [("(Vol. 1),", "volume")]),
    ("Volume 1 1913-1926.", [("Volume 1 1913-1926.", "volume")]),
    ("2/1976,", [("2/1976,", "volume")]),
])
def test_split_volume(text, parts):
    assert [(text[start:end], label) for start, end, label in split_volume(text)] == parts


def test_volume_elements_are_split_inside_the_record():
    [record] = read_anystyle_xml(xml(
        "<journal>Nature,</journal><volume>2000;355(9222):</volume><pages>2220-1.</pages>"))
    assert record["text"] == "Nature, 2000;355(9222): 2220-1."
    assert field_texts(record) == [("venue", "Nature,"), ("year", "2000;"), ("volume", "355"),
                                   ("issue", "(9222):"), ("pages", "2220-1.")]


# --- writing AnyStyle XML and round trips -----------------------------------------------------

def character_labels(record) -> list:
    """Each character's label (None outside every span), white space left out: adjacent
    spans of one label read back as one."""
    labels = [None] * len(record["text"])
    for start, end, label in record["spans"]:
        labels[start:end] = [label] * (end - start)
    return [label for char, label in zip(record["text"], labels) if not char.isspace()]


def round_trip(records):
    return read_anystyle_xml(write_anystyle_xml(records))


def spans_of(text: str, *fields: tuple[str, str]) -> list[list]:
    """Spans for (label, substring) pairs found left to right in text."""
    spans, position = [], 0
    for label, value in fields:
        start = text.index(value, position)
        position = start + len(value)
        spans.append([start, position, label])
    return spans


def test_write_uses_anystyle_elements_and_escapes():
    text = 'A & B <c> "d" (2001). Nature 12(3)'
    record = {"id": "r1", "text": text,
              "spans": spans_of(text, ("author", 'A & B <c> "d"'), ("year", "(2001)."),
                                ("venue", "Nature"), ("volume", "12"), ("issue", "(3)"))}
    out = write_anystyle_xml([record])
    assert '<sequence id="r1">' in out
    assert "<author>A &amp; B &lt;c&gt; \"d\"</author>" in out
    assert "<date>(2001).</date>" in out and "<container-title>Nature</container-title>" in out
    assert "<volume>12(3)</volume>" in out  # glued to its volume: AnyStyle labels whole words
    assert round_trip([record]) == [record]


def test_labels_inside_a_word_are_elements_inside_it_and_read_back():
    """The model's genre "[J]" glued to a Chinese title, and the numbers of a glued tail: each
    part keeps its label, as the JSONL spans do (issue 47)."""
    text = "何凯明. 深度残差学习[J]. 计算机学报, 2016,8(3):1-5. Phys.Rev.Lett.13,508(1964)"
    record = {"id": "z", "text": text, "spans": spans_of(
        text, ("author", "何凯明."), ("title", "深度残差学习"), ("genre", "[J]."),
        ("venue", "计算机学报,"), ("year", "2016,"), ("volume", "8"), ("issue", "(3):"),
        ("pages", "1-5."), ("venue", "Phys.Rev.Lett."), ("volume", "13"), ("pages", "508"),
        ("year", "1964"))}
    out = write_anystyle_xml([record])
    assert "<title>深度残差学习<genre>[J].</genre></title>" in out
    # a word with a volume or issue in it is AnyStyle's `volume`; the next such word joins it
    assert ("<volume><date>2016,</date>8<issue>(3):</issue><pages>1-5.</pages> "
            "<container-title>Phys.Rev.Lett.</container-title>13,<pages>508(</pages>"
            "<date>1964)</date></volume>") in out
    [back] = round_trip([record])
    assert back["text"] == text
    # unlabelled punctuation inside a word joins the part before it, as AnyStyle's does
    assert field_texts(back)[-4:] == [("venue", "Phys.Rev.Lett."), ("volume", "13,"),
                                      ("pages", "508("), ("year", "1964)")]
    assert back["spans"][:-4] == record["spans"][:-4]


def test_a_word_of_a_volume_that_anystyles_cut_would_change_is_marked():
    text = "Math. No. 41 (1972)"
    record = {"id": "v", "text": text,
              "spans": spans_of(text, ("venue", "Math."), ("volume", "No. 41"), ("year", "(1972)"))}
    out = write_anystyle_xml([record])
    assert "<volume><volume>No. 41</volume></volume>" in out  # read plainly, it would be an issue
    assert round_trip([record]) == [record]


def test_write_attaches_unlabelled_punctuation_to_the_neighbouring_element():
    text = "Smith, J. (2001). Title. - Venue, 12, 1-9."
    record = {"id": "x", "text": text,
              "spans": spans_of(text, ("author", "Smith, J"), ("year", "2001"),
                                ("title", "Title"), ("venue", "Venue"), ("volume", "12"),
                                ("pages", "1-9"))}
    [back] = round_trip([record])
    assert back["text"] == text
    assert field_texts(back) == [("author", "Smith, J."), ("year", "(2001)."),
                                 ("title", "Title."), ("venue", "Venue,"), ("volume", "12,"),
                                 ("pages", "1-9.")]  # the lone "-" stays without a label
    assert "\n    -\n" in write_anystyle_xml([record])


def test_write_keeps_adjacent_spans_of_one_label_apart_and_unlabelled_words_bare():
    record = {"id": "x", "text": "A. B. C.", "spans": [[0, 2, "author"], [3, 5, "author"]]}
    assert round_trip([record])[0]["spans"] == [[0, 2, "author"], [3, 5, "author"]]
    [bare] = round_trip([{"id": "y", "text": "just words", "spans": []}])
    assert bare["text"] == "just words" and bare["spans"] == []


def test_write_replaces_characters_xml_cannot_hold():
    [back] = round_trip([{"id": "x", "text": "bad\x01byte", "spans": [[0, 8, "title"]]}])
    assert back["text"] == "bad\ufffdbyte"


words = st.text(st.characters(blacklist_categories=("Cs", "Cc", "Cn", "Zs", "Zl", "Zp")),
                min_size=1, max_size=6).filter(lambda w: not any(c.isspace() for c in w))
plain_labels = st.sampled_from([label for label in LABELS if label not in ("volume", "issue")])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.lists(words, min_size=1, max_size=3),
                          st.none() | plain_labels), min_size=1, max_size=8))
def test_round_trip_keeps_text_and_labels(chunks):
    """records → XML → records keeps the text and every word's label."""
    text, spans = "", []
    for chunk_words, label in chunks:
        chunk = " ".join(chunk_words)
        start = len(text) + (1 if text else 0)
        text = f"{text} {chunk}" if text else chunk
        if label:
            spans.append([start, start + len(chunk), label])
    [back] = round_trip([{"id": "p", "text": text, "spans": spans}])
    assert back["text"] == " ".join(text.split())
    assert character_labels(back) == character_labels({"text": text, "spans": spans})


@pytest.mark.skipif(not (ANYSTYLE / "core.xml").exists(), reason="AnyStyle corpora not here")
def test_core_xml_round_trips_exactly():
    records = read_anystyle_xml(ANYSTYLE / "core.xml")
    assert round_trip(records) == records


def test_jsonl_and_xml_round_trip_on_converted_core(tmp_path):
    records = read_jsonl(DATA / "core.jsonl")[:300]
    assert round_trip(records) == records
    write_jsonl(records, tmp_path / "out.jsonl")
    assert read_jsonl(tmp_path / "out.jsonl") == records


# --- JSONL, CoNLL, load -----------------------------------------------------------------------

def test_jsonl_reading_sorts_spans_keeps_extra_keys_and_defaults_ids(tmp_path):
    path = tmp_path / "set.jsonl"
    path.write_text('{"text": "ab cd", "spans": [[3, 5, "title"], [0, 2, "author"]], "s": 1}\n'
                    "\n", encoding="utf-8")
    assert read_jsonl(path) == [{"text": "ab cd", "spans": [[0, 2, "author"], [3, 5, "title"]],
                                 "s": 1, "id": "set-0001"}]
    assert load(path) == read_jsonl(path)


def test_jsonl_keeps_unicode_line_separators_inside_a_record(tmp_path):
    """U+0085, U+2028 and U+2029 break lines for str.splitlines(), not for JSON Lines: a
    record holding them is written escaped and read back whole, even when written raw."""
    record = {"id": "a", "text": "Smith\x85J\u2028Title\u2029X", "spans": [[0, 5, "author"]]}
    path = tmp_path / "set.jsonl"
    write_jsonl([record], path)
    assert len(path.read_text(encoding="utf-8").splitlines()) == 1
    assert read_jsonl(path) == [record]
    path.write_text(json.dumps(record, ensure_ascii=False) + "\n", encoding="utf-8")
    assert read_jsonl(path) == [record]


def test_conll_reading(tmp_path):
    path = tmp_path / "refs.conll"
    path.write_text("# a comment\nSmith\tauthor\nJ.\tauthor\n2001\tB-date\n.\tO\n"
                    "Title\tB-title\nHere\tI-title\n\n\nX\tjournal\nY\tB-journal\n",
                    encoding="utf-8")
    first, second = read_conll(path)
    assert first["text"] == "Smith J. 2001 . Title Here"
    assert field_texts(first) == [("author", "Smith J."), ("year", "2001"),
                                  ("title", "Title Here")]
    assert field_texts(second) == [("venue", "X"), ("venue", "Y")]
    assert [first["id"], second["id"]] == ["refs-0001", "refs-0002"]
    assert load(path) == [first, second]
    tsv = tmp_path / "refs.tsv"
    tsv.write_text("Smith author\n", encoding="utf-8")
    assert field_texts(load(tsv)[0]) == [("author", "Smith")]


def test_normalized_key_ignores_case_width_accents_form_and_punctuation():
    assert normalized_key("Ａｂｃ, D.  ﬁ (2001)") == "abcdfi2001"
    assert normalized_key("abc d fi 2001") == "abcdfi2001"
    assert normalized_key("Mário") == normalized_key("Ma\u0301rio")


# --- clear errors -----------------------------------------------------------------------------

@pytest.mark.parametrize("body, message", [
    ("<dataset>\n<sequence>\n<author>A</author>\n<jornal>J</jornal>\n</sequence>\n</dataset>",
     r"bad\.xml:4: unknown element <jornal>"),
    ("<dataset>\n<sequence>\n<author>A</autor>\n</sequence>\n</dataset>",
     r"bad\.xml:3: malformed XML: mismatched tag"),
    ("<dataset>\n<sequence>\n<title>A <i>B</i></title>\n</sequence>\n</dataset>",
     r"bad\.xml:3: unknown element <i>"),
    ("<dataset>\n<sequence>\n<title>A <genre>B<i>C</i></genre></title>\n</sequence>\n</dataset>",
     r"bad\.xml:3: element <i> inside <genre> inside <title>"),
    ("<dataset>\nloose\n<sequence><title>A</title></sequence>\n</dataset>",
     r"bad\.xml:2: text 'loose' outside any <sequence>"),
    ("<references>\n</references>", r"bad\.xml:1: expected <dataset>"),
    ("<dataset>\n<ref/>\n</dataset>", r"bad\.xml:2: expected <sequence>"),
])
def test_xml_errors_name_file_and_line(tmp_path, body, message):
    path = tmp_path / "bad.xml"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(CorpusError, match=message):
        read_anystyle_xml(path)


@pytest.mark.parametrize("line, message", [
    ('{"text": "abc", "spans": [}', r"set\.jsonl:2: bad JSON"),
    ('{"spans": []}', r"set\.jsonl:2: missing key 'text'"),
    ('{"text": "abc"}', r"set\.jsonl:2: missing key 'spans'"),
    ('[1, 2]', r"set\.jsonl:2: expected a JSON object"),
    ('{"text": "abc", "spans": [[0, 9, "title"]]}',
     r"set\.jsonl:2: span \[0, 9, 'title'\] is outside the text"),
    ('{"text": "abc", "spans": [[2, 2, "title"]]}', r"set\.jsonl:2: .* empty"),
    ('{"text": "abc", "spans": [[0, 2, "title"], [1, 3, "year"]]}',
     r"set\.jsonl:2: spans .* overlap"),
    ('{"text": "abc", "spans": [[0, 2, "journal"]]}',
     r"set\.jsonl:2: .* unknown label 'journal'"),
    ('{"text": "abc", "spans": [[0, "2", "title"]]}', r"set\.jsonl:2: span .* is not \[start"),
    ('{"text": 5, "spans": []}', r"set\.jsonl:2: 'text' must be a string"),
])
def test_jsonl_errors_name_file_and_line(tmp_path, line, message):
    path = tmp_path / "set.jsonl"
    path.write_text('{"text": "ok", "spans": []}\n' + line + "\n", encoding="utf-8")
    with pytest.raises(CorpusError, match=message):
        read_jsonl(path)


def test_conll_errors_name_file_and_line(tmp_path):
    path = tmp_path / "refs.conll"
    path.write_text("Smith\tauthor\nJ.\tauthr\n", encoding="utf-8")
    with pytest.raises(CorpusError, match=r"refs\.conll:2: unknown label 'authr'"):
        read_conll(path)
    path.write_text("Smith\tauthor\n\nlonely\n", encoding="utf-8")
    with pytest.raises(CorpusError, match=r"refs\.conll:3: expected token<TAB>label"):
        read_conll(path)


def test_other_file_errors(tmp_path):
    with pytest.raises(CorpusError, match="no such file"):
        load(tmp_path / "missing.jsonl")
    with pytest.raises(CorpusError, match=r"unknown corpus format '\.csv'"):
        load(tmp_path / "set.csv")
    latin = tmp_path / "latin.jsonl"
    latin.write_bytes(b'{"text": "ok", "spans": []}\n{"text": "caf\xe9", "spans": []}\n')
    with pytest.raises(CorpusError, match=r"latin\.jsonl:2: not UTF-8"):
        read_jsonl(latin)
    with pytest.raises(CorpusError, match=r"record 2: missing key 'spans'"):
        write_jsonl([{"text": "a", "spans": []}, {"text": "b"}], tmp_path / "out.jsonl")
    assert check_record({"text": "ab", "spans": [(0, 1, "title")]}, "x")["spans"] == [
        [0, 1, "title"]]


# --- the converter and the shipped data files --------------------------------------------------

def test_convert_removes_gold_references_from_training_sets(tmp_path):
    source, out = tmp_path / "src", tmp_path / "out"
    source.mkdir()
    shared = "<author>Shared, A.</author><title>Same ﬁle.</title>"
    (source / "gold.xml").write_text(xml(shared, "<title>Only gold</title>"), encoding="utf-8")
    (source / "core.xml").write_text(
        xml("<author>SHARED A</author><title>Same file</title>", "<title>Kept</title>"),
        encoding="utf-8")
    for name in ("good", "ugly", "bad"):
        (source / f"{name}.xml").write_text(xml("<title>Kept</title>"), encoding="utf-8")
    lines = []
    counts = convert(source, out, log=lines.append)
    assert counts["gold"] == {"read": 2, "removed": 0, "wrote": 2}
    assert counts["core"] == {"read": 2, "removed": 1, "wrote": 1}
    assert "core.xml: read 2, removed 1 gold duplicates, wrote 1" in lines[1]
    [kept] = read_jsonl(out / "core.jsonl")
    assert kept["id"] == "anystyle-core-0002" and kept["text"] == "Kept"


@pytest.fixture(scope="module")
def shipped():
    return {name: read_jsonl(DATA / f"{name}.jsonl") for name in ["gold", *TRAINING_FILES]}


def test_no_gold_reference_in_the_training_files(shipped):
    gold_keys = {normalized_key(record["text"]) for record in shipped["gold"]}
    assert len(shipped["gold"]) == 1669
    for name in TRAINING_FILES:
        assert shipped[name], name
        assert not [r["id"] for r in shipped[name] if normalized_key(r["text"]) in gold_keys]


def test_shipped_spans_are_inside_the_text_trimmed_and_apart(shipped):
    for records in shipped.values():
        ids = [record["id"] for record in records]
        assert len(set(ids)) == len(ids)
        for record in records:
            text, spans = record["text"], record["spans"]
            assert text == " ".join(text.split())
            for (start, end, label), after in zip(spans, spans[1:] + [[len(text), None, None]]):
                assert 0 <= start < end <= after[0] and label in LABELS
                assert not text[start].isspace() and not text[end - 1].isspace()


def test_shipped_files_are_valid_json_lines():
    for name in ["gold", *TRAINING_FILES]:
        for line in (DATA / f"{name}.jsonl").read_text(encoding="utf-8").splitlines():
            assert set(json.loads(line)) == {"id", "text", "spans"}


CORPORA = sorted(DATA.glob("*.jsonl")) + sorted((DATA / "grobid").glob("*.jsonl"))


@pytest.mark.parametrize("path", CORPORA, ids=lambda path: path.name)
def test_every_corpus_reference_reads_back_from_xml_with_its_labels(path):
    """Tagged XML keeps every label the JSONL keeps, sub-word ones included (issue 47): each
    labelled character reads back with its label, and an unlabelled one gains a label only as
    punctuation glued to a labelled word (AnyStyle's way)."""
    records = read_jsonl(path)
    back = round_trip(records)
    assert [record["text"] for record in back] == [record["text"] for record in records]
    for record, read in zip(records, back):
        before, after = _labels_by_word(record), _labels_by_word(read)
        for word, word_after in zip(before, after):
            if any(word):
                assert [a if b is not None else None for a, b in zip(word_after, word)] == word, \
                    record["id"]
            else:
                assert not any(word_after), record["id"]


def _labels_by_word(record) -> list[list]:
    labels = [None] * len(record["text"])
    for start, end, label in record["spans"]:
        labels[start:end] = [label] * (end - start)
    return [labels[m.start():m.end()] for m in re.finditer(r"\S+", record["text"])]
