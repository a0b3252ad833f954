"""Calibration of `confidence` against all core fields right: hand-worked pairs, the bins'
edges, and the sections of the reports (rules engine and the tiny model, never the shipped one)."""

import json

import pytest

from tagger.evaluate import calibration_of, evaluate, load_records, score
from tagger.evaluate.calibration import (auroc, calibration, equal_mass_bins, equal_width_bins,
                                         errors_in_least_confident)
from tagger.evaluate.html import write_html
from tagger.evaluate.predictions import predict
from tagger.evaluate.report import json_report, markdown_report, text_report
from tagger.crf.train import REPO

GOLD = REPO / "data" / "gold.jsonl"


def test_perfectly_calibrated_pairs_have_no_error():
    pairs = [(0.25, i < 1) for i in range(4)] + [(0.75, i < 3) for i in range(4)]
    summary = calibration(pairs)
    assert summary["ece"] == pytest.approx(0.0)
    assert calibration(pairs, bins=2)["ece_equal_mass"] == pytest.approx(0.0)
    assert summary["ece_equal_mass"] == pytest.approx(0.375)  # 8 bins of one: 0 or 1 each
    assert summary["accuracy"] == pytest.approx(0.5)
    assert summary["brier"] == pytest.approx((1 * 0.75**2 + 3 * 0.25**2) * 2 / 8)


def test_confident_and_always_wrong_is_the_worst_calibration():
    summary = calibration([(1.0, False)] * 5 + [(0.999, False)] * 5)
    assert summary["ece"] == pytest.approx(0.9995)
    assert summary["brier"] == pytest.approx((5 + 5 * 0.999**2) / 10)
    assert summary["auroc"] is None  # nothing right to rank above the errors
    assert summary["errors_in_least_confident"]["0.1"] == pytest.approx(0.1)


def test_ece_weights_each_bin_by_its_share():
    # [0.9, 1.0]: 8 at 0.95, 6 right (gap 0.2); [0.5, 0.6): 2 at 0.5, 1 right (gap 0)
    pairs = [(0.95, i < 6) for i in range(8)] + [(0.5, True), (0.5, False)]
    assert calibration(pairs)["ece"] == pytest.approx(0.8 * 0.2)


def test_equal_width_bin_edges():
    bins = equal_width_bins([(1.0, True), (0.0, False), (0.1, True), (0.3, True), (0.9, False)])
    assert len(bins) == 10
    assert [b["n"] for b in bins] == [1, 1, 0, 1, 0, 0, 0, 0, 0, 2]  # 1.0 in the last bin
    assert bins[2] == {"low": 0.2, "high": 0.3, "n": 0, "confidence": None, "accuracy": None}
    assert bins[9]["accuracy"] == 0.5 and bins[9]["confidence"] == pytest.approx(0.95)


def test_equal_mass_bins_split_evenly_and_never_empty():
    bins = equal_mass_bins([(i / 24, True) for i in range(24)], 10)
    assert [b["n"] for b in bins] == [3, 3, 3, 3, 2, 2, 2, 2, 2, 2]
    assert bins[0]["low"] == 0.0 and bins[-1]["high"] == pytest.approx(23 / 24)
    assert [b["n"] for b in equal_mass_bins([(0.5, True)] * 3, 10)] == [1, 1, 1]


def test_no_pairs_is_marked_unavailable():
    assert calibration([]) == {"available": False, "n": 0,
                               "reason": "no references with a confidence"}
    with pytest.raises(ValueError):
        calibration([(0.5, True)], bins=0)


def test_ranking_errors():
    pairs = [(0.9, True), (0.8, True), (0.7, False), (0.6, True), (0.1, False)]
    assert auroc(pairs) == pytest.approx(5 / 6)  # 5 of the 6 right-wrong pairs ordered right
    assert auroc([(0.5, True), (0.5, False)]) == pytest.approx(0.5)  # ties count half
    assert errors_in_least_confident(pairs, 0.2) == pytest.approx(0.5)
    assert errors_in_least_confident(pairs, 0.6) == pytest.approx(1.0)
    # a tie group straddling the cut counts in proportion: 2 of 4 tied, 2 of them wrong
    assert errors_in_least_confident([(0.5, False)] * 2 + [(0.5, True)] * 2, 0.5) \
        == pytest.approx(0.5)
    assert errors_in_least_confident([(0.5, True)], 0.1) is None


RECORDS = [
    {"id": "a", "text": "Smith, J. (2001). A study. Nature, 12, 1-10.",
     "spans": [(0, 9, "author"), (11, 15, "year"), (18, 25, "title"), (27, 33, "venue"),
               (39, 43, "pages")]},
    {"id": "b", "text": "Nothing core here", "spans": [(0, 17, "note")]},
]


def test_all_core_right_is_the_harness_definition():
    predictions = [
        {"fields": {"author": "Smith, J.", "year": "2001", "title": "A study", "venue": "Nature",
                    "pages": "1-10"}, "confidence": 0.9},
        {"fields": {"note": "Nothing core here"}, "confidence": 0.6},  # no core field: right
    ]
    result = score(RECORDS, predictions)
    assert result.fields["all_core_correct"] == 1.0
    assert result.calibration["accuracy"] == 1.0
    predictions[1] = {"fields": {"title": "Nothing core here"}, "confidence": 0.6}
    result = score(RECORDS, predictions)
    assert result.calibration["accuracy"] == result.fields["all_core_correct"] == 0.5


def test_predictions_without_confidence_leave_calibration_unavailable(tmp_path):
    path = tmp_path / "p.jsonl"
    path.write_text("".join(json.dumps({"id": r["id"], "fields": {}}) + "\n" for r in RECORDS))
    result = evaluate(RECORDS, predictions=str(path))
    assert result.calibration["available"] is False
    assert result.calibration["without_confidence"] == 2
    assert "not available (the predictions carry no confidence)" in text_report(result)
    assert json.loads(json_report(result, "cmd"))["calibration"]["available"] is False
    assert "not available" in write_html(result, "cmd", tmp_path / "html").read_text()
    # a confidence that is no probability is left out, not trusted
    partial = [{"fields": {}, "confidence": 0.5}, {"fields": {}, "confidence": 7}]
    summary = calibration_of(RECORDS, partial)
    assert summary["n"] == 1 and summary["without_confidence"] == 1


@pytest.fixture(scope="module")
def rules_result():
    return evaluate(load_records(GOLD)[:60], engine="rules")


def test_reports_show_calibration(rules_result, tmp_path):
    summary = rules_result.calibration
    assert summary["available"] and summary["n"] == 60
    assert 0.0 <= summary["ece"] <= 1.0
    assert sum(b["n"] for b in summary["reliability"]) == 60
    text = text_report(rules_result, "cmd")
    assert "ECE" in text and "confidence bin" in text and "[0.9, 1.0]" in text
    markdown = markdown_report(rules_result, "cmd")
    assert "| confidence bin | n | mean confidence | accuracy |" in markdown
    assert json.loads(json_report(rules_result, "cmd"))["calibration"]["ece"] == summary["ece"]
    page = write_html(rules_result, "cmd", tmp_path).read_text(encoding="utf-8")
    assert "<h2>Confidence calibration</h2>" in page
    assert '<svg xmlns="http://www.w3.org/2000/svg" class="reliability"' in page
    assert page.count("<rect") >= 1 + sum(1 for b in summary["reliability"] if b["n"])


def test_helper_takes_records_and_predictions_or_a_result(tiny_model):
    records = load_records(GOLD)[:30]
    predictions = predict(records, engine="crf", model=tiny_model)
    summary = calibration_of(records, predictions)
    assert summary["n"] == 30 and summary["available"]
    assert set(summary) >= {"ece", "ece_equal_mass", "brier", "auroc", "reliability"}
    assert calibration_of(score(records, predictions)) == summary
    with pytest.raises(ValueError):
        calibration_of(records)


def test_cli_html_report_draws_the_plot(tmp_path, capsys):
    from tagger.cli import main

    data = tmp_path / "few.jsonl"
    data.write_text("".join(json.dumps(record) + "\n" for record in load_records(GOLD)[:20]),
                    encoding="utf-8")
    out = tmp_path / "report"
    assert main(["evaluate", str(data), "--engine", "rules", "--report", "html",
                 "--out", str(out)]) == 0
    assert "ECE" in capsys.readouterr().out
    assert 'class="reliability"' in (out / "report.html").read_text(encoding="utf-8")
