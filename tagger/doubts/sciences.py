"""The shapes of physics', mathematics' and astronomy's reference lists that the CRF breaks:
INSPIRE's collaboration in square brackets, a reprint or an erratum cited in brackets after
the work, a book in a numbered series, a journal's abbreviated name read into the title (or
IOP's title into the journal), and a work's status ("private communication", "in
preparation", "submitted", "to appear")."""

import re

from ..text import lexicon
from ..labels import OTHER
from .words import (AUTHOR, EDITION, EDITOR, ISSUE, LOCATION, NOTE, PAGES, PUBLISHER, SERIES,
                    TITLE, VENUE, VOLUME, YEAR, run_end, run_start)


def collaboration_in_brackets(words, labels) -> dict[int, str]:
    """INSPIRE's "G. Aad et al. [ATLAS], …" and "R. D. Ball et al. [NNPDF], …": the
    collaboration's short name in square brackets after "et al." is the authors', where the
    CRF opened the title with it. A number in the brackets is a citation ("et al. [12]")."""
    for k in range(2, len(words) - 3):
        if not (words[k] == "[" and words[k - 1 - (words[k - 1] == ".")] == "al"
                and labels[k - 1] == AUTHOR):
            continue
        close = _closing(words, k, limit=8)
        if (close is None or close == k + 1 or not words[k + 1][:1].isupper()
                or words[close + 1:close + 2] not in ([","], ["."])
                or not all(word[:1].isupper() or word in ("and", "&", "-") or word.isdigit()
                           for word in words[k + 1:close])):
            continue
        decided = dict.fromkeys(range(k, close + 1), AUTHOR) | {close + 1: OTHER}
        return decided if any(labels[i] != label for i, label in decided.items()) else {}
    return {}


def bracketed_citation(words, labels) -> dict[int, str]:
    """A reprint, a translation or an erratum cited in square brackets after the work ("…,
    Adv. Theor. Math. Phys. 2, 231 (1998) [Int. J. Theor. Phys. 38, 1113 (1999)]", "[erratum:
    Phys. Rev. D 18 (1978), 2199]", "[Erratum-ibid. D 18, 2199 (1978)]") is a note (as GROBID's
    annotators have it), where the CRF read a second journal, volume and pages into the work's.
    The brackets must follow the work's journal and numbers and hold a word and two numbers."""
    for k in range(3, len(words) - 3):
        if words[k] != "[" or VENUE not in labels[:k] or not {VOLUME, PAGES} & set(labels[:k]):
            continue
        close = _closing(words, k, limit=24)
        if close is None:
            continue
        inside = words[k + 1:close]
        numbers = [word for word in inside if word[:1].isdigit()]
        if (len(numbers) < 2 or not inside[0][:1].isalpha()
                or any("arxiv" in word.lower() or "/" in word for word in inside)
                or not (inside[0].lower().startswith(("erratum", "addendum", "ibid"))
                        or _abbreviated_head(inside))):
            continue
        decided = {k: OTHER, close: OTHER} | dict.fromkeys(range(k + 1, close), NOTE)
        return decided if any(labels[i] != label for i, label in decided.items()) else {}
    return {}


def _abbreviated_head(words) -> bool:
    """Whether `words` open with a journal's abbreviated name: "Sov. Phys. JETP", "JETP
    Lett.", "Int. J. Theor. Phys." (a capitalized word with its stop among the first two)."""
    return any(words[i][:1].isupper() and words[i + 1] == "."
               for i in range(min(2, len(words) - 1)))


def book_series(words, labels) -> dict[int, str]:
    """A book in a numbered series, read as a journal and its volume: "Algebraic geometry,
    Graduate Texts in Mathematics, vol. 52, Springer-Verlag, New York, 1977", "Characteristic
    classes, Annals of Mathematics Studies, No. 76, Princeton University Press", "Optimal
    Transport. Grundlehren der mathematischen Wissenschaften, vol. 338. Springer". After the
    title, before the publisher, in a reading with no pages, a numbered container named as
    series are named (texts, studies, lecture notes, …) is the `series` (docs/design.md), its
    number too; an unnumbered one may be proceedings ("Progress in artificial intelligence")
    unless it calls itself a series ("Wiley Series in …", "Classics in Mathematics")."""
    if PAGES in labels or PUBLISHER not in labels:
        return {}
    kind = VENUE if VENUE in labels else SERIES
    if kind not in labels:
        return {}
    start = labels.index(kind)
    end = run_end(labels, start, kind)
    edition = _edition_before(words, labels, start)
    if (kind in labels[end:] or edition < 2 or labels[edition - 1] != TITLE
            or words[start - 1] not in (",", ".")
            or not _SERIES_WORDS & {word.lower() for word in words[start:end]}):
        return {}
    stop = end
    while words[stop - 1] in (",", "."):
        stop -= 1
    if len(words[stop:stop + 3]) == 3 and (words[stop], words[stop + 2]) == ("(", ")") and (
            words[stop + 1].isdigit()):
        stop += 3  # the series' own series: "Ergebnisse der Mathematik … (2), vol. 34"
    mark = stop + (words[stop:stop + 1] in ([","], ["."]))
    if mark + 1 < len(words) and words[mark].lower() in ("vol", "volume", "no", "nr", "bd"):
        number = mark + 1 + (words[mark + 1] == ".")
        if number >= len(words) or not words[number].isdigit():
            return {}
        stop = number + 1
    elif stop < len(words) and words[stop].isdigit() and stop == end - (words[end - 1] in ",."):
        stop += 1  # "Cambridge Series in Statistical and Probabilistic Mathematics 3."
    elif not (words[stop - 1].isdigit() or _NAMED_SERIES & {w.lower() for w in words[start:end]}):
        return {}  # unnumbered, "Progress in artificial intelligence" may be proceedings
    rest = max(end, stop + (words[stop:stop + 1] in ([","], ["."])))
    if rest >= len(words) or labels[rest] not in (PUBLISHER, LOCATION):
        return {}
    decided = dict.fromkeys(range(edition, start), EDITION) | dict.fromkeys(range(start, stop),
                                                                            SERIES)
    return decided if any(labels[i] != label for i, label in decided.items()) else {}


def _edition_before(words, labels, start) -> int:
    """Where an edition ("2nd ed.", "2nd edn.") that ends just before `start` begins, which the
    CRF may have read as a note; `start` itself where there is none."""
    k = start - 1 - (words[start - 1] == ",")
    k -= words[k] == "."
    if k >= 2 and words[k].lower() in ("ed", "edn", "edition") and (
            _ORDINAL.fullmatch(words[k - 1].lower()) and words[k - 2] == ","):
        return k - 1  # "third ed.," whatever the CRF made of it
    if start < 3 or labels[start - 1] not in (EDITION, NOTE):
        return start
    begin = run_start(labels, start, labels[start - 1])
    if {"ed", "edn", "edition"} & {word.lower() for word in words[begin:start]}:
        return begin
    return start


_SERIES_WORDS = frozenset(("texts", "studies", "series", "lecture", "notes", "grundlehren",
                           "classics", "monographs", "surveys", "tracts", "progress",
                           "publications", "ergebnisse"))
_ORDINAL = re.compile(r"\d+(st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth"
                      r"|ninth|tenth")
_NAMED_SERIES = frozenset(("series", "grundlehren", "classics"))  # a series without a number


def journal_in_title(words, labels) -> dict[int, str]:
    """A title that ran on into the journal's abbreviated name after its last comma: "Cool
    horizons for entangled black holes, Fortsch. Phys. 61, 781", "…, Progr. Math. 213 (2003)".
    Two abbreviations ("Xx. Yy.") or a journal's word ("Phys.") alone after the comma, directly
    before the journal or its volume, are the journal's; a place ("…, Jeju Island, Korea.
    Parasitol. Res.", "…, Kentucky. U.S. Geological Survey") is not."""
    if TITLE not in labels:
        return {}
    start = labels.index(TITLE)
    end = run_end(labels, start, TITLE)
    if end >= len(words) or not (labels[end] == VENUE or labels[end] == VOLUME
                                 and words[end].isdigit()):
        return {}
    k = end
    while k - 2 > start and words[k - 1] == "." and words[k - 2][:1].isupper() and (
            words[k - 2].isalpha() and len(words[k - 2]) <= 8):
        k -= 2
    if k == end or words[k - 1] != "," or k - 1 <= start:
        return {}
    abbreviations = [words[i].lower() for i in range(k, end, 2) if len(words[i]) > 1]
    if not (len(abbreviations) >= 2 or abbreviations and abbreviations[0] in _JOURNAL_HEADS):
        return {}  # "…, Jeju Island, Korea. Parasitol. Res." ends on a place
    if labels[end] == VOLUME and not lexicon.VENUE_WORDS.intersection(abbreviations):
        return {}
    return dict.fromkeys(range(k, end), VENUE)


def title_in_journal(words, labels) -> dict[int, str]:
    """IOP's Harvard style, which sets no stop between the title and the journal: "Polkovnikov
    A … 2011 Colloquium: Nonequilibrium dynamics of closed interacting quantum systems Rev. Mod.
    Phys. 83 863". A journal read from the year to the volume, whose abbreviated name ("Rev. Mod.
    Phys.") follows words no journal's name has (lower-case words of a sentence), in a reading
    with no title, holds the title before its abbreviations."""
    if TITLE in labels or VENUE not in labels:
        return {}
    start = labels.index(VENUE)
    end = run_end(labels, start, VENUE)
    if start == 0 or labels[start - 1] != YEAR or end >= len(words) or labels[end] != VOLUME:
        return {}
    k = end - (words[end - 1] == ",")
    k -= words[k - 1].isupper() and len(words[k - 1]) == 1  # "Phys. Rev. B"
    abbreviations = 0
    while k - 2 > start and words[k - 1] == "." and words[k - 2][:1].isupper() and (
            words[k - 2].isalpha() and len(words[k - 2]) <= 8):
        k -= 2
        abbreviations += 1
    front = words[start:k]
    if abbreviations < 2 or not lexicon.VENUE_WORDS.intersection(
            word.lower() for word in words[k:end]) or len(front) < 3 or not any(
            word.islower() and len(word) >= 4 and word not in lexicon.VENUE_WORDS
            for word in front):
        return {}
    return dict.fromkeys(range(start, k), TITLE)


# Abbreviations that open the names of mathematics' and physics' journals ("Comm. Pure Appl.
# Math.", "Amer. J. Math.", "Progr. Theoret. Phys.", "Phil. Mag.") besides the venue words.
_JOURNAL_HEADS = lexicon.VENUE_WORDS | frozenset((
    "comm", "amer", "progr", "phil", "publ", "izv", "sov", "fortsch", "fortschr", "nuovo",
    "nucl", "astrophys", "astron", "class", "quant", "mod", "rend", "mem", "math", "mat",
    "geom", "topol", "invent", "duke", "indiana", "pacific", "trans", "theor", "selecta"))


def unpublished_status(words, labels) -> dict[int, str | None]:
    """A work's status, "private communication", "in preparation", "submitted", "unpublished",
    "to appear (in)", is a note (as "in press" is: docs/design.md), not a title or the
    journal's tail; a journal the CRF then left in the note before "submitted" ("2021, MNRAS,
    submitted") is the venue, where the reading has none (the one after "to appear in" is its
    own); a reading that made a note of all before the status too ("[5] J. Preskill,
    unpublished.") leaves those words to the rules."""
    if _STATUS_WORDS.isdisjoint(word.lower() for word in words):
        return {}  # (most references: one pass, not a status sought at every word)
    for k in range(1, len(words)):
        status = _status_at(words, k)
        if not status:
            continue
        decided = dict.fromkeys(range(k, k + status), NOTE)
        if words[k - 1] == "(" and words[k + status:k + status + 1] == [")"]:
            decided |= {k - 1: NOTE, k + status: NOTE}  # "(in preparation)" whole
            if k > 1 and labels[k - 2] == AUTHOR:  # in the year's place: the authors end there
                decided |= dict.fromkeys(range(run_start(labels, k - 1, AUTHOR), k - 1), AUTHOR)
        before = k - (words[k - 1] in (",", "."))
        if AUTHOR not in labels and all(label == NOTE for label in labels[:k]):
            decided |= dict.fromkeys(range(before), None)  # "[5] J. Preskill, unpublished."
        if (words[k].lower() == "submitted" and VENUE not in labels and before > 0
                and labels[before - 1] in (NOTE, LOCATION, PUBLISHER)
                and words[before - 1][:1].isupper()):
            first = run_start(labels, before, labels[before - 1])
            if YEAR in labels[:first] or labels[first - 1:first] == [OTHER]:
                decided |= dict.fromkeys(range(first, before), VENUE)
        return decided if any(labels[i] != label for i, label in decided.items()) else {}
    return {}


# A word every status holds, so that a reference without any is passed over at once.
_STATUS_WORDS = frozenset(("private", "preparation", "appear", "submitted", "unpublished"))


def _status_at(words, k) -> int:
    """How many words of a status begin at words[k] (0: none): "private communication", "in
    preparation", "to appear (in)", or "submitted" or "unpublished" closing the reference."""
    pair = " ".join(words[k:k + 2]).lower()
    if pair in ("private communication", "in preparation"):
        return 2
    if pair == "to appear":
        return 3 if words[k + 2:k + 3] == ["in"] else 2
    if words[k].lower() in ("submitted", "unpublished") and all(word in ".)"
                                                               for word in words[k + 1:]):
        return 1
    return 0


def _closing(words, k, limit) -> int | None:
    """The "]" that closes the "[" at words[k] within `limit` words, with none opening between."""
    for i in range(k + 1, min(len(words), k + limit + 1)):
        if words[i] == "[":
            return None
        if words[i] == "]":
            return i
    return None


def second_work(words, labels) -> dict[int, str]:
    """ "…, Phys. Rev. Lett. 30, 1343 (1973); H. D. Politzer, ibid. 30, 1346 (1973).": a second
    work after ";" (other authors, "ibid.", or an erratum's "78, 1396(E) (1997)"; after the
    page, Elsevier's "Erratum-ibid. B430 (1994) 485") is no part of the first's fields; the CRF
    ran its year into the first's and read the rest as a note. One line gives one record, so the second work is a note, the first's fields its own (the
    finder cuts a list's compound entries into references: docs/design.md, "Labels"). GROBID's
    annotators give a second page and year of the same authors ("89, 7017 (1967)") the first
    work's fields; that shape, without "(E)", is left to the CRF."""
    for k in range(3, len(words) - 3):
        if not (words[k] == ";" and VENUE in labels[:k]):
            continue
        tail = words[k + 1:]
        if words[k - 1] == ")" and labels[k - 2] == YEAR:
            if not (_names_start(tail) or tail[0].lower() == "ibid"
                    or any(tail[i:i + 3] == ["(", "E", ")"] for i in range(len(tail)))):
                continue
        elif not (words[k - 1].isdigit() and YEAR in labels[:k - 1]
                  and tail[0].lower().startswith(("erratum", "ibid"))):
            continue  # Elsevier's "B426 (1994) 19; Erratum-ibid. B430 (1994) 485" passes
        end = len(words) - (words[-1] == ".")
        decided = {i: NOTE for i in range(k + 1, end) if labels[i] not in _IDENTIFIERS}
        return decided if any(labels[i] != label for i, label in decided.items()) else {}
    return {}


def _names_start(words) -> bool:
    """Whether `words` open with a name written initials first: "H. D. Politzer,"."""
    j = 0
    while j + 1 < len(words) and len(words[j]) == 1 and words[j].isupper() and words[j + 1] == ".":
        j += 2
    return j > 0 and j + 1 < len(words) and words[j][:1].isupper() and words[j + 1] in (",", "and")


_IDENTIFIERS = frozenset(("doi", "url", "arxiv", "isbn"))


def book_after_in(words, labels) -> dict[int, str]:
    """ "P. Ginsparg, Applied conformal field theory, in Fields, Strings and Critical Phenomena
    (Les Houches 1988), E. Brézin and J. Zinn-Justin eds., North-Holland": after a part's title,
    ", in" opens the book its editors follow, where the CRF ran the book into the title. Only
    with the editors named right after it: a book after "in" with no title before it is the
    title (GROBID's annotators), and without editors "in" may be the title's own word."""
    if VENUE in labels or TITLE not in labels:
        return {}
    start = labels.index(TITLE)
    end = run_end(labels, start, TITLE)
    if labels[end:end + 1] != [EDITOR] or not any(
            lexicon.KEYWORDS.get(word.lower()) == EDITOR
            for word in words[end:run_end(labels, end, EDITOR)]):
        return {}
    for k in range(start + 2, end - 2):
        if words[k] == "in" and words[k - 1] == "," and words[k + 1][:1].isupper():
            last = end - (words[end - 1] == ",")
            return {k - 1: OTHER, k: OTHER} | dict.fromkeys(range(k + 1, last), VENUE)
    return {}


def journal_head_as_title(words, labels) -> dict[int, str]:
    """A journal's first word read as a title of its own, with nothing between it and the rest
    of the journal: "A. M. Polyakov, Pis'ma Zh. Eksp. Teor. Fiz. 20, 430 (1974)". A title ends
    on a stop, a comma or a quote before the journal; a one-word "title" that runs straight
    into an abbreviated journal's name, right after the authors and before its volume, is the
    journal's head."""
    if TITLE not in labels or VENUE not in labels:
        return {}
    start = labels.index(TITLE)
    end = run_end(labels, start, TITLE)
    run = words[start:end]
    if (TITLE in labels[end:] or labels[end:end + 1] != [VENUE] or words[end + 1:end + 2] != ["."]
            or not (len(run) == 1 and run[0].isalpha() or len(run) == 3 and run[1] in "'’"
                    and run[0].isalpha() and run[2].isalpha())
            or start < 2 or words[start - 1] != "," or labels[start - 2] != AUTHOR
            or VOLUME not in labels[end:]):
        return {}  # IOP's "2015 Advanced LIGO Class. Quantum Grav." is a title
    return dict.fromkeys(range(start, end), VENUE)


def book_after_title(words, labels) -> dict[int, str]:
    """A chapter in a book as the AMS prints it, with no "in": "M. Gromov, Hyperbolic groups,
    Essays in group theory, Math. Sci. Res. Inst. Publ., vol. 8, Springer, New York, 1987,
    pp. 75–263", "J. Tate, Fourier analysis in number fields, and Hecke's zeta-functions,
    Algebraic Number Theory (Proc. …) (J. W. S. Cassels and A. Fröhlich, eds.), Thompson, …".
    The CRF ran the book into the title (and read the series as the journal). In a reading with
    pages, a book ends before a numbered series ("…, Lecture Notes in Math., Vol. 170,
    Springer") or its editors in brackets ("(…, eds.)"); the chapter's title ends at its first
    comma before a capital (not a part's numeral: "…, III"), and the book is what follows."""
    if PAGES not in labels or TITLE not in labels:
        return {}
    start = labels.index(TITLE)
    if start < 2 or words[start - 1] != ",":
        return {}
    for end in range(start + 3, len(words) - 2):
        series = _numbered_series_at(words, labels, end)
        if series or _editors_bracket_at(words, labels, end):
            break
    else:
        return {}
    if {AUTHOR, EDITOR} & set(labels[start:end]):
        return {}
    depth = 0
    for comma in range(start + 1, end - 2):
        depth += (words[comma] == "(") - (words[comma] == ")")
        if (words[comma] == "," and depth == 0 and words[comma + 1][:1].isupper()
                and words[comma + 1].isalpha() and words[comma + 1] not in _NUMERALS):
            break
    else:
        return {}  # (a comma in brackets is no end: "… Caldera (Oregon, USA): …")
    book_end = end - (words[end - 1] == ",")
    decided = dict.fromkeys(range(start, comma), TITLE) | {comma: OTHER}
    decided |= dict.fromkeys(range(comma + 1, book_end), VENUE)
    if series:
        decided |= dict.fromkeys(range(end, series), SERIES)
    return decided if any(labels[i] != label for i, label in decided.items()) else {}


def _numbered_series_at(words, labels, k) -> int:
    """Where the numbered series that begins at words[k] ("Lecture Notes in Math., Vol. 341,"
    before the publisher) ends, its number included; 0 where none begins there."""
    if words[k - 1] != ",":
        return 0
    for v in range(k + 1, min(len(words) - 3, k + 12)):
        if words[v] == "," and words[v + 1].lower() in ("vol", "volume", "no"):
            number = v + 2 + (words[v + 2] == ".")
            if (number + 1 < len(words) and words[number].isdigit() and words[number + 1] == ","
                    and labels[number + 2:number + 3] == [PUBLISHER]
                    and _CHAPTER_SERIES_WORDS & {word.lower() for word in words[k:v]}):
                return number + 1
            return 0
        if words[v] == ",":
            return 0
    return 0


def _editors_bracket_at(words, labels, k) -> bool:
    """Whether words[k] opens a book's editors in brackets: "(J. W. S. Cassels and A. Fröhlich,
    eds.)"."""
    if words[k] != "(" or not words[k + 1][:1].isupper():
        return False
    close = words.index(")", k) if ")" in words[k:] else None
    return close is not None and close - k <= 24 and any(
        word.lower() in ("ed", "eds", "editor", "editors") for word in words[k:close])


_CHAPTER_SERIES_WORDS = _SERIES_WORDS | frozenset(("publ", "lect", "math", "progr"))
_NUMERALS = frozenset(("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"))


def series_after_editors(words, labels) -> dict[int, str]:
    """AIP's proceedings in a numbered series after their editors: "in The Whys of Subnuclear
    Physics, edited by A. Zichichi, Subnuclear Series Vol. 15 (Plenum, New York, 1979)". A
    second stretch of the journal after the editors, naming itself a series and numbered
    ("Vol. 15"), is the series, its number too; the CRF joined it to the book's name."""
    if EDITOR not in labels or VENUE not in labels:
        return {}
    editors = run_end(labels, labels.index(EDITOR), EDITOR)
    if VENUE not in labels[:editors] or labels[editors:editors + 1] != [VENUE]:
        return {}
    end = run_end(labels, editors, VENUE)
    number = end + 1 + (words[end + 1:end + 2] == ["."])
    if not ({"series", "ser"} & {word.lower() for word in words[editors:end]}
            and words[end].lower() in ("vol", "volume", "no") and number < len(words)
            and words[number].isdigit() and labels[number] == VOLUME):
        return {}
    return dict.fromkeys(range(editors, number + 1), SERIES)


def publisher_opening_imprint(words, labels) -> dict[int, str]:
    """APS's and AIP's imprint in brackets after a book or proceedings: "in Proceedings of the
    28th Annual ACM Symposium on Theory of Computing (ACM, New York, 1996), pp. 212–219". The
    CRF read "(ACM," into the proceedings' name; a bracket that opens on a few capitalized
    words and a comma, then the place and the year, is the publisher's, place's and year's."""
    if VENUE not in labels:
        return {}
    start = labels.index(VENUE)
    end = run_end(labels, start, VENUE)
    k = end - 1 - (words[end - 1] == ",")
    while k > start and words[k] != "(" and end - k <= 5:
        k -= 1
    if (words[k] != "(" or k == end - 1 or words[end - 1] != ","
            or labels[end:end + 1] not in ([LOCATION], [YEAR])
            or not all(word[:1].isupper() or word in "&-." for word in words[k + 1:end - 1])):
        return {}
    close = end
    while close < len(words) and labels[close] in (LOCATION, YEAR) and words[close] != ")":
        close += 1
    if close >= len(words) or words[close] != ")" or YEAR not in labels[end:close + 1]:
        return {}
    return {k: OTHER} | dict.fromkeys(range(k + 1, end - 1), PUBLISHER)


def place_after_journal(words, labels) -> dict[int, str]:
    """APS's "J. S. Bell, Physics (Long Island City, N.Y.) 1, 195 (1964)": a one-word journal
    with its place in brackets before the volume, which the CRF read as a title running into
    the place. The word after the authors is the journal, the bracket its place (a location,
    as the corpora have "Nature (London)" and "Proc Natl Acad Sci USA")."""
    if VOLUME not in labels or TITLE not in labels:
        return {}
    volume = labels.index(VOLUME)
    if volume < 5 or not words[volume].isdigit() or words[volume - 1] != ")":
        return {}
    begin = volume - 2
    while begin > 0 and words[begin] != "(" and volume - begin <= 9:
        begin -= 1
    inside = words[begin + 1:volume - 1]
    if (words[begin] != "(" or not inside
            or not all(word[:1].isupper() or word in ",." for word in inside)
            or not (LOCATION in labels[begin + 1:volume - 1]
                    or any("place" in lexicon.classes(word) for word in inside))
            or any("publisher" in lexicon.classes(word) for word in inside)):
        return {}
    head = begin - 1
    if not (labels[head] == TITLE and words[head][:1].isupper() and words[head].isalpha()
            and words[head - 1] == "," and labels[head - 2] == AUTHOR
            and TITLE not in labels[begin:]):
        return {}
    return {head: VENUE, begin: OTHER, volume - 1: OTHER} | dict.fromkeys(
        range(begin + 1, volume - 1), LOCATION)


def book_part_in_title(words, labels) -> dict[int, str]:
    """A book's numbered part after its title, as MathSciNet writes it: "M. Reed and B. Simon,
    Methods of modern mathematical physics. I. Functional analysis, Academic Press, New York,
    1972". The CRF read "I. Functional analysis" as the journal; after the title's stop, a
    Roman numeral and its stop open the part's name, which is the title's, in a book's reading
    (a publisher, no volume, issue or pages)."""
    if (VENUE not in labels or PUBLISHER not in labels
            or {VOLUME, ISSUE, PAGES} & set(labels)):
        return {}
    start = labels.index(VENUE)
    if not (2 < start + 2 < len(words) and labels[start - 1] == TITLE
            and words[start - 1] == "." and words[start] in _NUMERALS
            and words[start + 1] == "." and labels[start - 2] == TITLE):
        return {}
    return dict.fromkeys(range(start, run_end(labels, start, VENUE)), TITLE)
