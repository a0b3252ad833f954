"""The evaluation harness on hand-worked cases: plain dicts, no model needed."""

import io
import json

import pytest

from tagger.evaluate import score
from tagger.evaluate.compare import paired_bootstrap
from tagger.evaluate.crossval import fold_indices
from tagger.evaluate.fieldscore import compare_fields, score_fields
from tagger.evaluate.normalize import normalize_value
from tagger.evaluate.predictions import pair_predictions
from tagger.evaluate.tokenscore import score_tokens, word_labels
from tagger.crf.train import REPO


# --- normalization -------------------------------------------------------------------------

@pytest.mark.parametrize("label, value, key", [
    ("year", "(2011).", "2011"),
    ("year", "septembre 2014", "2014"),
    ("year", "n.d.", "nd"),
    ("pages", "pp. 327–335.", "327 335"),
    ("pages", "３２７-３３５", "327 335"),  # full-width digits, NFKC
    ("volume", "Vol. 61,", "61"),
    ("issue", "(3)", "3"),
    ("doi", "doi: 10.1000/ABC.12", "10.1000/abc.12"),
    ("doi", "https://doi.org/10.1000/ABC.12", "10.1000/abc.12"),
    ("doi", "DOI:10.1000/abc.12", "10.1000/abc.12"),
    ("title", "Information  Deﬁcits: a Study.", "informationdeficitsastudy"),
    ("author", "Müller, J.-P.", "müllerjp"),
    ("venue", "()", ""),
    ("title", None, ""),
])
def test_normalize_value(label, value, key):
    assert normalize_value(label, value) == key


# --- field level ---------------------------------------------------------------------------

GOLD_1 = {"author": "Smith, J.", "title": "A study of things", "year": "2001", "pages": "1–10"}
PRED_1 = {"author": "Smith J", "title": "A study", "venue": "Nature", "year": "(2001)"}
GOLD_2 = {"author": "Lee, K.", "title": "Graphs", "venue": "J. Math.", "year": "1999",
          "doi": "10.1/xyz"}
PRED_2 = {"author": "Lee, K", "title": "graphs", "venue": "J Math", "year": "1999",
          "doi": "https://doi.org/10.1/XYZ"}


def test_wrong_value_is_one_false_positive_and_one_false_negative():
    counts = compare_fields(GOLD_1, PRED_1)
    assert counts == {
        "author": (1, 0, 0),  # same after normalization
        "title": (0, 1, 1),   # wrong value
        "venue": (0, 1, 0),   # extra field
        "year": (1, 0, 0),
        "pages": (0, 0, 1),   # missed field
    }


def test_scores_worked_by_hand():
    scores = score_fields([compare_fields(GOLD_1, PRED_1), compare_fields(GOLD_2, PRED_2)])
    labels = scores["labels"]
    assert list(labels) == ["author", "title", "venue", "year", "pages", "doi"]
    assert labels["author"] == {"precision": 1.0, "recall": 1.0, "f1": 1.0, "support": 2,
                                "tp": 2, "fp": 0, "fn": 0}
    assert (labels["title"]["precision"], labels["title"]["recall"]) == (0.5, 0.5)
    assert labels["venue"]["precision"] == 0.5 and labels["venue"]["recall"] == 1.0
    assert labels["venue"]["f1"] == pytest.approx(2 / 3)
    assert labels["venue"]["support"] == 1
    assert labels["pages"] == {"precision": 0.0, "recall": 0.0, "f1": 0.0, "support": 1,
                               "tp": 0, "fp": 0, "fn": 1}
    # core: tp 2+1+1+2+0+1 = 7, fp title+venue = 2, fn title+pages = 2
    assert (scores["core"]["tp"], scores["core"]["fp"], scores["core"]["fn"]) == (7, 2, 2)
    assert scores["core"]["f1"] == pytest.approx(7 / 9)
    assert scores["all_core_correct"] == 0.5


def test_values_empty_after_normalization_count_as_absent():
    assert compare_fields({"title": "X"}, {"title": "x.", "venue": "()"}) == {"title": (1, 0, 0)}


def test_extended_labels_do_not_enter_the_core_micro_f1():
    scores = score_fields([compare_fields({"title": "A", "note": "in press"}, {"title": "A"})])
    assert scores["core"]["f1"] == 1.0
    assert scores["labels"]["note"]["recall"] == 0.0
    assert scores["all_core_correct"] == 1.0


# --- whole references through gold spans ---------------------------------------------------

TEXT = "Smith, J. (2001). Part one. Part two. Nature 12:1-10."
SPANS = [[0, 9, "author"], [10, 17, "year"], [18, 27, "title"], [28, 37, "title"],
         [38, 44, "venue"], [45, 47, "volume"], [48, 53, "pages"]]
RECORD = {"id": "r1", "text": TEXT, "spans": SPANS}


def _perfect(record):
    return {"fields": {}, "tokens": [{"start": start, "end": end, "label": label}
                                     for start, end, label in record["spans"]]}


def test_several_spans_of_one_label_are_one_field():
    result = score([RECORD], [{"fields": {"author": "Smith J", "year": "2001",
                                          "title": "Part one. Part two", "venue": "Nature",
                                          "volume": "12", "pages": "1-10"}}])
    assert result.references[0]["gold"]["title"] == "Part one. Part two"
    assert result.fields["core"]["f1"] == 1.0
    half = score([RECORD], [{"fields": {"title": "Part one"}}])
    assert half.fields["labels"]["title"]["tp"] == 0
    assert (half.fields["labels"]["title"]["fp"], half.fields["labels"]["title"]["fn"]) == (1, 1)


def test_gold_against_itself_is_perfect():
    from tagger.evaluate import gold_fields

    records = [RECORD, {"id": "r2", "text": "Lee K 1999 Graphs. J Math.",
                        "spans": [[0, 5, "author"], [6, 10, "year"], [11, 18, "title"],
                                  [19, 26, "venue"]]}]
    predictions = [{**_perfect(r), "fields": gold_fields(r["text"], r["spans"])}
                   for r in records]
    result = score(records, predictions)
    assert all(s["f1"] == 1.0 for s in result.fields["labels"].values())
    assert result.core_f1 == 1.0 and result.fields["all_core_correct"] == 1.0
    assert result.tokens["accuracy"] == 1.0
    assert all(s["f1"] == 1.0 for s in result.tokens["labels"].values())
    assert result.errors(5) == []


def test_empty_predictions_score_zero():
    result = score([RECORD], [{"fields": {}, "tokens": []}])
    assert result.core_f1 == 0.0
    assert all(s["f1"] == 0.0 and s["recall"] == 0.0 for s in result.fields["labels"].values())
    assert all(s["f1"] == 0.0 for s in result.tokens["labels"].values())
    assert result.fields["all_core_correct"] == 0.0
    assert result.errors(1)[0]["wrong"] == ["author", "title", "venue", "year", "pages", "volume"]


def test_tokens_of_a_differently_spaced_raw_are_realigned():
    from tagger.evaluate.scoring import realign

    assert realign([(0, 6, "author"), (8, 12, "year")], "Smith,  2001.", "Smith, 2001.") == \
        [(0, 6, "author"), (7, 11, "year")]
    assert realign([(0, 6, "author")], "Smith, 2001", "Smyth, 2001") == []
    prediction = {"raw": " Smith,  J.  2001.", "fields": {},
                  "tokens": [{"start": 1, "end": 11, "label": "author"},
                             {"start": 13, "end": 17, "label": "year"}]}
    record = {"text": "Smith, J. 2001.", "spans": [[0, 9, "author"], [10, 14, "year"]]}
    assert score([record], [prediction]).tokens["accuracy"] == 1.0


def test_predictions_without_tokens_have_no_token_scores():
    assert score([RECORD], [{"fields": {}}]).tokens is None


def test_mismatched_lengths_are_refused():
    with pytest.raises(ValueError):
        score([RECORD], [])


# --- token level ---------------------------------------------------------------------------

def test_word_labels_take_the_label_covering_most_characters():
    text = "Smith, J. 2001:12-15. x"
    spans = [(0, 9, "author"), (10, 14, "year"), (15, 20, "pages")]
    assert word_labels(text, spans) == ["author", "author", "pages", "O"]
    # finer predicted tokens project onto the same words
    tokens = [(0, 5, "author"), (5, 6, "O"), (7, 8, "author"), (10, 14, "year"),
              (14, 15, "O"), (15, 17, "pages"), (22, 23, "note")]
    assert word_labels(text, tokens) == ["author", "author", "year", "note"]


def test_token_scores_and_confusion_by_hand():
    scores = score_tokens([(["author", "author", "year", "O"], ["author", "title", "year", "O"])])
    assert scores["accuracy"] == 0.75
    assert scores["labels"]["author"] == {"precision": 1.0, "recall": 0.5,
                                          "f1": pytest.approx(2 / 3), "support": 2}
    assert scores["labels"]["title"]["precision"] == 0.0
    names = scores["confusion"]["labels"]
    assert names == ["author", "title", "year", "O"]
    assert scores["confusion"]["matrix"][0] == [1, 1, 0, 0]


# --- pairing, comparison, folds --------------------------------------------------------------

def test_predictions_pair_by_id_then_raw_then_position():
    records = [{"id": "a", "text": "one  ref"}, {"id": "b", "text": "two"}]
    by_id = pair_predictions(records, [{"id": "b", "fields": {"x": 2}},
                                       {"id": "a", "fields": {"x": 1}}])
    assert [p["fields"]["x"] for p in by_id] == [1, 2]
    by_raw = pair_predictions(records, [{"raw": "two", "fields": {"x": 2}},
                                        {"raw": "one ref", "fields": {"x": 1}}])
    assert [p["fields"]["x"] for p in by_raw] == [1, 2]
    by_position = pair_predictions(records, [{"fields": {"x": 1}}, {"fields": {"x": 2}}])
    assert [p["fields"]["x"] for p in by_position] == [1, 2]
    with pytest.warns(UserWarning):
        missing = pair_predictions(records, [{"raw": "two", "fields": {"x": 2}}])
    assert missing[0] == {"fields": {}}


def test_paired_bootstrap():
    same = [(1, 0, 0), (0, 1, 1), (2, 0, 1)] * 20
    assert paired_bootstrap(same, same) == {"delta": 0.0, "ci95": [0.0, 0.0], "p_value": 1.0,
                                            "resamples": 1000, "seed": 20240601}
    better = [(3, 0, 0)] * 50
    worse = [(1, 2, 2)] * 50
    result = paired_bootstrap(better, worse)
    assert result["delta"] == pytest.approx(1 - 0.333333, abs=1e-5)
    assert result["p_value"] == 0.0 and result["ci95"][0] > 0.5
    mixed = [(1, 0, 0), (0, 1, 1)] * 30
    flipped = [(0, 1, 1), (1, 0, 0)] * 30
    assert paired_bootstrap(mixed, flipped)["p_value"] > 0.5
    sixty = worse + worse[:10]
    assert paired_bootstrap(mixed, sixty) == paired_bootstrap(mixed, sixty)  # fixed seed
    with pytest.raises(ValueError):
        paired_bootstrap(mixed, worse)


def test_folds_are_fixed_disjoint_and_cover_everything():
    folds = fold_indices(10, 3)
    assert folds == fold_indices(10, 3)
    assert sorted(i for fold in folds for i in fold) == list(range(10))
    assert sorted(map(len, folds)) == [3, 3, 4]
    with pytest.raises(ValueError):
        fold_indices(3, 5)


# --- progress bar ----------------------------------------------------------------------------

class _Terminal(io.StringIO):
    def isatty(self):
        return True


RECORDS = [{"text": "Smith J. Part one. Nature, 2019."}] * 5


@pytest.mark.parametrize("stderr, show, drawn", [
    (io.StringIO(), True, False),  # not a terminal: nothing, so logs stay clean
    (_Terminal(), True, True),
    (_Terminal(), False, False),  # asked not to
])
def test_progress_is_drawn_on_a_terminal_when_asked(stderr, show, drawn):
    from unittest import mock

    from tagger.evaluate.predictions import predict

    with mock.patch("sys.stderr", stderr):
        assert len(predict(RECORDS, engine="rules", show_progress=show)) == 5
    assert ("parsing" in stderr.getvalue() and "5/5" in stderr.getvalue()) is drawn
    assert drawn or stderr.getvalue() == ""


# --- reports and the command line -------------------------------------------------------------

def test_reports(tmp_path):
    from tagger.evaluate.html import write_html
    from tagger.evaluate.report import json_report, markdown_report, text_report

    result = score([RECORD], [{"fields": {"author": "Smith J", "title": "Part one"},
                               "tokens": [{"start": 0, "end": 9, "label": "author"}]}],
                   system="rules", data=["tiny.jsonl"])
    command = "reftag evaluate tiny.jsonl --engine rules --report md"
    markdown = markdown_report(result, command)
    assert "| author | 1.000 | 1.000 | 1.000 | 1 |" in markdown
    assert command in markdown
    summary = json.loads(json_report(result, command, errors=1))
    assert summary["fields"]["labels"]["title"]["fp"] == 1
    assert summary["errors"][0]["gold"]["title"] == "Part one. Part two"
    assert "core micro-F1 0.286" in text_report(result)  # tp 1, fp 1, fn 4 → 2/7
    page = write_html(result, command, tmp_path).read_text(encoding="utf-8")
    assert 'title="title">Part one. Part two.</mark>' in page  # gold: two spans, one mark
    assert 'title="author">Smith, J.</mark> (2001)' in page  # predicted side: author only


def test_html_heat_map_falls_back_to_css_without_matplotlib(tmp_path, monkeypatch):
    import builtins

    from tagger.evaluate.html import write_html

    real_import = builtins.__import__

    def no_matplotlib(name, *args, **kwargs):
        if name.startswith("matplotlib"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    result = score([RECORD], [_perfect(RECORD)], system="gold")
    page = write_html(result, "reftag evaluate x", tmp_path).read_text(encoding="utf-8")
    assert "rgba(30,90,200,1.00)" in page and "confusion.png" not in page
    assert not (tmp_path / "confusion.png").exists()


def test_cli_scores_a_predictions_file(tmp_path, capsys):
    from tagger.cli import main

    data = tmp_path / "gold.jsonl"
    data.write_text(json.dumps(RECORD) + "\n", encoding="utf-8")
    predictions = tmp_path / "pred.jsonl"
    predictions.write_text(json.dumps({"raw": TEXT, "fields": {"author": "Smith, J.",
                                                               "year": "2001"}}) + "\n")
    assert main(["evaluate", str(data), "--predictions", str(predictions), "--errors", "1"]) == 0
    out = capsys.readouterr().out
    assert "core micro-F1 0.571" in out  # tp 2, fp 0, fn 3 (title, venue, pages) → 4/7
    assert "Token-level: not available" in out
    assert 'gold: "Part one. Part two"' in out
    assert main(["evaluate", str(data), "--report", "html"]) == 1
    assert "needs --out" in capsys.readouterr().err


def test_cli_compares_the_engines_of_the_shipped_model(tmp_path, capsys):
    """"auto" and "default" (the CRF alone) are systems --compare knows, besides "rules"."""
    from tagger.cli import main

    data = tmp_path / "sample.jsonl"
    gold = (REPO / "data" / "gold.jsonl").read_text(encoding="utf-8").splitlines()
    data.write_text("\n".join(gold[:40]) + "\n", encoding="utf-8")
    assert main(["evaluate", str(data), "--compare", "auto", "default", "--report", "json"]) == 0
    comparison = json.loads(capsys.readouterr().out)
    systems = [summary["system"] for summary in comparison["summaries"]]
    assert systems[0].startswith("auto") and systems[1].startswith("crf")


# --- converters for other tools' output ------------------------------------------------------

GROBID_TEI = """<TEI xmlns="http://www.tei-c.org/ns/1.0"><teiHeader><fileDesc><sourceDesc>
<biblStruct><analytic><title level="a">The paper itself</title></analytic></biblStruct>
</sourceDesc></fileDesc></teiHeader><text><back><listBibl>
<biblStruct><analytic><title level="a" type="main">Information deficits</title>
<author><persName><forename>W</forename><forename>E</forename><surname>Haefeli</surname></persName></author>
<author><persName><forename>V</forename><surname>Bergk</surname></persName></author>
<idno type="DOI">10.1007/S00228</idno></analytic>
<monogr><title level="j">Eur J Clin Pharmacol</title><imprint>
<biblScope unit="volume">61</biblScope>
<biblScope unit="page" from="327" to="335"/><date type="published" when="2005"/></imprint></monogr>
<note type="raw_reference">Haefeli, W. E. and Bergk, V. et al. Information deficits. Eur J Clin
Pharmacol 61, 327–335 (2005).</note></biblStruct>
</listBibl></back></text></TEI>"""


def test_grobid_tei_converts_to_contract_fields(tmp_path):
    from training.benchmarks.convert_predictions import from_grobid_tei

    path = tmp_path / "grobid.tei.xml"
    path.write_text(GROBID_TEI, encoding="utf-8")
    [prediction] = from_grobid_tei(path, [])  # the header's own biblStruct is not a reference
    assert prediction["raw"].startswith("Haefeli, W. E. and")
    assert prediction["fields"] == {
        "title": "Information deficits", "venue": "Eur J Clin Pharmacol",
        "author": "Haefeli, W. E. and Bergk, V. et al.",  # cut from the raw reference
        "year": "2005", "volume": "61", "pages": "327-335", "doi": "10.1007/S00228"}


def test_anystyle_json_names_follow_the_raw_reference():
    from training.benchmarks.convert_predictions import from_anystyle_json

    items = [{"author": [{"family": "Ambacher", "given": "O."}, {"family": "Foutz", "given": "B."}],
              "date": ["2000"], "container-title": ["J. Appl. Phys."], "type": "article-journal"},
             {"author": [{"family": "Smith", "given": "J."}], "title": ["A book"]}]
    raws = ["O. Ambacher and B. Foutz, J. Appl. Phys. 87, 334 (2000)"]
    first, second = from_anystyle_json(items, raws)
    assert first["fields"] == {"author": "O. Ambacher and B. Foutz", "year": "2000",
                               "venue": "J. Appl. Phys."}
    assert first["raw"] == raws[0]
    assert second == {"fields": {"author": "J. Smith", "title": "A book"}, "engine": "anystyle"}


# --- with the parser: the rule tagger and a tiny cross-validation ------------------------------

def test_evaluate_runs_the_rule_tagger_on_records():
    from tagger.evaluate import evaluate

    result = evaluate([RECORD], engine="rules")
    assert result.system == "rules" and len(result.references) == 1
    assert result.references[0]["predicted"]  # the rules found something
    assert 0.0 < result.tokens["accuracy"] <= 1.0


def test_cross_validation_is_repeatable(tmp_path):
    from tagger.evaluate import cross_validate

    records = [{"id": str(i), "text": f"Smith{i}, J. ({1990 + i}). Title number {i}. Nature, {i}.",
                "spans": [[0, 9, "author"], [11, 17, "year"]]} for i in range(8)]
    first = cross_validate(records, 2, params={"max_iterations": 5})
    second = cross_validate(records, 2, params={"max_iterations": 5})
    assert first["k"] == 2 and first["references"] == 8 and len(first["folds"]) == 2
    assert first["core_f1"] == second["core_f1"]
    assert set(first["labels"]) >= {"author", "year"}


def test_benchmark_reports_every_number():
    from tagger.commands.benchmark import benchmark, format_numbers

    numbers = benchmark([TEXT, "Lee K (1999) Graphs. J Math 3: 1-9."] * 3, "rules", None, 1,
                        repeat=2)
    assert numbers["references"] == 6 and numbers["model_load_s"] is None
    assert numbers["passes"] == 2 and numbers["refs_per_s_first_pass"] > 0
    assert numbers["refs_per_s_1_process"] > 0 and numbers["peak_memory_mb"] > 10
    assert 0 < numbers["import_s"] <= numbers["startup_s"] <= numbers["process_s"]
    numbers["command"] = "reftag benchmark x.txt"
    assert "throughput, 1 process" in format_numbers(numbers)


def test_segmentation_scores_through_the_command(capsys):
    from tagger.cli import main

    assert main(["evaluate", "data/finder/handmade", "--report", "json"]) == 0
    scores = json.loads(capsys.readouterr().out)["data/finder/handmade"]["references"]
    assert scores["gold_references"] > 20 and scores["f1"] >= 0.9
