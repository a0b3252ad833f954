"""A PDF's last mile (issue 60): why each line left out was left out, and a table of
author–year citations beside a real reference list (tests/fixtures/pdf, PDFs committed)."""

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "pdf"
PAPERS = ROOT / "data" / "finder" / "pdf"


def _found(pdf: Path):
    pytest.importorskip("pypdfium2", reason="PDF input needs the pdf extra (pypdfium2)")
    from tagger.pdf import read_pdf, segmentation

    return segmentation(read_pdf(pdf.read_bytes()))


def test_a_pdf_s_body_text_is_dropped_as_body_text_and_its_running_heads_as_running_heads():
    """The document model labels a PDF's prose meta; its reason is no running head for that."""
    found = _found(PAPERS / "ieee_two_column.pdf")
    reasons = {item.text: item.reason for item in found.dropped}
    assert reasons["label each token, and the best of them read the layout of the"] == "body text"
    assert reasons["Journal of Reference Studies 12 (2024)"] == "running head"
    assert reasons["Journal of Reference Studies 12 (2024) 103"] == "running head"
    heads = [item.text for item in found.dropped if item.reason == "running head"]
    assert heads == ["Journal of Reference Studies 12 (2024)", "A. Author et al.",
                     "Journal of Reference Studies 12 (2024) 103"]
    assert sum(item.reason == "body text" for item in found.dropped) > 200


def test_a_table_of_author_year_citations_gives_no_references_beside_the_real_list():
    from tagger.evaluate.segmentation import reference_key

    found = _found(FIXTURES / "citation_table.pdf")
    gold = json.loads((FIXTURES / "citation_table.json").read_text(encoding="utf-8"))
    assert [reference_key(seg.raw) for seg in found.segments] == [
        reference_key(item["text"]) for item in gold]
    table = [item for item in found.dropped if item.text.startswith("Smith et al. (2011)")]
    assert [item.reason for item in table] == ["body text"]
