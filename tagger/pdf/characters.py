"""Characters as a reader expects them: what PDFium hands over folded where that is safe.

Mathematical alphanumerics (𝑎, 𝐁, set in an affiliation or a formula), letterlike symbols
drawn as a font variant (ℎ, ℓ) and ligatures (ﬁ, ﬂ) become the letters they are (NFKC). Other
compatibility characters keep their form: superscript digits mark citations, full-width
punctuation is punctuation to the tokenizer. Spacing accents that a typesetter drew over a
letter as a glyph of their own are joined to it (tagger.pdf.fragments asks `combining`).
"""

import unicodedata
from functools import lru_cache

# spacing accents → the combining mark they stand for
SPACING_ACCENTS = {
    "\u00b4": "\u0301", "`": "\u0300", "\u00a8": "\u0308", "^": "\u0302", "\u02c6": "\u0302",
    "~": "\u0303", "\u02dc": "\u0303", "\u00b8": "\u0327", "\u02c7": "\u030c", "\u02d8": "\u0306",
    "\u02da": "\u030a", "\u02d9": "\u0307", "\u02dd": "\u030b", "\u00af": "\u0304",
    "\u02db": "\u0328", "\u02ca": "\u0301", "\u02cb": "\u0300",
}


@lru_cache(maxsize=4096)
def fold(char: str) -> str:
    """The character as text: math letters, font variants and ligatures folded, else as is."""
    if char.isascii():
        return char
    if char == "\ufffd":
        return char
    decomposition = unicodedata.decomposition(char)
    if decomposition.startswith("<font>") or "\ufb00" <= char <= "\ufb06":
        return unicodedata.normalize("NFKC", char)
    return char


def combining(char: str) -> str | None:
    """The combining mark a glyph stands for when drawn over a letter, or None."""
    if unicodedata.combining(char):
        return char
    return SPACING_ACCENTS.get(char)


def compose(text: str) -> str:
    """NFC: a letter and the accent set over it as one character."""
    return unicodedata.normalize("NFC", text) if not text.isascii() else text
