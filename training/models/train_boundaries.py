"""Train the finder's boundary model (models/finder-boundary.crfsuite): does a reference
begin on this line of a reference list?

    python -m training.models.train_boundaries            # writes the model and its manifest
    python -m training.models.train_boundaries --cv 10    # 10-fold cross-validation by document
    python -m training.models.train_boundaries --cv 10 --folds 4,6 --errors errors.tsv
                                                   # some folds, each held-out error listed
    python -m training.models.train_boundaries --cv 10 --seed 12   # the generated lists drawn anew
    python -m training.models.train_boundaries --inline   # references that begin inside a line

Training data: the real reference sections of GROBID's reference-segmenter corpus
(data/layout/references.jsonl, one B/I/O mark a line) and generated lists built from the
references of data/{core,good,ugly,bad}.jsonl (never gold, which training.models.furniture_lists
scores on): numbered in each style, author–year flush or with a hanging indent, blank lines
between, wrapped at several widths, page breaks, a first reference cut off, repeated authors
set as a dash (alone on its line or not), several references under one number (lettered or
not, parted by a semicolon or not), references that end without a stop, keys for numbers
("[Kas14]"), names and a year on a line of their own (eLife). The real sections
teach author–year lists without indents or blank lines, where only the shape of a line's start
and the end of the line before tell; the generated lists teach the layouts a paste keeps.
"""

import argparse
import json
import random
import re
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

import pycrfsuite

from tagger.evaluate.segmentation import (
    LAYOUT, _line_of_offsets, _segment_spans, gold_spans, layout_documents, layout_scores,
    split_counts,
)
from tagger.finder import segment
from tagger.finder import boundaries
from tagger.finder.boundaries import FEATURE_VERSION, line_features
from tagger.finder.compound import LETTER_START, entry_label
from tagger.finder.split import RefLine, list_hints
from training.models.furniture_lists import wrapped as wrap_lines
from training.models.finder_data import (
    REFERENCE_SETS, corpus_references, held_out_folds, sha256, wrap_words,
)

ROOT = Path(__file__).resolve().parents[2]
MODEL = ROOT / "models" / "finder-boundary.crfsuite"
GENERATED_LISTS = 1200
SEED = 11
PARAMS = {"c1": 0.05, "c2": 0.01, "max_iterations": 200, "feature.possible_transitions": True}


def real_sequences(document: dict) -> tuple:
    """A reference section as the splitter sees it: its reference lines (RefLine) and their
    B/I marks. Lines in no reference (the heading, a footnote left in) are furniture that
    the line classifier drops: the next line has a page gap."""
    lines, marks, gap, offset = [], [], "", 0
    for text, mark in zip(document["lines"], document["marks"]):
        if mark == "O":
            gap = "page" if lines else ""
        else:
            lines.append(RefLine(text, offset, 0, gap))
            marks.append(mark)
            gap = ""
        offset += len(text) + 1
    return lines, marks


NUMBER_STYLES = ("bracket", "dot", "paren", "close", "plain", "letter", "none", "none", "none")


def _label(style: str, number: int) -> str:
    return {"bracket": f"[{number}] ", "dot": f"{number}. ", "paren": f"({number}) ",
            "close": f"{number}) ", "plain": f"{number} ", "letter": f"[C{number}] ",
            "none": ""}[style]


# The authors before a reference's year, which a list that repeats them sets as a dash.
AUTHORS_BEFORE_YEAR = re.compile(r"^[A-Z][^()\d]{2,120}?[.,]?\s(?=\(?(?:1[5-9]|20)\d\d[a-z]?\)?[.,:;]?\s)")
DITTOS = ("———.", "——.", "——", "---.", "--.", "--", "——,", "_____.")


def _ditto(rng: random.Random, text: str, alone: bool) -> list:
    """A reference whose authors repeat the previous one's, set as a dash: "——. 1975. Title…"
    on one line, or the dash alone on its line above the rest (as scans of older journals
    come out). The pieces to wrap, the dash first."""
    found = AUTHORS_BEFORE_YEAR.match(text)
    if not found:
        return [text]
    dash = rng.choice(DITTOS)
    rest = text[found.end():]
    return [dash, rest] if alone else [f"{dash} {rest}"]


LETTERS = "abcdefgh"


def _lettered(rng: random.Random, references: list, label: str, unparted: bool = False) -> list:
    """The texts of one number's several references, each from a new line: lettered "a) … ;
    b) … ." as chemistry journals set them, or not ("[14] A. Author, PRL 1, 2 (2004);↵B. …")
    as physics journals do (GROBID's gold makes each a reference); `unparted`: the works not
    lettered end without a semicolon ("[14] Wiegmann P B 1994 PRL 72 1890↵Wiegmann P B 1995
    …", as IOP sets them)."""
    parts = [rng.choice(references).rstrip(" .;") for _ in range(rng.randint(2, 4))]
    mark = rng.choice(["{}) ", "({}) ", "{} ) ", "", ""])
    separator = "" if unparted and not mark else ";"
    texts = [mark.format(LETTERS[index]) + part + separator for index, part in enumerate(parts)]
    texts[-1] = texts[-1].removesuffix(separator) + "."
    texts[0] = label + texts[0]
    return texts


# A reference's names and year: "Smith A, Jones B, Lee C. 2018." (eLife sets them on a line of
# their own, the title below).
NAMES_AND_YEAR = re.compile(r"^[A-Z][^()\d]{2,120}?[.,]?\s\(?(?:1[5-9]|20)\d\d[a-z]?\)?\.\s")


def _names_line(text: str) -> list:
    """The reference as eLife sets it: its names and year on one line, the rest below; the
    reference whole where it does not open so, or where `boundaries.authors_and_year` does
    not read the line as names and a year (a split it cannot see would teach the model that
    any line after a year goes on)."""
    found = NAMES_AND_YEAR.match(text)
    if not found or not boundaries.authors_and_year(text[:found.end()].rstrip()):
        return [text]
    return [text[:found.end()].rstrip(), text[found.end():]]


def _key(reference: str) -> str:
    """A keyed list's label for a reference, as amsrefs and alpha styles make them: the first
    author's surname cut to three letters and the year's last two digits ("[Kas14] "), or
    the surname's first letters alone when it has no year ("[Kas] ")."""
    surname = next(iter(re.findall(r"[A-Z][a-z]{2,}", reference[:40])), "Anon")
    year = re.search(r"\b(?:1[5-9]|20)(\d\d)\b", reference)
    return f"[{surname[:3]}{year.group(1) if year else ''}] "


def generated_sequence(rng: random.Random, references: list, shapes_rng: random.Random) -> tuple:
    """One generated reference list as (RefLine list, B/I marks). `shapes_rng` draws the
    shapes added after the lists of the first draw, from a stream of its own so that those
    lists stay as drawn: keys for numbers ("[Kas14]"), works under one number parted
    without a semicolon, each reference's names and year on a line of their own (eLife)."""
    style = rng.choice(NUMBER_STYLES)
    keyed = style != "none" and shapes_rng.random() < 0.1  # "[Kas14] R. M. Kashaev, …"
    unparted = shapes_rng.random() < 0.3  # "[14] … 72 1890↵Wiegmann P B 1995 …"
    lettered = style != "none" and rng.random() < 0.1  # "[4] a) …;↵b) …;↵c) …."
    stopless = rng.random() < 0.15  # references end without a stop ("… Neuroimage")
    dittos = style == "none" and rng.random() < 0.15  # repeated authors set as a dash
    dash_alone = rng.random() < 0.5
    names_alone = style == "none" and not dittos and shapes_rng.random() < 0.1  # eLife's
    width = rng.choice([50, 60, 75, 85, 95, 110, 130, 1000])
    apart = style != "none" and rng.random() < 0.15  # the number on a line of its own
    layout = rng.choice(["flush", "hanging", "blank", "indented-first"])
    first_number = rng.choice([1, 1, 1, rng.randint(2, 80)])
    lines, marks = [], []
    gap = ""
    for index in range(rng.randint(3, 30)):
        reference = rng.choice(references)
        label = _key(reference) if keyed else _label(style, first_number + index)
        text = label + reference
        if stopless:
            text = text.rstrip(" .")
        wrapped = wrap_lines(rng, text, width)
        begins = {0}  # the lines that begin a reference
        if lettered and rng.random() < 0.4:
            wrapped, begins = [], set()
            for part in _lettered(rng, references, label, unparted):
                begins.add(len(wrapped))
                wrapped += wrap_lines(rng, part, width)
        elif dittos and index and rng.random() < 0.4:
            pieces = _ditto(rng, text, dash_alone)
            wrapped = [pieces[0]] * (len(pieces) > 1) + wrap_lines(rng, pieces[-1], width)
        elif apart:
            wrapped = [label.strip()] + wrap_lines(rng, text[len(label.strip()):], width)
        if names_alone and begins == {0}:  # "Smith A, Jones B. 2018.↵Title…"
            pieces = _names_line(" ".join(wrapped))
            wrapped = pieces[:-1] + wrap_words(pieces[-1], width)
        cut = index == 0 and len(wrapped) > 1 and rng.random() < 0.1  # the paste's top cut off
        if cut:
            kept = rng.randint(1, len(wrapped) - 1)
            wrapped, begins = wrapped[kept:], {begin - kept for begin in begins if begin > kept}
        for position, line in enumerate(wrapped):
            indent = 0
            if layout == "hanging" and position not in begins:
                indent = rng.choice([2, 3, 4])
            elif layout == "indented-first" and position in begins:
                indent = 3
            lines.append(RefLine(line, 0, indent, gap))
            marks.append("B" if position in begins else "I")
            gap = "blank" if rng.random() < 0.01 else ""  # a stray blank line
            if rng.random() < 0.03:
                gap = rng.choice(["page", "page blank"])
        if layout == "blank" and not gap:
            gap = "blank"
    return lines, marks


def sequences(documents: list, generated: int, seed: int = SEED) -> list:
    result = [real_sequences(document) for document in documents]
    rng, shapes_rng = random.Random(seed), random.Random(seed + 1)
    references = [r for r in corpus_references(ROOT / "data") if r.strip() and "\n" not in r]
    result += [generated_sequence(rng, references, shapes_rng) for _ in range(generated)]
    return result


def train(pairs: list, model_path: Path) -> None:
    trainer = pycrfsuite.Trainer(verbose=False)
    for lines, marks in pairs:
        if lines:
            trainer.append(line_features(lines, list_hints(lines)), marks)
    trainer.set_params(PARAMS)
    trainer.train(str(model_path))


def split_errors(document: dict) -> list:
    """The held-out document's split errors as printable lines: each line where a reference
    starts in the gold but not in what `segment` found ("missed") or the other way ("false"),
    or where both start one but it ends elsewhere ("end"), with the line before."""
    lines = document["lines"]
    starts = _line_of_offsets(lines)
    found_spans = _segment_spans(segment("\n".join(lines)), starts)
    found = {first for first, _ in found_spans}
    gold = {first for first, _ in gold_spans(document["marks"])}
    # a start found right whose reference ends elsewhere (a split missed or a line dropped)
    ends = {first for first, _ in set(found_spans) - set(gold_spans(document["marks"]))} & gold
    errors = []
    for index in sorted((found ^ gold) | ends):
        kind = "missed" if index not in found else "false" if index not in gold else "end"
        before = lines[index - 1] if index else ""
        errors.append(f"{document['group']}\t{document['id']}\t{index}\t{kind}\t"
                      f"{before[-50:]!r}\t{lines[index][:70]!r}\t{document['marks'][index]}")
    return errors


def cross_validate(count: int, work: Path, only=None, errors=None, seed: int = SEED) -> dict:
    """Train on all folds but one and score `segment` on the one left out, each in turn.
    `only`: the fold numbers to run (a quicker subset while iterating); `errors`: a file to
    write each held-out document's split errors to; `seed`: the generated lists' draw (a
    second seed shows how much of a change is the draw's noise)."""
    documents = layout_documents("references")
    groups = defaultdict(Counter)
    previous = boundaries.DEFAULT_MODEL
    try:
        for number, training, held in held_out_folds(documents, count, only):
            model = work / f"boundary-fold{number}.crfsuite"
            train(sequences(training, GENERATED_LISTS, seed), model)
            boundaries.DEFAULT_MODEL = model
            for document in held:
                groups[document["group"]].update(split_counts(document))
                if errors is not None:
                    errors.writelines(error + "\n" for error in split_errors(document))
            print(f"fold {number}: {layout_scores(groups)['all']}", file=sys.stderr, flush=True)
    finally:
        boundaries.DEFAULT_MODEL = previous
    return layout_scores(groups)


REFERENCE_SEGMENTER = ROOT.parent / "shared" / "data" / "grobid-layout" / "reference-segmenter"
START = "\x00"  # where a reference begins, in a section's text before it is read


def section_as_printed(path: Path) -> tuple:
    """A reference section of GROBID's corpus with its lines as the PDF set them (the
    converted corpus, data/layout, breaks a line where a reference begins inside it): the
    text and the offsets where its references begin."""
    import xml.etree.ElementTree as ElementTree

    pieces = []

    def walk(element):
        if element.tag == "bibl":
            pieces.append(START)
        pieces.append("\n" if element.tag == "lb" else " ".join((element.text or "").split("\n")))
        for child in element:
            walk(child)
            pieces.append(" ".join((child.tail or "").split("\n")))  # (the XML's own line ends)

    walk(ElementTree.parse(path).getroot().find("text"))
    lines = [" ".join(line.split()) for line in "".join(pieces).split("\n")]
    lines = [line.replace(START + " ", START) for line in lines if line.replace(START, "").strip()]
    text, starts = "", set()
    for part in "\n".join(lines).split(START):
        starts.add(len(text))
        text += part
    return text, starts - {0} | ({0} if "\n".join(lines).startswith(START) else set())


def inline_counts(paths: list) -> Counter:
    """How `segment` finds the references that begin inside a printed line: all of them
    (some sections lost their line ends in GROBID's reading, so that whole references run
    on), and the later works of a numbered entry among them (after a semicolon, or lettered:
    "…(2005), gr-qc/0501053; R. Bluhm, …"); and references found beginning inside a line
    where none does."""
    counts = Counter()
    for path in paths:
        text, starts = section_as_printed(path)
        line_starts = {0} | {index + 1 for index, char in enumerate(text) if char == "\n"}
        found = {segment.start for segment in segment(text)}
        inside = {start for start in starts if start not in line_starts}
        works = {start for start in inside if not entry_label(text[start:]) and (
            text[:start].rstrip().endswith(";") or LETTER_START.match(text, start))}
        counts.update(inside=len(inside), inside_found=len(inside & found),
                      works=len(works), works_found=len(works & found),
                      false=len({start for start in found - starts if start not in line_starts}),
                      sections=1)
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cv", type=int, default=0, help="cross-validate with this many folds")
    parser.add_argument("--folds", help="with --cv: only these fold numbers, e.g. 0,3,7")
    parser.add_argument("--errors", help="with --cv: write the held-out split errors to this file")
    parser.add_argument("--seed", type=int, default=SEED,
                        help="with --cv: the generated lists' seed (the shipped model's is %(default)s)")
    parser.add_argument("--inline", action="store_true",
                        help="score the shipped model on the references that begin inside a "
                             "printed line of GROBID's sections (several works under one number)")
    parser.add_argument("-o", "--output", default=str(MODEL))
    args = parser.parse_args()
    if args.inline:
        paths = sorted(REFERENCE_SEGMENTER.glob("*.tei.xml"))
        print(json.dumps(inline_counts(paths), indent=2))
        return 0
    if args.cv:
        import tempfile

        only = {int(number) for number in args.folds.split(",")} if args.folds else None
        errors = open(args.errors, "w", encoding="utf-8") if args.errors else None
        try:
            with tempfile.TemporaryDirectory() as work:
                print(json.dumps(cross_validate(args.cv, Path(work), only, errors, args.seed), indent=2))
        finally:
            if errors:
                errors.close()
        return 0
    model_path = Path(args.output)
    started = time.time()
    train(sequences(layout_documents("references"), GENERATED_LISTS), model_path)
    manifest = {
        "model": model_path.name,
        "kind": "finder boundary model (CRF over reference lines, B/I)",
        "labels": ["B", "I"],
        "feature_version": FEATURE_VERSION,
        "params": PARAMS,
        "trained_on": {path.name: sha256(path) for path in
                       [LAYOUT / "references.jsonl", *(ROOT / "data" / name for name in REFERENCE_SETS)]},
        "generated_lists": {"count": GENERATED_LISTS, "seed": SEED, "shapes_seed": SEED + 1,
                            "references_from": list(REFERENCE_SETS)},
        "training_seconds": round(time.time() - started, 1),
        "rebuild": "python -m training.models.train_boundaries",
        "source": "GROBID reference-segmenter corpus (Apache-2.0); references of data/*.jsonl",
    }
    model_path.with_suffix(".json").write_text(json.dumps(manifest, indent=2) + "\n")
    print(json.dumps(manifest, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
