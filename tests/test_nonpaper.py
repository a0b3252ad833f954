"""Documents that are not papers give no references; papers keep theirs; garbled pages are named.

A small draw of the corpora of training.corpora.paper_corpora, made at test time: every kind of
non-paper of training.corpora.nonpapers (reportlab's always, LaTeX's where pdflatex and the class are
installed), papers typeset by training.corpora.pdf_samples and training.corpora.typeset_papers, and pages
whose font encoding is garbage.
"""

import json
import random
import shutil
import subprocess

import pytest

pytest.importorskip("pypdfium2", reason="PDF input needs the pdf extra (pypdfium2)")
pytest.importorskip("reportlab", reason="the documents are typeset with reportlab")

from tagger.evaluate.pdf_folder import match  # noqa: E402
from tagger.pdf import find_pdf, read_pdf, segment_pdf, segmentation  # noqa: E402
from tests.cli_helpers import reftag  # noqa: E402
from training.corpora import nonpapers, typeset_papers  # noqa: E402
from training.corpora.pdf_samples import Layout, gold_references, typeset  # noqa: E402

REFERENCES = gold_references("ieee_two_column")[:12]
SHORT = ["Weinberg S. A model of leptons. Phys Rev Lett 19, 1264 (1967).",
         "Higgs PW. Broken symmetries and the masses of gauge bosons. PRL 13, 508 (1964).",
         "Wilson KG. Confinement of quarks. Phys Rev D 10, 2445 (1974).",
         "Knuth DE. The TeXbook. Reading, MA: Addison-Wesley; 1986.",
         "Lamport L. LaTeX: A Document Preparation System. Addison-Wesley; 1994.",
         "Liang FM. Word hy-phen-a-tion by com-put-er. PhD thesis, Stanford, 1983.",
         "Beccari C. Computer aided hyphenation for Italian. TUGboat 13, 23-33 (1992).",
         "Levy S. Using Greek fonts with TeX. TUGboat 9, 20-24 (1988).",
         "Braams J. Babel, a multilingual style-option system. TUGboat 12, 291-301 (1991)."]


def _has(name: str) -> bool:
    """Is the LaTeX file installed (kpsewhich)?"""
    if shutil.which("pdflatex") is None or shutil.which("kpsewhich") is None:
        return False
    return bool(subprocess.run(["kpsewhich", name], capture_output=True, text=True).stdout)


LATEX_NEEDS = {"slides": "beamer.cls", "lecture_notes": "amsthm.sty",
               "problem_sheet": "article.cls"}


@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize("kind", sorted(nonpapers.REPORTLAB))
def test_a_non_paper_gives_no_reference(kind, seed):
    segments, _ = segment_pdf(nonpapers.make(kind, seed))
    assert [segment.raw for segment in segments] == []


@pytest.mark.parametrize("kind", sorted(nonpapers.LATEX))
def test_slides_and_numbered_statements_give_no_reference(kind):
    if not _has(LATEX_NEEDS[kind]):
        pytest.skip(f"needs pdflatex and {LATEX_NEEDS[kind]} (Debian's texlive-latex-*)")
    for seed in (1, 2):
        segments, _ = segment_pdf(nonpapers.make(kind, seed))
        assert [segment.raw for segment in segments] == []


def test_a_non_paper_exits_1_and_says_so(tmp_path):
    path = tmp_path / "form.pdf"
    path.write_bytes(nonpapers.make("form", 3))
    code, out, err = reftag("find", str(path), "--format", "jsonl")
    assert (code, out) == (1, "")
    assert err.strip() == f"reftag: no reference section found in {path}"


def test_under_a_heading_pieces_that_read_as_none_are_no_list_unless_numbered():
    """Under a heading that names a list, pieces that read as no references on the whole are
    dropped (a manual's code under its section on cross-references, optex-doc), unless they
    are numbered 1, 2, 3 (a manual's list of blog posts by title, chemobabel) or hold a
    link."""
    from tagger.pdf.segments import check
    from tests.test_pdf_segments import _page, _segments

    heading = [("References", 0.0, 1.0, 1.2, True)]
    code = _page(heading + [("\\_def\\_label[#1]{\\_isempty{#1}\\_iftrue \\_global", 0.0, 0.5),
                            ("\\_let \\_slideshook=\\_relax % redefined if \\slides", 0.0, 0.5),
                            ("\\_public \\label \\wlabel ;", 0.0, 0.5)])
    found = check(code, _segments(code, [[1], [2], [3]]))
    assert found.segments == []
    assert {item.reason for item in found.dropped} == {"no reference list"}
    posts = _page(heading + [("[1] Cheer up your LaTeX with SMILES support – Noel O’Blog", 0.0, 0.5),
                             ("[2] LaTeX: Graphviz and OpenBabel – Jakob Andersen", 0.0, 0.5),
                             ("Note: the diary is my own blog.", 0.0, 0.5)])
    assert len(check(posts, _segments(posts, [[1], [2], [3]])).segments) == 3


def test_a_cvs_referees_are_no_references():
    """A CV's "References" are its referees: their e-mail addresses and telephone numbers
    say so ("contact details"), though they read like references otherwise."""
    sample = typeset(Layout(columns=1), [
        "Prof. Nils Petrov, Head of Department, Blue Harbour Logistics, Gdansk. "
        "Tel. +44 1795 563768, petrov@example.org",
        "Mr Bruno Jensen, Supervisor, Polar Refrigeration S.A., Gdansk. "
        "Tel. +44 1747 854480, jensen@example.org"])
    found = segmentation(read_pdf(sample.pdf))
    assert found.segments == []
    assert "contact details" in {item.reason for item in found.dropped}
    for seed in range(3):
        assert segment_pdf(nonpapers.make("cv", seed))[0] == []


@pytest.mark.parametrize("layout", [
    Layout(columns=2, numbering="bracket"), Layout(columns=1, numbering="dot"),
    Layout(columns=1, numbering="none", hanging=14.0)], ids=["bracket", "dot", "author-year"])
def test_papers_keep_their_references(layout):
    sample = typeset(layout, REFERENCES)
    segments, _ = segment_pdf(sample.pdf)
    pairs = match([{"raw": text} for text in sample.references],
                  [{"raw": segment.raw} for segment in segments])
    assert len(pairs) == len(sample.references) == len(segments)


def test_a_list_with_no_heading_is_kept_where_it_has_a_lists_shape():
    """A numbered list at the end that reads as references is one, heading or not."""
    sample = typeset(Layout(columns=1, numbering="bracket"), REFERENCES)
    headless = nonpapers.garbled(pages_ok=1, pages_bad=0, pages=[
        [line for line in sample.text.splitlines()[-60:] if line.strip()
         and not line.startswith(("References", "\f"))][:50]])
    segments, _ = segment_pdf(headless)
    assert len(segments) >= 6
    assert all(segment.raw.startswith("[") for segment in segments)


def test_runs_with_no_heading_are_lists_by_their_shape():
    """With no heading, a run of pieces at the end that read as references is a list; so is
    a run of web links with no year (chickenize's manual), which reads as none; a form's
    numbered fields at the end and references on a title page are no list."""
    from tagger.pdf.segments import check
    from tests.test_pdf_segments import _firsts, _page, _segments

    prose = [("We write to confirm the arrangements discussed at our meeting.", 0.0, 0.0)] * 6
    rows = prose + [
        ("1. Weinberg S. A model of leptons. Phys Rev Lett 19, 1264 (1967).", 0.0, 1.0),
        ("2. Knuth DE. The TeXbook. Reading, MA: Addison-Wesley; 1986.", 0.0, 0.2)]
    page = _page(rows)
    assert _firsts(check(page, _segments(page, [[6], [7]]))) == ["1. Weinberg ", "2. Knuth DE."]
    page = _page(rows[6:] + prose)  # the same two on a title page, the text after them
    found = check(page, _segments(page, [[0], [1]]))
    assert found.segments == [] and {item.reason for item in found.dropped} == {
        "no reference list"}
    links = _page(prose + [("The Lua manual, for Lua 5.1: http://www.lua.org/manual/5.1/",
                            0.0, 0.0), ("Programming in Lua: http://www.lua.org/pil/", 0.0, 0.2)])
    # the finder took the paragraph over the list with its first link, as in chickenize
    assert len(check(links, _segments(links, [[5, 6], [7]])).segments) == 2
    form = _page(prose + [(f"1. Team Name: {'_' * 12}", 0.0, 0.2),
                          ("2. Date of Birth: 26/05/2019", 0.0, 0.2),
                          (f"3. Signature: {'_' * 12}", 0.0, 0.2)])
    assert check(form, _segments(form, [[6], [7], [8]])).segments == []


@pytest.mark.parametrize("kind", ["article", "article_natbib", "revtex", "ieeetran"])
def test_latex_papers_keep_their_references(kind):
    index = typeset_papers.kinds().index(kind)
    preamble = typeset_papers.CLASSES[kind][0]
    needs = preamble[preamble.index("{", preamble.index("documentclass")) + 1:].split("}")[0]
    if not _has(f"{needs}.cls"):
        pytest.skip(f"needs pdflatex and {needs}.cls (Debian's texlive)")
    source, listed = typeset_papers.make(index)
    segments, _ = segment_pdf(nonpapers.typeset(source, runs=2))
    pairs = match([{"raw": text} for text in listed], [{"raw": item.raw} for item in segments])
    assert len(pairs) >= len(listed) - 1  # a LaTeX line break may part one in two


@pytest.mark.parametrize("shift", [29, -3, 0], ids=["to-capitals", "shifted", "to-punctuation"])
def test_garbled_pages_are_named_in_a_warning(shift):
    layout = read_pdf(nonpapers.garbled(random.Random(shift), pages_ok=1, pages_bad=2,
                                        shift=shift))
    assert layout.warnings == ["the text of pages 2, 3 is garbled (a font with a broken "
                               "encoding?): not read for references"]


def test_a_clean_document_has_no_garbled_warning():
    assert read_pdf(typeset(Layout(), REFERENCES).pdf).warnings == []


def test_references_on_a_garbled_page_are_not_taken(tmp_path):
    """A paper whose list goes on over a page whose font encoding is broken: the page is
    named, its text is not read for references, the list's readable part is kept."""
    lines = ["References"] + [f"[{n}] {text}" for n, text in enumerate(SHORT, 1)]
    pdf = nonpapers.garbled(pages_ok=1, pages_bad=1, shift=0, pages=[lines[:7], lines[7:] * 3])
    found = segmentation(read_pdf(pdf))
    assert [segment.raw[:3] for segment in found.segments] == ["[1]", "[2]", "[3]", "[4]",
                                                               "[5]", "[6]"]
    warnings = []
    references = find_pdf(pdf, engine="rules", warnings=warnings)
    assert len(references) == 6 and "page 2 is garbled" in warnings[0]
    path = tmp_path / "paper.pdf"
    path.write_bytes(pdf)
    code, out, err = reftag("find", str(path), "--format", "jsonl", "--engine", "rules")
    assert code == 0 and len(out.splitlines()) == 6
    assert f"reftag: warning: {path}: the text of page 2 is garbled" in err
    code, out, _ = reftag("find", str(path), "--segments", "--dropped")
    assert "garbled text" in {item["reason"] for item in json.loads(out)["dropped"]}
