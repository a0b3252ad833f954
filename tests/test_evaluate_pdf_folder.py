"""`reftag evaluate FOLDER`: a folder of PDFs scored against its gold.jsonl, agreeing with the
reference scorer (shared/tools/real_pdf_eval.py, when it is there)."""

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tagger.evaluate.pdf_folder import (arxiv_venue, evaluate_folder, field_key, match,
                                        reference_key, score_document)

ROOT = Path(__file__).resolve().parents[1]
# The reference scorer sits in the shared tools beside the project (../shared/tools), or two
# levels up from a worktree; REFTAG_SHARED_TOOLS names it elsewhere.
TOOLS = [Path(os.environ["REFTAG_SHARED_TOOLS"])] if os.environ.get("REFTAG_SHARED_TOOLS") else [
    ROOT.parent / "shared" / "tools", ROOT.parents[1] / "shared" / "tools"]
SCORER = next((path for path in TOOLS if (path / "real_pdf_eval.py").is_file()), None)

REFERENCES = [
    "[1] Lopez P. GROBID: combining automatic bibliographic data recognition and term "
    "extraction. In: Research and Advanced Technology for Digital Libraries. Springer; 2009. "
    "p. 473-474.",
    "[2] Councill IG, Giles CL, Kan MY. ParsCit: an open-source CRF reference string parsing "
    "package. In: Proceedings of LREC. 2008. p. 661-667.",
    "[3] Tkaczyk D, Szostek P, Fedoryszak M, Dendek PJ, Bolikowski L. CERMINE: automatic "
    "extraction of structured metadata from scientific literature. Int J Doc Anal Recognit. "
    "2015;18(4):317-335. doi:10.1007/s10032-015-0249-8.",
    "[4] Prasad A, Kaur M, Kan MY. Neural ParsCit: a deep learning-based reference string "
    "parser. Int J Digit Libr. 2018;19:323-337.",
]
GOLD_FIELDS = [
    {"author": "Lopez P", "title": "GROBID: combining automatic bibliographic data recognition "
     "and term extraction", "venue": "Research and Advanced Technology for Digital Libraries",
     "year": "2009", "pages": "473-474", "doi": None},
    {"author": "Councill IG, Giles CL, Kan MY", "title": "ParsCit: an open-source CRF reference "
     "string parsing package", "venue": "Proceedings of LREC", "year": "2008",
     "pages": "661-667", "doi": None},
    {"author": "Tkaczyk D, Szostek P, Fedoryszak M, Dendek PJ, Bolikowski L", "title":
     "CERMINE: automatic extraction of structured metadata from scientific literature",
     "venue": "Int J Doc Anal Recognit", "year": "2015", "pages": "317-335",
     "doi": "10.1007/s10032-015-0249-8"},
    {"author": "Prasad A, Kaur M, Kan MY, et al", "title": "Neural ParsCit: a deep "
     "learning-based reference string parser", "venue": "Int J Digit Libr", "year": "2018",
     "pages": "323-337", "doi": None},
]
BODY = ("Reference strings are parsed by sequence labelling models in most tools that people "
        "use today, and the models are trained on a few thousand labelled examples.")


def _pdf(path: Path, lines: list) -> None:
    from reportlab.pdfgen import canvas

    sheet = canvas.Canvas(str(path), invariant=1)
    sheet.setFont("Times-Roman", 9)
    y = 760
    for line in lines:
        sheet.drawString(60, y, line)
        y -= 14
    sheet.showPage()
    sheet.save()


def _wrapped(text: str, width: int = 95) -> list:
    words, lines, line = text.split(), [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = "    " + word
        else:
            line = f"{line} {word}" if line else word
    return lines + [line]


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    pytest.importorskip("pypdfium2", reason="PDF input needs the pdf extra (pypdfium2)")
    pytest.importorskip("reportlab", reason="the test PDFs are typeset with reportlab")
    folder = tmp_path_factory.mktemp("pdfs")
    page = [BODY[:90], BODY[90:], "", "References", ""]
    for reference in REFERENCES[:3]:  # the fourth is in the gold, not in the paper: a miss
        page += _wrapped(reference)
    _pdf(folder / "paper.pdf", page)
    _pdf(folder / "essay.pdf", _wrapped(BODY * 2))  # no reference section at all
    gold = [{"doc": "paper.pdf", "n": n, "raw": raw, "fields": fields}
            for n, (raw, fields) in enumerate(zip(REFERENCES, GOLD_FIELDS), 1)]
    gold.append({"doc": "essay.pdf", "n": 1, "raw": REFERENCES[3], "fields": GOLD_FIELDS[3]})
    (folder / "gold.jsonl").write_text("".join(json.dumps(g) + "\n" for g in gold))
    return folder


def test_the_folder_is_scored_per_document_and_in_total(folder):
    result = evaluate_folder(folder)
    paper, essay = result["documents"]
    assert (paper["doc"], paper["gold"], paper["found"], paper["matched"]) == (
        "paper.pdf", 4, 3, 3)
    assert paper["segmentation"]["precision"] == 1.0 and paper["segmentation"]["recall"] == 0.75
    assert (essay["found"], essay["matched"], essay["crash"]) == (0, 0, None)
    total = result["total"]
    assert (total["gold"], total["found"], total["matched"]) == (5, 3, 3)
    assert total["fields"]["micro_f1"] >= 0.8  # three clean references: most fields right
    missed = [error for error in result["errors"] if error["kind"] == "missed"]
    assert [(error["doc"], error["n"]) for error in missed] == [("paper.pdf", 4), ("essay.pdf", 1)]


def test_the_command_prints_the_table_and_json(folder, capsys):
    from tagger.cli import main

    assert main(["evaluate", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "paper.pdf" in out and "TOTAL" in out and "segmentation P 1.000 R 0.600" in out
    assert main(["evaluate", str(folder), "--report", "json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["total"]["matched"] == 3
    assert main(["evaluate", str(folder), "--ratio", "0"]) == 1


def test_a_document_that_fails_scores_as_nothing_found(folder):
    def failing(path):
        raise RuntimeError("boom")

    result = evaluate_folder(folder, find=failing)
    assert result["total"]["found"] == 0
    assert result["documents"][0]["crash"] == "RuntimeError: boom"


def test_matching_is_one_to_one_best_first_without_citation_numbers():
    gold = [{"raw": "[1] Smith J. A title of some length. Nature 2001;4:1-2."},
            {"raw": "[2] Smith J. A title of some length. Nature 2001;4:1-3."}]
    found = [{"raw": "2. Smith J. A title of some length. Nature 2001;4:1-3."}]
    assert reference_key("[12] Ab, C.") == reference_key("12. ab c") == "abc"
    assert [(i, j) for i, j, _ in match(gold, found)] == [(1, 0)]  # the exact one, not the first
    assert match(gold, [{"raw": "Smith J. Another paper entirely. Science 1999."}]) == []


def test_fields_are_compared_as_the_reference_scorer_compares_them():
    assert field_key("venue", "In: Proc. LREC") == field_key("venue", "Proc LREC")
    assert field_key("year", "(2011a).") == "2011" and field_key("pages", "pp. 1–9") == "1-9"
    assert field_key("doi", "https://doi.org/10.1000/XYZ.") == "10.1000/xyz"
    assert field_key("title", " ") is None and field_key("title", None) is None
    assert arxiv_venue({"venue": "arXiv preprint arXiv:1512.01274"})["venue"] == \
        arxiv_venue({"venue": "arXiv", "arxiv": "1512.01274"})["venue"] == "arxiv:1512.01274"
    gold = [{"n": 1, "raw": "x" * 40, "fields": {"author": "Kan MY, et al", "year": "2018"}}]
    counts, _, errors = score_document("d", gold, [
        {"raw": "x" * 40, "fields": {"author": "Kan MY", "year": "2019", "doi": "10.1/2"}}])
    assert (counts["tp"], counts["fp"], counts["fn"], counts["allright"]) == (1, 2, 1, 0)
    assert {error["field"] for error in errors} == {"year", "doi"}


def _reference_module(name: str):
    spec = importlib.util.spec_from_file_location(name, SCORER / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(SCORER))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(SCORER))
    return module


@pytest.mark.skipif(SCORER is None, reason="the reference scorer (../shared/tools) is absent")
def test_field_keys_agree_with_score_py():
    score = _reference_module("score")
    values = ["In: Nature", "in Science", "// Proc. X", "(2011).", "septembre 1850", "n.d.",
              "pp. 12–19", "e1002", "doi: 10.1234/ABC.def).", "https://doi.org/10.55/x y.",
              "Smith, J. and Jones, K.", "  ", "Ζ. Ελληνικά", "２０２０年", None, "0"]
    for name in ("author", "title", "venue", "year", "pages", "doi", "volume"):
        for value in values:
            assert field_key(name, value) == score.norm(name, value), (name, value)
    for fields in ({"venue": "arXiv:2101.00001v2"}, {"venue": "CoRR abs/1512.01274"},
                   {"arxiv": "hep-ph/0101001"}, {"venue": "arXiv preprint", "arxiv": "1701.1"},
                   {"venue": "Nature", "arxiv": "1701.00001"}):
        assert arxiv_venue(fields) == score._arxiv_venue(fields), fields


@pytest.mark.skipif(SCORER is None, reason="the reference scorer (../shared/tools) is absent")
def test_the_folder_scores_agree_with_the_reference_scorer(folder, tmp_path):
    out = tmp_path / "reference.json"
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(ROOT), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run(
        [sys.executable, str(SCORER / "real_pdf_eval.py"), str(folder), "--reftag",
         f"{sys.executable} -m tagger", "--json", str(out)],
        capture_output=True, text=True, env=environment, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr[-500:]
    reference = json.loads(out.read_text())["pdf"]
    ours = evaluate_folder(folder)
    for row, document in zip(reference["rows"], ours["documents"], strict=True):
        assert row["doc"] == document["doc"] and row["crash"] is None
        assert {key: row.get(key, 0) for key in ("gold", "found", "matched", "tp", "fp", "fn",
                                                 "allright")} == {
            "gold": document["gold"], "found": document["found"],
            "matched": document["matched"], **document["counts"]}
    assert reference["errors"] == ours["errors"]
    assert reference["total"]["matched"] == 3 and "total:" in done.stdout


def test_a_real_paste_runs_from_under_the_list_s_heading_to_its_last_reference():
    """training.corpora.real_pastes cuts each PDF's list out of the reader's text as a user copies it:
    not the contents page's "References", not the body's mention of the first reference."""
    from training.corpora.real_pastes import paste_of

    text = "\n".join([
        "Contents", "1 Introduction 1", "References 9",
        "Smith and Jones (2001) first showed this.",
        "References",
        "Smith J, Jones K. A study of things. J Things. 2001;3:1-9.",
        "Journal of Things 12 (2024) 9",
        "Brown A, Kim J. Another study. Nature. 2003;4:5-6.",
        "Appendix A"])
    gold = [{"raw": "Smith J, Jones K. A study of things. J Things. 2001;3:1-9."},
            {"raw": "Brown A, Kim J. Another study. Nature. 2003;4:5-6."}]
    assert paste_of(text, gold).split("\n") == text.split("\n")[5:8]
    assert paste_of(text, [{"raw": "Lee S. Not in the text. 2004."}]) is None
