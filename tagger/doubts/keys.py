"""The key an alphabetic list prints as a reference's label ("[LFG]", "[AMSPS]", "[DEK86A]"),
which the CRF, taught by numbers in brackets, reads as an author when it holds no digit, and
the author–year label of BibTeX's apalike and its kin ("[He et al., 2016]", "[Nash, 1950b]"),
which it reads as the authors or runs into them."""

from ..crf.features import YEAR_SHAPE
from .words import CITATION_NUMBER

_LONGEST_KEY = 12  # characters


def bracketed_key(words, labels) -> dict[int, str]:
    """A reference that opens with a key in square brackets: capitals (and digits, a "+"),
    or letters with digits, one word: its label, the citation number's field. "[Anonymous]"
    or "[Editorial]" name no key (no digit, not all capitals)."""
    if words[:1] != ["["] or "]" not in words[2:5]:
        return {}
    close = words.index("]", 2)
    key = "".join(words[1:close])
    if len(key) > _LONGEST_KEY or not key.replace("+", "").isalnum():
        return {}
    if not (any(char.isdigit() for char in key) or key.replace("+", "").isupper() and len(key) > 1):
        return {}
    if all(label == CITATION_NUMBER for label in labels[:close + 1]):
        return {}
    return dict.fromkeys(range(close + 1), CITATION_NUMBER)


def author_year_label(words, labels) -> dict[int, str]:
    """A reference that opens with its citation in square brackets, names and a year
    ("[LeCun et al., 1998] LeCun, Y., …", "[Nash, 1950b]", "[Smith and Jones, 2001]") before
    the authors: its label, the citation number's field (as a number in brackets is)."""
    if words[:1] != ["["] or "]" not in words[3:14]:
        return {}
    close = words.index("]", 3)
    if not YEAR_SHAPE.fullmatch(words[close - 1]):  # "1998", "1950b"
        return {}
    names = words[1:close - 1]
    if not (names and names[0][:1].isupper() and names[0].isalpha()
            and all(w.isalpha() or w in (",", ".", "&", "-") for w in names)):
        return {}
    if close + 1 >= len(words) or not words[close + 1][:1].isupper():
        return {}
    if all(label == CITATION_NUMBER for label in labels[:close + 1]):
        return {}
    return dict.fromkeys(range(close + 1), CITATION_NUMBER)
