"""The free-text fields: title (what lies between the authors and the container), container
(venue), and publisher with place ("Renton: USENIX,").

These are the loosest rules, so they run last and only fill tokens no surer rule took.
"""

from .draft import Draft
from .journals import (
    abbreviated_journal,
    capitalized_journal,
    chemistry_journal,
    journal_before_volume,
    journal_run,
    journal_with_a_word_spelled_out,
)
from .markers import gbt_marker, is_container_sign
from .names import written_in_german
from .numbers import date_at
from .shapes import (
    CLOSE_QUOTES,
    DASHES,
    OPEN_QUOTES,
    is_capitalized,
    is_han,
    is_initial,
    is_page_number,
    is_year,
)
from .words import (
    ANNOUNCING_WORDS,
    COUNTRIES,
    GENRE_WORDS,
    GOST_PLACES,
    KOREAN_PLACES,
    LETTER_PAGE_WORDS,
    NAME_PARTICLES,
    PLACES,
    PUBLISHER_WORDS,
    VENUE_OPENERS,
    VENUE_WORDS,
)

# Words before a dot that do not end a sentence.
_ABBREVIATIONS = frozenset("vs e g i etc al cf ca st dr mr mrs ms jr sr no vol pp proc".split())


def skip_separators(d: Draft, i: int) -> int:
    """First token at or after i that is not separating punctuation or an already labelled sign."""
    while i < len(d) and (d.word(i) in (".", ",", ";", ":", ")") or d.labels[i] == "O"):
        i += 1
    return i


def title(d: Draft, start: int, after_comma: bool, dated: bool) -> int:
    """Label the title starting at `start`; return the index after it.

    `after_comma` says the authors (or date) ended with a comma (IEEE style): there a title
    without quotes and without a full stop ends at a comma, before a container word
    ("…, Proc. of …", "…, J. Symb. Logic") or before the part ahead of the numbers.
    `dated` says the date was found already, so a bracketed year is part of the title:
    "… De generatione animalium (1651). In …".
    """
    i = skip_separators(d, start)
    if (i >= len(d) or not d.free(i) or abbreviated_journal(d, i) or chemistry_journal(d, i)
            or journal_with_a_word_spelled_out(d, i) or journal_before_volume(d, i)
            or _after_et_al(d, i) and capitalized_journal(d, i)):
        return i
    if d.word(i) in OPEN_QUOTES:
        close = _closing_quote(d, i)
        if close is not None:
            d.put(i, close + 1, "title", 0.85)
            return close + 1
    end = _title_end(d, i, after_comma, dated)
    while end > i and d.word(end - 1) in ("(", "[", "{"):
        end -= 1  # "psychology (2nd ed.)": the bracket belongs to what follows
    if _journal_abbreviation(d, i, end):
        return i
    if end > i:
        d.put(i, end, "title", 0.7)
    return end


def _journal_abbreviation(d: Draft, i: int, end: int) -> bool:
    """A "title" of one short word and its stop before an abbreviated journal is the journal's
    first word: "Réf. Zh. Khim. Abstr. n°3", "Inorg. Chim. Acta."."""
    word = d.word(i)
    if not (end in (i + 1, i + 2) and d.word(i + 1) == "." and len(word) <= 5
            and word[:1].isupper() and not word.isupper()):  # "R. UZAN. C. R.": a name
        return False
    if abbreviated_journal(d, i + 2):
        return True
    run = i + 2  # or a run of capitalized abbreviations: "Zh. Khim. Abstr."
    while d.word(run)[:1].isupper() and len(d.word(run)) <= 6 and d.word(run + 1) == ".":
        run += 2
    return run - (i + 2) >= 4


def _after_et_al(d: Draft, i: int) -> bool:
    """Whether token i follows "et al." (and its stop or comma)."""
    k = i - 1
    while k >= 0 and d.word(k) in (".", ","):
        k -= 1
    return d.lower(k) == "al" and d.lower(k - 1) == "et"


def _closing_quote(d: Draft, i: int):
    closer = CLOSE_QUOTES[d.word(i)]
    for j in range(i + 2, min(len(d), i + 400)):
        if d.word(j) == closer and d.free(j):
            return j
        if not d.free(j):
            return None
    return None


def _title_end(d: Draft, i: int, after_comma: bool, dated: bool) -> int:
    commas = []
    j = i
    while j < len(d) and d.free(j):
        word = d.word(j)
        if word in ("?", "!") and not d.glued(j + 1):
            return j + 1
        if word == "." and sentence_end(d, j):
            break
        if gbt_marker(d, j) is not None or is_container_sign(d, j):
            break
        if j > i and _opens_container(d, j):
            break
        if (word == "(" and not dated and date_at(d, j) is not None
                and not d.word(date_at(d, j))[:1].isalnum()):
            break  # "(1989)." ends the title, "Kelly's (1997) suggestion" does not
        if word == "(" and j > i and _holds_imprint(d, j):
            break  # "Title (Grand Rapids, MI: Baker, 1998)"
        if word == "(" and j > i and not commas and _holds_publisher_place_year(d, j):
            break  # "Title (Dover, New York, 1981)"; not "Title, in Proc. … (Boston MA, 1994)"
        if j > i and _announces_number(d, j):
            break
        if j > i and _vancouver_date(d, j):
            if not commas:
                return _before_journal_words(d, i, j)  # "… resistance Genetics 1943; 28:"
            break
        if j > i + 1 and word[:1].isupper() and d.word(j - 1)[:1].islower() and journal_run(d, j):
            break  # "Quasi-rational fusion products Int. J. Mod. Phys. B 08"
        if word == "," and journal_run(d, j + 1):
            return j  # "…, Commun. Math. Phys. 252": the title ends at the comma
        if word == ",":
            if after_comma and d.lower(j + 1) in VENUE_OPENERS:
                return j
            commas.append(j)
        j += 1
    if commas and (_rest_is_punctuation(d, j) or _vancouver_date(d, j)):
        return _comma_title_end(d, i, commas, j)  # no full stop: the title ends at a comma
    if commas and after_comma and not (d.word(j) == "." and sentence_end(d, j)):
        return _comma_title_end(d, i, commas, j)
    return j


def _before_journal_words(d: Draft, i: int, j: int) -> int:
    """Where a sentence-case title that runs into its journal with no stop ends: before the
    capitalized words that lead up to Vancouver's date ("… virus resistance | Genetics 1943;",
    "… thymocytes | Cancer Res 1998;"); at j if there are none, or too many to be a journal."""
    k = j
    while k > i and (d.word(k - 1)[:1].isupper() or d.word(k - 1) == "."):
        k -= 1
    words = sum(d.word(m)[:1].isalpha() for m in range(k, j))
    return k if k > i + 1 and 1 <= words <= 6 and d.word(k - 1)[:1].islower() else j


def _vancouver_date(d: Draft, j: int) -> bool:
    """ "1998; 244: 812": Vancouver's date, with the volume after it, ends what came before."""
    return (is_year(d.word(j)) and d.word(j + 1) == ";" and d.word(j + 2)[:1].isdigit()
            and d.free(j))


def _rest_is_punctuation(d: Draft, j: int) -> bool:
    return all(not d.word(k)[:1].isalnum() for k in range(j, len(d)))


def _holds_imprint(d: Draft, j: int) -> bool:
    """Whether the bracket opening at j holds "Place: Publisher, Year" (with a year or a
    known place), not "(Acari: mesostigmata)"."""
    colon = None
    for k in range(j + 1, min(len(d), j + 16)):
        if d.word(k) == "(":
            return False
        if d.word(k) == ":" and colon is None:
            colon = k
        if d.word(k) == ")":
            if colon is None or not is_capitalized(d.word(colon + 1)):
                return False
            return _is_region(d, j + 1, colon) or any(is_year(d.word(m)) for m in range(colon, k))
    return False


def _holds_publisher_place_year(d: Draft, j: int) -> bool:
    """Whether the bracket opening at j holds physics' "Publisher, Place, Year": "(Dover, New
    York, 1981)", "(Oxford University Press, UK, 1989)"; a known place or a publisher's word,
    and the year last."""
    start = j + 1
    end = next((k for k in range(start, min(len(d), start + 16)) if d.word(k) in ("(", ")")),
               None)
    if end is None or d.word(end) != ")":
        return False
    commas = [k for k in range(start, end) if d.word(k) == ","]
    if not commas or not is_year(d.word(end - 1)) or not is_capitalized(d.word(start)):
        return False
    parts = zip([start, *(k + 1 for k in commas)], commas)  # each part before a comma
    return (any(_is_region(d, a, b) for a, b in parts if b > a)
            or any(d.lower(k) in PUBLISHER_WORDS for k in range(start, end)))


def _number_part(d: Draft, commas: list):
    """Index (from 1) of the first comma part that starts with a number, or None."""
    for k, comma in enumerate(commas, start=1):
        if _starts_with_number(d, comma + 1):
            return k
    return None


def _comma_title_end(d: Draft, i: int, commas: list, stop: int) -> int:
    """Where a comma-separated title ends: before the container, which is the last text part
    ahead of the first number part, places skipped ("Title, With Commas, Speculum, 66, 1991";
    "Title, Addison-Wesley, Reading, MA, 1974"). Without a number part, at the first comma."""
    starts = [i] + [comma + 1 for comma in commas]
    parts = [(start, commas[k] if k < len(commas) else stop) for k, start in enumerate(starts)]
    number = _number_part(d, commas)
    if number is None or number == 1:
        return commas[0]
    container = number - 1
    while container > 1 and _is_place(d, parts, container):
        container -= 1
    return commas[container - 1]


def _starts_with_number(d: Draft, i: int) -> bool:
    """ "66", "1991", "(1962)", "vol. 3", "pp. 12"."""
    if d.word(i) == "(":
        i += 1
    word = d.lower(i)
    if word in ANNOUNCING_WORDS:
        i += 2 if d.word(i + 1) == "." else 1
    return is_page_number(d.word(i)) and d.word(i)[:1].isdigit()


def sentence_end(d: Draft, j: int) -> bool:
    """Whether the dot at token j ends a sentence (not "vs.", "U.S.", "e.g.")."""
    before, after = d.word(j - 1), d.word(j + 1)
    if after == "":
        return True
    if before.lower() in _ABBREVIATIONS or is_initial(before):
        return False
    if _german_ordinal(d, j):
        return False
    if not d.glued(j + 1):
        return True
    return after[0].isupper() and before.islower() and len(before) > 1


def _german_ordinal(d: Draft, j: int) -> bool:
    """Whether the dot at token j makes a German ordinal after an article or a preposition:
    "im 19. Jahrhundert", "zum 65. Geburtstag", "nach dem 2. Weltkrieg"."""
    return (d.word(j - 1).isdigit() and len(d.word(j - 1)) <= 2
            and d.lower(j - 2) in _BEFORE_GERMAN_ORDINALS and d.word(j + 1)[:1].isupper())


# German articles and prepositions an ordinal follows ("im 19.", "zur 3.", "des 20.").
_BEFORE_GERMAN_ORDINALS = frozenset("""im am zum zur vom beim ins ans des der dem den die das
    ein eines einem einer seit bis nach vor um ab""".split())


def _opens_container(d: Draft, j: int) -> bool:
    """ "In:", ". In Proceedings", ", in: …" after a title."""
    if d.lower(j) != "in" or d.word(j - 1) not in (".", ",", ";"):
        return False
    after = d.word(j + 1)
    if after == ":":
        return True
    return d.word(j) == "In" and (after[:1].isupper() or after in OPEN_QUOTES)


def _announces_number(d: Draft, j: int) -> bool:
    """ "pp. 12", "Vol. 3" inside what would be the title: the title is over."""
    if d.lower(j) not in ANNOUNCING_WORDS:
        return False
    k = j + 2 if d.word(j + 1) == "." else j + 1
    return (d.word(j - 1) in (",", ".") and is_page_number(d.word(k))
            and d.word(j) not in LETTER_PAGE_WORDS)


def publisher_place(d: Draft, start: int) -> None:
    """ "Renton: USENIX,", "Cambridge, MA: MIT Press.", "(New York: Norton, 1995)"."""
    for colon in range(start + 1, len(d)):
        if d.word(colon) != ":" or not d.free(colon):
            continue
        place = _place_start(d, colon, start)
        if place is None:
            continue
        end = colon + 1
        while d.free(end) and d.word(end) not in (",", ";", ")", "(", "[") and end - colon <= 8:
            if d.word(end) == "." and sentence_end(d, end):
                break
            end += 1
        if end == colon + 1 or not (is_capitalized(d.word(colon + 1))
                                    or d.word(place) in KOREAN_PLACES):
            continue  # (a Korean publisher has no capital: "서울: 박영사")
        if _bracketed_code(d, end):  # NLM's "National Library of Medicine (US)"
            end += 3
        if not (_is_region(d, place, colon) or _is_publisher(d, colon + 1, end)
                or _date_follows(d, end) or _bracketed_code(d, colon - 3)):
            continue  # "Idiosyncratic Therapy: From the Personal to the Universal" is a title
        d.put(place, colon, "location", 0.75)
        d.put(colon + 1, end, "publisher", 0.75)


def _date_follows(d: Draft, i: int) -> bool:
    """ "…, 2022" or "… 2022" right after token i."""
    if d.word(i) == ",":
        i += 1
    return date_at(d, i) is not None


def _bracketed_code(d: Draft, i: int) -> bool:
    """Whether tokens i… are a state's or country's code in brackets: "(MD)", "(US)"."""
    code = d.word(i + 1)
    return (d.word(i) == "(" and d.word(i + 2) == ")" and 2 <= len(code) <= 3
            and code.isalpha() and code.isupper())


def _place_start(d: Draft, colon: int, start: int):
    """Start of a place name ending before the colon: "Renton", "Cambridge, MA",
    "Washington, D.C.", "Ross-on-Wye, UK", "Concord, New Hampshire", "Rowley, Mass.",
    "Bethesda (MD)" (NLM)."""
    j = colon - 1
    if _bracketed_code(d, colon - 3) and d.free(colon - 3):
        j = colon - 4
    words = commas = 0
    while j >= start and d.free(j) and words <= 5:
        word = d.word(j)
        if (is_capitalized(word) and word.isalpha() or d.lower(j) in NAME_PARTICLES
                or word in KOREAN_PLACES or word in GOST_PLACES):
            words += 1
        elif word == "." and (is_initial(d.word(j - 1)) or j == colon - 1):
            pass
        elif word == "-" and d.glued(j) and d.glued(j + 1) or (word.islower() and d.glued(j)):
            pass                                               # "Ross-on-Wye"
        elif word == "," and commas == 0 and words:
            commas += 1
        else:
            break
        j -= 1
    first = j + 1
    while d.word(first) in (",", ".", "-"):
        first += 1
    if words == 0 or words > 4 or d.lower(first) in VENUE_WORDS or d.lower(first) == "in":
        return None
    if (j >= start and d.word(j) not in (".", ",", "(", ";") and d.word(j) not in DASHES
            and d.labels[j] != "year"):  # GOST's areas: "… вероятностей. — М.: Наука"
        return None
    return first


def container(d: Draft, start: int) -> None:
    """Label the first free run after the title: the venue, or the publisher of a book.

    The run is cut into comma parts: an address at its end ("Portland, OR", "Zurich,
    Switzerland") is the location, a part with a publisher word the publisher; other parts
    continue the venue only while they read as its continuation ("…Acoustics, Speech, and …").
    """
    i = skip_separators(d, start)
    while i < len(d) and not d.free(i):
        i = skip_separators(d, i + 1)
    end = i
    while d.free(end):
        end += 1
    if not any(d.word(k)[:1].isalnum() for k in range(i, end)):
        return  # only a bracket left: "Mission (Grand Rapids, MI: Baker, 1998)"
    if _is_subtitle(d, start, i, end):
        d.put(start, end, "title", 0.5)  # from the title's own end: "heart. An eightfold path"
        return
    subtitle_end = _subtitle_before_venue(d, start, i, end)
    if subtitle_end is not None:
        d.put(start, subtitle_end, "title", 0.5)
        i = skip_separators(d, subtitle_end)
    parts = _comma_parts(d, i, end)
    if not parts:
        return
    label = _container_label(d, start, *parts[0])
    d.put(parts[0][0], parts[0][1], label, 0.6)
    continuing = True
    for k in range(1, len(parts)):
        part_start, part_end = parts[k]
        if _is_place(d, parts, k):
            joined = d.labels[parts[k - 1][1] - 1] == "location"  # "Portland, OR" is one place
            d.put(parts[k - 1][1] if joined else part_start, part_end, "location", 0.6)
            continuing = False
        elif _is_publisher(d, part_start, part_end) and label == "venue":
            d.put(part_start, part_end, "publisher", 0.55)
            continuing = False
        elif continuing and _continues(d, parts, k):
            d.put(parts[k - 1][1], part_end, label, 0.55)
        else:
            continuing = False


def _is_subtitle(d: Draft, title_end: int, start: int, end: int) -> bool:
    """A sentence right after the title and before "Place: Publisher" is more title, not a
    container: "The authentic heart. An eightfold path to midlife love. New York: Wiley."."""
    if title_end == 0 or d.labels[title_end - 1] != "title" or d.lower(start) == "in":
        return False
    if any(d.labels[k] not in (None, "O") for k in range(title_end, start)):
        return False  # an editor or a date stands between: "In P. Sanders (Ed.) The Tribes …"
    after = skip_separators(d, end)
    while after < len(d) and d.labels[after] in _BOOK_PARTS and written_in_german(d):
        after = skip_separators(d, after + 1)  # "Das Kapital. Kritik …. Bd. 1. Hamburg: …"
    if after >= len(d) or d.labels[after] not in ("location", "publisher"):
        return False
    return not {d.lower(k) for k in range(start, end)} & (VENUE_WORDS | PUBLISHER_WORDS)


# A German book's parts that may stand between its title and its imprint.
_BOOK_PARTS = frozenset(("volume", "edition", "translator", "editor"))


def _subtitle_before_venue(d: Draft, title_end: int, start: int, end: int):
    """End of a second title sentence inside the run after the title, or None:
    "Title. A systematic review and meta-analysis. J. Clin. Endocrinol. Metab. 2007" keeps
    "A systematic review…" in the title. Only a full stop after a word that is no abbreviation
    (lower-case or long: "meta-analysis.", "Lernbehinderte.") counts, so "J. Clin." does not."""
    if title_end == 0 or d.labels[title_end - 1] != "title" or d.lower(start) == "in":
        return None
    if d.word(title_end - 1) in CLOSE_QUOTES.values():
        return None  # a quoted title is whole
    if any(d.labels[k] not in (None, "O") for k in range(title_end, start)):
        return None
    for k in range(start + 1, end - 1):
        before = d.word(k - 1)
        if (d.word(k) == "." and sentence_end(d, k) and before.isalpha()
                and (before[0].islower() or len(before) > 6)):
            return k
    return None


def _container_label(d: Draft, start: int, part_start: int, part_end: int) -> str:
    """ "publisher" after a thesis or report genre or when the words say so, else "venue"."""
    if any(d.labels[k] == "genre" and d.lower(k) in GENRE_WORDS for k in range(start, part_start)):
        return "publisher"
    return "publisher" if _is_publisher(d, part_start, part_end) else "venue"


def _continues(d: Draft, parts, k: int) -> bool:
    """Whether comma part k is more of the venue: "and Signal Processing", "Speech"."""
    part_start, part_end = parts[k]
    first = d.word(part_start)
    if first[:1].islower() or first == "&":
        return True
    following = d.word(parts[k + 1][0]) if k + 1 < len(parts) else ""
    words = {d.lower(j) for j in range(part_start, part_end)}
    return following in ("and", "&") or bool(words & VENUE_WORDS)


def _comma_parts(d: Draft, start: int, end: int) -> list[tuple[int, int]]:
    """The run [start, end) split at commas, each part trimmed of separating punctuation."""
    parts, part_start = [], start
    for k in range(start, end + 1):
        if k == end or d.word(k) == ",":
            a, b = part_start, k
            while a < b and d.word(a) in (".", ",", ";", ":"):
                a += 1
            while b > a and d.word(b - 1) in (".", ",", ";", ":", "("):
                b -= 1
            if b > a:
                parts.append((a, b))
            part_start = k + 1
    return parts


def _is_publisher(d: Draft, start: int, end: int) -> bool:
    """A short name that starts or ends with a publisher word: "MIT Press", "Springer-Verlag",
    "Wiley Interscience" (but not "The Book of Acts")."""
    words = [d.lower(k) for k in range(start, end) if d.word(k)[:1].isalnum()]
    return (0 < len(words) <= 6 and (words[0] in PUBLISHER_WORDS or words[-1] in PUBLISHER_WORDS)
            and not set(words) & VENUE_WORDS)


def _is_place(d: Draft, parts, k: int) -> bool:
    """A known place or country, a state code, or capitalized words before one of those."""
    start, end = parts[k]
    if _is_region(d, start, end):
        return True
    words = [d.word(j) for j in range(start, end) if d.word(j) != "."]
    following = parts[k + 1] if k + 1 < len(parts) else None
    return (0 < len(words) <= 3 and all(w[:1].isupper() and w.isalpha() for w in words)
            and following is not None and _is_region(d, *following))


def _is_region(d: Draft, start: int, end: int) -> bool:
    """ "London", "New York", "Japan", "CA", "NY.", "D.C.", "Cambridge, MA", "北京"."""
    words = [d.word(j) for j in range(start, end) if d.word(j) not in (".", ",")]
    if not words:
        return False
    if all(len(w) <= 2 and w.isupper() and w.isalpha() for w in words) and len(words) <= 2:
        return True
    if all(is_han(w) for w in words) or all(w in KOREAN_PLACES for w in words):
        return True
    last = words[-1]
    return (all(w.lower() in PLACES or w.lower() in COUNTRIES for w in words)
            or (len(last) == 2 and last.isupper()) or last.lower() in COUNTRIES)
