"""The error families of issue 12 on hand-annotated real references (tests/data/families.jsonl).

    python -m training.experiments.families                 # table: auto, crf, rules
    python -m training.experiments.families --errors 5      # and each family's mistakes
    python -m training.experiments.families --model m.crfsuite

Each family is scored by the project's harness (core micro-F1, share with all core fields
right); tests/test_families.py holds the floors, to be raised after each retraining.
"""

import argparse
import json
from collections import Counter
from pathlib import Path

from tagger.evaluate import evaluate
from tagger.labels import CORE

FAMILIES_FILE = Path(__file__).resolve().parents[2] / "tests" / "data" / "families.jsonl"
ENGINES = ("auto", "crf", "rules")


def load_families(path=FAMILIES_FILE) -> dict[str, list[dict]]:
    """Records grouped by their "family", in file order."""
    families: dict[str, list[dict]] = {}
    with open(path, encoding="utf-8") as stream:
        for line in stream:
            if line.strip():
                record = json.loads(line)
                families.setdefault(record["family"], []).append(record)
    return families


def score_families(families: dict[str, list[dict]], engine="auto", model=None) -> dict:
    """{family or "all": EvaluationResult}; "all" pools every family's references."""
    results = {name: evaluate(records, engine=engine, model=model)
               for name, records in families.items()}
    results["all"] = evaluate([r for records in families.values() for r in records],
                              engine=engine, model=model)
    return results


def wrong_fields(result) -> Counter:
    """How many references got each core field wrong (missed, extra or different)."""
    return Counter(label for ref in result.references for label in ref["wrong"] if label in CORE)


def mistake(ref) -> str:
    """One line per wrong core field: gold → predicted."""
    parts = [f"{label}: {ref['gold'].get(label)!r} → {ref['predicted'].get(label)!r}"
             for label in ref["wrong"] if label in CORE]
    numbers = {label: ref["predicted"][label] for label in ("volume", "issue")
               if label in ref["predicted"] and ref["predicted"].get(label) != ref["gold"].get(label)}
    if numbers:  # where a lost page or year went
        parts.append(f"(predicted {', '.join(f'{k} {v!r}' for k, v in numbers.items())})")
    return f"{ref['id']}: " + "; ".join(parts)


def table(scores: dict[str, dict]) -> str:
    """Markdown: a row per family, core F1 / all-core-right for each engine."""
    engines = list(scores)
    names = list(next(iter(scores.values())))
    lines = ["| family | n | " + " | ".join(f"{e} F1 | {e} all" for e in engines) + " |",
             "|---|---|" + "---|---|" * len(engines)]
    for name in names:
        first = scores[engines[0]][name]
        cells = [f"{scores[e][name].core_f1:.3f} | {scores[e][name].fields['all_core_correct']:.2f}"
                 for e in engines]
        lines.append(f"| {name} | {len(first.references)} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", help="model path (default: the shipped model)")
    parser.add_argument("--engines", nargs="+", default=list(ENGINES), choices=ENGINES)
    parser.add_argument("--errors", type=int, default=0,
                        help="show up to N mistakes per family (first engine)")
    args = parser.parse_args(argv)
    families = load_families()
    scores = {engine: score_families(families, engine, args.model) for engine in args.engines}
    print(table(scores))
    if args.errors:
        first = scores[args.engines[0]]
        for name in families:
            counts = ", ".join(f"{label} {n}" for label, n in wrong_fields(first[name]).most_common())
            print(f"\n## {name} ({args.engines[0]}): wrong {counts or 'nothing'}")
            for ref in first[name].errors(args.errors):
                print("  " + mistake(ref))


if __name__ == "__main__":
    main()
