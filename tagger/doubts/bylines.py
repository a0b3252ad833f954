"""A reference that names its work first and its authors after it, "by" them: "[1] A torture
test for TEX, by Donald E. Knuth, Stanford Computer Science Report 1027." (manuals and older
TeX documents list their sources so). The CRF, which learnt that names open a reference and
that "by" follows an editor's role, reads such names as editors or as more of the title.
"""

from ..labels import OTHER
from .words import AUTHOR, CITATION_NUMBER, TITLE, initial, run_end

_BRACKETS = {"(": ")", "[": "]"}


def title_by_author(words, labels) -> dict[int, str]:
    """ "Title, by Names," with the title first: the names are the authors ("by" itself no
    field's). The names end at the first comma or stop outside brackets that follows no
    initial ("by The NTS Team (Peter Breitenlohner and Phil Taylor). Version 2")."""
    first = run_end(labels, 0, CITATION_NUMBER)
    for k in range(first + 2, len(words) - 1):
        if words[k].lower() != "by" or words[k - 1] != ",":
            continue
        if labels[first] != TITLE or AUTHOR in labels[first:k]:
            return {}
        if words[k - 2].lower() in _ROLE_WORDS:
            return {}
        end = _names_end(words, k + 1)
        if end == k + 1 or not words[k + 1][:1].isupper():
            return {}
        return {k: OTHER} | dict.fromkeys(range(k + 1, end), AUTHOR)
    return {}


# "translated, by …", "edited, by …": a role before "by" names no author.
_ROLE_WORDS = frozenset(("edited", "translated", "revised", "compiled", "introduced", "illustrated"))


def _names_end(words, start) -> int:
    """Where the names that begin at words[start] end (see title_by_author)."""
    closing = None
    for i in range(start, len(words)):
        word = words[i]
        if closing:
            if word == closing:
                closing = None
            continue
        if word in _BRACKETS:
            closing = _BRACKETS[word]
        elif word == "," or word == "." and not initial(words[i - 1]):
            return i
    return len(words)
