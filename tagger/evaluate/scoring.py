"""Score predictions against annotated references: the one place numbers are computed.

Everything else (the parser, another tool's converted output, cross-validation folds) only
produces prediction dicts in the docs/design.md output contract and hands them here, so every
system is measured by the same code.
"""

from bisect import bisect_left
from dataclasses import dataclass, field

from ..labels.fields import field_values, label_spans, labelled_tokens
from ..labels import CORE
from .calibration import reference_calibration
from .fieldscore import compare_fields, score_fields
from .tokenscore import score_tokens, token_spans, word_labels


@dataclass
class EvaluationResult:
    """Scores of one system on one data set, plus what is needed to inspect its mistakes."""

    system: str  # what was evaluated: "model models/x.crfsuite", "rules", "predictions f.jsonl"
    data: list[str]  # the data files, as given
    fields: dict  # fieldscore.score_fields output
    tokens: dict | None  # tokenscore.score_tokens output; None when predictions carry no tokens
    references: list[dict] = field(repr=False, default_factory=list)  # see `score`
    seconds: float = 0.0  # time spent producing the predictions

    @property
    def core_f1(self) -> float:
        return self.fields["core"]["f1"]

    @property
    def calibration(self) -> dict:
        """How well each reference's confidence predicts its core fields all right
        (calibration.calibration; {"available": False, ...} when predictions have none)."""
        return reference_calibration(self.references)

    def errors(self, n: int) -> list[dict]:
        """The `n` references with the most wrong fields (a field missed, extra or different)."""
        wrong = [ref for ref in self.references if ref["wrong"]]
        wrong.sort(key=lambda ref: -len(ref["wrong"]))  # stable: ties keep data order
        return wrong[:n]

    def summary(self) -> dict:
        """Plain JSON-ready dict without the per-reference details."""
        return {
            "system": self.system,
            "data": self.data,
            "references": len(self.references),
            "core_labels": list(CORE),
            "fields": self.fields,
            "tokens": self.tokens,
            "calibration": self.calibration,
            "seconds": round(self.seconds, 3),
        }


def gold_fields(text: str, spans) -> dict[str, str]:
    """The field values the parser would output had it labelled exactly the gold spans."""
    norm, tokens, labels = labelled_tokens(text, spans)
    return field_values(norm.text, label_spans(tokens, labels))


def realign(spans, raw: str, text: str) -> list[tuple[int, int, str]]:
    """Move spans over `raw` onto `text`, the same reference spaced differently.

    Predictions are paired with gold by text with white space collapsed, so their offsets may
    count other spaces; the non-space characters correspond one to one. Spans are dropped when
    the two differ in more than white space.
    """
    raw_chars = [i for i, char in enumerate(raw) if not char.isspace()]
    text_chars = [i for i, char in enumerate(text) if not char.isspace()]
    if [raw[i] for i in raw_chars] != [text[i] for i in text_chars]:
        return []
    moved = []
    for start, end, label in spans:
        first = bisect_left(raw_chars, start)
        last = bisect_left(raw_chars, end) - 1
        if first <= last:
            moved.append((text_chars[first], text_chars[last] + 1, label))
    return moved


def score(records: list[dict], predictions: list[dict], system: str = "",
          data: list[str] | None = None, seconds: float = 0.0) -> EvaluationResult:
    """Score `predictions[i]` (a dict with "fields" and optionally "tokens") against `records[i]`.

    Each entry of `result.references` holds id, text, gold and predicted fields, the per-label
    (tp, fp, fn) counts, the labels that are wrong, gold and predicted spans, and the
    prediction's confidence (None when it has none).
    """
    if len(records) != len(predictions):
        raise ValueError(f"{len(records)} references but {len(predictions)} predictions")
    with_tokens = any("tokens" in prediction for prediction in predictions)
    references, field_counts, token_pairs = [], [], []
    for record, prediction in zip(records, predictions):
        gold = gold_fields(record["text"], record["spans"])
        predicted = prediction.get("fields") or {}
        counts = compare_fields(gold, predicted)
        predicted_spans = token_spans(prediction.get("tokens") or [])
        raw = prediction.get("raw")
        if isinstance(raw, str) and raw != record["text"]:
            predicted_spans = realign(predicted_spans, raw, record["text"])
        field_counts.append(counts)
        if with_tokens:
            token_pairs.append((word_labels(record["text"], record["spans"]),
                                word_labels(record["text"], predicted_spans)))
        references.append({
            "id": record.get("id", ""),
            "text": record["text"],
            "gold": gold,
            "predicted": predicted,
            "counts": counts,
            "wrong": [label for label, (tp, _, _) in counts.items() if not tp],
            "gold_spans": [tuple(span) for span in record["spans"]],
            "predicted_spans": predicted_spans,
            "error": prediction.get("error"),
            "confidence": prediction.get("confidence"),
        })
    return EvaluationResult(
        system=system,
        data=list(data or []),
        fields=score_fields(field_counts),
        tokens=score_tokens(token_pairs) if with_tokens else None,
        references=references,
        seconds=seconds,
    )
