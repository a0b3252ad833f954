"""One reference string in, one Reference out: normalize, tokenize, tag, fields, structure.

The CRF does the tagging; the rule tagger answers when the model cannot load (`auto` warns
once and carries on), and lends the CRF its labels as evidence when the CRF's confidence in a
reference is under the threshold calibrated for its model (engine "crf+rules").
"""

import warnings

from . import rules
from .features import featurize
from .fields import field_values, label_spans
from .model import ModelError, load_model
from .normalize import normalize
from .reference import Reference
from .structure import structure
from .tokenize import tokenize

ENGINES = ("auto", "crf", "rules")

# Longer input is cut here (with a warning): no real reference comes near it, and tagging
# time grows with length.
MAX_CHARS = 20_000


class ModelWarning(UserWarning):
    """The CRF model could not load; the rule tagger answers instead."""


_warned: set = set()


def parse(text: str, engine: str = "auto", model=None) -> Reference:
    """Parse one reference. `model` is a path (default: the shipped model).

    Raises ValueError for an unknown engine and ModelError when engine="crf" and the model
    cannot load; anything wrong with the text itself comes back as `Reference.error`.
    """
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}; choose one of {', '.join(ENGINES)}")
    if not isinstance(text, str):
        return Reference(raw=repr(text), error=f"not a string: {type(text).__name__}")
    if not text.strip():
        return Reference(raw=text, error="empty reference")
    if len(text) > MAX_CHARS:
        warnings.warn(f"reference of {len(text)} characters cut to {MAX_CHARS}", stacklevel=2)
        text = text[:MAX_CHARS]

    norm = normalize(text)
    tokens = tokenize(norm.text)
    if not tokens:
        return Reference(raw=text, error="no text to parse")
    labels, probs, used = _tag(tokens, norm.text, engine, model)

    fields = field_values(norm.text, label_spans(tokens, labels))
    structured = structure(fields)
    return Reference(
        raw=text,
        fields=fields,
        authors=structured.pop("authors", []),
        type=structured.pop("type", None),
        extra=structured,
        tokens=_token_records(tokens, labels, probs, norm),
        confidence=round(sum(probs) / len(probs), 4),
        engine=used,
    )


def resolve_engine(engine: str, model=None) -> str:
    """The engine that will answer a batch, decided once before any work is spread out.

    A model that cannot load raises ModelError under "crf"; under "auto" it gives one warning
    and "rules", so workers neither repeat the warning nor retry the load.
    """
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}; choose one of {', '.join(ENGINES)}")
    if engine == "rules":
        return engine
    try:
        load_model(model)
    except ModelError as error:
        if engine == "crf":
            raise
        _warn_once(model, f"{error}; using the rule tagger")
        return "rules"
    return engine


def _token_records(tokens, labels, probs, norm) -> list[dict]:
    """Tokens as the output contract has them: offsets into the raw text, label, marginal."""
    records = []
    for token, label, p in zip(tokens, labels, probs):
        start, end = norm.raw_span(token.start, token.end)
        records.append({"text": token.text, "start": start, "end": end, "label": label,
                        "p": round(p, 4)})
    return records


def _tag(tokens, text, engine, model_path):
    if resolve_engine(engine, model_path) == "rules":
        return (*rules.tag(tokens, text), "rules")
    model = load_model(model_path)
    sequence = featurize(tokens, text)
    labels, probs = model.tag_features(sequence)
    evidence = model.manifest.get("rules_evidence")
    if engine == "auto" and evidence and sum(probs) / len(probs) < evidence["below"]:
        rule_labels, rule_probs = rules.tag(tokens, text)
        if rule_labels != labels:  # agreeing everywhere, the rules could not change a label
            hints = rule_hints(rule_labels, rule_probs, evidence["weight"])
            labels, probs = model.tag_features(sequence, hints)
        return labels, probs, "crf+rules"
    return labels, probs, "crf"


def rule_hints(labels, probs, weight) -> list[tuple[str, float]]:
    """The rules' labels as evidence for the CRF: each worth `weight` × the rules' confidence,
    so their sure labels (a DOI, a page range) weigh more than their guesses (a title)."""
    return [(label, weight * p) for label, p in zip(labels, probs)]


def _warn_once(key, message):
    if key not in _warned:
        _warned.add(key)
        warnings.warn(message, ModelWarning, stacklevel=4)


def parse_safely(text, engine="auto", model=None) -> Reference:
    """parse(), with any failure inside turned into an error record, so a batch never stops."""
    try:
        return parse(text, engine=engine, model=model)
    except ModelError:
        raise
    except Exception as error:  # noqa: BLE001 - one bad record must not stop a batch
        raw = text if isinstance(text, str) else repr(text)
        return Reference(raw=raw, error=f"{type(error).__name__}: {error}")


def _parse_chunk(texts, engine, model):
    return [parse_safely(text, engine, model) for text in texts]


def parse_many(texts, engine="auto", model=None, jobs=1, chunk_size=256):
    """Parse an iterable of references lazily, in order, one Reference per input.

    With jobs > 1 the work is spread over processes (joblib), each loading the model once;
    input is read and output produced a chunk at a time, so memory stays flat on any length.
    """
    engine = resolve_engine(engine, model)
    if jobs == 1:
        for text in texts:
            yield parse_safely(text, engine, model)
        return
    from joblib import Parallel, delayed

    run = Parallel(n_jobs=jobs, return_as="generator", pre_dispatch="2*n_jobs")
    for chunk in run(delayed(_parse_chunk)(chunk, engine, model)
                     for chunk in _chunks(texts, chunk_size)):
        yield from chunk


def _chunks(items, size):
    chunk = []
    for item in items:
        chunk.append(item)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk
