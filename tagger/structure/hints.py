"""Cheap looks that say a slow pattern cannot match, so most references skip its scan.

A hint is a piece of text every match of a pattern holds. Patterns compiled with re.I match
a letter in either case, and also "ſ" as "s", and "ı" or "İ" as "i": `folded` gives the lower
case those comparisons come to, in which hints are looked for; hints never hold an "i".
"""


def folded(text: str) -> str:
    """The text in lower case, with "ſ" as "s"."""
    lower = text.lower()
    return lower.replace("ſ", "s") if "ſ" in lower else lower


def may_match(text: str, hints: tuple[str, ...]) -> bool:
    """False when the text holds none of a pattern's hints: the pattern cannot match it."""
    text = folded(text)
    return any(hint in text for hint in hints)
