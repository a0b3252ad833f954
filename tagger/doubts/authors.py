"""Where a CRF's author list ends as no list can.

Chemistry cites "Matyjaszewski, K.; Xia, J. Chem. Rev. 2001, 101, 2921." and "Grubbs, R. H.
Tetrahedron 2004, 60, 7117.": no title, the journal right after the initials. A CRF trained on
references with titles is sure of two wrong readings there: the last initial "J." opens the
journal ("J. Chem."), and a one-word journal is another given name. Both leave a name list
that cannot be: a family name with no initials after it, or initials followed by a word and
then a number. `auto` lets the rule tagger, which reads these lists name by name, decide the
tokens found here (parse.py), whatever the CRF's confidence.

Lists with names given first break the other way: "M. Holst and G. | Tsogtgerel The
Lichnerowicz equation" (no stop between the last name and the title) or "A. Kolmogoroff, C. R
| . Acad. Sci." leave a last item of initials alone (or of a given name cut to two letters,
"D.Yu. | Vodolazov"). What the word after them is decides those tokens here: an abbreviated
journal word takes the initials into the journal, any other is their family name.

And the authors' run may run on into the next field: past the stop after its last whole
name, into words no name is made of ("… et J. K. KOCHI. J | . Am. Chem. Soc.", "R. Cousot.A
| unified lattice", "Silva, J. A. | Reforma agrária no Brasil."), past a quote opened after a
comma ("심병연, '가 | . 의사가 …'"), or past "et al." ("Yu, et al., | Drugs & Aging"). A group
that wrote the work is its authors, named after "et al." or before the title.
"""

from itertools import takewhile

from ..text import lexicon
from ..crf.features import YEAR_SHAPE
from ..labels import OTHER
from ..structure.names import SUFFIXES
from .words import (AUTHOR, CITATION_NUMBER, DASHES, EDITOR, JOURNAL_CLASSES, NOTE, PAGES,
                    PUBLISHER, TITLE, VENUE, VOLUME, YEAR, capitalized, initial, run_end,
                    run_start, written_in_german)


def author_doubts(tokens, labels, words=None) -> dict[int, str | None]:
    """The tokens at the end of the author list whose label is decided here, each with that
    label, or None where the rules should decide: the initial (and its stop) the next field
    took from a bare family name, or from one with an initial before a one-word journal; a
    word read as a given name between the initials and a number; a title's opening quote and
    what follows it; words after "et al."; a last item of initials alone and the word after
    it; words after the stop of a last whole name."""
    if AUTHOR not in labels:
        return {}
    words = words or [token.text for token in tokens]
    first = labels.index(AUTHOR)  # the authors' first token
    end = len(labels) - 1 - labels[::-1].index(AUTHOR)  # the authors' last token
    run = run_start(labels, end, AUTHOR)  # where the run of author labels that ends there begins
    last = end
    while last > 0 and words[last] in ",;":
        last -= 1
    after = end + 1
    if after < len(words) and words[after] == "," and labels[after] != AUTHOR:
        after += 1
    if _bare_family_name(words, last) and _initial_at(words, after) and labels[after] != AUTHOR:
        return {after: None, after + 1: None}
    if (_initial_at(words, after) and labels[after] == VENUE and _one_word_journal(words, after)
            and _after_family_first_initials(words, after)):
        return {after: AUTHOR, after + 1: AUTHOR, after + 2: VENUE}
    if (capitalized(words[end]) and end + 1 < len(words) and words[end + 1][:1].isdigit()
            and _after_family_first_initials(words, end)):
        return {end: None}
    quote = _opening_quote(tokens, run, end)
    if quote is not None:
        following = _following_label(words, labels, end)
        if following is not None:
            return {i: following for i in range(quote, end + 1)}
    past = _past_et_al(words, run, end)
    if past is not None:
        return {i: None for i in range(past, end + 1)}
    prose = _prose_after_initials(words, run, end)
    if prose is not None:
        stop = next((i for i in range(prose, end + 1) if words[i] == "."), None)
        if stop is None:
            return dict.fromkeys(range(prose, end + 1), TITLE)
        return dict.fromkeys(range(prose, stop), TITLE) | {stop: None}  # the stop: the rules'
    word = _word_after_family_first(words, run, end)
    if word is not None:
        following = _following_label(words, labels, end)
        if following is not None:
            return {i: following for i in range(word, end + 1)}
    if not _given_first(words, first):
        return {}
    initials = _trailing_initials(words, last, first)
    if initials is not None:
        return _initials_item(tokens, words, labels, initials, end)
    stop = _stop_after_whole_name(words, first, end)
    if stop is not None:
        following = _following_label(words, labels, end)
        if following is not None:
            return {i: following for i in range(stop + 1, end + 1)}
    return {}


def _following_label(words, labels, end) -> str | None:
    """The label of the first word after the authors: the field that follows them."""
    return next((labels[i] for i in range(end + 1, len(words)) if words[i][:1].isalnum()), None)


def _opening_quote(tokens, run, end) -> int | None:
    """A quote that opens a title inside the authors' run from `run` to `end` ("심병연, '가.
    의사가 …'", "Smith, J., 'A | study …'"): after a comma and white space, glued to the word
    it opens."""
    if _OPENING_QUOTES.isdisjoint(token.text for token in tokens[run + 1:end]):
        return None  # (most lists hold no quote: no walk)
    for k in range(run + 1, end):
        if (tokens[k].text in _OPENING_QUOTES and tokens[k - 1].text == ","
                and tokens[k].start > tokens[k - 1].end and tokens[k + 1].start == tokens[k].end):
            return k
    return None


_OPENING_QUOTES = {"'", "‘", '"', "“", "«", "「", "『"}


def _past_et_al(words, run, end) -> int | None:
    """The first word the authors' tokens run on to after "et al." and its stop or comma ("Yu,
    et al., | Drugs & Aging"), which ends any list but a group's name after it ("et al.: PREX
    Collaboration"). A bracket after "et al." holds one ("(CDF Collaboration)", "(Fermi-LAT)"),
    so the run is left as it is there."""
    if "al" not in words[run + 1:end]:
        return None  # (most lists end without "et al.": no walk)
    for k in range(run, end - 1):
        if words[k] == "et" and words[k + 1] == "al":
            i = k + 2
            while i <= end and words[i] in {".", ","}:
                i += 1
            rest = words[i:end + 1]
            if (i > end or not rest[0][:1].isalpha()
                    or any(word.lower() in lexicon.GROUP_WORDS for word in rest)
                    or _initial_at(words, i) and not _journal_at(words, i)):  # more names
                return None                                                # ("et al.P. Rajeev")
            return i
    return None


def _prose_after_initials(words, run, end) -> int | None:
    """The first word the authors' tokens run on to after a family-first name's initials
    ("Silva, J. A. | Reforma agrária no Brasil.", ABNT's title after the last author; GOST's
    "Иванов И. И. | Теория вероятностей."), when those words hold prose before any separator
    of names: they open the next field."""
    for k in range(end, run + 2, -1):
        if words[k] == "." and initial(words[k - 1]):
            j = k - 1
            while j >= 2 and words[j - 1] == "." and initial(words[j - 2]):
                j -= 2
            if words[j - 1] in DASHES:  # a place's initial after the title ("— М.: Наука")
                continue
            family_first = (j >= 2 and words[j - 1] == "," and capitalized(words[j - 2])
                            and not (j >= 4 and words[j - 3] == "." and initial(words[j - 4]))
                            or capitalized(words[j - 1])  # GOST's "Иванов И. И."
                            and (j - 1 == run or words[j - 2] in ",;"))
            rest = words[k + 1:end + 1]
            named = next((i for i, word in enumerate(rest) if word in _NAME_SEPARATORS), len(rest))
            if (family_first and rest and capitalized(rest[0])
                    and any(_prose(word) for word in rest[:named])):
                return k + 1
            return None
    return None


def _word_after_family_first(words, run, end) -> int | None:
    """A one-word title that the authors' run took as a last name after a family-first one
    ("Ginzburg, C., | Spie. Radici di un paradigma", "Jaeger W., | Paideia. Die Formung"): in
    such a list a name has its initials, so a word with a stop and a sentence after it is not
    one."""
    k = end if words[end] == "." else end + 1
    if k >= len(words) - 1 or words[k] != "." or k - 1 < run + 4:
        return None
    j = k - 1
    if not (capitalized(words[j]) and len(words[j]) > 2 and not _suffix(words[j])
            and words[j - 1] == "," and words[j - 2] == "." and initial(words[j - 3])):
        return None
    before = j - 4 if words[j - 4] != "," else j - 5  # "Jaeger W.", "Ginzburg, C."
    following = words[k + 1]
    if (before < run or not capitalized(words[before])
            or before >= 2 and words[before - 1] == "." and initial(words[before - 2])
            or not capitalized(following) or words[k + 2:k + 3] == ["."]):
        return None
    return j


_NAME_SEPARATORS = frozenset({",", ";", "&", "and", "et", "und"})


def _prose(word) -> bool:
    """A lower-case word no name holds ("agrária", not "van" or "etal")."""
    return (len(word) > 2 and word.isalpha() and word.islower()
            and word not in lexicon.NAME_PARTICLES and word not in lexicon.KEYWORDS)


def _stop_after_whole_name(words, start, end) -> int | None:
    """The full stop after the list's last whole name ("… et Y. L. PASCAL. | C. R", "R.
    Cousot.A | unified lattice"), when the authors' tokens run on past it into words that
    are no name: those words open the next field."""
    for k in range(end - 1, start + 2, -1):
        if words[k] in {",", ";", "and", "et", "&"}:
            return None
        if (words[k] == "." and len(words[k - 1]) > 2 and capitalized(words[k - 1])
                and words[k - 2] == "." and initial(words[k - 3])):
            rest = [word for word in words[k + 1:end + 1] if word[:1].isalnum()]
            if not rest or not rest[0][:1].isupper():
                return None
            initials = list(takewhile(initial, rest))
            name = (0 < len(initials) < len(rest) and capitalized(rest[len(initials)])
                    or len(rest) == 1 and len(rest[0]) > 1 and rest[0].isupper())
            return None if name else k
    return None


def _initials_item(tokens, words, labels, start, end) -> dict[int, str]:
    """A given-first list whose last item is initials alone ("A. Kolmogoroff, C. R | Acad.",
    "L. Stella, V | Ferrari Testing gravity"): the word after them is their family name, unless
    it is a journal word abbreviated ("Acad.", "Sc."), when the initials open the next field."""
    nxt = end + 1
    if nxt < len(words) and words[nxt] == ".":
        nxt += 1
    if nxt >= len(words) or not capitalized(words[nxt]):
        return {}
    if nxt + 1 < len(words) and words[nxt + 1] == "." and "iso4" in lexicon.classes(words[nxt]):
        return {i: labels[nxt] for i in range(start, nxt)}
    if len(words[nxt]) <= 3 and nxt + 1 < len(words) and tokens[nxt + 1].start == tokens[nxt].end:
        nxt += 1  # "Mc|Dougall", "De|Witt": a name the tokenizer cut at its capital
    if nxt + 1 < len(words) and words[nxt + 1] in {"of", "for"}:
        return {}  # "U.S. Department of the Interior": a body's name, not a person's
    decided = {i: AUTHOR for i in range(end + 1, nxt + 1)}
    after = nxt + 1
    if after < len(words) and words[after][:1].isalnum() and tokens[after].start > tokens[nxt].end:
        decided[after] = labels[after]  # the list ends there, as the CRF had it end
    return decided


def _trailing_initials(words, i, start) -> int | None:
    """Where a run of initials ending at words[i] ("C . R", "W . P .", "D . Yu") begins, when
    it opens the list or a separator of names (",", "and", "et", "&") comes before it: an
    author item with no family name."""
    if words[i] == "." and i > 0:
        i -= 1
    if not _given_initial(words, i):
        return None
    j = i
    while j >= 2 and words[j - 1] == "." and _given_initial(words, j - 2):
        j -= 2
    return j if j == start or j > 0 and words[j - 1] in {",", "and", "et", "&"} else None


def _given_initial(words, i) -> bool:
    """An initial, or a given name cut to two letters before its stop ("Yu.", "Ya.", "Ch.")."""
    return initial(words[i]) or (len(words[i]) == 2 and words[i][0].isupper()
                                  and words[i].isalpha() and i + 1 < len(words)
                                  and words[i + 1] == ".")


def _given_first(words, start) -> bool:
    """Whether the author list, opening at `start`, opens with initials and a family name ("A.
    Kolmogoroff")."""
    return (start + 2 < len(words) and initial(words[start]) and words[start + 1] == "."
            and (capitalized(words[start + 2]) or initial(words[start + 2])))


def _bare_family_name(words, i) -> bool:
    """A capitalized word that opens a name of a family-first list ("…; Xia,"), so initials
    must follow it."""
    return (capitalized(words[i]) and words[i] not in SUFFIXES
            and (i == 0 or words[i - 1] == ";") and i + 1 < len(words) and words[i + 1] == ",")


def _one_word_journal(words, i) -> bool:
    """Whether the initial at i, its stop, and one whole word are all there is before the year
    or volume: "Timmers, F. | J. Organometallics 1996, 15": "J." abbreviates no journal whose
    next word is spelled out, so it is the last name's second initial."""
    return (i + 3 < len(words) and capitalized(words[i + 2]) and words[i + 3][:1].isdigit()
            and words[i + 2].lower() not in lexicon.ISO4)


def _after_family_first_initials(words, i) -> bool:
    """Whether words[i] follows "Family, I. I." (initials with their stops after a comma) that
    opens the list or follows a semicolon: in "Cédric Durand, R. Keucheyan 2012" or "…, X. Poux
    2005" the names are given first, and the word is the family name."""
    j = i
    while j >= 2 and words[j - 1] == "." and initial(words[j - 2]):
        j -= 2
    family = j - 2
    return (j < i and family >= 0 and words[j - 1] == "," and capitalized(words[family])
            and (family == 0 or words[family - 1] == ";"))


def _suffix(word) -> bool:
    """A name's suffix however it is written: "Jr", "JR", "III"."""
    return word in SUFFIXES or word.capitalize() in SUFFIXES


def _initial_at(words, i) -> bool:
    return i + 1 < len(words) and initial(words[i]) and words[i + 1] == "."


def _journal_at(words, i) -> bool:
    """Whether the initial at words[i] opens a journal's name, not a person's: "J." ("J.
    Acquired Immune Deficiency Syndrome") or one before an abbreviated journal word ("N.
    Engl. J. Med.")."""
    following = words[i + 2] if i + 2 < len(words) else ""
    return words[i] == "J" or (following[:1].isupper() and words[i + 3:i + 4] == ["."]
                               and "iso4" in lexicon.classes(following))


def group_after_et_al(words, labels) -> dict[int, str]:
    """A group named after the authors' "et al." that the CRF gave another field ("T. Aaltonen
    et al. (CDF Collaboration), arXiv:…", "C. Amsler et al., Particle Data Group, Phys.
    Lett."): in brackets or after a comma or colon, its words are the authors'."""
    if AUTHOR not in labels:
        return {}
    end = len(labels) - 1 - labels[::-1].index(AUTHOR)
    k = end if words[end] == "al" else end - 1 if words[end] == "." else -1
    if k < 1 or words[k] != "al" or words[k - 1] != "et":
        return {}
    stop = lexicon.group_end(words, end + 1)
    return {i: AUTHOR for i in range(end + 1, stop)}


def last_author_after_ellipsis(words, labels) -> dict[int, str]:
    """APA 7's list of twenty and more: the first nineteen, an ellipsis, then the last author
    ("…, Cournapeau, D., … SciPy 1.0 Contributors (2020).", "… Wickham, H. (2019)."). What
    stands between the ellipsis and the bracketed year is an author, where the CRF ended the
    list at the ellipsis and began the title."""
    if AUTHOR not in labels:
        return {}
    end = run_end(labels, labels.index(AUTHOR), AUTHOR)
    dots = 0
    while dots < end and words[end - 1 - dots] in (".", "…"):
        dots += 1
    if not (dots >= 3 or words[end - 1] == "…") or end >= len(words) or (
            words[end - 1 - dots] != ","):  # APA's ", … Last": "LAVIELLE... Tetrahedron" is no list
        return {}
    year = next((k for k in range(end, min(len(words), end + 10)) if words[k] == "("
                 and YEAR_SHAPE.match(words[k + 1:k + 2][0] if k + 1 < len(words) else "")), None)
    if year is None or year == end or not words[end][:1].isupper():
        return {}
    decided = dict.fromkeys(range(end, year), AUTHOR)
    # the title after the date, which the CRF (its title taken by the last author) may have
    # run into the journal: up to the journal run's last stop
    close = next((k for k in range(year, len(words)) if words[k] == ")"), None)
    first = close + 2 if close is not None and words[close + 1:close + 2] == ["."] else None
    if first is None or first >= len(words) or labels[first] != VENUE:
        return decided
    venue_end = run_end(labels, first, VENUE)
    stops = [k for k in range(first + 1, venue_end - 1) if words[k] in ".?!"]
    if stops:
        decided |= dict.fromkeys(range(first, stops[-1]), TITLE) | {stops[-1]: OTHER}
    return decided


def group_before_title(words, labels) -> dict[int, str]:
    """A group that wrote the work, named in the first sentence, which the CRF read as the
    title's beginning in a reading with no authors ("GBD 2019 Diseases and Injuries
    Collaborators. | Global burden of 369 diseases …", "Centers for Disease Control and
    Prevention. | Vaccines and immunizations [Internet]."): a first sentence of the title run
    that ends on a group's word, or names a body, is the authors."""
    if AUTHOR in labels or TITLE not in labels:
        return {}
    start = labels.index(TITLE)
    if any(label not in (OTHER, CITATION_NUMBER) for label in labels[:start]):
        return {}
    for k in range(start + 1, min(len(words) - 1, start + 12)):
        if labels[k] != TITLE:
            return {}
        if words[k] == ".":
            if ((words[k - 1].lower() in lexicon.GROUP_WORDS or _body(words[start:k]))
                    and labels[k + 1] == TITLE and words[k + 1][:1].isupper()):
                return dict.fromkeys(range(start, k + 1), AUTHOR)
            return {}
    return {}


def _body(name) -> bool:
    """Whether words name a body: "Centers for Disease Control and Prevention", "National
    Institute for Health and Care Excellence" (capitalized words and their small joins, one
    of them a body's word)."""
    return (len(name) >= 2 and not _BODY_NAMES.isdisjoint(word.lower() for word in name)
            and all(word[:1].isupper() or word in _GROUP_WORDS for word in name))


_BODY_NAMES = frozenset(("centers", "center", "centre", "organization", "organisation",
                         "institute", "agency", "association", "foundation", "department",
                         "office", "society", "council", "ministry", "bureau", "commission",
                         "committee", "board"))


def venue_head(tokens, labels, words) -> dict[int, str]:
    """A journal's abbreviated first word that the authors took as an item of its own after a
    whole name ("Grøn Ø., Am. | J. Phys."): a journal word of the lexicon, its stop glued to
    it, right before the venue, is no one's name."""
    if VENUE not in labels:
        return {}
    start = labels.index(VENUE)
    k = start - 1 if words[start] == "." else start - 2
    if k < 4 or labels[k] != AUTHOR or words[k + 1] != "." or tokens[k].end != tokens[k + 1].start:
        return {}
    word = words[k]
    if (not capitalized(word) or _suffix(word)
            or "iso4" not in lexicon.classes(word)):
        return {}
    whole_name = words[k - 1] == "," and (words[k - 2] == "." and initial(words[k - 3])
                                          or capitalized(words[k - 2]) and words[k - 3] == "."
                                          and initial(words[k - 4]))
    return dict.fromkeys(range(k, start), VENUE) if whole_name else {}


def journal_after_vancouver_list(words, labels) -> dict[int, str]:
    """A journal of abbreviations without stops right after a Vancouver or ACS list, as
    Chinese physics journals and PDF text cite without a title ("Zhang X,Wang Y.Chin Phys
    C,2018,42(1):013101", "Kobayashi, K.;Ono ,T .Nat Mater 2011 ,10"), which the authors ran
    on to or the CRF read as a title: the list ends at the stop after its last initials, and
    capitalized words there, one of them an ISO 4 abbreviation, before a year are the venue."""
    if AUTHOR not in labels:
        return {}
    first = labels.index(AUTHOR)
    end = min(run_end(labels, first, AUTHOR) + 1, len(words) - 2)  # the stop may end the run
    for k in [k for k in range(first + 2, end) if words[k] == "."]:
        if labels[k - 1] == AUTHOR and _list_end(words, first, k):
            return _journal_before_year(words, labels, k + 1) or _title_then_journal(
                words, labels, k + 1)
    return {}


def _title_then_journal(words, labels, start) -> dict[int, str]:
    """A title the authors ran on to before such a journal ("Wilhelm MP. | Vancomycin. Mayo Clin
    Proc 1991; 66:1165"): a sentence, then the journal before its year."""
    stop = next((i for i in range(start + 1, min(start + 30, len(words) - 1))
                 if words[i] == "." and words[i + 1][:1].isupper()), None)
    if stop is None or all(labels[i] == TITLE for i in range(start, stop)):
        return {}
    journal = _journal_before_year(words, labels, stop + 1)
    return dict.fromkeys(range(start, stop + 1), TITLE) | journal if journal else {}


def _journal_before_year(words, labels, start) -> dict[int, str]:
    year = next((i for i in range(start + 1, min(start + 8, len(words)))
                 if YEAR_SHAPE.match(words[i])), None)
    if year is None:
        return {}
    end = year - 1 if words[year - 1] == "," else year
    journal = words[start:end]
    if not (journal and all(word[:1].isupper() and word.isalpha() for word in journal)
            and any("iso4" in lexicon.classes(word) for word in journal)
            and not any(word.lower() in lexicon.PUBLISHER_WORDS for word in journal)
            and any(labels[i] != VENUE for i in range(start, end))):
        return {}
    return dict.fromkeys(range(start, end), VENUE)


def _list_end(words, first, k) -> bool:
    """Whether the stop words[k] ends a name list: after a Vancouver name ("Wang Y", the
    initials without stops) or an ACS one ("Ono, T", "Ono ,T"), the first item or one after
    a separator, with a capitalized word after it that no name separator or initial joins."""
    following = words[k + 1]
    if not following[:1].isupper() or following in _NAME_SEPARATORS or _initial_at(words, k + 1):
        return False
    return _vancouver_item_end(words, first, k) or (
        k - 3 >= first and initial(words[k - 1]) and words[k - 2] == ","
        and capitalized(words[k - 3]) and (k - 3 == first or words[k - 4] in ",;"))


def _vancouver_item_end(words, first, k) -> bool:
    """Whether the stop words[k] ends a Vancouver name: a family name and its initials without
    stops ("Wang Y", "Kamionkowski MS"), the first item or one after a comma."""
    initials, family = words[k - 1], words[k - 2]
    return (k - 2 >= first and 1 <= len(initials) <= 3 and initials.isupper() and initials.isalpha()
            and capitalized(family) and (k - 2 == first or words[k - 3] in ",;"))


def initial_glued_to_title(tokens, labels, words=None) -> dict[int, str]:
    """The last initial of an author list that text copied without spaces glued to the title
    ("Sergeev A,Balso M D.Horovod:Fast …", "Williams R J.Learning representations …"), where
    the CRF began the title at the initial: a capital letter with its stop, right after an
    author's initial or name, and glued to the next word, is the author's."""
    words = words or [token.text for token in tokens]
    for i in range(1, len(words) - 2):
        if (labels[i] == TITLE and labels[i - 1] == AUTHOR and initial(words[i])
                and words[i + 1] == "." and tokens[i + 2].start == tokens[i + 1].end
                and tokens[i].start > tokens[i - 1].end
                and (initial(words[i - 1]) or capitalized(words[i - 1]))):
            return {i: AUTHOR, i + 1: AUTHOR}
    return {}


def footnote_words(words, labels) -> dict[int, str]:
    """The words a German footnote opens with or cites by, a `note` (docs/design.md): "Vgl."
    (see), "Ebd." (ibid.), "a.a.O." (op. cit.). The footnote's number before them is its citation
    number, and after "Ebd." or "a.a.O." only the page is left: "2 Ebd., S. 401."."""
    lowered = [word.lower() for word in words]
    if not _FOOTNOTE_WORDS.intersection(lowered):
        return {}
    decided = {}
    first = 1 if words and words[0].isdigit() and len(words[0]) <= 3 else 0
    cited_again = False
    for k, word in enumerate(lowered):
        if word in ("vgl", "ebd") and words[k + 1:k + 2] == ["."] and k <= first + 1:
            decided |= {k: NOTE, k + 1: NOTE}
            cited_again = cited_again or word == "ebd"
        elif lowered[k:k + 6] == ["a", ".", "a", ".", "o", "."]:
            decided |= dict.fromkeys(range(k, k + 6), NOTE)
            cited_again = True
    if decided and first:
        decided[0] = CITATION_NUMBER
    if first and lowered[first:first + 2] == ["vgl", "."]:
        decided |= _footnote_name(words, labels, first + 2)
    return decided | _cited_page(words, cited_again)


def same_author_in_container(words, labels) -> dict[int, str]:
    """A German footnote's "…, in: ders., Vergangene Zukunft" (in: the same author's own
    book): "ders." / "dies." names the container's editor and ends the title before "in:"."""
    decided = {}
    for k in range(1, len(words) - 2):
        if (words[k].lower() == "in" and words[k + 1] == ":" and words[k - 1] in ",."
                and words[k + 2].lower() in _SAME_AUTHOR):
            decided |= {k: OTHER, k + 1: OTHER, k + 2: EDITOR}
    return decided


# "ders." (the same man), "dies." (the same woman or people), written out or not.
_SAME_AUTHOR = frozenset(("ders", "dies", "derselbe", "dieselbe", "dieselben"))


def numbered_footnote_name(words, labels) -> dict[int, str]:
    """A numbered footnote's "7 Niklas Luhmann, Soziale Systeme, …": two or three names
    given first, then a comma, are the author; the CRF's author run past the comma is not."""
    if len(words) < 5 or not (words[0].isdigit() and len(words[0]) <= 3):
        return {}
    k = 2 if words[1] == "." else 1
    return {} if words[k].lower() == "vgl" else _footnote_name(words, labels, k)


def _cited_page(words, cited_again) -> dict[int, str]:
    """The page cited after "Ebd." or "a.a.O.": "S. 401", "S. 30 ff"."""
    decided = {}
    if cited_again:  # after "Ebd." or "a.a.O." only the page is left
        for k in range(len(words) - 2):
            if words[k] == "S" and words[k + 1] == "." and words[k + 2][:1].isdigit():
                end = k + 3
                while end < len(words) and (words[end][:1].isdigit() or words[end] in DASHES
                                            or words[end] in ("f", "ff")):
                    end += 1
                decided |= dict.fromkeys(range(k, end), PAGES)
    return decided


_FOOTNOTE_WORDS = frozenset(("vgl", "ebd", "o"))


def _footnote_name(words, labels, k) -> dict[int, str]:
    """A footnote's "Jürgen Habermas," after "Vgl.": two or three names given first, then a
    comma, are the author; the CRF's author run past the comma is not: the title to the next
    comma, the rules' beyond it."""
    j = k
    while j < len(words) and j - k < 5 and (capitalized(words[j]) or words[j] == "-"
                                             or initial(words[j])
                                             or words[j] == "." and initial(words[j - 1])):
        j += 1
    # a hyphen joins two words into one name ("Hans-Ulrich", "Baron- Cohen"); the last word is
    # the family name, written out ("Friis-Møller A," is a Vancouver list, family first)
    names = sum(1 for i in range(k, j) if _given_name(words[i]) and len(words[i]) > 2
                and words[i - 1] != "-")  # "Mc|Cown" is one name, split by the tokenizer
    if not (2 <= names <= 3 and words[j:j + 1] == [","] and capitalized(words[k])
            and words[k][1:].islower() and capitalized(words[j - 1])) or j + 1 >= len(words):
        return {}
    past = run_end(labels, j + 1, AUTHOR) if labels[j + 1:j + 2] == [AUTHOR] else j + 1
    comma = next((i for i in range(j + 1, past) if words[i] == ","), past)
    return (dict.fromkeys(range(k, j), AUTHOR) | {j: OTHER} | dict.fromkeys(range(j + 1, comma), TITLE)
            | dict.fromkeys(range(comma, past), None))


def names_before_colon(words, labels) -> dict[int, str]:
    """German reference lists write each name family first and end the list with a colon:
    "Habermas, Jürgen: Strukturwandel …", "Berger, Peter L./Luckmann, Thomas: Die …",
    "Lepsius, M. Rainer: Parteiensystem …". Where the CRF ended the authors at the first
    comma and began the title with the given name, the names up to the colon are the authors'."""
    if ":" not in words or "," not in words:
        return {}
    start = 0
    while start < len(labels) and labels[start] == CITATION_NUMBER:
        start += 1
    if labels[start:start + 1] != [AUTHOR] or words[start + 2:start + 3] and (
            words[start + 2].lower() in lexicon.PLACES):
        return {}  # "France, Paris: Les Belles Lettres" is an imprint
    k, names, german = start, 0, written_in_german(words)
    while k < len(words):
        end = _family_comma_given(words, k, german)
        if end is None:
            return {}
        names += 1
        if words[end:end + 1] == ["/"]:
            k = end + 1
            continue
        if words[end:end + 1] != [":"] or end + 1 >= len(words) or not words[end + 1][:1].isupper():
            return {}
        after = run_end(labels, end + 1, AUTHOR) if labels[end] == AUTHOR else end + 1
        if all(label == AUTHOR for label in labels[start:end]) and after == end + 1:
            return {}
        # the names are the authors; what the CRF ran them on into after the colon is the title
        return (dict.fromkeys(range(start, end), AUTHOR) | {end: OTHER}
                | dict.fromkeys(range(end + 1, after), TITLE))
    return {}


def _given_name(word) -> bool:
    """A given name as German lists write it: "Max", "Jürgen" (not "DAMIEN", not an initial)."""
    return capitalized(word) and word[1:].islower()


def _family_comma_given(words, k, german=False) -> int | None:
    """End of "Family, Given" from token k ("Weber, Max", "Wehler, Hans-Ulrich", "Berger,
    Peter L."), or None. A written-out word after an initial is a title's ("Diamond, Jared M.
    Collapse:", "Sutherland, I. Sketchpad:"), unless the reference is `german` in its other
    parts: there it is a second given name ("Lepsius, M. Rainer: … In: … (Hrsg.)"). A second
    written-out word is a given name only when the lexicon knows it as one ("Ford, Lance
    Unleader:" and "NAVA, Mica Visceral Cosmopolitanism:" are a name and a title)."""
    if not (capitalized(words[k]) and words[k + 1:k + 2] == [","]):
        return None
    j, parts = k + 2, ""
    while j < len(words) and len(parts) < 3:
        if initial(words[j]) and words[j + 1:j + 2] == ["."]:
            parts, j = parts + "I", j + 2
        elif _given_name(words[j]) and ("I" not in parts or german and parts == "I") and (
                "W" not in parts or words[j].lower() in lexicon.GIVEN_NAMES):
            parts, j = parts + "W", j + 1
        elif words[j] == "-" and parts.endswith("W") and j + 1 < len(words) and _given_name(words[j + 1]):
            j += 2  # "Hans-Ulrich": one given name
        else:
            break
    return j if parts else None


def vancouver_list_before_colon(words, labels) -> dict[int, str]:
    """BMC's lists end with a colon: "Harman NL, Sharif MO, O’Brien K, Williamson PR: MOMENT
    – …", "Bouter LM, de Vet HCW: The COSMIN study …", "Kidd EA: How 'clean' …". Where the
    CRF ended the authors before the colon (a long list, a particle, a quote after it), or ran
    them on past it, the names up to the colon are the authors': each "Family INITIALS", a few
    that are a group or lack their initials ("Editorial Board", "Kostanjsek"), "et al" last. The
    word after the colon opens the title, a year too ("…: 2009 updated method guidelines")."""
    if ":" not in words:
        return {}
    start = next((k for k, label in enumerate(labels) if label != CITATION_NUMBER), len(labels))
    if labels[start:start + 1] != [AUTHOR]:
        return {}
    colon = _vancouver_colon(words, start)
    if colon is None or colon + 1 >= len(words) or not (
            words[colon + 1][:1].isupper() or words[colon + 1][:1].isdigit()):
        return {}
    after = max(run_end(labels, colon + 1, AUTHOR), colon + 2)  # the title's first word too
    if all(label == AUTHOR for label in labels[start:colon]) and labels[colon + 1] == TITLE:
        return {}
    return (dict.fromkeys(range(start, colon), AUTHOR) | {colon: OTHER}
            | dict.fromkeys(range(colon + 1, after), TITLE))


def _vancouver_colon(words, start) -> int | None:
    """Where a Vancouver list from `start` ends with a colon, or None where the items up to the
    first colon are not such a list (one that isn't a name ends it, or too many lack initials)."""
    named = unnamed = 0
    k = start
    while k < len(words):
        end = next((i for i in range(k, min(k + 8, len(words))) if words[i] in ",:"), None)
        if end is None or end == k:
            return None
        item = words[k:end]
        if _vancouver_name(item):
            named += 1
        elif [word.lower() for word in item] in (["et", "al"], ["et", "al", "."]):
            if words[end] != ":":
                return None
        elif len(item) <= 4 and all(word[:1].isupper() and word.isalpha() for word in item):
            unnamed += 1  # "Editorial Board", "Cochrane Back Review Group", "Kostanjsek"
        else:
            return None
        if words[end] == ":":
            return end if named and unnamed * 2 <= named else None
        k = end + 1
    return None


def _vancouver_name(item) -> bool:
    """ "Williamson PR", "de Vet HCW", "O ’ Brien K", "Barker - Collo S": a family name (its
    particles, apostrophes and hyphens as tokens) and initials without stops."""
    *family, initials = item
    return (1 <= len(initials) <= 4 and initials.isalpha() and initials.isupper()
            and 1 <= len(family) <= 5 and any(capitalized(word) and not word.isupper()
                                              for word in family)
            and all(capitalized(word) or word.lower() in lexicon.NAME_PARTICLES
                    or word in "-'’" or initial(word) for word in family))


def group_named_again(words, labels) -> dict[int, str]:
    """A report's author that is also its publisher: "World Health Organization (WHO), WHO
    Laboratory Manual …, World Health Organization, Geneva, 2010", "Clinical Laboratory
    Standards Institute, M100: Performance Standards …, Clinical Laboratory Standards
    Institute, Wayne, 2014". The group before the first comma, named again after the title, is
    the author (the CRF cut it inside, ran it on into the title, or took it for the publisher),
    the title begins after it, and where it is named again, is the publisher (not a venue)."""
    start = next((k for k, label in enumerate(labels) if label != CITATION_NUMBER), len(labels))
    end = next((k for k in range(start, min(start + 14, len(words))) if words[k] in ",.:;"), None)
    if end is None:
        return {}
    name = list(takewhile(lambda word: word != "(", words[start:end]))
    if not (len(name) >= 2 and capitalized(name[0]) and capitalized(name[-1]) and all(
            word[:1].isupper() or word in _GROUP_WORDS for word in name)):
        return {}
    again = next((k for k in range(end + 1, len(words) - len(name) + 1)
                  if words[k:k + len(name)] == name), None)
    if again is None or again <= end + 1 or TITLE in labels[again:again + len(name)]:
        return {}
    first = end + 1  # the title's first word, past an APA date: "World Bank. (2018). Poverty …"
    year = {}
    if words[first:first + 1] == ["("] and YEAR in labels[first:first + 3]:
        first = run_end(labels, first, YEAR)
    elif YEAR_SHAPE.match(words[first]) and words[first + 1:first + 2] == ["."]:
        year, first = {first: YEAR}, first + 2  # Chicago's "World Bank. 2018. Poverty …"
    if first >= again:
        return {}
    decided = dict.fromkeys(range(start, end), AUTHOR) | {end: OTHER, first: TITLE} | year
    if labels[again] == VENUE:
        decided |= dict.fromkeys(range(again, again + len(name)), PUBLISHER)
    return decided if any(labels[i] != label for i, label in decided.items()) else {}


_GROUP_WORDS = frozenset(("of", "for", "and", "on", "the", "in", "&", "-"))


def body_before_date(words, labels) -> dict[int, str]:
    """Harvard's "Office for National Statistics (2021) Families and households …": a body
    named before the date in brackets, which the CRF read as a publisher in a reading with no
    authors, is the authors (the work's publisher, if any, comes after its title)."""
    if AUTHOR in labels or EDITOR in labels or PUBLISHER not in labels:
        return {}
    first = next((i for i, label in enumerate(labels) if label not in (OTHER, CITATION_NUMBER)),
                 None)
    if first is None or labels[first] != PUBLISHER:
        return {}
    end = first
    while end < len(words) and labels[end] == PUBLISHER and words[end] != "(":
        end += 1
    if (words[end:end + 1] == ["("] and end + 2 < len(words) and YEAR_SHAPE.match(words[end + 1])
            and labels[end + 1] == YEAR and _body(words[first:end])):
        return dict.fromkeys(range(first, end), AUTHOR)
    return {}


def title_head_glued_to_initial(tokens, labels, words) -> dict[int, str]:
    """The title's first word that PDF text glued to the last author's initials, where the
    authors ran on to take it ("Okafor, B. & Ropers, C.Real-time spectral …", "Gaeta, A .L
    .Ultrafast, single-shot …"): in a list of "Surname, I." items a capitalized word glued to
    an initial's stop is no one's surname, so where the authors end on it and the title
    follows, it is the title's."""
    if AUTHOR not in labels or TITLE not in labels:
        return {}
    first = labels.index(AUTHOR)
    if not (capitalized(words[first]) and words[first + 1:first + 2] == [","]):
        return {}
    end = run_end(labels, first, AUTHOR)
    k = end - 1
    if (end >= len(words) or labels[end] != TITLE or k < first + 4 or not capitalized(words[k])
            or words[k - 1] != "." or tokens[k].start != tokens[k - 1].end
            or not initial(words[k - 2])):
        return {}
    return {k: TITLE}


def journal_after_closed_list(words, labels) -> dict[int, str]:
    """A journal cited without a title right after a list of names that "and" or "et al."
    closed, which the CRF read as one more author ("Okafor and Mensah, J. Cell Science.
    (2001) 114: 2375"): after "and Surname," no other author can follow, so capitalized words
    there with a journal's word among them ("J.", "Pathol") and no given name are the venue,
    in a reading with no title, no venue and the journal's numbers."""
    if (AUTHOR not in labels or TITLE in labels or VENUE in labels
            or not (VOLUME in labels or PAGES in labels)):
        return {}
    first = labels.index(AUTHOR)
    end = run_end(labels, first, AUTHOR)
    closed = next((k for k in range(first + 1, end - 2) if words[k].lower() in ("and", "&")
                   or words[k] == "et" and words[k + 1] == "al"), None)
    if closed is None:
        return {}
    comma = next((k for k in range(closed + 2, end - 1) if words[k] in ",("), None)
    if comma is None:
        return {}
    item = [k for k in range(comma + 1, end) if words[k] != "."]
    names = [words[k] for k in item]
    if (len(names) < 2 or not all(capitalized(w) or initial(w) or w == "of" for w in names)
            or not any(len(w) > 2 and JOURNAL_CLASSES.intersection(lexicon.classes(w))
                       for w in names)  # "Pathol", "Science": not "Jones, J."'s "J"
            or any("given" in lexicon.classes(w) for w in names)):
        return {}
    while end > comma + 1 and words[end - 1] == ".":
        end -= 1
    return {comma: OTHER, **dict.fromkeys(range(comma + 1, end), VENUE)}

