"""Write tagger/text/lexicons/iso4.txt: the abbreviated words of ISO 4 journal titles.

    pip install pyiso4 && python -m training.corpora.make_iso4

The List of Title Word Abbreviations (LTWA, ISSN International Centre), as the pyiso4 package
ships it (MIT licence), gives for each journal-title word its ISO 4 abbreviation ("Physical"
→ "Phys.", "Astrophysical" → "Astrophys."). Abbreviated journals are what references cut out
of physics, astronomy and chemistry papers hold, and no training corpus can list them all, so
the CRF gets a feature for a word that is such an abbreviation. Only real abbreviations are
kept (shorter than the word, or a stem standing for longer ones, written with a stop; no
function words); the list is lower-cased, one word a line.
"""

import csv
import re
import sys
from importlib import resources
from pathlib import Path

OUT = Path(__file__).resolve().parents[2] / "tagger" / "text" / "lexicons" / "iso4.txt"


# Function words that some language's list abbreviates but that every title is full of.
FUNCTION_WORDS = frozenset("and of for in on to at by with from the de des du la le les et "
                           "und der die das von fur für del di da".split())


def abbreviations(rows, stopwords=()) -> list[str]:
    words = set()
    for row in rows:
        stem = row["WORD"].strip().endswith("-")  # "astrophys-": any word it begins
        word = row["WORD"].strip().strip("-").lower()
        for part in re.split(r"[\s,;]+", row["ABBREVIATIONS"].strip()):
            abbreviation = part.strip(".").lower()
            if (part.endswith(".") and abbreviation.isalpha() and len(abbreviation) >= 2
                    and (stem or len(abbreviation) < len(word))):
                words.add(abbreviation)
    return sorted(words - FUNCTION_WORDS - set(stopwords))


def main() -> int:
    try:
        ltwa = next(path for path in resources.files("pyiso4").iterdir()
                    if path.name.startswith("LTWA") and path.name.endswith(".csv"))
    except (ModuleNotFoundError, StopIteration):
        print("make_iso4: needs the pyiso4 package (pip install pyiso4)", file=sys.stderr)
        return 1
    stopwords = (resources.files("pyiso4") / "stopwords.txt").read_text(encoding="utf-8")
    with ltwa.open(encoding="utf-8") as handle:
        words = abbreviations(csv.DictReader(handle, delimiter="\t"), stopwords.lower().split())
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("".join(word + "\n" for word in words), encoding="utf-8")
    print(f"{len(words)} abbreviations from {ltwa.name} -> {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
