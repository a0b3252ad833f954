"""Where the model stands off its home ground: train on AnyStyle's corpora, on GROBID's, or on
both, and score each on gold.xml and on GROBID's corpus by cross-validation folded by file.

    python -m training.experiments.cross_corpus [--folds 10] [--jobs 2] [--configs anystyle grobid both]

For `grobid` and `both` every fold's model is trained without the fold's files (for `both`,
also on the shipped recipe's AnyStyle data, as `training.models.build_model` trains), so each GROBID
reference is scored by a model that never saw its paper; `anystyle` has no GROBID data to
hold out and is trained once. Every configuration is also trained once on all of its data and
scored on gold. Scores are pooled over the folds, overall and per GROBID group (field of
research), with how well `confidence` is calibrated beside them; each is the CRF's, and beside
the overall ones `auto`'s: each model decoded again where it is unsure with the rule tagger's
evidence, at the shipped model's `rules_evidence` (or `--evidence BELOW WEIGHT`), as a user's
default engine reads references. That pair was chosen on held-out training data that GROBID's
references are part of (training.models.calibrate_auto): two numbers fitted across the folds, not in
each. Results go to training/experiments/results/cross_corpus.{json,md}.
"""

import argparse
import json
import tempfile
import time
from pathlib import Path

from joblib import Parallel, delayed

from tagger.corpora.corpus import load
from tagger.evaluate import calibration_of, score
from tagger.evaluate.predictions import predict
from tagger.crf.model import DEFAULT_MODEL, load_model, manifest_path
from tagger.crf.train import REPO, train, write_manifest
from training.models.build_model import (ANYSTYLE_FILES, BENCHMARK, GROBID_FILES, GROBID_WEIGHT,
                                  PARAMS)
from training.models.augment import with_copies
from training.experiments.common import write_results

CONFIGS = ("anystyle", "grobid", "both")
ENGINES = ("crf", "auto")


def shipped_evidence() -> dict:
    """The shipped model's `rules_evidence`: how `auto` is scored unless told otherwise."""
    manifest = json.loads(manifest_path(DEFAULT_MODEL).read_text(encoding="utf-8"))
    return manifest["rules_evidence"]


def grobid_records(files=GROBID_FILES) -> list[dict]:
    """GROBID's references, each with its `group` (the file it was converted to)."""
    return [{**record, "group": Path(name).stem} for name in files
            for record in load(REPO / name)]


def file_folds(records, k: int) -> list[list[int]]:
    """`k` folds of record indexes, whole files to a fold: files largest first, each to the
    fold with the fewest references so far (ties to the lowest fold), so folds are even and
    the split is the same on every run."""
    by_file: dict[str, list[int]] = {}
    for i, record in enumerate(records):
        by_file.setdefault(record["file"], []).append(i)
    folds: list[list[int]] = [[] for _ in range(k)]
    for _, indexes in sorted(by_file.items(), key=lambda item: (-len(item[1]), item[0])):
        min(folds, key=len).extend(indexes)
    return [sorted(fold) for fold in folds]


def training_set(config: str, anystyle, grobid, weight: int = GROBID_WEIGHT,
                 anystyle_weight: int = 1) -> list[dict]:
    """The records a configuration trains on (in `both`, GROBID's counted `weight` times and
    AnyStyle's `anystyle_weight` times), with their augmented copies made here, from these
    records alone, as the shipped recipe makes them from all of its own (training/models/augment.py)."""
    if config == "anystyle":
        return with_copies(anystyle)
    if config == "grobid":
        return with_copies(grobid)
    return with_copies(list(anystyle) * anystyle_weight + list(grobid) * weight)


def fit_and_predict(training, tests, params, evidence: dict,
                    keep: Path | None = None) -> dict[str, list[list[dict]]]:
    """Train on `training` in a scratch folder (or at `keep`) and return each engine's
    predictions for each test set (`predictions_of`)."""
    with tempfile.TemporaryDirectory(prefix="reftag-xc-") as tmp:
        model = keep or Path(tmp) / "model.crfsuite"
        train(training, model, params=params)
        return predictions_of(model, tests, evidence)


def predictions_of(model: Path, tests, evidence: dict) -> dict[str, list[list[dict]]]:
    """Each engine's predictions for each test set, the model given `evidence` as its
    `rules_evidence` (written into its manifest)."""
    manifest = json.loads(manifest_path(model).read_text(encoding="utf-8"))
    write_manifest(model, {**manifest, "rules_evidence": evidence})
    predictions = {engine: [predict(test, engine=engine, model=model) for test in tests]
                   for engine in ENGINES}
    load_model.cache_clear()
    return predictions


def summary(records, predictions) -> dict:
    result = score(records, predictions)
    row = {"n": len(records), "core_f1": round(result.core_f1, 4),
           "all_core_correct": round(result.fields["all_core_correct"], 4)}
    calibration = _calibration(result)
    if calibration:
        row["ece"] = calibration
    return row


def _calibration(result):
    """Expected calibration error of "all core right" against confidence."""
    calibration = calibration_of(result)
    return round(calibration["ece"], 4) if calibration.get("available") else None


def run(configs=CONFIGS, k: int = 10, jobs: int = 2, params=PARAMS, weight=GROBID_WEIGHT,
        folds_to_run: int | None = None, anystyle_weight: int = 1, keep: Path | None = None,
        evidence: dict | None = None, rescore: bool = False, log=print) -> list[dict]:
    """The scores of each configuration (see the module's docstring); with `keep`, every model
    is kept there: <config>.crfsuite trained on all of a configuration's data, and
    <config>-without-fold<N>.crfsuite on all but fold N, so that what decoding does with a
    fold's model (auto's evidence, the rule tagger) can be measured again without training:
    with `rescore`, nothing is trained and the models kept there are scored."""
    evidence = evidence or shipped_evidence()
    anystyle = [record for name in ANYSTYLE_FILES for record in load(REPO / name)]
    grobid = grobid_records()
    gold = load(REPO / BENCHMARK)
    folds = file_folds(grobid, k)[:folds_to_run]
    held_out = [i for fold in folds for i in fold]
    jobs_list = []  # (config, fold number or None, training records, test sets)
    for config in configs:
        def training(grobid_part, config=config):
            """What the model is trained on; nothing to make when kept models are scored."""
            return None if rescore else training_set(config, anystyle, grobid_part, weight,
                                                     anystyle_weight)

        if config == "anystyle":
            jobs_list.append((config, None, training(grobid),
                              [gold, [grobid[i] for i in held_out]]))
            continue
        jobs_list.append((config, None, training(grobid), [gold]))
        for number, fold in enumerate(folds):
            inside = set(fold)
            rest = [record for i, record in enumerate(grobid) if i not in inside]
            jobs_list.append((config, number, training(rest), [[grobid[i] for i in fold]]))
    started = time.perf_counter()
    if rescore:
        log(f"{len(jobs_list)} kept models to score, {jobs} at a time ...")
        calls = (delayed(predictions_of)(keep / _model_name(config, number), tests, evidence)
                 for config, number, _, tests in jobs_list)
    else:
        log(f"{len(jobs_list)} models to train, {jobs} at a time ...")
        if keep:
            keep.mkdir(parents=True, exist_ok=True)
        calls = (delayed(fit_and_predict)(training, tests, params, evidence,
                                          keep / _model_name(config, number) if keep else None)
                 for config, number, training, tests in jobs_list)
    outputs = Parallel(n_jobs=jobs)(calls)
    log(f"{'scored' if rescore else 'trained and scored'} in {time.perf_counter() - started:.0f} s")
    rows = []
    for config in configs:
        row = {"config": config, "evidence": evidence}
        for engine in ENGINES:
            pooled: dict[int, dict] = {}
            gold_predictions = None
            for (name, number, _, tests), output in zip(jobs_list, outputs):
                if name != config:
                    continue
                if number is None:
                    gold_predictions = output[engine][0]
                    if config == "anystyle":
                        pooled.update(zip(held_out, output[engine][1]))
                else:
                    pooled.update(zip(folds[number], output[engine][0]))
            scores = _pooled_scores(gold, gold_predictions, grobid, pooled)
            if engine == "crf":  # the CRF's at the row's top level, as before auto was scored
                row.update(scores)
            else:
                row[engine] = scores
            log(f"{config}, {engine}: gold {scores['gold']['core_f1']:.4f}, GROBID CV "
                f"{scores['grobid']['core_f1']:.4f} "
                + ", ".join(f"{g} {s['core_f1']:.4f}" for g, s in scores["groups"].items()))
        rows.append(row)
    return rows


def _model_name(config: str, fold: int | None) -> str:
    """A kept model's file name: the configuration's, and the fold it was trained without."""
    return f"{config}.crfsuite" if fold is None else f"{config}-without-fold{fold}.crfsuite"


def _pooled_scores(gold, gold_predictions, grobid, pooled) -> dict:
    """Gold's scores, and GROBID's pooled over the folds, overall and per group."""
    indexes = sorted(pooled)
    records = [grobid[i] for i in indexes]
    predictions = [pooled[i] for i in indexes]
    scores = {"gold": summary(gold, gold_predictions), "grobid": summary(records, predictions),
              "groups": {}}
    for group in sorted({record["group"] for record in records}):
        chosen = [i for i, record in enumerate(records) if record["group"] == group]
        scores["groups"][group] = summary([records[i] for i in chosen],
                                          [predictions[i] for i in chosen])
    return scores


def flat(rows) -> list[dict]:
    """One table row per configuration: gold, GROBID, each group."""
    table = []
    for row in rows:
        cells = {"config": row["config"], "gold": row["gold"]["core_f1"],
                 "gold_all": row["gold"]["all_core_correct"], "gold_ece": row["gold"].get("ece"),
                 "grobid": row["grobid"]["core_f1"], "grobid_all": row["grobid"]["all_core_correct"],
                 "grobid_ece": row["grobid"].get("ece")}
        for group, scores in row["groups"].items():
            cells[group] = scores["core_f1"]
        if "auto" in row:  # rows written before auto was scored have none
            cells["gold_auto"] = row["auto"]["gold"]["core_f1"]
            cells["grobid_auto"] = row["auto"]["grobid"]["core_f1"]
            cells["grobid_auto_all"] = row["auto"]["grobid"]["all_core_correct"]
        table.append(cells)
    return table


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m training.experiments.cross_corpus",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--configs", nargs="+", choices=CONFIGS, default=list(CONFIGS))
    parser.add_argument("--folds", type=int, default=10)
    parser.add_argument("--run-folds", type=int, default=None,
                        help="run only the first N folds (a quick estimate)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--weight", type=int, default=GROBID_WEIGHT,
                        help=f"how many times GROBID's references count in `both` (default {GROBID_WEIGHT})")
    parser.add_argument("--anystyle-weight", type=int, default=1,
                        help="how many times AnyStyle's references count in `both` (default 1)")
    parser.add_argument("--keep", type=Path, default=None,
                        help="keep every model in this folder (all data, and each fold's)")
    parser.add_argument("--rescore", action="store_true",
                        help="train nothing: score the models kept in --keep's folder")
    parser.add_argument("--iterations", type=int, default=PARAMS["max_iterations"])
    parser.add_argument("--c1", type=float, default=PARAMS["c1"], help="L1 penalty")
    parser.add_argument("--c2", type=float, default=PARAMS["c2"], help="L2 penalty")
    parser.add_argument("--memories", type=int, default=PARAMS["num_memories"],
                        help="L-BFGS's remembered steps (crfsuite's num_memories)")
    parser.add_argument("--evidence", type=float, nargs=2, metavar=("BELOW", "WEIGHT"),
                        help="auto's rules_evidence (default: the shipped model's)")
    parser.add_argument("--name", default="cross_corpus", help="results file name")
    args = parser.parse_args(argv)
    if args.rescore and not args.keep:
        parser.error("--rescore scores the models of --keep DIR")
    params = {**PARAMS, "max_iterations": args.iterations, "c1": args.c1, "c2": args.c2,
              "num_memories": args.memories}
    rows = run(args.configs, args.folds, args.jobs, params, args.weight, args.run_folds,
               args.anystyle_weight, args.keep,
               dict(zip(("below", "weight"), args.evidence)) if args.evidence else None,
               args.rescore)
    groups = sorted({group for row in rows for group in row["groups"]})
    folds = f"{args.run_folds} of {args.folds}" if args.run_folds else str(args.folds)
    evidence = rows[0]["evidence"]
    notes = (f"Core micro-F1 (CRF; `auto` beside the overall scores). GROBID: {folds} folds "
             f"by file, pooled; gold: the model trained on all of the configuration's data. "
             f"In `both`, GROBID counts {args.weight}×, AnyStyle {args.anystyle_weight}×; "
             f"{args.iterations} L-BFGS iterations remembering {args.memories} steps, c1 "
             f"{args.c1}, c2 {args.c2}; "
             f"`auto` with rules_evidence below {evidence['below']}, weight "
             f"{evidence['weight']}. ECE: expected calibration error of 'all core fields "
             f"right' against confidence.")
    columns = [("trained on", "config", ""), ("gold", "gold", ".4f"),
               ("gold all core right", "gold_all", ".1%"), ("gold ECE", "gold_ece", ".3f"),
               ("gold, auto", "gold_auto", ".4f"), ("GROBID CV", "grobid", ".4f"),
               ("GROBID CV, auto", "grobid_auto", ".4f"),
               ("GROBID all core right", "grobid_all", ".1%"),
               ("GROBID ECE", "grobid_ece", ".3f"),
               *((group, group, ".4f") for group in groups)]
    write_results(args.name, flat(rows), columns, notes)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
