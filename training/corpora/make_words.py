"""Build tagger/text/lexicons/words.txt: the words the project's corpora hold, for repairing a
word that a line end hyphenated ("mortal-↵ity" → "mortality", "Axial-↵vector" stays).

    python -m training.corpora.make_words [--shared ../shared/data]

Words are counted (lower-cased, letters only, hyphenated compounds kept as one word) in the
training references (data/core, good, ugly, bad: never gold.jsonl, the benchmark) and in the
text of GROBID's segmentation corpus (real papers, Apache-2.0: shared/data/grobid-layout),
leaving out the two pieces around a hyphen at a line end there (they are not words). A word
seen at least three times is kept.
"""

import argparse
import json
import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
TRAINING = ("core", "good", "ugly", "bad")
MIN_COUNT = 3


def count_references(counts: Counter) -> None:
    for name in TRAINING:
        for line in (ROOT / "data" / f"{name}.jsonl").open(encoding="utf-8"):
            text = json.loads(line)["text"]
            counts.update(word.lower() for word in WORD.findall(re.sub(r"-\s*\n\s*", " ", text)))


def count_grobid(counts: Counter, folder: Path) -> None:
    for path in sorted(folder.glob("*.tei.xml")):
        text = path.read_text(encoding="utf-8", errors="replace")
        text = re.sub(r"<[^>]+>", lambda tag: "\n" if tag.group(0) == "<lb/>" else " ", text)
        text = re.sub(r"\S*-\s*\n\s*\S*", " ", text)  # a line-end hyphen: neither piece
        counts.update(word.lower() for word in WORD.findall(text))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared" / "data")
    args = parser.parse_args(argv)
    counts = Counter()
    count_references(counts)
    count_grobid(counts, args.shared / "grobid-layout" / "segmentation")
    words = sorted(word for word, count in counts.items()
                   if count >= MIN_COUNT and len(word) >= 2)
    target = ROOT / "tagger" / "text" / "lexicons" / "words.txt"
    target.write_text("\n".join(words) + "\n", encoding="utf-8")
    print(f"{len(words):,} words → {target}")


if __name__ == "__main__":
    main()
