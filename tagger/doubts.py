"""Where a CRF's labels break the shape of an author list written family name first.

Chemistry cites "Matyjaszewski, K.; Xia, J. Chem. Rev. 2001, 101, 2921." and "Grubbs, R. H.
Tetrahedron 2004, 60, 7117.": no title, the journal right after the initials. A CRF trained on
references with titles is sure of two wrong readings there: the last initial "J." opens the
journal ("J. Chem."), and a one-word journal is another given name. Both leave a name list
that cannot be: a family name with no initials after it, or initials followed by a word and
then a number. `auto` lets the rule tagger, which reads these lists name by name, decide the
tokens found here (parse.py), whatever the CRF's confidence. Cheap, and it loads nothing the
parser has not: `auto` asks it of every reference, and the rule tagger (whose word tests
`_initial` and `_capitalized` repeat, rules/shapes.py) is imported only when it is asked.
"""

from .structure.names import SUFFIXES

AUTHOR = "author"


def author_doubts(tokens, labels) -> list[int]:
    """Indexes of the tokens at the end of the author list that the rules should decide: the
    initial (and its stop) the next field took from a bare family name, or a word read as a
    given name between the initials and a number."""
    if AUTHOR not in labels:
        return []
    words = [token.text for token in tokens]
    end = len(labels) - 1 - labels[::-1].index(AUTHOR)  # the authors' last token
    last = end
    while last > 0 and words[last] in ",;":
        last -= 1
    after = end + 1
    if after < len(words) and words[after] == "," and labels[after] != AUTHOR:
        after += 1
    if _bare_family_name(words, last) and _initial_at(words, after) and labels[after] != AUTHOR:
        return [after, after + 1]
    if (_capitalized(words[end]) and end + 1 < len(words) and words[end + 1][:1].isdigit()
            and _after_family_first_initials(words, end)):
        return [end]
    return []


def _bare_family_name(words, i) -> bool:
    """A capitalized word that opens a name of a family-first list ("…; Xia,"), so initials
    must follow it."""
    return (_capitalized(words[i]) and words[i] not in SUFFIXES
            and (i == 0 or words[i - 1] == ";") and i + 1 < len(words) and words[i + 1] == ",")


def _after_family_first_initials(words, i) -> bool:
    """Whether words[i] follows "Family, I. I." (initials with their stops after a comma) that
    opens the list or follows a semicolon: in "Cédric Durand, R. Keucheyan 2012" or "…, X. Poux
    2005" the names are given first, and the word is the family name."""
    j = i
    while j >= 2 and words[j - 1] == "." and _initial(words[j - 2]):
        j -= 2
    family = j - 2
    return (j < i and family >= 0 and words[j - 1] == "," and _capitalized(words[family])
            and (family == 0 or words[family - 1] == ";"))


def _initial_at(words, i) -> bool:
    return i + 1 < len(words) and _initial(words[i]) and words[i + 1] == "."


def _initial(word) -> bool:
    return len(word) == 1 and word.isupper()


def _capitalized(word) -> bool:
    return len(word) > 1 and word[0].isupper() and word.isalpha()
