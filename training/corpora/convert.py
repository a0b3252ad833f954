"""Convert AnyStyle's and GROBID's corpora to the project's JSONL, keeping the benchmark out.

    python -m training.corpora.convert [--source DIR] [--grobid DIR] [--out DIR]

gold.xml is written whole (it is the benchmark); from every other set each reference whose
normalized text also appears in gold is removed, so no model is ever trained on a benchmark
reference. GROBID's files go to data/grobid/<group>.jsonl by field (GROUPS), without gold's
references and without those already in an AnyStyle training set (GROBID's computer-science
part shares Cora with core.xml), and each reference keeps its source file as `file`, so that
cross-validation can fold by file. Output order is the order of the files, so runs are
reproducible.
"""

import argparse
import re
import sys
from pathlib import Path

from tagger.corpora.conventions import doi_links
from tagger.corpora.corpus import CorpusError, normalized_key, read_anystyle_xml, write_jsonl
from tagger.corpora.tei import file_stem, read_grobid_tei

REPO = Path(__file__).resolve().parents[2]
DEFAULT_SOURCE = REPO.parent / "shared" / "data" / "anystyle"
DEFAULT_GROBID = REPO.parent / "shared" / "data" / "grobid" / "corpus"
DEFAULT_OUT = REPO / "data"
BENCHMARK = "gold"
TRAINING_SETS = ("core", "good", "ugly", "bad")
# The sets no model is trained on: scored under docs/design.md's labels as they now stand (a
# DOI printed as a link is the `doi`), where the training sets keep their annotators' labels.
SCORED_ONLY = (BENCHMARK, "ugly", "bad")
# GROBID's files by field, from their names: the first pattern that matches names the group.
GROUPS = (
    ("korean-cjk", r"kisti_"),
    ("chemistry-fr", r"0\.CanadianJournalOfChemistry|\d+\.v\d\d-\d+\."),
    ("cs-bio", r"citations|submission_|f7247483|20486792|26259662|XP05|raw_ref|vz-"),
    ("physics-astro", r""),
)
# citations.xml holds a third of GROBID's references in one file: cross-validation folds it
# by runs of this many references, as if each run were a file.
FILE_RUN = 200


def convert(source: Path, out: Path, log=print) -> dict[str, dict[str, int]]:
    """Write <out>/<name>.jsonl for gold and each training set; return the counts per set."""
    counts = {}
    gold = [doi_links(record) for record in
            read_anystyle_xml(source / f"{BENCHMARK}.xml", id_prefix=f"anystyle-{BENCHMARK}")]
    write_jsonl(gold, out / f"{BENCHMARK}.jsonl")
    counts[BENCHMARK] = {"read": len(gold), "removed": 0, "wrote": len(gold)}
    log(f"{BENCHMARK}.xml: read {len(gold)}, benchmark kept whole, wrote {len(gold)} "
        f"-> {out / (BENCHMARK + '.jsonl')}")
    gold_keys = {normalized_key(record["text"]) for record in gold}
    for name in TRAINING_SETS:
        records = read_anystyle_xml(source / f"{name}.xml", id_prefix=f"anystyle-{name}")
        kept = [doi_links(record) if name in SCORED_ONLY else record for record in records
                if normalized_key(record["text"]) not in gold_keys]
        write_jsonl(kept, out / f"{name}.jsonl")
        removed = len(records) - len(kept)
        counts[name] = {"read": len(records), "removed": removed, "wrote": len(kept)}
        log(f"{name}.xml: read {len(records)}, removed {removed} gold duplicates, "
            f"wrote {len(kept)} -> {out / (name + '.jsonl')}")
    return counts


def group_of(file_name: str) -> str:
    return next(group for group, pattern in GROUPS if re.match(pattern, file_name))


def convert_grobid(source: Path, out: Path, anystyle: Path, log=print) -> dict[str, dict]:
    """Write <out>/grobid/<group>.jsonl from GROBID's TEI files; return the counts per group.

    `anystyle` is the folder of AnyStyle's XML: gold's references and those of its training
    sets are left out."""
    gold = read_anystyle_xml(anystyle / f"{BENCHMARK}.xml")
    gold_keys = {normalized_key(record["text"]) for record in gold}
    training_keys = {normalized_key(record["text"]) for name in TRAINING_SETS
                     for record in read_anystyle_xml(anystyle / f"{name}.xml")}
    groups: dict[str, list] = {}
    counts: dict[str, dict] = {}
    seen = set()
    for path in sorted(source.glob("*.xml")):
        group = group_of(path.name)
        count = counts.setdefault(group, {"read": 0, "gold": 0, "anystyle": 0, "repeated": 0,
                                          "wrote": 0})
        stem = file_stem(path)
        for number, record in enumerate(read_grobid_tei(path, id_prefix=f"grobid-{stem}")):
            count["read"] += 1
            key = normalized_key(record["text"])
            reason = ("gold" if key in gold_keys else "anystyle" if key in training_keys
                      else "repeated" if key in seen else None)
            if reason:
                count[reason] += 1
                continue
            seen.add(key)
            run = f"-{number // FILE_RUN:02d}" if stem == "citations" else ""
            groups.setdefault(group, []).append({**record, "file": stem + run})
            count["wrote"] += 1
    for group, records in groups.items():
        write_jsonl(records, out / "grobid" / f"{group}.jsonl")
        count = counts[group]
        log(f"grobid {group}: read {count['read']}, removed {count['gold']} in gold, "
            f"{count['anystyle']} in AnyStyle's training sets, {count['repeated']} repeated; "
            f"wrote {count['wrote']} -> {out / 'grobid' / (group + '.jsonl')}")
    return counts


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m training.corpora.convert", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE,
                        help=f"directory holding AnyStyle's XML corpora (default {DEFAULT_SOURCE})")
    parser.add_argument("--grobid", type=Path, default=DEFAULT_GROBID,
                        help=f"directory holding GROBID's TEI citation files (default {DEFAULT_GROBID})")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT,
                        help=f"directory for the JSONL files (default {DEFAULT_OUT})")
    args = parser.parse_args(argv)
    try:
        convert(args.source, args.out)
        convert_grobid(args.grobid, args.out, args.source)
    except CorpusError as error:
        print(f"convert: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
