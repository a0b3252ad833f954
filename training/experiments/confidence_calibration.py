"""Would another confidence, or a recalibrated one, find the wrong references better?

    python -m training.experiments.confidence_calibration [--reuse]

`confidence` is the mean of a reference's token marginals (tagger/parse.py). This measures,
for the mean, the minimum and the product of the marginals, how well each ranks references
with a core field wrong (AUROC, share of errors in the least confident 10%/20%) and how well
calibrated each is raw, after Platt scaling (logistic on the logit) and after isotonic
regression. Nothing is fitted on gold: a CRF with the shipped model's recipe (its manifest's
files and parameters) is trained on 4/5 of the training references; the held-out fifth is
where the recalibrations are fitted (and scored by 2-fold within it); the maps fitted on the
whole fifth are then applied to the shipped model's CRF on gold, bad and ugly.
Results: results/confidence_calibration.{json,md}. Measured only; `confidence` is unchanged.
"""

import argparse
import json
import math

from tagger.corpora.corpus import load, normalized_key
from tagger.evaluate import score
from tagger.evaluate.calibration import calibration
from tagger.evaluate.crossval import fold_indices
from tagger.evaluate.fieldscore import all_core_right_in
from tagger.evaluate.predictions import predict
from tagger.crf.model import load_model
from tagger.crf.train import REPO

from .common import WORKDIR, timed_train, write_results

SHIPPED = REPO / "models" / "default.crfsuite"
TESTS = ("data/gold.jsonl", "data/bad.jsonl", "data/ugly.jsonl")
SCORES = {
    "mean": lambda ps: sum(ps) / len(ps),
    "min": min,
    "product": lambda ps: math.exp(sum(math.log(max(p, 1e-9)) for p in ps)),
}


def reference_scores(records, model) -> list[dict]:
    """Each reference's all-core-right and every candidate score, from the CRF's marginals."""
    predictions = predict(records, engine="crf", model=model)
    result = score(records, predictions)
    rows = []
    for ref, prediction in zip(result.references, predictions):
        marginals = [token["p"] for token in prediction.get("tokens") or []] or [0.0]
        rows.append({"right": all_core_right_in(ref["counts"]), **{name: f(marginals) for name, f in SCORES.items()}})
    return rows


def fit(kind: str, scores, right):
    """A map from a raw score to a probability: "platt" or "isotonic" (scikit-learn, which
    sklearn-crfsuite already brings)."""
    import numpy as np
    from sklearn.isotonic import IsotonicRegression
    from sklearn.linear_model import LogisticRegression

    if kind == "isotonic":
        model = IsotonicRegression(y_min=0.0, y_max=1.0, out_of_bounds="clip")
        model.fit(scores, right)
        return lambda values: [float(v) for v in model.predict(values)]

    def logit(values):
        clipped = np.clip(np.asarray(values, dtype=float), 1e-6, 1 - 1e-6)
        return np.log(clipped / (1 - clipped)).reshape(-1, 1)

    model = LogisticRegression(C=1e6).fit(logit(scores), right)
    return lambda values: [float(p) for p in model.predict_proba(logit(values))[:, 1]]


def summary(values, right) -> dict:
    c = calibration(list(zip(values, right)))
    return {"ece": c["ece"], "ece_equal_mass": c["ece_equal_mass"], "brier": c["brier"],
            "auroc": c["auroc"], "least_10": c["errors_in_least_confident"]["0.1"],
            "least_20": c["errors_in_least_confident"]["0.2"]}


def held_out_rows(rows) -> list[dict]:
    """Every score raw, and Platt/isotonic scored by 2-fold inside the held-out references."""
    right = [row["right"] for row in rows]
    out = []
    for name in SCORES:
        values = [row[name] for row in rows]
        out.append({"set": "held-out", "score": name, "map": "raw", **summary(values, right)})
        for kind in ("platt", "isotonic"):
            mapped = [0.0] * len(rows)
            for part in (0, 1):
                train_idx = [i for i in range(len(rows)) if i % 2 != part]
                test_idx = [i for i in range(len(rows)) if i % 2 == part]
                f = fit(kind, [values[i] for i in train_idx], [right[i] for i in train_idx])
                for i, p in zip(test_idx, f([values[i] for i in test_idx])):
                    mapped[i] = p
            out.append({"set": "held-out", "score": name, "map": kind, **summary(mapped, right)})
    return out


def test_rows(name, rows, held) -> list[dict]:
    """The shipped CRF's scores on a test set: raw, and through maps fitted on `held`."""
    right = [row["right"] for row in rows]
    out = []
    for score_name in SCORES:
        values = [row[score_name] for row in rows]
        out.append({"set": name, "score": score_name, "map": "raw", **summary(values, right)})
        for kind in ("platt", "isotonic"):
            f = fit(kind, [row[score_name] for row in held], [row["right"] for row in held])
            out.append({"set": name, "score": score_name, "map": kind,
                        **summary(f(values), right)})
    return out


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--reuse", action="store_true",
                        help="reuse the split's model if it was trained before")
    args = parser.parse_args(argv)
    manifest = json.loads((REPO / "models" / "default.json").read_text(encoding="utf-8"))
    records = [record for path in manifest["training"]["files"] for record in load(REPO / path)]
    held_out = fold_indices(len(records), 5)[0]
    held_keys = {normalized_key(records[i]["text"]) for i in held_out}
    held = set(held_out)
    training = [record for i, record in enumerate(records)
                if i not in held and normalized_key(record["text"]) not in held_keys]
    model_path = WORKDIR / "calibration-split.crfsuite"
    if not (args.reuse and model_path.exists()):
        print(f"training on {len(training)} references, holding out {len(held_out)}", flush=True)
        timed_train(training, model_path, params=manifest["params"])
    held_rows = reference_scores([records[i] for i in held_out], model_path)
    load_model.cache_clear()
    rows = held_out_rows(held_rows)
    for path in TESTS:
        rows += test_rows(path, reference_scores(load(REPO / path), SHIPPED), held_rows)
    notes = ("Scores of a reference's token marginals as its confidence, against all core fields "
             f"right (10 equal-width bins). Held-out: {len(held_out)} training references (fold 1 "
             "of 5) tagged by a CRF trained on the rest with the shipped recipe; maps there are "
             "scored by 2-fold. Test sets: the shipped CRF (engine crf), maps fitted on the "
             "whole held-out fold. `python -m training.experiments.confidence_calibration`")
    columns = [("set", "set", ""), ("score", "score", ""), ("map", "map", ""),
               ("ECE", "ece", ".3f"), ("ECE equal-mass", "ece_equal_mass", ".3f"),
               ("Brier", "brier", ".3f"), ("AUROC", "auroc", ".3f"),
               ("errors in least confident 10%", "least_10", ".3f"),
               ("20%", "least_20", ".3f")]
    write_results("confidence_calibration", rows, columns, notes)
    for row in rows:
        print(f"{row['set']:16} {row['score']:8} {row['map']:8} ECE {row['ece']:.3f} "
              f"Brier {row['brier']:.3f} AUROC {row['auroc']:.3f} "
              f"least10 {row['least_10']:.3f} least20 {row['least_20']:.3f}")


if __name__ == "__main__":
    main()
