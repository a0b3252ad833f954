"""Read volume, issue, part and edition numbers: "Vol. 12, No. 2,", "23(9):", "n°25.", "Pt. 2",
"2nd ed."."""

import re

VOLUME_MARK = re.compile(r"\b(?:vol(?:ume)?|v|bd|band|jg|tome|t|tomo)\.?\s*([\w\-–/]+)", re.I)
ISSUE_MARK = re.compile(
    r"(?:\b(?:no|nos|nr|num|number|issue|iss|heft|h|fasc|cahier)\.?|n°|nº|№|#)\s*([\w\-–/]+)",
    re.I,
)
PART_MARK = re.compile(r"\b(?:pt|part|teil|partie)\.?\s*(\w+)", re.I)
HAN_VOLUME = re.compile(r"第?\s*(\d+)\s*卷")
HAN_ISSUE = re.compile(r"第?\s*(\d+)\s*期")
PARENTHESES = re.compile(r"\(([\w\-–/ ]+)\)")
LEADING = re.compile(r"^(?:\d{4}\s*[;,]\s*)?(\d+[A-Za-z]?|[IVXLCDM]+)(?![\w.])")
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6,
            "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10, "premiere": 1, "deuxième": 2,
            "zweite": 2, "dritte": 3}
ORDINAL_WORDS = tuple((re.compile(rf"\b{word}\b", re.I), value) for word, value in ORDINALS.items())
BARE_NUMBER = re.compile(r"[\w\-–/]+")
EDITION_NUMBER = re.compile(r"\b(\d+)\s*(?:st|nd|rd|th|e|er|ème|\.)?(?=\s|$)")


def parse_volume(text: str) -> dict:
    """{"volume", "issue", "part"} from a volume span, which may carry the issue too
    ("29(2):655") or a part ("Vol. 3, Pt. 2")."""
    text = " ".join(str(text).split())
    out = {}
    volume = HAN_VOLUME.search(text) or VOLUME_MARK.search(text)
    issue = HAN_ISSUE.search(text) or ISSUE_MARK.search(text)
    if volume:
        out["volume"] = volume.group(1).strip("-–/")
    elif not (issue and issue.start() == 0):
        leading = LEADING.search(text)
        if leading:
            out["volume"] = leading.group(1)
    if issue:
        out["issue"] = issue.group(1).strip("-–/")
    else:
        parenthesized = PARENTHESES.search(text)
        if parenthesized and out:
            out["issue"] = parenthesized.group(1).strip()
    part = PART_MARK.search(text)
    if part:
        out["part"] = part.group(1)
    return out


def parse_issue(text: str) -> str | None:
    """The number in an issue span: "(3)", "no. 4", "第3期", "Heft 2"."""
    text = " ".join(str(text).split())
    marked = HAN_ISSUE.search(text) or ISSUE_MARK.search(text)
    if marked:
        return marked.group(1).strip("-–/") or None
    bare = BARE_NUMBER.search(text)
    return bare.group(0).strip("-–/") or None if bare else None


def parse_edition(text: str) -> str | None:
    """ "2nd ed." → "2", "Second edition" → "2"; other wording ("Rev. ed.") kept as written."""
    text = " ".join(str(text).split()).strip(" ,;:()")
    number = EDITION_NUMBER.search(text)
    if number:
        return number.group(1)
    for word, value in ORDINAL_WORDS:
        if word.search(text):
            return str(value)
    return text or None
