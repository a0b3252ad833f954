"""Where the terminal view's "?" marks pay: per-field confidence against being wrong, on gold.

A field's confidence is the lowest probability of its words (tokens with a letter or digit),
as tagger.output.view computes it. For each threshold: the share of fields marked, how many of the
marked are wrong, and the share of all wrong fields the marks catch. `python -m
training.experiments.low_confidence [--engine auto|crf|rules] [DATA]` prints the table.
"""

import argparse

from tagger import parse_many
from tagger.corpora.corpus import load
from tagger.evaluate.normalize import normalize_value
from tagger.labels.fields import field_values
from tagger.output.view import field_confidence

THRESHOLDS = (0.5, 0.6, 0.7, 0.8, 0.9, 0.95)


def field_rows(records, engine: str) -> list[tuple[float, bool]]:
    """(confidence, right) for every field the parser found."""
    rows = []
    for record, ref in zip(records, parse_many([r["text"] for r in records], engine=engine)):
        gold = field_values(record["text"], record["spans"])
        confidence = field_confidence(ref)
        for label, value in ref.fields.items():
            right = normalize_value(label, value) == normalize_value(label, gold.get(label))
            rows.append((confidence.get(label, 1.0), right))
    return rows


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", nargs="?", default="data/gold.jsonl")
    parser.add_argument("--engine", default="auto", choices=("auto", "crf", "rules"))
    args = parser.parse_args(argv)
    rows = field_rows(load(args.data), args.engine)
    wrong = sum(not right for _, right in rows)
    print(f"{args.data}, engine {args.engine}: {len(rows)} fields, {wrong} wrong "
          f"({wrong / len(rows):.1%})\n")
    print("| marked under | fields marked | wrong among marked | wrong fields caught |")
    print("|---:|---:|---:|---:|")
    for threshold in THRESHOLDS:
        marked = [right for confidence, right in rows if confidence < threshold]
        caught = sum(not right for right in marked)
        print(f"| {threshold} | {len(marked) / len(rows):.1%} | "
              f"{caught / max(1, len(marked)):.0%} | {caught / max(1, wrong):.1%} |")


if __name__ == "__main__":
    main()
