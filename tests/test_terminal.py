"""At a terminal: the readable view, its colours and NO_COLOR, progress on stderr, --version
and `reftag info`; and the guarantee beside them that piped output is the JSON of the output
contract, byte for byte."""

import fcntl
import io
import json
import os
import pty
import select
import struct
import subprocess
import sys
import tempfile
import termios
from importlib.metadata import version

import pytest

from tagger import parse
from tagger.output import view
from tagger.output.palette import LABEL_COLORS
from tagger.output.reference import Reference
from tests.cli_helpers import reftag as run_reftag

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
APA = ("Brischoux, F., Chakraborty, S., Brierley, D.I., and Ungless, M.A. (2009). Phasic "
       "excitation of dopamine neurons in ventral VTA by noxious stimuli. Proc Natl Acad Sci "
       "U S A 106, 4894–4899.")
LINES = [APA, "", "Vaswani A. Attention is all you need. NIPS, 2017: 5998–6008.", "12345"]
STDIN = "\n".join(LINES).encode()


class TerminalText(io.StringIO):
    def isatty(self):
        return True


def reftag(*argv, stdin=b"", terminal=False, stderr=None, environ=None):
    """Run the command in this process, stdout a terminal or not: (code, stdout, stderr)."""
    return run_reftag(*argv, stdin=stdin, terminal=terminal, stderr=stderr,
                      environ={"TERM": "xterm-256color", **(environ or {})})


def contract_json(refs) -> str:
    """The output contract's JSON array, written here independently of tagger.output.formats."""
    items = [json.dumps(ref.to_dict(), ensure_ascii=False) for ref in refs]
    return "[\n" + ",\n".join(items) + "\n]\n"


# --- piped output is the contract, unchanged ---------------------------------------------------

def test_piped_parse_prints_the_contract_json_byte_for_byte():
    code, out, err = reftag("parse", "--engine", "rules", stdin=STDIN)
    assert code == 2 and err == ""  # the blank line is a record with an error
    assert out == contract_json(parse(line, engine="rules") for line in LINES)
    assert out == reftag("parse", "--engine", "rules", "-f", "json", stdin=STDIN)[1]
    assert out == reftag("parse", "--engine", "rules", "--color", "always", stdin=STDIN)[1]
    assert "\x1b" not in out


def test_piped_find_prints_json_and_a_terminal_gets_the_view():
    document = "References\n\n[1] " + APA + "\n[2] Vaswani A. Attention is all you need. 2017.\n"
    piped = reftag("find", "--engine", "rules", stdin=document.encode())
    assert piped[1] == reftag("find", "--engine", "rules", "-f", "json",
                              stdin=document.encode())[1]
    assert len(json.loads(piped[1])) == 2
    _, shown, _ = reftag("find", "--engine", "rules", stdin=document.encode(), terminal=True,
                         environ={"NO_COLOR": "1"})
    assert shown.startswith("[1] rules · ") and "\n[2] rules · " in shown
    assert "characters " in shown and "author" in shown


def test_an_explicit_format_wins_on_a_terminal():
    _, out, _ = reftag("parse", "--engine", "rules", "-f", "jsonl", stdin=STDIN, terminal=True)
    assert [json.loads(line)["raw"] for line in out.splitlines()] == LINES


# --- the view ------------------------------------------------------------------------------------

def test_a_terminal_gets_one_coloured_block_per_reference():
    code, out, _ = reftag("parse", "--engine", "rules", stdin=STDIN, terminal=True)
    assert code == 2
    blocks = out.split("\n\n")
    assert len(blocks) == len(LINES)
    assert blocks[1] == "\x1b[1m[2]\x1b[0m \x1b[1;31merror: empty reference\x1b[0m"
    author = view.Style(color=True).label("author")
    assert author and author in blocks[0]
    first = [line for line in blocks[0].splitlines() if "author" in line][0]
    assert "Brischoux, F., Chakraborty, S." in first


def test_no_color_keeps_the_view_without_escapes():
    _, out, _ = reftag("parse", "--engine", "rules", stdin=STDIN, terminal=True,
                       environ={"NO_COLOR": "1"})
    assert "\x1b" not in out
    assert out.startswith("[1] rules · confidence ")
    assert "\n[2] error: empty reference\n" in out
    assert "    author           Brischoux, F." in out
    assert reftag("parse", "--engine", "rules", stdin=STDIN, terminal=True,
                  environ={"NO_COLOR": ""})[1].count("\x1b[") > 0  # empty means unset
    assert "\x1b" not in reftag("parse", "--engine", "rules", stdin=STDIN, terminal=True,
                                environ={"TERM": "dumb"})[1]


def test_color_never_and_always_override_the_environment():
    never = reftag("parse", "--engine", "rules", "--color", "never", stdin=STDIN, terminal=True)
    assert "\x1b" not in never[1] and never[1].startswith("[1] rules")
    always = reftag("parse", "--engine", "rules", "--color", "always", "-f", "text",
                    stdin=STDIN, environ={"NO_COLOR": "1"})
    assert always[1] == reftag("parse", "--engine", "rules", stdin=STDIN, terminal=True)[1]


def test_24_bit_colour_when_the_terminal_says_it_has_it():
    _, out, _ = reftag("parse", "--engine", "rules", stdin=STDIN, terminal=True,
                       environ={"COLORTERM": "truecolor"})
    red, green, blue = (int(LABEL_COLORS["author"][i:i + 2], 16) for i in (1, 3, 5))
    assert f"\x1b[38;2;{red};{green};{blue}m" in out


def by_hand(**fields_and_p):
    """A Reference of one token per field, each with its probability."""
    fields, tokens, position = {}, [], 0
    for label, (value, p) in fields_and_p.items():
        fields[label] = value
        tokens.append({"text": value, "start": position, "end": position + len(value),
                       "label": label, "p": p})
        position += len(value) + 1
    return Reference(raw=" ".join(fields.values()), fields=fields, tokens=tokens,
                     confidence=0.8, engine="crf", type="article-journal")


def test_unsure_fields_are_marked_with_their_probability():
    ref = by_hand(author=("Smith J", 0.99), title=("A title", 0.42), year=("2019", 0.95))
    text = view.render(ref, 1)
    assert text == ("[1] crf · confidence 0.80 · article-journal\n"
                    "    author           Smith J\n"
                    "  ? title            A title  (0.42)\n"
                    "    year             2019\n")
    assert view.LOW_CONFIDENCE == 0.9
    assert "under 0.9" in " ".join(reftag("parse", "--help")[1].split())


def test_where_find_found_it_is_in_the_header():
    ref = by_hand(title=("Words", 0.97))
    ref.annotate(start=120, end=480, pdf_page=3)
    ref.partial = True
    assert view.render(ref, 2).splitlines()[0] == (
        "[2] crf · confidence 0.80 · article-journal · page 3 · characters 120–480 · partial")


def test_a_field_is_as_sure_as_its_least_sure_word_punctuation_aside():
    ref = by_hand(title=("Words", 0.97))
    ref.tokens.append({"text": ".", "start": 6, "end": 7, "label": "title", "p": 0.3})
    assert view.field_confidence(ref) == {"title": 0.97}
    only_marks = by_hand(note=("--", 0.5))
    assert view.field_confidence(only_marks) == {"note": 0.5}


def test_text_from_the_input_cannot_drive_the_terminal():
    ref = Reference(raw="Smith \x1b[2J J. \u202eevil", error="no text to parse")
    shown = view.render(ref, 1, view.Style(color=True))
    assert "\x1b[2J" not in shown and "\u202e" not in shown and "\ufffd[2J" in shown
    ref = by_hand(title=("Bell\x07 \x9b31m", 0.99))
    assert "\x07" not in view.render(ref, 1) and "\x9b" not in view.render(ref, 1)


@pytest.mark.parametrize("hex_color, index", [
    ("#000000", 16), ("#ffffff", 231), ("#ff0000", 196), ("#0000ff", 21),
    ("#808080", 244), ("#999999", 246)])
def test_hex_colours_map_to_the_nearest_of_256(hex_color, index):
    rgb = (int(hex_color[i:i + 2], 16) for i in (1, 3, 5))
    assert view.xterm_256(*rgb) == index


def test_every_label_has_a_colour_in_both_palettes():
    from tagger.labels import LABELS

    for label in LABELS:
        assert view.Style(color=True).label(label).startswith("\x1b[38;5;")
        assert view.Style(color=True, truecolor=True).label(label).startswith("\x1b[38;2;")


# --- a real terminal ---------------------------------------------------------------------------

def run_in_pty(argv, environ, stdin: bytes, stdout_is_tty=True):
    """Run `python -m tagger` with stdout, or else stderr, a pseudo-terminal; the other stream
    goes to a file, so neither can fill up and block: (code, terminal text, other text)."""
    leader, follower = pty.openpty()
    # A new pty is 0 columns wide; tqdm would fit its bar into nothing.
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    env = {key: value for key, value in os.environ.items() if key not in ("NO_COLOR", "COLORTERM")}
    env.update(environ, PYTHONPATH=REPO)
    with tempfile.TemporaryFile() as other, tempfile.TemporaryFile() as given:
        given.write(stdin)
        given.seek(0)
        process = subprocess.Popen(
            [sys.executable, "-m", "tagger", *argv], cwd=REPO, env=env, stdin=given,
            stdout=follower if stdout_is_tty else other, stderr=other if stdout_is_tty else follower)
        os.close(follower)
        chunks = []
        while select.select([leader], [], [], 60)[0]:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # EIO: the child closed its end
                break
            if not chunk:
                break
            chunks.append(chunk)
        os.close(leader)
        code = process.wait(timeout=60)
        other.seek(0)
        return code, b"".join(chunks).decode("utf-8").replace("\r\n", "\n"), \
            other.read().decode("utf-8")


def test_through_a_pseudo_terminal_colour_and_no_color():
    code, coloured, err = run_in_pty(["parse", "--engine", "rules"], {"TERM": "xterm"}, STDIN)
    assert code == 2, err
    assert view.Style(color=True).label("title") in coloured
    assert "\x1b[1;31merror: empty reference" in coloured
    assert err == ""  # no progress bar over records shown on the same terminal
    _, plain, _ = run_in_pty(["parse", "--engine", "rules"], {"TERM": "xterm", "NO_COLOR": "1"},
                             STDIN)
    assert "\x1b" not in plain and plain.count("\n[") == len(LINES) - 1
    assert plain == reftag("parse", "--engine", "rules", "--color", "never", stdin=STDIN,
                           terminal=True)[1]


def test_progress_goes_to_a_terminal_stderr_while_stdout_is_piped():
    stdin = "\n".join([APA] * 50).encode()
    code, bar, out = run_in_pty(["parse", "--engine", "rules", "-f", "jsonl"], {"TERM": "xterm"},
                                stdin, stdout_is_tty=False)
    assert code == 0 and len(out.splitlines()) == 50
    assert "reftag parse" in bar and "50" in bar
    _, quiet, out = run_in_pty(["parse", "--engine", "rules", "-f", "jsonl", "--quiet"],
                               {"TERM": "xterm"}, stdin, stdout_is_tty=False)
    assert quiet == "" and len(out.splitlines()) == 50


# --- --version ------------------------------------------------------------------------------------

def test_version_comes_from_the_package_metadata():
    code, out, _ = reftag("--version")
    assert code == 0 and out == f"reftag {version('reftag')}\n"


# --- reftag info ---------------------------------------------------------------------------------

def test_info_summarises_the_shipped_model_in_one_line_then_details():
    code, out, err = reftag("info")
    assert code in (0, 1)  # 1 only while a retrain leaves the model unable to serve
    first, blank, *rest = out.splitlines()
    assert first.startswith("default.crfsuite: ") and " labels, trained on " in first
    assert "gold core micro-F1 0." in first and blank == ""
    assert any(line.startswith("labels     author title") for line in rest)
    assert any(line.strip().startswith("data/") for line in rest)  # training files


def test_info_on_a_model_with_scores_and_on_one_that_cannot_load(tiny_model, tmp_path):
    model = tmp_path / "scored.crfsuite"
    model.write_bytes(tiny_model.read_bytes())
    manifest = json.loads(tiny_model.with_suffix(".json").read_text(encoding="utf-8"))
    manifest["scores"] = {"data/gold.jsonl": {"core_micro_f1": 0.91234, "all_core_correct": 0.7,
                                              "f1": {"author": 0.95}}}
    model.with_suffix(".json").write_text(json.dumps(manifest), encoding="utf-8")
    code, out, err = reftag("info", "--model", str(model))
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == (f"scored.crfsuite: {len(manifest['label_set'])} labels, "
                                   "trained on 40 references; gold core micro-F1 0.912")
    assert "scores     data/gold.jsonl: core micro-F1 0.9123, all core fields right 70.0%" in out
    assert "auto       the CRF alone" in out

    model.write_bytes(b"damaged")  # the manifest still says what it was
    code, out, err = reftag("info", "--model", str(model))
    assert code == 1 and out.startswith("scored.crfsuite: ")
    assert err.startswith("reftag: this model cannot serve: ") and err.count("\n") == 1
    code, out, err = reftag("info", "--model", str(tmp_path / "none.crfsuite"))
    assert (code, out) == (1, "") and err.endswith(": no such file (the model file)\n")


def test_a_reference_typed_at_a_terminal_comes_back_before_the_input_ends():
    import os
    import pty
    import select
    import subprocess
    import sys

    master, slave = pty.openpty()
    process = subprocess.Popen([sys.executable, "-m", "tagger", "parse", "-", "--format", "jsonl",
                                "--engine", "rules"], stdin=slave, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL)
    try:
        os.write(master, b"Smith J. A study of things. J Appl Phys. 2020;12(3):45-67.\n")
        ready, _, _ = select.select([process.stdout], [], [], 30)
        assert ready, "no answer while the terminal's input is still open"
        assert process.stdout.readline().startswith(b'{"raw": "Smith J.')
    finally:
        os.write(master, b"\x04")
        process.wait(30)
        os.close(master)
        os.close(slave)


def test_a_file_gets_a_bar_with_its_total_and_a_tiny_one_none(tmp_path):
    """Issue 61: a file's lines are counted, so the bar has a percentage; seven lines piped to
    `head` get no bar drawn over their JSON."""
    from tagger.commands.parse import line_total

    many, few = tmp_path / "many.txt", tmp_path / "few.txt"
    many.write_text("\n".join([APA] * 40), encoding="utf-8")  # no newline at the end
    few.write_text("\n".join([APA] * 7) + "\n", encoding="utf-8")
    with open(many, "rb") as stream:
        stream.read(5)
        assert line_total(stream) == 40 and stream.tell() == 5  # counted from where it is
        assert line_total(stream, most=10) is None
    code, bar, out = run_in_pty(["parse", "--engine", "rules", "-f", "jsonl", str(many)],
                                {"TERM": "xterm"}, b"", stdout_is_tty=False)
    assert code == 0 and len(out.splitlines()) == 40
    assert "100%" in bar and "40/40" in bar
    code, bar, out = run_in_pty(["parse", "--engine", "rules", "-f", "jsonl", str(few)],
                                {"TERM": "xterm"}, b"", stdout_is_tty=False)
    assert code == 0 and len(out.splitlines()) == 7 and bar == ""


def test_styles_says_which_set_it_scores():
    from tagger.corpora.corpus import load
    from tagger.evaluate import styles

    records = load(os.path.join(REPO, "data", "gold.jsonl"))[:3]
    sets = {"a": {"path": "a.jsonl", "records": records},
            "b": {"path": "b.jsonl", "records": records}}
    said = []
    table = styles.score_sets(sets, engines=("rules",), say=said.append)
    assert said == ["scoring a (3 references; set 1 of 2) ...",
                    "scoring b (3 references; set 2 of 2) ..."]
    assert set(table) == {"a", "b"}


def test_a_pipe_gets_its_bar_only_from_the_twentieth_reference():
    few = "\n".join([APA] * 7).encode()
    _, _, err = run_reftag("parse", "--engine", "rules", "-f", "jsonl", stdin=few,
                           stderr=TerminalText())
    assert err == ""
    many = "\n".join([APA] * 25).encode()
    _, _, err = run_reftag("parse", "--engine", "rules", "-f", "jsonl", stdin=many,
                           stderr=TerminalText())
    assert "reftag parse" in err and "25" in err
