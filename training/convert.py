"""Convert AnyStyle's corpora to the project's JSONL, keeping the benchmark out of training data.

    python -m training.convert [--source DIR] [--out DIR]

gold.xml is written whole (it is the benchmark); from every other set each reference whose
normalized text also appears in gold is removed, so no model is ever trained on a benchmark
reference. Output order is the order of the XML files, so runs are reproducible.
"""

import argparse
import sys
from pathlib import Path

from tagger.corpus import CorpusError, normalized_key, read_anystyle_xml, write_jsonl

REPO = Path(__file__).resolve().parents[1]
DEFAULT_SOURCE = REPO.parent / "shared" / "data" / "anystyle"
DEFAULT_OUT = REPO / "data"
BENCHMARK = "gold"
TRAINING_SETS = ("core", "good", "ugly", "bad")


def convert(source: Path, out: Path, log=print) -> dict[str, dict[str, int]]:
    """Write <out>/<name>.jsonl for gold and each training set; return the counts per set."""
    counts = {}
    gold = read_anystyle_xml(source / f"{BENCHMARK}.xml", id_prefix=f"anystyle-{BENCHMARK}")
    write_jsonl(gold, out / f"{BENCHMARK}.jsonl")
    counts[BENCHMARK] = {"read": len(gold), "removed": 0, "wrote": len(gold)}
    log(f"{BENCHMARK}.xml: read {len(gold)}, benchmark kept whole, wrote {len(gold)} "
        f"-> {out / (BENCHMARK + '.jsonl')}")
    gold_keys = {normalized_key(record["text"]) for record in gold}
    for name in TRAINING_SETS:
        records = read_anystyle_xml(source / f"{name}.xml", id_prefix=f"anystyle-{name}")
        kept = [record for record in records if normalized_key(record["text"]) not in gold_keys]
        write_jsonl(kept, out / f"{name}.jsonl")
        removed = len(records) - len(kept)
        counts[name] = {"read": len(records), "removed": removed, "wrote": len(kept)}
        log(f"{name}.xml: read {len(records)}, removed {removed} gold duplicates, "
            f"wrote {len(kept)} -> {out / (name + '.jsonl')}")
    return counts


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m training.convert", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE,
                        help=f"directory holding AnyStyle's XML corpora (default {DEFAULT_SOURCE})")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT,
                        help=f"directory for the JSONL files (default {DEFAULT_OUT})")
    args = parser.parse_args(argv)
    try:
        convert(args.source, args.out)
    except CorpusError as error:
        print(f"convert: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
