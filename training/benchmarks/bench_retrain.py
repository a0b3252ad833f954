"""How fast, and how well, `reftag train` adds a style the shipped model reads badly.

A CSL style no training file is in (American Physical Society's by default: the shipped CRF
reads it at about 0.83 core micro-F1) is rendered by the synthesizer (`tagger.synth`, the
code behind `reftag synth`): a test set (seed 500) and, for each size, the first N of a
training pool (seed 200, no title shared with the test set). For each N the fast recipe
(`reftag train`'s default: the shipped model tuned, tagger.crf.finetune) and, with `--recipes fast
full`, the full recipe (all the shipped model's data plus the N, from zero) are trained;
printed: wall and CPU seconds, the style's test core micro-F1 before and after, gold's before
and after (data/gold.jsonl: scored, never trained on), and the
targets (fast under 60 s for 200 references; its gain within 0.01 of the full recipe's; gold
down by at most 0.005). Scores are the CRF's alone (engine crf), so the models are compared,
not the rules.

    python -m training.benchmarks.bench_retrain [--sizes 20 50 200] [--recipes fast full] [--style STYLE]

Rows go to training/experiments/results/bench_retrain.{md,json}, merged by (recipe, style, N,
iterations, base sample), so the full retrains (five minutes and more each) need run only once.
"""

import argparse
import json
import time
from pathlib import Path

from tagger.corpora.corpus import load
from tagger.evaluate import evaluate
from tagger.crf.model import DEFAULT_MODEL, load_model, manifest_path
from tagger.crf.train import REPO, Retrainer
from training.experiments.common import RESULTS, write_results
from training.experiments.styles import style_sets

STYLE = "american-physics-society"
WORKDIR = Path("/tmp/reftag-bench-retrain")
TARGET_SECONDS, TARGET_GAIN_GAP, TARGET_GOLD_LOSS = 60, 0.01, 0.005

COLUMNS = [
    ("recipe", "recipe", ""), ("style", "style", ""), ("N", "n", ""),
    ("weight", "weight", ""), ("base refs", "base_records", ""),
    ("iterations", "iterations", ""), ("pull to base", "pull", ""),
    ("wall s", "wall_seconds", ".1f"),
    ("CPU s", "cpu_seconds", ".1f"), ("style before", "style_before", ".4f"),
    ("style after", "style_after", ".4f"), ("gain", "gain", "+.4f"),
    ("gold before", "gold_before", ".4f"), ("gold after", "gold_after", ".4f"),
    ("gold change", "gold_change", "+.4f"),
]

NOTES = f"""# Retraining on a new style: the fast recipe against the full one

`python -m training.benchmarks.bench_retrain [--recipes fast full]` (issue 47). The style is rendered by
`tagger.synth.generate(style, n, seed, noise=0.3)`: {{test_n}} test references (seed 500) and
training pools (seed 200, no title shared with the test set). "style before/after": the
style's test core micro-F1 with the shipped model and with the retrained one; "gold": data/gold.jsonl
(never trained on). CRF engine alone. Wall seconds on a shared, busy 2-core machine; CPU
seconds are what one core needs. Targets: fast under {TARGET_SECONDS} s for 200 references,
its gain within {TARGET_GAIN_GAP} of the full recipe's, gold down by at most {TARGET_GOLD_LOSS}.
"""


def f1(records, model=None) -> float:
    result = evaluate(records, model=model, engine="crf")
    load_model.cache_clear()
    return round(result.core_f1, 4)


def run(recipe, style, n, user, test, gold, before, retrainer=None) -> dict:
    retrainer = retrainer or Retrainer(recipe)
    model = WORKDIR / f"{recipe}-{style}-{n}.crfsuite"
    wall, cpu = time.perf_counter(), time.process_time()
    manifest = retrainer.fit({f"{style}-{n}": user}, model)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    after, gold_after = f1(test, model), f1(gold, model)
    return {"recipe": recipe, "style": style, "n": n, "weight": retrainer.weight_for(n),
            "base_records": retrainer.base_records, "iterations": manifest["iterations"],
            "pull": pull(manifest["params"]),
            "wall_seconds": round(wall, 1), "cpu_seconds": round(cpu, 1),
            "style_before": before["style"], "style_after": after,
            "gain": round(after - before["style"], 4),
            "gold_before": before["gold"], "gold_after": gold_after,
            "gold_change": round(gold_after - before["gold"], 4)}


def pull(params) -> str:
    """The fast recipe's pull back to the shipped weights, as the table shows it."""
    if "l2_to_base" not in params:
        return ""
    return f"L2 {params['l2_to_base']:g}, Fisher {params.get('fisher_to_base', 0):g}"


def verdicts(rows) -> list[str]:
    """The targets, one line each, for the sizes measured both ways."""
    lines = []
    full = {(row["style"], row["n"]): row for row in rows if row["recipe"] == "full"}
    for row in rows:
        if row["recipe"] != "fast":
            continue
        line = (f"{row['style']} N={row['n']}: fast {row['cpu_seconds']:.0f} s CPU "
                f"({'under' if row['cpu_seconds'] < TARGET_SECONDS else 'OVER'} "
                f"{TARGET_SECONDS}), gain {row['gain']:+.4f}")
        other = full.get((row["style"], row["n"]))
        if other:
            gap = other["gain"] - row["gain"]
            line += (f", full {other['gain']:+.4f} (gap {gap:+.4f}: "
                     f"{'ok' if gap <= TARGET_GAIN_GAP else 'MISSED'})")
        line += (f"; gold {row['gold_change']:+.4f} "
                 f"({'ok' if row['gold_change'] >= -TARGET_GOLD_LOSS else 'MISSED'})")
        lines.append(line)
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--style", default=STYLE)
    parser.add_argument("--sizes", type=int, nargs="+", default=[20, 50, 200])
    parser.add_argument("--test-n", type=int, default=300)
    parser.add_argument("--recipes", nargs="+", choices=("fast", "full"), default=["fast"],
                        help="recipes to measure (full: about 5 minutes CPU a model)")
    parser.add_argument("--results", type=Path, default=RESULTS)
    args = parser.parse_args(argv)

    WORKDIR.mkdir(parents=True, exist_ok=True)
    test, pool = style_sets(args.style, args.test_n, max(args.sizes))
    gold = load(REPO / "data" / "gold.jsonl")
    shipped = json.loads(manifest_path(DEFAULT_MODEL).read_text(encoding="utf-8"))
    before = {"style": f1(test), "gold": shipped["scores"]["data/gold.jsonl"]["core_micro_f1"]}
    print(f"{args.style}: shipped model {before['style']:.4f} on {len(test)} test references; "
          f"gold {before['gold']:.4f}", flush=True)
    fast = Retrainer("fast")
    rows = []
    for n in args.sizes:
        for recipe in args.recipes:
            row = run(recipe, args.style, n, pool[:n], test, gold, before,
                      fast if recipe == "fast" else None)
            print(json.dumps(row), flush=True)
            rows.append(row)
            write_results("bench_retrain", [row], COLUMNS, NOTES.format(test_n=len(test)),
                          directory=args.results,
                          key=lambda r: (r["recipe"], r["style"], r["n"], r["iterations"],
                                         r["base_records"], r.get("pull", "")))
    saved = json.loads((args.results / "bench_retrain.json").read_text(encoding="utf-8"))
    rows_all = saved["rows"] if isinstance(saved, dict) else saved
    # this style as rendered now (the synthesizer's changes change its draw, and its score)
    for line in verdicts([row for row in rows_all if row["style"] == args.style
                          and row["style_before"] == before["style"]]):
        print(line)


if __name__ == "__main__":
    main()
