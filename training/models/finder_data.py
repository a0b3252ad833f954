"""What the finder's trainers share (train_finder, train_boundaries, furniture_lists): the
reference corpora their pastes and generated lists are made of, line wrapping, folds by
document, and the file hashes their manifests record. Kept apart so that imports among them
run one way: furniture_lists and train_finder read this, train_boundaries reads them.
"""

import hashlib
import json
from pathlib import Path

REFERENCE_SETS = ("core.jsonl", "good.jsonl", "ugly.jsonl", "bad.jsonl")


def corpus_references(directory: Path) -> list:
    """Reference strings of the training corpora (data/*.jsonl hold none of gold's)."""
    references = []
    for name in REFERENCE_SETS:
        with open(directory / name, encoding="utf-8") as handle:
            references.extend(json.loads(line)["text"] for line in handle if line.strip())
    return references


def wrap_words(text: str, width: int) -> list:
    """The text's words in lines of at most `width` characters (a longer word alone)."""
    lines, current = [], ""
    for word in text.split():
        if current and len(current) + 1 + len(word) > width:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    return lines + [current] if current else lines


def folds(documents: list, count: int) -> list:
    """Documents in `count` folds by a hash of their id (stable, no document split)."""
    keyed = sorted(documents, key=lambda d: hashlib.sha256(d["id"].encode()).hexdigest())
    return [keyed[index::count] for index in range(count)]


def held_out_folds(documents: list, count: int, only=None):
    """(fold number, documents to train on, documents held out) for each fold in turn, or
    only the fold numbers in `only`."""
    for number, held in enumerate(folds(documents, count)):
        if only is not None and number not in only:
            continue
        held_ids = {document["id"] for document in held}
        yield number, [document for document in documents if document["id"] not in held_ids], held


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()
