"""Write docs/cli.md and docs/api.md from the program itself: `python docs/reference.py`.

cli.md is `reftag --help` and each command's `--help`, wrapped at WIDTH columns so the site
shows them whole; api.md is the public calls' signatures and docstrings. Both are plain
Markdown, read as they are on GitHub and on the site, and tests/test_docs.py fails when
either differs from what this script writes now: run it after changing an option or a
docstring.
"""

import argparse
import dataclasses
import importlib
import inspect
import os
import re
import sys
import textwrap
from pathlib import Path

DOCS = Path(__file__).resolve().parent
WIDTH = 78  # columns of help text: the site's code blocks show this many without scrolling

CLI_HEAD = """\
# Command-line reference

Every command and option of `reftag`, as its `--help` prints it (at {width} columns).
Written by `python docs/reference.py` from `tagger.cli.build_parser()`, and checked against
the program by `tests/test_docs.py`, so it is always the program's own text. `python -m tagger`
is the same program. The [user guide](guide.md) says what the commands are for; exit
statuses: 0 all parsed, 2 some records came back with an `error`, 1 usage, input or model
error.
"""

API_HEAD = """\
# Library reference

The public API is five names in `tagger`: `parse`, `parse_many`, `find`, `find_many` and the
`Reference` they return. Their signatures and docstrings follow, written by
`python docs/reference.py` from the source and checked against it by `tests/test_docs.py`.
The [output contract](design.md#output-contract) says what `Reference.to_dict()` holds, and
the [user guide](guide.md#library) shows them at work. In short (run by
`tests/test_doc_examples.py`, so it is the library's real output):

```pycon
>>> from tagger import parse
>>> ref = parse("Vaswani A, et al. Attention is all you need. NeurIPS 2017: 5998-6008.")
>>> ref.fields
{'author': 'Vaswani A, et al', 'title': 'Attention is all you need', 'venue': 'NeurIPS', 'year': '2017', 'pages': '5998-6008'}
>>> ref.to_dict()["authors"]
[{'family': 'Vaswani', 'given': 'A'}]
```
"""

# (heading, what the section is for, the objects it shows as "module:name")
API_SECTIONS = [
    ("The five", "What most callers need: parse references, find them in documents, read the "
     "result.", ["tagger.parse:parse", "tagger.parse:parse_many", "tagger:find",
                  "tagger:find_many", "tagger.batch:DocumentResult",
                  "tagger.output.reference:Reference"]),
    ("Errors", "`parse` never raises for a bad reference: it comes back as `Reference.error`. "
     "These are raised for what is wrong with the call itself.",
     ["tagger.crf.model:ModelError", "tagger.text.sniff:BinaryInputError"]),
    ("Beyond the five", "Calls that tools built on reftag use: the finder's segmentation "
     "without parsing, the output formats, and the evaluation harness.",
     ["tagger.finder:find_segments", "tagger.finder:Segmentation", "tagger.output.formats:write",
      "tagger.evaluate:evaluate", "tagger.evaluate:calibration_of"]),
]


def help_texts() -> list[tuple[str, str]]:
    """(title, help) of `reftag` and each command, wrapped at WIDTH columns."""
    from tagger.cli import build_parser

    columns = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = str(WIDTH + 2)  # argparse wraps at COLUMNS - 2
    try:
        parser = build_parser()
        (commands,) = [action for action in parser._actions
                       if isinstance(action, argparse._SubParsersAction)]
        texts = [("reftag", parser.format_help())]
        texts += [(f"reftag {name}", sub.format_help()) for name, sub in commands.choices.items()]
    finally:
        if columns is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = columns
    return [(title, fit(text.rstrip())) for title, text in texts]


def fit(text: str) -> str:
    """Lines argparse leaves long (a command's own wrapped description) wrapped at WIDTH,
    under their own indentation."""
    lines = []
    for line in text.splitlines():
        indent = line[:len(line) - len(line.lstrip())]
        lines += textwrap.wrap(line, WIDTH, subsequent_indent=indent, break_on_hyphens=False,
                               break_long_words=False) if len(line) > WIDTH else [line]
    return "\n".join(lines)


def cli_page() -> str:
    parts = [CLI_HEAD.format(width=WIDTH)]
    for title, text in help_texts():
        parts.append(f"## {title}\n\n```text\n{text}\n```\n")
    return "\n".join(parts)


def short(annotation) -> str:
    """A type as a reader writes it: `Reference`, not `tagger.output.reference.Reference`."""
    text = inspect.formatannotation(annotation)
    return re.sub(r"\b(?:[a-z_]\w*\.)+([A-Za-z_]\w*)", r"\1", text)


def parameters(obj) -> list[str]:
    defaults = {}
    if dataclasses.is_dataclass(obj):  # a field's default_factory reads as its empty value
        defaults = {f.name: f"{f.default_factory.__name__}()" for f in dataclasses.fields(obj)
                    if f.default_factory is not dataclasses.MISSING}
    out = []
    for parameter in inspect.signature(obj).parameters.values():
        text = {parameter.VAR_POSITIONAL: "*", parameter.VAR_KEYWORD: "**"}.get(parameter.kind, "")
        text += parameter.name
        if parameter.annotation is not parameter.empty:
            text += f": {short(parameter.annotation)}"
        if parameter.name in defaults:
            text += f" = {defaults[parameter.name]}"
        elif parameter.default is not parameter.empty:
            text += (" = " if parameter.annotation is not parameter.empty else "=")
            text += repr(parameter.default)
        out.append(text)
    return out


def signature(name: str, obj) -> str:
    """The call as code, one parameter a line when it does not fit on one."""
    if isinstance(obj, type) and issubclass(obj, BaseException):
        bases = ", ".join(base.__name__ for base in obj.__bases__)
        return f"class {name}({bases})"
    params = parameters(obj)
    returns = ""
    if not isinstance(obj, type):
        annotation = inspect.signature(obj).return_annotation
        if annotation is not inspect.Signature.empty:
            returns = f" -> {short(annotation)}"
    head = f"class {name}" if isinstance(obj, type) else name
    line = f"{head}({', '.join(params)}){returns}"
    if len(line) <= WIDTH:
        return line
    return f"{head}(\n" + "".join(f"    {p},\n" for p in params) + f"){returns}"


def members(obj) -> list[tuple[str, object]]:
    """A class's public methods and properties, in source order."""
    return [(name, value) for name, value in vars(obj).items()
            if not name.startswith("_") and (inspect.isfunction(value) or isinstance(value, property))]


def entry(path: str) -> str:
    module, name = path.split(":")
    obj = getattr(importlib.import_module(module), name)
    where = f"{module}.{name}" if module != "tagger" else f"tagger.{name}"
    parts = [f"### {name}\n", f"`{where}`\n", f"```python\n{signature(name, obj)}\n```\n"]
    doc = inspect.getdoc(obj)
    if doc and not (isinstance(obj, type) and doc == inspect.getdoc(obj.__base__)):
        parts.append(doc + "\n")
    if isinstance(obj, type) and not issubclass(obj, BaseException):
        for member, value in members(obj):
            parts.append(f"#### {name}.{member}\n")
            if not isinstance(value, property):
                call = signature(f"{name}.{member}", value)
                parts.append(f"```python\n{call.replace('(self, ', '(').replace('(self)', '()')}\n```\n")
            if inspect.getdoc(value):
                parts.append(inspect.getdoc(value) + "\n")
    return "\n".join(parts)


def api_page() -> str:
    parts = [API_HEAD]
    for heading, intro, paths in API_SECTIONS:
        parts.append(f"## {heading}\n\n{intro}\n")
        parts += [entry(path) for path in paths]
    return "\n".join(parts)


PAGES = {"cli.md": cli_page, "api.md": api_page}


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description="Write docs/cli.md and docs/api.md from the "
                                     "program; with --examples, the docs' example outputs.")
    parser.add_argument("--examples", nargs="*", metavar="PAGE",
                        help="run the examples of these pages (default: README.md and every "
                        "page of docs/) and write their outputs again from the program")
    args = parser.parse_args(argv)
    for name, write in PAGES.items():
        (DOCS / name).write_text(write(), encoding="utf-8")
        print(f"wrote docs/{name}")
    if args.examples is not None:
        sys.path.insert(0, str(DOCS))
        import examples

        examples.main(args.examples)


if __name__ == "__main__":
    sys.path.insert(0, str(DOCS.parent))  # the worktree's tagger, run from anywhere
    main(sys.argv[1:])
