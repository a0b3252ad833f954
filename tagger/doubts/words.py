"""What the checks call words and labels: the labels they name, an initial, a capitalized
word. (The rule tagger's word tests in rules/shapes.py are the same; the rules are imported
only when asked, so these stay apart.)"""

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


def initial(word) -> bool:
    return len(word) == 1 and word.isupper()


def capitalized(word) -> bool:
    return len(word) > 1 and word[0].isupper() and word.isalpha()
