"""The evaluation harness as a library: `evaluate(...)` returns an `EvaluationResult`.

    from tagger.evaluate import evaluate
    result = evaluate("data/gold.jsonl", model="models/default.crfsuite")
    result.core_f1, result.fields["labels"]["title"], result.errors(10)
    result.calibration["ece"]      # or calibration_of(records, predictions), see calibration

Scoring conventions: docs/design.md "Evaluation conventions" (fieldscore, tokenscore, normalize).
`reftag evaluate` is a thin layer over this package.
"""

import time
from collections import Counter

from .calibration import BINS, reference_calibration
from .compare import compare
from .crossval import cross_validate
from .predictions import pair_predictions, predict, read_predictions
from .scoring import EvaluationResult, gold_fields, score

__all__ = ["EvaluationResult", "calibration_of", "compare", "cross_validate", "evaluate",
           "gold_fields", "load_records", "score"]


def load_records(data) -> list[dict]:
    """Records from one path, several paths, or an already loaded list of records."""
    from ..corpora.corpus import load

    if isinstance(data, (str, bytes)) or hasattr(data, "__fspath__"):
        return load(data)
    if data and isinstance(data[0], dict):
        return list(data)
    return [record for path in data for record in load(path)]


def evaluate(data, model=None, engine: str = "auto", predictions=None,
             show_progress: bool = False) -> EvaluationResult:
    """Score a system on annotated references.

    `data`: a .jsonl / AnyStyle .xml path, a list of paths, or a list of records.
    The system is `predictions` (a predictions file path, or a list of contract dicts paired
    with the records as `predictions.pair_predictions` explains) when given, otherwise this
    parser with `engine` and `model`.
    """
    records = load_records(data)
    data_names = _names(data)
    started = time.perf_counter()
    if predictions is not None:
        if isinstance(predictions, (str, bytes)) or hasattr(predictions, "__fspath__"):
            system = f"predictions {predictions}"
            predictions = read_predictions(predictions)
        else:
            system = "predictions"
        predicted = pair_predictions(records, predictions)
    else:
        predicted = predict(records, engine=engine, model=model, show_progress=show_progress)
        system = "rules" if engine == "rules" else f"{engine} model {model or 'default'}"
        if engine == "auto":  # say which tagger actually answered
            used = Counter(prediction.get("engine", "none") for prediction in predicted)
            system += f" (answered by {', '.join(f'{k} {v}' for k, v in used.most_common())})"
    return score(records, predicted, system=system, data=data_names,
                 seconds=time.perf_counter() - started)


def calibration_of(data, predictions=None, bins: int = BINS) -> dict:
    """How well confidence predicts all core fields right: {"available", "n", "ece", ...}
    (calibration.calibration), of an EvaluationResult, or of `predictions` (contract dicts,
    paired as `evaluate` pairs them) scored on `data` (records or paths)."""
    if isinstance(data, EvaluationResult):
        return reference_calibration(data.references, bins)
    if predictions is None:
        raise ValueError("calibration_of needs an EvaluationResult, or records and predictions")
    records = load_records(data)
    return reference_calibration(score(records, pair_predictions(records, predictions)).references,
                                 bins)


def _names(data) -> list[str]:
    if isinstance(data, (str, bytes)) or hasattr(data, "__fspath__"):
        return [str(data)]
    if data and isinstance(data[0], dict):
        return []
    return [str(path) for path in data]
