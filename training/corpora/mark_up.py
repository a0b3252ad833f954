"""Hand-marked references → the project's JSONL spans: `python -m training.corpora.mark_up`.

A person writes each reference once, its fields in braces: `{a:Dean J}, {a:Ghemawat S}.`
(label codes below), one reference a line, `#` lines for comments. This turns every
data/families/marked/NAME.txt into data/families/NAME.jsonl, each record of family NAME,
so the marked files stay the readable, checked source and the spans are never typed.
"""

import json
import re
import sys
from pathlib import Path

from tagger.labels import LABELS

REPO = Path(__file__).resolve().parents[2]
CODES = {"n": "citation-number", "a": "author", "t": "title", "v": "venue", "y": "year",
         "p": "pages", "d": "doi", "e": "editor", "tr": "translator", "vo": "volume",
         "i": "issue", "pu": "publisher", "l": "location", "ed": "edition", "s": "series",
         "g": "genre", "u": "url", "is": "isbn", "ar": "arxiv", "no": "note"}
FIELD = re.compile(r"\{([a-z]+):([^{}]*)\}")


def parse_line(line: str) -> dict:
    """`{t:Title}. {y:2020}.` → {"text", "spans"}; an unknown code or stray brace is an error."""
    text, spans, at = [], [], 0
    for match in FIELD.finditer(line):
        text.append(line[at:match.start()])
        start = sum(map(len, text))
        label = CODES.get(match.group(1))
        if label is None or label not in LABELS:
            raise ValueError(f"unknown label code {match.group(1)!r} in: {line}")
        text.append(match.group(2))
        spans.append([start, start + len(match.group(2)), label])
        at = match.end()
    text.append(line[at:])
    joined = "".join(text)
    if "{" in joined or "}" in joined:
        raise ValueError(f"unbalanced braces in: {line}")
    return {"text": joined, "spans": spans}


def convert(source: Path, target: Path) -> int:
    family = source.stem
    records = []
    for line in source.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            record = parse_line(line.strip())
            records.append({"id": f"{family}-{len(records) + 1:03d}", "family": family, **record})
    target.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records),
                      encoding="utf-8")
    return len(records)


def main(argv=None) -> int:
    folder = REPO / "data" / "families"
    for source in sorted((folder / "marked").glob("*.txt")):
        count = convert(source, folder / f"{source.stem}.jsonl")
        print(f"{source.relative_to(REPO)} → {count} references", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
