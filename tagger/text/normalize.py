"""Repair a reference's text as a PDF copy leaves it, keeping a map back to the original.

The parse stage tags the repaired text but reports fields as they appear in the raw
string, so every normalized character remembers the raw offset it came from.

What it repairs: compatibility forms (NFKC per character: ligatures, full-width forms),
dashes a PDF writes for a hyphen ("603‑15", "10.1007/s10584‐015", "166−170": the hyphen-minus
the training data holds), the "a↵ects" artefact (↵ stands for a lost "ff") and "sup¬porting"
(¬ for a hyphenation point), soft hyphens and zero-width characters, a superscript digit
touching a number (an edition: "1946³"), odd spaces and line breaks (one space), words
hyphenated at a line end, and DOIs or URLs broken at a line end or by a space. One pass over
the characters, one over the words: linear time, and no input makes it raise.
"""

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

DROPPED = frozenset("\u00ad\u200b\u200c\u200d\u2060\ufeff\u180e")
# The hyphen, non-breaking hyphen, figure dash and minus sign, written as the hyphen-minus: a
# page range, a DOI or a compound word means the same with either, and the training data has
# hardly any of them ("166−170" was read as a year; a DOI with "‐" resolves nowhere).
AS_HYPHEN = frozenset("\u2010\u2011\u2012\u2212")
HYPHENS = frozenset("-")
NUMBER_DASHES = frozenset("-\u2013")
JOINING_DASHES = HYPHENS | NUMBER_DASHES  # outside an identifier, only these may join words
LOST_FF = "\u21b5"  # some PDF fonts map the "ff" ligature to this arrow
DISCRETIONARY_HYPHEN = "\u00ac"  # "sup¬porting": a hyphenation point some PDF text layers keep
# Mathematical signs some Greek fonts map their capitals to ("∆ρυλλεράκης": the increment sign
# for Delta, the nabla for a reversed one is no letter), as the Greek letters when they
# touch one; NFKC leaves the increment sign (the ohm sign it makes Omega itself).
MATH_FOR_GREEK = {"\u2206": "\u0394"}
SUPERSCRIPT_DIGITS = frozenset("\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079")

# A hyphen before these words is a suspended compound ("pre- and post-processing").
SUSPENDING_WORDS = frozenset({"and", "or", "nor", "to", "und", "oder", "et", "ou", "y", "e", "vs", "versus"})
# Hyphenated prefixes that stay hyphenated when a line break splits them ("meta-analysis").
COMPOUND_PREFIXES = frozenset({
    "self", "non", "meta", "cross", "semi", "anti", "quasi", "multi", "inter", "intra", "pseudo",
    "post", "pre", "co", "well", "state", "real", "time", "data", "user", "high", "low", "long",
    "short", "large", "small", "open", "end",
})

IDENTIFIER_START = re.compile(r"10\.\d{3,9}/|https?://|ftp://|www\.|doi\.org/|tex-archive/",
                              re.IGNORECASE)
IDENTIFIER_CHARS = frozenset(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789" "./-_:;()<>[]?=&%~#+,"
)


@dataclass
class Normalized:
    text: str
    to_raw: list  # len(text) + 1 offsets into the raw string

    def raw_span(self, start: int, end: int) -> tuple:
        """Raw offsets of text[start:end], never empty when that text is not: the pieces of
        a character that NFKC expanded ("㋿" → "令和", "ﬁ" → "fi") all map to the whole
        character, which raw[to_raw[start]:to_raw[end]] alone would give as empty."""
        raw_start = self.to_raw[start]
        if end <= start:
            return raw_start, raw_start
        return raw_start, max(self.to_raw[end], self.to_raw[end - 1] + 1)

    def raw_spans(self, tokens) -> list[tuple]:
        """`raw_span` of each token (non-empty (text, start, end) spans), in one pass."""
        to_raw = self.to_raw
        spans = []
        for _, start, end in tokens:  # (a loop, as max() per token costs more than its test)
            raw_end, past_last = to_raw[end], to_raw[end - 1] + 1
            spans.append((to_raw[start], raw_end if raw_end > past_last else past_last))
        return spans


_compat_cache: dict = {}


def _compat(char: str) -> str:
    """NFKC of one character, cached: most references repeat the same few non-ASCII ones.

    A spacing accent ("Arbel´aez", a PDF's rendering of an accented letter) is kept as it
    is: NFKC would make it a space and a combining mark, which lands on the wrong letter.
    """
    mapped = _compat_cache.get(char)
    if mapped is None:
        mapped = unicodedata.normalize("NFKC", char)
        if mapped[:1].isspace() and len(mapped) > 1:
            mapped = char
        elif "\ud800" <= char <= "\udfff":  # a lone surrogate has no UTF-8 for CRFsuite
            mapped = "\ufffd"
        _compat_cache[char] = mapped
    return mapped


def _is_greek(char: str) -> bool:
    return "\u0370" <= char <= "\u03ff" or "\u1f00" <= char <= "\u1fff"


def _is_cjk(char: str) -> bool:
    code = ord(char)
    return (
        0x2E80 <= code <= 0x9FFF  # radicals, CJK punctuation, kana, Han
        or 0xAC00 <= code <= 0xD7AF  # Hangul
        or 0xF900 <= code <= 0xFAFF
        or 0xFF00 <= code <= 0xFFEF  # full-width forms that NFKC keeps
        or 0x20000 <= code <= 0x3FFFF
    )


def _split_words(raw: str):
    """Map characters and cut at white space.

    Returns words as (text, raw offset of each character) and, for each gap between two
    words, the raw offset where the white space began and whether it held a line break.
    A run of non-space characters is found by one regex; only one with a non-ASCII character
    (rare) is mapped character by character.
    """
    words, gaps = [], []
    gap_start = 0  # where the white space after the last word began
    breaks = _LINE_BREAK.search(raw) is not None  # (most references have none)
    for match in _RUN.finditer(raw):
        start, end = match.span()
        run = match.group()
        if run.isascii():
            word, offsets = run, range(start, end)
        else:
            word, offsets = _mapped(raw, start, end)
            if not word:  # only dropped characters: part of the white space around it
                continue
        if words:
            newline = breaks and _LINE_BREAK.search(raw, gap_start, start) is not None
            gaps.append((gap_start, newline))
        words.append((word, offsets))
        gap_start = end
    return words, gaps


# What is not white space (nor a control character), and the white space that breaks a line.
_RUN = re.compile(r"[^\s\x00-\x1f]+")
_LINE_BREAK = re.compile("[\n\r\x0b\x0c\x85\u2028\u2029]")


def _mapped(raw: str, start: int, end: int) -> tuple[str, list]:
    """raw[start:end], a run without white space, with its characters mapped (dropped, NFKC,
    the lost "ff", the discretionary hyphen), and the raw offset of each output character."""
    chars, offsets = [], []
    last = len(raw) - 1
    for i in range(start, end):
        char = raw[i]
        if char in DROPPED:
            continue
        if char < "\x80":
            chars.append(char)
            offsets.append(i)
            continue
        between_letters = chars and chars[-1].isalpha() and i < last and raw[i + 1].isalpha()
        if char == LOST_FF and between_letters:
            mapped = "ff"
        elif char == DISCRETIONARY_HYPHEN and chars and chars[-1].isalpha():
            mapped = "" if between_letters else "-"  # then repaired like any line-end hyphen
        elif char in AS_HYPHEN:
            mapped = "-"
        elif char in MATH_FOR_GREEK and (_is_greek(raw[i + 1] if i < last else "")
                                         or _is_greek(raw[i - 1] if i else "")):
            mapped = MATH_FOR_GREEK[char]
        elif char in SUPERSCRIPT_DIGITS:
            mapped = _superscript(char, raw[i - 1] if i else "", raw[i + 1] if i < last else "")
        else:
            mapped = _compat(char)
        for piece in mapped:
            chars.append(piece)
            offsets.append(i)
    return "".join(chars), offsets


def _superscript(char: str, before: str, after: str) -> str:
    """A superscript digit as a digit, set apart from a number it touches: the edition of
    "Hamburg 1946³" or "³1946" is no part of the year, which NFKC alone would make 19463."""
    digit = _compat(char)
    if before in _DIGITS:
        digit = " " + digit
    if after in _DIGITS:
        digit += " "
    return digit


_DIGITS = frozenset("0123456789")


def _looks_like_identifier_tail(word: str, after: str) -> bool:
    """Is `word` the rest of an identifier that ended in `after` (a "." "/" "-" or a letter)?"""
    if not word[0].isascii() or not word[0].isalnum():
        return False
    if any(char not in IDENTIFIER_CHARS for char in word):
        return False
    if after in "/-_":
        return True
    if after == ".":
        return word[0].isdigit() or (word[0].islower() and any(c in "./0123456789" for c in word))
    return any(char.isdigit() for char in word) and any(char in "./" for char in word)


# A DOI that PDF text broke by a space after its "10" or its "10.": the rest of it, then the
# head, with the character the rest begins with.
_BROKEN_DOI = re.compile(r"\.?\d{4,9}/")
_DOI_HEAD = re.compile(r"(?<![\w.])10\.\d?$")
# A DOI's zero-padded serial cut by a line end (Wolters Kluwer's "EE9.0000000000000061"), and
# the digits that go on with it on the next line (or after a space, where the line end became
# one and the padding is too long to end a DOI).
# A link's scheme, alone before the line end that broke it from its "//".
_SCHEME = re.compile(r"(?:.*\W)?(?:https?|ftp):", re.IGNORECASE)
# A publisher's code in a DOI: "CD-12-0548" of 10.1158/2159-8290.CD-12-0548.
_DOI_SUFFIX_PART = re.compile(r"[A-Z]{1,6}-\d[\dA-Z-]*[.,;]?")
_DOI_HEAD_ANYWHERE = re.compile(r"10\.\d{4,9}/")
_PADDED_DOI_END = re.compile(r"[./]0{3,}\d*$")
_DIGITS_ONLY = re.compile(r"\d+[.,;]?")


def _join(text: list, word_start: int, in_identifier: bool, word: str, newline: bool) -> str:
    """Decide what the gap between the text so far (its last word from `word_start`) and
    `word` becomes: "space", "join" or "unhyphenate"."""
    last = text[-1]
    if (last == "0" or last == ".") and _BROKEN_DOI.match(word) and _DOI_HEAD.search(
            "".join(text[max(word_start - 1, len(text) - 4):]) + word[0]):
        return "join"  # "doi:10 .1145/1601966", "doi: 10. 5194/npg-21-379"
    if last == ":" and word.startswith("//") and _SCHEME.fullmatch("".join(text[word_start:])):
        return "join"  # "https:↵//doi.org/10.2307/449284", a link broken after its scheme
    if not (in_identifier or last in JOINING_DASHES or newline and _is_cjk(last)):
        return "space"  # no rule below applies (most gaps): the tail need not be built
    tail = "".join(text[max(word_start, len(text) - 16):])
    first = word[0]
    if in_identifier:
        if last == "-" and newline and tail[-2:-1].isalpha() and first.islower() \
                and _hyphenated(_letters_before(tail[:-1]), word) == "unhyphenate" \
                and _joined(_letters_before(tail[:-1]), word) in _words():
            return "unhyphenate"  # "10.1371/jour-↵nal.pone": a word the line end broke
        if last in "./-_" and _looks_like_identifier_tail(word, last):
            return "join"
        if newline and last == "." and _DOI_SUFFIX_PART.fullmatch(word) \
                and _DOI_HEAD_ANYWHERE.search("".join(text[word_start:])):
            return "join"  # "10.1158/2159-8290.↵CD-12-0548": a publisher's code the line broke
        if newline and first in "./" and _looks_like_identifier_tail(word[1:] or " ", first):
            return "join"  # broken before the stop or slash, as Chicago style breaks URLs
        if newline and last.isalnum() and _looks_like_identifier_tail(word, "x"):
            return "join"
        padding = _PADDED_DOI_END.search(tail)
        if padding and _DIGITS_ONLY.fullmatch(word) and (newline or len(padding.group()) > 6):
            return "join"  # "10.1097/EE9.00000000000↵00061": a zero-padded number the line broke
    if last in HYPHENS and len(tail) >= 2 and tail[-2].isalpha():
        if first.islower():
            next_word = word.rstrip(".,;:)]").lower()
            if next_word in SUSPENDING_WORDS:
                return "space"
            return _hyphenated(_letters_before(tail[:-1]), word)
        if first.isalnum():
            return "join"
        return "space"
    if last in NUMBER_DASHES and len(tail) >= 2 and tail[-2].isdigit() and first.isdigit():
        return "join"
    if newline and _is_cjk(last) and _is_cjk(first):
        return "join"
    return "space"


# arXiv's subject classes, kept whole when a line end breaks them ("[hep-↵ph]")
ARXIV_CLASSES = frozenset({"hep-ph", "hep-th", "hep-ex", "hep-lat", "astro-ph", "cond-mat",
                           "gr-qc", "nucl-th", "nucl-ex", "quant-ph", "math-ph", "nlin-cd",
                           "physics-ed", "q-bio", "q-fin", "stat-ml", "cs-cl"})


@lru_cache(maxsize=1)
def _words() -> frozenset:
    """The corpora's words (tagger/text/lexicons/words.txt, built by training/corpora/make_words.py)."""
    try:
        text = resources.files("tagger.text").joinpath("lexicons/words.txt").read_text("utf-8")
    except OSError:
        return frozenset()
    return frozenset(text.split())


def _letters_before(tail: str) -> str:
    prefix = ""
    for char in reversed(tail):
        if not char.isalpha():
            break
        prefix = char + prefix
    return prefix


def _joined(prefix: str, word: str) -> str:
    rest = ""
    for char in word:
        if not char.isalpha():
            break
        rest += char
    return (prefix + rest).lower()


def _hyphenated(prefix: str, word: str) -> str:
    """A line end after "prefix-" before `word`: "join" keeps the hyphen (a compound, an
    identifier), "unhyphenate" closes the word up. From evidence: the hyphenated form is a
    word of the corpora, or the joined one is, or both halves are words of their own."""
    suffix = _joined("", word)
    joined, compound = (prefix + suffix).lower(), f"{prefix}-{suffix}".lower()
    if compound in ARXIV_CLASSES:
        return "join"
    words = _words()
    if compound in words:
        return "join"
    if joined in words:
        return "unhyphenate"
    if prefix.lower() in COMPOUND_PREFIXES:
        return "join"
    if len(prefix) >= 2 and len(suffix) >= 3 and prefix.lower() in words \
            and suffix.lower() in words:
        return "join"  # "Axial-↵vector": two words, a compound
    return "unhyphenate"


def _spaced_identifiers(words: list) -> set:
    """The indices of the words that go on a DOI or a link which a PDF's text layer spaced
    out, letter by letter or at its marks ("doi: 1 0 . 4 7 3 9 7 / t b / 4 3 - 1", "https : /
    / tex . stackexchange . com / questions/34424": TeX's url and letter-spacing set them
    so): each is joined to the word before it."""
    joined = set()
    texts = [word for word, _ in words]
    for i, word in enumerate(texts):
        if i in joined:
            continue
        if texts[i:i + 3] == ["1", "0", "."] and _SPACED_DOI.match("".join(texts[i:i + 13])) \
                and all(len(piece) == 1 for piece in texts[i:i + 8]):
            end = i + 3
            while end < len(texts) and len(texts[end]) == 1 and texts[end] in IDENTIFIER_CHARS:
                end += 1
            joined.update(range(i + 1, end))
        elif (word.lower() in ("http", "https", "ftp") and texts[i + 1:i + 2] == [":"]
              and texts[i + 2:i + 3] and texts[i + 2][0] == "/") or (
                _LINK_HEAD.match(word) and texts[i + 1:i + 2] in (["."], ["/"])):
            end = i + 2 if texts[i + 1] == ":" else i + 1
            while end < len(texts) and _goes_on_link(texts[end - 1], texts[end],
                                                    texts[end + 1] if end + 1 < len(texts) else ""):
                end += 1
            joined.update(range(i + 1, end))
    return joined


# A sign of a spaced-out DOI or link in the raw text, so that most references skip the search.
_SPACED_SIGN = re.compile(r"\b1 0 \. \d|\b(?:https?|ftp)\s?:(?://\S*)?\s?[./]", re.IGNORECASE)
# A DOI's head spaced out: "1 0 . 4 7 3 9 7 /" (the pieces joined, then matched).
_SPACED_DOI = re.compile(r"10\.\d{4,9}/")
# A link's head, whole: the word a spaced-out rest may go on ("https://tex . stackexchange").
_LINK_HEAD = re.compile(r"(?:https?|ftp)://\S", re.IGNORECASE)
_LINK_MARKS = "./:-_~?=&#%"


def _goes_on_link(before: str, word: str, after: str) -> bool:
    """Whether `word` goes on a spaced-out link whose last piece is `before`: a piece after
    one of the link's marks, or a mark between two of its pieces. A capital after a stop
    begins a sentence ("… example . org . Accessed"), not a host's or a path's part."""
    if not word or any(char not in IDENTIFIER_CHARS for char in word):
        return False
    if before[-1] in _LINK_MARKS and (word[0] not in _LINK_MARKS
                                      or before[-1] in ":/" and word[0] == "/"):
        return before[-1] != "." or not word[0].isupper()
    # a mark alone: after a piece only a stop or a slash ("tex . stackexchange"), after a
    # mark any ("https : / /")
    if len(word) == 1 and word in ("./" if before[-1].isalnum() else _LINK_MARKS):
        return not after or after[0] in _LINK_MARKS or after[0].isalnum() and not (
            word == "." and after[0].isupper())
    return False


def normalize(raw: str) -> Normalized:
    """Repair `raw` (see the module docstring); `to_raw` maps each output char to its source."""
    if not isinstance(raw, str):
        raw = "" if raw is None else str(raw)
    words, gaps = _split_words(raw)
    spaced = _spaced_identifiers(words) if _SPACED_SIGN.search(raw) else set()
    text, to_raw = [], []
    word_start = 0
    in_identifier = False
    for index, (word, offsets) in enumerate(words):
        if index:
            gap_offset, newline = gaps[index - 1]
            if index in spaced:
                action = "join"
                in_identifier = True
            else:
                action = _join(text, word_start, in_identifier, word, newline)
            if action == "space":
                text.append(" ")
                to_raw.append(gap_offset)
                word_start = len(text)
                in_identifier = False
            elif action == "unhyphenate":
                text.pop()
                to_raw.pop()
        text.extend(word)
        to_raw.extend(offsets)
        # (every IDENTIFIER_START holds a "." or a "/": most words need no search)
        if not in_identifier and ("." in word or "/" in word) and IDENTIFIER_START.search(word):
            in_identifier = True
    to_raw.append(len(raw))
    return Normalized("".join(text), to_raw)
