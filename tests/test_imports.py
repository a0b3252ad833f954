"""The layering of the package, drawn from its imports: `tagger` never imports `training`, the
import graph of `tagger` has no cycle, and its subpackages import only those in the layers below
theirs (LAYERS), so that the folders show the pipeline of docs/design.md.

The graph is read from the source (every `import` and `from ... import`, at module level or
inside a function, relative ones resolved), not from what happens to be imported at run
time, so a lazy import inside a function counts as much as one at the top of a file.
"""

import ast
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
TAGGER = REPO / "tagger"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(TAGGER.rglob("*.py"))}


def imported(module: str) -> set[str]:
    """The project modules (tagger.* or training.*) that `module`'s source imports."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: from the package, `level - 1` steps up
                steps = package.split(".")[:len(package.split(".")) - (node.level - 1)]
                base = ".".join(steps + ([node.module] if node.module else []))
            else:
                base = node.module
            for alias in node.names:  # `from pkg import submodule` imports the submodule
                name = f"{base}.{alias.name}"
                names.add(name if name in MODULES else base)
    found = set()
    for name in names:
        if name.split(".")[0] == "training":
            found.add(name)
        elif name.split(".")[0] == "tagger":
            while name not in MODULES:  # `tagger.parse.parse` → the module tagger.parse
                name = name.rpartition(".")[0]
            if name != module:
                found.add(name)
    return found


GRAPH = {module: imported(module) for module in MODULES}

# tagger/commands/synth.py imports training/synth until the styles branch moves it to tagger/synth.
PENDING = {"tagger.commands.synth": "training/synth is moving into tagger/synth (styles branch)"}


def cases():
    for module in MODULES:
        if module in PENDING and not (TAGGER / "synth").is_dir():
            yield pytest.param(module, marks=pytest.mark.xfail(reason=PENDING[module], strict=True))
        else:
            yield module


def test_graph_is_read():
    assert len(MODULES) > 50
    assert "tagger.parse" in GRAPH["tagger"] and "tagger.output.reference" in GRAPH["tagger"]
    assert "tagger.finder" in GRAPH["tagger"]  # a lazy import inside find() counts


# The package's parts, bottom up: each imports only from its own part and from parts in the
# layers below it, never from a part beside it in its own layer (the CRF and the rule tagger
# stand apart, and so do the output writers). A part is a subpackage or a top-level module;
# "tagger" is the package's own __init__ (parse, find, parse_many, Reference).
LAYERS = (
    ("text",),  # sniff, likeness, normalize, tokenize, the word lists
    ("labels",),  # the label set; fields: labelled tokens ↔ field strings
    ("structure", "corpora"),  # fields → clean values; annotated files ↔ records
    ("crf", "rules", "output", "synth"),  # the two taggers; the writers; generated references
    ("doubts",),  # where the CRF's labels break a shape no reference has
    ("parse",),  # one reference string in, one Reference out
    ("finder",),  # a document or pasted list → references
    ("pdf",),  # a PDF's text layer with its layout → the finder
    ("batch",),  # many documents (a folder) → their references, in worker processes
    ("tagger", "evaluate", "dask"),  # the library's entry points; the harness; Dask
    ("serve",),
    ("commands",),
    ("cli",),
    ("__main__",),
)
LAYER = {part: depth for depth, parts in enumerate(LAYERS) for part in parts}
# Code that trains a model, which the library (`import tagger`, parse, find) never loads.
TRAINING_CODE = {"tagger.crf.train", "tagger.crf.finetune"}


def part(module: str) -> str:
    return module.split(".")[1] if "." in module else module


def test_every_part_has_a_layer():
    assert not {part(module) for module in MODULES} - set(LAYER), "add the new part to LAYERS"


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_only_from_the_layers_below(module):
    here = part(module)
    wrong = sorted(target for target in GRAPH[module] if target in MODULES
                   and part(target) != here and LAYER[part(target)] >= LAYER[here])
    assert not wrong, f"{module} ({here}, layer {LAYER[here]}) imports from its layer or above: " \
        + ", ".join(f"{target} ({part(target)}, layer {LAYER[part(target)]})" for target in wrong)


@pytest.mark.parametrize("package", sorted(name for name, path in MODULES.items()
                                           if path.name == "__init__.py"))
def test_every_package_says_what_it_holds(package):
    tree = ast.parse(MODULES[package].read_text(encoding="utf-8"))
    assert len(ast.get_docstring(tree) or "") > 40, f"{package} has no docstring saying what it holds"


def test_the_library_loads_no_training_code():
    """What `import tagger` can reach, lazy imports included: the text stages, the labels, the
    CRF's tagging, the rules, the output, the finder and the PDF reader; not the code that trains
    a model, nor the commands, the harness or the service."""
    reached, stack = set(), ["tagger"]
    while stack:
        module = stack.pop()
        if module not in reached:
            reached.add(module)
            stack.extend(GRAPH[module])
    assert not reached & TRAINING_CODE
    assert not {part(module) for module in reached} & {"evaluate", "serve", "commands", "cli"}
    assert {"tagger.crf.model", "tagger.text.normalize", "tagger.output.formats"} <= reached


@pytest.mark.parametrize("module", cases())
def test_tagger_never_imports_training(module):
    assert not {name for name in GRAPH[module] if name.split(".")[0] == "training"}


def test_import_graph_has_no_cycle():
    """Depth-first search; a cycle is reported as the path that closes it."""
    state, path = {}, []  # state: 1 on the current path, 2 done

    def visit(module):
        state[module] = 1
        path.append(module)
        for target in sorted(GRAPH[module]):
            if target not in GRAPH:
                continue
            if state.get(target) == 1:
                cycle = path[path.index(target):] + [target]
                pytest.fail("import cycle: " + " → ".join(cycle))
            if target not in state:
                visit(target)
        path.pop()
        state[module] = 2

    for module in sorted(GRAPH):
        if module not in state:
            visit(module)
