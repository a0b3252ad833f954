"""Field values reduced to what must match for a field to count as right (docs/design.md
"Evaluation conventions").

Tools differ in the punctuation, case and spacing they keep around a value, and in how they
write a year or a page range; none of that is what a user asks of a field tagger, so it is
removed before gold and prediction are compared.
"""

import re
import unicodedata

_YEAR = re.compile(r"(?<!\d)\d{4}(?!\d)")
_DIGITS = re.compile(r"\d+")
_DOI_START = re.compile(r"10\.\d")
_DOI_PREFIX = re.compile(r"^(?:doi:\s*|https?://(?:dx\.)?doi\.org/)", re.IGNORECASE)

# Labels whose value is compared as its groups of digits ("pp. 327–335." → "327 335").
DIGIT_LABELS = ("pages", "volume", "issue")


def text_key(value: str) -> str:
    """NFKC, case-folded, letters and digits only."""
    value = unicodedata.normalize("NFKC", value).casefold()
    return "".join(char for char in value if char.isalnum())


def normalize_value(label: str, value: str | None) -> str:
    """The comparison key of one field value; "" means the field is absent."""
    if not value:
        return ""
    value = unicodedata.normalize("NFKC", value)
    if label == "year":
        match = _YEAR.search(value)
        return match.group() if match else text_key(value)
    if label in DIGIT_LABELS:
        groups = _DIGITS.findall(value)
        return " ".join(groups) if groups else text_key(value)
    if label == "doi":
        value = "".join(value.split()).lower()
        start = _DOI_START.search(value)
        return value[start.start():] if start else _DOI_PREFIX.sub("", value)
    return text_key(value)
