"""Web pages, software and data sets, where the CRF reads them as articles.

The corpora the CRF learnt from hold few of them, so it gives their parts a journal's
fields: "n.d." the year, a version the venue and volume or the title's tail, a repository
the venue. docs/design.md ("Labels") says what they are: "n.d." is no year (a `note`), a
version is the `edition`, a repository or archive (Zenodo, GitHub, PyPI, Dryad) the
`publisher`.
"""

import re

from ..labels import OTHER
from ..text.tokenize import tokenize
from .words import (AUTHOR, CITATION_NUMBER, DOI, EDITION, GENRE, ISSUE, NOTE, PUBLISHER, TITLE,
                    VENUE, VOLUME, YEAR, run_end)

# Repositories and archives of software and data, as references print them, each the run of
# tokens (lower-cased) the tokenizer cuts it into ("GitHub": "git", "hub").
ARCHIVES = tuple(tuple(token.text.lower() for token in tokenize(name)) for name in (
    "Zenodo", "GitHub", "GitLab", "Bitbucket", "PyPI", "CRAN", "Bioconductor", "Dryad",
    "figshare", "OSF", "Dataverse", "Harvard Dataverse", "Software Heritage", "Code Ocean",
    "Mendeley Data", "Astrophysics Source Code Library", "ASCL", "conda-forge"))
_ARCHIVE_STARTS = frozenset(name[0] for name in ARCHIVES)
# Words that stand between a reference's parts, and the quotes that close a title before one.
_SEPARATORS = frozenset(".,;:[]()")
_CLOSING_QUOTES = frozenset('”"’\'')
# Words that announce a version's number ("Version 2.25.1"), and a version's sign in the text
# (every check is asked of every reference: each looks for its sign first).
_VERSION_WORDS = frozenset(("version", "ver"))
_VERSION_SIGN = re.compile(r"\bver(?:sion)?\b|\bv\d", re.I)
_PACKAGE_WORDS = frozenset(("package", "library", "module"))


def no_date(words, labels) -> dict[int, str]:
    """ "n.d." in brackets ("[n.d.]", "(n.d.)"), or a sentence of its own or right after the
    authors ("Mozilla Foundation. n.d."), read as the year (or the authors' tail): no date is
    no year, so it is a note, with the brackets around it; the word after it keeps the field the CRF gave it (a
    title's first word would otherwise follow the note). At a book's imprint's end ("New
    York: Burt, n.d.") it is left alone: the issue's failures are web pages', and the
    benchmark (gold.jsonl, not ours to relabel) makes that one the year."""
    if "n" not in words and "N" not in words:
        return {}
    decided = {}
    for k in range(len(words) - 2):
        if (words[k] in ("n", "N") and words[k + 1] == "." and words[k + 2] in ("d", "D")
                and (YEAR in labels[k:k + 3] or NOTE in labels[k:k + 3]  # the rules' reading
                     or AUTHOR in labels[k:k + 3]
                     and words[k] + words[k + 2] == "nd")):  # "N. D. Mermin" is a name
            end = k + 3 + (words[k + 3:k + 4] == ["."])
            bracketed = k and words[k - 1] in "([" and end < len(words) and words[end] in ")]"
            if bracketed:
                k, end = k - 1, end + 1
            elif words[k - 1:k] != ["."] and _label_before(words, labels, k) != AUTHOR:
                continue  # "New York: Burt, n.d.": gold.jsonl's imprints keep it as the year
            decided.update(dict.fromkeys(range(k, end), NOTE))
            after = next((i for i in range(end, len(words)) if words[i] not in _SEPARATORS),
                         None)
            title = _title_in_note(words, labels, after)
            decided.update(title)
            read = [title.get(i, label) for i, label in enumerate(labels)]
            decided.update(_group_author(words, read, k, end))
            if after is not None and labels[after] not in (YEAR, NOTE):
                decided[after] = labels[after]  # what follows the date keeps its field
    return decided


def _title_in_note(words, labels, after) -> dict[int, str]:
    """The sentence after "[n.d.]." that a reading ran into the note with the date (the rules
    read "n.d." as a note, and the CRF went on): a capitalized sentence that is no access
    date ("Retrieved …", "Accessed …") is the title."""
    if after is None or labels[after] != NOTE or not words[after][:1].isupper() or (
            words[after].lower() in _ACCESS_WORDS):
        return {}
    stop = next((i for i in range(after, len(words)) if words[i] == "."), len(words))
    return dict.fromkeys(range(after, stop), TITLE) if stop > after else {}


_ACCESS_WORDS = frozenset(("retrieved", "accessed", "available", "abgerufen", "zugriff", "url"))


def _group_author(words, labels, date, end) -> dict[int, str]:
    """The words before an undated page's "n.d." that opens its reference ("Docker Inc.
    [n.d.]. Docker overview.") are its author, a group the CRF took for a publisher or the
    title's head (or read as the author, which the rules must not undo), where a title
    follows the date."""
    first = run_end(labels, 0, CITATION_NUMBER)
    if not 0 < date - first <= 12 or TITLE not in labels[end:]:
        return {}
    opening = [label for word, label in zip(words[first:date], labels[first:date])
               if word not in _SEPARATORS]
    if AUTHOR in opening and set(opening) != {AUTHOR} and not _acronym_cut_off(
            words[first:date], labels[first:date]):
        return {}  # an author read already, and something else beside it
    return dict.fromkeys(range(first, date), AUTHOR)


def _acronym_cut_off(words, labels) -> bool:
    """ "U.S. | Bureau of Labor Statistics": a group's name the CRF cut after its opening
    letters, which it read as an author's initials (no comma, so no person's name)."""
    read = [word for word, label in zip(words, labels) if label == AUTHOR and word != "."]
    return ("," not in words and all(len(word) == 1 and word.isupper() for word in read)
            and labels[:len(read) * 2] == [AUTHOR] * (len(read) * 2))


def _label_before(words, labels, k) -> str | None:
    """The label of the last word before words[k] that is no separator."""
    return next((labels[i] for i in range(k - 1, -1, -1) if words[i] not in _SEPARATORS), None)


def versions(words, labels) -> dict[int, str]:
    """A version read as the venue and volume, or into the title: "Version 2.25.1",
    "version 12.2", "R package version 1.1.2", or "v5.0.1" after a square bracket or a comma
    ("[Code, v5.0.1]"). It is the edition; brackets around it are no field's, and a word
    before it in the same square bracket, or a square bracket after it, is the genre
    ("Code", "[Computer software]"). A version the title runs into unbracketed ("Python
    Language Reference, version 3.11") is the title's."""
    if not _VERSION_SIGN.search(" ".join(words)):
        return {}
    decided = {}
    for k, word in enumerate(words):
        lower = word.lower()
        if lower in _VERSION_WORDS:
            start, end = k, _number_end(words, k + 1)
        elif (lower[:1] == "v" and lower[1:].isdigit() and k
              and words[k - 1] in ("[", ",")):
            start, end = k, _number_end(words, k + 1, first=False)
        else:
            continue
        if end == start + 1 or all(label == EDITION for label in labels[start:end]):
            continue
        while start and words[start - 1].lower() in _PACKAGE_WORDS | {"r", "python"}:
            start -= 1
        if _in_title(words, labels, start) or _title_goes_on(words, labels, start, end):
            continue  # "Python Language Reference, version 3.11": the title names it
        decided.update(dict.fromkeys(range(start, end), EDITION))
        _brackets(words, labels, start, end, decided)
    return decided


def _in_title(words, labels, start) -> bool:
    """Whether the version at words[start] goes on an open title: inside its quotes, or
    after the title's word or its comma, no bracket or closing quote between."""
    opened = words[:start]
    if opened.count("“") > opened.count("”") or opened.count('"') % 2:
        return True  # inside a quoted title: "The … Protocol Version 1.2,"
    before = words[start - 2:start]
    if not before or before[-1] in "([" or "”" in before or '"' in before:
        return False
    return labels[start] == TITLE or (before[-1] == "," and labels[start - 2] == TITLE)


def _title_goes_on(words, labels, start, end) -> bool:
    """ "Preliminary Draft (Version 1) Commonwealth of …": a bracketed version the title
    reads on after, not one that ends it ("… for humans (Version 2.25.1) [Computer
    software]." or "… (version 2.06) (June 29, 2021)")."""
    after = words[end + 1:end + 2]
    return (labels[start] == TITLE and words[end:end + 1] == [")"] and bool(after)
            and after[0] not in (".", "[", "(", ",", ";"))


def _number_end(words, k, first=True) -> int:
    """The end of a version's number that starts at words[k] ("2", ".", "25", ".", "1");
    with `first` False the number has begun already ("v5" then ".", "0")."""
    if first:
        if k >= len(words) or not words[k][:1].isdigit():
            return k
        k += 1
    while k + 1 < len(words) and words[k] == "." and words[k + 1][:1].isdigit():
        k += 2
    return _commit_end(words, k)


def _commit_end(words, k) -> int:
    """After a version's number at words[k], the commits since it and the commit's hash as
    `git describe` writes them ("2.15.2-0-gb238dbc"), part of the version; else k."""
    if words[k:k + 1] != ["-"] or not words[k + 1:k + 2] or not words[k + 1].isdigit() \
            or words[k + 2:k + 3] != ["-"]:
        return k
    end = k + 3
    while end < len(words) and _GIT_HASH.fullmatch("".join(words[k + 3:end + 1])):
        end += 1  # (the tokens cut the hash where a letter meets a digit)
    return end if end > k + 3 else k


_GIT_HASH = re.compile(r"g[0-9a-f]{1,40}")


def _brackets(words, labels, start, end, decided) -> None:
    """A version's brackets: "(Version 2.25.1)" keeps them out of any field; "[Code,
    v5.0.1]" gives the words before the comma to the genre."""
    if not start or words[start - 1] not in "([,":
        return
    opening = start - 1
    if words[opening] == ",":
        opening = next((i for i in range(start - 2, max(start - 6, -1), -1) if words[i] == "["),
                       None)
        if opening is None:
            return
        decided.update(dict.fromkeys(range(opening + 1, start - 1), GENRE))
        decided[start - 1] = OTHER
    closing = {"(": ")", "[": "]"}[words[opening]]
    if end < len(words) and words[end] == closing:
        decided[opening] = decided[end] = OTHER
        described = words[end + 1:end + 6]  # "(Version 2.0.0) [Computer software]"
        if described[:1] == ["["] and "]" in described:
            last = end + 1 + described.index("]")
            decided.update(dict.fromkeys(range(end + 2, last), GENRE))
            decided[end + 1] = decided[last] = OTHER


def archives(words, labels) -> dict[int, str]:
    """A repository or archive named as a part of its own ("… [Computer software]. Zenodo.",
    "PyPI.", "Astrophysics Source Code Library, record ascl:1304.002") and read as the venue,
    the place, the genre's tail or the link after it: it is the publisher ("GitHub repository" is the genre), and
    the record's number after it a note."""
    lower = [word.lower() for word in words]
    if _ARCHIVE_STARTS.isdisjoint(lower):
        return {}
    decided = {}
    for name in ARCHIVES:
        for k in range(len(words) - len(name) + 1):
            end = k + len(name)
            if tuple(lower[k:end]) != name or labels[k] in (PUBLISHER, TITLE, DOI, AUTHOR):
                continue
            opens = k - (lower[k - 1:k] == ["in"])  # APA's "In GitHub repository."
            if not (opens == 0 or words[opens - 1] in _SEPARATORS | _CLOSING_QUOTES):
                continue
            if end < len(words) and lower[end] == "repository":
                decided.update(dict.fromkeys(range(opens, k), OTHER))
                decided.update(dict.fromkeys(range(k, end + 1), GENRE))
                decided.update(_owner(words, labels, end + 1))
                continue
            if end < len(words) and words[end] not in _SEPARATORS:
                continue
            decided.update(dict.fromkeys(range(k, end), PUBLISHER))
            _record_number(words, labels, end, decided)
    return decided


def _owner(words, labels, k) -> dict[int, str]:
    """The repository's owner after "GitHub repository." ("The Faraday Institution."), that
    the CRF read as a venue: the publisher, as the archive's name is."""
    if words[k:k + 1] != ["."] or k + 1 >= len(words) or labels[k + 1] != VENUE:
        return {}
    end = run_end(labels, k + 1, VENUE)
    while end > k + 1 and words[end - 1] in _SEPARATORS:
        end -= 1
    return dict.fromkeys(range(k + 1, end), PUBLISHER)


def _record_number(words, labels, k, decided) -> None:
    """ ", record ascl:1304.002" after an archive: the record's number is a note."""
    if words[k:k + 2] != [",", "record"] or labels[k + 1] not in (VENUE, VOLUME, NOTE, OTHER):
        return
    end = k + 2
    while end < len(words) and words[end] != ",":
        end += 1
    decided.update(dict.fromkeys(range(k + 1, end), NOTE))


def software(words, labels) -> dict[int, str]:
    """The checks of this module, together."""
    return (no_date(words, labels) | versions(words, labels) | archives(words, labels)
            | release_in_title(words, labels) | described_release(words, labels)
            | product_manual(words, labels))


def product_manual(words, labels) -> dict[int, str]:
    """A manual named by its product and kind, with the release after a comma and no author:
    "Frame Maker Reference Manual, Version 1.0. Frame Technology Corporation, …", "8010 STAR
    Information System Reference Library, Release 4.2.". The CRF reads the product's name as
    the authors; a name with no comma, stop, initial or "and" in it, right before a title
    that a release follows, is the title's head."""
    first = run_end(labels, 0, CITATION_NUMBER)
    end = run_end(labels, first, AUTHOR)
    if not first < end <= first + 4 or end >= len(words) or labels[end] != TITLE:
        return {}
    name = words[first:end]
    if any(word in ",.;:&" or word.lower() in ("and", "und", "et") or len(word) == 1
           and word.isalpha() for word in name):
        return {}
    stop = next((i for i in range(end, len(words)) if words[i] == "."
                 and not (words[i - 1].isdigit() and words[i + 1:i + 2] and words[i + 1].isdigit())),
                len(words))
    released = any(words[i] == "," and words[i + 1].lower() in _RELEASE_WORDS
                   and words[i + 2:i + 3] and words[i + 2][:1].isdigit()
                   for i in range(end, min(stop, len(words) - 2)))
    return dict.fromkeys(range(first, end), TITLE) if released else {}


_RELEASE_WORDS = frozenset(("version", "release", "ver", "rel"))


def described_release(words, labels) -> dict[int, str]:
    """biblatex-chicago's package: "The Babel package (version 3.47) [Multilingual support for
    Plain TeX or LaTeX] (July 13, 2020), http://…". The name before the version is the title;
    the description in square brackets after it a note, where the CRF took the description
    for the title and the name for the venue; the date after it the year (the note would run
    on into it)."""
    for k in range(1, len(words) - 4):
        if words[k] != "(" or words[k + 1].lower() not in _VERSION_WORDS:
            continue
        close = _number_end(words, k + 2)
        if words[close:close + 2] != [")", "["] or "]" not in words[close + 2:]:
            continue
        end = words.index("]", close + 2)
        if TITLE not in labels[close + 2:end]:
            continue
        start = k
        while start and words[start - 1] not in _NAME_ENDS and labels[start - 1] == labels[k - 1]:
            start -= 1
        if start == k:
            continue
        return (dict.fromkeys(range(start, k), TITLE) | {k: OTHER, close: OTHER}
                | dict.fromkeys(range(k + 1, close), EDITION)
                | dict.fromkeys(range(close + 1, end + 1), NOTE) | _dated(words, end + 1))
    return {}


def _dated(words, k) -> dict[int, str]:
    """The date in round brackets at words[k] ("(Apr. 8, 2020)"), the year's; else none."""
    if words[k:k + 1] != ["("] or ")" not in words[k + 1:k + 8]:
        return {}
    close = words.index(")", k + 1)
    if not any(len(word) == 4 and word.isdigit() for word in words[k + 1:close]):
        return {}
    return dict.fromkeys(range(k, close + 1), YEAR)


# What ends the names before a package's name ("…, The Babel package", "— The Paracol package").
_NAME_ENDS = frozenset(",.;:—")


def release_in_title(words, labels) -> dict[int, str]:
    """Zenodo's "pandas-dev/pandas: Pandas 1.0.3, March 2020. Zenodo.": a release's number of
    three parts after the title's word is the title's (as Zenodo names the record), where the
    CRF read "1" as a volume and "0.3" as an issue in a reading with no journal; no journal
    numbers a volume and an issue so."""
    if VENUE in labels:
        return {}
    for k in range(1, len(words) - 4):
        end = _number_end(words, k)
        if (end - k == 5 and labels[k - 1] == TITLE and words[k - 1][:1].isalpha()
                and not {VOLUME, ISSUE}.isdisjoint(labels[k:end])):
            return dict.fromkeys(range(k, end), TITLE)
    return {}

