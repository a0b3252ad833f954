"""Share of references whose parsed family names all equal the gold's (issue 7).

    python training/experiments/name_agreement.py [data/gold.jsonl] [--engine auto|crf|rules] [--model M]
    python training/experiments/name_agreement.py --sample 50     # 50 gold author spans, split: check by hand

The gold side is each record's `author` span run through the same name splitter
(tagger.structure), so the number measures the tagger and splitter together against the
splitter alone on the right span. Family names compare after NFKC and case folding, particle
included ("van der Berg" = "Van der Berg"), in order. References without a gold author span
are left out of the share and counted apart.
"""

import argparse
import random
import sys
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tagger.corpora.corpus import read_jsonl  # noqa: E402
from tagger.labels.fields import field_values  # noqa: E402
from tagger.structure import structure  # noqa: E402


def family_names(people: list[dict]) -> list[str]:
    """The comparable family names of a list of people (literal names count whole)."""
    names = []
    for person in people:
        parts = (person.get("particle"), person.get("family"))
        name = person.get("literal") or " ".join(filter(None, parts))
        names.append(" ".join(unicodedata.normalize("NFKC", name).casefold().split()))
    return names


def gold_people(record: dict) -> list[dict] | None:
    """The gold author span's people, or None when the record has no author span."""
    fields = field_values(record["text"], record["spans"])
    if "author" not in fields:
        return None
    return structure({"author": fields["author"]})["authors"]


def agreement(records: list[dict], parse) -> dict:
    """Counts and share of references whose parsed family names equal the gold's."""
    equal = compared = without_gold = 0
    misses = []
    for record in records:
        gold = gold_people(record)
        if gold is None:
            without_gold += 1
            continue
        compared += 1
        parsed = family_names(parse(record["text"]).authors)
        if parsed == family_names(gold):
            equal += 1
        elif len(misses) < 20:
            misses.append({"id": record["id"], "gold": family_names(gold), "parsed": parsed})
    return {"references": len(records), "with_gold_authors": compared,
            "without_gold_authors": without_gold, "all_family_names_equal": equal,
            "share": round(equal / compared, 4) if compared else None, "first_misses": misses}


def print_sample(records: list[dict], size: int, seed: int = 7) -> None:
    """Gold author spans and the splitter's reading of them, for checking by hand."""
    with_authors = [r for r in records if "author" in field_values(r["text"], r["spans"])]
    for record in random.Random(seed).sample(with_authors, min(size, len(with_authors))):
        author = field_values(record["text"], record["spans"])["author"]
        people = structure({"author": author})["authors"]
        print(f"{record['id']}\t{author}")
        readings = (f"{p.get('family', p.get('literal'))}, {p.get('given', '')}" for p in people)
        print("\t→ " + " | ".join(readings))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", nargs="?", default=str(ROOT / "data" / "gold.jsonl"))
    parser.add_argument("--engine", default="auto")
    parser.add_argument("--model")
    parser.add_argument("--sample", type=int, help="print this many split gold spans and stop")
    args = parser.parse_args(argv)
    records = read_jsonl(args.data)
    if args.sample:
        print_sample(records, args.sample)
        return 0
    from tagger import parse

    result = agreement(records, lambda text: parse(text, engine=args.engine, model=args.model))
    for miss in result.pop("first_misses"):
        print(f"miss {miss['id']}: gold {miss['gold']} parsed {miss['parsed']}")
    print(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
