"""The house rule on layers: the shipped package never imports the training scripts."""

import ast
from pathlib import Path

TAGGER = Path(__file__).resolve().parents[1] / "tagger"


def imported_modules(path):
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module


def test_tagger_never_imports_training():
    offenders = [f"{path.relative_to(TAGGER.parent)}: {name}"
                 for path in sorted(TAGGER.rglob("*.py"))
                 for name in imported_modules(path)
                 if name == "training" or name.startswith("training.")]
    assert offenders == []
