"""Choose `fallback_below`, the CRF confidence under which `auto` asks the rule tagger instead.

    python -m training.calibrate_fallback --work /tmp/reftag-calibrate -o fallback.json
    python -m training.calibrate_fallback --gold --model models/default.crfsuite

The threshold is chosen on training data the model has not seen, never on gold: a CRF is
trained on data/core.jsonl + data/good.jsonl minus a fixed 15% held out (seed 13; exact
duplicates of held-out references are dropped from the training part too), then each held-out
reference is tagged by both engines. The threshold kept is the one that maximises the held-out
core micro-F1 of the combination (None when falling back never helps). The same table also
measures the rule corrections (rules' certain identifier labels over the CRF's).

`--gold` reports, for a finished model and its manifest's threshold, auto against the CRF on
gold.jsonl overall and on the tenth of references where the CRF was least confident.
"""

import argparse
import json
import random
from pathlib import Path

from tagger import rules
from tagger.corpus import load, normalized_key
from tagger.evaluate import gold_fields
from tagger.evaluate.fieldscore import compare_fields, core_counts, prf
from tagger.fields import field_values, label_spans
from tagger.model import load_model
from tagger.normalize import normalize
from tagger.tokenize import tokenize
from tagger.train import REPO, train

from .build_model import PARAMS, TRAINING_FILES

HELD_OUT_SHARE = 0.15
SEED = 13
# Rule labels at or above this confidence may overrule the CRF (the identifiers: DOI, URL, ISBN).
CERTAIN = 0.99


def split(records, share=HELD_OUT_SHARE, seed=SEED):
    """(training, held out): a fixed random `share` held out; training keeps no exact copy of a
    held-out reference (core and good share some), so held-out confidence is honest."""
    order = list(range(len(records)))
    random.Random(seed).shuffle(order)
    held = sorted(order[:round(share * len(records))])
    held_set = set(held)
    held_keys = {normalized_key(records[i]["text"]) for i in held}
    training = [record for i, record in enumerate(records)
                if i not in held_set and normalized_key(record["text"]) not in held_keys]
    return training, [records[i] for i in held]


def correct(labels, rule_labels, rule_probs):
    """The CRF's labels, overruled wherever the rules are certain (a well-formed identifier)."""
    return [rule_label if rule_p >= CERTAIN else label
            for label, rule_label, rule_p in zip(labels, rule_labels, rule_probs)]


def analyse(records, model_path):
    """Per reference: CRF confidence, and core (tp, fp, fn) of crf, rules and corrected crf
    (plus, under "labels", every label's counts for each, to see what the corrections touch)."""
    model = load_model(model_path)
    rows = []
    for record in records:
        gold = gold_fields(record["text"], record["spans"])
        norm = normalize(record["text"])
        tokens = tokenize(norm.text)
        if not tokens:
            continue
        crf_labels, crf_probs = model.tag(tokens, norm.text)
        rule_labels, rule_probs = rules.tag(tokens, norm.text)
        systems = {"crf": crf_labels, "rules": rule_labels,
                   "corrected": correct(crf_labels, rule_labels, rule_probs)}
        row = {"id": record.get("id", ""), "confidence": sum(crf_probs) / len(crf_probs),
               "relabelled": systems["corrected"] != crf_labels, "labels": {}}
        for name, labels in systems.items():
            counts = compare_fields(gold, field_values(norm.text, label_spans(tokens, labels)))
            row[name] = core_counts(counts)
            row["labels"][name] = counts
        rows.append(row)
    return rows


def micro_f1(counts) -> float:
    return prf(*(sum(column) for column in zip(*counts)))["f1"] if counts else 0.0


def auto_counts(rows, threshold, crf="crf"):
    """Each reference's counts from the rules when its confidence is under `threshold`."""
    return [row["rules"] if threshold is not None and row["confidence"] < threshold
            else row[crf] for row in rows]


def sweep(rows, crf="crf"):
    """(threshold, auto core-F1, share falling back) for None and 0.50 … 1.00 by 0.01."""
    table = []
    for threshold in [None] + [round(0.5 + 0.01 * step, 2) for step in range(51)]:
        fallback = sum(threshold is not None and row["confidence"] < threshold for row in rows)
        table.append((threshold, micro_f1(auto_counts(rows, threshold, crf)),
                      fallback / len(rows)))
    return table


def best_threshold(table):
    """The threshold with the highest F1; on a tie the one that falls back least (None first)."""
    best = max(f1 for _, f1, _ in table)
    return next(threshold for threshold, f1, _ in table if f1 >= best - 1e-12)


def print_corrections(rows):
    """What overruling the CRF with the rules' certain labels changes, label by label."""
    relabelled = sum(row["relabelled"] for row in rows)
    scored = sum(row["labels"]["crf"] != row["labels"]["corrected"] for row in rows)
    print(f"rule corrections (rules' p >= {CERTAIN}) relabel tokens of {relabelled} references, "
          f"change the score of {scored}")
    print(f"{'label':<8} {'crf F1':>7} {'corrected F1':>12}")
    for label in ("doi", "url", "isbn"):
        f1 = [micro_f1([row["labels"][name].get(label, (0, 0, 0)) for row in rows])
              for name in ("crf", "corrected")]
        print(f"{label:<8} {f1[0]:7.4f} {f1[1]:12.4f}")
    print(f"{'core':<8} {micro_f1([row['crf'] for row in rows]):7.4f} "
          f"{micro_f1([row['corrected'] for row in rows]):12.4f}")


def print_table(table, chosen):
    print(f"{'threshold':>9}  {'auto core-F1':>12}  {'falls back':>10}")
    for threshold, f1, share in table:
        mark = "  <- chosen" if threshold == chosen else ""
        print(f"{threshold!s:>9}  {f1:12.4f}  {share:10.1%}{mark}")
    chosen_f1 = next(f1 for threshold, f1, _ in table if threshold == chosen)
    print(f"the CRF alone {table[0][1]:.4f}; at {chosen} {chosen_f1:.4f} "
          f"({chosen_f1 - table[0][1]:+.4f})")


def calibrate(work: Path, output: Path | None):
    records = [record for name in TRAINING_FILES for record in load(REPO / name)]
    training, held_out = split(records)
    model_path = work / "heldout.crfsuite"
    if not model_path.exists():
        print(f"training on {len(training)} references, {len(held_out)} held out ...", flush=True)
        train(training, model_path, params=PARAMS)
    rows = analyse(held_out, model_path)
    table = sweep(rows)
    chosen = best_threshold(table)
    print(f"held out: {len(rows)} references of {', '.join(TRAINING_FILES)} (seed {SEED})")
    print(f"rules alone: core-F1 {micro_f1([row['rules'] for row in rows]):.4f}")
    print_table(table, chosen)
    print_corrections(rows)
    if output:
        output.write_text(json.dumps({"fallback_below": chosen}) + "\n", encoding="utf-8")
        print(f"wrote {output}")
    return chosen


def report_gold(model_path, threshold=None, low_share=0.10):
    """Auto against crf on gold.jsonl, overall and on the least confident tenth."""
    model = load_model(model_path)
    if threshold is None:
        threshold = model.manifest.get("fallback_below")
    rows = analyse(load(REPO / "data/gold.jsonl"), model_path)
    low = sorted(rows, key=lambda row: row["confidence"])[:round(low_share * len(rows))]
    print(f"gold.jsonl, model {model_path}, fallback_below {threshold}")
    print(f"{'references':<22} {'n':>5} {'crf':>7} {'rules':>7} {'auto':>7} "
          f"{'crf+fix':>7} {'auto+fix':>8} {'falls back':>10}")
    for name, subset in (("all", rows), (f"lowest {low_share:.0%} confidence", low)):
        fallback = sum(threshold is not None and row["confidence"] < threshold for row in subset)
        print(f"{name:<22} {len(subset):5d} "
              f"{micro_f1([row['crf'] for row in subset]):7.4f} "
              f"{micro_f1([row['rules'] for row in subset]):7.4f} "
              f"{micro_f1(auto_counts(subset, threshold)):7.4f} "
              f"{micro_f1([row['corrected'] for row in subset]):7.4f} "
              f"{micro_f1(auto_counts(subset, threshold, 'corrected')):8.4f} "
              f"{fallback / len(subset):10.1%}")
    print(f"confidence at the 10% cut: {low[-1]['confidence']:.4f}")
    print_corrections(rows)
    print("best possible threshold on gold (for information only, not for choosing):")
    table = sweep(rows)
    print_table(table, best_threshold(table))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work", type=Path, default=Path("/tmp/reftag-calibrate"),
                        help="where the held-out model is trained; reused when present, so delete it "
                             "after data/ or the features change")
    parser.add_argument("-o", "--output", type=Path, help="write {\"fallback_below\": x} here")
    parser.add_argument("--gold", action="store_true",
                        help="report a finished model on gold.jsonl instead of calibrating")
    parser.add_argument("--model", type=Path, default=REPO / "models" / "default.crfsuite")
    parser.add_argument("--threshold", type=float,
                        help="with --gold: this threshold instead of the manifest's")
    args = parser.parse_args(argv)
    if args.gold:
        report_gold(args.model, args.threshold)
    else:
        args.work.mkdir(parents=True, exist_ok=True)
        calibrate(args.work, args.output)


if __name__ == "__main__":
    main()
