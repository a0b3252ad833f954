"""Write docs/results.md from the evaluation harness, so the published scores are never typed.

    python -m training.site.write_results [--out docs/results.md]

Runs `reftag evaluate` (as `python -m tagger evaluate`, the same program) with the shipped
model on gold under each engine, on the sets no model was trained on, and on GROBID's corpus
group by group, then renders one page: the full gold table as the harness prints it, a
summary table for every set and engine, and the held-out GROBID folds read from the
cross-validation's result file (training them takes an hour; `python -m training.experiments.cross_corpus`).
About two minutes on one core.
"""

import argparse
import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
OUT = REPO / "docs" / "results.md"
FOLDS = "training/experiments/results/grobid_folds_shipped_recipe.json"
SUITE_HEADING = "## The development suite"

# (file, what it is to the shipped model, engines scored)
SETS = [
    ("data/gold.jsonl", "AnyStyle's gold.xml: the benchmark, never trained on", ("auto", "crf", "rules")),
    ("data/bad.jsonl", "AnyStyle's bad.xml: not trained on", ("auto", "crf", "rules")),
    ("data/ugly.jsonl", "AnyStyle's ugly.xml: noisy, multilingual; not trained on", ("auto", "crf", "rules")),
    ("data/synth/chinese-gb7714-2005-numeric.jsonl",
     "200 synthetic GB/T 7714-2005 references: not trained on", ("auto", "crf", "rules")),
    ("data/grobid/cs-bio.jsonl", "GROBID's corpus, computer science and biology: TRAINED ON", ("auto", "crf")),
    ("data/grobid/physics-astro.jsonl", "GROBID's corpus, physics and astronomy: TRAINED ON", ("auto", "crf")),
    ("data/grobid/korean-cjk.jsonl", "GROBID's corpus, KISTI's Korean/CJK: TRAINED ON", ("auto", "crf")),
    ("data/grobid/chemistry-fr.jsonl", "GROBID's corpus, French chemistry: TRAINED ON", ("auto", "crf")),
]


def evaluate(path: str, engine: str, report: str = "json") -> str:
    """One `reftag evaluate` run's report, as the command prints it."""
    command = [sys.executable, "-m", "tagger", "evaluate", path, "--engine", engine,
               "--report", report, "--quiet"]
    done = subprocess.run(command, cwd=REPO, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"write_results: {' '.join(command[2:])} failed: {done.stderr.strip()}")
    return done.stdout


def summary_row(path: str, about: str, engine: str, report: dict) -> str:
    core = report["fields"]["core"]
    calibration = report.get("calibration") or {}
    ece = calibration.get("ece")
    return (f"| `{path}` | {about} | {engine} | {report['references']:,} | {core['precision']:.3f} "
            f"| {core['recall']:.3f} | **{core['f1']:.3f}** | {report['fields']['all_core_correct']:.1%} "
            f"| {report['tokens']['accuracy']:.3f} | {'—' if ece is None else f'{ece:.3f}'} |")


def folds_section() -> list[str]:
    rows = json.loads((REPO / FOLDS).read_text(encoding="utf-8"))["rows"]
    groups = ["cs-bio", "physics-astro", "korean-cjk", "chemistry-fr"]
    lines = ["| trained on | CRF | `auto` | all core right (CRF) | " + " | ".join(groups) + " |",
             "|---|---:|---:|---:|" + "---:|" * len(groups)]
    for row in rows:
        lines.append(f"| {row['config']} | {row['grobid']:.4f} | **{row['grobid_auto']:.4f}** | "
                     f"{row['grobid_all']:.1%} | " + " | ".join(f"{row[g]:.4f}" for g in groups) + " |")
    return lines


def render() -> str:
    summary, gold_md = [], None
    for path, about, engines in SETS:
        for engine in engines:
            print(f"write_results: {path} --engine {engine}", file=sys.stderr)
            summary.append(summary_row(path, about, engine, json.loads(evaluate(path, engine))))
        if path == "data/gold.jsonl":
            gold_md = evaluate(path, "auto", "md").strip()
    return "\n".join([
        "# Results",
        "",
        "<!-- Written by `python -m training.site.write_results`: do not edit by hand. -->",
        "",
        "What the shipped model scores, as the evaluation harness (`reftag evaluate`) reports it.",
        "Field-level exact match after the normalization of the [evaluation conventions]"
        "(design.md#evaluation-conventions); core fields are author, title, venue, year, pages",
        "and DOI. This page is written by `python -m training.site.write_results`, which runs each",
        "command below; rerun it whenever the model or the pipeline changes.",
        "",
        "## Gold, the default engine",
        "",
        gold_md,
        "",
        "## Every set and engine",
        "",
        "Core micro-averaged precision, recall and F1, the share of references with all core fields",
        "right, token accuracy over white-space tokens, and the expected calibration error of",
        "`confidence` against all core fields right. Each row is",
        "`reftag evaluate FILE --engine ENGINE`. Scores on GROBID's corpus here are on data the",
        "shipped model was trained on: an upper bound, not a measure of how it reads new references",
        "(the held-out figures are the folds below).",
        "",
        "| data | what it is | engine | references | P | R | F1 | all core right | token accuracy | ECE |",
        "|---|---|---|---:|---:|---:|---:|---:|---:|---:|",
        *summary,
        "",
        "## GROBID's corpus, held out",
        "",
        "The shipped recipe cross-validated over GROBID's corpus, 10 folds by file (each fold scored",
        "by a model trained without it), core micro-F1. Read from",
        f"`{FOLDS}`, which `python -m training.experiments.cross_corpus --configs both --jobs 2 --name",
        "grobid_folds_shipped_recipe` writes (about an hour on two cores). Some of `auto`'s checks",
        "were found by reading these folds' errors,",
        "so its figure is an upper bound for references from elsewhere.",
        "",
        *folds_section(),
        "",
    ])


def kept_suite_section(page: Path) -> str:
    """The development suite's section, which `reftag evaluate --suite --markdown` writes
    (tagger.evaluate.suite), carried over as it stands."""
    text = page.read_text(encoding="utf-8") if page.exists() else ""
    at = text.find(SUITE_HEADING)
    return "\n" + text[at:] if at >= 0 else ""


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="the page to write")
    args = parser.parse_args(argv)
    args.out.write_text(render() + kept_suite_section(args.out), encoding="utf-8")
    print(f"write_results: wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
