"""Train a CRF model from annotated records and write it with its manifest.

Records are `{"id", "text", "spans"}` dicts (tagger.corpora.corpus). Training is deterministic: the
records' order is kept and L-BFGS has no random state, so the same data and parameters give
the same model file.
"""

import json
import random
import sys
import time
from pathlib import Path

from .features import FEATURE_VERSION, featurize
from ..labels.fields import labelled_tokens
from ..labels import BEGIN, LABELS, field_of
from .model import DEFAULT_MODEL, file_sha256, load_model, manifest_path

REPO = Path(__file__).resolve().parents[2]

# The shipped recipe's CRF parameters (training.models.build_model trains with these). L-BFGS
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


# CRF parameter names as crfsuite knows them (sklearn-crfsuite's mapping, so that a model
# trained here is the one it would train with the same parameters).
_CRFSUITE_NAMES = {"min_freq": "feature.minfreq", "c1": "c1", "c2": "c2",
                   "max_iterations": "max_iterations", "num_memories": "num_memories",
                   "epsilon": "epsilon", "period": "period", "delta": "delta"}


def train(records, model_path, params=None, sources=None, verbose=False,
          begun=BEGUN_LABELS, progress=None) -> dict:
    """Fit a CRF on `records`, write `model_path` and its manifest; return the manifest.

    `sources` describes where the records came from ({name: {"records": n, "sha256": ...}}),
    for the manifest; `begun`, the labels whose first token has a state of its own;
    `progress`, a callable given each finished L-BFGS iteration's number and loss (`Progress`
    shows them as a bar); `verbose`, crfsuite's own log on stdout.
    """
    started = time.perf_counter()
    xs, ys = sequences(records, begun)
    manifest = fit(xs, ys, model_path, params, progress=progress, verbose=verbose,
                   sources=sources)
    manifest["train_seconds"] = round(time.perf_counter() - started, 1)
    write_manifest(model_path, manifest)
    return manifest


def fit(xs, ys, model_path, params=None, progress=None, verbose=False, sources=None) -> dict:
    """Fit a CRF on featurized sequences (`sequences`); write the model and its manifest."""
    params = {**DEFAULT_PARAMS, **(params or {})}
    model_path = Path(model_path)
    model_path.parent.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    trainer = _trainer(progress, verbose=verbose)
    trainer.select("lbfgs")
    trainer.set_params({"feature.possible_transitions": True,
                        **{_CRFSUITE_NAMES[name]: value for name, value in params.items()}})
    for number, (x, y) in enumerate(zip(xs, ys), 1):
        trainer.append(x, y)
        if number % CHUNK == 0:
            _stage(progress, f"handing {number:,} of {len(xs):,} sequences to crfsuite")
    trainer.train(str(model_path))
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
        "iterations": trainer.iterations,
        "sha256": file_sha256(model_path),
    }
    write_manifest(model_path, manifest)
    return manifest


def _trainer(progress, verbose=False):
    """crfsuite's trainer, telling `progress` of each iteration; crfsuite's log is printed only
    when `verbose` (pycrfsuite is imported here, by the only code that trains)."""
    import pycrfsuite

    def quiet(self, log, *info):
        if verbose:
            print(log, end="")

    class Trainer(pycrfsuite.Trainer):
        iterations = 0
        on_start = on_featgen_end = on_prepared = on_optimization_end = on_end = quiet

        def on_featgen_progress(self, log, percent):
            quiet(self, log)
            _stage(progress, f"crfsuite's features, {percent}%")

        def on_iteration(self, log, info):
            quiet(self, log)
            self.iterations = info.get("num", self.iterations + 1)
            if progress is not None:
                progress(self.iterations, info.get("loss"))

    # crfsuite reports to Python only when asked to be verbose; the handlers above decide
    return Trainer(verbose=True)


# A progress is a callable given each finished iteration's number and loss (0 and None: the
# iterations are about to start). One with a `stage` method is also told of the work before
# them (features, crfsuite's preparation), which takes seconds on the shipped model's data.
CHUNK = 200  # references featurized, or sequences handed to crfsuite, between two stages


def _stage(progress, text: str) -> None:
    if progress is not None and hasattr(progress, "stage"):
        progress.stage(text)


class Progress:
    """A tqdm bar over the L-BFGS iterations with the loss; tqdm's rate gives the time left.
    The stages before the iterations show in its description.

    crfsuite may stop before `total` (its convergence test), so the bar closes where it got."""

    def __init__(self, total: int, stream=None, description="training"):
        from tqdm import tqdm

        self.description = description
        self.bar = tqdm(total=total, desc=description, unit="it", file=stream or sys.stderr,
                        dynamic_ncols=True, leave=False)

    def __call__(self, iteration, loss):
        if self.bar.desc != self.description:
            self.bar.set_description_str(self.description, refresh=False)
        if iteration > self.bar.n:
            self.bar.update(iteration - self.bar.n)
        if loss is not None:
            self.bar.set_postfix_str(f"loss {loss:,.0f}", refresh=False)

    def stage(self, text: str) -> None:
        self.bar.set_description_str(f"{self.description}: {text}")

    def close(self):
        self.bar.close()


class ProgressLines:
    """The same news as plain lines, for a stderr that is no terminal (a log file, CI), where a
    bar's carriage returns pile up into one line written at the end: each stage and iteration
    goes to `say`, which writes a line or not (the train command's: two a second at most)."""

    def __init__(self, total: int, say, description="training"):
        self.total, self.say, self.description = total, say, description

    def __call__(self, iteration, loss):
        if not iteration:
            self.stage("starting the iterations")
            return
        self.stage(f"iteration {iteration} of at most {self.total}"
                   + (f", loss {loss:,.0f}" if loss is not None else ""))

    def stage(self, text: str) -> None:
        self.say(f"{self.description}: {text}")

    def close(self):
        pass


def write_manifest(model_path, manifest: dict) -> None:
    """Write the manifest beside the model, and forget what this process loaded (or failed to
    load) before: a model trained or re-calibrated where one was asked for is read afresh."""
    manifest_path(model_path).write_text(
        json.dumps(manifest, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    load_model.cache_clear()


def shipped_training_sets(model=DEFAULT_MODEL) -> dict[str, list[dict]]:
    """The records a model was trained on, by file as its manifest lists them (data/...),
    each file's records repeated by its weight there."""
    from ..corpora.corpus import load

    manifest = json.loads(manifest_path(model).read_text(encoding="utf-8"))
    files, sources = manifest["training"]["files"], manifest["training"].get("sources", {})
    return {name: load(REPO / name) * sources.get(name, {}).get("weight", 1) for name in files}


def shipped_training_records() -> list[dict]:
    """The records the shipped model was trained on, as its manifest lists them (data/...)."""
    return [record for records in shipped_training_sets().values() for record in records]


def representative(sets: dict[str, list[dict]], size: int, seed: int = 13) -> dict:
    """`size` records drawn from `sets` ({file: records}), each file giving its share: the
    base data in small, every corpus and augmentation still there in proportion."""
    total = sum(map(len, sets.values()))
    if size >= total:
        return dict(sets)
    rng = random.Random(seed)
    return {name: rng.sample(records, round(size * len(records) / total))
            for name, records in sets.items()}


# The fast recipe for adding a style to the shipped model (`reftag train`'s default): the
# shipped model's weights tuned on the user's references with a representative sample of its
# own data replayed beside them, pulled back towards the shipped weights (tagger.crf.finetune).
# Chosen on American Physical Society references (training/benchmarks/bench_retrain.py,
# docs/retraining.md): against training again from zero on a sample of the base (2,000
# references, 140 iterations: gold 0.9861 → 0.9622; 5,000 and 60: 0.9718), the warm start
# keeps gold within 0.005; moving only the user's attributes, each pulled back by its Fisher
# information, does it in a third of the time with gold down 0.0012 instead of 0.0064 (200
# references).
FAST_REPLAY = 2000
FAST_PARAMS = {"l2_to_base": 1.0, "fisher_to_base": 3.0, "max_iterations": 40}
FULL_WEIGHT = 3  # the full recipe: the user's references against all 14,250


class Retrainer:
    """The shipped model's data (all of it, a sample, or none) plus a person's references: one
    recipe, its base featurized once for the final model and the models that measure it.

    Recipes: "fast" tunes the shipped model (tagger.crf.finetune); "full" trains again from zero on
    all its data and the user's; "none" trains on the user's alone."""

    def __init__(self, recipe: str = "fast", params=None, weight: int | None = None,
                 base_model=DEFAULT_MODEL, seed: int = 13):
        if recipe not in ("fast", "full", "none"):
            raise ValueError(f"unknown recipe {recipe!r}: fast, full or none")
        self.recipe, self.base_model = recipe, Path(base_model)
        defaults = FAST_PARAMS if recipe == "fast" else DEFAULT_PARAMS
        self.params = {**defaults, **{k: v for k, v in (params or {}).items() if k in defaults}}
        self.weight = weight
        sets = {} if recipe == "none" else shipped_training_sets(base_model)
        self.base_of = sum(map(len, sets.values()))
        self.base = representative(sets, FAST_REPLAY, seed) if recipe == "fast" else sets
        self._base_sequences = None

    @property
    def base_records(self) -> int:
        return sum(map(len, self.base.values()))

    def weight_for(self, user_records: int) -> int:
        """How many times each of the user's references counts: `weight` when given; else 3
        in the full recipe (against 14,250), 1 with their own data alone, and in the fast
        recipe 1 from 200 references, up to 3 below (against 2,000 replayed)."""
        if self.weight:
            return self.weight
        if self.recipe == "fast":
            return max(1, min(3, round(200 / max(1, user_records))))
        return FULL_WEIGHT if self.recipe == "full" else 1

    def fit(self, user: dict[str, list[dict]], model_path, progress=None) -> dict:
        """Train on the base plus `user` ({file: records}); write the model and its manifest
        (what it was trained on: base files with the records drawn from each, the user's files
        with their weight); return the manifest."""
        if self._base_sequences is None:
            self._base_sequences = _featurized(
                [r for records in self.base.values() for r in records], progress, "the base's")
        count = sum(map(len, user.values()))
        weight = self.weight_for(count)
        xs, ys = _featurized([r for records in user.values() for r in records], progress,
                             "your")
        base_xs, base_ys = self._base_sequences
        started = time.perf_counter()
        if self.recipe == "fast":
            from .finetune import finetune

            _stage(progress, "setting up the tuning")
            manifest = finetune(self.base_model, (xs, ys), (base_xs, base_ys), model_path,
                                weight, l2=self.params["l2_to_base"],
                                fisher=self.params["fisher_to_base"],
                                iterations=self.params["max_iterations"], progress=progress)
        else:
            manifest = fit(base_xs + xs * weight, base_ys + ys * weight, model_path,
                           self.params, progress=progress)
        manifest["train_seconds"] = round(time.perf_counter() - started, 1)
        sources = {name: {"records": len(records), **_file_hash(name)}
                   for name, records in self.base.items()}
        for name, records in user.items():
            sources[name] = {"records": len(records), **_file_hash(name), "weight": weight}
        manifest["training"] = {
            "records": len(base_xs) + len(xs) * weight,
            "recipe": self.recipe,
            "files": list(sources),
            "sources": sources,
        }
        if self.recipe != "none":
            manifest["training"]["base"] = {
                "model": self.base_model.name, "sha256": file_sha256(self.base_model),
                "records": self.base_records, "of": self.base_of}
        write_manifest(model_path, manifest)
        return manifest


def _featurized(records: list, progress, whose: str) -> tuple:
    """`sequences` of the records, a CHUNK at a time, telling `progress` how far it got."""
    xs, ys = [], []
    for start in range(0, len(records), CHUNK):
        _stage(progress, f"features of {whose} references, {start:,} of {len(records):,}")
        more_xs, more_ys = sequences(records[start:start + CHUNK])
        xs += more_xs
        ys += more_ys
    return xs, ys


def _file_hash(name) -> dict:
    path = Path(name) if Path(name).is_file() else REPO / name
    return {"sha256": file_sha256(path)} if path.is_file() else {}
