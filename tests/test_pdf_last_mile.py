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


def test_a_short_last_column_keeps_its_gutter():
    """Three columns unbalanced (multicols*): the third holds a few lines, so the x from the
    second gutter to the page's edge is crossed by few fragments, empty at both ends; the
    gutter is the empty part by the second column, not the middle of the third."""
    from tagger.pdf.columns import find_columns
    from tagger.pdf.fragments import Fragment

    def fragment(x0, x1, row):
        return Fragment("text", x0, x1, 10.0 * row, 10.0 * row + 7, 10.0 * row + 6, 7.0, False, False)

    ragged = [0, 12, 5, 20, 8, 30]
    fragments = [fragment(x0, x0 + 150 - ragged[row % 6], row)
                 for x0 in (50, 210) for row in range(60)]
    fragments += [fragment(370, 520 - ragged[row % 6], row) for row in range(15)]
    gutters = find_columns(fragments).gutters
    assert len(gutters) == 2 and 200 < gutters[0] < 210 and 360 < gutters[1] < 370, gutters


def test_three_unbalanced_narrow_columns_read_whole_and_in_order():
    """A Royal Society Open Science list (tests/fixtures/pdf/three_columns_unbalanced.tex):
    its references had interleaved line by line with the column beside them."""
    from tagger.evaluate.segmentation import reference_key

    found = _found(FIXTURES / "three_columns_unbalanced.pdf")
    gold = json.loads((FIXTURES / "three_columns_unbalanced.json").read_text(encoding="utf-8"))
    assert [reference_key(seg.raw) for seg in found.segments] == [
        reference_key(item["text"]) for item in gold]


def test_a_left_column_going_on_below_the_right_ones_end_reads_before_it():
    """A last page whose right column is short: the left column's head and list run on below
    a gap that crosses the page, so the page cuts into two bands there; the lower one, set
    wholly inside the left column, is that column going on and reads before the right one.
    A line alone below (a page's foot) stays a band of its own."""
    from tagger.pdf.columns import bands, find_columns, left_column_continued, Columns
    from tagger.pdf.fragments import Fragment

    def fragment(x0, x1, row):
        return Fragment("text", x0, x1, 10.0 * row, 10.0 * row + 7, 10.0 * row + 6, 7.0, False, False)

    top = [fragment(x0, x0 + 220, row) for x0 in (50, 310) for row in range(8)]
    left_on = [fragment(50, 270, row) for row in range(12, 30)]
    foot = [fragment(50, 120, 34)]
    page_bands = bands(top + left_on + foot)
    assert len(page_bands) == 3
    merged, columns = left_column_continued(page_bands, [find_columns(b) for b in page_bands])
    assert [len(band) for band in merged] == [16 + 18, 1]
    assert columns[0].gutters and all(columns[0].of(f) == 0 for f in left_on)
    # one column above: nothing joins
    single = [[fragment(50, 540, row) for row in range(8)], left_on]
    assert left_column_continued(single, [Columns(()), Columns(())])[0] == single


def test_the_typeset_mnras_page_keeps_its_list_whole():
    """data/typeset/mnras.pdf: one page, the list from the left column's foot to the right
    column's top; every reference is found (the five at the right column's top were dropped
    as body text before), in the printed order."""
    pdf = ROOT / "data" / "typeset" / "mnras.pdf"
    gold = [json.loads(line) for line in (pdf.parent / "gold.jsonl").read_text().splitlines()
            if line.strip() and json.loads(line)["doc"] == "mnras.pdf"]
    raws = [seg.raw for seg in _found(pdf).segments]
    starts = [next((i for i, raw in enumerate(raws) if raw.startswith(record["raw"][:25])), None)
              for record in gold]
    assert len(gold) == 26 and None not in starts and starts == sorted(starts)
