"""Guess a reference's CSL item type from its fields.

Evidence in order of strength: a GB/T 7714 type code ("[J]", "[EB/OL]"); words that name the
genre ("PhD thesis", "PhD diss.", "Technical report", "Computer software", "Data set"); words in
the container ("Proc.", "Conference", "In: ...", NeurIPS's "Advances in Neural Information
Processing Systems"); a repository of programs or data as the publisher; and last, which
fields are there at all (a container with a volume is a journal article, a publisher without a
container a book).
"""

import re

from .hints import may_match
from .identifiers import find_arxiv

# GB/T 7714 document type codes; [A] is read the older way, as a part of a collection.
GBT_TYPES = {
    "J": "article-journal", "C": "paper-conference", "M": "book", "D": "thesis", "R": "report",
    "EB": "webpage", "S": "standard", "P": "patent", "N": "article-newspaper", "A": "chapter",
    "G": "book", "K": "book", "Z": "document", "DB": "dataset", "DS": "dataset",
    "CP": "software", "CM": "map",
}
GBT_MARKER = re.compile(r"\[\s*([A-Z]{1,2})\s*(?:/\s*(?:OL|MT|DK|CD)\s*)?\]")
# The code alone, as the fields stage leaves a genre of "[J]" or "[EB/OL]": "J", "EB/OL".
GBT_CODE = re.compile(r"^\W*([A-Z]{1,2})\s*(?:/\s*(?:OL|MT|DK|CD)\s*)?\W*$")

# Words that name the kind of document, looked for in the genre (the first two in notes too).
GENRE_WORDS = tuple((kind, re.compile(pattern, re.I)) for kind, pattern in (
    ("thesis", r"\bthesis\b|\bdissertation\b|\bdiss\b\.?|thèse|\btesis\b|\btese\b|doktorarbeit|"
               r"hochschulschrift|habilitation|学位论文|硕士|博士"),
    ("patent", r"\bpatent|\bbrevet\b|专利"),
    ("report", r"\breport\b|\brep\.|\brapport\b|\bbericht\b|working paper|white paper|报告"),
    ("preprint", r"\bpreprint\b|\barxiv\b|biorxiv|medrxiv|\bssrn\b"),
    ("webpage", r"\bweb\s?(?:page|site)\b|\bwebsite\b|\bblog\b"),
    ("standard", r"\bstandard\b|\bnorm\b|\bISO\s\d"),
    ("software", r"\bsoftware\b|\bcomputer program\b|^code$|\brepository\b"),
    ("dataset", r"\bdata\s?set\b|\bdatabase\b"),
))
# Archives that hold only programs or only data: their name as the publisher says which.
SOFTWARE_ARCHIVES = re.compile(r"^(?:github|gitlab|bitbucket|pypi|cran|bioconductor|"
                               r"astrophysics source code library|ascl|conda-forge)$", re.I)
DATA_ARCHIVES = re.compile(r"^(?:dryad|figshare|dataverse|harvard dataverse|mendeley data)$",
                           re.I)
# The venue patterns test "\b" once, before their words, which keeps searching long venues fast.
PREPRINT_VENUE = re.compile(
    r"\b(?:arxiv|ssrn|preprint)\b|biorxiv|medrxiv|chemrxiv|psyarxiv", re.I
)
REPORT_VENUE = re.compile(
    r"technical report|tech\.\s*rep|research report|working paper|white paper", re.I
)
# Most venues are neither, and a scan costs more than a look for a hint first (hints.py).
PREPRINT_HINTS = ("rx", "ssrn", "prepr")
REPORT_HINTS = ("rep", "paper")
CONFERENCE_VENUE = re.compile(
    r"\b(?:proc\b\.?|proceedings\b|conference\b|conf\.|symposium\b|symp\.|"
    r"workshop\b|congress\b|colloquium\b|meeting\b|kongress|tagung|actes du\b|"
    r"congrès|congreso\b|conférence\b|konferenz|convegno\b|simposio\b|forum\b)|"
    r"会议|论文集",
    re.I,
)
CONFERENCE_HINTS = ("proc", "con", "symp", "workshop", "coll", "meet", "kon", "tagung",
                    "actes du", "mpos", "forum", "会议", "论文集")
# Journals named "Proceedings ..." ("Proc. Natl. Acad. Sci.", "Proceedings of the IEEE").
JOURNAL_PROCEEDINGS = re.compile(
    r"proc(?:eedings|\.)?\s*(?:of\s+the\s+)?(?:national\s+academy|natl\.?\s*acad|royal\s+society|"
    r"r\.\s*soc|ieee\s*[,.]?\s*$|am(?:erican|\.)\s*math|london\s+math|lond\.\s*math|"
    r"cambridge\s+philos|camb\.\s*philos|edinburgh\s+math|japan\s+acad|indian\s+acad)",
    re.I,
)
CONFERENCE_NAMES = (r"(?:NIPS|NeurIPS|ICML|ICLR|CVPR|ICCV|ECCV|ACL|NAACL|EMNLP|COLING|"
                    r"AAAI|IJCAI|KDD|SIGIR|SIGMOD|VLDB|ICDE|WWW|CHI|UIST|SIGGRAPH|INFOCOM|"
                    r"ICASSP|INTERSPEECH|MICCAI)")
CONFERENCE_ACRONYM = re.compile(r"^in:?\s+(?:\d{4}\s+)?" + CONFERENCE_NAMES + r"\b", re.I)
# Proceedings that read as a journal: NeurIPS's "Advances in Neural Information Processing
# Systems", PMLR, or a conference's acronym in brackets ("… (NeurIPS)", "(ICML 2019)").
PROCEEDINGS_NAMES = re.compile(
    r"advances in neural information processing|proceedings of machine learning research|"
    r"\bPMLR\b|\(\s*" + CONFERENCE_NAMES + r"\b",
    re.I,
)
IN_CONTAINER = re.compile(r"^\s*(?:in|dans|en|im)\s*[:\s]", re.I)


def guess_type(fields: dict) -> str | None:
    """A CSL type ("article-journal", "book", ...) or None when the fields do not tell."""
    def text(label):
        value = fields.get(label)
        return " ".join(str(value).split()) if value else ""

    marker = _gbt_type(fields)
    if marker:
        return marker
    genre, note, venue = text("genre"), text("note"), text("venue")
    if genre or note:
        for kind, pattern in GENRE_WORDS:
            in_note = kind in ("thesis", "patent") and pattern.search(note)
            if in_note or pattern.search(genre):
                return kind
    has_numbers = bool(text("volume") or text("issue"))
    if may_match(venue, PREPRINT_HINTS) and PREPRINT_VENUE.search(venue) and not has_numbers:
        return "preprint"
    if not venue and any(map(find_arxiv, fields.values())):
        return "preprint"
    container = venue + " " + text("series")
    if may_match(container, REPORT_HINTS) and REPORT_VENUE.search(container):
        return "report"
    if venue:
        if (may_match(venue, CONFERENCE_HINTS) and CONFERENCE_VENUE.search(venue)
                and not JOURNAL_PROCEEDINGS.search(venue)) or (
                CONFERENCE_ACRONYM.search(venue) or PROCEEDINGS_NAMES.search(venue)):
            return "paper-conference"
        if text("editor") or text("publisher") or (IN_CONTAINER.match(venue) and not has_numbers):
            return "chapter"  # a journal names no publisher; "In: Politix, 12" is a journal
        return "article-journal"
    publisher = text("publisher")
    if SOFTWARE_ARCHIVES.match(publisher):
        return "software"
    if DATA_ARCHIVES.match(publisher):
        return "dataset"
    if publisher or text("location") or text("isbn") or text("edition"):
        return "book"
    if text("url"):
        return "webpage"
    return None


def gbt_code_type(text: str) -> str | None:
    """The type a bare GB/T code means ("J", "[C]", "EB/OL"), else None."""
    found = GBT_CODE.match(str(text).strip())
    return GBT_TYPES.get(found.group(1)) if found else None


def _gbt_type(fields: dict) -> str | None:
    coded = gbt_code_type(fields.get("genre") or "")
    if coded:
        return coded
    for label in ("genre", "title", "venue", "note", "year", "pages"):
        value = fields.get(label)
        found = GBT_MARKER.search(str(value)) if value and "[" in str(value) else None
        if found and found.group(1) in GBT_TYPES:
            return GBT_TYPES[found.group(1)]
    return None
