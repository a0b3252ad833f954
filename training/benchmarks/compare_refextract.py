"""refextract's answers on gold, as a predictions file the evaluation harness scores.

    python -m training.benchmarks.compare_refextract data/gold.jsonl -o /tmp/refextract.jsonl
    reftag evaluate data/gold.jsonl --predictions /tmp/refextract.jsonl

refextract (CERN/INSPIRE, `pip install refextract`, GPL-2; a benchmark tool here, never a
dependency) is a rule-based extractor built for physics references. Each reference text goes
in alone; its output keys become our labels (see KEY_TO_LABEL) and each record is written as a
docs/design.md contract dict {"id", "raw", "fields"}, so the same scoring code measures it.
"""

import argparse
import json
import sys
from pathlib import Path

from tagger.corpora.corpus import CorpusError, load

# refextract's keys and the labels they mean. Its other keys (misc, journal_reference,
# reportnumber, collaboration, urldesc, hdl, texkey) have no counterpart and are left out.
KEY_TO_LABEL = {
    "author": "author",
    "title": "title",
    "journal_title": "venue",
    "journal_volume": "volume",
    "journal_page": "pages",
    "year": "year",
    "journal_year": "year",
    "doi": "doi",
    "url": "url",
    "isbn": "isbn",
    "publisher": "publisher",
    "linemarker": "citation-number",
}


def to_fields(parts: list[dict]) -> dict[str, str]:
    """Our fields from refextract's answer for one reference.

    refextract sometimes splits one reference into several; for each label the values of the
    first part that has it are kept (joined by a space, as several spans of one label are).
    """
    fields = {}
    for part in parts:
        for key, label in KEY_TO_LABEL.items():
            values = [value for value in part.get(key, []) if value]
            if values and label not in fields:
                value = " ".join(values)
                fields[label] = value[4:] if key == "doi" and value.startswith("doi:") else value
    return fields


def predict(record: dict) -> dict:
    from refextract import extract_references_from_string

    prediction = {"id": record["id"], "raw": record["text"], "fields": {}}
    try:
        parts = extract_references_from_string(record["text"], is_only_references=True)
        prediction["fields"] = to_fields(parts)
    except Exception as error:  # noqa: BLE001 - one failure costs its own reference only
        prediction["error"] = f"{type(error).__name__}: {error}"
    return prediction


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", type=Path, help="annotated references (.jsonl or AnyStyle .xml)")
    parser.add_argument("-o", "--output", type=Path, required=True, help="predictions JSONL")
    args = parser.parse_args(argv)
    try:
        from refextract import extract_references_from_string  # noqa: F401
    except ImportError as error:
        return _fail("refextract is not installed (pip install refextract)"
                     if error.name == "refextract" else f"refextract cannot load: {error}")
    try:
        records = load(args.data)
    except (CorpusError, OSError) as error:
        return _fail(str(error))
    if not records:
        return _fail(f"{args.data}: no references in it")
    failed = []
    with open(args.output, "w", encoding="utf-8") as out:
        for number, record in enumerate(records, 1):
            prediction = predict(record)
            if "error" in prediction:
                failed.append(prediction["error"])
            out.write(json.dumps(prediction, ensure_ascii=False) + "\n")
            if number % 200 == 0:
                print(f"{number}/{len(records)}", file=sys.stderr, flush=True)
    if len(failed) == len(records):  # refextract installed but broken: no measure at all
        return _fail(f"refextract failed on every reference, first with: {failed[0]}")
    print(f"wrote {len(records)} predictions to {args.output}"
          + (f" ({len(failed)} with an error)" if failed else ""), file=sys.stderr)
    return 0


def _fail(message: str) -> int:
    print(f"compare_refextract: {message}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
