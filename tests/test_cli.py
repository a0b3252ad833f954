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
