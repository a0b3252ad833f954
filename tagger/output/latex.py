"""Unicode text as LaTeX source, for BibTeX field values.

LaTeX's special characters become commands that print them; accented Latin letters become
accent commands in braces ("{\\"u}"), the form BibTeX's styles treat as one letter when they
sort, abbreviate or change case; dashes and curly quotes become their LaTeX ligatures. Every
brace written is balanced, so no input can end a BibTeX field early. Other scripts (Greek,
Cyrillic, CJK, ...) are kept as they are: UTF-8 LaTeX and BibTeX read them.
"""

import unicodedata

SPECIAL = {
    "\\": r"\textbackslash{}", "{": r"\textbraceleft{}", "}": r"\textbraceright{}",
    "#": r"\#", "$": r"\$", "%": r"\%", "&": r"\&", "_": r"\_",
    "~": r"\textasciitilde{}", "^": r"\textasciicircum{}",
    "<": r"\textless{}", ">": r"\textgreater{}", "|": r"\textbar{}",
}
LETTERS = {
    "ß": r"{\ss}", "æ": r"{\ae}", "Æ": r"{\AE}", "œ": r"{\oe}", "Œ": r"{\OE}",
    "ø": r"{\o}", "Ø": r"{\O}", "ł": r"{\l}", "Ł": r"{\L}", "å": r"{\aa}", "Å": r"{\AA}",
    "ı": r"{\i}", "ȷ": r"{\j}",
}
PUNCTUATION = {
    "–": "--", "—": "---", "“": "``", "”": "''", "‘": "`", "’": "'", "\u00a0": "~",
    "…": r"\ldots{}", "§": r"\S{}", "¶": r"\P{}", "©": r"\textcopyright{}",
    "®": r"\textregistered{}", "™": r"\texttrademark{}", "°": r"\textdegree{}",
    "€": r"\texteuro{}", "£": r"\pounds{}", "¡": r"\textexclamdown{}",
    "¿": r"\textquestiondown{}", "«": r"\guillemotleft{}", "»": r"\guillemotright{}",
}
# Combining mark → accent command; the last four sit under the letter.
ACCENTS = {
    "\u0300": "`", "\u0301": "'", "\u0302": "^", "\u0303": "~", "\u0308": '"', "\u0304": "=",
    "\u0307": ".", "\u0306": "u", "\u030c": "v", "\u030b": "H", "\u030a": "r",
    "\u0327": "c", "\u0328": "k", "\u0323": "d", "\u0331": "b",
}
BELOW = {"c", "k", "d", "b"}


def escape(text: str) -> str:
    """`text` as LaTeX that prints it."""
    return "".join(_character(c) for c in str(text))


def _character(c: str) -> str:
    if c in SPECIAL:
        return SPECIAL[c]
    if c.isascii():
        return c
    if c in LETTERS:
        return LETTERS[c]
    if c in PUNCTUATION:
        return PUNCTUATION[c]
    return _accented(c) or c


def _accented(c: str) -> str | None:
    """ "{\\'e}", "{\\v{c}}", "{\\'\\i}" for an ASCII letter under marks LaTeX has commands for."""
    base, *marks = unicodedata.normalize("NFD", c)
    if not (base.isascii() and base.isalpha() and marks and all(m in ACCENTS for m in marks)):
        return None
    commands = [ACCENTS[mark] for mark in marks]
    inner = base
    if base in "ij" and any(command not in BELOW for command in commands):
        inner = "\\" + base  # dotless, under an accent above it
    for command in commands:
        plain = not command.isalpha() and len(inner) == 1
        inner = f"\\{command}{inner}" if plain else f"\\{command}{{{inner}}}"
    return "{" + inner + "}"
