"""A reference's date, where the CRF gave it to another field or took another for it.

A reference has a date: where a reading has none, a year-shaped number it gives a volume or
a document type is the year (`missing_year`, which `auto` asks of its last reading, parse.py).
Vancouver writes "2020;382(8):727" (the year, then the volume); a date after "cited" is when
the page was read, not when it was written.
"""

from ..text import lexicon
from ..labels import OTHER
from ..crf.features import YEAR_SHAPE
from .words import (AUTHOR, CITATION_NUMBER, GENRE, ISSUE, LOCATION, NOTE, PUBLISHER, TITLE,
                    VENUE, VOLUME, YEAR, run_start)


# Labels no year is part of as a number.
_NO_YEAR = (VOLUME, GENRE)


def missing_year(words, labels) -> dict[int, str]:
    """Year-shaped numbers read as a volume, a genre or the end of a quoted title by a reading
    with no date at all:
    "刘伟. 2008年北京奥运会的经济影响[J]. 经济研究, 2009, 44(3)" (a title opening with a year
    made the journal's year its volume), "[EB/OL]. (2019-05-01)" (the date of a web page taken
    into its type), or a note after "Published" (AMA's web pages: "Published 2020. Accessed May
    1, 2020."). They are the year: a reference has one, and no volume or type is written like
    it where it has none."""
    if YEAR in labels:
        return {}
    decided = {}
    for i, (word, label) in enumerate(zip(words, labels)):
        if not YEAR_SHAPE.match(word):
            continue
        published = label == NOTE and words[i - 1:i] in (["Published"], ["published"])
        if label in _NO_YEAR and not _announced(words, i) or published:
            decided.update(dict.fromkeys(range(i, _date_end(words, i)), YEAR))
        if published:
            decided[i - 1] = OTHER  # the word that announces it is no field's
        quoted = label == TITLE and _date_after_quoted_title(words, i)
        if quoted:
            decided.update(dict.fromkeys(range(i, quoted), YEAR))
    return decided


def _date_after_quoted_title(words, i) -> int | None:
    """Where IEEE's date after the quoted title ends ("“Darknet: …,” 2013–2016."): a year, or
    a range of years, right after the closing quote and its comma, before a stop or a comma.
    None where words[i] is no such date."""
    end = i + 3 if (words[i + 1:i + 2] in (["–"], ["-"]) and i + 2 < len(words)
                    and YEAR_SHAPE.match(words[i + 2])) else i + 1
    if (i >= 2 and words[i - 1] in ("”", '"') and words[i - 2] == ","
            and words[end:end + 1] in ([","], ["."])):
        return end
    return None


def updated_and_cited(words, labels) -> dict[int, str]:
    """NLM's "[updated 2023 Feb 2; cited 2023 Apr 4]" after a web page's publisher: when the
    page was revised and when it was read, a note whole (the CRF took the first date for the
    year). Checked on the final reading too."""
    if "[" not in words:
        return {}
    for k, word in enumerate(words):
        if word != "[" or words[k + 1:k + 2] == [] or words[k + 1].lower() not in _REVISED:
            continue
        close = next((j for j in range(k + 1, min(len(words), k + 20)) if words[j] == "]"), None)
        if close is None or "cited" not in (w.lower() for w in words[k:close]):
            return {}
        decided = {k: OTHER, close: OTHER} | dict.fromkeys(range(k + 1, close), NOTE)
        return decided if any(labels[i] != label for i, label in decided.items()) else {}
    return {}


_REVISED = frozenset(("updated", "modified", "revised", "reviewed"))


def _announced(words, i) -> bool:
    """Whether a volume's word announces number i ("Volume 2000", "vol. 1999", "Bd. 1850"):
    then it is the volume, where a journal's name before it ("Genet. 2000;") says nothing."""
    k = i - 2 if i > 1 and words[i - 1] == "." else i - 1
    return k >= 0 and lexicon.KEYWORDS.get(words[k].lower()) == VOLUME


def _date_end(words, i) -> int:
    """End of the date whose year is words[i]: "2019-05-01" is five tokens."""
    end = i + 1
    while (end + 1 < len(words) and words[end] == "-" and words[end + 1].isdigit()
           and len(words[end + 1]) <= 2):
        end += 2
    return end


def vancouver_year(words, labels) -> dict[int, str]:
    """Vancouver's "N Engl J Med. 2020;382(8):727-733" read with the year as the volume, where
    a year-shaped number in the title took the year ("… pneumonia in China, 2019. N Engl J
    Med. 2020;382"): a year-shaped number right after the journal's stop, then a semicolon and
    a number, is the year, and the rules decide what the CRF's year was."""
    if ";" not in words or YEAR not in labels or VENUE not in labels:
        return {}
    for i in range(2, len(words) - 2):
        if (labels[i] == VOLUME and YEAR_SHAPE.match(words[i]) and words[i + 1] == ";"
                and words[i + 2][:1].isdigit() and words[i - 1] == "." and labels[i - 2] == VENUE):
            others = {k: None for k, label in enumerate(labels) if label == YEAR}
            return others | {i: YEAR}  # what the year was (the rules decide it)
    return {}


def vancouver_volume(words, labels) -> dict[int, str]:
    """Vancouver's volume between the date's semicolon and the pages' colon, which the CRF
    read as the issue after a day ("Anal Biochem. 1976 May 7;72:248-54") in a reading with
    no volume: an issue is written in brackets there, a volume bare."""
    if ";" not in words or VOLUME in labels or ISSUE not in labels:
        return {}
    for i in range(1, len(words) - 1):
        if (labels[i] == ISSUE and words[i].isdigit() and words[i - 1] == ";"
                and words[i + 1] == ":" and labels[i - 2] == YEAR):
            return {i: VOLUME}
    return {}


def access_date(words, labels) -> dict[int, str]:
    """The date after "cited", "accessed" or "retrieved" is when the reference was read, not
    when it was published (NLM's "2020 [cited 2021 Mar 5]", "Accessed: October 13, 2014",
    "(accessed on 10 October 2014)"): a note, all of it, also where it is the only date the
    reference prints (docs/design.md, "Labels")."""
    if _ACCESS_FORMS.isdisjoint(words):
        return {}
    for k, word in enumerate(words):
        if word.lower() not in lexicon.ACCESS_WORDS:
            continue
        start = k + 1
        while start < len(words) and words[start].lower() in _BEFORE_ACCESS_DATE:
            start += 1
        end = start
        while end < len(words) and words[end] not in _AFTER_ACCESS_DATE and (
                labels[end] in (YEAR, NOTE)):
            end += 1
        if any(labels[i] == YEAR for i in range(start, end)):
            return dict.fromkeys(range(k, end), NOTE)
    return {}


# What stands between the access word and its date ("Accessed: …", "accessed on …"), and
# what closes the date ("[cited 2021 Mar 5]", "(accessed on 10 October 2014).").
_BEFORE_ACCESS_DATE = frozenset((":", "on", "at", "am", "le"))
_AFTER_ACCESS_DATE = frozenset(("]", ")", ";"))


# The access words as references write them ("cited", "Accessed", "RETRIEVED"), so that a
# reference without one is told at once, no word lower-cased.
_ACCESS_FORMS = frozenset(form for word in lexicon.ACCESS_WORDS
                          for form in (word, word.capitalize(), word.upper()))


def online_dates(words, labels) -> dict[int, str]:
    """GB/T 7714's dates of a document read online, after its type code: the date it was
    published or updated in round brackets, the date it was read in square ones
    ("[EB/OL].(2017-02-21)[2021-08-12]", "Gloo[EB/OL].[2021-08-12]"). The first is the year,
    the second a note, whatever the CRF took them for."""
    code = next((k for k in range(2, len(words)) if words[k] == "OL" and words[k - 1] == "/"), None)
    if code is None:
        return {}
    decided = {}
    for i in range(code + 2, len(words) - 1):
        opening = words[i - 1]
        if opening in "([" and YEAR_SHAPE.match(words[i]):
            end = _date_end(words, i)
            closing = ")" if opening == "(" else "]"
            if words[end:end + 1] == [closing] and (opening == "(" or end - i > 1):
                decided.update(dict.fromkeys(range(i, end), YEAR if opening == "(" else NOTE))
    return decided


def in_press(words, labels) -> dict[int, str]:
    """ "PLOS ONE. In press", "Copeia. In press.": the status is a note (docs/design.md,
    "Labels"), not the journal's tail or a publisher; a journal the CRF then read as a place or a
    publisher before it is the venue, where the reading has none."""
    for k in range(len(words) - 1):
        if words[k].lower() == "in" and words[k + 1].lower() == "press" and TITLE not in (
                labels[k], labels[k + 1]):  # "Freedom in press coverage" is a title's
            decided = {k: NOTE, k + 1: NOTE}
            before = k - (k > 0 and words[k - 1] == ".")
            if VENUE not in labels and before > 0 and labels[before - 1] in (LOCATION, PUBLISHER):
                decided |= dict.fromkeys(range(run_start(labels, before, labels[before - 1]),
                                               before), VENUE)
            return decided if any(labels[i] != label for i, label in decided.items()) else {}
    return {}


def status_as_date(words, labels) -> dict[int, str]:
    """ "Jones, R. (forthcoming).", "Weber, Max (im Druck):", "Esser, Hartmut (o.J.):" (ohne
    Jahr, German "n.d."): a status in brackets where an
    author–date list prints the year is no year but a note, as "(n.d.)" is (docs/design.md,
    "Labels"); the CRF read it as the year, or the German one as the title with the given name
    before it. Only in the date's place: after the names, before "." or ":", no year before it."""
    for k in range(1, len(words) - 2):
        if words[k] != "(":
            continue
        status = next((s for s in _STATUSES
                       if [w.lower() for w in words[k + 1:k + 1 + len(s)]] == list(s)), None)
        if status is None:
            continue
        close = k + 1 + len(status)
        if (words[close:close + 1] != [")"] or words[close + 1:close + 2] not in ([":"], ["."])
                or any(YEAR_SHAPE.match(w) for w in words[:k])
                or not (words[k - 1][:1].isupper() or words[k - 1] == ".")):
            continue
        first = next(i for i, label in enumerate(labels) if label != CITATION_NUMBER)
        if not all(_name_part(w) for w in words[first:k]) or k - first > 24:
            continue
        decided = dict.fromkeys(range(first, k), AUTHOR) | dict.fromkeys(range(k, close + 1), NOTE)
        if close + 2 < len(words):  # what follows is the title where the CRF ran the note on
            decided[close + 2] = TITLE if labels[close + 2] in (NOTE, YEAR) else labels[close + 2]
        return decided if any(labels[i] != label for i, label in decided.items()) else {}
    return {}


def _name_part(word) -> bool:
    """A word of a list of names: a capitalized one, an initial, a joining word or a stop."""
    return word[:1].isupper() or word in (",", ".", "&", "and", "und", "/", "-", "von", "van",
                                          "de", "der")


# Statuses printed where the year stands, English and German.
_STATUSES = (("forthcoming",), ("in", "press"), ("im", "druck"), ("im", "erscheinen"),
             ("in", "vorbereitung"), ("o", ".", "j", "."), ("o", ".", "j"))


def no_place_or_year(words, labels) -> dict[int, str]:
    """German "o.O." (ohne Ort, no place) and "o.J." (ohne Jahr, no year) where the imprint
    stands ("Grundsatzprogramm des DGB. o.O.", "Bonn o.J."): a note, as "n.d." is (docs/
    design.md, "Labels"), never a venue's or a title's last words. Bracketed "(o.J.)" where the
    date stands is `status_as_date`'s."""
    decided = {}
    for k in range(len(words) - 2):
        if words[k] == "o" and words[k + 1] == "." and words[k + 2] in ("O", "J") and (
                k == 0 or words[k - 1] != "("):
            end = k + 3 + (words[k + 3:k + 4] == ["."])
            decided |= dict.fromkeys(range(k, end), NOTE)
    return decided if any(labels[i] != label for i, label in decided.items()) else {}
