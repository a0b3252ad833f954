"""Read page spans: "pp. 1477-81" → 1477 to 1481; "e1234"; "S. 12 ff."; "xii, 345 pp.";
article numbers "P06002", "S5", "083C01"."""

import re

PAGE = r"(?:[A-Za-z]{0,3}\d+(?:[A-Za-z]{1,2}\d+|[A-Za-z])?|[ivxlcdm]+|[IVXLCDM]+)"
RANGE = re.compile(rf"(?<![\w.])({PAGE})\s*(?:[-‐‑‒–—−~]+|\?|to|bis)\s*({PAGE})(?!\w)")
SINGLE = re.compile(rf"(?<![\w.])({PAGE})(?!\w)")
PAGE_COUNT = re.compile(
    r"^(?:[ivxlcdm]+\s*[,+]\s*)?(\d+)\s*(?:pp|p|pages|S|Seiten|pgs|页)\.?$", re.I
)
# A page's label ends at a stop or a space ("pp" and a lower-case "p" may be glued to the page):
# "P06002" (J. Stat. Mech.) and "S5" (PASJ) are pages.
LABEL = re.compile(
    r"^(?:(?:pp?|pgs?|pages?|S|s|Seiten?|art(?:icle)?|no|id)(?:\.\s*|\s+|$)|pp|(?-i:p)(?=\d)"
    r"|第\s*)"
    r"|\s*(?:ff?|et seq|页)\.?$", re.I
)


def parse_pages(text: str) -> dict:
    """{"page": {"first", "last"}} or {"number_of_pages": n}, or {} when no page is there.

    Page numbers stay strings: article numbers ("e1234") and roman numerals are pages too.
    """
    text = " ".join(str(text).split()).strip(" .,;:()[]")
    count = PAGE_COUNT.match(text)
    if count:
        return {"number_of_pages": int(count.group(1))}
    text = LABEL.sub("", text).strip(" .,;:")
    found = RANGE.search(text)
    if found:
        first, last = found.group(1), _expand(found.group(1), found.group(2))
        return {"page": {"first": first, "last": last}}
    found = SINGLE.search(text)
    return {"page": {"first": found.group(1)}} if found else {}


def _expand(first: str, last: str) -> str:
    """Complete an abbreviated last page: 1477-81 → 1481, 165-87 → 187."""
    if first.isdigit() and last.isdigit() and len(last) < len(first):
        expanded = first[: len(first) - len(last)] + last
        if int(expanded) > int(first):
            return expanded
    return last
