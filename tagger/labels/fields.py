"""From labelled tokens to field strings, and from annotated spans to labelled tokens.

Gold annotations and model output go through the same two functions, so a field compares
equal exactly when the same tokens carry the same label.
"""

import re
from collections import Counter
from itertools import groupby

from . import OTHER
from ..text.normalize import normalize
from ..text.tokenize import tokenize

# Separators trimmed from the ends of a field value.
_SEPARATORS = " .,;:·•/∥|"
# A dash standing alone at an end: GOST's separator of areas ("Теория вероятностей. — М."),
# not a range's ("1985–").
_DASHES = "—–-"
_LONE_DASH = re.compile(rf"^[{_DASHES}]\s+|\s+[{_DASHES}]$")
_PAIRS = {"(": ")", "[": "]", "{": "}", "“": "”", "‘": "’", '"': '"', "'": "'", "«": "»",
          "（": "）", "【": "】", "《": "》", "〔": "〕", "「": "」", "『": "』"}
_CLOSERS = {closer: opener for opener, closer in _PAIRS.items()}
# Brackets that only open, or only close (a quote mark may do either).
_OPENERS = frozenset(_PAIRS) - frozenset(_CLOSERS)
_ONLY_CLOSERS = frozenset(_CLOSERS) - frozenset(_PAIRS)


def trim(value: str) -> str:
    """Strip separating punctuation and brackets that enclose or dangle at the ends: an
    opener with no partner after it or at the very end, a closer with none before it or at the
    very start."""
    value = " ".join(value.split())
    # Rounds until one changes nothing; none can where both ends are letters or digits (most
    # values, once their full stop is gone), so that ends it too.
    while value and not (value[0].isalnum() and value[-1].isalnum()):
        before = value
        value = _trim_once(value)
        if value == before:
            break
    return value


def _trim_once(value: str) -> str:
    """One round of trim: separators, a lone dash, then one bracket."""
    value = value.strip(_SEPARATORS)
    if value and (value[0] in _DASHES or value[-1] in _DASHES):  # (scan only where it can match)
        value = _LONE_DASH.sub("", value)
    if len(value) >= 2 and _PAIRS.get(value[0]) == value[-1] and _balanced(value[1:-1], value[0]):
        value = value[1:-1]
    elif value and value[0] in _PAIRS and _PAIRS[value[0]] not in value[1:]:
        value = value[1:]
    elif value and value[-1] in _CLOSERS and (_CLOSERS[value[-1]] not in value[:-1]
                                               or value[-1] == value[0]):
        value = value[:-1]
    elif value and value[-1] in _OPENERS:  # "(1995)[" before "[hep-th/9510017]"
        value = value[:-1]
    elif value and value[0] in _ONLY_CLOSERS:  # "](2001)"
        value = value[1:]
    return value


def _balanced(inner: str, opener: str) -> bool:
    closer = _PAIRS[opener]
    if opener == closer:
        return opener not in inner
    depth = 0
    for char in inner:
        if char == opener:
            depth += 1
        elif char == closer:
            depth -= 1
            if depth < 0:
                return False
    return depth == 0


def label_runs(items) -> list[tuple[int, int, str]]:
    """Runs of adjacent (start, end, label) items with one label, as spans; OTHER breaks a run."""
    spans = []
    previous = OTHER
    for start, end, label in items:
        if label != OTHER and label == previous:
            spans[-1] = (spans[-1][0], end, label)
        elif label != OTHER:
            spans.append((start, end, label))
        previous = label
    return spans


def label_spans(tokens, labels) -> list[tuple[int, int, str]]:
    """Runs of adjacent tokens with one label, as (start, end, label) over the tokens' text;
    OTHER breaks a run, and labels past the last token are ignored. (label_runs' result, taken
    a run at a time rather than token by token.)"""
    spans = []
    first = 0
    for label, run in groupby(labels[:len(tokens)]):
        after = first + len(list(run))
        if label != OTHER:
            spans.append((tokens[first].start, tokens[after - 1].end, label))
        first = after
    return spans


# Marker words the corpora label with their field (tagger.corpora.conventions) that are not part of
# its value: a DOI's "doi:", a container's or its editors' "In:" (AnyStyle's normalizer drops
# it too), "edited by".
_MARKERS = {
    "doi": re.compile(r"^doi\s*[:.]?\s*(?=10\.)", re.IGNORECASE),
    "venue": re.compile(r"^(?:[Ii]n|IN|Dans|En)(?:\s*:\s*|\s+)(?=[^\sa-z])"),
    "editor": re.compile(r"^(?:(?:[Ii]n|IN|Dans|En)(?:\s*:\s*|\s+)|edited\s+by\s+)+(?=\S)"),
}


def field_values(text: str, spans) -> dict[str, str]:
    """One string per label: its spans' text joined by a space, trimmed; empty values dropped."""
    parts: dict[str, list[str]] = {}
    for start, end, label in spans:
        parts.setdefault(label, []).append(text[start:end])
    values = {label: trim(" ".join(texts)) for label, texts in parts.items()}
    for label, marker in _MARKERS.items():
        found = marker.match(values[label]) if label in values else None
        if found:  # "In «Studi Storici»"
            values[label] = trim(values[label][found.end():])
    return {label: value for label, value in values.items() if value}


def labelled_tokens(text: str, spans):
    """Normalize and tokenize an annotated reference; each token takes the label of its span.

    Returns (normalized text, tokens over it, labels). A token that straddles a span boundary
    takes the label covering most of its characters.
    """
    norm = normalize(text)
    tokens = tokenize(norm.text)
    char_labels = [OTHER] * len(text)
    for start, end, label in spans:
        char_labels[start:end] = [label] * (end - start)
    labels = []
    for token in tokens:
        raw_start, raw_end = norm.raw_span(token.start, token.end)
        covered = [char_labels[i] for i in range(raw_start, raw_end) if not text[i].isspace()]
        labels.append(Counter(covered).most_common(1)[0][0] if covered else OTHER)
    return norm, tokens, labels
