"""What a newcomer meets first at the command line: the help texts, the exit statuses, the view
at 80 columns."""

import re
import sys

import pytest

from tagger.cli import COMMANDS, summary
from tagger.output.reference import Reference
from tagger.output.view import VALUE_INDENT, Style, render
from tests.cli_helpers import reftag


def _command_helps(text: str) -> dict:
    """Command → its help in `reftag --help`'s list (joined over its wrapped lines)."""
    block = text.split("COMMAND\n", 1)[1].split("\noptions:", 1)[0]
    helps, name = {}, None
    for line in block.splitlines():
        match = re.match(r"    (\S+)(?:\s+(.*))?$", line)
        if match and match.group(1) in COMMANDS:
            name = match.group(1)
            helps[name] = match.group(2) or ""
        elif name and line.strip():
            helps[name] = (helps[name] + " " + line.strip()).strip()
    return helps


def test_every_command_is_listed_with_a_whole_sentence():
    code, out, _ = reftag("--help")
    assert code == 0
    helps = _command_helps(out)
    assert set(helps) == set(COMMANDS)
    for name, text in helps.items():
        assert text.endswith("."), (name, text)  # not cut mid-sentence
    assert helps["benchmark"] == "Measure speed and memory of both tagging paths side by side."
    assert helps["info"] == "Say which model answers and how good it is."


def test_summary_takes_the_first_sentence_or_what_precedes_its_colon():
    assert summary("Do a thing. Then more.\n\nDetails.") == "Do a thing."
    assert summary("Do a thing across\ntwo lines, then stop.") == \
        "Do a thing across two lines, then stop."
    long = "Measure this: " + "and that " * 20 + "too."
    assert summary(long) == "Measure this."
    assert summary("") is None


@pytest.mark.parametrize("command", ["parse", "find"])
def test_exit_statuses_are_each_on_a_line_of_their_own(command):
    code, out, _ = reftag(command, "--help")
    assert code == 0
    lines = out.splitlines()
    for status in "021":
        assert sum(line.startswith(f"  {status}  ") for line in lines) == 1, (status, out)


def test_an_unavailable_command_gives_its_install_hint_whatever_its_arguments(monkeypatch):
    monkeypatch.setitem(sys.modules, "starlette", None)  # as if the serve extra were missing
    for name in [name for name in sys.modules if name == "tagger.commands.serve"
                 or name.startswith("tagger.serve")]:
        monkeypatch.delitem(sys.modules, name)
    plain = reftag("serve")
    assert plain[0] == 1 and "pip install 'reftag[serve]'" in plain[2]
    assert reftag("serve", "--workers", "2") == plain
    assert reftag("serve", "--no-such-option", "x") == plain
    code, _, err = reftag("parse", "--no-such-option")  # an available command still refuses
    assert code == 1 and "unrecognized arguments: --no-such-option" in err


def test_an_unknown_synth_style_is_an_input_error():
    code, out, err = reftag("synth", "--style", "nosuch", "-n", "2")
    assert (code, out) == (1, "")
    assert "nosuch" in err or "synth extra" in err


TITLE = ("Domain-specific language model pretraining for biomedical natural language "
         "processing and for clinical notes written in a hurry")
DOI = "https://doi.org/10.1145/3458754-an-identifier-longer-than-the-line-is-wide"


def test_long_values_wrap_at_word_boundaries_under_the_value():
    ref = Reference(raw="x", fields={"title": TITLE, "url": DOI, "year": "2021"},
                    engine="crf", confidence=0.9)
    lines = render(ref, 1, Style(width=80)).splitlines()
    start = next(i for i, line in enumerate(lines) if line.lstrip().startswith("title"))
    title = lines[start:start + 1] + [line for line in lines[start + 1:start + 4]
                                      if line[:VALUE_INDENT].strip() == ""]
    assert len(title) >= 2
    assert all(len(line) <= 80 for line in title)
    assert all(line[:VALUE_INDENT].strip() == "" and line[VALUE_INDENT] != " "
               for line in title[1:])
    words = " ".join(line[VALUE_INDENT:] for line in title).split()
    assert words == TITLE.split()  # no word cut in two
    assert any(line.endswith(DOI) for line in lines)  # an identifier is never broken
    unwrapped = render(ref, 1, Style()).splitlines()
    assert any(line.endswith(TITLE) for line in unwrapped)  # no width: one line a field


def test_the_command_wraps_the_view_at_columns():
    reference = f"Gu Y, Poon H. {TITLE}. ACM Trans Comput Healthc. 2021;3(1):1-23."
    code, out, _ = reftag("parse", "--format", "text", "--engine", "rules",
                          stdin=reference.encode(), environ={"COLUMNS": "80", "NO_COLOR": "1"})
    assert code == 0
    assert all(len(line) <= 80 for line in out.splitlines())
    assert not any(re.search(r"\w$", a) and re.match(r"^\w", b)
                   for a, b in zip(out.splitlines(), out.splitlines()[1:]))


def test_compare_delta_is_how_much_better_the_system_under_test_is(tmp_path):
    """Issue 61: `--compare A B` tests B against A; an improvement reads as a positive B − A."""
    import json
    from pathlib import Path

    gold = (Path(__file__).parent.parent / "data" / "gold.jsonl").read_text(encoding="utf-8")
    data = tmp_path / "sample.jsonl"
    data.write_text("\n".join(gold.splitlines()[:40]) + "\n", encoding="utf-8")
    code, out, _ = reftag("evaluate", str(data), "--compare", "rules", "auto", "--report", "json")
    assert code == 0
    comparison = json.loads(out)
    core = comparison["core_f1"]
    assert core["b"] > core["a"] and core["delta"] == pytest.approx(core["b"] - core["a"])
    assert comparison["bootstrap"]["delta"] > 0
    code, out, _ = reftag("evaluate", str(data), "--compare", "rules", "auto")
    assert "B − A" in out and "(under test; B − A: how much better it is)" in out
    row = next(line.split() for line in out.splitlines() if line.startswith("core micro"))
    assert row[-1].startswith("+")
