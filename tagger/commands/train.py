"""Train a CRF model on annotated references (AnyStyle XML, GROBID TEI, JSONL spans or CoNLL).

By default the shipped model is tuned on the user's references, a representative sample of its
own data replayed beside them (the fast recipe, tagger.crf.finetune: a style in about a minute on
one core); `--full` adds them to all its data and trains again from zero with the shipped
recipe (about five minutes); `--base none` trains on theirs alone. Then the gain is shown: the shipped model and the new recipe side by side on the user's
references (cross-validated when they are few, so no reference scores a model trained on it),
per field, with the benchmark's scores beside them so a loss elsewhere shows, and the fields
that fell named. Every step that takes long says so on stderr as it starts, and then how far
it got about twice a second: a bar on a terminal, plain lines in a log (--quiet:
nothing); the new model's scores go into its manifest, for `reftag info`.
The folder of -o is made when it is missing; an -o that cannot be written is refused at once,
before any training.
"""

import random
import sys
import tempfile
import time
from pathlib import Path

from ..corpora.corpus import CorpusError, load
from ..crf.model import DEFAULT_MODEL, ModelError, load_model
from ..crf.train import (DEFAULT_PARAMS, FAST_PARAMS, REPO, Progress, ProgressLines, Retrainer,
                         write_manifest)
from .io import file_problem

SEED = 13
PER_FOLD = 3  # the fewest references a fold may hold
MAX_FOLDS = 3  # each fold trains a model: three keep the measure within a few minutes
HELD_OUT_FROM = 60  # from this many references on, one held-out fifth instead of folds
BENCHMARK = REPO / "data" / "gold.jsonl"
FELL = 0.005  # a field whose F1 falls by more than this is named under the table
EVERY = 0.5  # seconds: within a step, a line of how far it got at most this often
SCORED_AT_ONCE = 200  # references parsed between two lines of a scoring step


class Steps:
    """Says on stderr what the command is doing: each long step as it starts, and within it how
    far it got, so that no stretch of the run is silent, on a terminal or in a log file (where
    a bar's carriage returns would only land at the end); `events` keeps (time, step) of every
    step announced, said or not (--quiet says only what is `always` said)."""

    def __init__(self, quiet=False, stream=None, clock=time.perf_counter, every=EVERY):
        self.quiet, self.stream, self.clock, self.every = quiet, stream, clock, every
        self.events = []
        self.said = None  # when the last line was written

    def __call__(self, step: str, always=False) -> None:
        """`always`: said under --quiet too (what is trained on is part of the report)."""
        now = self.clock()
        self.events.append((now, step))
        if always or not self.quiet:
            self._write(f"{step} ...", now)

    def tick(self, news: str) -> None:
        """How far the step got: a line, unless one was written less than `every` ago."""
        if self.quiet:
            return
        now = self.clock()
        if self.said is None or now - self.said >= self.every:
            self._write(f"  {news}", now)

    def progress(self, total: int, description: str):
        """What a training tells of its iterations: a bar on a terminal, lines (`tick`) on
        any other stderr, nothing under --quiet."""
        if self.quiet:
            return None
        stream = self.stream or sys.stderr
        if stream.isatty():
            return Progress(total, stream, description)
        return ProgressLines(total, self.tick, description)

    def _write(self, line: str, now: float) -> None:
        print(line, file=self.stream or sys.stderr, flush=True)
        self.said = now


def configure(parser):
    parser.add_argument("data", nargs="+", help="annotated references: .xml, .jsonl, .conll/.tsv")
    parser.add_argument("-o", "--output", required=True, help="model file to write (x.crfsuite; "
                                                              "its manifest goes to x.json)")
    recipe = parser.add_mutually_exclusive_group()
    recipe.add_argument("--full", action="store_true",
                        help="train again from zero on all the shipped model's data with its "
                             "recipe (about 5 minutes a model, one core) instead of tuning it")
    recipe.add_argument("--base", choices=("default", "none"), default="default",
                        help="add your references to the shipped model's data (default) or "
                             "train on yours alone (none)")
    parser.add_argument("--weight", type=int, default=None,
                        help="how many times each of your references counts (default: 3 with "
                             "--full; with the fast recipe 1 from 200 references, up to 3 "
                             "below)")
    parser.add_argument("--folds", type=int, default=None,
                        help="folds for the before/after over your references (default: up to "
                             f"{MAX_FOLDS}, at least {PER_FOLD} references each; from "
                             f"{HELD_OUT_FROM} references, one held-out fifth; 0: skip it)")
    parser.add_argument("-q", "--quiet", action="store_true",
                        help="no progress (a bar on a terminal, lines otherwise)")
    for name, value in DEFAULT_PARAMS.items():
        fast = (f"; the fast recipe's {FAST_PARAMS[name]}" if name in FAST_PARAMS else "")
        parser.add_argument(f"--{name.replace('_', '-')}", type=type(value), default=None,
                            dest=name, help=f"CRF {name} (default {value}{fast})")
    parser.add_argument("--l2-to-base", type=float, default=None, dest="l2_to_base",
                        help="the fast recipe's pull back to the shipped weights (default "
                             f"{FAST_PARAMS['l2_to_base']})")
    parser.add_argument("--fisher-to-base", type=float, default=None, dest="fisher_to_base",
                        help="the fast recipe's further pull back to each shipped weight, times "
                             "how much the shipped data pinned it down (its Fisher information; "
                             f"default {FAST_PARAMS['fisher_to_base']})")


def run(args) -> int:
    problem = next(filter(None, map(file_problem, args.data)), None)
    if problem:
        print(f"reftag: {problem}", file=sys.stderr)
        return 1
    try:
        user = {path: load(path) for path in args.data}
    except (CorpusError, OSError) as error:
        print(f"reftag: {error}", file=sys.stderr)
        return 1
    count = sum(map(len, user.values()))
    if not count:
        print("reftag: no references in the training files", file=sys.stderr)
        return 1
    problem = output_problem(args.output)
    if problem:  # said now, not after minutes of training
        print(f"reftag: {problem}", file=sys.stderr)
        return 1
    if (args.weight is not None and args.weight < 1) or (args.folds is not None
                                                         and args.folds < 0):
        print("reftag: --weight must be at least 1 and --folds at least 0", file=sys.stderr)
        return 1
    recipe = "none" if args.base == "none" else "full" if args.full else "fast"
    params = {name: getattr(args, name) for name in [*DEFAULT_PARAMS, *FAST_PARAMS]
              if getattr(args, name) is not None}
    steps = Steps(args.quiet)
    if recipe != "none":
        steps("reading the shipped model's training data")
    try:
        retrainer = Retrainer(recipe, params=params, weight=args.weight)
    except (OSError, KeyError, CorpusError) as error:
        print(f"reftag: cannot read the shipped model's training data: {error}", file=sys.stderr)
        return 1

    weight = retrainer.weight_for(count)
    base = (f"{retrainer.base_records:,} of the shipped model's {retrainer.base_of:,} references"
            if recipe != "none" else "no base data")
    how = "tuning the shipped model" if recipe == "fast" else "training"
    steps(f"{how} ({recipe} recipe) on {base} + your {count} × {weight}, "
          f"{retrainer.params['max_iterations']} iterations at most", always=True)
    started = time.perf_counter()
    manifest = _fit(retrainer, user, args.output, steps,
                    "tuning" if recipe == "fast" else "training")
    evidence = inherited_evidence(recipe, retrainer.params)
    if evidence:
        manifest["rules_evidence"] = evidence
        write_manifest(args.output, manifest)
    print(f"wrote {args.output} in {time.perf_counter() - started:.0f} s "
          f"({manifest['iterations']} iterations)"
          + ("; auto keeps the shipped model's rules_evidence" if evidence else ""),
          file=sys.stderr)

    records = [record for records in user.values() for record in records]
    report, scores = before_after(records, args.output, retrainer, args.folds, steps)
    if scores:
        write_manifest(args.output, {**manifest, "scores": scores})
    print(report)
    return 0


def output_problem(output) -> str | None:
    """Why the model cannot be written to `output` (None when it can): its folder is made if
    missing, and a file is made and removed in it to be sure it takes one."""
    path = Path(output)
    if path.is_dir():
        return f"{output}: is a folder; -o names the model file to write (x.crfsuite)"
    standing = next((folder for folder in path.parents if folder.exists()), None)
    if standing is not None and not standing.is_dir():
        return f"cannot write {output}: {standing} is a file, not a folder"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, prefix=".reftag-train-"):
            pass
    except OSError as error:
        return f"cannot write {output}: {error.strerror or error}"
    return None


def _fit(retrainer, user, output, steps, description) -> dict:
    progress = steps.progress(retrainer.params["max_iterations"], description)
    try:
        return retrainer.fit(user, output, progress=progress)
    finally:
        if progress is not None:
            progress.close()


def inherited_evidence(recipe: str, params: dict) -> dict | None:
    """The shipped model's `rules_evidence`, for a model trained like it (its data and CRF
    parameters plus the user's, or the shipped model itself tuned by the fast recipe's
    parameters): the CRF's scores keep their scale, so the same bonus still fits (measured:
    README for the full recipe, training/benchmarks/bench_retrain.py for the fast one). None for any
    other model: uncalibrated."""
    if recipe == "none" or params != (FAST_PARAMS if recipe == "fast" else DEFAULT_PARAMS):
        return None
    try:
        return load_model().manifest.get("rules_evidence")
    except ModelError:
        return None


# ---------------------------------------------------------------------------------------------
# Before and after

def folds_for(count: int, asked: int | None = None) -> int:
    """How many folds measure the gain on `count` references: 0 when too few (two folds of
    PER_FOLD), 1 for one held-out fifth, else k-fold."""
    if asked is not None:
        return asked if count >= max(2, asked) * PER_FOLD or asked <= 1 and count >= PER_FOLD \
            else 0
    if count < 2 * PER_FOLD:
        return 0
    if count >= HELD_OUT_FROM:
        return 1
    return min(MAX_FOLDS, count // PER_FOLD)


def held_out_parts(count: int, folds: int, seed: int = SEED) -> list[list[int]]:
    """Disjoint index lists of the references each measuring model is not trained on."""
    order = random.Random(seed).sample(range(count), count)
    if folds == 1:
        return [sorted(order[:max(PER_FOLD, round(count / 5))])]
    return [sorted(order[i::folds]) for i in range(folds)]


def before_after(records, model, retrainer, folds=None, steps=None):
    """The report: per field, the shipped model and the new recipe on the user's references
    (models trained without the ones they score) and on the benchmark, then the fields that
    fell; and the new model's scores for its manifest ({set: scores}, the auto engine's)."""
    steps = steps or Steps(quiet=True)
    from ..evaluate import score

    k = folds_for(len(records), folds)
    lines = []
    if k == 0:
        lines.append(
            f"before/after: {len(records)} of your references are too few to measure a gain "
            f"(at least {2 * PER_FOLD} are needed: two folds of {PER_FOLD}, each scored by a "
            "model trained without it)" if folds != 0 else "before/after: skipped (--folds 0)")
        yours = None
    else:
        parts = held_out_parts(len(records), k)
        predicted = {}
        with tempfile.TemporaryDirectory(prefix="reftag-train-") as tmp:
            for number, part in enumerate(parts, 1):
                held = set(part)
                training = {"your references": [r for i, r in enumerate(records)
                                                if i not in held]}
                path = Path(tmp) / f"fold{number}.crfsuite"
                steps(f"measuring the gain: model {number} of {len(parts)}, trained without "
                      f"{len(part)} of your references")
                _fit(retrainer, training, path, steps, f"measuring {number}/{len(parts)}")
                evidence = inherited_evidence(retrainer.recipe, retrainer.params)
                if evidence:
                    manifest = load_model(path).manifest
                    write_manifest(path, {**manifest, "rules_evidence": evidence})
                testing = [records[i] for i in part]
                steps(f"measuring the gain: model {number} of {len(parts)} scores its "
                      f"{len(part)} references")
                predicted.update(zip(part, _predicted(testing, steps, path)))
                load_model.cache_clear()  # the fold's model goes with its directory
        scored = sorted(predicted)
        testing = [records[i] for i in scored]
        steps(f"measuring the gain: the shipped model scores the same {len(testing)}")
        yours = (score(testing, _predicted(testing, steps)),
                 score(testing, [predicted[i] for i in scored]))
        how = (f"{k}-fold cross-validation over your {len(records)} references"
               if k > 1 else f"{len(scored)} of your {len(records)} references held out")
        lines.append(f"before/after ({how}; auto engine): shipped model → new recipe")
    gold = None
    if BENCHMARK.is_file():
        benchmark = load(BENCHMARK)
        steps(f"scoring the benchmark ({BENCHMARK.name}) with the shipped model")
        shipped = score(benchmark, _predicted(benchmark, steps))
        steps(f"scoring the benchmark ({BENCHMARK.name}) with the new model")
        gold = (shipped, score(benchmark, _predicted(benchmark, steps, model)))
    sets = _sets(yours, gold)
    lines.extend(_table(sets))
    lines.extend(fallen(sets))
    scores = {}
    if gold:
        scores[_shown(BENCHMARK)] = manifest_scores(gold[1])
    if yours:
        scores["your references, held out"] = manifest_scores(yours[1])
    return "\n".join(lines), scores


def _predicted(records, steps, model=None) -> list[dict]:
    """The auto engine's predictions (tagger.evaluate.predictions), SCORED_AT_ONCE references
    at a time, with how far it got between."""
    from ..evaluate.predictions import predict

    predicted = []
    for start in range(0, len(records), SCORED_AT_ONCE):
        predicted += predict(records[start:start + SCORED_AT_ONCE], engine="auto", model=model)
        steps.tick(f"{len(predicted):,} of {len(records):,} references parsed")
    return predicted


def _sets(yours, gold) -> list[tuple[str, tuple]]:
    """(name, (before, after)) for each set the before/after was computed on."""
    return [(name, pair) for name, pair in (("your references", yours),
                                            (f"benchmark ({BENCHMARK.name})", gold)) if pair]


def fallen(sets) -> list[str]:
    """Under the table, each set's fields whose F1 fell by more than FELL, with their support:
    a small change of the micro-F1 can hide a field falling far (issue 61)."""
    lines = []
    for name, (before, after) in sets:
        fell = []
        for label, scores in after.fields["labels"].items():
            old, new = _f1(before, label), _f1(after, label)
            if old is not None and new is not None and old - new > FELL:
                fell.append(f"{label} {old:.3f} → {new:.3f} ({scores['support']} in support)")
        lines.append(f"fell on {name}: " + (", ".join(fell) if fell
                                            else f"no field by more than {FELL}"))
    return lines


def _shown(path: Path) -> str:
    """data/gold.jsonl for the repository's files, as the shipped manifest names them."""
    return str(path.relative_to(REPO)) if path.is_relative_to(REPO) else str(path)


def manifest_scores(result) -> dict:
    """A result as the manifest keeps scores (as the shipped model's, with the engine named)."""
    labels = result.fields["labels"]
    return {"engine": "auto", "references": len(result.references),
            "core_micro_f1": round(result.core_f1, 4),
            "all_core_correct": round(result.fields["all_core_correct"], 4),
            "f1": {label: round(s["f1"], 4) for label, s in labels.items() if s.get("support")}}


def _table(columns) -> list[str]:
    """Rows: core micro-F1, every core field right, then each field's F1."""
    if not columns:
        return []
    labels = []
    for _, (before, after) in columns:
        for label in list(before.fields["labels"]) + list(after.fields["labels"]):
            if label not in labels:
                labels.append(label)
    rows = [("core micro-F1", [(b.core_f1, a.core_f1) for _, (b, a) in columns]),
            ("all core right", [(b.fields["all_core_correct"], a.fields["all_core_correct"])
                                for _, (b, a) in columns])]
    for label in labels:
        rows.append((label, [(_f1(b, label), _f1(a, label)) for _, (b, a) in columns]))
    width = max(len(name) for name, _ in rows)
    head = "  ".join(f"{name:<24}" for name, _ in columns)
    out = [f"  {'':<{width}}  {head}"]
    for name, pairs in rows:
        cells = "  ".join(f"{_cell(before, after):<24}" for before, after in pairs)
        out.append(f"  {name:<{width}}  {cells}".rstrip())
    return out


def _f1(result, label):
    scores = result.fields["labels"].get(label)
    return scores["f1"] if scores and scores.get("support") else None


def _cell(before, after) -> str:
    if before is None and after is None:
        return "-"
    text = f"{_number(before)} → {_number(after)}"
    if before is not None and after is not None and round(after - before, 3):
        text += f" ({after - before:+.3f})"
    return text


def _number(value) -> str:
    return "-" if value is None else f"{value:.3f}"
