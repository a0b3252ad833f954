"""Where a CRF's labels break the shape of an author list, or run a title into a journal.

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
| unified lattice"), or past a quote opened after a comma ("심병연, '가 | . 의사가 …'"): the
field after the run takes those words; past "et al." ("Yu, et al., | Drugs & Aging"), the
rules decide them.

Titles cut out of PDF text run into a journal glued to them ("… anti-spring bladesNucl
.Instrum .Methods Phys .Res .A"): a capitalized word glued to the title's last word, its stop
set apart as PDF text sets it, and another abbreviated word after it open the journal.

Books in the humanities are cited in shapes the corpora hold few of: an MLA chapter's quoted
title before its book ('"Tradition and the Individual Talent." Selected Essays.'), a
translator's initials and name before a count of volumes ("trans. G. Highet, 3 vols"), the
place and year in brackets ("(Oxford, 1957)"). Each is read as written where the CRF broke it.

A reference has a date: where a reading has none, a year-shaped number it gives a volume or
a document type is the year (`missing_year`, which `auto` asks of its last reading, parse.py).

Cheap, and it loads nothing the parser has not: `auto` asks it of every reference, and the
rule tagger (whose word tests `_initial` and `_capitalized` repeat, rules/shapes.py) is
imported only when it is asked.
"""

from itertools import takewhile

from . import lexicon
from .features import YEAR_SHAPE
from .structure.names import SUFFIXES
from .tokenize import ARXIV_DATED, DOI_SHAPE

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
# Labels no year is part of as a number.
_NO_YEAR = ("volume", "genre")


def doubted(tokens, labels) -> dict[int, str | None]:
    """The tokens whose label is decided here (None: by the rules), where the CRF's labels
    break the shape of an author list, run a title into a glued journal or past "//", give
    a place's publisher to the venue, take an access date for the year, a translator or a
    thesis for the title or a book for its editors, read a DOI or an arXiv number as another
    field, or break one of the humanities' shapes or a journal's first word off it."""
    words = [token.text for token in tokens]
    return ((author_doubts(tokens, labels, words) or group_after_et_al(words, labels)
             or glued_journal(tokens, labels, words)) | identifiers(tokens, labels, words)
            | container_after_slashes(tokens, labels, words) | publisher_after_place(words, labels)
            | access_date(words, labels) | bracketed_translator(words, labels)
            | bracketed_genre(words, labels) | book_after_editors(words, labels)
            | venue_head(tokens, labels, words) | quoted_title(words, labels)
            | role_names(words, labels) | bracketed_imprint(words, labels)
            | quoted_journal(words, labels) | vancouver_year(words, labels)
            | vancouver_volume(words, labels) | group_before_title(words, labels))


def book_after_editors(words, labels) -> dict[int, str]:
    """The book's title after its editors' "(ed.)" or "(Hrsg.)", which the CRF ran on into:
    "in Green, P. (ed.) Edited book. Oxford", "In: Meier, B. (Hrsg.) Sammelband, S. 12". The
    bracketed role word closes the editors; what the editor run took after it is the venue."""
    if "(" not in words or EDITOR not in labels:
        return {}
    for k, word in enumerate(words):
        if word != "(" or labels[k] != EDITOR:
            continue
        close = k + 3 if words[k + 2:k + 3] == ["."] else k + 2
        if (close >= len(words) or words[close] != ")"
                or lexicon.KEYWORDS.get(words[k + 1].lower()) != EDITOR):
            continue
        start = close + 1
        while start < len(words) and words[start] in ".,:" and labels[start] == EDITOR:
            start += 1
        end = start
        while end < len(words) and labels[end] == EDITOR:
            end += 1
        if end > start and _capitalized(words[start]):
            return dict.fromkeys(range(start, end), VENUE)
    return {}


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
    if (not _capitalized(word) or _suffix(word)
            or "iso4" not in lexicon.classes(word)):
        return {}
    whole_name = words[k - 1] == "," and (words[k - 2] == "." and _initial(words[k - 3])
                                          or _capitalized(words[k - 2]) and words[k - 3] == "."
                                          and _initial(words[k - 4]))
    return dict.fromkeys(range(k, start), VENUE) if whole_name else {}


def role_names(words, labels) -> dict[int, str]:
    """A translator's or editor's name that the CRF cut after its initials ("trans. G. |
    Highet, 3 vols (Oxford, 1939–45)", "trans. L. A. | Manyon, 2 vols"), reading the family
    name as a journal before the volumes: "trans." or "ed." after a separator, initials with
    their stops and a capitalized word are one name, the role's."""
    if _ROLE_WORDS.isdisjoint(words):
        return {}
    for k, word in enumerate(words):
        role = lexicon.KEYWORDS.get(word.lower())
        if role not in (TRANSLATOR, EDITOR) or k == 0 or words[k - 1] not in ",.;(":
            continue
        j = k + 2 if words[k + 1:k + 2] == ["."] else k + 1
        if words[j:j + 1] == ["by"]:
            j += 1
        start = j
        while j + 2 < len(words) and _initial(words[j]) and words[j + 1] == ".":
            j += 2
        if (j > start and _capitalized(words[j]) and any(l != role for l in labels[start:j + 1])
                and not (words[j + 1:j + 2] == ["."] and "iso4" in lexicon.classes(words[j]))):
            return dict.fromkeys(range(k, j + 1), role)  # not "Phil. Trans. R. Soc."
    return {}


# "trans", "Ed", "EDS", …: the words that announce a translator's or an editor's names.
_ROLE_WORDS = frozenset(form for word, role in lexicon.KEYWORDS.items()
                        if role in (TRANSLATOR, EDITOR)
                        for form in (word, word.capitalize(), word.upper()))


def bracketed_imprint(words, labels) -> dict[int, str]:
    """Humanities' "(Oxford, 1957)" and "(Berkeley and Los Angeles, 1964)" after a title or its
    volumes: places the lexicon knows, a comma and a year in brackets are the place and the
    year, where the CRF read "3 vols (Oxford," as an issue and "Horace (Oxford" as a publisher."""
    if "(" not in words:
        return {}
    for k, word in enumerate(words):
        if word != "(":
            continue
        j = k + 1
        while j < len(words) and (_capitalized(words[j]) and "place" in lexicon.classes(words[j])
                                  or j > k + 1 and words[j] in ("and", "&")):
            j += 1
        if j == k + 1 or words[j - 1] in ("and", "&") or words[j:j + 1] != [","]:
            continue
        close = j + 2
        if words[close:close + 1] and words[close] in "-–" and words[close + 1:close + 2]:
            close += 2
        if (close >= len(words) or words[close] != ")" or not YEAR_SHAPE.match(words[j + 1])
                or not words[close - 1].isdigit() or labels[close + 1:close + 2] == [TITLE]):
            continue  # (not a title's own "(Lyon, 1984)")
        decided = (dict.fromkeys(range(k + 1, j), LOCATION)
                   | dict.fromkeys(range(j + 1, close), YEAR))
        if any(labels[i] != label for i, label in decided.items()):
            return decided
    return {}


def quoted_title(words, labels) -> dict[int, str]:
    """A quoted title that the CRF ran on past its closing quote into the book after it (MLA's
    '"Tradition and the Individual Talent." Selected Essays. London'): a title that ends inside
    its quotes, as its stop does, ends there, and what the run took after it is the venue.
    Where the reading has a venue, the words after the quote are the title's own ("« Qu'est-ce
    qu'une nation ? » La réponse médiévale française, RHDFE")."""
    if TITLE not in labels or VENUE in labels:
        return {}
    start = labels.index(TITLE)
    closer = _QUOTE_PAIRS.get(words[start])
    if closer is None:
        return {}
    end = start + 1
    while end < len(words) and labels[end] == TITLE and words[end] != closer:
        end += 1
    after = end + 1
    if not (after < len(words) and words[end] == closer and words[end - 1] in ".,?!"
            and labels[after] == TITLE and _capitalized(words[after])):
        return {}
    last = after
    while last + 1 < len(words) and labels[last + 1] == TITLE:
        last += 1
    return dict.fromkeys(range(after, last + 1), VENUE)


def quoted_journal(words, labels) -> dict[int, str]:
    """Italian style's journal in quotes after the title ("La crisi del debito sovrano,
    «Rivista di Politica Economica», 101, n. 3"), which the CRF kept in the title: quotes
    opened after the title's comma (or "in") and closed before a comma and a number or a
    volume's word hold the journal."""
    if TITLE not in labels:
        return {}
    for k in range(labels.index(TITLE) + 2, len(words) - 3):
        closer = _QUOTE_PAIRS.get(words[k])
        if closer is None or labels[k - 1] != TITLE or words[k - 1] not in (",", "in"):
            continue
        end = k + 1
        while end < len(words) and words[end] != closer and labels[end] == TITLE:
            end += 1
        if not (end + 2 < len(words) and words[end] == closer and end > k + 1
                and words[end + 1] == "," and (words[end + 2][:1].isdigit() or lexicon.KEYWORDS.get(
                    words[end + 2].lower()) in ("volume", "issue"))):
            continue
        return dict.fromkeys(range(k, end + 1), VENUE)
    return {}


_QUOTE_PAIRS = {'"': '"', "“": "”", "«": "»", "„": "“"}


def bracketed_genre(words, labels) -> dict[int, str]:
    """APA's "(Doctoral dissertation)" ending a title is the document's type, not its title's
    last words (the CRF knew "(Unpublished doctoral dissertation)" but kept the shorter one)."""
    for k, close in _brackets_in_title(words, labels, 8):
        after = close + 1
        while after < len(words) and words[after] in ".,;:":
            after += 1
        if (labels[close] == TITLE and labels[after:after + 1] != [TITLE]
                and any(w.lower() in lexicon.THESIS_WORDS for w in words[k + 1:close])):
            return dict.fromkeys(range(k, close + 1), GENRE)
    return {}


def bracketed_translator(words, labels) -> dict[int, str]:
    """APA's "(D. Bowden, Trans.)" after a title: the names in the brackets are the
    translator's, where the CRF kept "(D. Bowden" in the title and gave "Trans" alone."""
    for k, close in _brackets_in_title(words, labels, 30):
        if "(" in words[k + 1:close]:
            continue
        role = close - 2 if words[close - 1] == "." else close - 1
        if (lexicon.KEYWORDS.get(words[role].lower()) == TRANSLATOR and role > k + 2
                and words[role - 1] == ","):
            return dict.fromkeys(range(k, close + 1), TRANSLATOR)
    return {}


def _brackets_in_title(words, labels, reach):
    """(open, close) of each bracket the CRF's title runs on into, closed within `reach`
    tokens: where a translator or a thesis may hide."""
    if "(" not in words:
        return
    for k, word in enumerate(words):
        if word != "(" or labels[k - 1:k] != [TITLE] or labels[k + 1:k + 2] != [TITLE]:
            continue
        close = next((j for j in range(k + 1, min(len(words), k + reach)) if words[j] == ")"),
                     None)
        if close is not None:
            yield k, close


def access_date(words, labels) -> dict[int, str]:
    """The date after "cited", "accessed" or "retrieved" is when the reference was read, not
    when it was published (NLM's "2020 [cited 2021 Mar 5]"): a note, where the reading has a
    year before it."""
    if lexicon.ACCESS_WORDS.isdisjoint(map(str.lower, words)):
        return {}
    for k, word in enumerate(words):
        if word.lower() not in lexicon.ACCESS_WORDS or YEAR not in labels[:k]:
            continue
        end = k + 1
        while end < len(words) and labels[end] == YEAR and words[end] not in ("]", ")"):
            end += 1
        if end > k + 1:
            return dict.fromkeys(range(k + 1, end), NOTE)
    return {}


def publisher_after_place(words, labels) -> dict[int, str]:
    """What follows "Place:" is its publisher, not a venue ("人工智能前沿. 北京: 科学出版社, 2019",
    where the CRF read "科学出版社" as more of the book's title)."""
    if ":" not in words or LOCATION not in labels:
        return {}
    for k in range(1, len(words) - 1):
        if words[k] == ":" and labels[k - 1] == LOCATION and labels[k] != VENUE \
                and labels[k + 1] == VENUE:
            end = k + 1
            while end < len(words) and labels[end] == VENUE:
                end += 1
            return dict.fromkeys(range(k + 1, end), PUBLISHER)
    return {}


def container_after_slashes(tokens, labels, words) -> dict[int, str | None]:
    """A title run on past "//", which opens the container in GOST and GB/T 7714 ("Методы
    машинного обучения // Вестник МГУ. 2018. Т. 42"): the title ends there, and what the
    title took after it is the venue. An author run past it took the title as well: the
    rules decide where the names end."""
    if "/" not in words:
        return {}
    for k in range(1, len(words) - 2):
        field = labels[k - 1]
        if not (words[k] == words[k + 1] == "/" and tokens[k + 1].start == tokens[k].end
                and field in (TITLE, AUTHOR) and labels[k + 2] == field):
            continue
        end = k + 2
        while end < len(words) and labels[end] == field:
            end += 1
        decided = {k: TITLE, k + 1: TITLE, **dict.fromkeys(range(k + 2, end), VENUE)}
        if field == AUTHOR:
            start = k
            while start > 0 and labels[start - 1] == AUTHOR:
                start -= 1
            decided.update(dict.fromkeys(range(start, k)))
        return decided
    return {}


def missing_year(words, labels) -> dict[int, str]:
    """Year-shaped numbers read as a volume or a genre by a reading with no date at all:
    "刘伟. 2008年北京奥运会的经济影响[J]. 经济研究, 2009, 44(3)" (a title opening with a year
    made the journal's year its volume), "[EB/OL]. (2019-05-01)" (the date of a web page taken
    into its type). They are the year: a reference has one, and no volume or type is written
    like it where it has none."""
    if YEAR in labels:
        return {}
    decided = {}
    for i, (word, label) in enumerate(zip(words, labels)):
        if label in _NO_YEAR and YEAR_SHAPE.match(word) and not _announced(words, i):
            decided.update(dict.fromkeys(range(i, _date_end(words, i)), YEAR))
    return decided


def vancouver_year(words, labels) -> dict[int, str]:
    """Vancouver's "N Engl J Med. 2020;382(8):727-733" read with the year as the volume, where
    a year-shaped number in the title took the year ("… pneumonia in China, 2019. N Engl J
    Med. 2020;382"): a year-shaped number right after the journal's stop, then a semicolon and
    a number, is the year, and the rules decide what the CRF's year was."""
    if YEAR not in labels or VENUE not in labels:
        return {}
    for i in range(2, len(words) - 2):
        if (labels[i] == "volume" and YEAR_SHAPE.match(words[i]) and words[i + 1] == ";"
                and words[i + 2][:1].isdigit() and words[i - 1] == "." and labels[i - 2] == VENUE):
            others = {k: None for k, label in enumerate(labels) if label == YEAR}
            return others | {i: YEAR}  # what the year was (the rules decide it)
    return {}


def vancouver_volume(words, labels) -> dict[int, str]:
    """Vancouver's volume between the date's semicolon and the pages' colon, which the CRF
    read as the issue after a day ("Anal Biochem. 1976 May 7;72:248-54") in a reading with
    no volume: an issue is written in brackets there, a volume bare."""
    if "volume" in labels or "issue" not in labels:
        return {}
    for i in range(1, len(words) - 1):
        if (labels[i] == "issue" and words[i].isdigit() and words[i - 1] == ";"
                and words[i + 1] == ":" and labels[i - 2] == YEAR):
            return {i: "volume"}
    return {}


def _announced(words, i) -> bool:
    """Whether a volume's word announces number i ("Volume 2000", "vol. 1999", "Bd. 1850"):
    then it is the volume, where a journal's name before it ("Genet. 2000;") says nothing."""
    k = i - 2 if i > 1 and words[i - 1] == "." else i - 1
    return k >= 0 and lexicon.KEYWORDS.get(words[k].lower()) == "volume"


def _date_end(words, i) -> int:
    """End of the date whose year is words[i]: "2019-05-01" is five tokens."""
    end = i + 1
    while (end + 1 < len(words) and words[end] == "-" and words[end + 1].isdigit()
           and len(words[end + 1]) <= 2):
        end += 2
    return end


def identifiers(tokens, labels, words) -> dict[int, str]:
    """A DOI or a bare arXiv number that the CRF gave another label: numbers end a physics
    reference, and "Phys. Rev. D87, 014505 (2013), 1209.2258" read its arXiv number as more
    pages, "…, 41-48. 10.7843/kgs.2015.31.11.41." its DOI as nothing. Their shapes
    (tokenize.DOI_SHAPE; tokenize.ARXIV_DATED, a year and month) are no other field's; a DOI
    glued to a slash before it ("doi.org/10.1103/…", a URL PDF text broke) is the URL's."""
    decided = {}
    for i, word in enumerate(words):
        if not word[:1].isdigit():
            continue
        if DOI_SHAPE.match(word):
            if i and tokens[i - 1].end == tokens[i].start and words[i - 1].endswith("/"):
                continue
            label = DOI
        elif ARXIV_DATED.fullmatch(word):
            label = ARXIV
        else:
            continue
        if labels[i] != label:
            decided[i] = label
    return decided


def glued_journal(tokens, labels, words=None) -> dict[int, str]:
    """A journal's first abbreviated words that the title took where PDF text glued them to it
    ("… anti-spring bladesNucl | .Instrum .Methods", "… perturbations,Mon | .Not .R"): a
    capitalized word glued to the title's last, then another abbreviated word, and only
    abbreviated words and stops before the venue."""
    words = words or [token.text for token in tokens]
    for k in range(1, len(words) - 1):
        if not (labels[k] == TITLE and labels[k - 1] == TITLE
                and _glued_abbreviation(tokens, words, k)):
            continue
        j = k + 1
        while j < len(words) and labels[j] != VENUE and (words[j] == "." or _capitalized(words[j])
                                                          or _initial(words[j])):
            j += 1
        if j < len(words) and labels[j] == VENUE and j - k <= 8:
            return {i: VENUE for i in range(k, j)}
    return {}


def _glued_abbreviation(tokens, words, k) -> bool:
    """Whether tokens[k] (k + 1 is a token too) is an abbreviated word glued to a lower-case
    word ("bladesNucl") or a comma (",Mon"), its stop set apart as PDF text sets it, another
    abbreviation after it ("Nucl .Instrum .", not "LeukemiaNet. Blood.")."""
    if not (tokens[k].start == tokens[k - 1].end and words[k + 1] == "."
            and tokens[k + 1].start > tokens[k].end and k + 3 < len(words)):
        return False
    before, following = words[k - 1], words[k + 2]
    return ((before.isalpha() and before[-1].islower() or before == ",")
            and _capitalized(words[k]) and (_capitalized(following) or _initial(following))
            and words[k + 3] == ".")


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
    run = end  # where the run of author labels that ends there begins
    while run > 0 and labels[run - 1] == AUTHOR:
        run -= 1
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
    if (_capitalized(words[end]) and end + 1 < len(words) and words[end + 1][:1].isdigit()
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
        return {i: None for i in range(prose, end + 1)}
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
    for k in range(run, end - 1):
        if words[k] == "et" and words[k + 1] == "al":
            i = k + 2
            while i <= end and words[i] in {".", ","}:
                i += 1
            rest = words[i:end + 1]
            if (i > end or not rest[0][:1].isalpha()
                    or any(word.lower() in lexicon.GROUP_WORDS for word in rest)
                    or _initial_at(words, i)):  # more names ("et al.P. Rajeev, …")
                return None
            return i
    return None


def group_before_title(words, labels) -> dict[int, str]:
    """A group that wrote the work, named in the first sentence, which the CRF read as the
    title's beginning in a reading with no authors ("GBD 2019 Diseases and Injuries
    Collaborators. | Global burden of 369 diseases …"): a first sentence of the title run
    that ends on a group's word is the authors."""
    if AUTHOR in labels or TITLE not in labels:
        return {}
    start = labels.index(TITLE)
    if any(label not in ("O", "citation-number") for label in labels[:start]):
        return {}
    for k in range(start + 1, min(len(words) - 1, start + 12)):
        if labels[k] != TITLE:
            return {}
        if words[k] == ".":
            if (words[k - 1].lower() in lexicon.GROUP_WORDS and labels[k + 1] == TITLE
                    and words[k + 1][:1].isupper()):
                return dict.fromkeys(range(start, k + 1), AUTHOR)
            return {}
    return {}


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


def _prose_after_initials(words, run, end) -> int | None:
    """The first word the authors' tokens run on to after a family-first name's initials
    ("Silva, J. A. | Reforma agrária no Brasil.", ABNT's title after the last author), when
    those words hold prose before any separator of names: they open the next field."""
    for k in range(end, run + 2, -1):
        if words[k] == "." and _initial(words[k - 1]):
            j = k - 1
            while j >= 2 and words[j - 1] == "." and _initial(words[j - 2]):
                j -= 2
            rest = words[k + 1:end + 1]
            family_first = (j >= 2 and words[j - 1] == "," and _capitalized(words[j - 2])
                            and not (j >= 4 and words[j - 3] == "." and _initial(words[j - 4])))
            if (family_first and rest and _capitalized(rest[0])
                    and any(_prose(word) for word in rest)
                    and not any(word in _NAME_SEPARATORS for word in rest)):
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
    if not (_capitalized(words[j]) and len(words[j]) > 2 and not _suffix(words[j])
            and words[j - 1] == "," and words[j - 2] == "." and _initial(words[j - 3])):
        return None
    before = j - 4 if words[j - 4] != "," else j - 5  # "Jaeger W.", "Ginzburg, C."
    following = words[k + 1]
    if (before < run or not _capitalized(words[before])
            or before >= 2 and words[before - 1] == "." and _initial(words[before - 2])
            or not _capitalized(following) or words[k + 2:k + 3] == ["."]):
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
        if (words[k] == "." and len(words[k - 1]) > 2 and _capitalized(words[k - 1])
                and words[k - 2] == "." and _initial(words[k - 3])):
            rest = [word for word in words[k + 1:end + 1] if word[:1].isalnum()]
            if not rest or not rest[0][:1].isupper():
                return None
            initials = list(takewhile(_initial, rest))
            name = (0 < len(initials) < len(rest) and _capitalized(rest[len(initials)])
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
    if nxt >= len(words) or not _capitalized(words[nxt]):
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
    return _initial(words[i]) or (len(words[i]) == 2 and words[i][0].isupper()
                                  and words[i].isalpha() and i + 1 < len(words)
                                  and words[i + 1] == ".")


def _given_first(words, start) -> bool:
    """Whether the author list, opening at `start`, opens with initials and a family name ("A.
    Kolmogoroff")."""
    return (start + 2 < len(words) and _initial(words[start]) and words[start + 1] == "."
            and (_capitalized(words[start + 2]) or _initial(words[start + 2])))


def _bare_family_name(words, i) -> bool:
    """A capitalized word that opens a name of a family-first list ("…; Xia,"), so initials
    must follow it."""
    return (_capitalized(words[i]) and words[i] not in SUFFIXES
            and (i == 0 or words[i - 1] == ";") and i + 1 < len(words) and words[i + 1] == ",")


def _one_word_journal(words, i) -> bool:
    """Whether the initial at i, its stop, and one whole word are all there is before the year
    or volume: "Timmers, F. | J. Organometallics 1996, 15": "J." abbreviates no journal whose
    next word is spelled out, so it is the last name's second initial."""
    return (i + 3 < len(words) and _capitalized(words[i + 2]) and words[i + 3][:1].isdigit()
            and words[i + 2].lower() not in lexicon.ISO4)


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


def _suffix(word) -> bool:
    """A name's suffix however it is written: "Jr", "JR", "III"."""
    return word in SUFFIXES or word.capitalize() in SUFFIXES


def _initial_at(words, i) -> bool:
    return i + 1 < len(words) and _initial(words[i]) and words[i + 1] == "."


def _initial(word) -> bool:
    return len(word) == 1 and word.isupper()


def _capitalized(word) -> bool:
    return len(word) > 1 and word[0].isupper() and word.isalpha()
