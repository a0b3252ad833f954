"""Reference lists as a PDF copy gives them, with the truth kept: wrapped references, page
numbers, blank lines and running heads at random places, a DOI broken so that its tail fills
a line, a lone page range, year or article number on the last line of a reference.

    python -m training.models.furniture_lists [-n 200] [--seed 1] [--show dropped|kept|inexact]

prints how many lists were tried and the share of references `segment` finds exactly (the
same lines, nothing added, nothing missing), beside the furniture it dropped or kept.
`--show` prints, for each failure of that kind, the lines around it (to look at, not to count).
The references come from data/gold.jsonl (which the finder's line model never trained on),
their citation numbers taken off and the list's own numbering put on. A page break never
comes right before a reference line that is a bare number (with a page number beside it,
only a page sequence could tell them apart, and a paste of a page or two has none), nor
within the first three lines (where one line alone cannot say it is no body text).
"""

import argparse
import json
import random
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from training.models.finder_data import wrap_words

ROOT = Path(__file__).resolve().parents[2]

RUNNING_HEADS = (
    "Journal of Computational Physics 412 (2021) 109–133",
    "IEEE TRANSACTIONS ON SOFTWARE ENGINEERING, VOL. 47, NO. 3",
    "Proceedings of the VLDB Endowment",
    "J. Smith et al. / Journal of Computational Physics 412 (2021) 109–133",
    "Nucleic Acids Research, 2019, Vol. 47, No. 3",
    "ACM Computing Surveys, Vol. 54, No. 8, Article 163. Publication date: October 2021.",
    "Neurology 65 September (2 of 2) 2005",
    "M. Chen, L. Zhang",
    "PATTERN RECOGNITION LETTERS",
    "Bioinformatics, 35(14), 2019",
    "Annu. Rev. Psychol. 2020.71:1-25",
    "Physical Review E 101, 042305 (2020)",
)
NUMBERINGS = ("bracket", "dot", "hanging", "blank")
DOI = re.compile(r"10\.\d{4,9}/\S+")
LAST_WORD_SHAPES = re.compile(r"^(?:\(?\d{4}[a-z]?\)?|[eA]?\d+(?:[–-]\d+)?|\d+\(\d+\):?\S*)[.,;]?$")


@dataclass
class GeneratedList:
    text: str
    references: list = field(default_factory=list)  # (start, end, raw): raw as segment gives it
    furniture: list = field(default_factory=list)  # (start, end) of each furniture line


def pool(path: Path = ROOT / "data" / "gold.jsonl") -> list:
    """Reference strings without their citation numbers, one line each."""
    references = []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            record = json.loads(line)
            text = record["text"]
            for start, end, label in record.get("spans", []):
                if label == "citation-number" and start == 0:
                    text = text[end:].lstrip(" .):]")
            text = " ".join(text.split())
            if 30 <= len(text) <= 700 and not re.match(r"[\[(]?\d", text):
                references.append(text)
    return references


def _wrap(words: list, width: int) -> list:
    return wrap_words(" ".join(words), width)


def wrapped(rng: random.Random, text: str, width: int) -> list:
    """The reference's lines: wrapped at `width`, and now and then in the issue's hard shapes."""
    words = text.split()
    doi = next((i for i, word in enumerate(words) if DOI.search(word)), None)
    if doi is not None and rng.random() < 0.5:  # break the DOI after a stop or slash
        word = words[doi]
        found = DOI.search(word)
        after_prefix = word.index("/", found.start()) + 1
        cuts = [i + 1 for i in range(after_prefix - 1, len(word) - 1) if word[i] in "./"
                and any(char.isalnum() for char in word[i + 1:])]
        if cuts:
            cut = rng.choice(cuts)
            return (_wrap(words[:doi] + [word[:cut]], width)
                    + _wrap([word[cut:]] + words[doi + 1:], width))
    if len(words) > 3 and LAST_WORD_SHAPES.match(words[-1]) and rng.random() < 0.3:
        return _wrap(words[:-1], width) + [words[-1]]  # a lone page range, year or number
    return _wrap(words, width)


def _label(style: str, number: int) -> str:
    return {"bracket": f"[{number}] ", "dot": f"{number}. "}.get(style, "")


def page_break(rng: random.Random, page: int, heads: tuple) -> list:
    """The lines between two pages: a page number at the foot, a running head at the top,
    blank lines, a form feed, in one of the shapes PDF copies have."""
    number = rng.choice([f"{page}", f"{page}", f"- {page} -", f"Page {page}"])
    head = heads[page % len(heads)]
    shape = rng.randrange(5)
    if shape == 0:  # the shape: number, blank, head
        return [number, "", head]
    if shape == 1:
        return ["", number, "", "\f" + head, ""]
    if shape == 2:
        return [number, "\f" + head]
    if shape == 3:  # a head set with its page number
        return ["", f"{head}{' ' * rng.randint(6, 30)}{page}", ""]
    return [number, ""]  # a foot only


def generate(rng: random.Random, references: list, count: int = 30) -> GeneratedList:
    style = rng.choice(NUMBERINGS)
    width = rng.randint(70, 120)
    every = rng.randint(35, 55)
    heads = tuple(rng.sample(RUNNING_HEADS, 2))
    first_number, page = rng.randint(1, 60), rng.randint(2, 900)
    with_doi = [text for text in references if DOI.search(text)]
    rows = []  # (line, reference index or None)
    # a list cites a reference once; one in five or so with a DOI, to break it
    doi_count = min(len(with_doi), sum(rng.random() < 0.2 for _ in range(count)))
    chosen = rng.sample(with_doi, doi_count)
    chosen += rng.sample([text for text in references if text not in chosen], count - doi_count)
    rng.shuffle(chosen)
    for index, text in enumerate(chosen):
        lines = wrapped(rng, _label(style, first_number + index) + text, width)
        for position, line in enumerate(lines):
            indent = "    " if style == "hanging" and position else ""
            rows.append((indent + line, index))
        if style == "blank" and index < count - 1:
            rows.append(("", None))
    out = GeneratedList("")
    pieces, offset, lines_since_break = [], 0, rng.randint(0, every)
    spans = {}
    for row_number, (line, index) in enumerate(rows):
        # No page break right before a line that is a bare number: with the page number
        # beside it, nothing but the page sequence could tell the two apart.
        if lines_since_break >= every and 3 <= row_number and not line.strip().isdigit():
            for furniture in page_break(rng, page, heads):
                if furniture.strip():
                    start = offset + len(furniture) - len(furniture.lstrip())
                    out.furniture.append((start, offset + len(furniture)))
                pieces.append(furniture)
                offset += len(furniture) + 1
            page += 1
            lines_since_break = 0
        if index is not None:
            start = offset + len(line) - len(line.lstrip())
            spans.setdefault(index, []).append((start, offset + len(line), line.strip()))
        pieces.append(line)
        offset += len(line) + 1
        lines_since_break += 1
    out.text = "\n".join(pieces)
    for index in sorted(spans):
        parts = spans[index]
        out.references.append((parts[0][0], parts[-1][1], "\n".join(p[2] for p in parts)))
    return out


def _context(text: str, start: int, end: int, lines: int = 3) -> str:
    """The lines around text[start:end], that span marked with ">>".

    (For reading a failure: the lines the finder saw around it.)"""
    first = text.rfind("\n", 0, start) + 1
    last = text.find("\n", end)
    last = len(text) if last < 0 else last
    before = text[:first].split("\n")[-lines - 1:-1] if first else []
    after = text[last + 1:].split("\n")[:lines] if last < len(text) else []
    marked = [">> " + row for row in text[first:last].split("\n")]
    return "\n".join(["   " + row for row in before] + marked + ["   " + row for row in after])


def score(lists: list, find_segments, show: str = "") -> dict:
    """How many references come out exactly, and what furniture went where; with `show`,
    each failure of that kind ("dropped", "kept", "inexact") printed with its lines."""
    total = exact = furniture_kept = reference_dropped = 0
    for number, generated in enumerate(lists):
        result = find_segments(generated.text)
        found, dropped = result.segments, result.dropped
        reference_chars = set()
        for start, end, _ in generated.references:
            reference_chars.update(range(start, end))
        for start, end in generated.furniture:
            reference_chars.difference_update(range(start, end))
        lost = [item for item in dropped
                if any(i in reference_chars for i in range(item.start, item.end))]
        reference_dropped += bool(lost)
        if show == "dropped":
            for item in lost:
                print(f"--- list {number}: dropped as {item.reason!r}: {item.text!r}")
                print(_context(generated.text, item.start, item.end))
        by_start = {seg.start: seg.raw for seg in found}
        for start, end, raw in generated.references:
            total += 1
            exact += by_start.get(start) == raw
            if show == "inexact" and by_start.get(start) != raw:
                print(f"--- list {number}: found {by_start.get(start)!r}")
                print(_context(generated.text, start, end))
        kept = [(seg.start, seg.end) for seg in found]
        for start, end in generated.furniture:
            text = generated.text[start:end]
            inside = any(s <= start < e and text in raw
                         for (s, e), raw in zip(kept, (seg.raw for seg in found)))
            furniture_kept += inside
            if show == "kept" and inside:
                print(f"--- list {number}: furniture kept: {text!r}")
                print(_context(generated.text, start, end))
    return {"lists": len(lists), "references": total, "exact": exact,
            "exact_share": round(exact / max(total, 1), 4),
            "furniture_lines_kept_in_a_reference": furniture_kept,
            "lists_with_reference_text_dropped": reference_dropped}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=200, help="lists to try (default 200)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", choices=("dropped", "kept", "inexact"), default="",
                        help="print each failure of that kind with the lines around it")
    args = parser.parse_args()
    from tagger.finder import find_segments

    rng = random.Random(args.seed)
    references = pool()
    lists = [generate(rng, references) for _ in range(args.n)]
    print(json.dumps(score(lists, find_segments, args.show), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
