"""Legal citations, which put the volume before the journal or the court's reporter and the
year last: Bluebook's "Cass R. Sunstein, Nudges.gov, 64 Stan. L. Rev. 1, 12 (2011)" and
"Brown v. Board of Education, 347 U.S. 483 (1954)", OSCOLA's "Donoghue v Stevenson [1932]
AC 562 (HL)". No corpus holds more than a handful, so the CRF reads their volume into the
title and their first page as the volume; the shape is strict enough to decide."""

from ..crf.features import YEAR_SHAPE
from ..labels import OTHER
from .words import (AUTHOR, CITATION_NUMBER, DASHES, GENRE, NOTE, PAGES, TITLE, VENUE,
                    VOLUME, YEAR)


def law_citation(words, labels) -> dict[int, str]:
    """The volume, source (law review or reporter), first page and pin cites, and the year of
    a legal citation's tail; a case's name ("Roe v. Wade") is its title."""
    german = german_law(words, labels)
    if german:
        return german
    end = len(words)
    while end and words[end - 1] in ".;":
        end -= 1
    year, end = _bracketed_year(words, end, "(", ")")
    years = _year_range(words, year)  # "(2011)", "(1996-1997)"
    court = range(end + 1, years[0]) if years else ()  # "(D.C. Cir. 2001)"
    if year is None and end and words[end - 1] == ")":  # a court alone: "(HL)"
        opener = _opener(words, end - 1, "(", reach=5)
        if opener is not None:
            court, end = range(opener, end), opener
    pages = _pages_before(words, end)
    if not pages:
        return {}
    source_end = pages[0]
    if source_end and words[source_end - 1] == ")":  # a parallel reporter: "5 U.S. (1 Cranch) 137"
        opener = _opener(words, source_end - 1, "(")
        source_end = opener if opener is not None else source_end
    source = source_end
    while source and _source_word(words, source - 1):
        source -= 1
    if not (0 < source < source_end and any(w.isalpha() for w in words[source:source_end])):
        return {}
    volume = source - 1 if words[source - 1].isdigit() and len(words[source - 1]) <= 4 else None
    before = volume if volume is not None else source
    bracketed, name_end = _bracketed_year(words, before, "[", "]")
    if bracketed is None:
        bracketed, name_end = _bracketed_year(words, before, "(", ")")
    if bracketed is not None:  # OSCOLA: "[1932] AC 562", "(2006) 115 Yale LJ 1346"
        quoted = name_end and words[name_end - 1] in _CLOSING_QUOTES  # an article's title
        case = None if quoted else _case_name_end(words, name_end, oscola=True)
        if case is None and not quoted:
            return {}
        years, title_end = [bracketed], name_end
    elif volume is not None and before > 1 and words[before - 1] == ",":  # Bluebook
        case = _case_name_end(words, before, oscola=False)
        if year is None:
            if not YEAR_SHAPE.match(words[volume]):  # "1996 U. Chi. Legal F. 207"
                return {}
            years, volume = [volume], None
        statute = "Stat" in words[source:source_end]  # "…, Pub. L. No. 88-352, 78 Stat. 241"
        if case is None and not _law_review(words[source:source_end]) and not statute:
            return {}
        title_end = before - 1
        if statute and case is None:
            first = next((i for i, label in enumerate(labels) if label != CITATION_NUMBER), 0)
            case = words.index(",", first)  # the act's name; its public law number a note
            court = range(case + 1, title_end)
    else:
        return {}
    decided = ({i: PAGES for i in pages} | dict.fromkeys(range(source, source_end), VENUE)
               | dict.fromkeys(court, NOTE))
    decided |= dict.fromkeys(years, YEAR)
    if volume is not None:
        decided[volume] = VOLUME
    if case is not None:
        first = next((i for i, label in enumerate(labels) if label != CITATION_NUMBER), 0)
        decided |= dict.fromkeys(range(first, case), TITLE)
    else:
        decided |= _article_title(words, labels, title_end)
    return decided if any(labels[i] != label for i, label in decided.items()) else {}


def _article_title(words, labels, title_end) -> dict[int, str]:
    """An article's title and its authors, which the rules' evidence would move where the CRF
    was unsure of the tail: the title runs from what the CRF gave the title (or the venue it
    could not find after it) to `title_end` (the volume's comma, the year's bracket); with
    neither, it is the last comma's item ("Eugene Volokh, Cheap Speech and What It Will Do,
    104 Yale L.J. 1805")."""
    start = next((i for i in range(title_end) if labels[i] in (TITLE, VENUE)), None)
    if start is None:
        start = max((i for i in range(title_end) if words[i] == ","), default=-1) + 1
        if not 0 < start < title_end:
            return {}
    return ({i: AUTHOR for i in range(start) if labels[i] == AUTHOR}
            | dict.fromkeys(range(start, title_end), TITLE))


def _bracketed_year(words, end, opener, closer):
    """(index of the year, where the brackets begin) when words[:end] ends in brackets whose
    last word is a year ("(2011)", "(9th Cir. 2003)", "[1932]"); else (None, end)."""
    if not (end > 2 and words[end - 1] == closer and YEAR_SHAPE.match(words[end - 2])):
        return None, end
    start = _opener(words, end - 1, opener)
    return (None, end) if start is None else (end - 2, start)


def _year_range(words, year) -> list[int]:
    """The year's tokens: itself, or a range ending in it ("1996-1997")."""
    if year is None:
        return []
    if year >= 2 and words[year - 1] in _JOINS and YEAR_SHAPE.match(words[year - 2]):
        return [year - 2, year - 1, year]
    return [year]


def _opener(words, close, opener, reach=12):
    """Where the bracket closed at `close` opens, within `reach` words."""
    for i in range(close - 1, max(close - reach, -1), -1):
        if words[i] == opener:
            return i
    return None


def _pages_before(words, end) -> list[int]:
    """The first page and any pin cites and ranges just before `end` ("501", "1089, 1092",
    "1805, 1833–38"), as indexes; [] if a number does not end there."""
    i = end - 1
    if i < 0 or not words[i].isdigit():
        return []
    while i >= 2 and words[i - 1] in _JOINS and words[i - 2].isdigit():
        i -= 2
    return list(range(i, end))


def _source_word(words, i) -> bool:
    """A word of a law review's or reporter's abbreviated name ("Stan. L. Rev.", "J.L. &
    Econ.", "B.U. Int'l L.J.", "F. Supp. 2d", "All ER")."""
    word = words[i]
    return (word[:1].isupper() and word.isalpha() or word in _SOURCE_MARKS
            or word in _SERIES or word == "l" and i and words[i - 1] == "'")


def _case_name_end(words, end, oscola) -> int | None:
    """Where a case's name ends before its citation (at its comma, or at OSCOLA's bracket),
    if the words before hold a "v" between parties ("Roe v. Wade", "Donoghue v Stevenson",
    "R v Brown", "Feist Publications, Inc. v. Rural…"; not the particle of "J. v. d. Berg")."""
    name_end = end if oscola else end - 1
    if name_end < 2 or not oscola and words[name_end] != ",":
        return None
    for i in range(1, name_end - 1):
        if words[i] in ("v", "vs") and _party(words, i - 1) and _next_party(words, i + 1):
            return name_end
    return None


def _party(words, i) -> bool:
    """Whether the word before a case's "v" ends a party's name ("Roe", "Inc.", "R")."""
    if words[i] == "." and i:
        i -= 1
    word = words[i]
    return word[:1].isupper() and word.isalpha() and (len(word) > 1 or word == "R")


def _next_party(words, i) -> bool:
    if i < len(words) and words[i] == ".":
        i += 1
    return i < len(words) and words[i][:1].isupper()


def _law_review(source) -> bool:
    """Whether a source's words name a law review: "L." for Law, "Legal", "Jurist"."""
    letters = [word for word in source if word.isalpha()]
    return "L" in letters or any(word in ("Law", "Legal", "Jurist", "Juris") for word in letters)


_JOINS = DASHES | {","}
_SOURCE_MARKS = frozenset(".&'")
_CLOSING_QUOTES = frozenset("'’”\"")
_SERIES = frozenset({"2d", "3d", "4th", "5th", "2nd", "3rd"})


def german_law(words, labels) -> dict[int, str]:
    """German statutes and decisions by their gazette or reporter: "Mindestlohngesetz –
    MiLoG) vom 11. August 2014, BGBl. I S. 1348." (the act its title, the date after "vom" its
    year, the gazette its venue, "S. 1348" its page) and "BVerfG, Urteil vom 15.12.1983 – 1 BvR
    209/83, BVerfGE 65, 1." (the court its author, the kind of decision its genre, the docket
    number a note, the reporter's volume and first page)."""
    source = next((k for k, word in enumerate(words) if word in _GERMAN_SOURCES), None)
    if source is None or source < 2:
        return {}
    k = source + 1 + (words[source + 1:source + 2] == ["."])
    decided = {source: VENUE}
    if words[k:k + 1] in (["I"], ["II"]):  # a gazette's part, then "S. 1348"
        decided[k] = VENUE
        k += 1 + (words[k + 1:k + 2] == [","])
        if not (words[k:k + 2] == ["S", "."] and k + 2 < len(words) and words[k + 2].isdigit()):
            return {}
        decided |= dict.fromkeys(range(k, k + 3), PAGES)
    elif (k + 2 < len(words) and words[k].isdigit() and words[k + 1] == ","
          and words[k + 2].isdigit()):  # a reporter's volume, then its first page
        decided |= {k: VOLUME, k + 2: PAGES}
    else:
        return {}
    first = next((i for i, label in enumerate(labels) if label != CITATION_NUMBER), 0)
    vom = next((i for i in range(first, source) if words[i] == "vom"), None)
    if vom is not None:
        date_end = next((i for i in range(vom + 1, source) if words[i] in (",", "–", "-")),
                        source)
        decided |= dict.fromkeys(range(vom + 1, date_end), YEAR)
        if words[date_end] in ("–", "-"):  # the docket number: "– 1 BvR 209/83"
            docket_end = next((i for i in range(date_end, source) if words[i] == ","), source)
            decided |= dict.fromkeys(range(date_end + 1, docket_end), NOTE)
    if words[first + 1:first + 2] == [","] and words[first] in _COURTS:
        decided[first] = AUTHOR
        if vom is not None and vom == first + 3:
            decided |= {first + 2: GENRE, vom: OTHER}  # "Urteil", "Beschluss"
    elif vom is not None:
        decided |= dict.fromkeys(range(first, vom), TITLE) | {vom: OTHER}
    return decided if any(labels[i] != label for i, label in decided.items()) else {}


# Germany's law gazettes and its courts' official reporters, and the courts.
_GERMAN_SOURCES = frozenset(("BGBl", "RGBl", "BVerfGE", "BGHZ", "BGHSt", "BVerwGE", "BAGE",
                             "BSGE", "BFHE"))
_COURTS = frozenset(("BVerfG", "BGH", "BVerwG", "BAG", "BSG", "BFH", "EuGH", "OLG", "LG", "AG"))
