"""Several works under one number are several references (docs/design.md: "[1] A…; B…",
"[3] a) … b) …"), each carrying the entry's number.

Physics journals list a claim's sources under one number, parted by semicolons ("[1] A.
Author, Phys. Rev. D 91 (2015) 014501; B. Other, Nucl. Phys. B 880 (2014) 12"); chemistry
journals letter them ("[3] a) …; b) …"). Where the parts begin on a line of their own the
boundary model parts them (GROBID's gold does, and it learnt from it); here the parts that run
on inside a line are found:

- lettered: "a)" or "(a)" right after the number, then "b)", "c)" … in order, each after a
  semicolon, a stop, a comma or a line end;
- not lettered: a semicolon after a finished work (a year in it, and its last word a number
  or a bracket: "(2015) 014501;", "hep-ph/0506054;") and before names ("B. Other,"), each
  part with a year of its own. "Smith, J.; Jones, K." (authors parted by semicolons) and
  "Z. Phys. C 38, 511 (1988); 41, 690 (1990)" (a second volume of one journal) stay one.

Only entries that open with a list number are looked at: an author–year list's semicolons
part authors or notes, not works.

Each work but an entry's plain first one gets a `label`: the entry's number, with the work's
letter when it has one ("[1]", "[3b]", "12b."). The parse reads `parsed_text`, the label then
the work's text less its number and letter ("[3b] A. N. Calabrese, …"), so that the
reference's `citation-number` is the entry's number and letter.
"""

import re

from tagger.finder.lines import NUMBERING, YEAR, names_first, no_container_words

LETTERS = "abcdefghij"
# A letter mark after a separator or at a line's start: "; b) ", ".\n(c) ", "b )".
LETTER_MARK = r"(?:(?<=[;.,])\s+|\n|\s+)\(?{letter}\s?\)\s*(?=\S)"
LETTER_START = re.compile(r"\s*\(?([a-j])\s?\)\s*(?=\S)")
# A finished work before a semicolon: it ends on a number ("014501", "12a", "hep-ph/0506054")
# or a bracket ("(2004)", "[arXiv:hep-ph/0002127]").
WORK_END = re.compile(r"(?:\d[a-zA-Z]?|[)\]])$")
# What dates a work: a year, or an arXiv number of the old style, which holds one.
DATED = re.compile(rf"{YEAR.pattern}|\b[a-z\-]+(?:\.[A-Z]{{2}})?/\d{{7}}\b")
SEPARATOR = re.compile(r";\s+")


def entry_label(raw: str) -> str:
    """The list number the entry opens with ("[1]", "12.", "(3)"), or ""."""
    for _, pattern in NUMBERING:
        found = pattern.match(raw)
        if found:
            return found.group().strip()
    return ""


def compound_parts(raw: str, later: bool = False) -> list:
    """Where each work of a numbered entry begins in `raw` (0 first; [0] for one work).
    `later`: the raw is a piece of the entry after its first line-level piece (it holds no
    number, and may open on a letter)."""
    label = "" if later else entry_label(raw)
    if not (label or later):
        return [0]
    return _lettered(raw, len(label)) or _semicolons(raw, len(label)) or [0]


def _lettered(raw: str, after: int) -> list:
    """The starts of the letters after the one the entry (or piece) opens with ("a)", then
    "b)", "c)" … in order)."""
    first = LETTER_START.match(raw, after)
    if not first:
        return []
    starts, position = [0], first.end()
    for letter in LETTERS[LETTERS.index(first.group(1)) + 1:]:
        found = re.compile(LETTER_MARK.format(letter=letter)).search(raw, position)
        if not found:
            break
        begin = found.start() + len(found.group()) - len(found.group().lstrip())
        starts.append(begin)
        position = found.end()
    return starts if len(starts) > 1 else []


def _semicolons(raw: str, after: int) -> list:
    """The starts of the works a semicolon parts, each finished before it and dated."""
    starts = [0]
    for found in SEPARATOR.finditer(raw, after):
        before = raw[starts[-1]:found.start()].rstrip()
        rest = raw[found.end():]
        if (DATED.search(before) and WORK_END.search(before) and _author_first(rest)
                and DATED.search(rest.split(";", 1)[0])):
            starts.append(found.end())
    return starts if len(starts) > 1 else []


def _author_first(text: str) -> bool:
    """Does the text open with an author's name ("B. Other,"), not a journal's ("J. Phys.,",
    the same work's second printing)?"""
    first = re.split(r",| and | & ", text, maxsplit=1)[0]
    return names_first(text) and no_container_words(first)


def work_label(raw: str, entry: str, later: bool) -> str:
    """The label a work of entry `entry` is parsed with: the entry's number and the work's
    letter ("[3b]") when it opens with one; a `later` work without a letter, the number."""
    rest = raw[len(entry):].lstrip() if entry and raw.startswith(entry) else raw
    letter = LETTER_START.match(rest) if entry else None
    if letter:
        digits = list(re.finditer(r"\d", entry))[-1].end()
        return entry[:digits] + letter.group(1) + entry[digits:]
    return entry if later else ""


def parsed_text(raw: str, label: str) -> str:
    """What the parse reads of a work: its label, then its text less the entry's number and
    its letter ("[3b] A. N. Calabrese, …")."""
    if not label:
        return raw
    own = entry_label(raw)
    rest = raw[len(own):].lstrip() if own else raw
    letter = LETTER_START.match(rest)
    return f"{label} {rest[letter.end():] if letter else rest}"
