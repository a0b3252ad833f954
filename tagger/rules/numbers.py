"""Numbers that mean something: citation number, dates, pages, volume and issue.

Pages, volume and issue are read from the reference's tail (after the title) by shape:
"pp. 1027–1040", "S. 12 ff.", "41(5):85–92", "vol. 3, no. 2", "Bd. 4", "106, 4894–4899".
"""

from .draft import Draft
from .shapes import DASHES, is_han, is_number, is_page_number, is_roman, is_year
from .words import (
    ACCESS_WORDS,
    AFTER_NUMBER,
    ANNOUNCING_WORDS,
    ISSUE_WORDS,
    LETTER_PAGE_WORDS,
    MONTHS,
    NTH,
    PAGE_WORDS,
    VOLUME_WORDS,
)

# Bracketed dates without a year: "(n.d.)", "(forthcoming)", "(in press)", "(s.d.)", "(o.J.)".
_UNDATED = (["n", ".", "d", "."], ["n", ".", "d"], ["forthcoming"], ["in", "press"],
            ["s", ".", "d", "."], ["o", ".", "j", "."], ["o", ".", "j"])
_DATE_PUNCTUATION = (",", ".", "-", "–", "/")


def citation_number(d: Draft) -> int:
    """Label a leading "[12]", "(12)", "12." or "12)"; return the index after it."""
    w = d.word
    if w(0) in ("[", "(") and is_number(w(1)) and w(2) in ("]", ")"):
        end = 3
    elif is_number(w(0)) and len(w(0)) <= 4 and w(1) in (".", ")") and not is_year(w(0)):
        end = 2
    elif is_number(w(0)) and len(w(0)) <= 3 and w(1)[:1].isupper() and not d.glued(1):
        end = 1  # "33 Bergk, V., …"
    elif is_number(w(0)) and len(w(0)) <= 3 and w(1) in ("-", "–") and w(2)[:1].isupper():
        end = 2  # "4- Schortgen F", "26-Vellin J-F"
    else:
        return 0
    d.put(0, end, "citation-number", 0.95)
    return end


def date_at(d: Draft, i: int):
    """End of a date expression starting at token i, or None: "2009.", "2004a,",
    "(2009, May 3)", "(July 1978)", "(n.d.)", "(forthcoming)", "[Jan 1993]"."""
    if d.word(i) in ("(", "["):
        closer = ")" if d.word(i) == "(" else "]"
        for j in range(i + 1, min(len(d), i + 9)):
            if d.word(j) == closer:
                return j + 1 if j > i + 1 and _is_date_inside(d, i + 1, j) else None
        return None
    if is_year(d.word(i)):
        if _opens_han_words(d, i):
            return None
        return max(_date_right(d, i) + 1, _han_date_end(d, i))
    if d.lower(i) == "n" and d.word(i + 1) == "." and d.lower(i + 2) == "d":
        return i + 4 if d.word(i + 3) == "." else i + 3
    return None


def _opens_han_words(d: Draft, y: int) -> bool:
    """Whether year y begins Han words glued to it: "2019年国民经济…公报" is a title, where
    "2019年" and "2019年3月5日" alone are dates."""
    k = _han_date_end(d, y)
    return d.glued(k) and is_han(d.word(k))


def _han_date_end(d: Draft, y: int) -> int:
    """End of a date written in Han after its year y: "2019年3月5日"; y + 1 for a bare year."""
    k = y + 1
    while d.glued(k) and (d.word(k) in _HAN_DATE_WORDS or is_number(d.word(k))):
        k += 1
    while k > y + 1 and is_number(d.word(k - 1)):  # "2019年3": the number is no date's
        k -= 1
    return k


_HAN_DATE_WORDS = ("年", "月", "日")


def undated(d: Draft, start: int, end: int) -> bool:
    """Whether the date expression tokens[start:end] names no year ("(n.d.)", "n.d.",
    "(forthcoming)", "(in press)"): by docs/design.md a note, not a year."""
    return not any(is_year(d.word(k)) or d.word(k)[:4].isdigit() for k in range(start, end))


def _is_date_inside(d: Draft, start: int, end: int) -> bool:
    """Whether tokens[start:end] (inside brackets) are a date and nothing else."""
    words = [d.lower(k) for k in range(start, end)]
    if words in _UNDATED:
        return True
    return any(is_year(d.word(k)) for k in range(start, end)) and all(
        w in MONTHS or is_number(w) or is_year(w) or w in _DATE_PUNCTUATION for w in words)


def _date_span(d: Draft, y: int) -> tuple[int, int]:
    """The whole date around year token y: "15 Feb. 1993", "(June 7, 2015)", "2009, May 3"."""
    start = y
    k = y - 1
    while k >= 0 and y - k <= 5 and d.free(k):
        word = d.lower(k)
        if word in MONTHS:
            start = k
        elif is_number(word) and len(word) <= 2 and d.lower(k + 1) in MONTHS:
            start = k  # "15 Feb. 1993"
        elif word not in (".", ",", "-"):
            break
        k -= 1
    end = _date_right(d, y) + 1
    if d.word(start - 1) == "(" and d.word(end) == ")":
        start, end = start - 1, end + 1
    return start, end


def _date_right(d: Draft, y: int) -> int:
    """Last token of a date that goes on after its year: "2009, May 3" (APA), "2019-01-02",
    "2021 Mar 5" (NLM)."""
    month = d.word(y + 2)
    if d.word(y + 1) == "-" and d.glued(y + 1) and is_number(month) and len(month) == 2:
        end = y + 2
        if d.word(end + 1) == "-" and d.glued(end + 1) and is_number(d.word(end + 2)):
            end += 2
        return end
    if d.word(y + 1) == "," and d.lower(y + 2) in MONTHS:
        end = y + 2
        if is_number(d.word(end + 1)) and len(d.word(end + 1)) <= 2:
            end += 1
        return end
    if d.lower(y + 1) in MONTHS and d.free(y + 1):  # NLM and Vancouver: "2021 Mar 5", "2020 May;"
        end = y + 2 if d.word(y + 2) == "." else y + 1
        if is_number(d.word(end + 1)) and len(d.word(end + 1)) <= 2 and d.free(end + 1):
            end += 1
        return end
    return y


def _is_date_year(d: Draft, y: int) -> bool:
    """A year token that is a date, not part of a name ("the 1993 Connectionist Models")."""
    if not (is_year(d.word(y)) and d.free(y)):
        return False
    after = d.word(y + 1)
    return (after == "" or not after[0].isalpha() or d.lower(y + 1) in MONTHS
            or d.glued(y + 1))


def mark_tail(d: Draft, start: int, year_found: bool) -> None:
    """Label pages, volume, issue and the date in tokens[start:]."""
    _numbers_marked_after(d, start)
    _marked_numbers(d, start)
    _volume_issue_pairs(d, start)
    _dates(d, start, year_found)
    _ranges_and_bare_numbers(d, start)


def _marked_numbers(d: Draft, start: int) -> None:
    """Numbers announced by a word: "pp. 12-19", "S. 12 ff.", "vol. 3", "no. 2", "n°95"."""
    for i in range(start, len(d)):
        word = d.lower(i)
        if word not in ANNOUNCING_WORDS or not d.free(i):
            continue
        j = i + 1
        while d.word(j) in (".", "°", "º", ":") and j - i <= 2:
            j += 1
        if (word in PAGE_WORDS and is_page_number(d.word(j))
                and (d.word(i) not in LETTER_PAGE_WORDS or j > i + 1)):
            d.put(i, _pages_end(d, j), "pages", 0.95)
        elif word in VOLUME_WORDS and (is_number(d.word(j)) or is_roman(d.word(j))):
            d.put(i, j + 1, "volume", 0.9)
        elif word in ISSUE_WORDS and is_number(d.word(j)):
            end = j + 1
            if d.word(end) in DASHES and is_number(d.word(end + 1)):
                end += 2
            d.put(i, end, "issue", 0.9)


def _numbers_marked_after(d: Draft, start: int) -> None:
    """Numbers their marker follows: "제 14 권, 제 1 호" (Korean), "第37卷第1期", "86-87쪽";
    a range ending in the number, and a "제" or "第" before it, are part of it."""
    for i in range(start, len(d)):
        kind = AFTER_NUMBER.get(d.word(i + 1))
        if kind is None or not is_number(d.word(i)) or not d.free(i) or not d.free(i + 1):
            continue
        begin = i
        if d.word(i - 1) in DASHES and is_number(d.word(i - 2)) and d.free(i - 2):
            begin = i - 2
        if d.word(begin - 1) in NTH and d.free(begin - 1):
            begin -= 1
        d.put(begin, i + 2, kind, 0.9)


def _dash_after(d: Draft, j: int) -> int:
    """How many dash tokens follow token j: 1 for "1027–1040", 2 for TeX's "179--211", else 0."""
    if d.word(j + 1) not in DASHES:
        return 0
    return 2 if d.word(j + 2) in DASHES and d.glued(j + 2) else 1


def _pages_end(d: Draft, j: int) -> int:
    """End of a page expression starting at page number j: "12", "1027–1040", "12 ff."."""
    end = j + 1
    dash = _dash_after(d, j)
    if dash and is_page_number(d.word(j + 1 + dash)):
        end += dash + 1
    if d.lower(end) in ("ff", "f"):
        end += 1
        if d.word(end) == ".":
            end += 1
    return end


def _volume_issue_pairs(d: Draft, start: int) -> None:
    """ "41(5)", "17 (1–2)", "105(C10)": a volume with its issue in brackets; "93.1" (MLA)."""
    for i in range(start, len(d)):
        if not is_number(d.word(i)):  # what both shapes begin with
            continue
        if (d.free(i) and d.word(i + 1) == "." and d.glued(i + 1)
                and d.glued(i + 2) and is_number(d.word(i + 2)) and not is_year(d.word(i))):
            d.put(i, i + 1, "volume", 0.8)
            d.put(i + 2, i + 3, "issue", 0.8)
            continue
        if not (d.word(i + 1) == "(" and d.free(i)) or _ends_iso_date(d, i):
            continue
        close = i + 3 if d.word(i + 3) == ")" else i + 5 if d.word(i + 5) == ")" else None
        if close is None or not is_page_number(d.word(i + 2)) or not d.free(i + 2):
            continue
        if close == i + 5 and d.word(i + 3) not in DASHES and d.word(i + 3) != "/":
            continue
        if is_year(d.word(i + 2)) and close == i + 3:
            continue  # "Nature 411 (2001)": the brackets hold the date
        d.put(i, i + 1, "volume", 0.85)
        d.put(i + 1, close + 1, "issue", 0.85)


def _ends_iso_date(d: Draft, i: int) -> bool:
    """Whether number i is the day of a date written "2021-10-20" (a newspaper's, before its
    page: "人民日报, 2021-10-20(5)")."""
    return (all(d.glued(k) for k in range(i - 3, i + 1)) and d.word(i - 1) == d.word(i - 3) == "-"
            and is_year(d.word(i - 4)))


def _dates(d: Draft, start: int, year_found: bool) -> None:
    """The publication date (first date-like year) and access dates (labelled `note`)."""
    years = [i for i in range(start, len(d)) if _is_date_year(d, i)]
    if not year_found:
        years = _bracketed_year_first(d, years)
    for i in years:
        if not _is_date_year(d, i):
            continue
        first, end = _date_span(d, i)
        access = any(d.lower(k) in ACCESS_WORDS for k in range(max(first - 4, start), first))
        bracketed = d.word(first - 1) == "[" and d.word(end) == "]"
        # GB/T 7714 writes an online document's access date in square brackets after its
        # type code: "[EB/OL].(2021-01-25)[2021-08-12]", "Gloo[EB/OL].[2021-08-12]".
        access = access or bracketed and end - first > 2 and _after_online_code(d, start, first)
        if access or (year_found and (bracketed or end - first > 2)):
            d.put(first, end, "note", 0.8)  # accessed or cited: "[2020-03-04]", "Accessed May 2"
        elif not year_found:
            d.put(first, end, "year", 0.85)
            year_found = True


def _after_online_code(d: Draft, start: int, i: int) -> bool:
    """Whether an online document's GB/T type code ("[EB/OL]", "[J/OL]") comes before token i."""
    return any(d.word(k) == "OL" and d.word(k - 1) == "/" for k in range(start + 1, i))


def _bracketed_year_first(d: Draft, years: list[int]) -> list[int]:
    """`years` with a year alone in brackets first, where it follows a bare number (or a range
    from one) after a comma or colon: in "Phys. Rev. D 58, 1845 (2011)", "Bull.21,
    1839(1973)" and "22:1575-1583( 2002)" the page only looks like a year."""
    first = years[0] if years else 0
    if len(years) < 2 or d.word(first - 1) not in (",", ":"):
        return years
    j = first + 1
    if d.word(j) in DASHES and is_number(d.word(j + 1)):
        j += 2
    if d.word(j) == "(" and d.word(j + 2) == ")" and j + 1 in years:
        return [j + 1, *(i for i in years if i != j + 1)]
    return years


def _ranges_and_bare_numbers(d: Draft, start: int) -> None:
    """Page ranges without a word, then the lone numbers of "Journal 106, 4894." style tails."""
    for i in range(start, len(d)):
        dash = _dash_after(d, i)
        if (dash and d.free(i) and is_page_number(d.word(i))
                and is_page_number(d.word(i + 1 + dash)) and d.free(i + 1 + dash)):
            if d.word(i - 1) in DASHES:
                continue
            d.put(i, _pages_end(d, i), "pages", 0.85)
    first_pages = d.labels.index("pages") if "pages" in d.labels else len(d)
    has_pages = first_pages < len(d)
    has_volume = "volume" in d.labels
    for i in range(start, len(d)):
        if not (is_number(d.word(i)) and d.free(i)):
            continue
        before, after = d.word(i - 1), d.word(i + 1)
        if _article_number(d, i) and has_volume and not has_pages and after in _TAIL_END:
            d.put(i - 1, i + 1, "pages", 0.7)  # "A&A, 594, A13": an article number
            has_pages = True
            continue
        if (not has_volume and d.glued(i) and len(before) == 1 and before.isupper()
                and i < first_pages and after in _TAIL_END and _numbers_follow(d, i)):
            d.put(i, i + 1, "volume", 0.7)  # "Phys. Rev. D85": a series letter, then the volume
            has_volume = True
            continue
        if d.glued(i) and before not in ("(", ")", ":", ",", "."):
            continue  # "HPCA-1", "PDIS-94": part of a name; not "100 ( 2008)012301"
        if after not in _TAIL_END:
            continue
        follows_number = _labelled_before(d, i - 1) in ("volume", "issue", "year")
        if before == ":" and not has_pages and follows_number:
            d.put(i, _pages_end(d, i), "pages", 0.8)
            has_pages = True
        elif not has_volume and i < first_pages and before not in ("(", ":"):
            d.put(i, i + 1, "volume", 0.7)
            has_volume = True
        elif has_volume and not has_pages and follows_number:
            d.put(i, i + 1, "pages", 0.7)
            has_pages = True


_TAIL_END = ("", ",", ".", ":", ";", "(", ")")


def _numbers_follow(d: Draft, i: int) -> bool:
    """Whether a page or a bracketed year comes right after number i ("A70 , 013608",
    "D53 ( 1996)"), as after a volume; not "R1: A rule-based configurer"."""
    return d.word(i + 2)[:1].isdigit() or d.word(i + 1) == "(" and is_year(d.word(i + 2))


def _article_number(d: Draft, i: int) -> bool:
    """Number i is an article number's, a capital glued before it opening the word, after a
    volume: "594, A13", "775, L37", "517 ,A92" (a PDF's comma glued to it)."""
    letter = d.word(i - 1)
    return (d.glued(i) and len(letter) == 1 and letter.isupper() and d.free(i - 1)
            and not (d.glued(i - 1) and d.word(i - 2)[-1:].isalnum())
            and _labelled_before(d, i - 2) == "volume")


def _labelled_before(d: Draft, i: int):
    """Label of the nearest labelled token at or before i, skipping punctuation."""
    while i >= 0 and (d.labels[i] is None and not d.word(i)[:1].isalnum()):
        i -= 1
    return d.labels[i] if i >= 0 else None
