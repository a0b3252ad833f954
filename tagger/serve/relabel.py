"""A reference rebuilt from a person's labels: the page's corrections made into records.

The client sends back a record as the service gave it (raw text and tokens), with some token
labels changed. The raw text is normalized and tokenized again, exactly as parse did, so the
fields come out with the same repairs (hyphenation, broken DOIs); tokens that no longer match
that tokenization are refused rather than guessed at.
"""

from ..labels.fields import field_values, label_spans
from ..labels import LABELS, OTHER
from ..text.normalize import normalize
from ..output.reference import Reference
from ..structure import structure
from ..text.tokenize import tokenize
from .errors import ApiError

KNOWN = frozenset(LABELS) | {OTHER}
KEPT = ("start", "end", "pdf_page")  # where `find` found the reference in its document


def relabel(record, where: str) -> Reference:
    """The Reference for a record whose token labels a person may have changed."""
    if not isinstance(record, dict):
        raise ApiError(400, f"{where}: expected an object with raw and tokens")
    raw, given = record.get("raw"), record.get("tokens")
    if not isinstance(raw, str) or not isinstance(given, list):
        raise ApiError(400, f"{where}: needs 'raw' (a string) and 'tokens' (an array)")
    if not given:
        return Reference(raw=raw, error=record.get("error") or "no tokens to label")
    norm = normalize(raw)
    tokens = tokenize(norm.text)
    if len(tokens) != len(given):
        raise ApiError(400, f"{where}: {len(given)} tokens given, but the text has "
                            f"{len(tokens)}; send the tokens as the service returned them")
    labels, records = [], []
    for number, (token, item) in enumerate(zip(tokens, given)):
        label = item.get("label") if isinstance(item, dict) else None
        if label not in KNOWN:
            raise ApiError(400, f"{where}: token {number} has label {label!r}; known: "
                                f"{', '.join(LABELS)}, {OTHER}")
        start, end = norm.raw_span(token.start, token.end)
        if (item.get("start"), item.get("end")) != (start, end):
            raise ApiError(400, f"{where}: token {number} is not at {start}-{end} in raw; "
                                "send the tokens as the service returned them")
        p = item.get("p")
        p = float(p) if isinstance(p, (int, float)) and 0 <= p <= 1 else 1.0
        labels.append(label)
        records.append({"text": token.text, "start": start, "end": end, "label": label,
                        "p": round(p, 4)})
    fields = field_values(norm.text, label_spans(tokens, labels))
    structured = structure(fields)
    engine = record.get("engine")
    reference = Reference(
        raw=raw, fields=fields, authors=structured.pop("authors", []),
        type=structured.pop("type", None), extra=structured, tokens=records,
        confidence=round(sum(item["p"] for item in records) / len(records), 4),
        engine=engine if isinstance(engine, str) else "none",
        partial=record.get("partial") is True)
    for key in KEPT:
        if isinstance(record.get(key), int):
            reference.annotate(**{key: record[key]})
    return reference


def relabel_all(value) -> list[Reference]:
    """Every record of a JSON array, in order."""
    if not isinstance(value, list):
        raise ApiError(400, "expected a JSON array of records (objects with raw and tokens)")
    return [relabel(record, f"record {index}") for index, record in enumerate(value)]
