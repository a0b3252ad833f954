"""Rewrite module paths from the flat package to its subpackages (issue 48's re-layout).

    python -m training.relayout_imports FILE...          # rewrites the files in place
    python -m training.relayout_imports --check FILE...  # lists what it would change, exit 1 if any

After merging a branch begun before the re-layout, on the files it changed:

    git diff --name-only --diff-filter=AMR ORIG_HEAD HEAD -- '*.py' '*.md' \
        | grep -v '^docs/history.md' | xargs python -m training.relayout_imports

For code written against the old layout (a branch merged after the re-layout): imports,
absolute (`from tagger.model import`, `import tagger.model`, `from tagger import formats`) and
relative (`from ..model import`, `from .. import lexicon`), dotted names in strings and prose
(`"tagger.model.load_model"`, `::: tagger.model.ModelError`) and file paths (`tagger/model.py`).

A relative import is read where the file stands now; when the module it names does not exist
there and the file itself moved, it is read from where the file stood before (a line written
before the move, carried along by git's rename detection), then written relative to where the
file stands now.
"""

import argparse
import ast
import re
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent

# Old module → new module. A module not listed kept its path.
MOVES = {
    "tagger.normalize": "tagger.text.normalize",
    "tagger.tokenize": "tagger.text.tokenize",
    "tagger.sniff": "tagger.text.sniff",
    "tagger.lexicon": "tagger.text.lexicon",
    "tagger.likeness": "tagger.text.likeness",
    "tagger.fields": "tagger.labels.fields",
    "tagger.corpus": "tagger.corpora.corpus",
    "tagger.tei": "tagger.corpora.tei",
    "tagger.layout_tei": "tagger.corpora.layout_tei",
    "tagger.conventions": "tagger.corpora.conventions",
    "tagger.sources": "tagger.corpora.sources",
    "tagger.features": "tagger.crf.features",
    "tagger.encode": "tagger.crf.encode",
    "tagger.decode": "tagger.crf.decode",
    "tagger.model": "tagger.crf.model",
    "tagger.stretches": "tagger.crf.stretches",
    "tagger.train": "tagger.crf.train",
    "tagger.finetune": "tagger.crf.finetune",
    "tagger.reference": "tagger.output.reference",
    "tagger.formats": "tagger.output.formats",
    "tagger.view": "tagger.output.view",
    "tagger.palette": "tagger.output.palette",
    "tagger.latex": "tagger.output.latex",
}

# Folders of data that moved with the module that reads them.
FOLDERS = {"tagger/lexicons/": "tagger/text/lexicons/"}

_OLD_OF = {new: old for old, new in MOVES.items()}
_NAMES = "|".join(sorted((old.split(".", 1)[1] for old in MOVES), key=len, reverse=True))
_DOTTED = re.compile(rf"(?<![\w.])tagger\.({_NAMES})(?!\w)")
_PATH = re.compile(rf"(?<![\w./])tagger/({_NAMES})(\.py)?(?![\w])")
_FROM = re.compile(r"from\s+(\.*)([\w.]*)\s+import\s+")


def moved(module: str) -> str:
    """`module`'s path now: tagger.model.ModelError → tagger.crf.model.ModelError."""
    for old, new in MOVES.items():
        if module == old or module.startswith(old + "."):
            return new + module[len(old):]
    return module


def exists(module: str) -> bool:
    path = REPO_ROOT.joinpath(*module.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def module_of(path: Path):
    """The module name of a file inside the repository, or None outside it."""
    try:
        parts = list(path.resolve().relative_to(REPO_ROOT).with_suffix("").parts)
    except ValueError:
        return None
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _package(module: str, path: Path) -> str:
    return module if path.name == "__init__.py" else module.rpartition(".")[0]


def _absolute(package: str, level: int, name: str) -> str:
    steps = package.split(".")
    if level - 1 > len(steps) - 1:
        return ""
    base = steps[:len(steps) - (level - 1)]
    return ".".join(base + ([name] if name else []))


def _relative(package: str, target: str) -> tuple[str, str]:
    """(dots, rest) naming `target` relative to `package`."""
    here, there = package.split("."), target.split(".")
    common = 0
    while common < min(len(here), len(there)) and here[common] == there[common]:
        common += 1
    return "." * (len(here) - common + 1), ".".join(there[common:])


def rewrite_imports(text: str, path: Path) -> str:
    module = module_of(path)
    package_now = _package(module, path) if module else None
    package_before = _package(_OLD_OF.get(module, module), path) if module else None
    lines = text.splitlines(keepends=True)
    for node in sorted(ast.walk(ast.parse(text)), key=lambda n: -getattr(n, "lineno", 0)):
        if not isinstance(node, ast.ImportFrom):
            continue
        line = lines[node.lineno - 1]
        match = _FROM.match(line, node.col_offset)
        if not match:
            continue
        if node.level:
            if package_now is None:
                continue
            now = _absolute(package_now, node.level, node.module or "")
            if node.module and exists(now):
                continue  # it names a module that is there
            if not node.module and exists(now) and not any(
                    f"{now}.{alias.name}" in MOVES for alias in node.names):
                continue
            base = _absolute(package_before, node.level, node.module or "")
            if not base:
                continue
        else:
            base = node.module
            if base.split(".")[0] != "tagger":
                continue
        if not any(f"{base}.{alias.name}" in MOVES for alias in node.names):
            new = moved(base)
            if new == base and not node.level:
                continue
            head = _spell(new, package_now, bool(node.level))
            lines[node.lineno - 1] = line[:match.start()] + f"from {head} import " + line[match.end():]
        else:  # from <package> import module, …: one statement per package they are in now
            groups = {}
            for alias in node.names:
                parent, _, leaf = moved(f"{base}.{alias.name}").rpartition(".")
                groups.setdefault(parent, []).append(
                    leaf + (f" as {alias.asname}" if alias.asname else ""))
            if list(groups) == [base] and not node.level:
                continue
            if node.end_lineno != node.lineno:
                raise SystemExit(f"{path}:{node.lineno}: split this import by hand")
            indent = " " * node.col_offset
            statements = [f"from {_spell(parent, package_now, bool(node.level))} import "
                          f"{', '.join(groups[parent])}" for parent in sorted(groups)]
            lines[node.lineno - 1] = (line[:node.col_offset] + ("\n" + indent).join(statements)
                                      + line[node.end_col_offset:])
    return "".join(lines)


def _spell(module: str, package, relative: bool) -> str:
    if not relative:
        return module
    dots, rest = _relative(package, module)
    return dots + rest


def rewrite(text: str, path: Path) -> str:
    if path.suffix == ".py":
        text = rewrite_imports(text, path)
    text = _DOTTED.sub(lambda m: moved("tagger." + m[1]), text)
    text = _PATH.sub(lambda m: moved("tagger." + m[1]).replace(".", "/") + (m[2] or ""), text)
    for old, new in FOLDERS.items():
        text = re.sub(rf"(?<![\w./]){re.escape(old)}", new, text)
    return text


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--check", action="store_true", help="list the files it would change")
    args = parser.parse_args(argv)
    changed = []
    for path in args.files:
        if "relayout_imports" in path.name or path.name == "history.md":
            continue  # this script and its test hold the old paths on purpose; history, as it was
        text = path.read_text(encoding="utf-8")
        new = rewrite(text, path)
        if new != text:
            changed.append(path)
            if not args.check:
                path.write_text(new, encoding="utf-8")
    for path in changed:
        print(path)
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
