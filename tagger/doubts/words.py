"""What the checks call words and labels: the labels they name, a run of one label, an
initial, a capitalized word. (The rule tagger's word tests in rules/shapes.py are the same;
the rules are imported only when asked, so these stay apart.)"""

from ..text import lexicon

AUTHOR = "author"
YEAR = "year"
TITLE = "title"
VENUE = "venue"
LOCATION = "location"
PUBLISHER = "publisher"
NOTE = "note"
TRANSLATOR = "translator"
GENRE = "genre"
EDITOR = "editor"
ARXIV = "arxiv"
DOI = "doi"
VOLUME = "volume"
PAGES = "pages"
ISSUE = "issue"
CITATION_NUMBER = "citation-number"
EDITION = "edition"
SERIES = "series"
URL = "url"

# Lexicon classes of a journal's words: an ISO 4 abbreviation ("Pathol"), a venue word
# ("Science", "J"), a journal's code ("JAMA").
JOURNAL_CLASSES = frozenset(("iso4", "venue", "venue-code"))

# The dashes between two numbers of a range ("38–45", "1996-1997") or before a GOST area.
DASHES = frozenset("-–—")


def run_end(labels, start, label) -> int:
    """Where the run of `label` from `start` on ends: the first position after it."""
    end = start
    while end < len(labels) and labels[end] == label:
        end += 1
    return end


def run_start(labels, end, label) -> int:
    """Where the run of `label` that ends just before `end` begins."""
    start = end
    while start > 0 and labels[start - 1] == label:
        start -= 1
    return start


def initial(word) -> bool:
    return len(word) == 1 and word.isupper()


def capitalized(word) -> bool:
    return len(word) > 1 and word[0].isupper() and word.isalpha()


def written_in_german(words) -> bool:
    """Whether the reference's other parts follow German conventions: "(Hrsg.)", "Bd.", "Aufl.",
    "Jg.", "Übers.", "Vgl.", pages as "S. 12" (rules/names.py reads the same signs)."""
    return not lexicon.GERMAN_SIGNS.isdisjoint(word.lower() for word in words) or any(
        words[k] == "S" and words[k + 1] == "." and words[k + 2][:1].isdigit()
        for k in range(len(words) - 2))

