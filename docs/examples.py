"""The docs' runnable examples: find them, run them with the real program, compare, rewrite.

A fenced block whose info string is `console` is an example: each `$ ` line is a shell command
(a trailing `\\` continues it on the next line), and the lines under it, up to the next `$ `
line, are what it prints (stdout and stderr together). A `pycon` block is the same for Python:
`>>> ` starts a statement, `... ` continues it, the lines under it are what the interpreter
echoes. Other blocks (`text`, `python`, indented ones) are illustrations and are not run.

In the shown output `…` stands for what legitimately varies from run to run (a time, a load
average, memory): inside a line it matches any text on that line, alone on a line it matches
any number of lines (for a long output cut short). Trailing spaces do not count, and two
spaces or more stand for any run of spaces (a column's alignment moves with its figures).

The commands of one page run in order in one scratch folder that holds links to the
repository's top-level folders, so `reftag parse examples/references.txt` reads the shipped
example and `-o aps.crfsuite` writes into the scratch folder, never into the repository. `reftag`
there is the repository's own code (`python -m tagger`), whatever is installed, and `python`
the interpreter running the tests.

tests/test_doc_examples.py runs every page's examples; `python docs/reference.py --examples`
writes each block's output again from the program (keeping every `…` that still matches), so
updating the docs after a change is one command and a `git diff`.
"""

import json
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

DOCS = Path(__file__).resolve().parent
REPO = DOCS.parent
ELIDED = "…"
TIMEOUT = 600  # seconds a command may take: the retraining example trains two models
BLOCK = re.compile(r"^(?P<fence>```+)(?P<kind>console|pycon)[ \t]*\n"
                   r"(?P<body>.*?)^(?P=fence)[ \t]*$", re.S | re.M)


def pages() -> list[Path]:
    """The README and every page of the site."""
    return [REPO / "README.md", *sorted(DOCS.glob("*.md"))]


@dataclass
class Step:
    """One command (or Python statement) and the output the page shows for it."""
    command: str
    shown: list[str] = field(default_factory=list)
    printed: list[str] | None = None  # what the program printed, once run

    def matches(self) -> bool:
        return self.printed is not None and agrees(self.shown, self.printed)


@dataclass
class Block:
    kind: str  # "console" or "pycon"
    start: int  # offsets of the body in the page's text
    end: int
    steps: list[Step]
    line: int  # the line of the page the block starts on, for messages

    def text(self, outputs: str = "shown") -> str:
        """The block's body, with the shown outputs or (outputs="rewritten") the printed ones."""
        lines = []
        for step in self.steps:
            first, *rest = step.command.split("\n")
            if self.kind == "console":
                lines.append("$ " + " \\\n".join([first, *rest]))
            else:
                lines += [">>> " + first] + ["... " + line for line in rest]
            lines += step.shown if outputs == "shown" else rewritten(step.shown, step.printed)
        return "\n".join(lines) + "\n"


def blocks(text: str) -> list[Block]:
    found = []
    for match in BLOCK.finditer(text):
        kind, body = match["kind"], match["body"]
        steps = parse_console(body) if kind == "console" else parse_pycon(body)
        found.append(Block(kind, match.start("body"), match.end("body"), steps,
                           text.count("\n", 0, match.start()) + 1))
    return found


def parse_console(body: str) -> list[Step]:
    steps: list[Step] = []
    continued = False
    for line in body.splitlines():
        if continued:
            steps[-1].command += "\n" + line.removesuffix("\\").rstrip()
            continued = line.endswith("\\")
        elif line.startswith("$ "):
            steps.append(Step(line[2:].removesuffix("\\").rstrip()))
            continued = line.endswith("\\")
        elif steps:
            steps[-1].shown.append(line)
        else:
            raise ValueError(f"a console example's first line is not a `$ ` command: {line!r}")
    return steps


def parse_pycon(body: str) -> list[Step]:
    steps: list[Step] = []
    for line in body.splitlines():
        if line.startswith(">>> ") or line == ">>>":
            steps.append(Step(line[4:]))
        elif (line.startswith("... ") or line == "...") and steps and not steps[-1].shown:
            steps[-1].command += "\n" + line[4:]
        elif steps:
            steps[-1].shown.append(line)
        else:
            raise ValueError(f"a pycon example's first line is not a `>>> ` statement: {line!r}")
    return steps


def trimmed(lines: list[str]) -> list[str]:
    lines = [line.rstrip() for line in lines]
    while lines and not lines[-1]:
        lines.pop()
    return lines


VARYING = {ELIDED: r"[^\n]*?", "  ": " +"}  # what `…` and a run of spaces match


def pattern(shown: list[str]) -> re.Pattern:
    """The shown output as a regular expression over the printed one (see the module's doc)."""
    parts = []
    for line in trimmed(shown):
        if line.strip() == ELIDED:
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            pieces = re.split(f"({ELIDED}| {{2,}})", line)
            parts.append("".join(VARYING.get(piece[:2], re.escape(piece)) for piece in pieces)
                         + r"\n")
    return re.compile("".join(parts))


def agrees(shown: list[str], printed: list[str]) -> bool:
    return bool(pattern(shown).fullmatch("".join(line + "\n" for line in trimmed(printed))))


def rewritten(shown: list[str], printed: list[str]) -> list[str]:
    """The printed output in the shown one's shape: unchanged when it still agrees; else the
    printed lines, keeping a shown line with `…` where it still agrees with the line it stands
    at, and a cut (a `…` line) where the shown one had it, with as many lines around it."""
    printed = trimmed(printed)
    shown_lines = trimmed(shown)
    if agrees(shown_lines, printed):
        return shown_lines
    cut = [i for i, line in enumerate(shown_lines) if line.strip() == ELIDED]
    if cut:
        head, tail = cut[0], len(shown_lines) - cut[-1] - 1
        if head + tail < len(printed):
            printed = printed[:head] + [ELIDED] + (printed[len(printed) - tail:] if tail else [])
    return [old if i < len(shown_lines) and ELIDED in old and agrees([old], [new]) else new
            for i, (new, old) in enumerate(zip(printed, shown_lines + [""] * len(printed)))]


def scratch(folder: Path) -> dict:
    """Make `folder` look like the repository's root and return the environment to run in."""
    for entry in REPO.iterdir():
        if not entry.name.startswith(".") and entry.name != "site":
            (folder / entry.name).symlink_to(entry)
    bin_dir = folder / ".bin"
    bin_dir.mkdir()
    python = f'"{sys.executable}"'  # this interpreter, whatever else is on PATH
    for name, command in (("reftag", f"{python} -m tagger"), ("python", python)):
        shim = bin_dir / name
        shim.write_text(f'#!/bin/sh\nexec {command} "$@"\n')
        shim.chmod(0o755)
    return {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
            "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])),
            "COLUMNS": "100", "NO_COLOR": "1", "PYTHONHASHSEED": "0"}


# Runs a pycon block's statements in one namespace, as the interactive interpreter would, and
# prints each one's output (its echoed value, its prints, its traceback's last line) as JSON.
PYCON_DRIVER = r"""
import contextlib, io, json, sys, traceback
namespace, outputs = {"__name__": "__main__"}, []
for source in json.load(sys.stdin):
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        try:
            exec(compile(source + "\n", "<example>", "single"), namespace)
        except Exception as error:
            print("Traceback (most recent call last):")
            print("".join(traceback.format_exception_only(error)).rstrip())
    outputs.append(out.getvalue())
sys.__stdout__.write(json.dumps(outputs))
"""


def run(page_blocks: list[Block]) -> None:
    """Run a page's examples in order in one scratch folder; each step gets its `printed`."""
    with tempfile.TemporaryDirectory(prefix="reftag-docs-") as folder:
        env = scratch(Path(folder))
        for block in page_blocks:
            if block.kind == "console":
                for step in block.steps:
                    command = step.command.replace("\n", " ")
                    done = subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=folder,
                                          env=env, stdout=subprocess.PIPE,
                                          stderr=subprocess.STDOUT, text=True, timeout=TIMEOUT)
                    step.printed = done.stdout.replace(folder + "/", "").splitlines()
            else:
                done = subprocess.run([sys.executable, "-c", PYCON_DRIVER], cwd=folder, env=env,
                                      input=json.dumps([s.command for s in block.steps]),
                                      capture_output=True, text=True, timeout=TIMEOUT)
                if done.returncode:
                    raise RuntimeError(f"line {block.line}: {done.stderr[-2000:]}")
                for step, printed in zip(block.steps, json.loads(done.stdout)):
                    step.printed = printed.replace(folder + "/", "").splitlines()


def rewrite(page: Path) -> bool:
    """Write the page's example outputs again from the program; True when it changed.
    An example copied verbatim into docs/reference.py (api.md's) is rewritten there too."""
    text = page.read_text(encoding="utf-8")
    found = blocks(text)
    if not found:
        return False
    run(found)
    new = text
    for block in reversed(found):
        new = new[:block.start] + block.text("rewritten") + new[block.end:]
    if new == text:
        return False
    page.write_text(new, encoding="utf-8")
    source = DOCS / "reference.py"
    code = original = source.read_text(encoding="utf-8")
    for block in found:
        old_body, new_body = text[block.start:block.end], block.text("rewritten")
        if old_body != new_body and old_body in code:
            code = code.replace(old_body, new_body)
    if code != original:
        source.write_text(code, encoding="utf-8")
    return True


def main(names: list[str]) -> None:
    chosen = [p for p in pages() if not names or p.name in names or str(p) in names]
    for page in chosen:
        if rewrite(page):
            print(f"rewrote the examples of {page.relative_to(REPO)}")
