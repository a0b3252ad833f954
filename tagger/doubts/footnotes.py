"""A footnote's own words around the work it cites, which name no field of it.

Footnotes open with a lead-in ("See", "See also", "Cf.", "Compare", "Vgl.", "Vgl. hierzu
ausführlich", "Siehe auch", "Zit. nach", "Hierzu", "So auch") and cite back ("Ibid., 133.",
"Ebd., S. 193.", "a.a.O."). The CRF learnt from lists, where the first words are the
authors', so it reads "See Robert D. Putnam" as the author, "Cf" as one and "Pierre
Bourdieu, Distinction" as the title, or the lead-in and the names as a title. By the contract
(docs/design.md, "Labels") such words are a `note`; what follows a lead-in is a reference's
start again: its authors up to their comma (names given first, "A, B, and C", "A/B") or up
to their colon ("Luhmann, Niklas:"). A short form cited again ("Putnam, Bowling Alone, 45.",
"13 Luhmann, Soziale Systeme, S. 226.") is the family name, the short title and the page.
"""

import re

from ..labels import OTHER
from .words import (AUTHOR, CITATION_NUMBER, DASHES, NOTE, PAGES, TITLE, VENUE, capitalized,
                    initial, run_end)

# A lead-in's first word (lower-cased; "." after an abbreviation is read with it) and the
# words that may follow it before the work ("Vgl. hierzu ausführlich", "See, for example,").
_HEADS = frozenset(("see", "cf", "compare", "vgl", "siehe", "zit", "hierzu", "dazu", "so",
                    "näher", "ausführlich", "grundlegend", "anders", "statt", "ähnlich",
                    "eingehend"))
_FOLLOWERS = frozenset(("also", "auch", "dazu", "hierzu", "etwa", "ausführlich", "nach", "n",
                        "e", "g", "z", "b", "for", "example", "generally", "further", "esp",
                        "especially", "insbesondere", "u", "a", "näher", "grundlegend", "nur",
                        "bereits", "schon", "vieler", "ferner", "aber", "jetzt", "zuletzt"))
# Words a second head needs before it: "So auch", never "So" alone ("So, J." is a name);
# "Statt vieler", never "Statt" alone.
_NEEDS_FOLLOWER = frozenset(("so", "dazu", "zit", "statt"))
# The words a lead-in ends with when a clause comes before them ("For a critique, see", "On
# this point see", "Zur Geschichte vgl."), and those a German one opens with before its noun
# ("Zum Begriff", "Zur Kritik an diesem Konzept").
_CLAUSE_ENDS = frozenset(("see", "vgl", "siehe", "cf"))
_PHRASE_HEADS = frozenset(("zum", "zur"))
_ARTICLES = frozenset(("der", "die", "das", "des", "dem", "den"))
# Back-references: "Ibid.", "Ebd." ("ebenda"), "a.a.O." (am angegebenen Ort), "op. cit.".
_CITED_AGAIN = frozenset(("ibid", "ibidem", "ebd", "ebenda"))
_NAME_SEPARATORS = frozenset((",", "and", "und", "&", "/"))
_QUOTES = frozenset(('"', "“", "”", "„", "«", "»", "'", "‘", "’"))


def footnote_lead_in(words, labels) -> dict[int, str]:
    """The lead-in a footnote opens with is a note, the names after it the author (see the
    module's docstring); a back-reference after it is left to `cited_again`."""
    start = _after_number(words)
    end = _lead_in_end(words, start)
    if end is None:
        return {}
    authors = _authors_from(words, labels, end)
    if not authors and _back_reference_end(words, end) is None and (
            words[start].lower() not in ("vgl", "cf") or words[start + 1:start + 2] != ["."]):
        return {}  # "Compare" or "See" opening a title in a list
    return dict.fromkeys(range(start, end), NOTE) | _number(words, start) | authors


def footnote_title(words, labels) -> dict[int, str]:
    """After a lead-in and its authors, the work's title comes, not a container: "Vgl. Jürgen
    Kocka, Sozialgeschichte. Begriff – …, 2. Aufl., Göttingen 1986" or "Cf. Arlie Russell
    Hochschild, The Second Shift (New York: …)" read as a venue with no title before it is the
    title (a container follows "in" or "in:"), and so is a venue right after the title's first
    sentence, its subtitle ("Vgl. Hartmut Rosa, Beschleunigung. Die Veränderung der
    Zeitstrukturen in der Moderne, Frankfurt a.M. 2005"). Checked on the final reading too."""
    start = _after_number(words)
    end = _lead_in_end(words, start)
    if end is None or labels[end:end + 1] != [AUTHOR]:
        return {}
    comma = run_end(labels, end, AUTHOR)
    first = comma + 1 if words[comma:comma + 1] == [","] else comma
    if labels[first:first + 1] == [TITLE]:  # "Beschleunigung. Die Veränderung …, Frankfurt"
        stop = run_end(labels, first, TITLE)
        first = stop + 1 if words[stop:stop + 1] == ["."] else stop
        subtitle = range(stop, run_end(labels, first, VENUE))
        if (words[first - 1] != "." or labels[first:first + 1] != [VENUE]
                or TITLE in labels[first:] or words[first].lower() == "in"
                or not _QUOTES.isdisjoint(words[first:subtitle.stop])):
            return {}
        return dict.fromkeys(subtitle, TITLE)
    if labels[first:first + 1] != [VENUE] or TITLE in labels:
        return {}
    return dict.fromkeys(range(first, run_end(labels, first, VENUE)), TITLE)


def cited_again(words, labels) -> dict[int, str]:
    """"Ibid., 133.", "Ebd., S. 193.", "A.a.O., S. 62.", "Ibid.": the back-reference is a note,
    the page after it the pages, the footnote's number its citation number."""
    start = _after_number(words)
    k = _lead_in_end(words, start) or start
    author = {}
    if k + 2 < len(words) and _family_name(words[k]) and words[k + 1] == ",":
        author, k = {k: AUTHOR, k + 1: OTHER}, k + 2  # "Beck, a.a.O., S. 205."
    end = _back_reference_end(words, k)
    if end is None:
        return {}
    decided = dict.fromkeys(range(start, end), NOTE) | _number(words, start) | author
    page = _page_end(words, end + 1 if words[end:end + 1] == [","] else end)
    if page is None or page[1] < len(words) - 1:
        return decided if end >= len(words) - 1 else {}
    return decided | dict.fromkeys(range(*page), PAGES)


def short_form(words, labels) -> dict[int, str]:
    """A work cited again by its author's family name and a short title: "Putnam, Bowling
    Alone, 45.", "Granovetter, "Strength of Weak Ties," 1371.", "13 Luhmann, Soziale Systeme,
    S. 226.", "Bourdieu, Die feinen Unterschiede, a.a.O., S. 281." Nothing but the page follows
    the title, and there is no year: a reference in a list has one."""
    start = _after_number(words)
    lead = _lead_in_end(words, start)
    k = start if lead is None else lead
    if not (k + 3 < len(words) and _family_name(words[k]) and words[k + 1] == ","):
        return {}
    last = max(i for i, word in enumerate(words) if word == ",")
    page_start = last + 2 if words[last + 1:last + 2] and words[last + 1] in _QUOTES else last + 1
    page = _page_end(words, page_start)
    if page is None or page[1] < len(words) - 1 or last <= k + 2:
        return {}
    title_end = last
    back = _back_reference_before(words, last)
    if back is not None:
        title_end = back
    if any(_year(word) for word in words) or "." in words[k + 2:title_end]:
        return {}  # a reference with its year, or a sentence after the name, is no short form
    title = range(k + 2, title_end)
    if not any(capitalized(words[i]) for i in title) or "(" in words[k:] or any(
            any(c.isdigit() for c in words[i]) for i in title):
        return {}
    decided = {k: AUTHOR, k + 1: OTHER} | dict.fromkeys(title, TITLE)
    decided |= dict.fromkeys(range(title_end, page_start), NOTE if back is not None else OTHER)
    for i in title:
        if words[i] in _QUOTES and i in (k + 2, title_end - 1):
            decided[i] = OTHER
    decided |= dict.fromkeys(range(*page), PAGES) | _number(words, start)
    if lead is not None:
        decided |= dict.fromkeys(range(start, lead), NOTE)
    return decided


def cites_back(fields: dict) -> bool:
    """Whether a record is only a back-reference ("Ibid., 133.", "Ebd., S. 193.", "a.a.O."):
    it names no work of its own, only the page of the one before, so it is no reference
    (`not_reference`: no bibliographic entry is written for it)."""
    back = re.sub(r"[\s.]", "", fields.get("note", "")).lower()
    return back in _BACK_REFERENCES and set(fields) <= {"note", "pages", "citation-number"}


_BACK_REFERENCES = frozenset(("ibid", "ibidem", "ebd", "ebenda", "aao", "opcit"))


def _after_number(words) -> int:
    """Where a footnote's text starts, past its number ("7", "7.")."""
    if words and words[0].isdigit() and len(words[0]) <= 3:
        return 2 if words[1:2] == ["."] else 1
    return 0


def _number(words, start) -> dict[int, str]:
    return {0: CITATION_NUMBER} if start else {}


def _lead_in_end(words, k) -> int | None:
    """Where a lead-in that opens at `k` ends (the work's first word), or None."""
    if k >= len(words) or not words[k][:1].isupper():
        return None  # (most references: asked before the whole reference is lowered)
    if words[k].lower() not in _HEADS:
        clause = _clause_end(words, k)
        if clause is None:
            return _phrase_end(words, k)
        k = clause
    lowered = [word.lower() for word in words]
    head, j = lowered[k], k + 1
    if words[j:j + 1] == [","] and lowered[j + 1:j + 2] not in (["e"], ["for"]):
        return None  # "See, M. (2001)": a family name; "See, e.g.," a lead-in
    if (j < len(words) and words[j].isalpha() and words[j].isupper() and len(words[j]) <= 3
            and words[j + 1:j + 2] != ["."]):
        return None  # "Anders HJ, Weening JJ.": a family name and Vancouver's initials
    followers = 0
    while j < len(words):
        if words[j] in (".", ","):
            j += 1
        elif lowered[j] in _FOLLOWERS and (len(lowered[j]) > 1 or words[j + 1:j + 2] == ["."]):
            j, followers = j + 1, followers + 1
        else:
            break
    if head in _NEEDS_FOLLOWER and not followers or j >= len(words):
        return None
    if head == "so" and lowered[k + 1:k + 2] not in (["auch"], ["bereits"], ["schon"]):
        return None
    # the work begins with a name or a back-reference, capitalized
    return j if words[j][:1].isupper() else None


def _clause_end(words, k) -> int | None:
    """The lower-case "see" or "vgl." that ends a short clause opening at `k` ("For a
    critique, see", "On this point see"), or None: a clause of words, no number or quote."""
    for j in range(k + 1, min(len(words), k + 8)):
        word = words[j]
        if word.lower() in _CLAUSE_ENDS and word[:1].islower():
            return j
        if not (word.isalpha() or word == ",") or word in _QUOTES:
            return None
    return None


def _phrase_end(words, k) -> int | None:
    """Where the names begin after a German lead-in of a noun phrase ("Zum Begriff Pierre
    Bourdieu,", "Zur Kritik an diesem Konzept Ulrich Beck,"), or None. In a footnote only,
    the names a given-first list up to the first comma, after a capitalized noun (not after
    an article: "Zur Kritik der Hegelschen Rechtsphilosophie," is a title)."""
    if k == 0 or words[k].lower() not in _PHRASE_HEADS:
        return None
    comma = next((j for j in range(k + 1, min(len(words), k + 12)) if words[j] == ","), None)
    if comma is None or not all(word.isalpha() for word in words[k:comma]):
        return None
    for j in range(k + 2, comma - 1):
        if (capitalized(words[j - 1]) and words[j - 1].lower() not in _ARTICLES
                and _given_first_list_end(words, j) == comma):
            return j
    return None


def _authors_from(words, labels, k) -> dict[int, str]:
    """The authors of a work whose reference starts at `k`, where their shape is plain:
    names given first up to a comma ("Robert D. Putnam,", "Sidney Verba, Kay Lehman
    Schlozman, and Henry E. Brady,", "Ulrich Beck/Elisabeth Beck-Gernsheim,") or one name
    family first up to a colon ("Luhmann, Niklas:"); a back-reference is none."""
    if _back_reference_end(words, k) is not None:
        return {}
    end = _family_first_end(words, k)
    if end is None:
        end = _given_first_list_end(words, k)
    if end is None:
        return {}
    return dict.fromkeys(range(k, end), AUTHOR) | {end: OTHER}


def _family_first_end(words, k) -> int | None:
    """The colon after "Luhmann, Niklas:" or "Kohli, Martin:" at `k`, or None."""
    if not (k + 3 < len(words) and _family_name(words[k]) and words[k + 1] == ","):
        return None
    j = k + 2
    while j < len(words) and j - k < 6 and (capitalized(words[j]) or initial(words[j])
                                             or words[j] in ("-", ".")):
        j += 1
    return j if j > k + 2 and words[j:j + 1] == [":"] else None


def _given_first_list_end(words, k) -> int | None:
    """The comma that ends a list of names written given name first from `k`, or None.
    Several names need "and", "und", "&" or "/" before the last one ("Sidney Verba, Kay
    Lehman Schlozman, and Henry E. Brady,"); names after commas alone are the title's words."""
    ends, joined, j = [], [False], k
    while True:
        end = _given_first_name_end(words, j)
        if end is None:
            break
        ends.append(end)
        j, separators = end, []
        while j < len(words) and words[j].lower() in _NAME_SEPARATORS:
            separators.append(words[j].lower())
            j += 1
        if not separators:
            break
        joined.append(any(separator != "," for separator in separators))
    listed = [end for i, end in enumerate(ends) if (i == 0 or joined[i]) and words[end] == ","]
    return listed[-1] if listed else None


def _given_first_name_end(words, k) -> int | None:
    """End of one name written given name first from `k` ("Robert D. Putnam", "Hans-Ulrich
    Wehler", "Arlie Russell Hochschild", "Theodor W. Adorno"): two to four parts, the first
    a written-out given name, the last a written-out family name."""
    j, parts = k, 0
    while j < len(words) and parts < 4:
        if capitalized(words[j]) and (parts or words[j][1:].islower()):
            j, parts = j + 1, parts + 1
            while words[j:j + 1] == ["-"] and j + 1 < len(words) and capitalized(words[j + 1]):
                j += 2  # "Hans-Ulrich", "Beck-Gernsheim": one part
        elif initial(words[j]) and words[j + 1:j + 2] == ["."] and parts:
            j, parts = j + 2, parts + 1
        else:
            break
    if parts < 2 or not capitalized(words[j - 1]) or not capitalized(words[k]):
        return None
    return j if j < len(words) else None


def _family_name(word) -> bool:
    return capitalized(word) and word[1:].islower()


def _back_reference_end(words, k) -> int | None:
    """Where a back-reference at `k` ("Ibid.", "Ebd.", "a.a.O.", "op. cit.") ends, or None."""
    lowered = [word.lower() for word in words[k:k + 6]]
    if lowered[:1] and lowered[0] in _CITED_AGAIN:
        return k + 2 if lowered[1:2] == ["."] else k + 1
    if lowered == ["a", ".", "a", ".", "o", "."]:
        return k + 6
    if lowered[:4] == ["op", ".", "cit", "."]:
        return k + 4
    return None


def _back_reference_before(words, comma) -> int | None:
    """The start of ", a.a.O.," or ", op. cit.," that ends at `comma`, or None."""
    for length in (6, 4):
        k = comma - length
        if k > 0 and words[k - 1] == "," and _back_reference_end(words, k) == comma:
            return k - 1
    return None


def _page_end(words, k) -> tuple[int, int] | None:
    """The page cited from `k`, "45", "4–5", "S. 226", "S. 48 ff.": (start, end) or None."""
    start = k
    if [w.lower() for w in words[k:k + 2]] in (["s", "."], ["p", "."], ["pp", "."]):
        k += 2
    if not (k < len(words) and words[k].isdigit()):
        return None
    end = k + 1
    while end < len(words) and (words[end].isdigit() or words[end] in DASHES
                                or words[end] in ("f", "ff")
                                or words[end] == "." and words[end - 1] in ("f", "ff")):
        end += 1
    return start, end


def _year(word) -> bool:
    return len(word) == 4 and word.isdigit() and 1500 <= int(word) <= 2099
