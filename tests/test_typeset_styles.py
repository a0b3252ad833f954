"""data/typeset: papers set in publishers' BibTeX styles, with the gold of what they print.

The gold is checked against its sources (each field is in the printed text, each entry of the
.bbl is a record, a rebuild gives the same files), and reftag's reading of the PDFs is pinned a
little under what it scored when the set was made (segmentation P 0.990 R 0.984, core fields
0.974, all core fields right 90.0%), so that a change which costs these styles fails here.
"""

import json
import shutil
import subprocess

import pytest

from tagger.evaluate import suite
from tagger.evaluate.pdf_folder import CORE, evaluate_folder, field_key

from training.corpora import typeset_styles

FOLDER = typeset_styles.FOLDER
GOLD = [json.loads(line) for line in
        (FOLDER / "gold.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()]


def test_the_set_is_eleven_styles_of_real_works():
    documents = {record["doc"] for record in GOLD}
    assert documents == {f"{paper[0]}.pdf" for paper in typeset_styles.PAPERS}
    assert len(documents) == 11 and len(GOLD) == 305
    assert all((FOLDER / doc).stat().st_size < 150_000 for doc in documents)
    entries = typeset_styles.read_bib((FOLDER / "references.bib").read_text(encoding="utf-8"))
    assert len(entries) >= 60
    assert {entry["entry_type"] for entry in entries.values()} >= {
        "article", "inproceedings", "book", "incollection", "phdthesis", "mastersthesis",
        "techreport", "misc"}


def test_each_record_is_an_entry_the_bbl_printed_in_its_order():
    for paper in typeset_styles.PAPERS:
        bbl = (FOLDER / f"{paper[0]}.bbl").read_text(encoding="utf-8")
        printed = [key for key, _ in typeset_styles.bbl_entries(bbl)]
        records = [record for record in GOLD if record["doc"] == f"{paper[0]}.pdf"]
        assert [record["source"]["bib_key"] for record in records] == printed
        assert [record["n"] for record in records] == list(range(1, len(printed) + 1))


def test_every_gold_field_is_printed_in_its_reference():
    for record in GOLD:
        raw = field_key("title", record["raw"])
        for name in CORE:
            value = record["fields"][name]
            assert value is None or field_key("title", value) in raw, (record["doc"], name)
        assert record["fields"]["year"] or record["source"]["type"] == "misc"


def test_the_styles_print_what_they_are_known_to_print():
    def record(doc, n):
        return next(r for r in GOLD if r["doc"] == doc and r["n"] == n)

    # AAS and APS journals print no article title, MNRAS the first page alone, Vancouver
    # compresses a range, apalike prints its citation label before the entry.
    assert record("aastex-aasjournal.pdf", 27)["fields"] == {
        "author": "Riess, A. G., Filippenko, A. V., Challis, P., et al", "title": None,
        "venue": "AJ", "year": "1998", "pages": "1009", "doi": "10.1086/300499"}
    assert record("revtex-apsrev.pdf", 16)["fields"]["venue"] == "Phys. Rev."
    assert record("article-vancouver.pdf", 2)["fields"]["pages"] == "267-88"
    assert record("article-apalike.pdf", 21)["raw"].startswith("[Nash, 1950b] Nash, J. F.")
    assert record("article-apalike.pdf", 21)["fields"]["year"] == "1950b"


@pytest.mark.skipif(not all(shutil.which(tool) for tool in ("pdflatex", "bibtex", "pdftotext"))
                    or subprocess.run(["kpsewhich", "aastex631.cls", "epsf.sty"],
                                      capture_output=True, text=True).stdout.count("\n") < 2,
                    reason="rebuilding needs texlive (-publishers, -plain-generic) and poppler")
def test_a_rebuild_gives_the_same_files(tmp_path):
    assert typeset_styles.build(tmp_path) == []
    for path in tmp_path.iterdir():
        assert path.read_bytes() == (FOLDER / path.name).read_bytes(), path.name


@pytest.fixture(scope="module")
def scored():
    pytest.importorskip("pypdfium2", reason="PDF input needs the pdf extra (pypdfium2)")
    from tagger.pdf import find_pdf

    return evaluate_folder(FOLDER, find=lambda path: [
        reference.to_dict() for reference in find_pdf(str(path), "auto", None)])["total"]


def test_reftag_finds_the_printed_references(scored):
    assert scored["gold"] == 305
    assert scored["matched"] >= 303 and scored["found"] - scored["matched"] <= 4


def test_reftag_reads_their_fields(scored):
    assert scored["fields"]["micro_f1"] >= 0.980
    assert scored["all_core_right"] >= 0.92


def test_the_suite_scores_the_folder_and_skips_it_when_absent(tmp_path, monkeypatch):
    assert "typeset styles" in suite.sources()
    monkeypatch.setattr(suite, "TYPESET", tmp_path / "typeset")
    with pytest.raises(suite.Skipped, match="absent"):
        suite.sources()["typeset styles"](("auto",), None)
