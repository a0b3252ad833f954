"""Split a reference into tokens at punctuation boundaries, keeping character offsets.

White-space splitting (AnyStyle's way) leaves "2016:265-283" or "41(5):85–92" as one token
that no label fits. Here every punctuation mark is a token of its own, letters-and-digits runs
are words, each Han or kana character is a token (Chinese has no spaces between words), and
identifiers (URL, DOI, arXiv id, ISBN, e-mail, a CTAN path) stay whole because their inner punctuation is
part of them, not a field boundary.
"""

import re
from functools import lru_cache
from typing import NamedTuple

from . import lexicon


class Token(NamedTuple):
    text: str
    start: int
    end: int


# Punctuation that may close an identifier's sentence but is not part of the identifier.
_TRAILING_BODY = r"""[.,;:)\]}>"'’”]*(?:\s|$)"""
_TRAILING = f"(?={_TRAILING_BODY})"
# A word glued to a DOI that begins another field: "…/PhysRevD.12.3456.URL https://…".
_GLUED_FIELD = r"\.?(?-i:URL|PMID|PMCID)\b"

_IDENTIFIERS = [
    r"(?:https?|ftp)://\S+?" + _TRAILING,
    r"www\.[\w-]+\.\S+?" + _TRAILING,
    r"tex-archive/\S+?" + _TRAILING,  # a path on CTAN, as TeX documents cite a package
    rf"10\.\d{{4,9}}/\S+?(?={_GLUED_FIELD}|{_TRAILING_BODY})",
    # arXiv ids: "arXiv:1706.03762v2", "arXiv :hep-th/9711200", "abs/1409.0473", a bare
    # new-style "1512.01274" or old-style "hep-th/9711200".
    r"(?:arXiv\s?:\s?|abs/)(?:\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?",
    r"(?<![\d.])\d{4}\.\d{4,5}(?:v\d+)?(?![\d.])",
    r"(?<![\w/])[a-z]+(?:-[a-z]+)?(?:\.[A-Z]{2})?/\d{7}(?:v\d+)?\b",
    r"97[89]-\d{1,5}-\d+-\d+-[\dX]\b",
    r"\d{1,5}-\d+-\d+-[\dX]\b",
    r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+",
]

# A DOI, as the tokenizer keeps it whole: "10.7843/kgs.2015.31.11.41".
DOI_SHAPE = re.compile(r"10\.\d{4,9}/\S")
# A bare arXiv number whose first four digits are a year and month as arXiv's new-style
# numbers have them (April 2007 on): "…, 014505 (2013), 1209.2258". "2016.1234" is none.
ARXIV_DATED = re.compile(r"(?:0[7-9]|[1-9]\d)(?:0[1-9]|1[0-2])\.\d{4,5}(?:v\d+)?")

# Han ideographs and kana, one character a token.
_CJK_CHAR = r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002ffff]"

# Letters, digits and combining marks ("Tı́o" is one word), but no CJK ideograph.
_MARKS = r"\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f"
_WORD = rf"(?:(?!{_CJK_CHAR})[\w{_MARKS}])+"

# Journal codes joined by an ampersand ("A&A", "ARA&A", "A&AS") are one word.
_AMPERSAND_CODE = r"(?-i:[A-Z]{1,4}&[A-Z]{1,3})(?![\w&])"

_TOKEN = re.compile("|".join([*_IDENTIFIERS, _AMPERSAND_CODE, _CJK_CHAR, _WORD, r"\S"]),
                    re.IGNORECASE)
# The same without the identifiers, for a text that holds none: every identifier above needs
# one of these, and most references have none of them, so most words are scanned once, not
# three times (the arXiv and e-mail patterns read a whole word before they fail).
_TOKEN_PLAIN = re.compile("|".join([_AMPERSAND_CODE, _CJK_CHAR, _WORD, r"\S"]), re.IGNORECASE)
_MAY_HOLD_IDENTIFIER = re.compile(r"/|@|www\.|\d{4}\.\d{4}|\d-\d+-\d+-[\dX]", re.IGNORECASE)

# Inside a word, PDF text glues fields together: "Phys.Rev.D53", "JHEP03", "Nucl.Phys.B855",
# "PhysRevLett", "UsingParticles", "andG". A word is cut where a letter meets a digit, where a
# digit meets a Korean marker that ends the Hangul run ("24권", "2016년"; not "1930년대",
# "4대강", "21세기"), and where a lower-case letter meets a capital that begins a word of its
# own ("Phys|Rev", "and|G") after a word of its own ("Phys", "and"): not inside "ApJ",
# "arXiv", "CoRR" or "LaTeX". A digit followed by Latin letters stays ("1991a", "41st",
# "3GPP"), and so does an article number of one small letter ("e1234").
_HANGUL_MARKERS = "|".join(sorted((re.escape(word) for word in lexicon.KEYWORDS
                                   if "\uac00" <= word[0] <= "\ud7af"), key=len, reverse=True))
_LETTER_DIGIT = re.compile(
    rf"(?<=[^\W\d_])(?=\d)|(?<=\d)(?=(?:{_HANGUL_MARKERS})(?![\uac00-\ud7af]))")
_CASE_CHANGE = re.compile(r"(?<=[a-zß-öø-ÿ])(?=[A-ZÀ-ÖØ-Þ])")
_WORD_START = re.compile(r"[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]{2,}")
_LONE_CAPITAL = re.compile(r"[A-ZÀ-ÖØ-Þ](?![^\W\d_])")
_GLUED = re.compile(f"{_LETTER_DIGIT.pattern}|{_CASE_CHANGE.pattern}")
_IDENTIFIER = re.compile("|".join(_IDENTIFIERS), re.IGNORECASE)
_ARTICLE_NUMBER = re.compile(r"[a-z]\d+")


def _cuts(word: str) -> list[int]:
    """Where a glued word is cut into tokens (offsets inside it)."""
    if _ARTICLE_NUMBER.fullmatch(word):
        return []
    cuts = [m.start() for m in _LETTER_DIGIT.finditer(word)]
    for match in _CASE_CHANGE.finditer(word):
        at = match.start()
        left = word[max([cut for cut in cuts if cut < at] + [0]):at]
        if (_WORD_START.match(word, at) and (len(left) >= 3 or left[0].isupper())
                or _LONE_CAPITAL.match(word, at) and len(left) >= 3 and left.islower()):
            cuts.append(at)
    return sorted(cuts)


@lru_cache(maxsize=1 << 14)
def _pieces(word: str) -> tuple[tuple[str, int, int], ...] | None:
    """A matched word's tokens as (text, start, end) inside it, or None when it stays whole
    (most words): remembered, since words repeat from reference to reference."""
    if not _GLUED.search(word) or "&" in word or _IDENTIFIER.fullmatch(word):
        return None
    cuts = _cuts(word)
    if not cuts:
        return None
    bounds = [0, *cuts, len(word)]
    return tuple((word[a:b], a, b) for a, b in zip(bounds, bounds[1:]))


def tokenize(text: str) -> list[Token]:
    """Tokens of `text` in order; `text[t.start:t.end] == t.text` and only white space is skipped."""
    return _cut(_TOKEN if _MAY_HOLD_IDENTIFIER.search(text) else _TOKEN_PLAIN, text)


def _cut(pattern: re.Pattern, text: str) -> list[Token]:
    """The tokens of `text` that `pattern` matches, glued words cut into their pieces."""
    tokens = []
    for match in pattern.finditer(text):
        word = match.group()
        start, end = match.span()
        pieces = _pieces(word)
        if pieces is None:
            tokens.append(Token(word, start, end))
        else:
            tokens.extend(Token(piece, start + a, start + b) for piece, a, b in pieces)
    return tokens
