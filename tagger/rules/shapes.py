"""What a single token looks like: year, number, initial, name word, punctuation."""

import re

DASHES = frozenset("-‐‑‒–—−")
OPEN_QUOTES = frozenset("\"“„«‘'‚‹「『")
CLOSE_QUOTES = {"\"": "\"", "“": "”", "„": "“", "«": "»", "‘": "’", "'": "'", "‚": "‘",
                "‹": "›", "「": "」", "『": "』"}

_YEAR = re.compile(r"(?:1[5-9]\d\d|20\d\d)[a-z]?")
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002ffff]")
_ROMAN = re.compile(r"[ivxlcdm]+|[IVXLCDM]+")


def is_year(word: str) -> bool:
    return bool(_YEAR.fullmatch(word))


def is_number(word: str) -> bool:
    return word.isascii() and word.isdigit()


def is_roman(word: str) -> bool:
    return bool(_ROMAN.fullmatch(word))


def is_page_number(word: str) -> bool:
    """A page as written: "85", "e1234", "S12", "xiv", "A7"."""
    return (is_number(word) or is_roman(word)
            or (len(word) > 1 and word[0].isalpha() and word[1:].isdigit()))


def is_han(word: str) -> bool:
    return bool(_HAN.fullmatch(word))


def is_initial(word: str) -> bool:
    """One capital letter, as in "J." or "J" of "Romero J"."""
    return len(word) == 1 and word.isupper()


def is_bare_initials(word: str) -> bool:
    """Capitals run together without dots: "JQ", "OA", "K"."""
    return 1 <= len(word) <= 3 and word.isalpha() and word.isupper()


def is_name_word(word: str) -> bool:
    """A capitalized word of letters: "Romero", "ROMERO", "McDonald", "Pérez"."""
    return len(word) >= 2 and word[0].isupper() and word.isalpha() and not is_han(word[0])


def is_mixed_case(word: str) -> bool:
    """Capitalized but not all capitals: given names in "CASSARD Jean"."""
    return is_name_word(word) and not word.isupper()


def is_capitalized(word: str) -> bool:
    return bool(word) and (word[0].isupper() or word[0].isdigit() or is_han(word[0]))
