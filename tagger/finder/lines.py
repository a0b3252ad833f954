"""A document as lines with offsets, and the features the line classifier sees.

The features describe a line's shape (indent, length, how it starts and ends, years,
capitals, page-number look), how often its digit-masked form repeats in the document
(running heads repeat, references do not), where it sits, and its neighbours' shape.
"""

import re
import unicodedata
from bisect import bisect_left
from collections import Counter
from dataclasses import dataclass

from tagger.text.lexicon import GIVEN_NAMES, PLACES, PUBLISHER_WORDS, VENUE_WORDS

# Letters set apart ("R E F E R E N C E S", as MNRAS prints its heads; words two spaces or more
# apart) or small capitals read as a capital and a word ("R EFERENCES", "L ITERATURE C ITED").
SPACED_LETTERS = re.compile(r"(?<![^\W\d_])(?:[^\W\d_] ){2,}[^\W\d_](?![^\W\d_])")
SMALL_CAPS_WORD = re.compile(r"\b([A-ZÀ-Þ]) ([A-ZÀ-Þ]{2,})\b")


def unspaced(text: str) -> str:
    """A heading's words as they are read: letter spacing and split small capitals closed up."""
    text = SPACED_LETTERS.sub(lambda match: match.group().replace(" ", ""), text)
    return re.sub(r"\s{2,}", " ", SMALL_CAPS_WORD.sub(r"\1\2", text))


ORNAMENTS = "■□▪▫●○◆◇•·►▶"  # set before a heading by some journals ("■ REFERENCES", ACS)


class HeadingPattern:
    """A heading's pattern, matched on the line as written (less an ornament before it) and on
    it closed up (`unspaced`)."""

    def __init__(self, pattern: str):
        self.regex = re.compile(pattern, re.IGNORECASE)

    def match(self, text: str):
        text = text.lstrip(ORNAMENTS)
        return self.regex.match(text) or self.regex.match(unspaced(text))


HEADING = HeadingPattern(
    r"^\s*(?:\d+(?:\.\d+)*\.?\s+|chapter\s+\d+\W+)?(?:references?(?: cited)?|bibliography|"
    r"works cited|literature cited|literature|sources|附?中文参考文献|参考文献|參考文獻|引用文献)\s*[:：]?\s*$",
)
# A line that names a references list, alone; not the wider HEADING ("Sources",
# "Literature"), which also heads a table or an appendix after the list.
LIST_HEADING = HeadingPattern(
    r"^\s*(?:\d+(?:\.\d+)*\.?\s+|[A-Z]\.?\s+|chapter\s+\d+\W+)?(?:references?(?: cited| list)?|"
    r"(?:references? and notes|notes and references)|bibliography|bibliographie|literature cited|"
    r"(?:further|suggested|recommended) reading|"
    r"cited literature|works cited|literaturverzeichnis|literatur|références|"
    r"referencias|bibliografía|bibliografia|riferimenti bibliografici|"
    r"附?中文参考文献|参考文献|參考文獻|引用文献)\s*[:：]?\s*$",
)
YEAR_DIGITS = r"(?:1[5-9]|20)\d\d[a-z]?"  # a year, as the patterns here and beside spell it
YEAR = re.compile(rf"(?<!\d){YEAR_DIGITS}(?!\d)")
PAGE_NUMBER = re.compile(
    r"^\s*(?:page\s+|p\.\s*|第\s*|[-–—]\s*)?(?:\d{1,4}|[ivxlcdm]{1,6})(?:\s*(?:/|of)\s*\d{1,4})?"
    r"\s*(?:页|[-–—])?\s*$",
    re.IGNORECASE,
)
RUNNING_HEAD = re.compile(
    r"\d{4}\s*年\s*第\s*\d+\s*[卷期]|第\s*\d+\s*卷\s*第\s*\d+\s*期|《[^》]{1,20}》\s*\d{4}\s*年|"
    r"^\s*page\s+\d+\s*[-–—|]|[-–—|]\s*page\s+\d+\s*$|"
    r"vol\.?\s*\d+\s*,?\s*no\.?\s*\d+\s*,?\s*(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+"
    r"\d{4}(?:\s+\d{1,4})?\s*$|publication date:\s*\w+\.?\s+\d{4}|"
    # the page number, the journal's name (no stop, no comma: no reference's authors and
    # title), its volume and issue and year: "1186 Journal of Computer Applications Vol. 38 No. 4 2021"
    r"^\d{1,4}\s+[^\W\d][^\d.,;:]{2,60}\s(?:vol\.?|volume)\s*\d+\s*,?\s*(?:no\.?|issue)\s*\d+\s*,?\s*"
    r"(?:[a-z]+\.?\s+)?\d{4}\s*$",
    re.IGNORECASE,
)
# A head or foot set in two parts far apart: "231:24          Anonymous et al."
WIDE_GAP = re.compile(r"\S\s{6,}\S")
# A page number set far apart at the end of a head ("Bioinformatics, 35(14), 2019      191").
PAGE_SET_APART = re.compile(r"\S\s{6,}\d{1,4}$")
# The page number first, then the head's words far apart ("18        ADEBAYO ET AL.").
PAGE_NUMBER_FIRST = re.compile(r"^\d{1,4}\s{6,}(?=\S)")
# How a numbered list numbers its entries (up to 999: a four-digit number is a year);
# Chinese text may use full-width brackets and stops.
NUMBERING = (
    ("bracket", re.compile(r"^[\[［【]\s*[A-Za-z]{0,2}\d{1,3}\s*[\]］】]")),
    ("key", re.compile(r"^\[[A-Za-z][^\]\s]*(?:\s[^\]\s]+){0,3}\]")),
    ("paren", re.compile(r"^[(（]\d{1,3}[)）]")),
    ("dot", re.compile(r"^\d{1,3}(?:\.\s|．)")),
    ("plain", re.compile(r"^\d{1,3}\s+(?=\D)")),
)
NAME_START = re.compile(
    r"^(?:[A-ZÀ-Þ][\w'’\-]+(?:\s(?:[a-z]{1,3}\s)?[A-Z][\w'’\-]+)?,\s*(?:[A-ZÀ-Þ]|[a-z]{2,3}\s)"
    r"|[A-ZÀ-Þ][\w'’\-]+\s[A-Z]{1,3}[,.\s]"
    r"|(?:[A-Z]\.\s?){1,3}(?:[a-z]{1,3}\s)?[A-ZÀ-Þ][\w'’\-]+"
    r"|(?:van|von|de|da|di|du|le|la|del|della|der|ten|ter)\s+[A-Z]"
    r"|[\u4e00-\u9fff]{2,4}[,，、\s]"
    r"|[-–—_]{2,})"
)
# A given name spelled out, then a surname (and another pair after "and") and a stop or comma
# (names_first checks the given name against the lexicon).
GIVEN_NAME_FIRST = re.compile(
    r"^([A-ZÀ-Þ][a-zß-ÿ]+)\s[A-ZÀ-Þ][\w'’\-]+(?:\s(?:and|&)\s[A-ZÀ-Þ][a-zß-ÿ]+\s[A-ZÀ-Þ][\w'’\-]+)?[,.]")
# After a name and its stop, a title's sentence: a capitalized word, then one in small letters.
TITLE_OPENING = re.compile(r"\s[A-ZÀ-Þ][a-zß-ÿ\-]+\s[a-zß-ÿ]")
# Words of journals, publishers and places, which no given name or surname is taken for.
CONTAINER_WORDS = VENUE_WORDS | PUBLISHER_WORDS | PLACES
# A word right before a colon ("New York: Penguin"): a place, when the lexicon knows it.
PLACE_COLON = re.compile(r"([A-Z][\w'’\-]+)\s?:\s")
# Three names given name first, commas between: given names spelled out ("Grant Van Horn"),
# or initials among them ("Ling Tony Chen, R. Drach, M. Keating, S . Louis, …").
GIVEN_NAMES_LIST = re.compile(
    r"^(?:(?:[A-ZÀ-Þ][a-zß-ÿ]+(?:\s[A-ZÀ-Þ][a-zß-ÿ'’\-]+){1,2}"
    r"|(?:[A-ZÀ-Þ][a-zß-ÿ]+\s|[A-ZÀ-Þ]\s?\.\s?){1,3}[A-ZÀ-Þ][a-zß-ÿ'’\-]+),\s){3}")
# Surname, given name and initial, then a comma ("Cortell Andrew P., Davis James W.,"): a
# head's words end on no initial and comma.
SURNAME_GIVEN_INITIAL = re.compile(r"^[A-ZÀ-Þ][a-zß-ÿ'’\-]+\s[A-ZÀ-Þ][a-zß-ÿ]+\s(?:[A-Z]\.\s?){1,2},")
# A surname in capitals with the given name in parentheses after it, as humanities lists
# write names ("FERRIERES (Madeleine), Nourritures canailles"). These three are kept out of
# NAME_START, a feature the line model was trained with; the rules read all through
# names_first().
CAPITAL_SURNAME = re.compile(r"^[A-ZÀ-Þ][A-ZÀ-Þ'’\-]+(?:\s[A-ZÀ-Þ][A-ZÀ-Þ'’\-]+)*\s\([A-ZÀ-Þ][^()]{0,40}\)[,.]")
GENRE_MARK = re.compile(r"\[(?:J|C|M|D|R|P|S|N|Z|EB/OL|OL|DB|CP|A|G)(?:/OL)?\]")
REF_WORDS = re.compile(
    r"\b(?:pp?\.|vol\.|no\.|in:|proc\.|proceedings|journal|conf\.|conference|trans\.|press|"
    r"et al|eds?\.|university|doi|arxiv|isbn|retrieved|available)\b",
    re.IGNORECASE,
)
# Body text: in-text citations "(Heilman, 1983; Rudman, 1998)" and the words prose is made of.
IN_TEXT_CITATION = re.compile(r"\(\s*(?:e\.g\.,?\s*|see\s+)?[A-Z][^()]{0,60}?,? (?:19|20)\d\d[a-z]?\s*[;)]|"
                              r"(?:19|20)\d\d[a-z]?;\s+[A-Z]")
PROSE_WORDS = frozenset({"is", "are", "was", "were", "that", "which", "we", "this", "these", "has",
                         "have", "been", "be", "can", "not", "it", "our", "they", "their", "when",
                         "would", "should", "may", "also", "such", "than", "there", "because"})
COLUMN_GAP = re.compile(r"\S\s{3,}(?=\S)")  # tables set their columns apart
DOT_LEADER = re.compile(r"(?:\.\s){4,}|\.{5,}")
IDENTIFIER = re.compile(r"10\.\d{3,9}/|https?://|www\.", re.IGNORECASE)
DIGIT = re.compile(r"\d+")
# A reference's links alone on a line, as journals' sites and their PDFs set them after it
# ("Publisher Full Text", "PubMed Abstract", "[CrossRef] [PubMed]", "Google Scholar").
LINK_LINE = re.compile(
    r"^(?:\[?(?:Publisher Full Text|Free Full Text|Full Text|PubMed Abstract|PubMed|PMC free article"
    r"|Reference Source|Google Scholar|Cross[Rr]ef|Web of Science|Scopus|Medline|MEDLINE)\]?"
    r"\s*[|·,/]?\s*)+$")
# A figure's or table's caption ("Figure 3. …", "Table S2 …", "Fig. 1:"): body matter.
CAPTION = re.compile(r"^(?:fig(?:ure)?s?\.?|table|supplementary (?:figure|table))\s*[S]?\d+[a-z]?\s*[.:|(]",
                     re.IGNORECASE)
# A section head other than the references' ("Appendix A", "Appendix B. Tag returns", "NOTES",
# "Acknowledgements", "Figure legends"): what follows a list under it is no longer the list.
BACK_MATTER = (r"appendices|notes|endnotes|acknowledge?ments?|supplementary|supporting information|"
               r"figure legends|figures?|tables?|author contributions|funding|competing interests|"
               r"conflicts? of interest|abbreviations|data availability|about the authors?|"
               r"biograph(?:y|ies)|glossary|index")
SECTION_HEAD = HeadingPattern(
    rf"^\s*(?:[A-Z0-9]{{1,3}}\.?\s+)?(?:appendix(?:\s+[A-Z0-9]{{1,2}}[.:]\s+)?|{BACK_MATTER})\b[^.]{{0,40}}$",
)
# The same heads run in at the start of a paragraph ("Conflict of Interest Statement: The
# authors declare …", "Funding: …"), as journals set the notes after a list.
RUN_IN_HEAD = re.compile(rf"^\s*(?:{BACK_MATTER})\b[^.:]{{0,30}}:\s+\S", re.IGNORECASE)
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


@dataclass
class Line:
    text: str  # without its line end; may start with a form feed (a page break)
    start: int  # offset of text[0] in the document

    @property
    def content(self) -> str:
        return self.text.strip()

    @property
    def indent(self) -> int:
        stripped = self.text.lstrip("\f")
        return len(stripped) - len(stripped.lstrip())


# Flags a line's text raises by itself, each its name and the test that finds it.
LINE_MARKS = (
    ("heading", HEADING.match), ("pagenumber", PAGE_NUMBER.match),
    ("runninghead", RUNNING_HEAD.search), ("namestart", NAME_START.match),
    ("genremark", GENRE_MARK.search), ("refword", REF_WORDS.search),
    ("identifier", IDENTIFIER.search), ("cjk", CJK.search),
    ("intextcitation", IN_TEXT_CITATION.search), ("dotleader", DOT_LEADER.search),
    ("sectionhead", SECTION_HEAD.match), ("caption", CAPTION.match),
)


def split_lines(text: str) -> list:
    """Cut a document into lines, keeping each line's offset (handles \\n, \\r\\n and \\r)."""
    lines = []
    start = 0
    for match in re.finditer(r"\r\n|\n|\r", text):
        lines.append(Line(text[start : match.start()], start))
        start = match.end()
    if start < len(text) or not lines:
        lines.append(Line(text[start:], start))
    return lines


def repeat_key(content: str) -> str:
    """A line's identity for counting repeats: page numbers and years masked, case folded."""
    return DIGIT.sub("#", " ".join(content.split())).casefold()


def names_first(content: str) -> bool:
    """Does the line begin with names, as a reference does? (Letters composed first: a PDF's
    "Kähärä" may come as "a" and a combining mark, which the patterns' letters do not take.)"""
    content = unicodedata.normalize("NFC", content)
    return bool(NAME_START.match(content) or CAPITAL_SURNAME.match(content)
                or SURNAME_GIVEN_INITIAL.match(content) or _given_names_list(content)
                or _given_name_first(content))


def _given_name_first(content: str) -> bool:
    """A known given name spelled out, then a surname and a stop or comma ("Karen Yagdjian.
    Global existence …", "Ross Girshick, Jeff Donahue"): no head begins so. A given name the
    lexicon lacks counts when a title's sentence follows the stop ("Andras Vasy. Microlocal
    analysis of …") and neither word is a journal's, a publisher's or a place's."""
    found = GIVEN_NAME_FIRST.match(content)
    if not found:
        return False
    if found.group(1).lower() in GIVEN_NAMES:
        return True
    return (found.group().endswith(".") and bool(TITLE_OPENING.match(content, found.end()))
            and no_container_words(found.group()))


def _given_names_list(content: str) -> bool:
    """Three names or more written given name first, commas between ("Grant Van Horn, Steve
    Branson, Ryan Farrell, …"), none of their words a journal's, a publisher's or a place's."""
    found = GIVEN_NAMES_LIST.match(content)
    return bool(found) and no_container_words(found.group())


def no_container_words(text: str) -> bool:
    """Is none of the words a journal's, a publisher's or a place's (so they may be names)?"""
    return CONTAINER_WORDS.isdisjoint(word.lower().strip(",.") for word in text.split())


def imprint(content: str) -> bool:
    """A reference's imprint: a known place before a colon ("New York: …") or ending the
    line after a comma ("ISP PAN, Warszawa"). A page's head names a journal, not a city."""
    last = content.rstrip(" .").rsplit(",", 1)
    return any(found.group(1).lower() in PLACES for found in PLACE_COLON.finditer(content)) or (
        len(last) == 2 and last[1].strip().lower() in PLACES)


def names_after_numbering(content: str) -> bool:
    """Does the line begin with names once its numbering is taken off ("46. Ross Girshick,
    Jeff Donahue, …")? A numbered list's references do, where names_first sees the number."""
    _, label = _numbering(content)
    return names_first(content[label.end():].lstrip(" .):]") if label else content)


def numbering_of(content: str):
    """The numbering style a line starts with ("bracket", "paren", ...) or None."""
    return _numbering(content)[0]


def list_number(content: str):
    """(style, number) of the line's numbering ("[12] …" → ("bracket", 12)), or None."""
    style, label = _numbering(content)
    digits = label and re.search(r"\d+", label.group(0))
    return (style, int(digits.group(0))) if digits and style != "key" else None


def _numbering(content: str):
    """The numbering style a line starts with and its label's match, or (None, None)."""
    for style, pattern in NUMBERING:
        label = pattern.match(content)
        if label:
            return style, label
    return None, None


def _bucket(value: float, bounds) -> int:
    """The number of `bounds` (ascending) below `value`."""
    return bisect_left(bounds, value)


def _shape(content: str, indent: int, page_break: bool, repeats: int) -> list:
    """Features of one line by itself."""
    if not content:
        return ["blank"]
    if content == "|" or set(content) <= set("|-_=*•· "):
        return ["separator"]
    letters = sum(map(str.isalpha, content))
    upper = sum(map(str.isupper, content))
    digits = sum(map(str.isdigit, content))
    words = content.split()
    years = YEAR.findall(content)
    first, last = content[0], content[-1]
    features = [
        f"indent={_bucket(indent, (0, 2, 5, 10, 20))}",
        f"len={_bucket(len(content), (5, 15, 30, 50, 70, 90))}",
        f"words={_bucket(len(words), (1, 2, 4, 8, 14))}",
        f"caps={_bucket(upper / letters, (0.05, 0.2, 0.5, 0.9)) if letters else 'none'}",
        f"digits={_bucket(digits / len(content), (0, 0.05, 0.15, 0.4))}",
        f"years={min(len(years), 2)}",
        f"repeats={_bucket(repeats, (1, 2, 4))}",
        f"start={numbering_of(content) or _char_class(first)}",
        f"end={_char_class(last) if last not in '.,;:-–' else last}",
    ]
    if page_break:
        features.append("pagebreak")
    features += [name for name, found in LINE_MARKS if found(content)]
    features.append(f"columns={min(len(COLUMN_GAP.findall(content)), 3)}")
    prose = sum(1 for word in words if word.lower() in PROSE_WORDS)
    features.append(f"prose={min(prose, 3)}")
    if re.search(r"\(\d{4}[a-z]?\)|\d{4}[a-z]?\.", content):
        features.append("yearpunct")
    if len(words) > 1 and words[0].istitle() and words[1][:1].isupper() and last not in ".,;":
        features.append("titlecase")
    return features


def _char_class(char: str) -> str:
    if char.isdigit():
        return "digit"
    if char.isupper():
        return "upper"
    if char.islower():
        return "lower"
    if CJK.match(char):
        return "cjk"
    return "punct" if not char.isalnum() else "other"


# Features whose density around a line tells a reference list from body text.
DENSITIES = {
    "years": ("years=1", "years=2"),
    "namestart": ("namestart",),
    "identifier": ("identifier",),
    "prose": ("prose=2", "prose=3"),
    "intextcitation": ("intextcitation",),
}
# The same over a wider window (a page's column): a list's lines start with names or
# numbers and hold years, body text holds prose words.
WIDE_DENSITIES = {
    "years": ("years=1", "years=2"),
    "reflike": ("namestart", "start=bracket", "start=key", "start=paren", "start=dot", "yearpunct"),
    "prose": ("prose=1", "prose=2", "prose=3"),
    "intextcitation": ("intextcitation",),
}
WIDE_RADIUS = 15


def _window_counts(shapes: list, names: tuple, radius: int = 4) -> list:
    """How many lines within `radius` of each line have any of the features `names`."""
    prefix, wanted = [0], frozenset(names)
    for shape in shapes:
        prefix.append(prefix[-1] + (not wanted.isdisjoint(shape)))
    total = len(shapes)
    return [prefix[min(total, i + radius + 1)] - prefix[max(0, i - radius)] for i in range(total)]


def line_features(lines: list) -> list:
    """Feature strings for each line, with the shapes of its neighbours and document context.
    A reference's link line ("Publisher Full Text") reads as the blank line it is taken for:
    the models learned no such lines, and took the line after one for furniture too."""
    contents = ["" if LINK_LINE.match(line.content) else line.content for line in lines]
    indents = [line.indent for line in lines]
    keys = [repeat_key(content) if content else "" for content in contents]
    counts = Counter(keys)
    shapes = [
        _shape(content, indent, line.text.startswith("\f"), counts[key] if content else 0)
        for line, content, indent, key in zip(lines, contents, indents, keys)
    ]
    total = len(lines)
    densities = {name: _window_counts(shapes, names) for name, names in DENSITIES.items()}
    wide = {name: _window_counts(shapes, names, WIDE_RADIUS) for name, names in WIDE_DENSITIES.items()}
    lengths = sorted(len(content) for content in contents if content)
    typical = max(lengths[len(lengths) // 2], 1) if lengths else 1
    heading_at, other_after = None, False
    features = []
    for index, shape in enumerate(shapes):
        if "heading" in shape:
            heading_at, other_after = index, False
        elif "sectionhead" in shape and heading_at is not None:
            other_after = True
        row = list(shape)
        row.append(f"position={10 * index // max(total, 1)}")
        if heading_at is not None:
            row.append("afterheading")
            row.append(f"since={_bucket(index - heading_at, (0, 3, 15, 60, 200, 600))}")
            if other_after:
                row.append("afterotherhead")
        if contents[index]:
            row.append(f"rellen={_bucket(len(contents[index]) / typical, (0.3, 0.6, 0.85, 1.15, 1.6))}")
        for name, counts in densities.items():
            row.append(f"near:{name}={_bucket(counts[index], (0, 1, 3, 5))}")
        for name, counts in wide.items():
            row.append(f"wide:{name}={_bucket(counts[index], (0, 2, 5, 10, 20))}")
        for offset in (-2, -1, 1, 2):
            neighbour = index + offset
            if 0 <= neighbour < total:
                row.extend([f"{offset}:{name}" for name in shapes[neighbour]])
            else:
                row.append(f"{offset}:edge")
        if index and contents[index - 1] and contents[index]:
            delta = indents[index] - indents[index - 1]
            row.append(f"indentdelta={'more' if delta > 1 else 'less' if delta < -1 else 'same'}")
        features.append(row)
    return features
