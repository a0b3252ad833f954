"""Journals cited by their abbreviation alone, as physics, astronomy and chemistry do."""

from ..lexicon import ISO4, VENUE_CODES
from .draft import Draft
from .words import VENUE_WORDS


def abbreviated_journal(d: Draft, i: int) -> bool:
    """Physics writes no title: "P. W. Anderson, Phys. Rev. 109, 1492 (1958)". What follows
    the authors is a journal when it is only abbreviated journal words ("Phys.", "Nature",
    "A&A", a series letter "B") up to the first number."""
    words = 0
    for j in range(i, min(len(d), i + 16)):
        word = d.word(j)
        if word[:1].isdigit():
            return words > 0
        if word in (".", ",", "&", "-"):
            continue
        lower = word.lower()
        abbreviated = lower in ISO4 and d.word(j + 1) == "."
        if not (abbreviated or lower in VENUE_CODES or lower in VENUE_WORDS
                or len(word) == 1 and word.isupper()):
            return False
        words += 1
    return False
