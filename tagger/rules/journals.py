"""Journals cited by their abbreviation alone, as physics, astronomy and chemistry do."""

from ..text.lexicon import ISO4, VENUE_CODES
from .draft import Draft
from .shapes import DASHES, is_year
from .words import ANNOUNCING_WORDS, VENUE_WORDS


def abbreviated_journal(d: Draft, i: int) -> bool:
    """Physics writes no title: "P. W. Anderson, Phys. Rev. 109, 1492 (1958)". What follows
    the authors is a journal when it is only abbreviated journal words ("Phys.", "Nature",
    "A&A", a series letter "B") up to the first number."""
    return _first_number_after(d, i, 16, _journal_word) is not None


def journal_with_a_word_spelled_out(d: Draft, i: int) -> bool:
    """A journal after the authors whose abbreviations spell one capitalized word out: "J.
    Fluid Mech., 508", "Proc. Roy. Soc. London A, 462", "Astron. Astro-phys.,517"; a word in
    capitals is a name ("V. YA. SHTERN. Kinet. Katal."). Only where a title would begin: in an
    author list the same shape is a name ("Wilner, D. J. 1997")."""
    others = []

    def fits(d, j):
        if _journal_word(d, j):
            return True
        others.append(j)
        word = d.word(j)
        return len(others) == 1 and word[:1].isupper() and not word.isupper()

    end = _first_number_after(d, i, 16, fits)
    return end is not None and sum(_journal_word(d, j) for j in range(i, end)) >= 2


_JOURNAL_JOINERS = frozenset("of and the for in de der des du la le und &".split())


def capitalized_journal(d: Draft, i: int) -> bool:
    """A journal of a few words up to its volume, as short biology references write it after
    "et al." with no title: "Hiei et al., The plant Journal 6 : 271-282", "Davidson et al,
    Physiology & Behavior; 21: 171". Its words are capitalized, or one is a journal word; only
    a stop or the separator before the volume may come between them. Only after "et al.":
    elsewhere the shape is a title's."""
    words, venue_word = 0, False
    for j in range(i, min(len(d), i + 10)):
        word = d.word(j)
        if word[:1].isdigit():
            return bool(words) and d.word(j + 1) in (":", ",", ";", "(") and (
                venue_word or all(d.word(k)[:1].isupper() or d.lower(k) in _JOURNAL_JOINERS
                                  for k in range(i, j) if d.word(k)[:1].isalpha()))
        if word in (",", ";"):
            if not d.word(j + 1)[:1].isdigit():
                return False
        elif word[:1].isalpha() or word == "&":
            words += word != "&"
            venue_word = venue_word or d.lower(j) in VENUE_WORDS
            if words > 5:
                return False
        elif word != ".":
            return False
    return False


def journal_before_volume(d: Draft, i: int) -> bool:
    """A journal of one to four capitalized words, abbreviated or not, right after the
    authors and before "volume, page" or "page (year)": "KEANA et R. R. SCHUMAKER.
    Tetrahedron, 26, 5191 (1970).", "Phys. Fluids, 16, 2300", "Synthesis, 706 (1977)"."""
    j = _first_number_after(d, i, 10, lambda d, j: d.word(j)[:1].isupper())
    if (j is None or sum(d.word(k)[:1].isalpha() for k in range(i, j)) > 4
            or any(d.word(k) == "," for k in range(i, j - 1))):
        return False  # "Soft Drop, JHEP 05 (2014)": a title before the journal
    after = d.word(j + 1)
    if after == "," and d.word(j + 2)[:1].isdigit() and not is_year(d.word(j)):
        # not "Indoleamine 2,3-dioxygenase"
        return not (d.word(j + 3) in DASHES and d.word(j + 4)[:1].isalpha())
    return after == "(" and is_year(d.word(j + 2)) and d.word(j + 3) == ")"


def journal_run(d: Draft, i: int) -> bool:
    """An abbreviated journal with at least two stops ("Int. J. Mod. Phys. B 08"): where a
    title runs into it with no stop between ("fusion products Int. J. Mod. Phys."), it ends
    the title."""
    if d.lower(i) in ANNOUNCING_WORDS or d.word(i + 1) != ".":
        return False  # "…, Vol. 10, pp. 175": the volume, not a journal; "and B physics, J."
    j = _first_number_after(d, i, 16, _journal_word)
    return j is not None and sum(d.word(k) == "." for k in range(i, j)) >= 2


def chemistry_journal(d: Draft, i: int) -> bool:
    """Chemistry writes no title and sets the year before the volume: "Grubbs, R. H.
    Tetrahedron 2004, 60, 7117–7140." What follows the authors is a journal when it is a few
    capitalized words (abbreviated or not) up to a year, a comma and another number."""
    j = _first_number_after(d, i, 12, lambda d, j: d.word(j)[:1].isupper())
    return (j is not None and is_year(d.word(j)) and d.word(j + 1) == ","
            and d.word(j + 2)[:1].isdigit())


def _journal_word(d: Draft, j: int) -> bool:
    word = d.word(j)
    lower = word.lower()
    return (lower in ISO4 and d.word(j + 1) == "." or lower in VENUE_CODES
            or lower in VENUE_WORDS or len(word) == 1 and word.isupper())


def _first_number_after(d: Draft, i: int, limit: int, fits) -> int | None:
    """Index of the first number within `limit` tokens of `i`, when at least one word comes
    before it and every word does `fits(d, j)` (stops, commas, "&" and "-" between them);
    None otherwise."""
    words = 0
    for j in range(i, min(len(d), i + limit)):
        word = d.word(j)
        if word[:1].isdigit():
            return j if words else None
        if word in (".", ",", "&", "-"):
            continue
        if not fits(d, j):
            return None
        words += 1
    return None


def journal_initial(d: Draft, i: int) -> bool:
    """Whether the initial "J." at token i opens a journal ("Kim, C. U. J. Am. Chem. Soc.
    1972"), not a name: "J." and then abbreviated journal words up to the first number."""
    return (d.word(i) == "J" and d.word(i + 1) == "." and d.lower(i + 2) in ISO4
            and d.word(i + 3) == "." and abbreviated_journal(d, i))
