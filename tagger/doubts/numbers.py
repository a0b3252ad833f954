"""The numbers at a reference's end, where the CRF gave one another's field."""

import re

from ..text import lexicon
from ..crf.features import YEAR_SHAPE
from ..labels import OTHER
from .words import (DASHES, ISSUE, LOCATION, NOTE, PAGES, PUBLISHER, TITLE, VENUE, VOLUME,
                    YEAR, run_end, run_start)


def range_as_volume(words, labels) -> dict[int, str]:
    """A range of numbers read as the volume in a reading with no pages ("… System
    Demonstrations 38–45 (Association for Computational Linguistics, 2020)", Nature's
    proceedings): a volume is one number, so the range is the pages, unless a word announces
    volumes ("Vol. 1-3") or a month follows (days: "24-25 janvier 2014")."""
    if PAGES in labels or VOLUME not in labels:
        return {}
    start = labels.index(VOLUME)
    end = run_end(labels, start, VOLUME)
    run = words[start:end]
    if not (len(run) == 3 and run[0].isdigit() and run[1] in DASHES and run[2].isdigit()):
        return {}
    announced = start and lexicon.KEYWORDS.get(
        words[start - 1 - (words[start - 1] == ".")].lower()) == VOLUME
    dated = end < len(words) and "month" in lexicon.classes(words[end])  # "24-25 janvier"
    return {} if announced or dated else dict.fromkeys(range(start, end), PAGES)


def series_number(words, labels) -> dict[int, str]:
    """A journal's series in brackets between its name and the volume, as mathematics writes
    it ("Ann. of Math. (2) 54 (1951), 286–295"), which the CRF read into the volume or the
    issue: the series is the journal's ("Acad. Roy. Belg. Bull. Cl. Sci. (5) 74" in GROBID's
    corpus), the number after it the volume."""
    if VENUE not in labels or "(" not in words:
        return {}
    k = words.index("(")
    while k + 3 < len(words):
        if (k and labels[k - 1] == VENUE and len(words[k + 1]) == 1 and words[k + 1].isdigit()
                and words[k + 2] == ")" and words[k + 3].isdigit() and labels[k + 1] != VENUE):
            return {k: VENUE, k + 1: VENUE, k + 2: VENUE, k + 3: VOLUME}
        try:
            k = words.index("(", k + 1)
        except ValueError:
            break
    return {}


def pages_in_volume(words, labels) -> dict[int, str]:
    """A page that the CRF read into the volume before it, where the reading has no pages
    ("Nature 248, 30 (1974)", "Nat. Photonics 7,861 ( 2013)", "Nat. Commun. 9:12, 2018":
    volume "248, 30"): a volume is one number, so of "volume, number" or "volume:number"
    before the year (bracketed or after a comma) or the end, the second is the page (or
    article number: "Phys. Rev. E 50,R36")."""
    if PAGES in labels or VOLUME not in labels:
        return {}
    start = labels.index(VOLUME)
    end = run_end(labels, start, VOLUME)
    stop = end  # the run's trailing comma, if the CRF took it in, is no part of the page
    while stop > start + 2 and words[stop - 1] == ",":
        stop -= 1
    page = words[start + 2:stop]
    if len(page) == 2 and len(page[0]) == 1 and page[0].isupper():  # "R", "36": "R36" cut
        page = [page[0] + page[1]]
    if not (len(page) == 1 and words[start].isdigit() and len(words[start]) <= 4
            and words[start + 1] in (",", ":") and _ARTICLE.fullmatch(page[0])):
        return {}
    after = words[stop:stop + 2]
    if after and after[0] not in "(.;" and not (
            after[0] == "," and len(after) == 2 and YEAR_SHAPE.fullmatch(after[1])):
        return {}
    return {start + 1: OTHER} | dict.fromkeys(range(start + 2, end), PAGES)


_ARTICLE = re.compile(r"[A-Z]?\d{1,6}")


def pages_after_year(words, labels) -> dict[int, str]:
    """The page after the bracketed year, where the reading has no pages and the CRF took it
    for a year, a volume or nothing ("Phys. Rev. Lett. 66 (1991) 1951.", "IEEE Trans. Nucl.
    Sci. 58 (2011) 1845", "Commun. Nonlinear Sci. 20 (2015) 9"): after "volume (year)" comes
    the page, a number or a range, at the end or before a comma, stop or bracket."""
    if PAGES in labels or VOLUME not in labels or "(" not in words:
        return {}
    start = labels.index(VOLUME)
    k = run_end(labels, start, VOLUME)
    if not (k == start + 1 and k + 3 < len(words) and words[start].isdigit() and words[k] == "("
            and YEAR_SHAPE.match(words[k + 1]) and words[k + 2] == ")"):
        return {}
    first = k + 4 if words[k + 3] == "," else k + 3
    end = first + 3 if words[first + 1:first + 2] and words[first + 1] in DASHES else first + 1
    if not (end <= len(words) and all(words[i].isdigit() for i in range(first, end, 2))):
        return {}
    if end < len(words) and (words[end] not in ",.;[(" or words[end] == "." and end + 1 < len(words)
                             and words[end + 1].isdigit()):  # "1209 .1687": an arXiv number
        return {}
    return dict.fromkeys(range(first, end), PAGES)


def lettered_pages(words, labels) -> dict[int, str]:
    """A range of pages whose numbers carry their section's letter, cut by the tokenizer at
    letter and digit ("Am J Physiol 2000; 279:C1880-C1888", "Br J Cardiol 5:S3-S4"): the
    CRF read its last number as a year or the whole as an issue; it is the pages, where the
    CRF read it as numbers at all (a title may open with one: "M7-M8 : Transmission …")."""
    for dash in [j for j, word in enumerate(words) if word in DASHES]:
        k = dash - 2
        if (0 <= k < len(words) - 4 and words[k + 3] == words[k] and len(words[k]) == 1
                and words[k].isupper() and words[k + 1].isdigit() and words[k + 4].isdigit()):
            span = [labels[i] for i in range(k, k + 5)]
            if set(span) <= _NUMBERS and span != [PAGES] * 5:  # not a title's ("M7-M8 : …")
                return dict.fromkeys(range(k, k + 5), PAGES)
            return {}
    return {}


_NUMBERS = frozenset({PAGES, VOLUME, ISSUE, YEAR, OTHER})


def page_of_volume_less_journal(words, labels) -> dict[int, str]:
    """The page of a journal that numbers no volumes, which the CRF read as the volume where
    the reading has no pages ("J. Chem. Soc. Chem. Commun. 117 (1980)", "Synthesis, 706
    (1977)", "Bull. Soc. Chim. Fr. 4181 (1968)"): chemistry cites these by year and page."""
    if PAGES in labels or VOLUME not in labels or VENUE not in labels:
        return {}
    start = labels.index(VOLUME)
    if not start or run_end(labels, start, VOLUME) != start + 1 or not words[start].isdigit():
        return {}
    venue = run_start(labels, start if labels[start - 1] == VENUE else start - 1, VENUE)
    letters = "".join(word for word in words[venue:start] if word.isalpha()).lower()
    return {start: PAGES} if _VOLUME_LESS.search(letters) else {}


# Journals cited by year and page alone, as their letters end a venue (I, II: a series).
_VOLUME_LESS = re.compile(r"(chemcommun|synthesis|synlett|daltontrans|perkintrans"
                          r"|bullsocchimfr(?:ance)?)(?:i|ii|il)?$")


def proceedings_of_science(words, labels) -> dict[int, str]:
    """Proceedings of Science, which numbers each conference's volume by its code and each
    contribution by its number ("PoS(LATTICE2013)016", "PoS LATTICE2013, 016 (2014)", "PoS
    CKM2016 ( 2017)96"): the code after "PoS" is the volume, the number after it the page."""
    if "PoS" not in words:
        return {}
    k = words.index("PoS")
    bracketed = words[k + 1:k + 2] == ["("]  # the official "PoS(LATTICE2013)016"
    code = end = k + 1 + bracketed
    while end < len(words) and words[end].isalnum() and (words[end].isupper()
                                                         or words[end].isdigit()):
        end += 1
    if end == code or not any(word.isalpha() for word in words[code:end]):
        return {}
    if bracketed and words[end:end + 1] != [")"]:
        return {}
    page = end + 1 if end < len(words) and words[end] in ",)" else end
    if page + 3 < len(words) and words[page] == "(" and words[page + 2] == ")":
        page += 3  # "( 2017)96": the year first
    if not (page < len(words) and words[page].isdigit() and len(words[page]) <= 4):
        return {}
    decided = {k: VENUE, **dict.fromkeys(range(code, end), VOLUME), page: PAGES}
    return decided if any(labels[i] != label for i, label in decided.items()) else {}


def year_as_volume(words, labels) -> dict[int, str]:
    """A journal that numbers its volumes by year, read as a second year or as pages: "2019,
    JCAP, 2019(03):017". A year-shaped number before a bracketed issue, a colon and a page, in
    a reading with a year before it, is the volume, the number in brackets its issue."""
    if YEAR not in labels:
        return {}
    for k in range(1, len(words) - 5):
        if (labels[k] in (YEAR, PAGES) and YEAR_SHAPE.match(words[k]) and words[k + 1] == "("
                and words[k + 2].isdigit() and words[k + 3] == ")" and words[k + 4] == ":"
                and words[k + 5][:1].isdigit()
                and YEAR in labels[:run_start(labels, k + 1, labels[k])]):
            return {k: VOLUME, k + 2: ISSUE, k + 5: PAGES}
    return {}


def supplement_issue(words, labels) -> dict[int, str]:
    """ "39(Suppl. 1)", "41(Suppl 2)": the supplement is the issue, its word too, which the CRF
    left to a note."""
    for k in range(2, len(words) - 1):
        if words[k].lower() in _SUPPLEMENT and words[k - 1] == "(" and labels[k - 2] == VOLUME:
            end = k + 1 + (words[k + 1] == ".")
            if end < len(words) and words[end].isdigit() and labels[k] != ISSUE:
                return dict.fromkeys(range(k, end + 1), ISSUE)
    return {}


_SUPPLEMENT = frozenset(("suppl", "supplement", "suppl.", "supp"))


def volume_in_pages(words, labels) -> dict[int, str]:
    """BMC's "Trials 2013, 14:21" read with "14:21" as the pages, in a reading with no volume
    (a printed number in front of the reference makes the CRF do so): a volume is what stands
    before the colon, the page or article number after it."""
    if VOLUME in labels or PAGES not in labels:
        return {}
    start = labels.index(PAGES)
    end = run_end(labels, start, PAGES)
    run = words[start:end]
    while run and run[-1] in (".", ",", ";"):
        run = run[:-1]
    if len(run) == 3 and run[0].isdigit() and run[1] == ":" and run[2].isdigit():
        return {start: VOLUME, start + 1: OTHER}
    return {}


def year_volume_pages(words, labels) -> dict[int, str]:
    """BMC's and Vancouver's end without stops, "Spine (Phila Pa 1976) 1998, 23:2003–2013.",
    "PLoS Med 2011, 8:e1000393.", "Cochrane Database Syst Rev 2005, CD000335.", and ACS's
    "PLoS One 2011, 6, e21026.": the year, then the volume before a colon (or a comma) and the
    pages or article number after it, or an article code alone, closing the reference. The CRF
    ran the year into the journal, the volume into the pages, or left the code out; the
    journal is what stands before the year (a place or a publisher to the CRF: "Trials 2013,
    14:21")."""
    end = len(words) - (words[-1:] == ["."])
    for k in range(1, end - 2):
        if not (YEAR_SHAPE.fullmatch(words[k]) and words[k + 1] == "," and labels[k - 1] != TITLE
                and words[k - 1] not in ",.;:"):
            continue
        tail = _volume_and_pages(words[k + 2:end])
        if tail is None:
            continue
        decided = {k: YEAR, k + 1: YEAR} | {k + 2 + i: label for i, label in enumerate(tail)}
        if labels[k - 1] in (VENUE, LOCATION, PUBLISHER):
            decided |= dict.fromkeys(range(run_start(labels, k, labels[k - 1]), k), VENUE)
        return decided if any(labels[i] != label for i, label in decided.items()) else {}
    return {}


def _volume_and_pages(tail) -> list[str] | None:
    """The labels of "23 : 2003 – 2013", "8 : e1000393", "144 : e24 – e30", "6 , e21026"
    (volume, colon or comma, pages; a supplement before them its issue) or of "CD 000335" (an
    article code), or None for any other tail."""
    if tail and tail[0].lower() in _SUPPLEMENT:  # "2004, Suppl 44:69–74"
        rest = _volume_and_pages(tail[1:])
        return [ISSUE] + rest if rest and rest[0] == VOLUME else None
    if len(tail) >= 3 and tail[0].isdigit() and len(tail[0]) <= 4 and tail[1] in ":,":
        pages = tail[2:]
        if len(pages) == 1 and _PAGE.fullmatch(pages[0]) or (
                len(pages) == 3 and _PAGE.fullmatch(pages[0]) and pages[1] in DASHES
                and _PAGE.fullmatch(pages[2])):
            return [VOLUME, VOLUME] + [PAGES] * len(pages)
        return None
    if len(tail) == 2 and tail[0].isalpha() and tail[0].isupper() and len(tail[0]) <= 3 and (
            tail[1].isdigit() and len(tail[1]) >= 4):
        return [PAGES, PAGES]  # Cochrane's "CD000335", cut by the tokenizer
    return None


_PAGE = re.compile(r"[A-Za-z]?\d{1,7}")


def article_number(words, labels) -> dict[int, str]:
    """Hindawi's "vol. 2010, Article ID 240268, 6 pages, 2010": the article's number is its
    page (as "e110152" is elsewhere; the words that announce it no field's), the count of its
    pages a note and the year after it the year; the CRF read the words into the journal and
    the numbers into the volume and the issue. An "Article 5" in the title or before it (a
    law's article) is left alone."""
    for k in range(len(words) - 2):
        if words[k].lower() != "article" or TITLE in labels[k:]:
            continue
        number = k + 1 + (words[k + 1] in ("ID", "no", "number"))
        number += words[number:number + 1] == ["."]
        if number >= len(words) or not _PAGE.fullmatch(words[number]):
            continue
        decided = dict.fromkeys(range(k, number), OTHER) | {number: PAGES}
        count = number + 1 + (words[number + 1:number + 2] == [","])
        if words[count + 1:count + 2] == ["pages"] and words[count].isdigit():
            decided |= {count: NOTE, count + 1: NOTE}
            year = count + 3
            if words[year - 1:year] == [","] and year < len(words) and YEAR_SHAPE.fullmatch(
                    words[year]):
                decided |= {year - 1: OTHER, year: YEAR}  # "6 pages, 2010"
        if any(label == PAGES and words[i].isalnum() for i, label in enumerate(labels)
               if i not in decided):  # pages of their own: the number is no page
            return {}
        return decided if any(labels[i] != label for i, label in decided.items()) else {}
    return {}


def issue_in_pages(words, labels) -> dict[int, str]:
    """INSPIRE's "Eur. Phys. J. C 77 (2017) no.10, 663" read with "no.10" as the pages' head:
    a marked number opening the pages, before a comma and the page, is the issue."""
    if PAGES not in labels:
        return {}
    start = labels.index(PAGES)
    number = start + 1 + (words[start + 1:start + 2] == ["."])
    if not (words[start].lower() in ("no", "nr", "issue") and number + 2 < len(words)
            and words[number].isdigit() and words[number + 1] == ","
            and labels[number + 2] == PAGES and _PAGE.fullmatch(words[number + 2])):
        return {}
    return dict.fromkeys(range(start, number + 1), ISSUE) | {number + 1: OTHER}


def astronomy_article_id(words, labels) -> dict[int, str]:
    """Astronomy's author–year tail "2019, ApJ, 881, id. 19" and "2018, PASJ, 70, S5" (ADS
    writes article numbers so), and a circular's "2017, GCN Circ., 21506, 1": the number after
    the journal is the volume and what follows it the page (the article's number), where the
    CRF ran the volume into the pages or read the lettered number "S5" (cut by the tokenizer)
    as an issue in a reading with no pages."""
    end = len(words) - (words[-1:] == ["."])
    for k in range(2, end - 2):
        if not (words[k].isdigit() and words[k + 1] == "," and words[k - 1] == ","
                and labels[k - 2] == VENUE):
            continue
        tail = words[k + 2:end]
        if tail[:2] == ["id", "."] and len(tail) == 3 and _PAGE.fullmatch(tail[2]):
            page = k + 4
        elif len(tail) == 2 and len(tail[0]) == 1 and tail[0].isupper() and tail[1].isdigit():
            page = k + 2
        elif len(tail) == 1 and tail[0].isdigit() and labels[k] == PAGES:
            page = k + 2  # "2017, GCN Circ., 21506, 1": the circular's number ran into its page
        else:
            return {}
        decided = {k: VOLUME} | dict.fromkeys(range(page, end), PAGES)
        if PAGES in (labels[k], *labels[k + 2:page]):
            decided |= dict.fromkeys(range(k + 1, page), OTHER)
        return decided if any(labels[i] != label for i, label in decided.items()) else {}
    return {}



def lettered_volume(words, labels) -> dict[int, str]:
    """IEEE's old lettered volumes, "IEEE Trans. Automat. Control AC-19 716–723": a code of
    capitals, a hyphen and a number between the journal and the pages is the volume, which the
    CRF read into the journal's name in a reading with no volume."""
    if VOLUME in labels or PAGES not in labels:
        return {}
    k = labels.index(PAGES)
    if (k >= 4 and labels[k - 3:k] == [VENUE] * 3 and words[k - 3].isupper()
            and words[k - 3].isalpha() and len(words[k - 3]) <= 3 and words[k - 2] == "-"
            and words[k - 1].isdigit() and labels[k - 4] == VENUE):
        return dict.fromkeys(range(k - 3, k), VOLUME)
    return {}


def acm_article(words, labels) -> dict[int, str]:
    """ACM's "ACM Comput. Surv. 51, 4, Article 81 (July 2018), 37 pages.": the volume, the
    issue (a number or a conference's code, "4, OOPSLA,"), the article number the pages (as
    any article id is), its date the year, and the count of pages a note. The CRF had read
    "Article 81" as the issue and "37 pages" as the pages."""
    for k in range(2, len(words) - 3):
        if not (words[k] == "Article" and words[k + 1].isalnum() and any(c.isdigit() for c in words[k + 1])
                and words[k + 2] == "(" and words[k - 1] == ","):
            continue
        close = next((i for i in range(k + 3, min(len(words), k + 8)) if words[i] == ")"), None)
        if close is None or not any(YEAR_SHAPE.fullmatch(w) for w in words[k + 3:close]):
            continue
        decided = {k: PAGES, k + 1: PAGES}
        count = words[close + 1:close + 4]
        if len(count) == 3 and count[0] == "," and count[1].isdigit() and count[2] == "pages":
            decided |= dict.fromkeys(range(close + 2, close + 4), NOTE)
        comma = next((i for i in (k - 3, k - 4) if i > 0 and words[i] == ","), None)
        if (comma is not None and words[comma - 1].isdigit()
                and all(w.isalnum() for w in words[comma + 1:k - 1])):  # "4," "OOPSLA 2,"
            decided |= {comma - 1: VOLUME, comma: VOLUME} | dict.fromkeys(range(comma + 1, k), ISSUE)
        elif words[k - 2].isdigit():
            decided |= {k - 2: VOLUME, k - 1: VOLUME}
        return decided if any(labels[i] != label for i, label in decided.items()) else {}
    return {}


def cited_on_pages(words, labels) -> dict[int, str]:
    """Econometrica's and some economics journals' "[12, 15]" after a reference's last stop:
    the pages of the citing paper where the work is cited, a note, not the work's volume,
    issue or genre."""
    end = len(words) - (words[-1:] == ["."])
    if end < 4 or words[end - 1] != "]":
        return {}
    start = next((i for i in range(end - 2, max(0, end - 14), -1) if words[i] == "["), None)
    inside = words[start + 1:end - 1] if start else []
    if not (inside and start and words[start - 1] in (".", ",")
            and all(w.isdigit() or w in (",", "-", "–") for w in inside) and inside[0].isdigit()):
        return {}
    decided = dict.fromkeys(range(start, len(words)), NOTE)
    return decided if any(labels[i] != label for i, label in decided.items()) else {}


def volume_alone_at_end(words, labels) -> dict[int, str]:
    """APA's "Advances in Neural Information Processing Systems, 30.": after the authors'
    bracketed year, a journal or proceedings followed by one number and the end is its volume
    (APA prints pages after the volume, never alone), which the CRF read as the pages."""
    end = len(words) - (words[-1:] == ["."])
    if not (end >= 3 and words[end - 2] == "," and words[end - 1].isdigit()
            and len(words[end - 1]) <= 3 and labels[end - 1] == PAGES
            and labels[end - 3] == VENUE and VOLUME not in labels
            and PAGES not in labels[:end - 2] and YEAR in labels):
        return {}
    first_year = labels.index(YEAR)
    if not (first_year and words[first_year - 1] == "(" or words[first_year] == "("):
        return {}
    return {end - 2: VENUE, end - 1: VOLUME} | dict.fromkeys(range(end, len(words)), VOLUME)
