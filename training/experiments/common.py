"""What both experiments share: the shipped recipe, timed training, scoring, result files."""

import json
import time
from pathlib import Path

from tagger.evaluate import evaluate
from tagger.crf.train import REPO, train
from training.models.build_model import BENCHMARK, PARAMS, TRAINING_FILES, training_records

RESULTS = Path(__file__).resolve().parent / "results"
WORKDIR = Path("/tmp/reftag-experiments")  # models built here are measured, never shipped

__all__ = ["BENCHMARK", "PARAMS", "REPO", "RESULTS", "TRAINING_FILES", "WORKDIR", "score",
           "timed_train", "training_records", "write_results"]


def timed_train(records, model_path, params=PARAMS) -> dict:
    """Train and return the manifest plus `cpu_seconds`: CPU time of this process, which is
    what one core needs however loaded the shared machine is (wall time is `train_seconds`)."""
    started = time.process_time()
    manifest = train(records, model_path, params=params)
    manifest["cpu_seconds"] = round(time.process_time() - started, 1)
    return manifest


def score(records, model_path) -> dict:
    """Core micro-F1 and the share of references with every core field right."""
    result = evaluate(records, model=model_path, engine="crf")
    return {"core_f1": round(result.core_f1, 4),
            "all_core_correct": round(result.fields["all_core_correct"], 4)}


def write_results(name, rows, columns, notes="", key=None, directory=RESULTS):
    """Write results/NAME.json (rows and notes) and results/NAME.md (notes, then a table whose
    `columns` are (heading, row field, format spec) triples, e.g. ("gain", "gain", "+.4f")).

    With `key` (a function of a row), rows already in the JSON file whose key is not among the
    new rows are kept, so an experiment can be run in parts (one style, another weight).
    """
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    json_path = directory / f"{name}.json"
    if key and json_path.exists():
        new_keys = {key(row) for row in rows}
        old = json.loads(json_path.read_text(encoding="utf-8"))["rows"]
        rows = [row for row in old if key(row) not in new_keys] + list(rows)
    json_path.write_text(json.dumps({"notes": notes, "rows": rows}, indent=2,
                                    ensure_ascii=False) + "\n", encoding="utf-8")
    lines = [notes.strip(), ""] if notes.strip() else []
    lines.append("| " + " | ".join(heading for heading, _, _ in columns) + " |")
    lines.append("|" + "---|" * len(columns))
    for row in rows:
        cells = ("" if row.get(field) is None else format(row[field], spec)
                 for _, field, spec in columns)
        lines.append("| " + " | ".join(cells) + " |")
    (directory / f"{name}.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return rows

