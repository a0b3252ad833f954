"""The layering of the package, drawn from its imports: `tagger` never imports `training`, the
import graph of `tagger` and `training` together has no cycle, and the subpackages of each
import only those in the layers below theirs (LAYERS, TRAINING_LAYERS), so that the folders
show the pipeline of docs/design.md and training/README.md.

The graph is read from the source (every `import` and `from ... import`, at module level or
inside a function, relative ones resolved), not from what happens to be imported at run
time, so a lazy import inside a function counts as much as one at the top of a file.
"""

import ast
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
TAGGER = REPO / "tagger"
TRAINING = REPO / "training"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(TAGGER.rglob("*.py"))}
TRAINING_MODULES = {module_name(path): path for path in sorted(TRAINING.rglob("*.py"))}
PROJECT = {**MODULES, **TRAINING_MODULES}


def imported(module: str) -> set[str]:
    """The project modules (tagger.* or training.*) that `module`'s source imports."""
    path = PROJECT[module]
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
                names.add(name if name in PROJECT else base)
    found = set()
    for name in names:
        if name.split(".")[0] in ("tagger", "training"):
            while name not in PROJECT and "." in name:  # `tagger.parse.parse` → tagger.parse
                name = name.rpartition(".")[0]
            if name != module:
                found.add(name)
    return found


GRAPH = {module: imported(module) for module in PROJECT}

def test_graph_is_read():
    assert len(MODULES) > 50 and len(TRAINING_MODULES) > 40
    assert "tagger.parse" in GRAPH["tagger"] and "tagger.output.reference" in GRAPH["tagger"]
    assert "tagger.finder" in GRAPH["tagger"]  # a lazy import inside find() counts
    assert "training.models.build_model" in GRAPH["training.models.augment"]  # a relative one
    assert "training.corpora.nonpapers" in GRAPH["training.corpora.paper_corpora"]


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


@pytest.mark.parametrize("package", sorted(name for name, path in PROJECT.items()
                                           if path.name == "__init__.py"))
def test_every_package_says_what_it_holds(package):
    tree = ast.parse(PROJECT[package].read_text(encoding="utf-8"))
    assert len(ast.get_docstring(tree) or "") > 40, f"{package} has no docstring saying what it holds"


# training/'s folders, bottom up (training/README.md): the data; what builds a shipped model from
# it; measurements of those models; timings and checks, which may reuse an experiment's
# recipe; the documentation's generated parts. "training" is the package's own __init__.
TRAINING_LAYERS = (
    ("training", "corpora"),
    ("models",),
    ("experiments",),
    ("benchmarks", "site"),
)
TRAINING_LAYER = {part: depth for depth, parts in enumerate(TRAINING_LAYERS) for part in parts}


def test_every_training_folder_has_a_layer():
    assert not {part(module) for module in TRAINING_MODULES} - set(TRAINING_LAYER), \
        "add the new folder to TRAINING_LAYERS"


@pytest.mark.parametrize("module", sorted(TRAINING_MODULES))
def test_training_imports_only_from_the_layers_below(module):
    here = part(module)
    wrong = sorted(target for target in GRAPH[module] if target in TRAINING_MODULES and
                   part(target) != here and TRAINING_LAYER[part(target)] >= TRAINING_LAYER[here])
    assert not wrong, f"{module} ({here}) imports from its layer or above: {wrong}"


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


@pytest.mark.parametrize("module", sorted(MODULES))
def test_tagger_never_imports_training(module):
    assert not {name for name in GRAPH[module] if name.split(".")[0] == "training"}


def test_import_graph_has_no_cycle():
    """Over tagger and training together. Depth-first search; a cycle is reported as the path
    that closes it."""
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


def test_the_wheel_carries_tagger_and_not_training():
    """pyproject's package list is what a wheel holds: every package of tagger (a missing one
    would be left out of the wheel without a word), the shipped models, and not training,
    which is run from a checkout."""
    import tomllib

    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    setuptools = pyproject["tool"]["setuptools"]
    listed = set(setuptools["packages"])
    assert not {name for name in listed if name.split(".")[0] == "training"}
    packages = {name for name, path in MODULES.items() if path.name == "__init__.py"}
    assert packages <= listed, f"packages the wheel would leave out: {sorted(packages - listed)}"
    assert "tagger.models" in listed and setuptools["package-dir"]["tagger.models"] == "models"
    assert "*.crfsuite" in setuptools["package-data"]["tagger.models"]


def test_the_training_modules_tagger_names_exist():
    """tagger runs some of training from a checkout (`reftag evaluate --suite
    --recompute-folds`: python -m training.experiments.cross_corpus): every module name it
    gives as a string is one training holds, so a move of training/ cannot leave it behind."""
    named = {node.value for path in MODULES.values()
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Constant) and isinstance(node.value, str)
             and re.fullmatch(r"training(\.\w+)+", node.value)}
    assert "training.experiments.cross_corpus" in named
    assert not named - set(TRAINING_MODULES), sorted(named - set(TRAINING_MODULES))
