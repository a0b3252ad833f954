"""K-fold cross-validation: train on K-1 folds, score on the held-out one, K times.

The folds come from a fixed seed, so every run (and every model variant compared) sees the
same split, and differences between runs are the model's, not the shuffle's.
"""

import random
import statistics
import tempfile
from pathlib import Path

from .calibration import reference_calibration
from .fieldscore import label_order
from .predictions import predict
from .scoring import score

SEED = 13


def fold_indices(n: int, k: int, seed: int = SEED) -> list[list[int]]:
    """`k` disjoint, sorted index lists covering range(n), sizes differing by at most one."""
    if not 2 <= k <= n:
        raise ValueError(f"--cv needs 2 <= K <= number of references ({n}), got {k}")
    order = list(range(n))
    random.Random(seed).shuffle(order)
    return [sorted(order[i::k]) for i in range(k)]


def cross_validate(records: list[dict], k: int, seed: int = SEED, params: dict | None = None,
                   show_progress: bool = False) -> dict:
    """Scores of each fold and their mean and standard deviation per label."""
    from ..crf.model import load_model
    from ..crf.train import train

    folds = []
    for number, held_out in enumerate(fold_indices(len(records), k, seed), 1):
        held = set(held_out)
        training = [record for i, record in enumerate(records) if i not in held]
        testing = [records[i] for i in held_out]
        with tempfile.TemporaryDirectory(prefix="reftag-cv-") as tmp:
            model_path = Path(tmp) / f"fold{number}.crfsuite"
            train(training, model_path, params=params)
            predictions = predict(testing, engine="crf", model=model_path,
                                  show_progress=show_progress)
            load_model.cache_clear()  # the fold's model is gone with its directory
        folds.append(score(testing, predictions, system=f"fold {number}/{k}"))
    return summarize_folds(folds, seed)


def summarize_folds(folds, seed: int = SEED) -> dict:
    """Mean and population standard deviation over folds of each score; calibration over the
    held-out references of all folds together (one fold holds too few errors to bin)."""
    labels = sorted({label for fold in folds for label in fold.fields["labels"]},
                    key=label_order)

    def spread(values):
        return {"mean": statistics.fmean(values), "std": statistics.pstdev(values)}

    return {
        "k": len(folds),
        "seed": seed,
        "references": sum(len(fold.references) for fold in folds),
        "core_f1": spread([fold.core_f1 for fold in folds]),
        "all_core_correct": spread([fold.fields["all_core_correct"] for fold in folds]),
        "token_accuracy": spread([fold.tokens["accuracy"] if fold.tokens else 0.0
                                  for fold in folds]),
        "labels": {label: spread([fold.fields["labels"].get(label, {}).get("f1", 0.0)
                                  for fold in folds]) for label in labels},
        "calibration": reference_calibration(
            [ref for fold in folds for ref in fold.references]),
        "folds": [fold.summary() for fold in folds],
    }
