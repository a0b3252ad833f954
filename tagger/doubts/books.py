"""The parts of a book's reference that the CRF runs together: the book after its editors,
the publisher after its place, a translator's or an editor's name, the place and year in
brackets, a thesis's genre or a translator bracketed after the title.

Books in the humanities are cited in shapes the corpora hold few of ("trans. G. Highet, 3
vols (Oxford, 1939–45)", "(M. Cook, Trans.)", "in Green, P. (ed.) Edited book"); each is read
as written where the CRF broke it.
"""

from ..text import lexicon
from ..crf.features import YEAR_SHAPE
from ..labels import OTHER
from .words import (AUTHOR, CITATION_NUMBER, DASHES, EDITION, EDITOR, GENRE, LOCATION, NOTE,
                    PAGES, PUBLISHER, SERIES, TITLE, TRANSLATOR, VENUE, VOLUME, YEAR, capitalized,
                    initial, run_end, run_start, written_in_german)


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
        end = run_end(labels, start, EDITOR)
        if end > start and capitalized(words[start]):
            return dict.fromkeys(range(start, end), VENUE)
    return {}


def publisher_after_place(words, labels) -> dict[int, str]:
    """What follows "Place:" is its publisher, not a venue ("人工智能前沿. 北京: 科学出版社, 2019",
    where the CRF read "科学出版社" as more of the book's title)."""
    if ":" not in words or LOCATION not in labels:
        return {}
    for k in range(1, len(words) - 1):
        if words[k] == ":" and labels[k - 1] == LOCATION and labels[k] != VENUE \
                and labels[k + 1] == VENUE:
            return dict.fromkeys(range(k + 1, run_end(labels, k + 1, VENUE)), PUBLISHER)
    return {}


def imprint_as_venue(words, labels) -> dict[int, str]:
    """A book's whole imprint read as a venue after its title: "… digitalisierten Welt.
    Bielefeld: wbv Media 2020." A venue that is a place (one or two capitalized words, "/"
    between places), a colon and a short name, then the year and the end, opened by no "In",
    is the location and the publisher. Checked on the final reading too."""
    if VENUE not in labels or TITLE not in labels or YEAR not in labels:
        return {}
    start = labels.index(VENUE)
    end = run_end(labels, start, VENUE)
    colon = next((k for k in range(start, end) if words[k] == ":"), None)
    after = end + (words[end:end + 1] == [","])
    opened = "In" in words[:start] or any(words[k].lower() == "in" and words[k + 1] == ":"
                                          for k in range(start))
    if colon is None or not 1 <= colon - start <= 4 or not 1 <= end - colon - 1 <= 4 or opened \
            or labels[after:after + 1] != [YEAR]:
        return {}
    if run_end(labels, after, YEAR) < len(words) and any(
            word not in ".)" for word in words[run_end(labels, after, YEAR):]):
        return {}
    place = words[start:colon]
    if not (capitalized(place[0]) and all(capitalized(w) or w == "/" for w in place)):
        return {}
    return (dict.fromkeys(range(start, colon), LOCATION) | {colon: OTHER}
            | dict.fromkeys(range(colon + 1, end), PUBLISHER))


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
        while j + 2 < len(words) and initial(words[j]) and words[j + 1] == ".":
            j += 2
        if (j > start and capitalized(words[j]) and any(l != role for l in labels[start:j + 1])
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
        while j < len(words) and (capitalized(words[j]) and "place" in lexicon.classes(words[j])
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


def imprint_in_venue(tokens, labels, words=None) -> dict[int, str]:
    """The place and publisher that end a proceedings' name before its year, which the CRF
    took into the venue: "In: Proc. of the … Data Mining. Virtual Event: ACM, 2020",
    "… Association.Singapore:ISCA,2014", "… Software Engineering. St. Louis: ACM, 2005",
    "… Annual Technical Conf. USENIX, 2010", "… Representations. OpenReview.net, 2021".
    After a stop in the venue, a short capitalized place (stops only after a short word, "St.
    Louis", not "… J. G. Ballard. New York"), its colon and a short publisher (or a publisher
    alone, in capitals or as a domain name), then the year: that is the imprint, where the
    name before it is written out ("Proc. Natl. Acad. Sci. USA 2000" is left alone)."""
    words = words or [token.text for token in tokens]
    if VENUE not in labels or YEAR not in labels:
        return {}
    start = labels.index(VENUE)
    end = run_end(labels, start, VENUE)
    year = next((k for k in range(end, len(words)) if labels[k] == YEAR), None)
    if year is None or end - start < 6 or any(labels[k] not in (VENUE, LOCATION, PUBLISHER, OTHER)
                                               for k in range(end, year)):
        return {}
    last = year
    while last > start and words[last - 1] in ",.":
        last -= 1
    for stop in (k for k in range(start + 4, min(end, last - 1)) if words[k] in (".", "．")):
        if words[stop - 1].lower() in _OPENING_ABBREVIATIONS:
            continue  # "…, Proc. SPIE": the name goes on after its opening abbreviation
        imprint = _imprint(tokens, words, range(stop + 1, last))
        if imprint:
            return imprint if _spelt_out(words[start:stop]) >= 3 else {}
    return {}


# Abbreviations that open a venue's name rather than end one ("Proc. SPIE", "Trans. ACM").
_OPENING_ABBREVIATIONS = frozenset(("proc", "trans", "j", "comm", "ann", "bull", "lect"))


def _spelt_out(words) -> int:
    """How many words of a name are written out, not abbreviated with a stop: none in
    "Proc. Natl. Acad. Sci." (whose "USA" is no publisher), many in a proceedings' title."""
    return sum(1 for k, word in enumerate(words)
               if word[:1].isalnum() and words[k + 1:k + 2] != ["."])


def _imprint(tokens, words, region) -> dict[int, str]:
    """{token: location or publisher} when `region` is "Place: Publisher" or a publisher alone."""
    colon = next((k for k in region if words[k] == ":"), None)
    if colon is None:
        glued = all(tokens[k].start == tokens[k - 1].end for k in region[1:])
        name = "".join(words[k] for k in region)
        return dict.fromkeys(region, PUBLISHER) if region and glued and _publisher_alone(name) else {}
    place, publisher = range(region.start, colon), range(colon + 1, region.stop)
    if (1 <= len(place) <= 4 and 1 <= len(publisher) <= 6 and capitalized(words[place[0]])
            and all(capitalized(words[k]) or words[k] == "." and len(words[k - 1]) <= 2
                    for k in place)
            and words[publisher[0]][:1].isupper()):
        return dict.fromkeys(place, LOCATION) | dict.fromkeys(publisher, PUBLISHER)
    return {}


def _publisher_alone(name) -> bool:
    """A publisher named without a place, in capitals or as a domain: "USENIX", "OpenReview.net"."""
    return (len(name) > 1 and name.isupper() and name.isalpha()) or (
        "." in name and name.rsplit(".", 1)[-1] in ("net", "org", "com") and name[:1].isupper())


def described_in_brackets(words, labels) -> dict[int, str]:
    """APA 7's description in square brackets after a title: "[Doctoral dissertation, Stanford
    University]", "[Data set]", "[Computer software]", "[Video]", or NLM's "[Internet]" and
    "[dissertation]" (a web page, a thesis). It ends the title: the kind
    of document is the genre, a thesis's school after the comma its publisher."""
    if "[" not in words or TITLE not in labels:
        return {}
    for k, word in enumerate(words):
        if word != "[" or labels[k - 1:k] != [TITLE] or words[k + 1:k + 2] == []:
            continue
        if words[k + 1].lower().rstrip("’'s") not in _DESCRIPTIONS:
            return {}
        close = next((j for j in range(k + 1, min(len(words), k + 16)) if words[j] == "]"), None)
        if close is None or not _QUOTES.isdisjoint(words[close + 1:close + 3]) or any(
                label == TITLE and word[:1].isalnum()
                for word, label in zip(words[close + 1:], labels[close + 1:])):
            return {}  # inside a quoted title ("“Communications [letter to the editor].”")
        comma = next((j for j in range(k + 1, close) if words[j] == ","), None)
        if comma is None:
            return dict.fromkeys(range(k, close + 1), GENRE)
        return (dict.fromkeys(range(k, comma), GENRE)
                | dict.fromkeys(range(comma + 1, close + 1), PUBLISHER)
                | _database_after(words, labels, close + 1))
    return {}


def _database_after(words, labels, k) -> dict[int, str]:
    """The database a thesis was found in, after its description ("[Doctoral dissertation,
    …]. ProQuest Dissertations and Theses Global."), read as a journal: a note."""
    if words[k:k + 1] == ["."]:
        k += 1
    if k >= len(words) or labels[k] not in (VENUE, PUBLISHER) or not capitalized(words[k]):
        return {}
    end = next((j for j in range(k, len(words)) if words[j] == "."), len(words))
    if end < len(words) - 1 or not all(word.isalpha() for word in words[k:end]):
        return {}  # the reference's last sentence, words alone
    return dict.fromkeys(range(k, end), NOTE)


def report_number(words, labels) -> dict[int, str]:
    """APA's series and number of a report in brackets after its title: "(NBER Working Paper
    No. 22945)", "(Policy Research Working Paper No. 8213)", "(IZA Discussion Paper No. 1234)",
    "(Report No. 14)". It ends the title; the bracket's words are the genre. Checked on the
    final reading too (the CRF ran the title on into "(NBER")."""
    if "(" not in words or TITLE not in labels:
        return {}
    for k, word in enumerate(words):
        if word != "(" or k == 0 or labels[k - 1] != TITLE:
            continue
        close = next((j for j in range(k + 1, min(len(words), k + 12)) if words[j] == ")"), None)
        if close is None:
            continue
        inside = [w.lower() for w in words[k + 1:close]]
        kind = ("paper" in inside and not _REPORT_WORDS.isdisjoint(inside)
                or not {"report", "reports"}.isdisjoint(inside))
        number = (any(w in ("no", "nr", "number") for w in inside) and inside[-1][:1].isdigit()
                  or "reports" in inside and any(c.isdigit() for c in inside[-1]))
        if kind and number and all(label != TITLE or not word[:1].isalnum()
                                   for word, label in zip(words[close + 1:], labels[close + 1:])):
            return ({k: OTHER, close: OTHER} | dict.fromkeys(range(k + 1, close), GENRE)
                    | _issuer_after(words, labels, close + 1))
    return {}


def _issuer_after(words, labels, k) -> dict[int, str]:
    """The sentence after a report's number, read as a journal: its issuer, the publisher
    ("(… Research Paper No. 289). SSRN. https://…")."""
    if words[k:k + 1] == ["."]:
        k += 1
    if k >= len(words) or labels[k] not in (VENUE, NOTE) or not capitalized(words[k]):
        return {}
    end = next((j for j in range(k, len(words)) if words[j] in ".,"), len(words))
    if end - k > 6 or not all(word.isalpha() or word in ("&", "-") for word in words[k:end]):
        return {}  # an issuer's name, not "Retrieved from …"
    return dict.fromkeys(range(k, end), PUBLISHER)


_REPORT_WORDS = frozenset(("working", "discussion", "policy", "occasional", "research"))
def parliamentary_paper(words, labels) -> dict[int, str]:
    """A parliament's printed paper by its number: "BT-Drs. 17/12650", "BR-Drs. 312/14",
    "Drucksache 18/11980" (the Bundestag's and Bundesrat's). The number names the document,
    as a report's does: a note, not a journal with its volume and pages, nor a date."""
    for k, word in enumerate(words):
        if word not in ("Drs", "Drucksache"):
            continue
        start = k - 2 if k >= 2 and words[k - 1] == "-" and words[k - 2] in ("BT", "BR") else k
        j = k + 1 + (words[k + 1:k + 2] == ["."])
        if not (j + 2 < len(words) and words[j].isdigit() and words[j + 1] == "/"
                and words[j + 2].isdigit()):
            continue
        decided = dict.fromkeys(range(start, j + 3), NOTE)
        if start >= 2 and words[start - 1] == "," and labels[start - 2] == TITLE:
            decided |= {start - 2: TITLE, start - 1: OTHER}  # the title before keeps its end
        return decided if any(labels[i] != label for i, label in decided.items()) else {}
    return {}


# The last word of a paper series' name ("Working Paper", "Discussion Note"), and the German
# ones that name the kind alone ("ZUMA-Arbeitsbericht 2001/02").
_SERIES_KINDS = frozenset(("paper", "papers", "note", "notes"))
_GERMAN_SERIES_KINDS = frozenset(("arbeitsbericht", "arbeitspapier", "arbeitspapiere",
                                  "diskussionspapier"))


def paper_series(words, labels) -> dict[int, str]:
    """A working paper's series and number after its title, outside brackets: "NBER Working
    Paper No. 17699.", "Policy Research Working Paper 4620.", "IMF Staff Discussion Note
    SDN/14/02.", "OECD Social, Employment and Migration Working Papers, No. 163,",
    "ZUMA-Arbeitsbericht 2001/02." It is no journal with its pages: the words and the number
    are the genre (as `report_number` reads them in brackets). A series whose number is
    followed by pages (":", "(") is a journal's name ("Texas Working Papers in Linguistics 4:
    211–38")."""
    lowered = [word.lower() for word in words]
    for k, word in enumerate(lowered):
        german = word in _GERMAN_SERIES_KINDS
        if not (german or word in _SERIES_KINDS
                and not _REPORT_WORDS.isdisjoint(lowered[max(k - 3, 0):k])):
            continue
        start = _series_start(words, k)
        end = _series_number_end(words, lowered, k + 1)
        if start is None or end is None or TITLE not in labels[:start]:
            continue
        if all(label == GENRE for label in labels[start:end]):
            return {}
        return dict.fromkeys(range(start, end), GENRE)
    return {}


def _series_start(words, k) -> int | None:
    """The first word of the series' name that ends at `k`: back over capitalized words,
    "and", "&", hyphens and commas to the full stop, quote or comma that closes the title."""
    j = k
    while j > 0 and (capitalized(words[j - 1]) or words[j - 1].isupper()
                     or words[j - 1] in ("and", "&", "-", "of", "for", "on", "in")
                     or words[j - 1] == "," and j - 2 >= 0 and capitalized(words[j - 2])
                     and capitalized(words[j]) and words[j - 2] != words[j - 2].upper()):
        j -= 1
    if j == 0 or not capitalized(words[j]) and not words[j].isupper():
        return None
    return j if words[j - 1] in (".", ",") or words[j - 1] in _QUOTES else None


def _series_number_end(words, lowered, k) -> int | None:
    """The end of a series' number from `k` (", No. 163", " No. 17699", " 4620",
    " SDN/14/02", " 2001/02"), where the sentence ends after it; None without one."""
    if words[k:k + 1] == [","]:
        k += 1
    if lowered[k:k + 1] and lowered[k] in ("no", "nr", "number"):
        k += 2 if words[k + 1:k + 2] == ["."] else 1
    if not (k < len(words) and any(c.isdigit() for c in words[k])
            or k + 2 < len(words) and words[k].isupper() and words[k + 1] == "/"):
        return None
    end = k + 1
    while end + 1 < len(words) and words[end] in ("/", "-") and words[end + 1].isalnum():
        end += 2
    return end if end == len(words) or words[end] in (".", ",", ";") else None


_QUOTES = frozenset("\"”“’‘»«")
# First words of APA 7's bracketed descriptions, and of NLM's ("[Internet]", "[dissertation]").
_DESCRIPTIONS = frozenset("""doctoral master masters bachelor habilitation diploma data dataset
    machine
    computer software video film preprint technical audiobook audio podcast lecture conference
    unpublished manuscript infographic white large massive tweet photograph map review editorial
    letter abstract special press fact mobile blog television tv motion internet
    dissertation""".split())


def german_book_parts(words, labels) -> dict[int, str]:
    """A German book's parts that the CRF gave its title or a venue: the edition ("5. Aufl.",
    "7., grundlegend überarb. Aufl."), the volume ("Bd. 1", "Bd. I.2", "Band 1"), a works
    edition's name and volume as its series ("Gesamtausgabe Bd. 11.", and the Statistisches
    Bundesamt's "Fachserie 1, Reihe 2.2"), and the editors and
    translators after "Hrsg. v.", "Hrsg. von" or "Übers. v." ("Hrsg. v. Rolf Tiedemann u. Hermann
    Schweppenhäuser."). A volume with its own title ("Bd. 1: Arbeitswelt und Bürgergeist")
    is left inside the title: a field is one stretch."""
    lowered = [word.lower() for word in words]
    if _GERMAN_BOOK_WORDS.isdisjoint(lowered):
        return {}
    decided = {}
    for k, word in enumerate(lowered):
        if word == "band" and words[k + 1:k + 2] and words[k + 1].isdigit():
            word = "bd"  # "Band 1: Situationslogik und Handeln", written out
        elif word == "fachserie":
            decided |= _fachserie(words, labels, k)
            continue
        elif word == "auflage":  # "4., völlig überarbeitete Auflage", written out
            decided |= _edition(words, k, k + 1)
            continue
        elif words[k + 1:k + 2] != ["."]:
            continue
        if word == "aufl":  # "7., grundlegend überarb. Aufl.", "3., überarb. und erw. Aufl."
            decided |= _edition(words, k, k + 2)
        elif word == "bd" and k + 2 < len(words) and (words[k + 2].isdigit()
                                                       or words[k + 2] in _ROMAN
                                                       or words[k + 1].isdigit()):
            end = k + 3 if words[k + 1] == "." else k + 2
            while end + 1 < len(words) and words[end] == "." and words[end + 1].isdigit():
                end += 2  # "Bd. I.2"
            if words[end:end + 1] == [":"]:  # "Bd. 1: Arbeitswelt und Bürgergeist, München"
                end = _volume_title_end(words, end + 1)
            if (k >= 2 and capitalized(words[k - 1]) and words[k - 2] == "."
                    and words[end:end + 1] == ["."]):
                decided |= dict.fromkeys(range(k - 1, end), SERIES)  # "… . Gesamtausgabe Bd. 11."
            else:
                decided |= dict.fromkeys(range(k, end), VOLUME)
        elif word in ("hrsg", "übers", "hg") and (lowered[k + 2:k + 4] == ["v", "."]
                                                   or lowered[k + 2:k + 3] == ["von"]):
            end = k + 4 if lowered[k + 2] == "v" else k + 3
            while end < len(words) and (capitalized(words[end]) or initial(words[end])
                                        or words[end] in ("-", "/", "und")
                                        or words[end] == "." and words[end - 1] in ("u", "")
                                        or words[end] == "u" and words[end + 1:end + 2] == ["."]
                                        or words[end] == "." and initial(words[end - 1])):
                end += 1
            if end > k + 4:
                role = TRANSLATOR if word == "übers" else EDITOR
                decided |= dict.fromkeys(range(k, end), role)
    return decided


def _edition(words, k, end) -> dict[int, str]:
    """An edition's number and words before "Aufl." or "Auflage" at `k`, up to `end`."""
    number = next((j for j in range(k - 1, max(k - 11, -1), -1) if words[j].isdigit()), None)
    if number is None or any(capitalized(word) for word in words[number:k]):
        return {}
    return dict.fromkeys(range(number, end), EDITION)


def _fachserie(words, labels, k) -> dict[int, str]:
    """The Statistisches Bundesamt's "Fachserie 1, Reihe 2.2" from `k`: a series; the sentence
    before it keeps the title's or venue's end the CRF gave it."""
    if not (k + 1 < len(words) and words[k + 1].isdigit()):
        return {}
    before = {k - 2: labels[k - 2], k - 1: OTHER} if k >= 2 and words[k - 1] == "." and labels[
        k - 2] in (TITLE, VENUE) else {}
    end = k + 2
    if words[end:end + 2] == [",", "Reihe"] and end + 2 < len(words) and words[end + 2].isdigit():
        end += 3
        while end + 1 < len(words) and words[end] == "." and words[end + 1].isdigit():
            end += 2
    return before | dict.fromkeys(range(k, end), SERIES)


def _volume_title_end(words, start) -> int:
    """Where a volume's own title from `start` ends: at the first comma or full stop that does
    not follow an initial or a one-letter abbreviation ("Bd. 2: Das Zeitalter Friedrichs d. Gr.")."""
    end = start
    while end < len(words) and not (words[end] in ",." and len(words[end - 1]) > 2):
        end += 1
    return end if end > start + 1 or end == start + 1 and capitalized(words[start]) else start - 1


_GERMAN_BOOK_WORDS = frozenset(("aufl", "auflage", "bd", "band", "hrsg", "übers", "hg", "fachserie"))
_ROMAN = frozenset("I II III IV V VI VII VIII IX X".split())


def subtitle_before_book_parts(words, labels) -> dict[int, str | None]:
    """A book's subtitle that the CRF read as a venue because a volume or an edition, not the
    imprint, follows it: "Das Kapital. Kritik der politischen Ökonomie. Bd. 1. Hamburg: …".
    A venue straight after the title, opened by no "In", and followed only by a book's parts
    before its place or publisher (or a thesis's "Diss.", or an "o.O." at the end: "…
    Grundsatzprogramm des DGB. o.O.") is more of the title."""
    if VENUE not in labels or TITLE not in labels or not (
            written_in_german(words) or not _GERMAN_BOOK_SIGNS.isdisjoint(words)):
        return {}
    start = labels.index(VENUE)
    k = start - 1
    while k >= 0 and words[k] in ".:" and labels[k] != TITLE:
        k -= 1
    if k < 0 or labels[k] != TITLE or words[start].lower() in _GERMAN_BOOK_WORDS or "in" in (
            word.lower() for word in words[:start + 1]) or words[k] in _QUOTES or words[k] == "'":
        return {}  # "In: Sammelband. Hg. v. …" is a chapter's, so is "'Über …,' Ges. Abh."
    end = run_end(labels, start, VENUE)
    end = next((j for j in range(start + 1, end) if words[j] in _GERMAN_BOOK_SIGNS), end)
    if end - start == 1 and words[end].lower() in ("bd", "band"):
        return {}  # "Gesamtausgabe Bd. 11": a series (german_book_parts)
    after, parts = end, 0
    while after < len(words) and (labels[after] in _SUBTITLE_BEFORE or words[after] in ".,"):
        if labels[after] == NOTE and words[after] not in ("o", "O", "J", "."):
            return {}  # a note but "o.O." ("(submitted)"): no book's
        parts += labels[after] in _SUBTITLE_BEFORE
        after += 1
    if parts and (after == len(words) or labels[after] in (LOCATION, PUBLISHER)):
        return dict.fromkeys(range(start, end), TITLE)
    return {}


# Words of a German book, report or thesis besides written_in_german's ("Diss.", "Fachserie").
_GERMAN_BOOK_SIGNS = frozenset(("Diss", "Habil", "Fachserie"))
# What may follow a book's subtitle before its imprint: its parts, a thesis's "Diss." (genre)
# and an "o.O." (note) that ends a reference with no place.
_SUBTITLE_BEFORE = frozenset((VOLUME, EDITION, TRANSLATOR, EDITOR, GENRE, NOTE, SERIES))


def volume_with_title(words, labels) -> dict[int, str]:
    """A book's volume with its own title, read as a volume and a journal: "Class, Codes and
    Control. Volume 1: Theoretical Studies towards a Sociology of Language. London: …". The
    volume's title after its colon is the volume's, as "Bd. 1: Arbeitswelt und Bürgergeist"
    is, when the imprint follows it and no "In" opened a container."""
    for k, word in enumerate(words):
        if word not in ("Volume", "Vol", "Band", "Bd") or labels[k] not in (VOLUME, TITLE):
            continue
        colon = k + 2 + (words[k + 1:k + 2] == ["."])
        read = labels[colon + 1:colon + 2]  # a journal, or the title run on ("… . Volume 1: …")
        if not (words[colon:colon + 1] == [":"] and words[colon - 1].isdigit()
                and (read == [VENUE] or read == [TITLE] == labels[k:k + 1]
                     and words[k - 1:k] == ["."])):
            return {}
        end = run_end(labels, colon + 1, read[0])
        after = end + (words[end:end + 1] == ["."])
        if "in" in (w.lower() for w in words[:k]) or labels[after:after + 1] not in (
                [LOCATION], [PUBLISHER]):
            return {}
        return dict.fromkeys(range(k, end), VOLUME)
    return {}


def german_thesis(words, labels) -> dict[int, str]:
    """A German thesis: "… Die Rolle des Hierarchischen Selbstinteresses. Diss., Technische
    Universität Chemnitz." The description after a full stop ("Diss.", "Dissertation",
    "Habil.") is the genre, the university after its comma the publisher (docs/design.md: a
    thesis's school publishes it); the CRF read "Diss" as a journal's last word. A thesis the
    book was also published as ("zugl. Diss. Universität Mannheim") is a note, left alone."""
    for k, word in enumerate(words):
        if word.lower() not in _GERMAN_THESES or k < 2 or words[k - 1] != ".":
            continue
        if words[k - 2].lower() == "zugl" or word not in ("Diss", "Habil") and not (
                written_in_german(words)):
            return {}  # "… site. Dissertation, Pocatello, USA. 1978.": English, and a place
        end = k + 2 if words[k + 1:k + 2] == ["."] else k + 1
        decided = dict.fromkeys(range(k, end), GENRE)
        if words[end:end + 1] == [","] and end + 1 < len(words) and capitalized(words[end + 1]):
            school = end + 1
            while school < len(words) and (capitalized(words[school])
                                           or words[school] in ("-", "zu", "für", "der")):
                school += 1
            if not _SCHOOL_WORDS.isdisjoint(words[end + 1:school]):
                decided |= dict.fromkeys(range(end + 1, school), PUBLISHER)
        return decided if any(labels[i] != label for i, label in decided.items()) else {}
    return {}


_GERMAN_THESES = frozenset(("diss", "dissertation", "habil", "habilitationsschrift"))
_SCHOOL_WORDS = frozenset(("Universität", "Hochschule", "Universitaet", "University", "Akademie"))


def untitled_book(words, labels) -> dict[int, str]:
    """A German book read with no title: the venue straight after the authors' colon, opened
    by no "In", followed (past its volume or edition) by the imprint, is the book's title:
    "Esser, Hartmut: Soziologie. Spezielle Grundlagen. Band 1: Situationslogik und Handeln.
    Frankfurt/New York: Campus 1999." Checked on the final reading too."""
    if TITLE in labels or VENUE not in labels or AUTHOR not in labels:
        return {}
    start = labels.index(VENUE)
    if start < 2 or words[start - 1] != ":" or labels[start - 2] != AUTHOR or any(
            word.lower() == "in" for word in words[:start]) or not (
            written_in_german(words) or "Band" in words):
        return {}  # GROBID's annotators make "Shilov : "Generalized Functions" Vol. 1." a venue
    end = run_end(labels, start, VENUE)
    after = end
    while after < len(words) and (labels[after] in _BOOK_PARTS or words[after] in ".,"):
        after += 1
    if after < len(words) and labels[after] in (LOCATION, PUBLISHER):
        return dict.fromkeys(range(start, end), TITLE)
    return {}


_BOOK_PARTS = frozenset((VOLUME, EDITION, TRANSLATOR, EDITOR))


def editors_before_role(words, labels) -> dict[int, str]:
    """Editors named before their bracketed role and a colon, German fashion: "Brunner, Otto/
    Conze, Werner (Hg.): Geschichtliche Grundbegriffe", "In: Abel, Wilhelm u.a. (Hrsg.):
    Wirtschaft, …". The names from the reference's start (or from "In:") to "(Hrsg.)" are the
    editors, whatever the CRF made of them (an author, a venue); the book that follows them
    is the title, or after "In:" the venue (not a publisher)."""
    if "(" not in words or ":" not in words:
        return {}
    for k, word in enumerate(words):
        if word != "(" or lexicon.KEYWORDS.get(words[k + 1:k + 2][0].lower() if k + 1 < len(words)
                                                else "") != EDITOR:
            continue
        close = k + 3 if words[k + 2:k + 3] == ["."] else k + 2
        dated = (words[close:close + 2] == [")", "("] and close + 4 < len(words)
                 and YEAR_SHAPE.match(words[close + 2])
                 and words[close + 3:close + 5] == [")", ":"])
        if words[close:close + 2] != [")", ":"] and not dated:
            continue  # "(Hrsg.):", or with the date between: "(Hrsg.) (2021):"
        start = k
        while start > 0 and (_name_word(words[start - 1]) or words[start - 1] in _NAME_JOINS):
            start -= 1
        group = start
        while group > 0 and (_name_word(words[group - 1]) or words[group - 1] in _GROUP_WORDS
                             or words[group - 1] == "/"):
            group -= 1  # "Bundeszentrale für politische Bildung (Hrsg.):", a body as editor,
            # or several: "Statistisches Bundesamt/Wissenschaftszentrum Berlin für …/… (Hrsg.)"
        if group < start and (group == 0 or labels[group - 1] == CITATION_NUMBER) and capitalized(
                words[group]) and "für" in words[group:start]:
            start = group  # a body "für" something; "Die Zeit der Gesellschaft (Hg.)" is a title
        if start >= 2 and words[start - 2:start] in (["In", ":"], ["in", ":"]):
            start -= 2
        elif start > 0 and labels[start - 1] != CITATION_NUMBER:
            continue
        opened = words[start] in ("In", "in")
        if k - start < 2 or not capitalized(words[start + 2] if opened else words[start]):
            continue
        decided = {j: EDITOR for j in range(start, close + 1) if labels[j] != EDITOR}
        if dated:
            decided |= dict.fromkeys(range(close + 1, close + 4), YEAR)
            close += 3
        book, role = close + 2, VENUE if opened else TITLE
        if book < len(words) and capitalized(words[book]) and labels[book] in (
                PUBLISHER, TITLE, EDITOR, VENUE):  # "In: … (Hrsg.): Sammelband. Berlin: …"
            end = run_end(labels, book, labels[book])
            end = next((j for j in range(book, end) if words[j] == "."), end)
            decided |= dict.fromkeys(range(book, end), role)  # its first sentence, at least
        return decided
    return {}


def _name_word(word) -> bool:
    return capitalized(word) or initial(word) or word in ("u", "a")


# The small words of a body's name: "Bundeszentrale für politische Bildung", "Deutsches
# Institut für Wirtschaftsforschung", "Senatsverwaltung für Bildung, Jugend und Familie".
_GROUP_WORDS = frozenset(("für", "der", "des", "die", "und", "zur", "zum", "politische",
                          "soziale", "berufliche", "deutsche", "deutsches", "deutscher", ","))

# What joins names in a list of editors: "Brunner, Otto/Conze, Werner", "Abel, Wilhelm u.a.".
_NAME_JOINS = frozenset((",", "/", ".", "-", "–", "und", "&"))


def place_with_its_river(words, labels) -> dict[int, str]:
    """A German place named with its river or region, which the CRF cut at the abbreviation:
    "Frankfurt a. M. 1986", "Freiburg i. Br.", "Halle a. d. Saale", or with the city it is by:
    "Reinbek bei Hamburg"."""
    decided = {}
    for k in range(len(words) - 3):
        if not (capitalized(words[k]) and words[k + 1] in ("a", "i") and words[k + 2] == "."
                and (words[k].lower() in lexicon.PLACES or labels[k] == LOCATION)):
            continue
        end = k + 3
        while end + 1 < len(words) and words[end].islower() and len(words[end]) <= 2 \
                and words[end + 1] == ".":
            end += 2  # "a. d."
        if end < len(words) and words[end][:1].isupper() and words[end].isalpha():
            if any(labels[j] != LOCATION for j in range(k, end + 1)):
                decided |= dict.fromkeys(range(k, end + 1), LOCATION)
    for k in range(1, len(words) - 2):  # "Reinbek bei Hamburg: Rowohlt", a town by a city
        if (words[k] == "bei" and capitalized(words[k - 1]) and capitalized(words[k + 1])
                and labels[k + 1] == LOCATION and words[k + 2] in (":", ",")
                and (k < 2 or words[k - 2] in ".,:")):
            if any(labels[j] != LOCATION for j in (k - 1, k)):
                decided |= dict.fromkeys(range(k - 1, k + 2), LOCATION)
    return decided


def thesis_as_note(words, labels) -> dict[int, str]:
    """ "M. Hairer, Ph.D. thesis, Université de Genève, 2001.": a thesis's description is its
    `genre` (docs/design.md, "Labels"), where the CRF, given no title before it, read it as a
    note. Only a note made of a description's words ("Ph.D.", "Master's", "unpublished"…)."""
    if lexicon.THESIS_WORDS.isdisjoint(w.lower() for w in words):
        return {}
    for k, word in enumerate(words):
        if word.lower() not in lexicon.THESIS_WORDS or labels[k] != NOTE:
            continue
        start, end = run_start(labels, k, NOTE), run_end(labels, k, NOTE)
        while end > k + 1 and words[end - 1] in ".,;:":
            end -= 1
        if all(w.lower() in _THESIS_DESCRIPTION or w in ".'’" for w in words[start:end]):
            return dict.fromkeys(range(start, end), GENRE)
    return {}


# The words of a thesis's description: its degree and kind ("Ph.D. thesis", "PhD diss.",
# "Master's thesis", "unpublished doctoral dissertation", "Diplomarbeit").
_THESIS_DESCRIPTION = lexicon.THESIS_WORDS | frozenset("""ph d phd dphil master masters s m sc
    msc ma mphil bachelor bachelors ba bsc doctoral doctorate unpublished diploma habilitation
    inaugural""".split())


def venue_end_before_role(words, labels) -> dict[int, str]:
    """Chicago's "in Bringing the State Back In, ed. Peter B. Evans, …": the book's last word,
    before ", ed.", is the book's, where the CRF began the editors with it ("In, ed. Peter").
    One word run on from the book's: "In What Is an Animal? Tim Ingold, ed." and "In
    Embodiment and Experience: …, Csordas, ed." name the editor."""
    for k in range(2, len(words) - 2):
        if (labels[k] != EDITOR or labels[k - 1] != VENUE
                or lexicon.KEYWORDS.get(words[k].lower()) == EDITOR):
            continue
        if (words[k + 1] == "," and lexicon.KEYWORDS.get(words[k + 2].lower()) == EDITOR
                and capitalized(words[k]) and words[k - 1] not in ",;:"):
            # one word, run on from the book's: "Tim Ingold, ed." and "…, Csordas, ed." name
            # the editor
            return {k: VENUE, k + 1: OTHER}
    return {}


def book_before_imprint(words, labels) -> dict[int, str]:
    """KZfSS's "S. 323–407 in: Deutsches PISA-Konsortium (Hg.), PISA 2000. Basiskompetenzen
    …. Opladen: Leske + Budrich.": the book between its editors' role and the imprint
    ("Place: Publisher") is the venue, where the CRF, given a year and a full stop in it, read
    its parts as a place, a year and a series in a reading with no venue."""
    if VENUE in labels or TITLE not in labels or EDITOR not in labels:
        return {}
    for k in range(1, len(words) - 4):
        if not (words[k] == "(" and labels[k] == EDITOR
                and lexicon.KEYWORDS.get(words[k + 1].lower()) == EDITOR):
            continue
        close = k + 3 if words[k + 2:k + 3] == ["."] else k + 2
        if words[close:close + 1] != [")"] or words[close + 1:close + 2] not in ([","], [":"]):
            return {}
        start = close + 2
        place = next((j for j in range(start + 1, len(words) - 2)
                      if labels[j] == LOCATION and words[j + 1] == ":" and words[j - 1] == "."
                      and labels[j + 2] == PUBLISHER), None)
        if place is None or not capitalized(words[start]) or TITLE not in labels[:k]:
            return {}
        end = next((i for i in range(start + 1, place - 1) if _book_part_at(words, i)), place)
        return dict.fromkeys(range(start, end - 1), VENUE) | {place: LOCATION}
    return {}


def _book_part_at(words, i) -> bool:
    """Whether a book's part opens at words[i], after a stop: "Bd. 2", "Band 1", "6. Aufl."."""
    if words[i - 1] != ".":
        return False
    if words[i].isdigit():
        i += 2
        if words[i - 1:i] != ["."]:
            return False
    return i < len(words) and words[i].lower() in _GERMAN_BOOK_WORDS


def pages_before_in(words, labels) -> dict[int, str | None]:
    """KZfSS and the ASA's German cousins print a chapter's pages before its book: "Armut im
    Wohlfahrtsstaat. S. 201–230 in: Statistisches Bundesamt (Hg.), Datenreport 2004.": "S."
    and its range before "in:" are the pages, where the CRF ran them, and the book's editors
    after, into the title (the editors are then left to the rules)."""
    for k in range(1, len(words) - 5):
        if not (words[k] == "S" and words[k + 1] == "." and words[k + 2].isdigit()
                and words[k - 1] == "." and labels[k] == TITLE):
            continue
        end = k + 3
        if end + 1 < len(words) and words[end] in DASHES and words[end + 1].isdigit():
            end += 2
        if words[end:end + 2] != ["in", ":"]:
            continue
        editors = run_end(labels, end, TITLE)
        return dict.fromkeys(range(k, end), PAGES) | dict.fromkeys(range(end, editors), None)
    return {}
