"""How much a string looks like a bibliographic reference at all, before any field is read.

The CRF labels whatever it is given: "hello world" comes back as a title. A user of `parse` on
scraped text wants to know that it was no reference. `reference_p(text)` is a logistic
model's probability over a dozen signs of the text itself (a year, page ranges, initials,
identifiers, punctuation between fields, against the verbs and pronouns of running prose, a
sentence's lower-case start, a contents page's leaders, mathematics); a record whose text
scores under THRESHOLD carries `"not_reference": true` (tagger.parse). The signs are the
text's, not the CRF's, so the mark does not move when the model is retrained.

Weights and threshold come from `python -m training.models.train_likeness`: references of the
training corpora against body-text lines of AnyStyle's finder documents (data/finder/anystyle,
lines labelled `text`), which prints the error rates of the threshold chosen.
"""

import math
import re

_DIGIT_GROUP = re.compile(r"\d+")
_RANGE = re.compile(r"\d\s*[-–—~～〜]\s*\d")  # CJK lists print page ranges with a tilde
# Matched in the lower-cased text; the lookahead skips positions no alternative starts at.
_IDENTIFIER = re.compile(r"(?=[1hwaid])(?:10\.\d{4,9}/|https?://|www\.|arxiv|isbn|issn|doi)")
_MARKER = re.compile(r"(?=[eivpntjcu\[/])(?:\bet\s+al\b|\b(?:in|eds?|vol|pp|no|proc|trans|j|ed)\.|"
                     r"\bin:|journal|proceedings|conference|press|univ|\[[jmcdr]\]|//)"
                     # and a CJK reference's: its issue and page, its journal's or press's name
                     r"|第\s*\d+\s*[期卷頁页]|[學学]報|[學学]报|月刊|出版社")
_INITIAL = re.compile(r"\b[A-Z]\.")
_WORD = re.compile(r"[^\W\d_]+")
_PUNCTUATION = re.compile(r"[.,;:()\[\]]")
# Greek letters and mathematical operators (Unicode's Sm, the blocks that hold most of it).
_MATHEMATICS = re.compile(r"[\u0370-\u03ff\u2200-\u22ff\u27c0-\u27ef\u2980-\u2aff+<=>|~¬±×÷]")
# The words of running prose that references hardly use: verbs, pronouns, connectives.
_PROSE = frozenset(
    "is are was were be been being am has have had do does did can could will would should "
    "may might must we our us i you your he she they them their it its this these those "
    "there here which who whom whose what when where why how because however thus therefore "
    "also not but than then so such very more most if although while since shown show shows "
    "found find used use using".split())

FEATURES = ("bias", "year", "digit_groups", "range", "identifier", "initials", "marker",
            "capitalized", "prose", "punctuation", "length", "letters", "digits", "end_stop",
            "lower_start", "leaders", "symbols")

# Fitted by training.models.train_likeness (logistic regression, C=1.0, on half the references and
# half the finder documents). At THRESHOLD, on the other halves: 0.51% of the corpora's
# references marked (most of them prose or news items the corpora hold as references), 89% of
# body-text lines and runs of lines caught; 0 of the benchmark's 1,669 references marked.
WEIGHTS = (-8.897, 4.257, -2.442, 3.114, 4.828, 4.252, 1.106, 3.241, -4.281, 1.948, 4.389,
           1.062, -6.903, 2.293, -3.030, -5.628, -0.503)
THRESHOLD = 0.059


def is_reference(text: str) -> bool:
    """Whether `text` looks enough like a reference not to be marked `not_reference`."""
    return reference_p(text) >= THRESHOLD


def signs(text: str) -> list[float]:
    """The feature vector of `text`, in FEATURES' order, each in [0, 1]. (Counted with regular
    expressions, not a loop over characters: it runs on every reference parsed.)"""
    stripped = text.strip()
    lowered = stripped.lower()
    visible = max(len("".join(stripped.split())), 1)
    words = _WORD.findall(stripped)
    count = max(len(words), 1)
    groups = _DIGIT_GROUP.findall(stripped)
    return [
        1.0,
        1.0 if any(len(group) == 4 and 1500 <= int(group) <= 2099 for group in groups) else 0.0,
        min(len(groups), 6) / 6,
        1.0 if _RANGE.search(stripped) else 0.0,
        1.0 if _IDENTIFIER.search(lowered) else 0.0,
        min(len(_INITIAL.findall(stripped)), 6) / 6,
        min(len(_MARKER.findall(lowered)), 3) / 3,
        sum(word[0].isupper() for word in words) / count,
        min(sum(word.lower() in _PROSE for word in words) / count * 4, 1.0),
        min(len(_PUNCTUATION.findall(stripped)) / count, 1.0),
        min(math.log1p(len(stripped)) / math.log1p(400), 1.0),
        sum(map(len, words)) / visible,
        sum(map(len, groups)) / visible,
        1.0 if stripped.endswith((".", ")", "]")) or stripped[-1:].isdigit() else 0.0,
        1.0 if stripped[:1].islower() else 0.0,
        1.0 if "...." in stripped or ". . . ." in stripped else 0.0,
        min(len(_MATHEMATICS.findall(stripped)) / visible * 10, 1.0),
    ]


def reference_p(text: str, weights=None) -> float:
    """The probability that `text` is a reference (the logistic model of WEIGHTS)."""
    weights = WEIGHTS if weights is None else weights
    score = sum(w * x for w, x in zip(weights, signs(text)))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, score))))
