"""The retraining loop a user runs: label → correct → train → evaluate, in the CLI."""

import json
import sys
import time

import pytest

from tagger.cli import main
from tagger.commands import train as train_command
from tagger.corpora.corpus import load, read_anystyle_xml, write_jsonl
from tagger.crf.model import load_model
from tagger.crf.train import REPO, Progress, train

REFERENCES = [
    "Romero J, Yin JQ. Accelerating collective communication. In: Proc. of NSDI. Renton: "
    "USENIX, 2022. 1027–1040.",
    "LeCun, Y., Bengio, Y., & Hinton, G. (2015). Deep learning. Nature, 521(7553), 436–444.",
    "周志华. 机器学习[M]. 北京: 清华大学出版社, 2016.",
]


@pytest.fixture
def small_benchmark(tmp_path, monkeypatch):
    """A 30-reference stand-in for gold, so the before/after's benchmark column is quick."""
    path = tmp_path / "gold.jsonl"
    write_jsonl(load(REPO / "data" / "gold.jsonl")[:30], path)
    monkeypatch.setattr(train_command, "BENCHMARK", path)
    return path


@pytest.fixture
def small_base(monkeypatch):
    """The shipped model's data cut short (for time): the fast and full recipes draw on it."""
    monkeypatch.setattr("tagger.crf.train.shipped_training_sets",
                        lambda model=None: {"data/core.jsonl": load(REPO / "data/core.jsonl")[:60],
                                            "data/good.jsonl": load(REPO / "data/good.jsonl")[:40]})


def test_label_writes_anystyle_xml_least_confident_first(tmp_path):
    source = tmp_path / "refs.txt"
    source.write_text("\n".join(REFERENCES) + "\n\n", encoding="utf-8")
    out = tmp_path / "refs.xml"
    assert main(["label", str(source), "-o", str(out)]) == 0
    records = read_anystyle_xml(out)
    assert len(records) == len(REFERENCES)  # the blank line is not a reference
    assert sorted(r["text"] for r in records) == sorted(" ".join(t.split()) for t in REFERENCES)
    assert all(record["spans"] for record in records)


def test_label_xml_keeps_a_label_inside_a_word(tmp_path):
    """"深度残差学习[J]." : the genre inside the title's word survives into the XML (issue 47)."""
    source = tmp_path / "refs.txt"
    source.write_text("何凯明, 张祥雨. 深度残差学习[J]. 计算机学报, 2016, 39(1): 1-10.\n",
                      encoding="utf-8")
    out = tmp_path / "refs.xml"
    assert main(["label", str(source), "-o", str(out), "--engine", "crf"]) == 0
    assert "<genre>[J].</genre>" in out.read_text(encoding="utf-8")
    [record] = read_anystyle_xml(out)
    assert [record["text"][start:end] for start, end, label in record["spans"]
            if label == "genre"] == ["[J]."]


def test_a_model_train_wrote_works_in_info_parse_evaluate_and_serve(
        tmp_path, capsys, small_benchmark):
    from serve_helpers import post_json, running_server

    data = tmp_path / "mine.jsonl"
    write_jsonl(load(REPO / "data/core.jsonl")[:30], data)
    model = tmp_path / "mine.crfsuite"
    assert main(["train", str(data), "--base", "none", "--max-iterations", "10", "--quiet",
                 "-o", str(model)]) == 0
    capsys.readouterr()
    manifest = json.loads(model.with_suffix(".json").read_text(encoding="utf-8"))
    assert manifest["training"]["recipe"] == "none"
    assert manifest["training"]["sources"][str(data)]["records"] == 30
    assert len(manifest["training"]["sources"][str(data)]["sha256"]) == 64
    assert "rules_evidence" not in manifest  # trained on other data: auto is its CRF alone

    assert main(["info", "--model", str(model)]) == 0
    out = capsys.readouterr().out
    assert "trained on 30 references" in out and "none: your references only" in out
    assert main(["parse", "--engine", "crf", "--model", str(model), "--format", "jsonl",
                 str(data)]) in (0, 2)
    assert len(capsys.readouterr().out.splitlines()) == 30
    assert main(["evaluate", str(data), "--engine", "crf", "--model", str(model)]) == 0
    assert "core" in capsys.readouterr().out.lower()
    with running_server("--model", str(model)) as base:
        status, records = post_json(base, "/api/parse", REFERENCES)
    assert status == 200 and len(records) == 3 and all(r["fields"] for r in records)


def test_info_reads_what_an_older_train_wrote(tmp_path, capsys):
    """`reftag info` on a manifest of the earlier `reftag train` (sources holding strings):
    the AttributeError of issue 47 is gone, and what can be read is shown."""
    model = tmp_path / "old.crfsuite"
    train(load(REPO / "data/core.jsonl")[:20], model, params={"max_iterations": 5})
    manifest = json.loads(model.with_suffix(".json").read_text(encoding="utf-8"))
    manifest["training"]["sources"] = {"base": "default", "files": ["references.jsonl"],
                                       "weight": 3, "user_records": 3, "held_out": 0}
    model.with_suffix(".json").write_text(json.dumps(manifest), encoding="utf-8")
    load_model.cache_clear()
    assert main(["info", "--model", str(model)]) == 0
    assert "old.crfsuite: 20 labels, trained on 20 references" in capsys.readouterr().out


def test_the_fast_recipe_samples_the_base_and_says_so(tmp_path, capsys, small_base,
                                                      small_benchmark):
    data = tmp_path / "mine.jsonl"
    write_jsonl(load(REPO / "data/core.jsonl")[100:112], data)
    model = tmp_path / "mine.crfsuite"
    assert main(["train", str(data), "--max-iterations", "10", "--quiet",
                 "-o", str(model)]) == 0
    manifest = json.loads(model.with_suffix(".json").read_text(encoding="utf-8"))
    training = manifest["training"]
    assert training["recipe"] == "fast"
    assert training["base"]["model"] == "default.crfsuite" and training["base"]["of"] == 100
    assert training["sources"][str(data)]["records"] == 12
    weight = training["sources"][str(data)]["weight"]
    assert training["records"] == training["base"]["records"] + 12 * weight
    captured = capsys.readouterr()
    assert "fast recipe" in captured.err
    # 12 references: three folds of four, each scored by a model trained without it
    assert "3-fold cross-validation over your 12 references" in captured.out
    assert "your references" in captured.out and "benchmark (gold.jsonl)" in captured.out
    assert "core micro-F1" in captured.out and "title" in captured.out
    assert main(["info", "--model", str(model)]) == 0
    assert "fast: your references added to default.crfsuite's data" in capsys.readouterr().out


def test_three_references_are_too_few_to_measure_and_it_says_so(tmp_path, capsys,
                                                                 small_benchmark):
    data = tmp_path / "three.jsonl"
    write_jsonl(load(REPO / "data/core.jsonl")[40:43], data)
    model = tmp_path / "three.crfsuite"
    assert main(["train", str(data), "--base", "none", "--max-iterations", "5", "--quiet",
                 "-o", str(model)]) == 0
    out = capsys.readouterr().out
    assert ("before/after: 3 of your references are too few to measure a gain (at least 6 are "
            "needed: two folds of 3, each scored by a model trained without it)") in out
    assert "benchmark (gold.jsonl)" in out  # the loss elsewhere is still shown
    assert model.is_file()


@pytest.mark.parametrize("count, asked, folds", [
    (3, None, 0), (5, None, 0), (6, None, 2), (12, None, 3), (59, None, 3), (60, None, 1),
    (200, None, 1), (12, 4, 4), (12, 5, 0), (20, 0, 0)])
def test_how_many_folds_measure_the_gain(count, asked, folds):
    assert train_command.folds_for(count, asked) == folds


def test_held_out_parts_are_disjoint_and_at_least_three_each():
    for count, k in ((6, 2), (20, 3), (200, 1)):
        parts = train_command.held_out_parts(count, k)
        flat = [i for part in parts for i in part]
        assert len(flat) == len(set(flat)) and min(map(len, parts)) >= 3
        assert len(parts) == k and (k == 1 or sorted(flat) == list(range(count)))


def test_progress_follows_the_iterations_with_the_loss(tmp_path):
    seen = []
    manifest = train(load(REPO / "data/core.jsonl")[:20], tmp_path / "m.crfsuite",
                     params={"max_iterations": 6}, progress=lambda i, loss: seen.append((i, loss)))
    assert [i for i, _ in seen] == list(range(1, manifest["iterations"] + 1))
    assert all(loss > 0 for _, loss in seen) and seen[-1][1] < seen[0][1]
    bar = Progress(6, stream=_Discard())
    for i, loss in seen:
        bar(i, loss)
    shown = str(bar.bar)  # the line tqdm draws: iterations, time left, loss
    bar.close()
    assert "6/6" in shown and f"loss {seen[-1][1]:,.0f}" in shown


class _Discard:
    def write(self, chunk):
        pass

    def flush(self):
        pass


@pytest.mark.parametrize("content, message", [
    ('{"text": "x"}\n', "spans"),
    ('{"id": "a", "text": "abc", "spans": [[0, 9, "author"]]}\n', "outside the text"),
    ('{"id": "a", "text": "abc", "spans": [[0, 2, "colour"]]}\n', "colour"),
])
def test_malformed_training_file_names_file_and_line(tmp_path, capsys, content, message):
    data = tmp_path / "bad.jsonl"
    data.write_text(content, encoding="utf-8")
    assert main(["train", str(data), "--base", "none", "-o", str(tmp_path / "m.crfsuite")]) == 1
    error = capsys.readouterr().err
    assert "bad.jsonl:1:" in error and message in error


def test_the_tuned_model_file_holds_exactly_the_weights_given(tiny_model, tmp_path):
    """tagger.crf.finetune writes through a crfsuite skeleton: a model's own weights written this
    way read back the same, and crfsuite's tagger labels as the original does."""
    import numpy as np
    import pycrfsuite

    from tagger.crf.finetune import write_model
    from tagger.crf.model import read_weights
    from tagger.crf.train import sequences

    base = read_weights(tiny_model)
    attributes = list(base.row)
    rows, columns = np.nonzero(base.state[:-1])
    state = {(attributes[i], j): base.state[i, j] for i, j in zip(rows, columns)}
    copy = tmp_path / "copy.crfsuite"
    write_model(copy, base.labels, state, base.transition)
    again = read_weights(copy)
    order = [again.column[label] for label in base.labels]
    assert sorted(again.row) == sorted(base.row)
    assert np.array_equal(again.state[[again.row[a] for a in attributes]][:, order],
                          base.state[:-1])
    assert np.array_equal(again.transition[np.ix_(order, order)], base.transition)
    xs, _ = sequences(load(REPO / "data/core.jsonl")[200:210])
    taggers = []
    for path in (tiny_model, copy):
        tagger = pycrfsuite.Tagger()
        tagger.open(str(path))
        taggers.append(tagger)
    assert all(taggers[0].tag(x) == taggers[1].tag(x) for x in xs)


def test_fine_tuning_moves_only_the_attributes_of_the_users_references(tiny_model, tmp_path):
    """The fast recipe's weights: an attribute the user's references lack keeps its shipped
    weights exactly (the replayed references only hold what the user's move back), and the
    user's references are read better than the shipped model reads them."""
    import numpy as np

    from tagger.crf.finetune import finetune
    from tagger.crf.model import read_weights
    from tagger.crf.train import sequences

    user = sequences(load(REPO / "data/core.jsonl")[300:310])
    replay = sequences(load(REPO / "data/core.jsonl")[:40])
    tuned = tmp_path / "tuned.crfsuite"
    manifest = finetune(tiny_model, user, replay, tuned, weight=3, iterations=15)
    assert manifest["params"] == {"l2_to_base": 1.0, "fisher_to_base": 3.0,
                                  "max_iterations": 15}
    base, after = read_weights(tiny_model), read_weights(tuned)
    held = {attribute for sequence in user[0] for token in sequence for attribute in token}
    order = [after.column[label] for label in base.labels]
    untouched = [a for a in base.row if a not in held]
    assert untouched and np.array_equal(
        after.state[[after.row[a] for a in untouched]][:, order],
        base.state[[base.row[a] for a in untouched]])
    moved = [a for a in base.row if a in held and a in after.row]
    assert not np.allclose(after.state[[after.row[a] for a in moved]][:, order],
                           base.state[[base.row[a] for a in moved]])

    def log_likelihood(weights):
        from tagger.crf.finetune import _batches, _forward_backward

        total = 0.0
        for x, y in zip(*user):
            scores = weights.scores(x)
            lengths = np.array([len(x)])
            _, log_z = _forward_backward(scores, np.exp(weights.transition), _batches(lengths),
                                         np.array([0, len(x)]), lengths)
            states = [weights.column[s] for s in y]
            total += scores[np.arange(len(x)), states].sum() + sum(
                weights.transition[a, b] for a, b in zip(states, states[1:])) - log_z[0]
        return total

    assert log_likelihood(after) > log_likelihood(base)


def test_every_long_step_of_train_announces_itself(tmp_path, monkeypatch, small_base,
                                                   small_benchmark):
    """Issue 61: no silent stretch. Each piece of work (a model trained, references scored)
    starts after a step was announced, never straight after the previous piece."""
    import tagger.evaluate as evaluation
    import tagger.evaluate.predictions as predictions
    from tagger.crf.train import Retrainer

    log, depth = [], [0]

    def watched(name, work):
        def run(*args, **kwargs):
            if not depth[0]:
                log.append(("work", name))
            depth[0] += 1
            try:
                return work(*args, **kwargs)
            finally:
                depth[0] -= 1
        return run

    monkeypatch.setattr(Retrainer, "fit", watched("fit", Retrainer.fit))
    monkeypatch.setattr(Retrainer, "__init__", watched("base data", Retrainer.__init__))
    monkeypatch.setattr(predictions, "predict", watched("predict", predictions.predict))
    monkeypatch.setattr(evaluation, "evaluate", watched("evaluate", evaluation.evaluate))
    said = train_command.Steps.__call__
    monkeypatch.setattr(train_command.Steps, "__call__",
                        lambda self, step, always=False: (log.append(("step", step)),
                                                          said(self, step, always)))
    data = tmp_path / "mine.jsonl"
    write_jsonl(load(REPO / "data/core.jsonl")[100:109], data)
    assert main(["train", str(data), "--max-iterations", "3", "--quiet",
                 "-o", str(tmp_path / "mine.crfsuite")]) == 0
    kinds = [kind for kind, _ in log]
    assert kinds.count("work") >= 1 + 1 + 3 * 2 + 1 + 2  # base, model, 3 folds, shipped, gold
    assert kinds[0] == "step" and ("work", "work") not in zip(kinds, kinds[1:]), log


class _Log:
    """A stderr that is no terminal (`reftag train … 2> log`), noting the CPU seconds this
    process had spent when each line came: the work done, whatever else the machine runs."""

    def __init__(self):
        self.lines = []

    def write(self, text):
        if text.strip():
            self.lines.append((time.process_time(), text))

    def flush(self):
        pass

    def isatty(self):
        return False


def test_train_on_100_references_never_works_2_seconds_in_silence(tmp_path, monkeypatch):
    """Issue 61: a real run of the default (fast) recipe, stderr redirected: the shipped
    model's 2,000 replayed references featurized, the model tuned, one held-out model, the
    whole benchmark scored twice. No two of its lines, nor the start and the first, nor the
    last and the end, are more than 2 s of CPU apart; the lines are plain (no bar's carriage
    returns), and the training's iterations and the benchmark's parsing are among them.
    (Before: 10-18 s of silence while each model trained, about 3 s while gold was parsed.)"""
    data = tmp_path / "mine.jsonl"
    write_jsonl(load(REPO / "data/core.jsonl")[200:300], data)
    log = _Log()
    monkeypatch.setattr(sys, "stderr", log)
    started = time.process_time()
    assert main(["train", str(data), "--max-iterations", "12",
                 "-o", str(tmp_path / "mine.crfsuite")]) == 0
    ended = time.process_time()
    times = [started, *(at for at, _ in log.lines), ended]
    said = ["(start)", *(text.strip() for _, text in log.lines), "(end)"]
    gaps = sorted(((after - before, said[i], said[i + 1])
                   for i, (before, after) in enumerate(zip(times, times[1:]))), reverse=True)
    longest, before, after = gaps[0]
    assert longest <= 2.0, f"{longest:.1f} s of work in silence between {before!r} and {after!r}"
    text = "".join(line for _, line in log.lines)
    assert "\r" not in text
    assert "tuning: iteration" in text and "measuring 1/1: iteration" in text
    assert "features of the base's references" in text and "of 1,669 references parsed" in text


def test_lines_within_a_step_come_at_most_every_half_second_and_never_under_quiet():
    import io

    from tagger.crf.train import ProgressLines

    now = [0.0]
    stream = io.StringIO()
    steps = train_command.Steps(stream=stream, clock=lambda: now[0])
    steps("tuning the shipped model")
    lines = ProgressLines(40, steps.tick, "tuning")
    for at, news in ((0.2, (0, None)), (0.6, (1, 202.4)), (0.9, (2, 199.0)), (1.2, (3, 193.0))):
        now[0] = at
        lines(*news)
    now[0] = 1.3
    lines.stage("almost there")  # 0.1 s after the last line: dropped
    assert stream.getvalue().splitlines() == [
        "tuning the shipped model ...",
        "  tuning: iteration 1 of at most 40, loss 202",
        "  tuning: iteration 3 of at most 40, loss 193"]
    quiet = train_command.Steps(quiet=True, stream=stream, clock=lambda: now[0])
    assert quiet.progress(40, "tuning") is None
    quiet.tick("nothing")
    assert stream.getvalue().count("\n") == 3
    assert isinstance(steps.progress(40, "tuning"), ProgressLines)  # StringIO: no terminal


def test_crfsuite_training_tells_its_stages_before_the_iterations(tmp_path):
    """The full and none recipes train with crfsuite: handing it the sequences and its feature
    generation come before the first iteration, and take seconds on 14,250 references."""
    told = []

    class Told:
        def __call__(self, iteration, loss):
            told.append(("iteration", iteration))

        def stage(self, text):
            told.append(("stage", text))

    train(load(REPO / "data/core.jsonl")[:450], tmp_path / "m.crfsuite",
          params={"max_iterations": 2}, progress=Told())
    stages = [text for kind, text in told if kind == "stage"]
    assert "handing 200 of 450 sequences to crfsuite" in stages
    assert any(text.startswith("crfsuite's features,") for text in stages)
    first = told.index(("iteration", 1))
    assert all(kind == "stage" for kind, _ in told[:first])


def test_steps_are_said_on_stderr_and_timed_unless_quiet():
    import io

    clock = iter([1.0, 2.5]).__next__
    stream = io.StringIO()
    steps = train_command.Steps(stream=stream, clock=clock)
    steps("scoring the benchmark")
    quiet = train_command.Steps(quiet=True, stream=stream, clock=clock)
    quiet("measuring")
    assert stream.getvalue() == "scoring the benchmark ...\n"
    assert steps.events == [(1.0, "scoring the benchmark")] and quiet.events == [(2.5, "measuring")]


def _result(f1: dict, support: dict):
    from types import SimpleNamespace

    return SimpleNamespace(fields={"labels": {label: {"f1": value, "support": support[label]}
                                              for label, value in f1.items()}})


def test_the_fields_that_fell_are_named_with_their_support():
    """"gold −0.001" hid edition 0.815 → 0.643 (issue 61): a model that loses a field says so."""
    support = {"title": 900, "edition": 27, "editor": 61}
    before = _result({"title": 0.980, "edition": 0.815, "editor": 0.937}, support)
    after = _result({"title": 0.984, "edition": 0.643, "editor": 0.934}, support)
    lines = train_command.fallen([("benchmark (gold.jsonl)", (before, after)),
                                  ("your references", (before, before))])
    assert lines == ["fell on benchmark (gold.jsonl): edition 0.815 → 0.643 (27 in support)",
                     "fell on your references: no field by more than 0.005"]


def test_info_shows_the_scores_train_recorded_or_how_to_get_them(tmp_path, capsys, small_base,
                                                                 small_benchmark):
    data = tmp_path / "mine.jsonl"
    write_jsonl(load(REPO / "data/core.jsonl")[100:106], data)
    model = tmp_path / "mine.crfsuite"
    assert main(["train", str(data), "--max-iterations", "3", "--quiet", "-o", str(model)]) == 0
    out = capsys.readouterr().out
    assert "fell on benchmark (gold.jsonl): " in out and "fell on your references: " in out
    scores = json.loads(model.with_suffix(".json").read_text(encoding="utf-8"))["scores"]
    assert list(scores) == [str(small_benchmark), "your references, held out"]
    assert scores[str(small_benchmark)]["references"] == 30
    assert main(["info", "--model", str(model)]) == 0
    out = capsys.readouterr().out
    assert f"; gold core micro-F1 {scores[str(small_benchmark)]['core_micro_f1']:.3f} with auto" \
        in out.splitlines()[0]
    assert f"scores     {small_benchmark} (auto engine): core micro-F1" in out
    assert "scores     your references, held out (auto engine)" in out

    bare = tmp_path / "bare.crfsuite"
    train(load(REPO / "data/core.jsonl")[:20], bare, params={"max_iterations": 3})
    assert main(["info", "--model", str(bare)]) == 0
    assert "scores     none in the manifest: `reftag evaluate data/gold.jsonl --model" \
        in capsys.readouterr().out
