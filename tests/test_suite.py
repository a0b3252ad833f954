"""The development suite (tagger/evaluate/suite.py): its rows, its mean, its stored folds,
its page, and the command, on a small fixed set."""

import json

import pytest

from tagger import cli
from tagger.crf.model import DEFAULT_MODEL, manifest_path
from tagger.evaluate import suite

from training.corpora.mark_up import parse_line

# Two references, marked up as data/families/marked/ marks them, that `auto` tags right.
RECORDS = [{"id": str(i), **parse_line(line)} for i, line in enumerate([
    "{a:Hunter, J. D.} {y:(2007)}. {t:Matplotlib: A 2D graphics environment}. "
    "{v:Computing in Science & Engineering}, {vo:9}({i:3}), {p:90–95}.",
    "{a:Lamport L}. {t:Time, clocks, and the ordering of events in a distributed system}. "
    "{v:Commun ACM}. {y:1978};{vo:21}({i:7}):{p:558-65}.",
])]


def test_a_source_row_gives_core_f1_and_all_core_right_per_engine():
    rows = suite.annotated(RECORDS, engines=("auto", "crf"))
    assert set(rows) == {"auto", "crf"}
    assert rows["auto"] == {"n": 2, "core_f1": 1.0, "all_core_correct": 1.0}


def test_the_mean_is_over_the_sources_scored_and_a_skipped_one_is_said():
    table = {"x": {"auto": {"n": 10, "core_f1": 0.9, "all_core_correct": 0.5}},
             "y": {"auto": {"n": None, "core_f1": 0.7, "all_core_correct": None}},
             "z": {"skipped": "../shared is absent"}}
    table["mean"] = suite.means(table, ("auto",))
    assert table["mean"]["auto"]["core_f1"] == pytest.approx(0.8)
    assert table["mean"]["auto"]["all_core_correct"] == pytest.approx(0.5)
    text = suite.markdown(table, ("auto",), command="reftag evaluate --suite")
    assert "| x | 10 | 0.9000 | 50.0% |" in text
    assert "| y |  | 0.7000 | — |" in text
    assert "| **mean** |  | 0.8000 | 50.0% |" in text
    assert "- z: skipped, ../shared is absent" in text


def test_an_absent_pdf_folder_is_skipped(tmp_path):
    with pytest.raises(suite.Skipped):
        suite.pdf_folder(tmp_path / "real-pdf-dev")


def test_the_recipe_changes_with_what_the_model_was_trained_on(tmp_path):
    manifest = json.loads(manifest_path(DEFAULT_MODEL).read_text(encoding="utf-8"))
    model = tmp_path / "m.crfsuite"
    model.write_bytes(b"")
    manifest_path(model).write_text(json.dumps(manifest), encoding="utf-8")
    assert suite.recipe(model) == suite.recipe()
    manifest["scores"] = {}  # what a model scores is no part of how it was made
    manifest_path(model).write_text(json.dumps(manifest), encoding="utf-8")
    assert suite.recipe(model) == suite.recipe()
    manifest["params"] = {**manifest["params"], "c2": 0.5}
    manifest_path(model).write_text(json.dumps(manifest), encoding="utf-8")
    assert suite.recipe(model) != suite.recipe()


def test_a_change_to_the_parse_stages_code_changes_the_recipe(tmp_path):
    package = tmp_path / "tagger"
    (package / "doubts").mkdir(parents=True)
    (package / "parse.py").write_text("# the stages in turn\n")
    check = package / "doubts" / "dates.py"
    check.write_text("# n.d. is no year\n")
    before = suite.recipe(package=package)
    check.write_text("# n.d. is no year; nor is an access date\n")
    assert suite.recipe(package=package) != before


def test_stored_folds_are_used_while_the_recipe_holds_and_marked_stale_after(tmp_path):
    cache = tmp_path / "folds.json"
    stored = {"recipe": suite.recipe(), "crf": {"core_f1": 0.9465, "all_core_correct": 0.8152},
              "auto": {"core_f1": 0.9561, "all_core_correct": None}}
    cache.write_text(json.dumps(stored), encoding="utf-8")
    rows = suite.grobid_folds(cache=cache)
    assert rows["auto"]["core_f1"] == 0.9561 and "stale" not in rows
    cache.write_text(json.dumps({**stored, "recipe": "0" * 64}), encoding="utf-8")
    assert suite.grobid_folds(cache=cache)["stale"] is True
    with pytest.raises(suite.Skipped):
        suite.grobid_folds(cache=tmp_path / "none.json")


def test_kept_fold_models_are_scored_again_while_their_training_recipe_holds(monkeypatch,
                                                                            tmp_path):
    """A change to the parse stages alone costs minutes, not an hour of training: the kept
    models are rescored; another training recipe trains them anew (and stamps them after)."""
    commands = []
    monkeypatch.setattr(suite.subprocess, "run", lambda command, cwd: commands.append(command)
                        or type("Done", (), {"returncode": 0}))
    trained_by = suite.training_recipe()
    suite._run_folds(trained_by, kept=tmp_path)
    assert "--rescore" not in commands[-1] and str(tmp_path) in commands[-1]
    assert json.loads((tmp_path / "recipe.json").read_text(encoding="utf-8")) == trained_by
    suite._run_folds(trained_by, kept=tmp_path)
    assert "--rescore" in commands[-1]
    suite._run_folds({**trained_by, "params": {"c1": 9}}, kept=tmp_path)
    assert "--rescore" not in commands[-1]


def test_the_page_gets_the_table_between_its_markers(tmp_path):
    page = tmp_path / "results.md"
    page.write_text("# Results\n\nsomething\n", encoding="utf-8")
    suite.write_into_page("| first |\n", page)
    suite.write_into_page("| second |\n", page)
    text = page.read_text(encoding="utf-8")
    assert text.startswith("# Results\n\nsomething\n\n## The development suite")
    assert "| second |" in text and "| first |" not in text
    assert text.count(suite.BEGIN) == 1 and text.rstrip().endswith(suite.END)


def test_the_command_prints_the_table_and_writes_the_page(monkeypatch, tmp_path, capsys):
    page = tmp_path / "results.md"
    page.write_text("# Results\n", encoding="utf-8")
    monkeypatch.setattr(suite, "sources", lambda recompute_folds=False: {
        "fixed": lambda engines, model: suite.annotated(RECORDS, engines, model),
        "absent": lambda engines, model: suite.pdf_folder(tmp_path / "nowhere", engines, model)})
    monkeypatch.setattr(suite, "REPO", tmp_path)
    monkeypatch.setattr(suite, "RESULTS_PAGE", "results.md")
    assert cli.main(["evaluate", "--suite", "--markdown"]) == 0
    out = capsys.readouterr().out
    assert "| fixed | 2 | 1.0000 | 100.0% | 1.0000 | 100.0% |" in out
    assert "- absent: skipped" in out
    assert "| fixed | 2 |" in page.read_text(encoding="utf-8")


def test_the_suite_options_alone_are_a_usage_error(capsys):
    assert cli.main(["evaluate", "data/gold.jsonl", "--markdown"]) == 1
    assert "go with --suite" in capsys.readouterr().err
    assert cli.main(["evaluate", "--suite", "--cv", "3"]) == 1
    assert "--suite scores the project's own sources" in capsys.readouterr().err
