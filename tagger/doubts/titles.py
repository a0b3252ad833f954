"""Where a title ends and its container begins, where the CRF ran one into the other.

Titles cut out of PDF text run into a journal glued to them ("… anti-spring bladesNucl
.Instrum .Methods Phys .Res .A"): a capitalized word glued to the title's last word, its stop
set apart as PDF text sets it, and another abbreviated word after it open the journal. GOST
and GB/T 7714 open the container with "//"; MLA ends a chapter's title inside its quotes
before the book; Italian style quotes the journal after the title.
"""

from ..text import lexicon
from ..labels import OTHER
from .words import (AUTHOR, DASHES, GENRE, ISSUE, JOURNAL_CLASSES, PAGES, PUBLISHER, TITLE,
                    VENUE, VOLUME, YEAR, capitalized, initial, run_end, run_start)


def glued_journal(tokens, labels, words=None) -> dict[int, str]:
    """A journal's first abbreviated words that the title took where PDF text glued them to it
    ("… anti-spring bladesNucl | .Instrum .Methods", "… perturbations,Mon | .Not .R"): a
    capitalized word glued to the title's last, then another abbreviated word, and only
    abbreviated words and stops before the venue."""
    words = words or [token.text for token in tokens]
    for k in [k for k in range(1, len(words) - 2) if words[k + 1] == "." and labels[k] == TITLE]:
        if not (labels[k - 1] == TITLE and _glued_abbreviation(tokens, words, k)):
            continue
        j = k + 1
        while j < len(words) and labels[j] != VENUE and (words[j] == "." or capitalized(words[j])
                                                          or initial(words[j])):
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
            and capitalized(words[k]) and (capitalized(following) or initial(following))
            and words[k + 3] == ".")


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
        end = run_end(labels, k + 2, field)
        decided = {k: TITLE, k + 1: TITLE, **dict.fromkeys(range(k + 2, end), VENUE)}
        if field == AUTHOR:
            decided.update(dict.fromkeys(range(run_start(labels, k, AUTHOR), k)))
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
            and labels[after] == TITLE and capitalized(words[after])):
        return {}
    return dict.fromkeys(range(after, run_end(labels, after, TITLE)), VENUE)


def quoted_journal(words, labels) -> dict[int, str]:
    """Italian style's journal in quotes after the title ("La crisi del debito sovrano,
    «Rivista di Politica Economica», 101, n. 3"), which the CRF kept in the title: quotes
    opened after the title's comma (or "in") and closed before a comma and a number or a
    volume's word hold the journal."""
    if TITLE not in labels or _QUOTE_PAIRS.keys().isdisjoint(words):
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
                    words[end + 2].lower()) in (VOLUME, ISSUE))):
            continue
        return dict.fromkeys(range(k, end + 1), VENUE)
    return {}


def japanese_quotes(words, labels) -> dict[int, str]:
    """Japanese writes an article's title in 「」 and its journal or book in 『』 after it
    ("田中太郎 (2015)「日本語の文法」『言語研究』45(2)"), which the CRF read as one venue: the
    brackets say which is which."""
    if "「" not in words or "『" not in words:
        return {}
    start = words.index("「")
    close = words.index("」", start) if "」" in words[start:] else None
    if close is None or words[close + 1:close + 2] != ["『"] or "』" not in words[close:]:
        return {}
    end = words.index("』", close)
    decided = dict.fromkeys(range(start, close + 1), TITLE) | dict.fromkeys(
        range(close + 1, end + 1), VENUE)
    return decided if any(labels[i] != label for i, label in decided.items()) else {}


def bracketed_acronym(words, labels) -> dict[int, str]:
    """A title's own bracketed acronym that the CRF read as a note opening after it, where no
    venue follows ("Coronavirus disease 2019 | (COVID-19): Situation report, 72.
    https://…", a web page or a report): the bracket, and a subtitle its colon opens, are the
    title's. A note's bracket holds words ("(in Russian)", "(abstract)"), not an acronym."""
    if TITLE not in labels or VENUE in labels:
        return {}
    k = len(labels) - labels[::-1].index(TITLE)  # the token after the title's last
    if k + 3 >= len(words) or words[k] != "(" or labels[k] == TITLE:
        return {}
    close = next((i for i in range(k + 2, min(len(words), k + 6)) if words[i] == ")"), None)
    if (close is None or words[close + 1:close + 2] not in ([":"], ["."])
            or "," in words[k + 1:close] or not any(_acronym(w) for w in words[k + 1:close])):
        return {}  # not a publisher's "(CUP, 1977)", nor "Thèse (HDR), 2013"
    end = close + 1
    if words[end:end + 1] == [":"]:
        while end < len(words) and words[end] != "." and labels[end] == labels[k]:
            end += 1
    return dict.fromkeys(range(k, end), TITLE)


def _acronym(word) -> bool:
    """"COVID", "SARS", "MERS": capitals, two or more."""
    return len(word) > 1 and word.isupper() and word.isalpha()


_QUOTE_PAIRS = {'"': '"', "“": "”", "«": "»", "„": "“"}


def title_end_before_colon(words, labels) -> dict[int, str]:
    """A title's last words that the CRF began the venue with, where GSA's style (geology)
    ends the title in a colon before the journal and marks the volume "v." ("… a
    Neoproterozoic snowball | Earth: Science, v. 281, p. 1342"): such a venue, opened inside
    a phrase of the title, begins after the colon when the few words before it name no
    journal ("Proteins: Structure, Function and Genetics" is one)."""
    if VENUE not in labels or ":" not in words:
        return {}
    start = labels.index(VENUE)
    end = run_end(labels, start, VENUE)
    if not (start and labels[start - 1] == TITLE and words[start - 1][-1:].isalnum()
            and words[start][:1].isalnum() and words[end - 1:end + 2] == [",", "v", "."]):
        return {}
    colon = next((i for i in range(start + 1, min(start + 4, end - 1)) if words[i] == ":"), None)
    if (colon is None or not capitalized(words[colon + 1])
            or any("venue" in lexicon.classes(word) for word in words[start:colon])):
        return {}
    return dict.fromkeys(range(start, colon + 1), TITLE)


def quoted_title_whole(tokens, labels, words) -> dict[int, str]:
    """A quoted title that the CRF broke at a number or a code inside its quotes, as IEEE
    quotes titles ('"The Transport Layer Security (TLS) Protocol Version 1.2," RFC 5246'):
    where the title (or, with none, what follows the authors) begins with its opening quote
    and the quote closes after a comma or stop, everything inside is the title, and the title
    ends at the quote where white space follows it (PDF text glues it to the journal:
    ',"Measurement Science')."""
    if TITLE in labels:
        start = labels.index(TITLE)
    elif AUTHOR in labels:  # or the authors' quoted title read as the venue
        start = run_end(labels, labels.index(AUTHOR), AUTHOR)
    else:
        return {}
    closer = _TITLE_QUOTES.get(words[start]) if start < len(words) else None
    if closer is None:
        return {}
    end = next((i for i in range(start + 1, min(start + 60, len(words))) if words[i] == closer),
               None)
    if end is None or words[end - 1] not in ",." or end - start < 3:
        return {}
    if not any(labels[i] != TITLE and words[i][:1].isalnum() for i in range(start + 1, end)):
        return {}
    spaced = end + 1 == len(words) or tokens[end + 1].start > tokens[end].end
    return dict.fromkeys(range(start + 1, end + 1 if spaced else end - 1), TITLE)


_TITLE_QUOTES = {'"': '"', "“": "”"}


def title_past_its_quote(tokens, labels, words) -> dict[int, str]:
    """A quoted title that the CRF ran on past its closing quote into the container "in" opens,
    where the reading has a venue too ("‘Nomads of the Sea’, in Res maritimae. Cyprus and
    the Eastern Mediterranean"): a quote closes the title where a comma or stop closes it
    inside (',"', ".'") or a comma follows it ("’,"). Words other than "in" after the quote
    are as often the title's own ("'Kristallstruktur und Quellung von Montmorillonit', Das
    Tonmineral der Bentonittone", a review's "“The Book Industry,” review of …")."""
    if TITLE not in labels or VENUE not in labels:
        return {}
    start = labels.index(TITLE)
    closer = _TITLE_QUOTES_OR_SINGLE.get(words[start])
    if closer is None:
        return {}
    end = start + 2
    while end < len(words) and labels[end] == TITLE and not (
            words[end] == closer and _closes(tokens, words, end)):
        end += 1
    if end + 2 >= len(words) or labels[end] != TITLE or words[end] != closer:
        return {}
    after = end + 2 if words[end + 1] == "," else end + 1
    if words[end - 1] not in ",." and after == end + 1:
        return {}
    stop = run_end(labels, after, TITLE)
    if stop == after or lexicon.KEYWORDS.get(words[after].lower()) != "in":
        return {}
    return dict.fromkeys(range(after, stop), VENUE)


def _closes(tokens, words, k) -> bool:
    """Whether the quote mark tokens[k] closes a quote rather than joins a word as an
    apostrophe ("l'Academie", "Rappin’"): white space, a comma or a stop follows it."""
    return (k + 1 == len(tokens) or tokens[k + 1].start > tokens[k].end
            or words[k + 1] in ",.;:")


_TITLE_QUOTES_OR_SINGLE = _TITLE_QUOTES | {"'": "'", "‘": "’"}


def group_before_journal(words, labels) -> dict[int, str]:
    """A group that NLM's style names after the title, before the journal ("… controlled
    clinical trials. Transdermal Nicotine Study Group. JAMA 266:3133"), which the CRF read as
    the journal's first words: a sentence of the venue that names a group (a "Group", a
    "Committee", "Task Force", …) before the journal's own words is no field of the
    reference's."""
    if VENUE not in labels:
        return {}
    start = labels.index(VENUE)
    end = run_end(labels, start, VENUE)
    for k in range(start + 1, end - 1):
        if not (words[k] == "." and words[k + 1][:1].isupper() and len(words[k - 1]) > 1):
            continue
        group = [word.lower() for word in words[start:k]]
        if (any(word in _GROUP_NAMES for word in group)
                and not any(word in lexicon.VENUE_WORDS for word in group)):
            return dict.fromkeys(range(start, k + 1), OTHER)
        return {}
    return {}


_GROUP_NAMES = lexicon.GROUP_WORDS | {"force"}  # "Task Force on Guidelines"


def title_before_type_code(words, labels) -> dict[int, str]:
    """GB/T 7714's type code ("[J]", "[EB/OL]") follows the title: where the first words of a
    reading run straight into it with no stop between, they are the title, not an author
    ("Gloo[EB/OL].[2021-08-12].https://…", a project's page cited without one)."""
    if "[" not in words or TITLE in labels or AUTHOR not in labels:
        return {}
    start = next((i for i, label in enumerate(labels) if label == AUTHOR), 0)
    end = run_end(labels, start, AUTHOR)
    if (end < len(words) and words[end] == "[" and labels[end] == GENRE
            and not any(word in _STOPS for word in words[start:end])
            and AUTHOR not in labels[end:]):
        return dict.fromkeys(range(start, end), TITLE)
    return {}


_STOPS = frozenset(".．。")


def title_head_left_out(tokens, labels, words=None) -> dict[int, str]:
    """The words between an author list's stop and a title that the CRF left to no field
    where the copy lost the space after the stop ("Kingma D P,Ba J.Adam:a method for …",
    "Seide F,…,et al.1-bit stochastic …"): the title begins right after the stop. (With the
    space, a word left out there is a container's "Dans" or "In", not the title's.)"""
    words = words or [token.text for token in tokens]
    if TITLE not in labels or AUTHOR not in labels:
        return {}
    start = labels.index(TITLE)
    j = start
    while j > 0 and labels[j - 1] == OTHER and words[j - 1] not in _STOPS:
        j -= 1
    if (0 < j < start and words[j - 1] in _STOPS and j > 1 and labels[j - 2] == AUTHOR
            and tokens[j].start == tokens[j - 1].end
            and any(word[:1].isalnum() for word in words[j:start])):
        return dict.fromkeys(range(j, start), TITLE)
    return {}


def title_cut_mid_phrase(words, labels) -> dict[int, str]:
    """A title's last line read as the journal's head, where the title would end mid-phrase:
    "… shortfin mako shark (Isurus oxyrinchus) | in New Zealand Waters. Mar Freshwater Res.",
    "… of Gombe National Park, | Tanzania. Anim. Behav.". No title ends on "in" or a comma, and
    no journal begins with "in": the venue's words up to its first stop are the title's, where
    they are capitalized, the last no abbreviation, and an abbreviated journal follows them."""
    if VENUE not in labels or TITLE not in labels:
        return {}
    start = labels.index(VENUE)
    if not start or labels[start - 1] != TITLE:
        return {}
    head = start
    while head < len(words) and words[head] in _NO_TITLE_END:
        head += 1
    if head == start and not (words[start - 1] == "," or words[start - 1] in _NO_TITLE_END):
        return {}
    end = run_end(labels, start, VENUE)
    stop = next((k for k in range(head + 1, min(head + 6, end - 1)) if words[k] == "."), None)
    if stop is None or not all(capitalized(word) for word in words[head:stop]) or (
            "iso4" in lexicon.classes(words[stop - 1])):  # "in Proc. Natl. Acad. Sci."
        return {}
    journal = [word for word in words[stop + 1:end] if word.isalpha()]
    if not (journal and capitalized(journal[0])
            and any("iso4" in lexicon.classes(word) for word in journal)):
        return {}
    return dict.fromkeys(range(start, stop + 1), TITLE)


# Words no title ends on and no journal begins with (lower-case as they stand in a title).
_NO_TITLE_END = frozenset(("in", "of", "the", "and", "for", "on", "at", "to", "with", "from", "a",
                           "an", "by"))


def title_sentence_in_journal(words, labels) -> dict[int, str]:
    """A title's last sentence read as the journal's head: "Aphidologische Notizen. | Zool.
    Anz. 53: 181", "… in Ulsan Bay sediments, East Sea, Korea. | Mar. Poll. Bull., 88(1)",
    "Lebensverhaeltnisse … | Ergebnis der … 1993. | Wirtschaft und Statistik, Nr. 6". A
    journal's name has no stop after a whole word before more of its name, its abbreviations
    do; so a venue before its volume or pages whose first stop ends two words or more, the
    last a whole one ("Korea", "1993", "(CHARG)"), in words no journal's name has, after the
    title (or after the date, where the reading has no title), holds the title's end up to
    that stop."""
    if VENUE not in labels:
        return {}
    start = labels.index(VENUE)
    end = run_end(labels, start, VENUE)
    stop = next((k for k in range(start + 1, end - 1) if words[k] == "."), None)
    if stop is None or not _ends_a_sentence(words[stop - 1]):
        return {}
    head = [word for word in words[start:stop] if word.isalnum()]
    tail = [word for word in words[stop + 1:end] if word.isalnum()]
    if (len(head) < 2 or words[stop - 2] in DASHES  # "Eu-rophys.Lett" as PDF text breaks it
            or not tail or not tail[0][:1].isupper() or tail[0].lower() in _SERIES_WORDS
            or head[0].lower() == "in" or tail[0].lower() == "in"
            or any(word.lower() in lexicon.VENUE_WORDS or word.lower() in _GROUP_NAMES
                   for word in head)):
        return {}
    before = _field_before(words, labels, start)
    after = _field_after(words, labels, end)
    if after not in (VOLUME, ISSUE, PAGES) or not (
            before == TITLE or before == YEAR and TITLE not in labels):
        return {}
    first = start
    while before == TITLE and labels[first - 1] != TITLE:
        first -= 1  # the stop between the title and its last sentence
    return dict.fromkeys(range(first, stop), TITLE) | {stop: OTHER}


def _ends_a_sentence(word) -> bool:
    """Whether a word before a stop ends a sentence rather than abbreviates a journal's word:
    a whole word no ISO 4 abbreviation is ("Notizen", not "Biochim" or "Zool"), a year, a
    closing bracket; not an acronym, which may be a journal's own name ("PLOS ONE")."""
    lower = word.lower()
    if word in (")", "]") or word.isdigit() and len(word) == 4:
        return True
    if not word.isalpha() or lower in lexicon.ISO4 or lower in lexicon.VENUE_WORDS:
        return False
    return len(word) >= 5 and not word.isupper()  # "PLOS ONE. In press"


def _field_before(words, labels, start):
    """The label of the last word before `start` that is no punctuation (None: none)."""
    return next((labels[k] for k in range(start - 1, -1, -1) if words[k][:1].isalnum()), None)


def _field_after(words, labels, end):
    """The label of the first word from `end` on that is no punctuation (None: none)."""
    return next((labels[k] for k in range(end, len(words)) if words[k][:1].isalnum()), None)


# Words that go on a journal's name after a stop ("Acta Cryst. Section B", "Phil. Trans. R. Soc.
# Lond. Series A", "C. R. Acad. Sci. Paris, Série I").
_SERIES_WORDS = frozenset(("series", "serie", "série", "ser", "section", "sect", "part", "teil",
                           "abt", "abteilung", "reihe", "new", "sectio", "sér"))


def in_before_title(words, labels) -> dict[int, str]:
    """ "in" that opens a book cited for a chapter whose own title the list leaves out ("M.
    Luban, in Phase Transitions and Critical Phenomena, Vol. 5A"), read as the title's first
    word: a title never begins with a lower-case "in" (or "in:") before a capitalized word,
    so that word begins it."""
    if TITLE not in labels:
        return {}
    start = labels.index(TITLE)
    first = start + 1 + (words[start + 1:start + 2] == [":"])
    if (words[start] != "in" or first >= len(words) or labels[first] != TITLE
            or not words[first][:1].isupper()):
        return {}
    return dict.fromkeys(range(start, first), OTHER)


def journal_head_in_title(tokens, labels, words) -> dict[int, str]:
    """A journal's first word left at the end of the title before the rest of its name, where
    the title had ended at a stop, a comma, a question mark or a quote ("… or
    soli-tons?Phys. | Rev. Lett. 116", "… Ginzburg-Landau equation .C | .R .Math .Acad .Sci",
    '… superconductors,"AIP | Conference Proceedings'): the word after that mark is the
    journal's where PDF text glued it to the mark or it is an abbreviation with its stop (an
    ISO 4 word, a lone capital)."""
    if VENUE not in labels or TITLE not in labels:
        return {}
    start = labels.index(VENUE)
    k = start - 1
    while k > 0 and words[k] in (".", "-") and labels[k] != TITLE:
        k -= 1
    if k < 4 or labels[k] != TITLE or labels[k - 1] != TITLE or words[k - 1] not in _TITLE_ENDS:
        return {}
    word = words[k]
    if not (word.isalpha() and word[:1].isupper()) or word in _ROMAN_PARTS:
        return {}  # "Fourier integral operators. I. Acta mathematica": the title's part
    glued = tokens[k].start == tokens[k - 1].end
    abbreviated = words[k + 1] == "." and (len(word) == 1 or "iso4" in lexicon.classes(word))
    title_words = sum(labels[i] == TITLE and words[i][:1].isalnum() for i in range(k - 1))
    if not (glued or abbreviated) or title_words < 3:
        return {}
    return dict.fromkeys(range(k, start), VENUE) | {k - 1: OTHER}


# A work's numbered part after its title ("… operators. I."), no journal's first word.
_ROMAN_PARTS = frozenset("I II III IV V VI VII VIII IX X".split())
# The marks a title ends on before its journal.
_TITLE_ENDS = frozenset((".", ",", "?", '"', "”", ":", ";"))


def title_past_its_closing_stop(tokens, labels, words) -> dict[int, str | None]:
    """A quoted title the CRF ran on past its closing quote where a comma or a stop inside the
    quotes had closed it, as American and IEEE styles close a title ('"Robustness and Policy,"
    Mimeo', "'Transport with the finite element method.' La Houille Blanche, Vol. 3"): the
    title ends at its quote. The words the run took after it are the authors after "by"; before
    the journal, a society's name is its publisher ("'…,' 한국해사법학회, 해사법연구, 제28권"),
    other words there are left as read (a subtitle: '"Gli indesiderabili." L'Italia e …, La
    Nuova Storia Contemporanea'; or the journal's head); in a reading with no venue, the
    venue (as `quoted_title` reads MLA's book after a chapter); else the rules'. Numbers
    alone after the quote ('," 2013–2016') and a subtitle after it ('…”: Knowledge, Power')
    are the title's own run."""
    if TITLE not in labels:
        return {}
    start = labels.index(TITLE)
    closer = _TITLE_QUOTES_OR_SINGLE.get(words[start])
    if closer is None:
        return {}
    end = run_end(labels, start, TITLE)
    close = next((k for k in range(start + 3, end - 1) if words[k] == closer
                  and words[k - 1] in ",." and words[k - 2] != "." and _closes(tokens, words, k)),
                 None)  # (not "Getting to Know You...”: Knowledge, Power")
    if (close is None or words[close + 1] in ":;"
            or not any(word[:1].isalpha() for word in words[close + 1:end])):
        return {}
    after = range(close + 1, end)
    if words[close + 1] == "by" and AUTHOR not in labels:  # '"…Harbor Seals," by Ode and Roe'
        return {close + 1: OTHER, **dict.fromkeys(after[1:], AUTHOR)}
    if _field_after(words, labels, end) == VENUE:  # a society's name, or a subtitle or more
        society = any(_ORGANIZATION.intersection(lexicon.classes(words[k])) for k in after)
        return dict.fromkeys(after, PUBLISHER) if society else {}  # of the journal: the CRF's
    return dict.fromkeys(after, None if VENUE in labels else VENUE)


# Lexicon classes of the words that name a society or a publisher ("University", "학회").
_ORGANIZATION = frozenset(("publisher", "hangul-organization"))


def journal_at_title_end(words, labels) -> dict[int, str]:
    """An abbreviated journal the title ran on into after a comma, in a reading with no venue
    ("… the Role of General Relativity, Riv. Nuovo Cim., 252 (1969)", "… large-amplitude
    regime, Sci. China-Phys .Mech.Astron .59"): capitalized words after the first comma that
    has only them after it, two or more of them journal abbreviations with their stops, right
    before the volume, the pages or the date, are the venue."""
    if TITLE not in labels or VENUE in labels:
        return {}
    start = labels.index(TITLE)
    end = run_end(labels, start, TITLE)
    if _field_after(words, labels, end) not in (VOLUME, ISSUE, PAGES, YEAR):
        return {}
    for comma in (k for k in range(start + 3, end - 3) if words[k] == ","):
        tail = range(comma + 1, end)
        abbreviated = sum(words[k + 1:k + 2] == ["."] and words[k][:1].isupper()
                          and bool(JOURNAL_CLASSES.intersection(lexicon.classes(words[k])))
                          for k in tail)
        if abbreviated >= 2 and all(words[k] in ".,-" or words[k][:1].isupper() for k in tail):
            return {comma: OTHER, **dict.fromkeys(tail, VENUE)}
    return {}

