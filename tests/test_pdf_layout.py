"""The PDF reader on real engines' output and on pages of real papers (tests/fixtures/pdf,
rebuilt by tests/fixtures/pdf/build.py; the PDFs are committed, so no texlive is needed).

Each failure the reader had on real papers has its page here: justified lines read as runs
of spaces, mathematical italic letters (UTF-16 surrogates) that crashed the run, accents drawn
apart from their letters, a page in bands (a two-column body over a two-column reference
list), reference numbers printed apart from their text, two and three columns, margin line
numbers, an author list or an appendix after the references."""

import json
import re
from pathlib import Path

import pytest

pytest.importorskip("pypdfium2", reason="PDF input needs the pdf extra (pypdfium2)")

from tagger import parse  # noqa: E402
from tagger.evaluate.segmentation import reference_key  # noqa: E402
from tagger.pdf import read_pdf, segment_pdf  # noqa: E402
from tagger.pdf.characters import fold  # noqa: E402

FIXTURES = Path(__file__).parent / "fixtures" / "pdf"


def _paper(name: str):
    data = (FIXTURES / f"{name}.pdf").read_bytes()
    gold = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    return data, gold


def _found(name: str):
    """(found segments, gold records, right: how many found ones are gold, layout)."""
    data, gold = _paper(name)
    found, layout = segment_pdf(data)
    keys = {reference_key(record["text"]) for record in gold}
    right = sum(reference_key(item.raw) in keys for item in found)
    return found, gold, right, layout


TYPESET = ["revtex_prd", "ieee_conference", "elsarticle_lualatex", "acm_sigconf",
           "three_columns", "lineno_manuscript"]


@pytest.mark.parametrize("name", TYPESET)
def test_every_reference_of_a_typeset_paper_is_found_whole(name):
    found, gold, right, _ = _found(name)
    assert right == len(gold), [item.raw[:80] for item in found]
    assert len(found) == len(gold)  # revtex: the collaboration's author list after it is not one
    # in reading order: across columns and pages
    keys = [reference_key(record["text"]) for record in gold]
    assert [reference_key(item.raw) for item in found if reference_key(item.raw) in keys] == keys


def test_what_follows_the_list_is_not_glued_to_its_last_reference():
    found, _, _, layout = _found("revtex_prd")
    last = [item for item in found if "Moreau" in item.raw][0]
    assert last.raw.rstrip().endswith("[hep-th].")
    found, _, _, layout = _found("elsarticle_lualatex")
    assert found[-1].raw.rstrip().endswith("181–213.")
    # the heading after the list is there as evidence: bold, alone on its line
    lines = layout.text.split("\n")
    appendix = [index for index, line in enumerate(lines) if "Appendix A" in line]
    assert appendix and layout.layout[appendix[0]].bold


def test_math_italic_letters_are_letters_and_marks_stay_marks():
    layout = read_pdf(_paper("elsarticle_lualatex")[0])
    assert not re.search("[\ud800-\udfff\U0001d400-\U0001d7ff]", layout.text)
    assert "A. Authorᵃ, B. Writerᵇ" in layout.text
    assert "ᵃMarine Resources Institute" in layout.text
    assert fold("𝑎") == "a" and fold("ﬁ") == "fi" and fold("¹") == "¹" and fold("，") == "，"


def test_a_paper_whose_affiliation_crashed_the_reader_is_read():
    found, gold, right, layout = _found("cut_hindawi_math_italic")
    assert not re.search("[\ud800-\udfff]", layout.text)
    assert right >= len(gold) - 1 and len(found) <= len(gold) + 1
    layout.text.encode("utf-8")  # what crashed the command line before


def test_justified_lines_have_one_space_between_words():
    found, gold, right, layout = _found("cut_pone_justified")
    assert all("  " not in line.text.strip() for line in layout.lines if line is not None)
    assert right == len(gold) == len(found)
    first = parse(found[0].raw).fields
    assert first["year"] == "2000" and first["pages"] == "131–142"
    assert first["author"].startswith("Emerson SB")


def test_accents_drawn_apart_join_their_letters():
    found, gold, right, layout = _found("cut_hindawi_accents")
    assert "Gerber-Schäfer" in layout.text and "protégé" in layout.text
    assert "Barry-Kinsella" in layout.text and "Ludwig," in layout.text  # no letter spacing
    assert right >= len(gold) - 1


def test_a_page_in_bands_reads_each_band_column_by_column():
    layout = read_pdf(_paper("cut_f1000_bands")[0])
    text = layout.text
    order = [text.index(marker) for marker in (
        "Author contributions", "State Recreational Fisheries Advisory Committee",
        "Acknowledgements", "References", "Bishop SDH", "Fabens AJ", "Francis MP, Campana SE",
        "Xiao Y, Brown LP")]
    assert order == sorted(order)
    columns = {entry.column for entry in layout.layout if entry is not None}
    assert columns >= {0, 1}


def test_reference_numbers_printed_apart_stay_with_their_text():
    found, gold, right, _ = _found("cut_mdpi_numbers_apart")
    assert right == len(gold) == len(found)
    assert all(re.match(r"\d+\. [A-Z]", item.raw) for item in found)


def test_bmc_two_column_reference_list():
    found, gold, right, _ = _found("cut_bmc_two_columns")
    assert right >= len(gold) - 1 and len(found) <= len(gold) + 1


def test_margin_line_numbers_are_dropped():
    found, gold, right, layout = _found("lineno_manuscript")
    assert [item.raw.split()[0] for item in found] == [f"{n}." for n in range(1, 9)]
    # no line opens with a number before a reference's number or a sentence's middle
    assert not re.search(r"^\s*\d+ (?:\d+\. |[a-z])", layout.text, re.MULTILINE)
    assert "1 Introduction" in layout.text


def test_three_columns_read_left_to_right():
    layout = read_pdf(_paper("three_columns")[0])
    columns = [entry.column for entry in layout.layout
               if entry is not None and entry.page == 1 and entry.column is not None]
    assert set(columns) == {0, 1, 2}
    assert columns == sorted(columns)


def test_each_text_line_has_its_layout():
    layout = read_pdf(_paper("ieee_conference")[0])
    lines = layout.text.split("\n")
    assert len(layout.layout) == len(lines) == len(layout.lines)
    for text, entry, line in zip(lines, layout.layout, layout.lines):
        assert (entry is None) == (line is None) == (text.strip() == "")
        if entry is not None:
            assert entry.page == line.page and 0 <= entry.x <= 1 and 0 <= entry.y <= 1
            assert entry.indent >= 0 and entry.gap >= 0 and entry.size > 0
    title = [entry for text, entry in zip(lines, layout.layout) if "Finding References" in text]
    assert title and title[0].size > 1.5  # the title is set larger than the body
    assert all(layout.layout[index].furniture for index in layout.furniture)


def test_a_hyphen_at_a_line_end_goes_only_where_the_word_has_none():
    found, _, _, _ = _found("revtex_prd")
    raw = [item.raw for item in found if "Axial" in item.raw][0]
    assert "Axial-\nvector" in raw and "[hep-\nph]" in raw  # the page breaks both there
    fields = parse(raw).fields
    assert fields["title"].startswith("Axial-vector couplings")
    assert "hep-ph" in fields.get("note", "") + fields.get("arxiv", "")
    from tagger.text.normalize import normalize

    for broken, repaired in [("natural mortal-\nity", "natural mortality"),
                             ("doi: 10.1371/jour-\nnal.pone.0047653",
                              "doi: 10.1371/journal.pone.0047653"),
                             ("doi: 10.1007/s10071-\n009-0305-1", "doi: 10.1007/s10071-009-0305-1"),
                             ("meta-\nanalysis", "meta-analysis"),
                             ("Pif-\nfaretti-Yanez", "Piffaretti-Yanez")]:
        assert normalize(broken).text == repaired


def test_a_publishers_link_lines_are_not_reference_text():
    found, gold, right, layout = _found("cut_f1000_bands")
    links = [line for line in layout.lines if line is not None and "link" in line.flags]
    assert len(links) >= 12
    assert {" ".join(line.text.split()) for line in links} <= {
        "Publisher Full Text", "Reference Source", "PubMed Abstract", "Free Full Text"}
    assert not any("Publisher Full Text" in item.raw for item in found)
    assert right >= 10  # (the finder merges a few of this unnumbered list's references)


def _glyphs(spec: list, size: float = 10.0) -> list:
    """Glyphs on one baseline from (text, gap before it in ems, size, rise in ems) pieces."""
    from tagger.pdf.extract import Glyph

    glyphs, x = [], 72.0
    for text, gap, piece_size, rise in spec:
        x += gap * size
        for char in text:
            width = 0.5 * piece_size
            baseline = 700.0 - rise * size
            glyphs.append(Glyph(char, x, x + width, baseline - 0.8 * piece_size,
                                baseline + 0.2 * piece_size, baseline, piece_size, 0))
            x += width
    return glyphs


def test_words_from_glyph_gaps_letter_spacing_and_scripts():
    from tagger.pdf.fragments import fragments

    # a letter-spaced name: every letter 0.15 em apart, the words 0.6 em
    spaced = [("C", 0, 10, 0)] + [(char, 0.15, 10, 0) for char in "arter"] + [
        ("a", 0.6, 10, 0)] + [(char, 0.15, 10, 0) for char in "nd"] + [("L", 0.6, 10, 0)] + [
        (char, 0.15, 10, 0) for char in "ee"]
    assert [f.text for f in fragments(_glyphs(spaced))] == ["Carter and Lee"]
    # kerning never splits a word, a justified gap is one space
    assert fragments(_glyphs([("trans", 0, 10, 0), ("port", 0.04, 10, 0),
                              ("of", 0.45, 10, 0)]))[0].text == "transport of"
    # a subscript stays in place, a superscript mark too
    parts = fragments(_glyphs([("IgG", 0, 10, 0), ("1", 0.0, 6, -0.2), ("binds", 0.3, 10, 0),
                               ("12", 0.0, 6, 0.4)]))
    assert parts[0].text == "IgG₁ binds¹²" and parts[0].superscript


def test_the_plain_pointer_calls_read_what_pypdfium2s_own_bindings_read(monkeypatch):
    data = _paper("ieee_conference")[0]
    fast = read_pdf(data, isolate=False)  # here, where the patch below is
    from pypdfium2_raw import bindings

    monkeypatch.setattr(bindings, "_libs", {})  # as a pypdfium2 that keeps it elsewhere
    slow = read_pdf(data, isolate=False)
    assert slow.text == fast.text and slow.furniture == fast.furniture


def test_a_bold_head_set_larger_than_its_text_is_a_heading_not_a_reference():
    """A numbered section head ("2. Materials and Methods") reads like a numbered reference;
    the layout (bold, larger than the text under it) says it is a heading. Bold names in a
    reference keep the reference's size and are no heading."""
    from tagger.finder import find_segments
    from tagger.pdf.document import LineLayout, PdfText

    rows = [("2. Materials and Methods", True, 1.3),
            ("Semen samples from 85 male partners were collected in 2014.", False, 1.0),
            ("References", True, 1.3),
            ("1. Smith J, Jones K. A study of things. J Things. 2001;3:1-9.", False, 1.0),
            ("2. Brown A. Kim J, Lee S, Park H, Choi Y,", True, 1.0),
            ("Another study. Nature. 2003;4:5-6.", False, 1.0)]
    text = "\n".join(row[0] for row in rows)
    lines = [type("Line", (), {"text": row[0]})() for row in rows]
    layout = [LineLayout(1, None, 1, 0.0, 0.0, size, bold, False, 0.1, 0.1 * i, False)
              for i, (_, bold, size) in enumerate(rows)]
    pdf_text = PdfText(text, lines, [], 1, 1, layout=layout)
    assert pdf_text.headings == [0, 2]
    found = find_segments(text, headings=pdf_text.headings)
    assert [item.raw.split("\n")[0][:8] for item in found.segments] == ["1. Smith", "2. Brown"]
    # a head right under a numbered list, numbered as the next reference would be
    rows = ["1. Smith J, Jones K. A study of things. J Things. 2001;3:1-9.",
            "2. Brown A, Kim J. Another study. Nature. 2003;4:5-6.",
            "3. Control of Neuronal Activation by", "Photoisomerizable Molecules"]
    text = "\n".join(rows)
    assert any("Control" in item.raw for item in find_segments(text).segments)
    found = find_segments(text, headings=[2, 3]).segments
    assert [item.raw[:8] for item in found] == ["1. Smith", "2. Brown"]
