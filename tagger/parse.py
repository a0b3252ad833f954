"""One reference string in, one Reference out: normalize, tokenize, tag, fields, structure.

The CRF does the tagging; the rule tagger answers when the model cannot load (`auto` warns
once and carries on), and lends the CRF its labels as evidence when the CRF's confidence in a
reference is under the threshold calibrated for its model (engine "crf+rules"). `auto` also
holds the author list, the title and the pages to one stretch each (stretches.py), and what
any reading must hold to its final reading (doubts.reading_checks: a year where it has none,
one number for the volume, the page after "volume (year)").
"""

import os
import re
import warnings

from .doubts import cites_back, doubted, reading_checks
from .labels.fields import field_values, label_spans
from .text.likeness import is_reference
from .crf.model import ModelError, load_model
from .text.normalize import normalize
from .output.reference import Reference
from .text.sniff import EMPTY_REFERENCE, not_utf8, refusal, sniff, too_long
from .text.bibtex import EntryError, entry_type, is_entry, read_entry
from .structure import structure
from .text.tokenize import tokenize

ENGINES = ("auto", "crf", "rules")

# Longer input is cut here (with a warning): no real reference comes near it, and tagging
# time grows with length.
MAX_CHARS = 20_000


# A file's name rather than a reference: one word that starts like a path ("/", "./", "~/",
# "C:\\") or ends in a document's extension. URLs and DOIs are references' words, never this.
_PATH = re.compile(r"(?:~|\.{1,2})?[/\\]\S*|[A-Za-z]:[/\\]\S*|"
                   r"\S+\.(?:pdf|txt|text|md|bib|bbl|ris|xml|json|jsonl|html?|tex|rtf|docx?|odt|"
                   r"csv|tsv|bin|dat|zip|gz)", re.IGNORECASE)
_NOT_A_PATH = re.compile(r"^//|://|^www\.|^(?:doi|arxiv|urn):|\b10\.\d{4,9}/", re.IGNORECASE)


def looks_like_a_path(text: str) -> bool:
    """Whether `text` is a file's name (or path) rather than text: a caller who meant a
    file should hear so, not get a reference whose url is the path."""
    name = text.strip()
    return (bool(_PATH.fullmatch(name)) and not _NOT_A_PATH.search(name)
            and name.isprintable() and any(char.isalnum() for char in name))


class ModelWarning(UserWarning):
    """The CRF model could not load; the rule tagger answers instead."""


_warned: set = set()

PATH_ERROR = ("a file path, not a reference (to parse the references in a file, one a line: "
              "`reftag parse FILE`, or parse_many(open(FILE)))")


def parse(text: str, engine: str = "auto", model=None) -> Reference:
    """Parse one reference. `model` is a path (default: the shipped model).

    Raises ValueError for an unknown engine and ModelError when engine="crf" and the model
    cannot load; anything wrong with the text itself comes back as `Reference.error`.
    """
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}; choose one of {', '.join(ENGINES)}")
    return parse_batch([text], engine, model)[0]


def parse_batch(texts, engine: str = "auto", model=None) -> list[Reference]:
    """Parse a list of references together, one Reference per input, in order: the CRF
    decodes them as one batch (decode.py), which is what makes it fast; `parse` is a batch
    of one. Whatever goes wrong with one reference comes back as its own `error`.
    """
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}; choose one of {', '.join(ENGINES)}")
    out = [_safely(_admit, text, text) for text in texts]
    work = [i for i, item in enumerate(out) if not isinstance(item, Reference)]
    tags = _tags([out[i] for i in work], engine, model)
    for i, tag in zip(work, tags):
        text, norm, tokens = out[i]
        out[i] = _failed(text, tag) if isinstance(tag, Exception) else \
            _safely(_reference, text, text, norm, tokens, *tag)
    return out


def _admit(text):
    """(text, normalized, tokens) to tag, or the error Reference that stands for the input."""
    if isinstance(text, (bytes, bytearray)) and not sniff(text):
        try:
            text = bytes(text).decode("utf-8")  # UTF-8 text given as bytes
        except UnicodeDecodeError as error:
            return Reference(raw=bytes(text).decode("utf-8", errors="replace"),
                             error=not_utf8("input", error.start))
    if isinstance(text, os.PathLike):
        return Reference(raw=os.fspath(text), error=PATH_ERROR)
    if not isinstance(text, str):
        kind = sniff(text) if isinstance(text, (bytes, bytearray)) else None
        error = refusal(kind) if kind else f"not a string: {type(text).__name__}"
        return Reference(raw=repr(text)[:200], error=error)
    if looks_like_a_path(text) or ("/" in text and " " not in text.strip()
                                    and os.path.isfile(text.strip())):
        return Reference(raw=text, error=PATH_ERROR)
    kind = sniff(text)
    if kind:  # a PDF or an image read as text is not a reference
        return Reference(raw=text, error=refusal(kind))
    if not text.strip():
        return Reference(raw=text, error=EMPTY_REFERENCE)
    if len(text) > MAX_CHARS:
        warnings.warn(too_long(f"input {_quote(text)}", MAX_CHARS, True, len(text)),
                      stacklevel=2)
        text = text[:MAX_CHARS]
    if is_entry(text):
        return _entry_reference(text)

    norm = normalize(text)
    tokens = tokenize(norm.text)
    if not tokens:
        return Reference(raw=text, error="no text to parse")
    return text, norm, tokens


def _quote(text: str, words: int = 6) -> str:
    """The start of a reference, to say which one of a batch a warning is about."""
    start = " ".join(text[:200].split()[:words])
    return repr(start + " …")


def _reference(text, norm, tokens, labels, probs, used) -> Reference:
    fields = field_values(norm.text, label_spans(tokens, labels))
    structured = structure(fields)
    # "hello world", a sentence of prose, or only "Ibid., 12.": said, not hidden
    if not is_reference(text) or cites_back(fields):
        structured["not_reference"] = True
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


def _entry_reference(text) -> Reference:
    """A pasted BibTeX entry, read by its fields (text/bibtex.py), not tagged: its values are
    the fields, its entry type the type; engine "bibtex". One that cannot be read says so."""
    try:
        kind, fields, spans = read_entry(text)
    except EntryError as error:
        return Reference(raw=text, error=str(error))
    structured = structure(fields)
    structured["type"] = entry_type(kind) or structured["type"]

    def label(token):
        return next((name for name, (start, end) in spans.items()
                     if start <= token.start and token.end <= end), "O")

    tokens = [{"text": token.text, "start": token.start, "end": token.end, "label": label(token),
               "p": 1.0} for token in tokenize(text)]
    return Reference(raw=text, fields=fields, authors=structured.pop("authors", []),
                     type=structured.pop("type"), extra=structured, tokens=tokens,
                     confidence=1.0, engine="bibtex")


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
        load_model(model).weights()
    except ModelError as error:
        if engine == "crf":
            raise
        _warn_once(model, f"{error}; using the rule tagger")
        return "rules"
    return engine


def _token_records(tokens, labels, probs, norm) -> list[dict]:
    """Tokens as the output contract has them: offsets into the raw text, label, marginal."""
    # "p" is round(p, 4), without its cost for the many marginals that round to 1.
    return [{"text": token.text, "start": start, "end": end, "label": label,
             "p": 1.0 if p > 0.99996 else round(p, 4)}
            for token, (start, end), label, p in zip(tokens, norm.raw_spans(tokens), labels, probs)]


def _tags(items, engine, model_path) -> list:
    """(labels, probs, engine) per (text, norm, tokens) item, in order; should the batch
    fail, each item is tagged alone, and one that still fails gets its exception instead."""
    try:
        return _tag_batch(items, engine, model_path)
    except ModelError:
        raise
    except Exception as error:  # noqa: BLE001 - one bad record must not cost the batch
        if len(items) == 1:
            return [error]
        return [tag for item in items for tag in _tags([item], engine, model_path)]


def _tag_batch(items, engine, model_path) -> list[tuple[list, list, str]]:
    if not items:
        return []
    if resolve_engine(engine, model_path) == "rules":
        return [(*_rule_tags(tokens, norm.text), "rules") for _, norm, tokens in items]
    from .crf.decode import best_paths, marginals

    model = load_model(model_path)
    weights, encoder = model.weights(), model.encoder()
    scores = encoder.scores_many([(tokens, norm.text) for _, norm, tokens in items])
    chances = marginals(scores, weights.transition)
    paths = best_paths(scores, weights.transition, chances)
    tags = [(labels, probs, "crf") for labels, probs in weights.readings(paths, chances)]
    evidence = model.manifest.get("rules_evidence")
    if engine != "auto" or not evidence:
        return tags
    hinted, words = {}, [[token.text for token in tokens] for _, _, tokens in items]
    for i, (labels, probs, _) in enumerate(tags):
        _, norm, tokens = items[i]
        hints = auto_hints(tokens, norm.text, labels, probs, evidence, words[i])
        if hints is not None:
            tags[i] = (labels, probs, "crf+rules")
            if hints:
                hinted[i] = hints
    _decode_again(tags, {i: weights.with_hints(scores[i], hints) for i, hints in hinted.items()},
                  chances, weights)
    final = {}
    for i, (labels, _, _) in enumerate(tags):
        hints = final_hints(scores[i], weights, labels, hinted.get(i), words[i])
        if hints is not None:
            final[i] = weights.with_hints(scores[i], hints)
    _decode_again(tags, final, chances, weights)
    return tags


def _decode_again(tags, hinted: dict, chances, weights) -> None:
    """Decode each reference of `hinted` (index → its scores with evidence added) again, as one
    batch; each label's p is still the CRF's own marginal of it."""
    from .crf.decode import best_paths

    paths = best_paths(list(hinted.values()), weights.transition)
    for i, reading in zip(hinted, weights.readings(paths, [chances[i] for i in hinted])):
        tags[i] = (*reading, tags[i][2])


def final_hints(scores, weights, labels, hints=None, words=None) -> list | None:
    """`hints` (or none) with what `auto` requires of any reading made decisive: each field
    held to one stretch (`stretches.one_stretch`, on the scores the hints give) and, given the
    words, `doubts.reading_checks` (a date where the reading has none, one number for the
    volume, …); None where `labels` meet them already."""
    from .crf.stretches import one_stretch

    changes = one_stretch(scores, weights, labels, hints)
    if words is not None:
        changes.update(reading_checks(words, labels))
    if not changes:
        return None
    hints = list(hints or [(None, 0.0)] * len(labels))
    for t, label in changes.items():
        hints[t] = (label, DECISIVE)
    return hints


def auto_hints(tokens, text, labels, probs, evidence, words=None) -> list | None:
    """What `auto` makes of one reference the CRF has tagged: None where the CRF's reading
    stands (its mean confidence at least evidence["below"], nothing doubted), else the
    rules' evidence to decode it again with (`rule_hints`; empty where the rules agree with
    every label, so nothing could change)."""
    doubts = doubted(tokens, labels, words)
    if sum(probs) / len(probs) >= evidence["below"] and not doubts:
        return None
    rule_labels, rule_probs = _rule_tags(tokens, text)
    if rule_labels == labels and all(labels[i] == label for i, label in doubts.items() if label):
        return []
    return rule_hints(rule_labels, rule_probs, evidence["weight"], doubts)


def _rule_tags(tokens, text):
    """The rule tagger's labels and confidences; it is imported on first use (start-up), since
    a CRF sure of its references never asks it."""
    from . import rules

    return rules.tag(tokens, text)


def rule_hints(labels, probs, weight, decide=None) -> list[tuple[str, float]]:
    """The rules' labels as evidence for the CRF: each worth `weight` × the rules' confidence,
    so their sure labels (a DOI, a page range) weigh more than their guesses (a title); at the
    tokens of `decide` (doubts.doubted) its label, or the rules' where it has none, is
    the one decoded."""
    hints = [(label, weight * p) for label, p in zip(labels, probs)]
    for i, label in (decide or {}).items():
        hints[i] = (label or labels[i], DECISIVE)
    return hints


# Evidence no difference of CRF scores outweighs (theirs are tens at most).
DECISIVE = 1000.0


def _warn_once(key, message):
    if key not in _warned:
        _warned.add(key)
        warnings.warn(message, ModelWarning, stacklevel=4)


def _safely(step, raw, *args):
    """step(*args), or an error Reference for `raw` should it raise (a model error aside)."""
    try:
        return step(*args)
    except ModelError:
        raise
    except Exception as error:  # noqa: BLE001 - one bad record must not stop a batch
        return _failed(raw, error)


def _failed(raw, error) -> Reference:
    return Reference(raw=raw if isinstance(raw, str) else repr(raw)[:200],
                     error=f"{type(error).__name__}: {error}")


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
    return parse_batch(texts, engine, model)


def parse_many(texts, engine="auto", model=None, jobs=1, chunk_size=256):
    """Parse an iterable of references lazily, in order, one Reference per input.

    References are read and parsed a batch (`chunk_size`) at a time, so memory stays flat on
    any length; with jobs > 1 the batches are spread over processes (joblib), each loading
    the model once. `texts` is a collection of references, never one reference: a str or
    bytes given alone raises TypeError at the call rather than being parsed a character at a
    time, as does anything that is no collection (None, a number).
    """
    if isinstance(texts, (str, bytes, bytearray)):
        raise TypeError("parse_many() takes a collection of references, not one "
                        f"{type(texts).__name__}: parse_many([text]) for one reference, "
                        "parse_many(text.splitlines()) for one a line")
    try:
        texts = iter(texts)
    except TypeError:
        raise TypeError("parse_many() takes a collection of references (a list, a file, a "
                        f"generator), not {type(texts).__name__}") from None
    return _parse_lazily(texts, engine, model, jobs, chunk_size)


def _parse_lazily(texts, engine, model, jobs, chunk_size):
    """parse_many's generator, apart so that a wrong argument is refused at the call."""
    engine = resolve_engine(engine, model)
    if jobs == 1:
        for chunk in _chunks(texts, chunk_size):
            yield from parse_batch(chunk, engine, model)
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
