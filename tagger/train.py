"""Train a CRF model from annotated records and write it with its manifest.

Records are `{"id", "text", "spans"}` dicts (tagger.corpus). Training is deterministic: the
records' order is kept and L-BFGS has no random state, so the same data and parameters give
the same model file.
"""

import json
import time
from pathlib import Path

from .features import FEATURE_VERSION, featurize
from .fields import labelled_tokens
from .labels import BEGIN, LABELS, field_of
from .model import DEFAULT_MODEL, file_sha256, load_model, manifest_path

REPO = Path(__file__).resolve().parent.parent

# The shipped recipe's CRF parameters (training.build_model trains with these). L-BFGS
# remembering 30 steps instead of crfsuite's 6 reaches in 150 iterations what 300 reached
# (10-fold GROBID CV: `auto` 0.9486 against 0.9488, the CRF 0.9451 against 0.9459; gold's
# CRF 0.9865 against 0.9846), in half the training time (README, "Which parameters"); with
# the ten first-token states below, 140 hold the folds as 150 do (CRF 0.9451 against 0.9445,
# `auto` 0.9490 against 0.9493) and bring training under five minutes.
DEFAULT_PARAMS = {"c1": 0.05, "c2": 0.01, "min_freq": 1, "max_iterations": 140,
                  "num_memories": 30}

# The labels whose first token is trained as a state of its own ("B-title"): where one field
# ends and the next begins is the CRF's costliest call, and with one state a label learns its
# first word ("Phys.", "In") and its middle words alike. The numbers' labels need theirs to read
# a glued tail ("Phys.Rev.Lett.13,508(1964)") with the glued-tail copies the recipe trains on
# (README, "Which states"). These are the ten labels with 900 runs or more in the training
# data; the ten rarer ones (note, URL, DOI, …: 18–841 runs) have too few first tokens to learn
# from, and each state costs training and decoding time as the square of the states: 31
# states, not 41, train in 309.5 s CPU against 388.7 (150 iterations) with GROBID's ten folds
# level (CRF 0.9445 against 0.9451, `auto` 0.9493 against 0.9494).
BEGUN_LABELS = ("author", "title", "venue", "editor", "publisher", "year", "pages", "volume",
                "issue", "location")


def begin_states(labels: list, begun=BEGUN_LABELS) -> list:
    """`labels` with the first token of each run of a `begun` label made its "B-" state."""
    return [BEGIN + label if label in begun and (i == 0 or labels[i - 1] != label) else label
            for i, label in enumerate(labels)]


def sequences(records, begun=BEGUN_LABELS):
    """Feature and state sequences for training, one pair per record."""
    xs, ys = [], []
    for record in records:
        norm, tokens, labels = labelled_tokens(record["text"], record["spans"])
        if tokens:
            xs.append(featurize(tokens, norm.text))
            ys.append(begin_states(labels, begun))
    return xs, ys


def train(records, model_path, params=None, sources=None, verbose=False,
          begun=BEGUN_LABELS) -> dict:
    """Fit a CRF on `records`, write `model_path` and its manifest; return the manifest.

    `sources` describes where the records came from ({name: {"records": n, "sha256": ...}}),
    for the manifest; `begun`, the labels whose first token has a state of its own.
    """
    import sklearn_crfsuite  # heavy (scipy, sklearn): only training needs it

    params = {**DEFAULT_PARAMS, **(params or {})}
    model_path = Path(model_path)
    model_path.parent.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    xs, ys = sequences(records, begun)
    crf = sklearn_crfsuite.CRF(
        algorithm="lbfgs", all_possible_transitions=True, model_filename=str(model_path),
        verbose=verbose, **params)
    crf.fit(xs, ys)
    manifest = {
        "format": "crfsuite",
        "feature_version": FEATURE_VERSION,
        "labels": sorted({field_of(state) for states in ys for state in states}),
        "begin_labels": sorted({field_of(state) for states in ys for state in states
                                if state.startswith(BEGIN)}),
        "label_set": list(LABELS),
        "params": params,
        "training": {"records": len(xs), "sources": sources or {}},
        "train_seconds": round(time.perf_counter() - started, 1),
        "sha256": file_sha256(model_path),
    }
    write_manifest(model_path, manifest)
    return manifest


def write_manifest(model_path, manifest: dict) -> None:
    """Write the manifest beside the model, and forget what this process loaded (or failed to
    load) before: a model trained or re-calibrated where one was asked for is read afresh."""
    manifest_path(model_path).write_text(
        json.dumps(manifest, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    load_model.cache_clear()


def shipped_training_records() -> list[dict]:
    """The records the shipped model was trained on, as its manifest lists them (data/...)."""
    from .corpus import load

    manifest = json.loads(manifest_path(DEFAULT_MODEL).read_text(encoding="utf-8"))
    files, sources = manifest["training"]["files"], manifest["training"].get("sources", {})
    return [record for name in files
            for record in load(REPO / name) * sources.get(name, {}).get("weight", 1)]
