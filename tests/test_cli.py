"""`reftag parse` as a batch tool: N lines in, N records out, in order, whatever fails inside;
input that cannot be read is one clear line on stderr; exit codes as the command documents
(0 all parsed, 2 some records failed, 1 usage, input or model error)."""

import io
import json
import os
import subprocess
import sys

import pytest

from tagger import parse
from tagger.output import formats
from tagger.commands.io import MAX_LINE_BYTES
from tagger.corpora.corpus import load
from tagger.parse import MAX_CHARS
from tests.cli_helpers import reftag

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GOLD = [record["text"] for record in load(os.path.join(REPO, "data", "gold.jsonl"))]
APA = ("Brischoux, F., Chakraborty, S., Brierley, D.I., and Ungless, M.A. (2009). Phasic "
       "excitation of dopamine neurons in ventral VTA by noxious stimuli. Proc Natl Acad Sci "
       "U S A 106, 4894–4899.")


@pytest.fixture(scope="module")
def model(tiny_model):
    return str(tiny_model)


@pytest.fixture
def broken_model(tmp_path):
    path = tmp_path / "broken.crfsuite"
    path.write_bytes(b"not a model")
    path.with_suffix(".json").write_text('{"feature_version": "x"}', encoding="utf-8")
    return str(path)


def jsonl(text):
    return [json.loads(line) for line in text.splitlines()]


# ------------------------------------------------------------------------------------------
# Batch guarantees

def test_every_line_gets_its_record_in_order_whatever_fails(model):
    lines = [APA.encode(), b"", b"   ", b".,;:!?", b"\xff\xfe\x80 Smith J. 2019. Title. Nature.",
             "中文标题 张三 2019".encode(), b"\x00\x01\x02", GOLD[0].encode(), b"12345"]
    code, out, err = reftag("parse", "-f", "jsonl", "--model", model, stdin=b"\n".join(lines))
    records = jsonl(out)
    assert len(records) == len(lines)
    assert records[0]["raw"] == APA and "error" not in records[0]
    assert records[7]["raw"] == GOLD[0] and "error" not in records[7]
    assert records[1]["error"] == records[2]["error"] == "empty reference"
    assert records[4]["error"] == "line 5: invalid UTF-8 at byte 0"
    assert records[4]["raw"].startswith("\ufffd\ufffd\ufffd Smith J.")
    assert code == 2
    assert "Traceback" not in err


def test_all_parsed_is_exit_0_and_json_is_one_array(model):
    code, out, err = reftag("parse", "--model", model, stdin="\n".join(GOLD[:20]).encode() + b"\n")
    assert code == 0, err
    records = json.loads(out)
    assert [record["raw"] for record in records] == GOLD[:20]


def test_crlf_and_a_byte_order_mark_are_not_part_of_the_reference():
    code, out, _ = reftag("parse", "-f", "jsonl", "--engine", "rules",
                          stdin=b"\xef\xbb\xbf" + APA.encode() + b"\r\n" + APA.encode() + b"\r\n")
    assert code == 0
    assert [record["raw"] for record in jsonl(out)] == [APA, APA]


def test_a_long_line_is_cut_with_a_warning_naming_it(model):
    huge = "x" * (3 * MAX_LINE_BYTES) + "ü" * 10  # beyond what is read of a line
    stdin = "\n".join([APA, "Smith J. " * 3000, huge, APA]).encode()
    code, out, err = reftag("parse", "-f", "jsonl", "--model", model, stdin=stdin)
    records = jsonl(out)
    assert [len(record["raw"]) for record in records] == [len(APA), MAX_CHARS, MAX_CHARS, len(APA)]
    assert err.count("reftag: warning:") == 2
    assert "line 2: reference longer than 20000 characters" in err
    assert "line 3: reference longer than 20000 characters" in err
    assert code == 0


def test_a_cut_that_splits_a_character_is_not_reported_as_invalid_utf8():
    stdin = b"x" + "é".encode() * MAX_LINE_BYTES
    code, out, _ = reftag("parse", "-f", "jsonl", "--engine", "rules", stdin=stdin)
    (record,) = jsonl(out)
    assert "error" not in record and set(record["raw"]) == {"x", "é"}
    assert code == 0


def test_jobs_2_gives_the_same_output_as_jobs_1(model):
    stdin = "\n".join(GOLD[:300] + ["", "\x00", "1234"]).encode() + b"\n\xff\n"
    one = reftag("parse", "-f", "jsonl", "--model", model, "--jobs", "1", stdin=stdin)
    two = reftag("parse", "-f", "jsonl", "--model", model, "--jobs", "2", stdin=stdin)
    assert one == two
    assert len(jsonl(one[1])) == 304 and one[0] == 2


def test_output_is_utf8_whatever_the_locale():
    code, out, _ = reftag("parse", "-f", "jsonl", "--engine", "rules",
                          stdin="张三. 标题. 期刊, 2019.".encode(), stdout_encoding="latin-1")
    assert code == 0
    assert jsonl(out)[0]["raw"] == "张三. 标题. 期刊, 2019."


@pytest.mark.parametrize("fmt", ["json", "jsonl"])
def test_json_output_streams_each_record_before_the_next_is_parsed(fmt):
    """What lets a 1 GB input run in constant memory: nothing waits for the whole batch."""
    stream = io.StringIO()

    def references():
        for number in range(5):
            assert stream.getvalue().count(APA) == number
            yield parse(APA, engine="rules")

    formats.write(references(), fmt, stream)
    assert stream.getvalue().count(APA) == 5


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_a_progress_line_is_drawn_on_a_terminal_only():
    stdin = "\n".join(GOLD[:30]).encode()
    _, _, piped = reftag("parse", "--engine", "rules", stdin=stdin)
    _, _, terminal = reftag("parse", "--engine", "rules", stdin=stdin, stderr=Terminal())
    assert piped == ""
    assert "reftag parse" in terminal and "30" in terminal


# ------------------------------------------------------------------------------------------
# Input that cannot be read: one line on stderr, exit 1, nothing on stdout.

def test_a_missing_file(tmp_path):
    code, out, err = reftag("parse", str(tmp_path / "nowhere.txt"))
    assert (code, out) == (1, "")
    assert err == f"reftag: {tmp_path / 'nowhere.txt'}: no such file\n"


def test_a_directory(tmp_path):
    code, out, err = reftag("parse", str(tmp_path))
    assert (code, out) == (1, "")
    assert err == f"reftag: {tmp_path}: is a directory\n"


def test_an_unreadable_file(tmp_path):
    """Tests run as root, whom file modes do not stop: drop to `nobody` in a forked child
    (everything is imported already, so the child needs no other file)."""
    path = tmp_path / "secret.txt"
    path.write_text(APA, encoding="utf-8")
    path.chmod(0)
    if os.geteuid() != 0:
        code, out, err = reftag("parse", str(path))
    else:
        code, out, err = _as_nobody(lambda: reftag("parse", str(path)))
    assert (code, out) == (1, "")
    assert err == f"reftag: {path}: permission denied\n"


def _as_nobody(call):
    read_end, write_end = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - runs in the child
        try:
            os.setgid(65534)
            os.setuid(65534)
            os.write(write_end, json.dumps(call()).encode())
        finally:
            os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as stream:
        answer = stream.read()
    os.waitpid(child, 0)
    return json.loads(answer)


def test_a_read_error_half_way_is_reported_not_raised():
    code, _, err = reftag("parse", "--engine", "rules", "/proc/self/mem")  # opens, then every read fails (EIO)
    assert code == 1
    assert err == "reftag: /proc/self/mem: Input/output error\n"


def test_usage_errors_exit_1():
    assert reftag("parse", "--jobs", "0", stdin=APA.encode())[0] == 1
    assert reftag("parse", "--no-such-option")[0] == 1
    assert reftag("parse", "--engine", "magic")[0] == 1


# ------------------------------------------------------------------------------------------
# Model faults at the command line

def test_a_broken_model_under_auto_gives_one_warning_and_the_rules(broken_model):
    stdin = "\n".join(GOLD[:50]).encode()
    code, out, err = reftag("parse", "-f", "jsonl", "--model", broken_model, stdin=stdin)
    records = jsonl(out)
    assert len(records) == 50 and {record["engine"] for record in records} == {"rules"}
    assert code == 0
    assert err.count("\n") == 1 and err.startswith("reftag: warning: ")
    assert "broken.crfsuite" in err and "using the rule tagger" in err


def test_a_broken_model_under_crf_is_an_error_before_any_output(broken_model):
    code, out, err = reftag("parse", "--engine", "crf", "--model", broken_model,
                            stdin=APA.encode())
    assert (code, out) == (1, "")
    assert err.startswith("reftag: model ") and err.count("\n") == 1


def test_in_a_real_process_with_jobs_2_a_broken_model_and_bad_bytes(broken_model):
    """The whole path once for real: interpreter start, workers, stdin bytes, exit code."""
    stdin = "\n".join(GOLD[:40]).encode() + b"\n\xc3\x28 bad\n\n" + APA.encode()
    result = subprocess.run(
        [sys.executable, "-m", "tagger", "parse", "-f", "jsonl", "--jobs", "2",
         "--model", broken_model], input=stdin, capture_output=True, cwd=REPO, timeout=120, check=False)
    records = jsonl(result.stdout.decode("utf-8"))
    assert [record["raw"] for record in records] == GOLD[:40] + ["\ufffd( bad", "", APA]
    assert {record["engine"] for record in records} == {"rules", "none"}
    assert [i for i, record in enumerate(records) if "error" in record] == [40, 41]
    assert result.returncode == 2
    stderr = result.stderr.decode("utf-8")
    assert stderr.count("\n") == 1 and stderr.startswith("reftag: warning: "), stderr


# ------------------------------------------------------------------------------------------
# Cuts a user found (issue 59): an empty answer is no success, a missing path is said one way,
# a bad -o is refused before the training, not after it.

@pytest.mark.parametrize("command", ["parse", "find", "label"])
def test_an_empty_input_is_an_input_error_not_an_empty_success(command, tmp_path):
    path = tmp_path / "empty.txt"
    path.write_bytes(b"")
    extra = ["-o", str(tmp_path / "out.xml")] if command == "label" else []
    code, _, err = reftag(command, "--engine", "rules", str(path), *extra)
    assert code == 1 and err == f"reftag: {path}: empty input, no text in it\n"
    code, _, err = reftag(command, "--engine", "rules", "-", *extra, stdin=b"")
    assert code == 1 and err == "reftag: standard input: empty input, no text in it\n"
    assert not (tmp_path / "out.xml").exists()


def test_the_cut_warning_names_the_file_and_the_line(tmp_path):
    path = tmp_path / "refs.txt"
    path.write_text(APA + "\n" + "Smith J. " * 3000 + "\n", encoding="utf-8")
    code, out, err = reftag("parse", "--engine", "rules", "-f", "jsonl", str(path))
    assert code == 0 and len(jsonl(out)) == 2
    assert err == (f"reftag: warning: {path}, line 2: reference longer than {MAX_CHARS} "
                   f"characters, cut to {MAX_CHARS}\n")


@pytest.mark.parametrize("argv", [
    ["evaluate", "{missing}"],
    ["evaluate", "{missing}/folder"],
    ["evaluate", "{missing}.ttx"],
    ["evaluate", "{gold}", "--predictions", "{missing}.jsonl"],
    ["evaluate", "{gold}", "--compare", "auto", "{missing}.jsonl"],
    ["evaluate", "{gold}", "--model", "{missing}.crfsuite"],
    ["parse", "{missing}.txt"],
    ["find", "{missing}.txt"],
    ["label", "{missing}.txt", "-o", "{missing}.xml"],
    ["train", "{missing}.xml", "-o", "{out}"],
])
def test_a_missing_path_is_said_one_way_by_every_command(argv, tmp_path):
    names = {"missing": str(tmp_path / "missing"), "out": str(tmp_path / "m.crfsuite"),
             "gold": os.path.join(REPO, "data", "gold.jsonl")}
    argv = [arg.format(**names) for arg in argv]
    missing = next(arg for arg in argv if "missing" in arg)
    code, out, err = reftag(*argv)
    assert (code, out) == (1, "")
    assert err == f"reftag: {missing}: no such file\n"


def test_evaluate_says_when_a_folder_holds_nothing_to_score(tmp_path):
    code, out, err = reftag("evaluate", str(tmp_path))
    assert (code, out) == (1, "") and f"{tmp_path}: nothing to score" in err
    (tmp_path / "paper.txt").write_text(APA, encoding="utf-8")
    code, out, err = reftag("evaluate", str(tmp_path))
    assert (code, out) == (1, "")
    assert err == f"reftag: {tmp_path / 'paper.txt'}: no gold paper.json beside it\n"
    code, out, err = reftag("evaluate", os.path.join(REPO, "data"))  # the benchmark's gold.jsonl
    assert (code, out) == (1, "") and "not the gold of a folder of PDFs" in err


@pytest.mark.parametrize("recipe", [[], ["--base", "none"]])  # the fast recipe; theirs alone
def test_train_makes_the_folder_of_its_output_before_training(recipe, tmp_path, monkeypatch):
    from tagger.commands import train as train_command
    from tagger.corpora.corpus import write_jsonl

    core = load(os.path.join(REPO, "data", "core.jsonl"))
    monkeypatch.setattr(train_command, "BENCHMARK", tmp_path / "no-benchmark.jsonl")
    monkeypatch.setattr("tagger.crf.train.shipped_training_sets",  # the base cut short (time)
                        lambda model=None: {"data/core.jsonl": core[:40]})
    data = tmp_path / "mine.jsonl"
    write_jsonl(core[100:112], data)
    model = tmp_path / "models" / "new" / "mine.crfsuite"
    code, _, err = reftag("train", str(data), *recipe, "--max-iterations", "3",
                          "--folds", "0", "--quiet", "-o", str(model))
    assert code == 0, err
    assert model.is_file() and model.with_suffix(".json").is_file()
    assert sorted(path.name for path in model.parent.iterdir()) == ["mine.crfsuite", "mine.json"]


@pytest.mark.parametrize("output, said", [
    ("{file}/mine.crfsuite", "cannot write {file}/mine.crfsuite: {file} is a file, not a folder"),
    ("{file}/models/mine.crfsuite",
     "cannot write {file}/models/mine.crfsuite: {file} is a file, not a folder"),
    ("{folder}", "{folder}: is a folder; -o names the model file to write (x.crfsuite)"),
])
def test_train_refuses_an_output_it_cannot_write_at_once(output, said, tmp_path):
    """At once: before the minute and a half of training, not after it."""
    import time

    file = tmp_path / "a-file"
    file.write_text("x", encoding="utf-8")
    names = {"file": str(file), "folder": str(tmp_path)}
    started = time.perf_counter()
    code, out, err = reftag("train", os.path.join(REPO, "data", "core.jsonl"), "-o",
                            output.format(**names))
    assert (code, out) == (1, "")
    assert err == f"reftag: {said.format(**names)}\n"
    assert time.perf_counter() - started < 5


def test_evaluate_refuses_to_score_nothing(tmp_path):
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    for extra in ([], ["--cv", "3"], ["--compare", "auto", "rules"]):
        code, out, err = reftag("evaluate", str(empty), *extra)
        assert (code, out) == (1, "") and err == f"reftag: {empty}: no references in it\n"
    gold = os.path.join(REPO, "data", "gold.jsonl")
    code, out, err = reftag("evaluate", gold, "--predictions", str(empty))
    assert (code, out) == (1, "") and err == f"reftag: {empty}: empty input, no text in it\n"


def test_label_with_nothing_to_label_writes_nothing_and_says_so(tmp_path):
    source, out = tmp_path / "blank.txt", tmp_path / "out.xml"
    source.write_text("\n  \n\n", encoding="utf-8")
    code, _, err = reftag("label", str(source), "-o", str(out), "--engine", "rules")
    assert code == 1 and err == f"reftag: no reference in {source} to label\n"
    assert not out.exists()


def test_train_with_missing_data_makes_no_folder_for_its_output(tmp_path):
    out = tmp_path / "models" / "mine.crfsuite"
    code, _, err = reftag("train", str(tmp_path / "missing.xml"), "-o", str(out))
    assert code == 1 and err == f"reftag: {tmp_path / 'missing.xml'}: no such file\n"
    assert not out.parent.exists()


@pytest.mark.parametrize("argv", [
    ["train", "{folder}", "-o", "{folder}/m.crfsuite"],
    ["evaluate", "{gold}", "--predictions", "{folder}"],
    ["parse", "{folder}"],
])
def test_a_folder_where_a_file_is_read_is_said_one_way(argv, tmp_path):
    names = {"folder": str(tmp_path), "gold": os.path.join(REPO, "data", "gold.jsonl")}
    code, out, err = reftag(*[arg.format(**names) for arg in argv])
    assert (code, out) == (1, "") and err == f"reftag: {tmp_path}: is a directory\n"
