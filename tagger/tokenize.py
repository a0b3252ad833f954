"""Split a reference into tokens at punctuation boundaries, keeping character offsets.

White-space splitting (AnyStyle's way) leaves "2016:265-283" or "41(5):85–92" as one token
that no label fits. Here every punctuation mark is a token of its own, letters-and-digits runs
are words, each Han or kana character is a token (Chinese has no spaces between words), and
identifiers (URL, DOI, arXiv id, ISBN, e-mail) stay whole because their inner punctuation is
part of them, not a field boundary.
"""

import re
from typing import NamedTuple


class Token(NamedTuple):
    text: str
    start: int
    end: int


# Punctuation that may close an identifier's sentence but is not part of the identifier.
_TRAILING = r"""(?=[.,;:)\]}>"'’”]*(?:\s|$))"""

_IDENTIFIERS = [
    r"(?:https?|ftp)://\S+?" + _TRAILING,
    r"www\.[\w-]+\.\S+?" + _TRAILING,
    r"10\.\d{4,9}/\S+?" + _TRAILING,
    r"arXiv:\s?(?:\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?",
    r"97[89]-\d{1,5}-\d+-\d+-[\dX]\b",
    r"\d{1,5}-\d+-\d+-[\dX]\b",
    r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+",
]

# Han ideographs and kana, one character a token.
_CJK_CHAR = r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002ffff]"

# Letters, digits and combining marks ("Tı́o" is one word), but no CJK ideograph.
_MARKS = r"\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f"
_WORD = rf"(?:(?!{_CJK_CHAR})[\w{_MARKS}])+"

_TOKEN = re.compile("|".join([*_IDENTIFIERS, _CJK_CHAR, _WORD, r"\S"]), re.IGNORECASE)


def tokenize(text: str) -> list[Token]:
    """Tokens of `text` in order; `text[t.start:t.end] == t.text` and only white space is skipped."""
    return [Token(m.group(), m.start(), m.end()) for m in _TOKEN.finditer(text)]
