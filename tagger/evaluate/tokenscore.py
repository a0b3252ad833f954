"""Token-level scores over the white-space tokens of the gold text.

Every tagger splits text its own way; white-space words are the one segmentation all of them
(and AnyStyle's annotations) share, so each side's labels are projected onto those words and
the numbers stay comparable across tokenizers.
"""

import re
from collections import Counter

from ..labels import OTHER
from .fieldscore import label_order, prf

_WORD = re.compile(r"\S+")


def word_labels(text: str, spans) -> list[str]:
    """For each white-space word of `text`, the label covering most of its characters, or O.

    `spans` are (start, end, label) with offsets into `text`; O-labelled spans are ignored.
    Ties go to the span that comes first.
    """
    labels = []
    for word in _WORD.finditer(text):
        covered = Counter()
        for start, end, label in spans:
            overlap = min(end, word.end()) - max(start, word.start())
            if overlap > 0 and label != OTHER:
                covered[label] += overlap
        labels.append(covered.most_common(1)[0][0] if covered else OTHER)
    return labels


def token_spans(tokens: list[dict]) -> list[tuple[int, int, str]]:
    """A prediction's labelled tokens ({"start", "end", "label"}) as spans; O tokens dropped."""
    return [(token["start"], token["end"], token["label"])
            for token in tokens if token.get("label", OTHER) != OTHER]


def score_tokens(pairs: list[tuple[list[str], list[str]]]) -> dict:
    """Accuracy, per-label F1 and confusion matrix over (gold labels, predicted labels) pairs.

    Returns {"accuracy", "tokens", "labels": {label: {precision, recall, f1, support}},
    "confusion": {"labels": [...], "matrix": [[count gold row × predicted column]]}}.
    """
    confusion = Counter()
    for gold, predicted in pairs:
        confusion.update(zip(gold, predicted))
    total = sum(confusion.values())
    correct = sum(count for (gold, predicted), count in confusion.items() if gold == predicted)
    names = sorted({label for pair in confusion for label in pair}, key=_with_other_last)
    labels = {}
    for label in names:
        if label == OTHER:
            continue
        tp = confusion[(label, label)]
        fp = sum(count for (gold, predicted), count in confusion.items()
                 if predicted == label and gold != label)
        fn = sum(count for (gold, predicted), count in confusion.items()
                 if gold == label and predicted != label)
        labels[label] = {**prf(tp, fp, fn), "support": tp + fn}
    return {
        "accuracy": correct / total if total else 0.0,
        "tokens": total,
        "labels": labels,
        "confusion": {
            "labels": names,
            "matrix": [[confusion[(gold, predicted)] for predicted in names] for gold in names],
        },
    }


def _with_other_last(label: str):
    return (1, "") if label == OTHER else (0, *label_order(label))
