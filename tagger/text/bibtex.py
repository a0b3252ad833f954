"""A BibTeX entry pasted where a reference was expected (`@article{key, author = {…}, …}`).

Its fields are already named, so they are read, not tagged: a tagger would take the whole
entry for a title. The reader is built in rather than bibtexparser's, which the runtime does
not need and which gives no offsets: each value keeps where it stands in the text, so that a
record's tokens point into `raw` as every record's do. It reads the entry syntax (braces,
quotes, bare numbers and macros, `#` joins) and the common LaTeX of values (protecting braces,
accents, `\\&`, `--`); a value it cannot read makes the entry unreadable, said in one line.
"""

import re
import unicodedata

ENTRY_START = re.compile(r"\s*@\s*([A-Za-z]+)\s*([{(])")
NOT_ENTRIES = frozenset(("comment", "string", "preamble"))
_NAME = re.compile(r"[A-Za-z][\w:.+-]*")
_BARE = re.compile(r"[^\s,#{}()\"]+")

# BibTeX's field names → the project's labels (docs/design.md "Labels").
LABELS = {
    "author": "author", "editor": "editor", "translator": "translator", "title": "title",
    "journal": "venue", "journaltitle": "venue", "booktitle": "venue", "year": "year",
    "date": "year", "pages": "pages", "doi": "doi", "volume": "volume", "number": "issue",
    "issue": "issue", "publisher": "publisher", "school": "publisher",
    "institution": "publisher", "organization": "publisher", "address": "location",
    "location": "location", "edition": "edition", "series": "series", "url": "url",
    "isbn": "isbn", "type": "genre", "note": "note", "howpublished": "note",
}
# Entry types → CSL types; other types are left to the fields (structure.types).
TYPES = {
    "article": "article-journal", "inproceedings": "paper-conference",
    "conference": "paper-conference", "incollection": "chapter", "inbook": "chapter",
    "book": "book", "proceedings": "book", "phdthesis": "thesis", "mastersthesis": "thesis",
    "thesis": "thesis", "techreport": "report", "report": "report", "patent": "patent",
    "software": "software", "dataset": "dataset", "online": "webpage", "electronic": "webpage",
    "www": "webpage", "unpublished": "manuscript",
}
GENRES = {"phdthesis": "PhD thesis", "mastersthesis": "Master's thesis"}

# LaTeX accents as BibTeX writes them ({\"u}, \'e, {\c c}) → Unicode combining marks.
ACCENTS = {'"': "\u0308", "'": "\u0301", "`": "\u0300", "^": "\u0302", "~": "\u0303",
           "=": "\u0304", ".": "\u0307", "c": "\u0327", "v": "\u030c", "u": "\u0306",
           "H": "\u030b", "k": "\u0328", "r": "\u030a"}
_ACCENT = re.compile(r"\\([\"'`^~=.]|[cvuHkr](?=[\s{]))\s*(?:\{(\w)\}|(\w))")
_LETTERS = {r"\ss": "ß", r"\o": "ø", r"\O": "Ø", r"\ae": "æ", r"\AE": "Æ", r"\aa": "å",
            r"\AA": "Å", r"\l": "ł", r"\L": "Ł", r"\i": "ı", r"\oe": "œ", r"\OE": "Œ"}
_LETTER = re.compile(r"\\(ss|o|O|ae|AE|aa|AA|l|L|i|oe|OE)(?![A-Za-z])\s?")
_ESCAPED = re.compile(r"\\([&%$#_{}])")


class EntryError(ValueError):
    """The text opens like a BibTeX entry but cannot be read as one."""


def is_entry(text: str) -> bool:
    """Whether `text` opens as a BibTeX entry (`@article{`, `@misc(`), @string and the like
    included (read_entry says those are no reference)."""
    return bool(ENTRY_START.match(text))


def entry_lines(lines, most: int = 200):
    """(text, problem, first line's number) per reference of an input read one a line
    ((text, problem) pairs), where an entry pasted over several lines (`@article{k,` ↵
    `author = {…},` ↵ … ↵ `}`) is one reference, its lines joined by line breaks. An entry
    is ended by the brace (or parenthesis) that closes it, or, left open, by a blank line, the
    next line that opens an entry, or after `most` lines; each other line is a reference of
    its own."""
    held, problem, first = [], None, 0
    for number, (text, trouble) in enumerate(lines, 1):
        if held and (ENTRY_START.match(text) or not text.strip() or len(held) >= most):
            yield "\n".join(held), problem, first
            held = []
        if not held:
            if not ENTRY_START.match(text) or _depth(text) <= 0:
                yield text, trouble, number
                continue
            problem, first = None, number
        held.append(text)
        problem = problem or trouble
        if _depth("\n".join(held)) <= 0:
            yield "\n".join(held), problem, first
            held = []
    if held:
        yield "\n".join(held), problem, first


def _depth(text: str) -> int:
    """How many of the entry's brackets are still open at the end of `text` (0: closed)."""
    opened = ENTRY_START.match(text)
    opener = opened.group(2) if opened else "{"
    closer = "}" if opener == "{" else ")"
    depth, escaped = 0, False
    for character in text:
        if escaped:
            escaped = False
        elif character == "\\":
            escaped = True
        elif character in (opener, "{"):
            depth += 1
        elif character in (closer, "}"):
            depth -= 1
    return depth


def read_entry(text: str) -> tuple[str, dict[str, str], dict[str, tuple[int, int]]]:
    """(entry type, {label: value}, {label: (start, end) of the value in `text`}) of the
    entry `text` opens with; EntryError when it cannot be read."""
    opened = ENTRY_START.match(text)
    if not opened:
        raise EntryError("not a BibTeX entry")
    kind = opened.group(1).lower()
    if kind in NOT_ENTRIES:
        raise EntryError(f"a BibTeX @{kind}, not a reference")
    closing = "}" if opened.group(2) == "{" else ")"
    at = opened.end()
    comma = text.find(",", at)
    if comma < 0:
        raise EntryError("a BibTeX entry with no fields")
    at = comma + 1
    fields, spans = {}, {}
    while True:
        at = _skip(text, at, " \t\r\n,")
        if at >= len(text):
            raise EntryError("a BibTeX entry that does not close")
        if text[at] == closing:
            break
        name = _NAME.match(text, at)
        if not name:
            raise EntryError("a BibTeX entry with something other than a field at "
                             f"{text[at:at + 20]!r}")
        at = _skip(text, name.end(), " \t\r\n")
        if text[at:at + 1] != "=":
            raise EntryError(f"a BibTeX field with no value: {name.group()!r}")
        value, span, at = _value(text, _skip(text, at + 1, " \t\r\n"))
        label = LABELS.get(name.group().lower())
        if label and value and label not in fields:
            fields[label], spans[label] = value, span
    if kind in GENRES and "genre" not in fields:
        fields["genre"] = GENRES[kind]
    return kind, fields, spans


def entry_type(kind: str) -> str | None:
    return TYPES.get(kind)


def _skip(text, at, characters) -> int:
    while at < len(text) and text[at] in characters:
        at += 1
    return at


def _value(text, at) -> tuple[str, tuple[int, int], int]:
    """The value at `at` (parts joined by `#`), its span and where reading goes on."""
    parts, start, end = [], None, at
    while True:
        if text[at:at + 1] == "{":
            stop = _balanced(text, at)
            part, span = text[at + 1:stop], (at + 1, stop)
            at = stop + 1
        elif text[at:at + 1] == '"':
            stop = at + 1
            depth = 0
            while stop < len(text) and (text[stop] != '"' or depth or text[stop - 1] == "\\"):
                depth += {"{": 1, "}": -1}.get(text[stop], 0)
                stop += 1
            if stop >= len(text):
                raise EntryError("a BibTeX value whose quote does not close")
            part, span = text[at + 1:stop], (at + 1, stop)
            at = stop + 1
        else:
            bare = _BARE.match(text, at)
            if not bare:
                raise EntryError(f"a BibTeX value that cannot be read at {text[at:at + 20]!r}")
            part, span, at = bare.group(), bare.span(), bare.end()
        parts.append(part)
        start = span[0] if start is None else start
        end = span[1]
        after = _skip(text, at, " \t\r\n")
        if text[after:after + 1] != "#":
            return clean(" ".join(parts)), (start, end), at
        at = _skip(text, after + 1, " \t\r\n")


def _balanced(text, at) -> int:
    """Where the brace opened at text[at] closes."""
    depth = 0
    for k in range(at, len(text)):
        if text[k] == "{" and text[k - 1:k] != "\\":
            depth += 1
        elif text[k] == "}" and text[k - 1:k] != "\\":
            depth -= 1
            if depth == 0:
                return k
    raise EntryError("a BibTeX value whose brace does not close")


def clean(value: str) -> str:
    """A value as a reader wants it: LaTeX accents and letters as Unicode, protecting braces
    and escapes gone, "--" a dash, white space collapsed."""
    value = _ACCENT.sub(lambda m: unicodedata.normalize(
        "NFC", (m.group(2) or m.group(3)) + ACCENTS[m.group(1)]), value)
    value = _LETTER.sub(lambda m: _LETTERS["\\" + m.group(1)], value)
    value = _ESCAPED.sub(r"\1", value.replace("{", "").replace("}", "").replace("~", " "))
    value = value.replace("---", "—").replace("--", "–")
    return " ".join(value.split())
