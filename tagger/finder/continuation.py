"""Does a short line go on with the reference line before it? The vocabulary the edge rules
share: how a reference line is left open (on a comma, "and", inside a DOI or a bracket), how a
reference's last line ends, and the tails a wrap leaves alone on a line ("2019.", "3094364]",
"109–133", "24568259").
"""

import re

from tagger.finder.lines import IDENTIFIER, PAGE_NUMBER

# A short line of numbers glued to punctuation: the end of a reference wrapped there
# ("2019.", "436–444.", "3094364]", "e1002345,", "(2015)."), never a page number.
GLUED_NUMBER = re.compile(r"^\(?[eA-Z]?\d[\d\s–\-:()]*[.,;:)\]]+$|^\(\d{4}[a-z]?\)")
# A line end that leaves the reference open: the next line must go on with it.
OPEN_END = re.compile(r"(?:[,;:(\[/–\-&]|\b(?:and|in|of|the|pp?\.|[Pp]age|[Vv]ol\.|[Nn]o\.|doi:?|In:))$")
# How a reference's last line ends: a stop, a number, a closing bracket.
REFERENCE_END = re.compile(r"[.)\]]$|\d$")
# How a reference's last line may end (a stop, a number, a bracket, a quote, a mark or an
# identifier): a line the wrap did not fill and that ends otherwise is no reference's.
LAST_LINE_END = re.compile(r"[.)\]”\"*†]$|\d$|(?:10\.\d{3,9}/|https?://|www\.)\S*$", re.I)
PAGE_RANGE = re.compile(r"^(?:pp?\.\s*)?[A-Za-z]?\d+\s*[–\-—]\s*[A-Za-z]?\d+[.,;]?$")
RANGE_END = re.compile(r"^[–\-—]\d+[.,;]?$")  # "–188", not a foot's "- 188 -"
NUMBERS = re.compile(r"^[\d\s–\-:;()]+[.,;]?$")
# A number too long for a page number: an article number, PMID or identifier wrapped alone.
LONG_NUMBER = re.compile(r"^[eA-Z]?\d{5,}[.,;)\]]*$")
# A line stopping on an identifier's name, and a line opening with such an identifier's value.
IDENTIFIER_NAME_END = re.compile(r"\b(?:PMID|PMCID|ISBN|ISSN|arXiv|doi)\s?:?$", re.I)
IDENTIFIER_VALUE = re.compile(r"^(?:PMC)?\d[\d\-.]*[\dX]\b")
IDENTIFIER_TAIL = re.compile(r"^[A-Za-z0-9][\w./\-()<>;:]*[\]).,;]*$")
BRACKETS = ("[]", "()", "<>", "«»", "“”")


def open_identifier(previous: str) -> bool:
    """Does the line end inside a DOI or URL ("10.1109/TPDS.2021.", "doi:10.1016/")?"""
    words = previous.split()
    return bool(words) and bool(IDENTIFIER.search(words[-1])) and words[-1][-1] in "./-_=?&#"


def unclosed(previous: str) -> bool:
    """Does the line leave a bracket or a quote open ("[36] S. Buckley, “Quasiresonant")?"""
    return any(previous.count(a) > previous.count(b) for a, b in BRACKETS)


def _open_bracket(previous: str, content: str) -> bool:
    """An opened bracket the previous line leaves open and this line closes before it opens
    one of its own ("(Allen et al.,↵1990). Planning"; not a head's "412 (2021) 109–133"), or
    a straight quote left open that the line closes ("\"Digital Prosopography of↵Renaissance
    Musicians: A Progress Report.\" Poster …")."""
    return any(previous.count(a) > previous.count(b) and b in content
               and (a == b or a not in content[:content.index(b)])
               for a, b in BRACKETS) or _quote_closed(previous, content)


def straight_quote_open(previous: str) -> bool:
    """Does the line leave a straight quote open (an odd count, the last one after a space:
    "… Oh, B. H. \"High-Resolution Crystal")?"""
    last = previous.rfind('"')
    return previous.count('"') % 2 == 1 and (last == 0 or previous[last - 1].isspace())


def _quote_closed(previous: str, content: str) -> bool:
    """The previous line leaves a straight quote open and this line's first quote closes one
    (glued to the word before it)."""
    first = content.find('"')
    return straight_quote_open(previous) and first > 0 and not content[first - 1].isspace()


def continues(previous: str, content: str) -> bool:
    """Is `content` (a short line) surely the rest of the reference line `previous`?"""
    if not previous:
        return False
    if (GLUED_NUMBER.match(content) and not PAGE_NUMBER.match(content) or PAGE_RANGE.match(content)
            or LONG_NUMBER.match(content)):
        return True  # "2019.", "3094364]", "24568259"; and a page range alone is no furniture
    if content.isdigit() and (previous.endswith(("-", "–", "/", ",")) or OPEN_END.search(previous)):
        return True  # the end of a page range or an identifier wrapped there
    if RANGE_END.match(content) and previous[-1:].isdigit():
        return True  # a page range wrapped before its dash: "(2016), 164↵–188"
    if IDENTIFIER_NAME_END.search(previous) and IDENTIFIER_VALUE.match(content):
        return True  # "… PubMed [journal] PMID↵24679710, PMCID PMC4043395": the number it names
    if NUMBERS.match(content) and not content.isdigit() and OPEN_END.search(previous):
        return True  # "Rev Med Suisse 2009;5:↵1882-1889"
    if _open_bracket(previous, content):
        return True
    first = content.split()[0]
    return (open_identifier(previous) and bool(IDENTIFIER_TAIL.match(first))
            and any(char.isdigit() or char == "." for char in first.rstrip(".,;)]")))


def closed_before(previous: str, content: str) -> bool:
    """A bare number after a reference line that ends on a stop outside any identifier: the
    reference was finished, the number is not its."""
    return content.isdigit() and previous.endswith(".") and not open_identifier(previous)


def bare_identifier_end(previous: str) -> bool:
    """Does the line stop on a DOI or URL with no stop after it ("… 90-99.
    doi:10.1111/jan.12474")? The reference may end there, or go on after it ("JCR two-year
    Impact Factor: 1.998")."""
    words = previous.split()
    return bool(words) and bool(IDENTIFIER.search(words[-1])) and not previous.endswith(".")
