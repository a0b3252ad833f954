"""gold.xml's learning curve: how much does more annotated data (core.xml) buy?

Trains the shipped CRF parameters on nested, fixed-seed subsets of data/core.jsonl (100, 200,
500, 1000, all) and scores each on data/gold.jsonl; the shipped model's own row (core + good,
read from models/default.json, not retrained) ends the curve. `python -m
training.experiments.learning_curve` writes results/learning_curve.{md,json} (rows of other
sizes already there are kept).
"""

import argparse
import json
import random
from pathlib import Path

from tagger.corpora.corpus import load
from tagger.crf.model import DEFAULT_MODEL, manifest_path

from .common import (
    BENCHMARK,
    PARAMS,
    REPO,
    RESULTS,
    TRAINING_FILES,
    WORKDIR,
    score,
    timed_train,
    training_records,
    write_results,
)

CORPUS = "data/core.jsonl"
SIZES = [100, 200, 500, 1000, None]  # None: all of it
SEED = 7

COLUMNS = [
    ("training data", "data", ""), ("references", "records", ""),
    ("features", "feature_version", ""),
    ("gold core micro-F1", "core_f1", ".4f"), ("gold all core right", "all_core_correct", ".3f"),
    ("train s (wall)", "train_seconds", ".0f"), ("train s (CPU)", "cpu_seconds", ".0f"),
]


def nested_subsets(records, sizes, seed=SEED):
    """Prefixes of one fixed shuffle, so each subset contains the smaller ones."""
    shuffled = random.Random(seed).sample(records, len(records))
    return [shuffled[:size] for size in sizes]


def curve(records, gold, sizes, params=PARAMS, workdir=WORKDIR) -> list[dict]:
    """One row per subset size: gold scores and training time."""
    rows = []
    for subset in nested_subsets(records, sizes):
        model = Path(workdir) / f"core-{len(subset)}.crfsuite"
        manifest = timed_train(subset, model, params)
        data = CORPUS if len(subset) == len(records) else f"{CORPUS} sample"
        row = {"data": data, "records": len(subset), "feature_version": manifest["feature_version"],
               **score(gold, model),
               "train_seconds": manifest["train_seconds"], "cpu_seconds": manifest["cpu_seconds"]}
        print(json.dumps(row), flush=True)
        rows.append(row)
    return rows


def recipe_row(gold, workdir=WORKDIR) -> dict:
    """Retrain the shipped recipe exactly (training/models/build_model.py) to time it on one core."""
    records, _ = training_records()
    model = Path(workdir) / "recipe.crfsuite"
    manifest = timed_train(records, model)
    row = {"data": " + ".join(TRAINING_FILES) + " (shipped recipe, retrained here)",
           "records": len(records), "feature_version": manifest["feature_version"],
           **score(gold, model),
           "train_seconds": manifest["train_seconds"], "cpu_seconds": manifest["cpu_seconds"]}
    print(json.dumps(row), flush=True)
    return row


def shipped_row() -> dict | None:
    """The shipped model's gold scores and training time, from the manifest its build wrote."""
    path = manifest_path(DEFAULT_MODEL)
    if not path.exists():
        return None
    manifest = json.loads(path.read_text(encoding="utf-8"))
    scores = manifest.get("scores", {}).get(BENCHMARK, {})
    return {"data": " + ".join(manifest["training"].get("files", [])) + " (shipped model)",
            "records": manifest["training"]["records"],
            "feature_version": manifest["feature_version"], "core_f1": scores.get("core_micro_f1"),
            "all_core_correct": scores.get("all_core_correct"),
            "train_seconds": manifest["train_seconds"], "cpu_seconds": None}


NOTES = f"""# gold.xml learning curve

The shipped CRF parameters ({PARAMS}) trained on nested subsets of {CORPUS} (AnyStyle's
core.xml; one shuffle with seed {SEED}, each subset a prefix of it), scored on {BENCHMARK}
(gold.xml): core micro-F1 and the share of references with every core field right. The last row
is the shipped model as its build recorded it (models/default.json); with `--recipe` its recipe
is also retrained here to measure CPU time (the same data and parameters give the same model,
so its scores must equal the shipped model's). Train seconds: wall time on
a shared, busy 2-core machine, and the CPU time of the one core the CRF uses.

Rebuild: `python -m training.experiments.learning_curve [--recipe]`.
"""


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=None,
                        help="subset sizes (default 100 200 500 1000 and all; none at all: "
                             "only add the shipped model's row)")
    parser.add_argument("--recipe", action="store_true",
                        help="also retrain the shipped recipe (core + good) and time it")
    parser.add_argument("--gold-limit", type=int, default=None,
                        help="smoke test: score on the first N gold references only")
    parser.add_argument("--max-iterations", type=int, default=PARAMS["max_iterations"])
    parser.add_argument("--workdir", type=Path, default=WORKDIR)
    parser.add_argument("--results", type=Path, default=RESULTS)
    args = parser.parse_args(argv)

    records = load(REPO / CORPUS)
    gold = load(REPO / BENCHMARK)[:args.gold_limit]
    sizes = SIZES if args.sizes is None else args.sizes
    rows = curve(records, gold, sizes, {**PARAMS, "max_iterations": args.max_iterations},
                 args.workdir)
    if args.recipe:
        rows.append(recipe_row(gold, args.workdir))
    shipped = shipped_row()
    if shipped:
        rows.append(shipped)
    write_results("learning_curve", rows, COLUMNS, NOTES, directory=args.results,
                  key=lambda row: (row["data"], row["records"], row["feature_version"]))


if __name__ == "__main__":
    main()
