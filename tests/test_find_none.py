"""A document that yields no references: `reftag find` says so on stderr and exits 1
(DESIGN.md's exit-status contract; shared/tools/real_pdf_eval.py reads the message)."""

import json

import pytest

from tests.cli_helpers import reftag

ESSAY = ("Reference parsers are judged on real papers, not on generated lists, and this\n"
         "paragraph is body text of an essay that cites nothing at all in its two lines.\n")
MESSAGE = "no reference section found in "


@pytest.mark.parametrize("segments", [False, True])
def test_a_text_document_without_references_exits_1_and_says_so(tmp_path, segments):
    path = tmp_path / "essay.txt"
    path.write_text(ESSAY, encoding="utf-8")
    code, out, err = reftag("find", str(path), "--format", "json", "--engine", "rules",
                            *(["--segments"] if segments else []))
    assert code == 1
    assert err.strip() == f"reftag: {MESSAGE}{path}"
    assert json.loads(out) == []  # the empty answer is still well-formed JSON


def test_dropped_lines_are_still_shown_when_nothing_was_found(tmp_path):
    path = tmp_path / "essay.txt"
    path.write_text(ESSAY, encoding="utf-8")
    code, out, err = reftag("find", str(path), "--segments", "--dropped")
    assert code == 1 and MESSAGE in err
    found = json.loads(out)
    assert found["segments"] == [] and len(found["dropped"]) == 2


def test_empty_standard_input_is_named_so():
    code, _, err = reftag("find", "--engine", "rules", stdin=b"\n\n")
    assert code == 1 and f"{MESSAGE}standard input" in err


def test_a_document_with_references_still_exits_0(tmp_path):
    path = tmp_path / "refs.txt"
    path.write_text("References\n\n[1] Smith J. A study of things. J Appl Phys. 2020;12:45-67.\n"
                    "[2] Brown P. Reading the unread. London: Penguin, 1999.\n", encoding="utf-8")
    code, out, err = reftag("find", str(path), "--format", "jsonl", "--engine", "rules")
    assert (code, err) == (0, "") and len(out.splitlines()) == 2


def test_a_pdf_without_references_exits_1_and_names_the_file(tmp_path):
    pytest.importorskip("pypdfium2", reason="PDF input needs the pdf extra (pypdfium2)")
    pytest.importorskip("reportlab", reason="the test PDF is typeset with reportlab")
    from reportlab.pdfgen import canvas

    path = tmp_path / "paper.pdf"
    sheet = canvas.Canvas(str(path), invariant=1)
    sheet.setFont("Times-Roman", 10)
    for number, line in enumerate(ESSAY.splitlines()):
        sheet.drawString(72, 700 - 14 * number, line)
    sheet.showPage()
    sheet.save()
    code, out, err = reftag("find", str(path), "--format", "jsonl")
    assert (code, out) == (1, "")
    assert err.strip().endswith(f"{MESSAGE}{path}")
