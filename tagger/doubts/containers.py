"""A container's own parts, where the CRF ran them into its name or read them as a note.

docs/design.md ("Labels"): a series printed after a proceedings ("DEXA 2021. LNCS, vol.
12923") is the `series`, not more of the venue; an edition in a chapter's brackets
("Handbook of cognition (2nd ed., pp. 455–478)") is the `edition`; a book's publisher
standing alone after its title ("Calculus. Brooks/Cole.") is the `publisher`, not a venue;
a book's imprint in brackets ("La Propagation des Ondes (Gauthier-Villars, Paris, 1965)") is
its publisher, place and year, not the end of its title; a conference's short name and year
in brackets after its proceedings ("Advances in Neural Information Processing Systems 30
(NeurIPS 2017)") is the venue's, not the year.
"""

from ..crf.features import YEAR_SHAPE
from ..labels import OTHER
from ..text import lexicon
from .words import (EDITION, ISSUE, LOCATION, NOTE, PAGES, PUBLISHER, SERIES, TITLE, VENUE,
                    VOLUME, YEAR, capitalized, run_end)

# Series that print their volume after a proceedings' name, as references abbreviate them.
SERIES_NAMES = frozenset(("lncs", "lnai", "lnbi", "ccis", "lipics", "lnee", "lnns", "aisc", "lnbip",
                    "lnicst", "eptcs", "ceur", "ifip", "sist"))
_ORDINAL_ENDS = ("st", "nd", "rd", "th")
_EDITION_WORDS = frozenset(("ed", "edn", "edition", "aufl", "éd"))
# The words a publisher's name ends in ("Academic Press", "Worth Publishers", "Wiley-VCH Verlag"),
# which no journal's name does ("Publishers Weekly", "World Book Encyclopedia").
_PUBLISHER_ENDS = frozenset(("press", "publishers", "publishing", "verlag", "inc", "ltd", "llc",
                             "gmbh", "sons", "corporation", "company"))
# A body that issues reports and software, named as their publisher ("R Foundation for
# Statistical Computing", "Pew Research Center", "National Bureau of Economic Research"); a
# journal named after one says it is a journal ("Journal of the Franklin Institute").
_BODY_WORDS = frozenset(("foundation", "institute", "center", "centre", "bureau", "council",
                         "agency", "office", "organization", "organisation", "ministry"))
_JOURNAL_WORDS = frozenset(("journal", "proceedings", "review", "bulletin", "transactions",
                            "annals", "letters", "quarterly", "magazine", "studies", "reports",
                            "papers", "news", "newsletter", "record", "digest"))


def series_after_proceedings(words, labels) -> dict[int, str]:
    """ "DEXA 2021. LNCS, vol. 12923" read as the venue "DEXA 2021. LNCS" and a volume: the
    series' name after a stop in the venue, its comma and its volume are the series (as
    Springer's LNCS style prints it; a series without its comma is left as it is read)."""
    if VENUE not in labels or "." not in words:
        return {}
    decided = {}
    for k, word in enumerate(words):
        if (word.lower() not in SERIES_NAMES or labels[k] != VENUE or k < 2 or words[k - 1] != "."
                or labels[k - 2] != VENUE):
            continue
        if words[k + 1:k + 2] != [","]:
            continue  # "COSIT 2003. LNCS 2825": GROBID's annotators keep that in the venue
        end = k + 2
        if end < len(words) and words[end].lower() in ("vol", "volume"):
            end += 1 + (words[end + 1:end + 2] == ["."])
        if end < len(words) and words[end].isdigit() and labels[end] in (VENUE, VOLUME):
            decided.update(dict.fromkeys(range(k, end + 1), SERIES))
    return decided


def edition_in_brackets(words, labels) -> dict[int, str]:
    """ "(2nd ed., pp. 455–478)" after a book's name: "2nd ed." is its edition, which the CRF
    read as a note (or into the venue)."""
    if "(" not in words:
        return {}
    decided = {}
    for k in range(1, len(words) - 1):
        ordinal = words[k]
        if not (ordinal[:-2].isdigit() and ordinal[-2:].lower() in _ORDINAL_ENDS
                and words[k + 1].lower() in _EDITION_WORDS and words[k - 1] == "("):
            continue
        end = k + 2 + (words[k + 2:k + 3] == ["."])
        if any(label in (NOTE, VENUE) for label in labels[k:end]):
            decided.update(dict.fromkeys(range(k, end), EDITION))
    return decided


def publisher_as_venue(words, labels) -> dict[int, str]:
    """A book's publisher alone after its title, read as a journal: a venue right after the
    title, with no stop inside, that is capitalized words ending in a publisher's word
    ("Worth Publishers", "Academic Press"), a body's name ("R Foundation for Statistical
    Computing", "Pew Research Center") or two names joined by a slash ("Brooks/Cole"), in
    a reading with no volume, issue or pages. A journal has them, or is no publisher's
    name."""
    if VENUE not in labels or any(label in labels for label in (VOLUME, ISSUE, PAGES)):
        return {}
    start = labels.index(VENUE)
    end = run_end(labels, start, VENUE)
    if VENUE in labels[end:] or start == 0 or labels[start - 1] not in (TITLE, "O"):
        return {}
    name = words[start:end]
    while name and name[-1] in ".,":
        name = name[:-1]
    if not name or "." in name or name[0].lower() in ("in", "im", "dans"):
        return {}
    slashed = len(name) == 3 and name[1] == "/" and all(capitalized(w) and not w.isupper()
                                                        for w in name[::2])
    publisher = name[-1].lower() in _PUBLISHER_ENDS and all(w[:1].isupper() or w in "&-"
                                                             for w in name)
    lowered = {w.lower() for w in name}
    body = (name[0][:1].isupper() and name[0] != "The" and not _BODY_WORDS.isdisjoint(lowered)
            and "year" not in labels[end:]  # "…”, Thomson Reuters Foundation, 5 June 2015"
            and _JOURNAL_WORDS.isdisjoint(lowered)
            and all(w[:1].isupper() or w in ("of", "for", "and", "on", "&", "-") for w in name))
    return dict.fromkeys(range(start, end), PUBLISHER) if slashed or publisher or body else {}


def bracketed_imprint_in_name(words, labels) -> dict[int, str]:
    """A book's imprint in brackets that its title (or a chapter's book) ran into, physics'
    "(Gauthier-Villars, Paris, 1965)" and "(AMS, Providence, 1983)", or "(New York: Wiley,
    1990)": a name that goes on past its own "(" but stops inside the brackets, whose parts
    are a publisher, places (or a place, a colon and a publisher) and a year, one the lexicon
    knows as a place or a publisher, is no part of that name."""
    if "(" not in words:
        return {}
    for k in range(1, len(words) - 4):
        field = labels[k]
        if words[k] != "(" or field not in (TITLE, VENUE) or labels[k - 1] != field:
            continue
        close = next((j for j in range(k + 1, min(k + 16, len(words))) if words[j] in "()"), None)
        if close is None or words[close] != ")" or all(label == field
                                                       for label in labels[k:close + 1]):
            continue
        decided = _imprint_parts(words, k + 1, close)
        if decided:
            return {k: OTHER} | decided
    return {}


def _imprint_parts(words, start, close) -> dict[int, str]:
    """The labels of an imprint's words from `start` to its closing bracket, or none where
    they are no publisher, places and a year."""
    separators = [j for j in range(start, close) if words[j] in ",:"]
    bounds = [start - 1, *separators, close]
    parts = [range(a + 1, b) for a, b in zip(bounds, bounds[1:])]
    if len(parts) < 3 or any(not part for part in parts) or len(parts[-1]) != 1 or not (
            YEAR_SHAPE.match(words[parts[-1][0]])):
        return {}
    colon = [j for j in separators if words[j] == ":"]
    if colon and (len(colon) > 1 or len(parts) != 3 or words[separators[0]] != ":"):
        return {}
    roles = [LOCATION, PUBLISHER] if colon else [PUBLISHER] + [LOCATION] * (len(parts) - 2)
    known = False
    decided = dict.fromkeys(separators, OTHER)
    for role, part in zip(roles, parts):
        names = [words[j] for j in part if words[j].isalpha()]
        if not names or not names[0][:1].isupper():
            return {}
        known = known or any(role.lower() in lexicon.classes(name)
                             or role == LOCATION and "place" in lexicon.classes(name)
                             for name in names)
        decided.update(dict.fromkeys(part, role))
    return decided | {parts[-1][0]: YEAR} if known else {}


def containers(words, labels) -> dict[int, str]:
    """The checks of this module that read the CRF's labels (`publisher_as_venue` reads the
    final reading: the rules are what read a lone publisher as a journal)."""
    return (series_after_proceedings(words, labels) | edition_in_brackets(words, labels)
            | bracketed_imprint_in_name(words, labels) | conference_short_name(words, labels))


def conference_short_name(words, labels) -> dict[int, str]:
    """"(NeurIPS 2017)", "(ICALP 2019)" after a proceedings' name or volume, that the CRF read
    as the year where the reference prints its year elsewhere: the venue's, as the
    conference's own name is."""
    for k in range(1, len(words) - 3):
        close = k + 3
        if not (words[k] == "(" and words[close] == ")" and labels[k - 1] in (VENUE, VOLUME)
                and _short_name(words[k + 1]) and YEAR_SHAPE.fullmatch(words[k + 2])
                and YEAR in labels[k + 1:close]):
            continue
        if any(label == YEAR and i not in range(k, close + 1) and YEAR_SHAPE.fullmatch(words[i])
               for i, label in enumerate(labels)):
            volume = range(k - 1, k) if labels[k - 1] == VOLUME else range(0)
            return dict.fromkeys(volume, VOLUME) | dict.fromkeys(range(k, close + 1), VENUE)
    return {}


def _short_name(word) -> bool:
    """"NeurIPS", "ICML", "ICALP", "EuroSys": a capital, letters, and two capitals or more."""
    return (word[:1].isupper() and word.isalpha() and len(word) >= 3
            and sum(c.isupper() for c in word) >= 2)
