"""The retraining loop a user runs: label → correct → train → evaluate, in the CLI."""

import json

import pytest

from tagger.cli import main
from tagger.corpus import load, read_anystyle_xml, write_jsonl

REFERENCES = [
    "Romero J, Yin JQ. Accelerating collective communication. In: Proc. of NSDI. Renton: "
    "USENIX, 2022. 1027–1040.",
    "LeCun, Y., Bengio, Y., & Hinton, G. (2015). Deep learning. Nature, 521(7553), 436–444.",
    "周志华. 机器学习[M]. 北京: 清华大学出版社, 2016.",
]


def test_label_writes_anystyle_xml_least_confident_first(tmp_path):
    source = tmp_path / "refs.txt"
    source.write_text("\n".join(REFERENCES) + "\n\n", encoding="utf-8")
    out = tmp_path / "refs.xml"
    assert main(["label", str(source), "-o", str(out)]) == 0
    records = read_anystyle_xml(out)
    assert len(records) == len(REFERENCES)  # the blank line is not a reference
    assert sorted(r["text"] for r in records) == sorted(" ".join(t.split()) for t in REFERENCES)
    assert all(record["spans"] for record in records)


def test_train_on_own_data_only_prints_before_and_after(tmp_path, capsys):
    data = tmp_path / "mine.jsonl"
    write_jsonl(load("data/core.jsonl")[:40], data)
    model = tmp_path / "mine.crfsuite"
    code = main(["train", str(data), "--base", "none", "--weight", "1", "--holdout", "0.25",
                 "--max-iterations", "20", "-o", str(model)])
    assert code == 0
    manifest = json.loads(model.with_suffix(".json").read_text(encoding="utf-8"))
    assert manifest["training"]["records"] == 30
    assert "rules_evidence" not in manifest  # trained on other data: auto is its CRF alone
    assert "shipped model" in capsys.readouterr().out
    assert main(["parse", "--engine", "crf", "--model", str(model), "--format", "jsonl",
                 str(tmp_path / "mine.jsonl")]) in (0, 2)


def test_a_model_trained_like_the_shipped_one_keeps_its_rules_evidence(
        tmp_path, capsys, monkeypatch):
    """The shipped data (cut short here, for time) plus the user's, the shipped parameters: the
    new manifest carries the shipped rules_evidence, and auto is scored before and after."""
    from tagger.commands import train as train_command
    from tagger.model import load_model

    monkeypatch.setattr(train_command, "shipped_training_records",
                        lambda: load("data/core.jsonl")[:30])
    data = tmp_path / "mine.jsonl"
    write_jsonl(load("data/core.jsonl")[100:120], data)
    model = tmp_path / "mine.crfsuite"
    assert main(["train", str(data), "--holdout", "0.25", "-o", str(model)]) == 0
    manifest = json.loads(model.with_suffix(".json").read_text(encoding="utf-8"))
    assert manifest["rules_evidence"] == load_model().manifest["rules_evidence"]
    out = capsys.readouterr().out
    assert ", crf, core micro-F1" in out and ", auto, core micro-F1" in out
    assert main(["train", str(data), "--c1", "0.2", "--holdout", "0", "-o", str(model)]) == 0
    assert "rules_evidence" not in json.loads(model.with_suffix(".json").read_text("utf-8"))


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
