"""The key an alphabetic list prints as a reference's label ("[LFG]", "[AMSPS]", "[DEK86A]"),
which the CRF, taught by numbers in brackets, reads as an author when it holds no digit."""

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
