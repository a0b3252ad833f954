"""PDF input: `reftag find paper.pdf` and tagger.find(bytes | path) read the references from
the PDF's text layer with its layout. The papers are typeset here (training/corpora/pdf_samples.py,
reportlab) in the layouts people meet: one and two columns, running heads with the journal
and page number, a footnote, superscript marks, references crossing a column and a page,
numbered ("[12]", "12.") and author–year lists, a Chinese journal, hyphenation, broken DOIs.
Each is scored at the reference level like the text documents, and its references must parse
to the same fields as the same paper's text dump. Bad PDFs get a clear error, never a crash."""

import io
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pypdfium2", reason="PDF input needs the pdf extra (pypdfium2)")
pytest.importorskip("reportlab", reason="the test PDFs are typeset with reportlab (test extra)")

import tagger  # noqa: E402
from tagger import parse  # noqa: E402
from tagger.cli import main  # noqa: E402
from tagger.evaluate.segmentation import reference_key, reference_scores  # noqa: E402
from tagger.finder import segment  # noqa: E402
from tagger.pdf import MissingExtra, PdfError, is_pdf, read_pdf, segment_pdf  # noqa: E402
from training.corpora.pdf_samples import Layout, cjk_font, gold_references, samples, typeset  # noqa: E402

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="module")
def papers():
    return samples()


def _prf(found: list, gold: list) -> tuple:
    keys = {reference_key(text) for text in gold}
    right = sum(reference_key(item.raw) in keys for item in found)
    return right / max(len(found), 1), right / len(gold)


def test_every_layout_is_there(papers):
    expected = {"ieee_two_column", "apa_one_column", "dot_two_column", "author_year_two_column"}
    assert expected <= set(papers)
    if not cjk_font():
        pytest.skip("no CJK font (Debian fonts-wqy-microhei, installed by .ci/run): "
                    "the Chinese-journal paper is not typeset")
    assert "gbt7714_chinese_journal" in papers


@pytest.mark.parametrize("name", ["ieee_two_column", "apa_one_column", "dot_two_column",
                                  "author_year_two_column", "gbt7714_chinese_journal"])
def test_references_found_in_each_layout(papers, name):
    if name not in papers:
        pytest.skip("no CJK font (Debian fonts-wqy-microhei, installed by .ci/run)")
    paper = papers[name]
    # the layout really is what the test claims: a reference crosses a column and a page
    assert any(len(set(places)) > 1 for places in paper.places)
    assert any(len({page for page, _ in places}) > 1 for places in paper.places)
    found, layout = segment_pdf(paper.pdf)
    precision, recall = _prf(found, paper.references)
    assert precision >= 0.98 and recall >= 0.98, (name, precision, recall)
    assert [reference_key(item.raw) for item in found] == [
        reference_key(text) for text in paper.references]  # in reading order, none split
    assert layout.page_count == paper.text.count("\f") + 1


def test_overall_precision_and_recall(papers):
    found = gold = right = 0
    for paper in papers.values():
        segments = segment_pdf(paper.pdf)[0]
        keys = {reference_key(text) for text in paper.references}
        found += len(segments)
        gold += len(paper.references)
        right += sum(reference_key(item.raw) in keys for item in segments)
    assert right / found >= 0.98 and right / gold >= 0.98


def test_same_fields_as_the_text_version(papers):
    for name, paper in papers.items():
        from_pdf = {reference_key(item.raw): item.raw for item in segment_pdf(paper.pdf)[0]}
        from_text = {reference_key(item.raw): item.raw for item in segment(paper.text)}
        shared = set(from_pdf) & set(from_text)
        assert len(shared) >= 0.8 * len(paper.references), name
        for key in shared:
            pdf_fields = parse(from_pdf[key], engine="rules").fields
            assert pdf_fields == parse(from_text[key], engine="rules").fields, (name, key)


def test_hyphenation_and_broken_dois_are_repaired(papers):
    paper = papers["ieee_two_column"]
    raws = [item.raw for item in segment_pdf(paper.pdf)[0]]
    broken = [raw for raw in raws if "10.1109/\nSC41405" in raw]
    assert broken, "the sample breaks a DOI at a line end"
    assert parse(broken[0], engine="rules").fields["doi"] == "10.1109/SC41405.2020.00024"
    hyphenated = [raw for raw in raws if "-\n" in raw and "learn-\ning" in raw]
    assert hyphenated
    assert "learning" in parse(hyphenated[0], engine="rules").fields.get("title", "")


def test_layout_marks_heads_page_numbers_footnotes_and_superscripts(papers):
    layout = read_pdf(papers["ieee_two_column"].pdf)
    lines = [line for line in layout.lines if line is not None]
    heads = [line for line in lines if "runninghead" in line.flags]
    assert {line.page for line in heads} == {1, 2, 3}
    assert all("Journal of Reference Studies" in line.text or "Author et al." in line.text
               for line in heads)
    for page in (1, 2, 3):  # the page number alone, or at the end of a head in one line
        assert any(str(100 + page) in line.text and line.flags & {"pagenumber", "runninghead"}
                   for line in lines if line.page == page)
    footnotes = [line for line in lines if "footnote" in line.flags]
    assert footnotes and footnotes[0].page == 1 and footnotes[0].text.startswith("¹Corresponding")
    assert any("models¹ that" in line.text for line in lines)  # a citation mark, raised
    assert "cs.DL" not in layout.text  # the stamp turned up the margin is left out
    furniture = {layout.lines[index].text for index in layout.furniture}
    assert {line.text for line in heads + footnotes} <= furniture
    # every line knows its page, box, size and column
    first = lines[0]
    assert first.page == 1 and len(first.box) == 4 and first.size > 0
    assert {line.column for line in lines} >= {0, 1}


def test_two_columns_read_left_then_right(papers):
    layout = read_pdf(papers["dot_two_column"].pdf)
    page = [line for line in layout.lines if line is not None and line.page == 2
            and not line.flags]
    columns = [line.column for line in page if line.column is not None]
    assert columns == sorted(columns)  # all of the left column, then all of the right


def test_the_harness_scores_pdf_documents(papers, tmp_path, capsys):
    for name, paper in papers.items():
        (tmp_path / f"{name}.pdf").write_bytes(paper.pdf)
        gold = [{"text": text} for text in paper.references]
        (tmp_path / f"{name}.json").write_text(json.dumps(gold, ensure_ascii=False), "utf-8")
    scores = reference_scores(tmp_path)["references"]
    assert scores["precision"] >= 0.98 and scores["recall"] >= 0.98
    assert main(["evaluate", str(tmp_path), "--report", "json"]) == 0
    assert "ieee_two_column" in capsys.readouterr().out


def test_the_shipped_pdf_documents_score_as_written():
    """data/finder/pdf is what `python -m training.corpora.pdf_samples` writes; a user scores it with
    `reftag evaluate data/finder/pdf`."""
    directory = Path(__file__).parents[1] / "data" / "finder" / "pdf"
    assert len(list(directory.glob("*.pdf"))) >= 4
    scores = reference_scores(directory)["references"]
    assert scores["precision"] >= 0.98 and scores["recall"] >= 0.98


def test_a_latex_paper_scored_against_hand_checked_gold(tmp_path):
    """A real typesetting engine's PDF: pdflatex's two-column article (Type 1 fonts, TeX's
    own hyphenation and ligatures, running heads in the head line, a \\thanks footnote)."""
    if not shutil.which("pdflatex"):
        pytest.skip("pdflatex missing (Debian texlive-latex-base, installed by .ci/run)")
    shutil.copy(DATA / "layout_paper.tex", tmp_path / "layout_paper.tex")
    shutil.copy(DATA / "layout_paper.json", tmp_path / "layout_paper.json")
    done = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error",
                           "layout_paper.tex"], cwd=tmp_path, capture_output=True, timeout=120)
    if done.returncode or not (tmp_path / "layout_paper.pdf").exists():
        pytest.skip(f"pdflatex could not typeset the paper: {done.stdout[-300:]!r}")
    (tmp_path / "layout_paper.tex").unlink()
    scores = reference_scores(tmp_path)["references"]
    assert scores["precision"] >= 0.98 and scores["recall"] >= 0.98, scores
    found = tagger.find(tmp_path / "layout_paper.pdf", engine="rules")
    assert [ref.fields.get("year") for ref in found][:3] == ["2001", "2004", "2009"]
    pages = [ref.extra["pdf_page"] for ref in found]
    assert pages == sorted(pages) and pages[0] == 2 and pages[-1] == 3


def test_find_takes_bytes_paths_and_text_as_before(papers, tmp_path):
    paper = papers["apa_one_column"]
    path = tmp_path / "paper.bin"  # known by its content, not its name
    path.write_bytes(paper.pdf)
    from_bytes = tagger.find(paper.pdf, engine="rules")
    assert len(from_bytes) == len(paper.references)
    assert [ref.raw for ref in tagger.find(str(path), engine="rules")] == [
        ref.raw for ref in from_bytes]
    assert len(tagger.find(path, engine="rules")) == len(from_bytes)
    assert all(ref.extra["pdf_page"] in (1, 2) for ref in from_bytes)
    # text is text, exactly as before
    assert [ref.raw for ref in tagger.find(paper.text, engine="rules")] == [
        item.raw for item in segment(paper.text)]
    with pytest.raises(FileNotFoundError, match="no-such.pdf"):  # not [] in silence
        tagger.find(str(tmp_path / "no-such.pdf"), engine="rules")


def test_reftag_find_reads_a_pdf(papers, tmp_path, capsys):
    path = tmp_path / "paper.pdf"
    path.write_bytes(papers["ieee_two_column"].pdf)
    assert main(["find", str(path), "--format", "json", "--engine", "rules"]) == 0
    records = json.loads(capsys.readouterr().out)
    assert len(records) == 18 and records[0]["fields"]["citation-number"] == "1"
    assert records[0]["pdf_page"] == 2 and records[-1]["pdf_page"] == 3
    assert main(["find", str(path), "--segments"]) == 0
    segments = json.loads(capsys.readouterr().out)
    assert [item["pdf_page"] for item in segments] == [record["pdf_page"] for record in records]


def test_reftag_find_reads_a_pdf_from_standard_input(papers, monkeypatch, capsys):
    stdin = io.TextIOWrapper(io.BytesIO(papers["apa_one_column"].pdf))
    monkeypatch.setattr(sys, "stdin", stdin)
    assert main(["find", "-", "--segments"]) == 0
    assert len(json.loads(capsys.readouterr().out)) == len(papers["apa_one_column"].references)


# Bad PDFs ---------------------------------------------------------------------------------

def _canvas_pdf(draw, **options) -> bytes:
    from reportlab.pdfgen import canvas

    buffer = io.BytesIO()
    sheet = canvas.Canvas(buffer, invariant=1, **options)
    draw(sheet)
    sheet.save()
    return buffer.getvalue()


def _text_page(sheet, number=1):
    sheet.setFont("Times-Roman", 10)
    sheet.drawString(72, 400, f"[{number}] Lopez P. GROBID. In: Digital Libraries. Springer, 2009.")
    sheet.showPage()


def test_an_encrypted_pdf_is_refused_clearly(tmp_path, capsys):
    from reportlab.lib.pdfencrypt import StandardEncryption

    data = _canvas_pdf(_text_page, encrypt=StandardEncryption("secret", canPrint=0))
    with pytest.raises(PdfError, match="encrypted"):
        read_pdf(data)
    path = tmp_path / "locked.pdf"
    path.write_bytes(data)
    assert main(["find", str(path)]) == 1
    assert "encrypted" in capsys.readouterr().err


@pytest.mark.parametrize("data", [b"%PDF-1.7\n", b"%PDF-1.4\n" + bytes(range(256)) * 40,
                                  b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF"])
def test_a_damaged_pdf_is_an_error_not_a_crash(data, tmp_path, capsys):
    with pytest.raises(PdfError):
        read_pdf(data)
    path = tmp_path / "damaged.pdf"
    path.write_bytes(data)
    assert main(["find", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("reftag: ") and "Traceback" not in err


def test_a_truncated_pdf_gives_what_can_be_read_or_an_error(papers):
    data = papers["ieee_two_column"].pdf
    for cut in (len(data) // 3, len(data) // 2, len(data) - 200):
        try:
            found = segment_pdf(data[:cut])[0]
        except PdfError:
            continue
        assert isinstance(found, list)


def test_a_scan_without_a_text_layer_says_so(tmp_path, capsys):
    from PIL import Image
    from reportlab.lib.utils import ImageReader

    image = ImageReader(Image.new("L", (200, 260), 200))
    data = _canvas_pdf(lambda sheet: (sheet.drawImage(image, 50, 50, 400, 520),
                                      sheet.showPage()))
    with pytest.raises(PdfError, match="no text layer"):
        read_pdf(data)
    path = tmp_path / "scan.pdf"
    path.write_bytes(data)
    assert main(["find", str(path)]) == 1
    err = capsys.readouterr().err
    assert "no text layer" in err and "OCR" in err


def test_page_and_time_limits_warn(tmp_path, capsys):
    data = _canvas_pdf(lambda sheet: [_text_page(sheet, number) for number in range(1, 13)])
    layout = read_pdf(data, max_pages=5)
    assert layout.pages_read == 5 and layout.page_count == 12
    assert "only the first 5" in layout.warnings[0]
    layout = read_pdf(data, time_limit=0.0)
    assert layout.pages_read == 1 and "time limit" in layout.warnings[0]
    path = tmp_path / "long.pdf"
    path.write_bytes(data)
    assert main(["find", str(path), "--max-pages", "3", "--segments"]) == 0
    captured = capsys.readouterr()
    assert "warning" in captured.err and "only the first 3" in captured.err
    assert len(json.loads(captured.out)) == 3


def test_without_the_extra_the_message_says_how_to_get_it(papers, monkeypatch, tmp_path,
                                                          capsys):
    monkeypatch.setitem(sys.modules, "pypdfium2", None)  # import fails as if not installed
    monkeypatch.setitem(sys.modules, "pypdfium2.raw", None)
    with pytest.raises(MissingExtra, match=r"pip install 'reftag\[pdf\]'"):
        read_pdf(papers["apa_one_column"].pdf)
    path = tmp_path / "paper.pdf"
    path.write_bytes(papers["apa_one_column"].pdf)
    assert main(["find", str(path)]) == 1
    assert "reftag[pdf]" in capsys.readouterr().err


def test_pdf_by_content():
    assert is_pdf(b"%PDF-1.5\n...")
    assert is_pdf(b"\xef\xbb\xbfjunk\n%PDF-1.4\n...\n%%EOF\n")
    assert not is_pdf(b"A text about the %PDF-1.4 header.\nNo end marker.")
    assert not is_pdf("[1] Lopez P. GROBID. 2009.".encode())


def test_a_text_document_through_find_is_unchanged(tmp_path, capsys):
    text = "\n".join(gold_references("apa_hanging_indent"))
    path = tmp_path / "refs.txt"
    path.write_text(text, encoding="utf-8")
    assert main(["find", str(path), "--segments"]) == 0
    assert json.loads(capsys.readouterr().out) == [vars(item) for item in segment(text)]


def test_one_column_paper_without_running_heads_uses_its_page_number_foot():
    paper = typeset(Layout(columns=1, numbering="dot", running_head=False),
                    gold_references("ieee_blank_lines", "jos_english_refs"), body_paragraphs=5)
    layout = read_pdf(paper.pdf)
    feet = [line.text.strip() for line in layout.lines if line and "pagenumber" in line.flags]
    assert feet == ["101", "102"]
    precision, recall = _prf(segment_pdf(paper.pdf)[0], paper.references)
    assert precision >= 0.98 and recall >= 0.98


def _hand_set(pages: list) -> bytes:
    """A PDF of pages given as lists of (x, y from the top, size, text)."""
    def draw(sheet):
        for page in pages:
            for x, y, size, text in page:
                sheet.setFont("Times-Roman", size)
                sheet.drawString(x, 842 - y, text)
            sheet.showPage()

    return _canvas_pdf(draw, pagesize=(595, 842))


def _column(x, lines, top=80, leading=11):
    return [(x, top + leading * index, 9, text) for index, text in enumerate(lines)]


def test_dois_and_words_broken_at_a_column_end_and_a_page_end():
    head = lambda number: [(54, 40, 8, "Journal of Reference Studies 12 (2024)"),  # noqa: E731
                           (520, 40, 8, str(number))]
    left = ["[1] Tkaczyk D, Collins A, Sheridan P, Beel J.",
            "Machine learning vs. rules and out-of-the-box",
            "vs. retrained. In: Proc. of the 18th ACM/IEEE",
            "JCDL. ACM, 2018. 99-108. https://doi.org/10.1145/"]
    right = ["3197026.3197048",
             "[2] LeCun Y, Bottou L, Bengio Y, Haffner P.",
             "Gradient-based learning applied to document",
             "recognition. Proc. of the IEEE, 1998, 86(11):",
             "2278-2324. doi: 10.1109/"]
    page_two_left = ["5.726791",
                     "[3] Lopez P. GROBID: Combining automatic bib-"]
    page_two_right = ["liographic data recognition and term extraction",
                      "for scholarship publications. In: Proceed-"]
    page_three = ["ings of Research and Advanced Technology for",
                  "Digital Libraries. Springer, 2009. 473-474."]
    # [1] goes on at the top of the right column, [2] at the top of the next page, [3]
    # crosses a column and then a page; both later pages hold too few lines to show their
    # columns by themselves
    pages = [head(1) + _column(54, ["References"] + left) + _column(310, right),
             head(2) + _column(54, page_two_left) + _column(310, page_two_right),
             head(3) + _column(54, page_three)]
    found = tagger.find(_hand_set(pages), engine="rules")
    assert [ref.fields.get("citation-number") for ref in found] == ["1", "2", "3"]
    link = found[0].fields.get("doi") or found[0].fields.get("url")  # the rules: a doi.org URL
    assert link.endswith("10.1145/3197026.3197048")
    assert found[1].fields["doi"] == "10.1109/5.726791"
    assert "Journal of Reference Studies" not in " ".join(ref.raw for ref in found)
    assert "bibliographic data recognition" in found[2].fields.get("title", "")
    assert "Proceedings of Research" in found[2].fields.get("venue", "")
    assert [ref.extra["pdf_page"] for ref in found] == [1, 1, 2]


def test_a_text_layer_of_unmapped_glyphs_says_so(monkeypatch):
    """Glyphs PDFium cannot map to characters (U+FFFD, private use: fonts without a Unicode
    map) are no text to find references in."""
    from tagger.pdf import document
    from tagger.pdf.extract import Extraction, Glyph, Page

    glyphs = [Glyph(chr(0xE000 + i % 50), 72 + 6 * (i % 60), 78 + 6 * (i % 60), 90 + 12 * (i // 60),
                    100 + 12 * (i // 60), 98 + 12 * (i // 60), 10.0, i % 7 == 0)
              for i in range(600)]
    monkeypatch.setattr(document, "extract",
                        lambda *args: Extraction([Page(1, 595, 842, glyphs)], 1, []))
    with pytest.raises(PdfError, match="cannot be read"):  # here: the patch is this process's
        read_pdf(b"%PDF-1.4 (stands in)", isolate=False)


@pytest.mark.parametrize("rotation", [90, 180, 270])
def test_a_turned_page_with_its_text_turned_to_match_reads_as_it_is_shown(rotation):
    """/Rotate 90 (a landscape page) with the text drawn turned so that it reads level as
    shown: once "no text layer (scanned?)"; now the text of the page as shown."""
    references = gold_references("ieee_blank_lines")
    level = typeset(Layout(width=842, height=595), references, body_paragraphs=2)
    turned = typeset(Layout(width=842, height=595, rotation=rotation), references,
                     body_paragraphs=2)
    assert b"/Rotate %d" % rotation in turned.pdf
    layout = read_pdf(turned.pdf)
    assert layout.text == read_pdf(level.pdf).text
    assert [(line.x, line.y) for line in layout.layout if line] == [
        (line.x, line.y) for line in read_pdf(level.pdf).layout if line]
    found, _ = segment_pdf(turned.pdf)
    assert _prf(found, level.references) == (1.0, 1.0)


def test_honest_messages_for_what_is_no_pdf_to_read(tmp_path, capsys):
    empty = tmp_path / "empty.pdf"
    empty.write_bytes(b"")
    assert main(["find", str(empty)]) == 1
    assert capsys.readouterr().err == f"reftag: {empty}: empty input, no text in it\n"
    refused = tmp_path / "refused.pdf"
    refused.write_bytes(b"%PDF-1.7\n%%EOF\n")
    assert main(["find", str(refused)]) == 1
    assert capsys.readouterr().err == (f"reftag: {refused}: not a readable PDF (damaged, or not "
                                       "a PDF at all)\n")
    with pytest.raises(FileNotFoundError, match=r"^missing\.pdf: no such file$"):
        tagger.find(Path("missing.pdf"))
    with pytest.raises(PdfError, match="no such file"):
        read_pdf(str(tmp_path / "missing.pdf"))


def test_an_encrypted_pdf_says_so():
    from reportlab.pdfgen import canvas

    buffer = io.BytesIO()
    sheet = canvas.Canvas(buffer, encrypt="secret", invariant=1)
    sheet.drawString(72, 700, "Smith J. A study of things. 2020.")
    sheet.showPage()
    sheet.save()
    with pytest.raises(PdfError, match=r"^the PDF is encrypted \(password protected\)"):
        read_pdf(buffer.getvalue())


def test_one_page_that_fails_costs_that_page_and_a_warning(papers, monkeypatch, tmp_path,
                                                           capsys):
    """Any failure in one page's layout skips that page; the warning names file and page."""
    from tagger.pdf import document, lines

    # read here, where the patch below is (a fork server's child would not have it)
    monkeypatch.setattr(document, "read_isolated",
                        lambda read, source, max_pages, time_limit, memory: read(
                            source, max_pages, time_limit))
    real, calls = lines.fragments, []

    def failing_on_page_one(glyphs):  # the pages are laid out in order
        calls.append(1)
        if len(calls) == 1:
            raise ZeroDivisionError("float division by zero")
        return real(glyphs)

    monkeypatch.setattr(lines, "fragments", failing_on_page_one)
    paper = papers["ieee_two_column"]
    layout = read_pdf(paper.pdf)
    assert layout.warnings == ["page 1: its layout cannot be made out (float division by zero); "
                               "skipped"]
    assert {line.page for line in layout.lines if line} == {2, 3}
    path = tmp_path / "paper.pdf"
    path.write_bytes(paper.pdf)
    calls.clear()
    assert main(["find", str(path), "--engine", "rules", "--format", "jsonl"]) == 0
    assert capsys.readouterr().err == (f"reftag: warning: {path}: page 1: its layout cannot be "
                                       "made out (float division by zero); skipped\n")


def test_the_reader_runs_in_a_child_and_answers_as_the_same_reading_here(papers):
    """The default reads in a child process (fork when one thread runs, a fork server when
    several do, as in `reftag serve`): the same PdfText as reading in this process."""
    import threading

    import pickle

    data = papers["dot_two_column"].pdf
    here = read_pdf(data, isolate=False)
    assert pickle.loads(pickle.dumps(here)) == here  # sent back as rows of plain values
    assert read_pdf(data) == here
    answers = []
    worker = threading.Thread(target=lambda: answers.append(read_pdf(data)))
    worker.start()
    worker.join()
    assert answers[0].text == here.text and answers[0].layout == here.layout
