"""Say which model answers and how good it is: a one-line summary, then the details of its
manifest (file, labels, training data, parameters, scores on the benchmark).

Exit status 0 when the model can serve; 1 when it cannot (missing, damaged, built for other
features), after whatever its manifest still says.
"""

import json
import sys
from pathlib import Path

from ..crf.model import DEFAULT_MODEL, CRFModel, ModelError, manifest_path


def configure(parser):
    parser.add_argument("--model", help="a CRFsuite model with its .json manifest "
                                        "(default: the shipped model)")


def run(args) -> int:
    path = Path(args.model) if args.model else DEFAULT_MODEL
    try:
        manifest, problem = CRFModel(path).manifest, None  # the file as it is now, not cached
    except ModelError as error:
        manifest, problem = _read(path), str(error)
    if manifest is None:
        print(f"reftag: {problem}", file=sys.stderr)
        return 1
    print(summary(path, manifest))
    print()
    print(details(path, manifest))
    if problem:
        print(f"reftag: this model cannot serve: {problem}", file=sys.stderr)
        return 1
    return 0


def _read(path: Path) -> dict | None:
    """The manifest as written, for a model that does not load; None if there is none."""
    try:
        manifest = json.loads(manifest_path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return manifest if isinstance(manifest, dict) else None


def summary(path: Path, manifest: dict) -> str:
    """ "default.crfsuite: 19 labels, trained on 6,063 references (4 files); gold core
    micro-F1 0.974, 0.977 with auto" """
    labels = _labels(manifest)
    training = _training(manifest)
    files = _training_files(training)
    line = f"{path.name}: {len(labels)} labels"
    if isinstance(training.get("records"), int):
        line += f", trained on {training['records']:,} references"
        if files:
            line += f" ({len(files)} file{'s' if len(files) != 1 else ''})"
    for data, scores in _scores(manifest):
        engine = scores.get("engine")
        line += f"; {Path(data).stem} core micro-F1 {scores['core_micro_f1']:.3f}"
        if isinstance(engine, str):
            line += f" with {engine}"
        auto = scores.get("auto") or {}
        if isinstance(auto.get("core_micro_f1"), (int, float)):
            line += f", {auto['core_micro_f1']:.3f} with auto"
        break  # the first benchmark; the details list them all
    return line


def details(path: Path, manifest: dict) -> str:
    training = _training(manifest)
    lines = [f"model      {path}",
             f"sha256     {manifest.get('sha256', '?')}",
             f"features   version {manifest.get('feature_version', '?')}",
             f"labels     {' '.join(_labels(manifest))}"]
    params = manifest.get("params") or {}
    if params:
        lines.append("params     " + ", ".join(f"{key} {value}" for key, value in params.items()))
    if isinstance(manifest.get("train_seconds"), (int, float)):
        lines.append(f"trained in {manifest['train_seconds']:g} s")
    files = _training_files(training)
    if files:
        lines.append("training   " + (f"{training['records']:,} references"
                                      if isinstance(training.get("records"), int) else ""))
        width = max(map(len, files))
        for name, count in files.items():
            weight = ((training.get("sources") or {}).get(name) or {}).get("weight")
            lines.append((f"  {name.ljust(width)}  {count:>7,}" if isinstance(count, int)
                          else f"  {name}") + (f" × {weight}" if isinstance(weight, int) else ""))
    recipe = _recipe(training)
    if recipe:
        lines.append(f"recipe     {recipe}")
    evidence = manifest.get("rules_evidence")
    if isinstance(evidence, dict):
        lines.append(f"auto       references under confidence {evidence.get('below')} are decoded "
                     f"again with the rules' labels as evidence (× {evidence.get('weight')})")
    else:
        lines.append("auto       the CRF alone (no rules_evidence in the manifest)")
    if not any(_scores(manifest)):
        lines.append(f"scores     none in the manifest: `reftag evaluate data/gold.jsonl --model "
                     f"{path}` measures them (`reftag train` records its own)")
    for data, scores in _scores(manifest):
        engine = scores.get("engine")
        line = (f"scores     {data}" + (f" ({engine} engine)" if isinstance(engine, str) else "")
                + f": core micro-F1 {scores['core_micro_f1']:.4f}")
        if isinstance(scores.get("all_core_correct"), (int, float)):
            line += f", all core fields right {scores['all_core_correct']:.1%}"
        auto = scores.get("auto") or {}
        if isinstance(auto.get("core_micro_f1"), (int, float)):
            line += f"; auto {auto['core_micro_f1']:.4f}"
            if isinstance(auto.get("all_core_correct"), (int, float)):
                line += f", {auto['all_core_correct']:.1%}"
        lines.append(line)
        f1 = scores.get("f1") or {}
        pairs = [f"{label} {value:.3f}" for label, value in f1.items()
                 if isinstance(value, (int, float))]
        for start in range(0, len(pairs), 6):
            lines.append("  F1       " + "  ".join(pairs[start:start + 6]))
    return "\n".join(lines)


def _training(manifest: dict) -> dict:
    training = manifest.get("training")
    return training if isinstance(training, dict) else {}


def _recipe(training: dict) -> str:
    """How `reftag train` made the model: "fast: 3,000 of the base model's 14,250 ..." """
    recipe, base = training.get("recipe"), training.get("base")
    if not isinstance(recipe, str):
        return ""
    if not isinstance(base, dict):
        return f"{recipe}: your references only"
    line = f"{recipe}: your references added to {base.get('model', 'the shipped model')}'s data"
    if isinstance(base.get("records"), int) and isinstance(base.get("of"), int):
        line += f" ({base['records']:,} of its {base['of']:,} references)"
    return line


def _labels(manifest: dict) -> list[str]:
    labels = manifest.get("label_set") or manifest.get("labels") or []
    return [label for label in labels if isinstance(label, str) and label != "O"]


def _training_files(training: dict) -> dict:
    """Training file → its number of references (None when the manifest does not say).

    Tolerates what older `reftag train` wrote (sources as {"base": "default", "files": [...]}):
    a manifest that cannot be read as files is shown as far as it goes, never a traceback."""
    sources = training.get("sources")
    sources = sources if isinstance(sources, dict) else {}
    files = training.get("files")
    if not isinstance(files, list):
        files = [name for name, source in sources.items() if isinstance(source, dict)]
    counts = {}
    for name in files:
        source = sources.get(name) if isinstance(name, str) else None
        counts[str(name)] = source.get("records") if isinstance(source, dict) else None
    return counts


def _scores(manifest: dict):
    """(benchmark, scores) for each benchmark with a core micro-F1 in the manifest."""
    for data, scores in (manifest.get("scores") or {}).items():
        if isinstance(scores, dict) and isinstance(scores.get("core_micro_f1"), (int, float)):
            yield data, scores
