"""Read publication and access dates: "(2011).", "septembre 2014,", "2016a", "n.d.", "in press".

The result is {"year", "month", "day"} (as far as given), with "suffix" for "2016a",
"end_year" for "1999/2000" and "season" (1-4) for "Spring 2001"; or {"literal": ...} when the
text names no year but a status ("n.d.", "in press", "forthcoming").
"""

import re
from functools import lru_cache

MONTH_NAMES = {
    1: ("january", "janvier", "januar", "jänner", "enero", "gennaio", "janeiro", "januari"),
    2: ("february", "février", "fevrier", "februar", "febrero", "febbraio", "fevereiro",
        "februari"),
    3: ("march", "mars", "märz", "marz", "marzo", "março", "maart"),
    4: ("april", "avril", "abril", "aprile"),
    5: ("may", "mai", "mayo", "maggio", "maio", "mei"),
    6: ("june", "juin", "juni", "junio", "giugno", "junho"),
    7: ("july", "juillet", "juli", "julio", "luglio", "julho"),
    8: ("august", "août", "aout", "agosto", "augustus"),
    9: ("september", "septembre", "septiembre", "settembre", "setembro"),
    10: ("october", "octobre", "oktober", "octubre", "ottobre", "outubro"),
    11: ("november", "novembre", "noviembre", "novembro"),
    12: ("december", "décembre", "decembre", "dezember", "diciembre", "dicembre", "dezembro"),
}
SEASONS = {"spring": 1, "summer": 2, "fall": 3, "autumn": 3, "winter": 4,
           "printemps": 1, "été": 2, "automne": 3, "hiver": 4,
           "frühling": 1, "frühjahr": 1, "sommer": 2, "herbst": 3}

YEAR = re.compile(r"(?<![\d.])(1[0-9]\d\d|20\d\d)(?:\s*[/–-]\s*(\d{4}|\d{2}))?([a-z])?(?![\d\w])")
ISO_DATE = re.compile(r"(?<!\d)(1\d{3}|20\d\d)[-/.](\d{1,2})(?:[-/.](\d{1,2}))?(?!\d)")
EUROPEAN_DATE = re.compile(r"(?<!\d)(\d{1,2})\.\s?(\d{1,2})\.\s?(1\d{3}|20\d\d)(?!\d)")
HAN_DATE = re.compile(r"(1\d{3}|20\d\d)\s*年\s*(?:(\d{1,2})\s*月)?\s*(?:(\d{1,2})\s*日)?")
NO_DATE = re.compile(
    r"(?<!\w)(?:n\.\s?d\.?|nd|s\.\s?d\.?|o\.\s?j\.?|s\.\s?f\.?|sans date|no date)(?!\w)", re.I
)
STATUS = re.compile(
    r"\b(in press|in print|im druck|sous presse|en prensa|forthcoming|to appear|accepted|"
    r"submitted|under review|in preparation|in review|preprint)\b",
    re.I,
)
WORD = re.compile(r"[^\W\d_]+\.?")
DAY = re.compile(r"(?<!\d)([0-3]?\d)(?:st|nd|rd|th|er|\.)?(?!\d)")


def parse_date(text: str) -> dict | None:
    """The date a year/date span names, or None when it names none."""
    text = " ".join(str(text).split())
    numeric = _numeric_date(text)
    if numeric:
        return numeric
    year = YEAR.search(text)
    if not year:
        if NO_DATE.search(text):
            return {"literal": "n.d."}
        status = parse_status(text)
        return {"literal": status} if status else None
    date = {"year": int(year.group(1))}
    if year.group(2):
        end = year.group(2)
        end_year = int(year.group(1)[:2] + end if len(end) == 2 else end)
        if end_year > date["year"]:
            date["end_year"] = end_year
    if year.group(3):
        date["suffix"] = year.group(3)
    date.update(_month_and_day(text))
    return date


def parse_status(text: str) -> str | None:
    """ "in press", "forthcoming", ... when the text says the work is not yet published."""
    found = STATUS.search(str(text))
    return found.group(1).lower() if found else None


def _numeric_date(text: str) -> dict | None:
    """ "2014-03-05", "2014/3", "05.03.2014", "2014年3月5日"."""
    for pattern, order in ((HAN_DATE, "ymd"), (ISO_DATE, "ymd"), (EUROPEAN_DATE, "dmy")):
        found = pattern.search(text)
        if not found:
            continue
        values = dict(zip(order, found.groups(), strict=True))
        date = _valid(int(values["y"]), values.get("m"), values.get("d"))
        if date:
            return date
    return None


def _valid(year: int, month: str | None, day: str | None) -> dict | None:
    date = {"year": year}
    if month:
        if not 1 <= int(month) <= 12:
            return None
        date["month"] = int(month)
        if day:
            if not 1 <= int(day) <= 31:
                return None
            date["day"] = int(day)
    return date


def _month_and_day(text: str) -> dict:
    """Month (or season) named by a word, and a day number beside it ("5 March", "March 5,")."""
    for word in WORD.finditer(text):
        name = word.group(0).rstrip(".").lower()
        if name in SEASONS:
            return {"season": SEASONS[name]}
        month = month_number(name)
        if not month:
            continue
        found = {"month": month}
        around = text[max(0, word.start() - 6):word.start()] + " " + text[word.end():word.end() + 6]
        day = DAY.search(around)
        if day and 1 <= int(day.group(1)) <= 31:
            found["day"] = int(day.group(1))
        return found
    return {}


@lru_cache(maxsize=4096)  # dates name the same few months over and over
def month_number(word: str) -> int | None:
    """The month a name or unambiguous abbreviation means ("Sept", "févr", "Mai"), else None."""
    word = word.rstrip(".").lower()
    if len(word) < 3:
        return None
    matches = {number for number, names in MONTH_NAMES.items()
               for name in names if name.startswith(word)}
    return matches.pop() if len(matches) == 1 else None
