"""Characters as a reader expects them: what PDFium hands over folded where that is safe.

Mathematical alphanumerics (𝑎, 𝐁, set in an affiliation or a formula), letterlike symbols
drawn as a font variant (ℎ, ℓ) and ligatures (ﬁ, ﬂ) become the letters they are (NFKC). Other
compatibility characters keep their form: superscript digits mark citations, full-width
punctuation is punctuation to the tokenizer. Spacing accents that a typesetter drew over a
letter as a glyph of their own are joined to it (tagger.pdf.fragments asks `combining`).

A font that does not say which characters it draws hands over its codes as they are. TeX's
EC fonts (LaTeX's `\\usepackage[T1]{fontenc}`) typeset as bitmaps (Type 3, when cm-super's
Type 1 fonts are not installed) do so: "ff" is code 0x1B, a control character, and "Duffy"
would read "Du y". `T1` is what those codes are in TeX's T1 (Cork) encoding where that is
not the Latin-1 character of the same code (tagger.pdf.extract asks it for such fonts).
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

# TeX's T1 (Cork) encoding, where a code is not the ASCII / Latin-1 character of its number:
# accents (as the spacing accents above), quotes, dashes, ligatures, Central European letters.
T1 = dict(zip(map(chr, range(0x00, 0x20)), [
    "`", "\u00b4", "\u02c6", "\u02dc", "\u00a8", "\u02dd", "\u02da", "\u02c7", "\u02d8",
    "\u00af", "\u02d9", "\u00b8", "\u02db", "\u201a", "\u2039", "\u203a", "\u201c", "\u201d",
    "\u201e", "\u00ab", "\u00bb", "\u2013", "\u2014", "", "", "\u0131", "\u0237",
    "ff", "fi", "fl", "ffi", "ffl"]))
T1.update(zip(map(chr, range(0x80, 0xC0)),
              "ĂĄĆČĎĚĘĞĹĽŁŃŇŊŐŔŘŚŠŞŤŢŰŮŸŹŽŻĲİđ§ăąćčďěęğĺľłńňŋőŕřśšşťţűůÿźžżĳ¡¿£"))
T1.update({"\x7f": "-", "\u00d7": "Œ", "\u00df": "SS", "\u00f7": "œ", "\u00ff": "ß"})


@lru_cache(maxsize=4096)
def fold(char: str) -> str:
    """The character as text: math letters, font variants and ligatures folded, else as is."""
    if char.isascii():
        return char
    if len(char) != 1 or char == "\ufffd":
        return char
    decomposition = unicodedata.decomposition(char)
    if decomposition.startswith("<font>") or "\ufb00" <= char <= "\ufb06":
        return unicodedata.normalize("NFKC", char)
    return char


def combining(char: str) -> str | None:
    """The combining mark a glyph stands for when drawn over a letter, or None (so for any
    text longer than one character: a ligature, a letter that already took an accent)."""
    if len(char) != 1:
        return None
    if unicodedata.combining(char):
        return char
    return SPACING_ACCENTS.get(char)


def compose(text: str) -> str:
    """NFC: a letter and the accent set over it as one character."""
    return unicodedata.normalize("NFC", text) if not text.isascii() else text
