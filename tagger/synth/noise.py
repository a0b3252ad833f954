"""Damage a rendered reference the way copies out of PDFs are damaged, keeping spans exact.

Every operation is an insertion, a deletion or a same-length replacement, applied through
`_insert` / `_delete` which move the span offsets with the text, so the labels stay on the
same characters.
"""

import re

from .rendering import clean_spans


def _insert(text, spans, at, piece):
    """Insert `piece` before position `at`; a span containing `at` strictly grows."""
    shifted = [[s + len(piece) if s >= at else s, e + len(piece) if e > at else e, label]
               for s, e, label in spans]
    return text[:at] + piece + text[at:], shifted


def _delete(text, spans, at):
    """Delete the character at `at`."""
    shifted = [[s - 1 if s > at else s, e - 1 if e > at else e, label] for s, e, label in spans]
    return text[:at] + text[at + 1:], [span for span in shifted if span[0] < span[1]]


def _spaces_after(text, marks):
    return [m.start() + 1 for m in re.finditer(f"[{re.escape(marks)}] ", text)]


def glue_punctuation(text, spans, rng):
    """'2016: 265-283' -> '2016:265-283', '23(4), 12' -> '23(4),12' at some separators."""
    for at in reversed(_spaces_after(text, ":;,.]")):
        if rng.random() < 0.5:
            text, spans = _delete(text, spans, at)
    return text, spans


def drop_comma_spaces(text, spans, rng):
    """'Chen T, Li M' -> 'Chen T,Li M' everywhere in the reference."""
    for at in reversed(_spaces_after(text, ",")):
        text, spans = _delete(text, spans, at)
    return text, spans


def line_wrap_hyphen(text, spans, rng):
    """Break one long word of the title or venue as a line end would: 'Accele- rating'."""
    words = [(s + m.start(), len(m.group())) for s, e, label in spans if label in ("title", "venue")
             for m in re.finditer(r"[A-Za-z]{8,}", text[s:e])]
    if not words:
        return text, spans
    start, length = rng.choice(words)
    return _insert(text, spans, start + rng.randrange(3, length - 3), "- ")


def doi_suffix(text, spans, rng, doi):
    """Append '[doi: 10.…]' as Chinese journals print it, unless the DOI is already there."""
    if not doi or any(label == "doi" for _, _, label in spans):
        return text, spans
    start = len(text) + 1
    text = f"{text} [doi: {doi}]"
    return text, spans + [[start, len(text), "doi"]]


def upper_family_names(text, spans, rng):
    """'Chen Tianqi, Smith J' -> 'CHEN Tianqi, SMITH J': upper-case the longer name words."""
    chars = list(text)
    for start, end, label in spans:
        if label not in ("author", "editor"):
            continue
        for word in re.finditer(r"[^\W\d_]{2,}", text[start:end]):
            if word.group().lower() in ("et", "al", "and", "eds", "ed") or word.group().isupper():
                continue
            if word.start() > 0 and text[start + word.start() - 1] == ".":
                continue
            for i in range(start + word.start(), start + word.end()):
                if len(chars[i].upper()) == 1:
                    chars[i] = chars[i].upper()
            if rng.random() < 0.5:
                break  # often only the first name's family is set in capitals
    return "".join(chars), spans


def double_slash(text, spans, rng):
    """GB/T's '//' before the host title, as some fonts copy it: '∥'."""
    at = text.find("//")
    if at <= 0 or text[at - 1] == ":":  # leave "https://" alone
        return text, spans
    text, spans = _delete(text, spans, at + 1)
    return text[:at] + "∥" + text[at + 1:], spans


OPERATIONS = [glue_punctuation, drop_comma_spaces, line_wrap_hyphen, upper_family_names,
              double_slash]


def add_noise(text, spans, rng, level, doi=None):
    """Apply each operation with probability `level` (0 = clean copy, 1 = all of them)."""
    if level <= 0:
        return text, spans
    spans = [list(span) for span in spans]
    for operation in OPERATIONS:
        if rng.random() < level:
            text, spans = operation(text, spans, rng)
    if rng.random() < level / 2:
        text, spans = doi_suffix(text, spans, rng, doi)
    return text, clean_spans(text, spans)
