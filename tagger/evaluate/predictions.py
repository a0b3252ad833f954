"""Predictions to score: made by this parser, or read from a file another tool's output was
converted into (docs/design.md output contract, one JSON object a line).

Pairing a predictions file with the gold records: a record takes the prediction with the same
"id"; failing that, the one whose "raw" equals the record's text (white space collapsed);
failing that, the prediction at its own position, when the file has one line per record.
A record left without a prediction counts as predicting nothing.
"""

import json
import sys
import warnings


def predict(records: list[dict], engine: str = "auto", model=None,
            show_progress: bool = False) -> list[dict]:
    """Parse every record's text; one contract dict per record, in order.

    A reference the parser fails on becomes an empty prediction with an "error" key, so one
    bad reference costs its own fields, not the run.
    """
    from ..crf.model import load_model  # imported here: scoring plain dicts needs no model code
    from tqdm import tqdm

    from ..parse import ENGINES, parse_many

    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}; choose one of {', '.join(ENGINES)}")
    if engine == "crf":
        load_model(model)  # a model that cannot load stops the run here (ModelError)
    # In batches (parse_many); a reference that fails comes back with its own "error".
    parsed = parse_many((record["text"] for record in records), engine, model)
    shown = tqdm(parsed, total=len(records), desc="parsing", unit=" refs", file=sys.stderr,
                 disable=None if show_progress else True)  # None: on a terminal only
    return [ref.to_dict() for ref in shown]


def read_predictions(path) -> list[dict]:
    """Objects of a JSON Lines file (or of one JSON array)."""
    with open(path, encoding="utf-8") as stream:
        text = stream.read()
    if text.lstrip().startswith("["):
        objects = json.loads(text)
    else:
        objects = []
        for number, line in enumerate(text.splitlines(), 1):
            if line.strip():
                try:
                    objects.append(json.loads(line))
                except ValueError as error:
                    raise ValueError(f"{path}:{number}: not JSON: {error}") from None
    for number, obj in enumerate(objects, 1):
        if not isinstance(obj, dict) or not isinstance(obj.get("fields", {}), dict):
            raise ValueError(f"{path}: prediction {number} is not an object with a 'fields' dict")
    return objects


def pair_predictions(records: list[dict], predictions: list[dict]) -> list[dict]:
    """One prediction per record, in the records' order (see the module docstring)."""
    by_id = {p["id"]: p for p in predictions if "id" in p}
    by_raw = {_collapse(p["raw"]): p for p in predictions if isinstance(p.get("raw"), str)}
    same_length = len(predictions) == len(records)
    paired, missing = [], 0
    for position, record in enumerate(records):
        prediction = by_id.get(record.get("id")) or by_raw.get(_collapse(record["text"]))
        if prediction is None and same_length:
            prediction = predictions[position]
        if prediction is None:
            missing += 1
            prediction = {"fields": {}}
        paired.append(prediction)
    if missing:
        warnings.warn(f"{missing} of {len(records)} references have no prediction", stacklevel=2)
    return paired


def _collapse(text: str) -> str:
    return " ".join(text.split())
