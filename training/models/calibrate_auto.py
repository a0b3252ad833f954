"""Choose how `auto` lets the rule tagger help the CRF: `rules_evidence` in the manifest.

    python -m training.models.calibrate_auto [--jobs 2]          # choose, on held-out training data
    python -m training.models.calibrate_auto --keep DIR          # the same, keeping the folds' models
    python -m training.models.calibrate_auto --keep DIR --rescore   # count again with those models
    python -m training.models.calibrate_auto --gold              # report the shipped model on gold

Under `auto`, a reference whose mean CRF confidence is under `below` is decoded again with
each rule label adding `weight` × the rules' confidence to the CRF's score of that label
(tagger/parse.py), and so is one whose labels break the shape of an author list or run a
title into a glued journal (tagger/doubts/, which decides those tokens or leaves them to
the rules); either reading is then held to one stretch a field (tagger/crf/stretches.py) and
given its year if it has no date (doubts.missing_year), as `auto` holds it. Both numbers are
chosen here, never on gold: every reference of the training files is tagged by a CRF
trained on the other folds (5-fold, exact duplicates of a held-out reference dropped from its
training part, the augmented copies made inside each fold from its training part alone, so
the confidences are honest), and the pair kept is the best on that held-out data to the four
decimals the table shows (closer is noise), the lowest `below` among equals, since
re-decoding costs time. (Until the model with a first-token state for every label, the
lowest `below` within 0.001 of the best was kept; on that model it gave up the error
families' glued, abbreviated and humanities references to the CRF for a third of the
re-decoding: docs/history.md.)

`--gold` reports a finished model with its manifest's pair on gold.jsonl, against the CRF and
the rules alone, overall and on the tenth of references where the CRF was least confident;
"crf+fix" is the CRF with the rules' surest labels (CERTAIN) put over its own.
"""

import argparse
import json
import tempfile
from pathlib import Path

from tagger import rules
from tagger.corpora.corpus import load, normalized_key
from tagger.doubts import doubted
from tagger.evaluate import gold_fields
from tagger.evaluate.crossval import fold_indices
from tagger.evaluate.fieldscore import compare_fields, core_counts, prf
from tagger.crf.features import featurize
from tagger.labels.fields import field_values, label_spans
from tagger.crf.model import load_model
from tagger.text.normalize import normalize
from tagger.parse import final_hints, rule_hints
from tagger.text.tokenize import tokenize
from tagger.crf.train import REPO, train

from .augment import with_copies
from .build_model import PARAMS, SOURCE_FILES

FOLDS = 5
WEIGHTS = (0.25, 0.5, 0.75, 1.0, 1.5)
THRESHOLDS = tuple(round(0.8 + 0.01 * step, 2) for step in range(21))  # 0.80 … 1.00
DECIMALS = 4
LOW_SHARE = 0.10
# Rule labels this sure (well-formed DOI, URL, ISBN) were also tried as overrides of the CRF's
# ("crf+fix" below): measured, not shipped, since they never helped.
CERTAIN = 0.99


def reference_counts(record, model, weights=WEIGHTS) -> dict | None:
    """The CRF's confidence in one reference, and core (tp, fp, fn) of the CRF, the rules, and
    the CRF decoded with the rules' evidence at each weight. None for a reference of no tokens."""
    gold = gold_fields(record["text"], record["spans"])
    norm = normalize(record["text"])
    tokens = tokenize(norm.text)
    if not tokens:
        return None

    def counts(labels):
        predicted = field_values(norm.text, label_spans(tokens, labels))
        return core_counts(compare_fields(gold, predicted))

    sequence = featurize(tokens, norm.text)
    labels, probs = model.tag_features(sequence)
    crf_weights = model.weights()
    scores = crf_weights.scores(sequence)

    words = [token.text for token in tokens]

    def held(decoded, hints=None):
        """`decoded` as `auto` holds any reading: a field one stretch, a date (parse.py)."""
        more = final_hints(scores, crf_weights, decoded, hints, words)
        return model.tag_features(sequence, more)[0] if more else decoded

    rule_labels, rule_probs = rules.tag(tokens, norm.text)
    fixed = [rule if p >= CERTAIN else label
             for label, rule, p in zip(labels, rule_labels, rule_probs)]
    doubts = doubted(tokens, labels)
    row = {"confidence": sum(probs) / len(probs), "doubted": bool(doubts), "crf": counts(labels),
           "held": counts(held(labels)), "rules": counts(rule_labels), "crf+fix": counts(fixed)}
    for weight in weights:
        hints = rule_hints(rule_labels, rule_probs, weight, doubts)
        row[weight] = counts(held(model.tag_features(sequence, hints)[0], hints))
    return row


def fold_rows(records, number, held_out, keep: Path | None = None,
              rescore: bool = False) -> list[dict]:
    """Train on every fold but one (no exact copy of a held-out reference), count the other.
    With `keep`, the fold's model is kept there (fold<N>.crfsuite), and with `rescore` the
    one kept there is counted again instead of training: what the rules or `auto` do with
    the same CRFs, measured in a minute."""
    with tempfile.TemporaryDirectory(prefix="reftag-calibrate-") as tmp:
        model_path = (keep or Path(tmp)) / f"fold{number}.crfsuite"
        if not rescore:
            held_keys = {normalized_key(records[i]["text"]) for i in held_out}
            held = set(held_out)
            training = with_copies([record for i, record in enumerate(records) if i not in held
                                    and normalized_key(record["text"]) not in held_keys])
            train(training, model_path, params=PARAMS)
        model = load_model(model_path)
        rows = [reference_counts(records[i], model) for i in held_out]
        load_model.cache_clear()
    print(f"fold {number + 1}/{FOLDS} done", flush=True)
    return [row for row in rows if row]


def micro_f1(counts) -> float:
    return prf(*(sum(column) for column in zip(*counts)))["f1"] if counts else 0.0


def redecoded(row, below) -> bool:
    """Whether `auto` decodes the reference again with the rules' evidence (parse.py)."""
    return row["confidence"] < below or row.get("doubted", False)


def auto_f1(rows, below, weight) -> float:
    """`auto`: the CRF's reading, or its reading again with the rules' evidence, each held as
    `auto` holds it (one stretch a field, a date)."""
    return micro_f1([row[weight] if redecoded(row, below) else row["held"] for row in rows])


def choose(rows) -> tuple[float, float]:
    """(below, weight): the best pair to DECIMALS places, the lowest threshold (then weight)
    among equals."""
    table = {(below, weight): round(auto_f1(rows, below, weight), DECIMALS)
             for below in THRESHOLDS for weight in WEIGHTS}
    best = max(table.values())
    return min(pair for pair, f1 in table.items() if f1 == best)


def print_table(rows, chosen):
    print(f"held out: {len(rows)} references; CRF alone {micro_f1([r['crf'] for r in rows]):.4f}, "
          f"rules alone {micro_f1([r['rules'] for r in rows]):.4f}")
    print(f"{'below':>5} {'re-decoded':>10}  " + "  ".join(f"w={w:<5}" for w in WEIGHTS))
    for below in THRESHOLDS:
        share = sum(redecoded(row, below) for row in rows) / len(rows)
        cells = "  ".join(f"{auto_f1(rows, below, weight):.4f}" + ("*" if (below, weight) == chosen
                                                                   else " ") for weight in WEIGHTS)
        print(f"{below:5.2f} {share:10.1%}  {cells}")
    print(f"chosen (*): below {chosen[0]}, weight {chosen[1]}")


def calibrate(jobs: int, output: Path | None, keep: Path | None = None, rescore: bool = False):
    from joblib import Parallel, delayed

    records = [record for name in SOURCE_FILES for record in load(REPO / name)]
    print(f"{FOLDS}-fold over {len(records)} references of {', '.join(SOURCE_FILES)}, "
          "with the augmented copies made in each fold"
          + (f"; the folds' models kept in {keep}" if keep and rescore else ""), flush=True)
    if keep:
        keep.mkdir(parents=True, exist_ok=True)
    splits = enumerate(fold_indices(len(records), FOLDS))
    folds = Parallel(n_jobs=jobs)(delayed(fold_rows)(records, number, held_out, keep, rescore)
                                  for number, held_out in splits)
    rows = [row for fold in folds for row in fold]
    chosen = choose(rows)
    print_table(rows, chosen)
    print_low_tenth(rows, chosen)
    if output:
        output.write_text(json.dumps({"rules_evidence": {"below": chosen[0], "weight": chosen[1]}})
                          + "\n", encoding="utf-8")
        print(f"wrote {output}")
    return chosen


def print_low_tenth(rows, chosen):
    """CRF, rules and auto overall and on the references where the CRF was least confident."""
    low = sorted(rows, key=lambda row: row["confidence"])[:round(LOW_SHARE * len(rows))]
    below, weight = chosen
    print(f"{'references':<24} {'n':>5} {'crf':>7} {'rules':>7} {'crf+fix':>7} {'auto':>7} "
          f"{'re-decoded':>10}")
    for name, subset in (("all", rows), (f"lowest {LOW_SHARE:.0%} confidence", low)):
        share = sum(redecoded(row, below) for row in subset) / len(subset)
        scores = [micro_f1([row[system] for row in subset])
                  for system in ("crf", "rules", "crf+fix")]
        print(f"{name:<24} {len(subset):5d} " + " ".join(f"{f1:7.4f}" for f1 in scores) +
              f" {auto_f1(subset, below, weight):7.4f} {share:10.1%}")


def report_gold(model_path):
    model = load_model(model_path)
    evidence = model.manifest.get("rules_evidence")
    if not evidence:
        raise SystemExit(f"{model_path}'s manifest has no rules_evidence: nothing to report")
    chosen = (evidence["below"], evidence["weight"])
    rows = [row for record in load(REPO / "data/gold.jsonl")
            if (row := reference_counts(record, model, weights=(evidence["weight"],)))]
    print(f"gold.jsonl, model {model_path}, below {chosen[0]}, weight {chosen[1]}")
    print_low_tenth(rows, chosen)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=1, help="folds trained at once")
    parser.add_argument("-o", "--output", type=Path, help="write {\"rules_evidence\": ...} here")
    parser.add_argument("--gold", action="store_true",
                        help="report a finished model on gold.jsonl instead of calibrating")
    parser.add_argument("--model", type=Path, default=REPO / "models" / "default.crfsuite")
    parser.add_argument("--keep", type=Path, help="keep each fold's model in this folder")
    parser.add_argument("--rescore", action="store_true",
                        help="train nothing: count again with the models kept in --keep")
    args = parser.parse_args(argv)
    if args.rescore and not args.keep:
        parser.error("--rescore needs --keep, the folder of the models to count again")
    if args.gold:
        report_gold(args.model)
    else:
        calibrate(args.jobs, args.output, args.keep, args.rescore)


if __name__ == "__main__":
    main()
