"""Pages of the web as manuals and TeX packages cite them, where the CRF reads them as
articles: a page named by its title alone ("[4] pgf Package. visited on 2021-01-10. url:
https://ctan.org/pkg/pgf.", "[4] Twemoji https://twemoji.twitter.com/"), whose title it took
for an author or a note, and ISO 690's medium "[online]", which it ran into the title.
"""

import re

from ..crf.features import YEAR_SHAPE
from .words import CITATION_NUMBER, GENRE, NOTE, TITLE, YEAR, initial, run_end, run_start
from ..text import lexicon

# What may follow a page's title and nothing else: the link, the words that announce it
# ("url:", "Available from:", "Online at") and the date it was read ("visited on 2022-03-26").
_LINK_WORDS = frozenset(("url", "available", "from", "at", "online", "link", "on", "see"))
_LINK = re.compile(r"(?:https?|ftp)://|www\.", re.IGNORECASE)
_MARKS = frozenset(".,:;()[]<>")
# A title's own marks: a page's title holds no stop or comma of its own ("Emojipedia — Home
# of Emoji Meanings", "Unicode® Technical Standard #51: Unicode Emoji" hold none).
_PARTS = frozenset(".,;")
_LONGEST_TITLE = 16  # words


def web(words, labels) -> dict[int, str]:
    """The checks of this module, together."""
    return page_title(words, labels) | online_medium(words, labels)


def page_title(words, labels) -> dict[int, str]:
    """A reference that is a page's title and then only its link (with the date it was read,
    and a year of its own: "TEX and Scripting Languages. visited on 2022-01-01. 2022. url: …")
    names no author: the words before the link are the title, the lone year the year. The CRF,
    which learnt from articles, reads a reference's first words as its authors. A run with a
    stop or a comma inside, or an initial ("Smith J"), may name people, and is left alone."""
    link = next((i for i, word in enumerate(words) if _LINK.match(word)), None)
    if link is None:
        return {}
    first = run_end(labels, 0, CITATION_NUMBER)
    end = _title_end(words, first, link)
    if end == first or end - first > _LONGEST_TITLE:
        return {}
    if _may_name_people(words[first:end]):
        return {}
    year = None
    for i in range(end, len(words)):
        word = words[i]
        lower = word.lower()
        if (_LINK.match(word) or word in _MARKS or word in "-/" or lower in _LINK_WORDS
                or lower in lexicon.ACCESS_WORDS or lower in lexicon.MONTHS):
            continue
        if not word.isdigit():
            return {}  # something else after the title: an article's or a book's part
        if _lone_year(words, i):
            year = i
    decided = dict.fromkeys(range(first, end), TITLE)
    if year is not None:
        decided[year] = YEAR  # (the access date's check runs its note on into it)
    return decided


def _may_name_people(title) -> bool:
    """Whether the words before a link part into sentences or hold an initial, as names do
    ("Smith J", "Doe, Jane."), or hold "&" or a bracketed year ("Knudson & Morrison (2002)"):
    a stop between two numbers ("EmojiOne 2.3") parts nothing, nor
    one that ends the words, and "A" may open a title."""
    for k, word in enumerate(title):
        if word == "&" or word == "(" and title[k + 1:k + 2] and YEAR_SHAPE.fullmatch(title[k + 1]):
            return True  # "Knudson & Morrison (2002)": names and their year
        if word in _PARTS and k < len(title) - 1 and not (
                word == "." and k and title[k - 1].isdigit() and title[k + 1].isdigit()):
            return True
        if initial(word) and (k or word != "A"):
            return True
    return False


def _title_end(words, first, link) -> int:
    """Where the page's title that begins at words[first] ends: before the words that
    announce the link or the date it was read, or the link itself."""
    for i in range(first, link):
        word = words[i].lower()
        if word in lexicon.ACCESS_WORDS or word in ("url", "available", "online") and (
                i + 1 == link or words[i + 1] in (":", "from", "at")):
            return i
    return link


def _lone_year(words, k) -> bool:
    """Whether words[k] is a year that stands as a sentence of its own after the date the
    page was read ("visited on 2022-01-01. 2022."), not a part of that date."""
    return (len(words[k]) == 4 and words[k - 1] == "." and words[k + 1:k + 2] in ([], ["."])
            and any(word.lower() in lexicon.ACCESS_WORDS for word in words[:k]))


def online_medium(words, labels) -> dict[int, str]:
    """ISO 690's medium after a title, "luametalatex [online]. 2022-10.", is the genre, as
    NLM's "[Internet]" is; a date after it that the title ran on into, or that the CRF added
    to the year printed after the authors, is a note (the page's last change)."""
    for k in range(1, len(words) - 2):
        if words[k] != "[" or words[k + 1].lower() != "online" or words[k + 2] != "]":
            continue
        if TITLE not in (labels[k - 1], labels[k + 1]):
            return {}
        title = run_start(labels, k, TITLE)
        decided = dict.fromkeys(range(title, k), TITLE) | {k: GENRE, k + 1: GENRE, k + 2: GENRE}
        end = k + 3
        if words[end:end + 1] == ["."]:
            end += 1
        dated = YEAR in labels[:title]  # "KRÜGER, Marcel, 2022. luametalatex [online]. 2022-10."
        date = end
        while date < len(words) and (labels[date] == TITLE or dated and labels[date] == YEAR) \
                and (words[date].isdigit() or words[date] in "-./"):
            date += 1
        if date > end:
            decided.update(dict.fromkeys(range(end, date), NOTE))
        return decided
    return {}
