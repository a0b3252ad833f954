"""The docs' examples are the program's real output: every `console` and `pycon` block of the
README and docs/ is run with the repository's reftag and the shipped model, and what it prints
must be what the page shows (`…` standing for what varies; docs/examples.py says how blocks are
written). When this fails after a change, `python docs/reference.py --examples` writes the
outputs again; read the diff before committing it."""

import importlib.util
import sys

import pytest

from tests.test_docs import DOCS, REPO


def load_examples():
    spec = importlib.util.spec_from_file_location("docs_examples", DOCS / "examples.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("docs_examples", module)
    spec.loader.exec_module(module)
    return module


examples = load_examples()

# Pages without a runnable example, each with the reason. Every other page must hold one, so
# the examples' coverage cannot shrink without this list saying why.
NOT_RUN = {
    "cli.md": "the program's --help, written and checked by docs/reference.py",
    "design.md": "the contracts' copy, changed only with the contracts",
    "history.md": "a record of past measurements, as they were",
    "results.md": "tables written by `python -m training.site.write_results` from the harness",
}


def test_every_user_page_has_an_example():
    missing = [page.name for page in examples.pages() if page.name not in NOT_RUN
               and not examples.blocks(page.read_text(encoding="utf-8"))]
    assert not missing, f"pages without a `console` or `pycon` example: {missing}"
    assert set(NOT_RUN) <= {page.name for page in examples.pages()}


@pytest.mark.parametrize("page", [p for p in examples.pages() if p.name not in NOT_RUN],
                         ids=lambda p: p.relative_to(REPO).as_posix())
def test_examples_print_what_the_page_shows(page):
    found = examples.blocks(page.read_text(encoding="utf-8"))
    examples.run(found)
    wrong = []
    for block in found:
        for step in block.steps:
            if not step.matches():
                prompt = "$ " if block.kind == "console" else ">>> "
                wrong.append(f"line {block.line}: {prompt}{step.command}\n--- shown\n"
                             + "\n".join(step.shown) + "\n--- printed\n" + "\n".join(step.printed))
    assert not wrong, (f"{page.name}: examples print something else "
                       "(`python docs/reference.py --examples` rewrites them):\n\n"
                       + "\n\n".join(wrong))


# The matching and the rewriting themselves.

def test_an_ellipsis_in_a_line_matches_any_text_on_it():
    assert examples.agrees(["wrote m.crfsuite in … s"], ["wrote m.crfsuite in 35 s"])
    assert not examples.agrees(["wrote m.crfsuite in … s"], ["wrote x.crfsuite in 35 s"])
    assert not examples.agrees(["wrote m.crfsuite in … s"], ["wrote m.crfsuite in 3", "5 s"])


def test_an_ellipsis_alone_on_a_line_matches_any_lines():
    assert examples.agrees(["a", "…", "z"], ["a", "b", "c", "z"])
    assert examples.agrees(["a", "…", "z"], ["a", "z"])
    assert examples.agrees(["a", "…"], ["a", "b", "c"])
    assert not examples.agrees(["a", "…", "z"], ["a", "b", "y"])
    assert not examples.agrees(["a", "b"], ["a", "b", "c"])  # no cut shown: nothing left out


def test_trailing_spaces_and_blank_lines_do_not_count():
    assert examples.agrees(["a  ", "b"], ["a", "b ", "", ""])


def test_a_column_may_move_but_a_word_may_not():
    assert examples.agrees(["load  … s     … s"], ["load 0.31 s   12.4 s"])
    assert not examples.agrees(["load  … s     … s"], ["load 0.31 s   12.4 MB"])
    assert not examples.agrees(["a b"], ["a  b"])  # one space is one space


def test_console_and_pycon_blocks_are_read_as_steps():
    text = ("Prose.\n\n```console\n$ reftag parse \\\n  x.txt\nout 1\n$ echo hi\nhi\n```\n\n"
            "```pycon\n>>> for n in (1, 2):\n...     print(n)\n1\n2\n```\n\n"
            "```text\n$ not run\n```\n")
    console, pycon = examples.blocks(text)
    assert [s.command for s in console.steps] == ["reftag parse\n  x.txt", "echo hi"]
    assert [s.shown for s in console.steps] == [["out 1"], ["hi"]]
    assert pycon.steps[0].command == "for n in (1, 2):\n    print(n)"
    assert pycon.steps[0].shown == ["1", "2"]
    assert console.text() == text[console.start:console.end]
    assert pycon.text() == text[pycon.start:pycon.end]


def test_examples_run_in_a_scratch_folder_with_the_repository_at_hand():
    text = ("```console\n$ head -1 examples/references.txt | cut -c1-9\nRomero J,\n"
            "$ echo made > new.txt && cat new.txt\nmade\n$ reftag --version\nwrong\n```\n"
            "```pycon\n>>> from tagger import parse\n"
            ">>> parse('Smith J. A title. 2001.').fields['year']\n'2001'\n"
            ">>> 1 / 0\nTraceback (most recent call last):\n"
            "ZeroDivisionError: division by zero\n```\n")
    found = examples.blocks(text)
    examples.run(found)
    first, made, version = found[0].steps
    assert first.matches() and made.matches()
    assert not version.matches() and version.printed[0].startswith("reftag ")
    assert all(step.matches() for step in found[1].steps), [s.printed for s in found[1].steps]
    assert not (REPO / "new.txt").exists()


def test_rewriting_keeps_the_cuts_and_the_ellipses_that_still_hold():
    shown = ["wrote m in … s", "score 0.90", "…"]
    assert examples.rewritten(shown, ["wrote m in 9 s", "score 0.90", "x", "y"]) == shown
    assert examples.rewritten(shown, ["wrote m in 9 s", "score 0.95", "x", "y"]) == [
        "wrote m in … s", "score 0.95", "…"]
    assert examples.rewritten(["a", "b"], ["a", "c", "d"]) == ["a", "c", "d"]
