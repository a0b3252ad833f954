"""Issue 58, GROBID's folds: the errors of its cross-validation a user would call wrong, each
found in its shape, not its words. A title's last sentence read as the journal's head; a
book's bracketed imprint that its title ran into; a chapter's "in" read as its book's first
word. Every reference here is written for these tests (none is in a corpus or a family)."""

import pytest

from tagger.doubts import (in_before_title, journal_after_closed_list, journal_at_title_end,
                           journal_head_in_title,
                           title_head_glued_to_initial, title_past_its_closing_stop,
                           title_sentence_in_journal)
from tagger.doubts.containers import bracketed_imprint_in_name
from tagger.text.tokenize import tokenize
from tests.record_helpers import fields, words_of


def reading(*parts):
    """Words and labels of a reference written as (text, label) parts, "O" for none."""
    words, labels = [], []
    for text, label in parts:
        tokens = words_of(text)
        words += tokens
        labels += [label] * len(tokens)
    return words, labels


def tagged(text, *parts):
    """Tokens and labels of `text`, each (substring, label) part labelling the tokens inside
    it, in order; tokens outside every part are "O". Glue between tokens is the text's own."""
    tokens = tokenize(text)
    labels = ["O"] * len(tokens)
    at = 0
    for part, label in parts:
        start = text.index(part, at)
        at = start + len(part)
        for i, token in enumerate(tokens):
            if start <= token.start and token.end <= at:
                labels[i] = label
    return tokens, labels


def decided(check, *parts):
    words, labels = reading(*parts)
    return {words[i] + f"@{i}": label for i, label in check(words, labels).items()}


# A title's last sentence that the CRF read as the journal's first words.

def test_a_sentence_before_an_abbreviated_journal_is_the_title_s():
    words, labels = reading(("Lindqvist, K.", "author"), ("1911.", "year"),
                            ("Neue Zikaden aus Lappland", "title"), (".", "O"),
                            ("Beobachtungen im Sommer. Entomol. Tidskr.", "venue"),
                            ("32:", "volume"), ("14-19.", "pages"))
    got = title_sentence_in_journal(words, labels)
    head = words.index("Beobachtungen")
    stop = words.index("Sommer") + 1
    assert got == {**dict.fromkeys(range(head - 1, stop), "title"), stop: "O"}


def test_a_sentence_before_the_journal_with_no_title_read_is_the_title():
    words, labels = reading(("Oduya, P.", "author"), ("1932.", "year"),
                            ("Afrikanische Schnecken. Arch. Molluskenkd.", "venue"),
                            ("64:", "volume"), ("201-210.", "pages"))
    got = title_sentence_in_journal(words, labels)
    assert [words[i] for i, label in got.items() if label == "title"] == [
        "Afrikanische", "Schnecken"]


@pytest.mark.parametrize("venue", [
    "Journal of Marine Research. Series B",   # the journal's own words before the stop
    "Bulletin of Tropical Soils. Section A",
    "Biochim. Biophys. Acta",                 # abbreviations, not a sentence
    "Zool. Anz.",
    "Eu-rophys. Lett.",                       # a word PDF text broke, not a sentence
    "PLOS ONE. Collection",                   # an acronym may be the journal's own name
    "Lagoons. Mar. Ecol.",                    # one word before the stop: too little to move
])
def test_a_journal_s_own_stops_stay_in_it(venue):
    assert decided(title_sentence_in_journal, ("Moreau, J.", "author"), ("1990.", "year"),
                   ("Sediments of the bay", "title"), (".", "O"), (venue, "venue"),
                   ("12,", "volume"), ("3-9.", "pages")) == {}


def test_a_venue_without_volume_or_pages_is_no_journal_to_split():
    # "Oral Traditions. Clarendon Press" is a book and its publisher, read as one venue.
    assert decided(title_sentence_in_journal, ("Hale, R.", "author"), ("1977.", "year"),
                   ("The singer", "title"), (".", "O"),
                   ("Oral Traditions Revisited. Clarendon Press", "venue"), (".", "O")) == {}


@pytest.mark.parametrize("text, title, venue", [
    ("Okafor, B. 1912. Zikaden Nordafrikas. Entomol. Mitt. 3: 45-61.", "Zikaden Nordafrikas",
     "Entomol. Mitt"),  # the shipped CRF reads it all as the journal
    ("Okonkwo, T. 2006. Ufer und Auen. Ergebnisse einer Kartierung 2004. Natur und Landschaft, "
     "81, 233-240.", "Ufer und Auen. Ergebnisse einer Kartierung 2004", "Natur und Landschaft"),
])
def test_the_whole_reference_reads_the_sentence_as_the_title_s(text, title, venue):
    got = fields(text)
    assert got["title"] == title and got["venue"] == venue


# A book's imprint in brackets that its title ran into.

def test_an_imprint_the_title_ran_into_is_publisher_place_and_year():
    words, labels = reading(("P. Martin,", "author"),
                            ("Théorie des Cordes Vibrantes (Gauthier-Villars,", "title"),
                            ("Paris,", "location"), ("1958).", "year"))
    got = bracketed_imprint_in_name(words, labels)
    assert {words[i] for i, label in got.items() if label == "location"} == {"Paris"}
    assert [words[i] for i, label in got.items() if label == "publisher"] == [
        "Gauthier", "-", "Villars"]
    assert got[words.index("(")] == "O" and got[words.index("1958")] == "year"


def test_a_place_colon_publisher_imprint_reads_place_first():
    words, labels = reading(("R. Ode,", "author"),
                            ("Lectures on Waves (New York: Wiley,", "title"),
                            ("1961).", "year"))
    got = bracketed_imprint_in_name(words, labels)
    assert got[words.index("New")] == "location" and got[words.index("Wiley")] == "publisher"


@pytest.mark.parametrize("parts", [
    # the title holds its brackets whole: nothing ran past them
    [("A. Roe,", "author"), ("Plasma Waves (Second Edition, Oxford, 1966)", "title")],
    # no publisher or place the lexicon knows
    [("A. Roe,", "author"), ("Plasma Waves (Part Two, Chapter Three,", "title"),
     ("1966).", "year")],
    # place and year only: the humanities' "(Oxford, 1957)" is another check's
    [("A. Roe,", "author"), ("Plasma Waves (Oxford,", "title"), ("1966).", "year")],
])
def test_brackets_that_are_no_imprint_run_into_a_name_are_left(parts):
    assert decided(bracketed_imprint_in_name, *parts) == {}


def test_the_whole_reference_reads_the_bracketed_imprint():
    got = fields("L. Okafor, Ondes et Plasmas (Gauthier-Villars, Paris, 1958).")
    assert got["title"] == "Ondes et Plasmas"
    assert got["publisher"] == "Gauthier-Villars" and got["location"] == "Paris"


# A chapter's "in" before its book, with no title of its own.

def test_a_lower_case_in_before_a_book_is_no_word_of_its_title():
    words, labels = reading(("K. Osei,", "author"), ("in Critical Phenomena in Fluids", "title"),
                            (",", "O"), ("Vol. 2", "volume"), ("(1971).", "year"))
    assert in_before_title(words, labels) == {words.index("in"): "O"}
    words, labels = reading(("K. Osei", "author"), ("in: Cosmic Ray Physics", "title"),
                            (", 1990.", "year"))
    assert in_before_title(words, labels) == {words.index("in"): "O", words.index(":"): "O"}


@pytest.mark.parametrize("title", ["In Orbit Calibration of an Imager", "in vitro assays",
                                   "In situ Measurements"])
def test_a_title_that_begins_with_in_keeps_it(title):
    assert decided(in_before_title, ("K. Osei,", "author"), (title, "title"),
                   (", 1990.", "year")) == {}


def test_the_whole_reference_leaves_in_out_of_the_book():
    got = fields("T. Mensah, in Critical Phenomena in Binary Fluids, Vol. 3, Eds. A. Bello "
                 "and K. Asante (Academic Press, London, 1974).")
    assert got["title"] == "Critical Phenomena in Binary Fluids"


# A journal's first word left at the end of the title, after the mark the title ended on.

@pytest.mark.parametrize("text, title, venue, head", [
    ("A. Osei, Breathers or solitons?Phys. Rev. Lett. 116, 103901 (2016).",
     "Breathers or solitons?Phys", "Rev. Lett", "Phys"),
    ("K. Mensah, Bounds for the Lichnerowicz equation .C .R .Math .Acad .Sci .Paris 348 (2010).",
     "Bounds for the Lichnerowicz equation .C", "R .Math .Acad .Sci", "C"),
    ('T. Addo, "Tables of topological phases in superconductors,"AIP Conference Proceedings, '
     "vol. 1134, 2009.", '"Tables of topological phases in superconductors,"AIP',
     "Conference Proceedings", "AIP"),
])
def test_a_journal_s_head_left_in_the_title_goes_back_to_the_journal(text, title, venue, head):
    tokens, labels = tagged(text, (text[:text.index(",")], "author"), (title, "title"),
                            (venue, "venue"))
    words = [token.text for token in tokens]
    got = journal_head_in_title(tokens, labels, words)
    k = words.index(head, len(words) - len(tokenize(text[text.index(title):])))
    assert got[k] == "venue" and got[k - 1] == "O"
    assert all(label == "venue" for i, label in got.items() if i >= k)


@pytest.mark.parametrize("text, title, venue", [
    # a title's own last word after a colon, before a journal: no glue, no abbreviation
    ("A. Osei, Nuclear matter: Theory Phys. Rev. C 12, 3 (1990).", "Nuclear matter: Theory",
     "Phys. Rev. C"),
    # a word glued to the title's last word is another check's ("bladesNucl")
    ("A. Osei, Seismic filters for blades Nucl .Instrum .Methods 12, 3 (1990).",
     "Seismic filters for blades", "Nucl .Instrum .Methods"),
    # too short a title to have a word taken from it
    ("A. Osei, Waves,Phys. Rev. Lett. 12, 3 (1990).", "Waves,Phys", "Rev. Lett"),
])
def test_a_title_s_own_last_word_stays(text, title, venue):
    tokens, labels = tagged(text, (text[:text.index(",")], "author"), (title, "title"),
                            (venue, "venue"))
    assert journal_head_in_title(tokens, labels, [token.text for token in tokens]) == {}


# A quoted title closed by its comma or stop inside the quotes, the CRF running on past them.

def _past_quote(text, title, venue=None):
    parts = [(text[:text.index(",")], "author"), (title, "title")] + (
        [(venue, "venue")] if venue else [])
    tokens, labels = tagged(text, *parts)
    words = [token.text for token in tokens]
    return words, title_past_its_closing_stop(tokens, labels, words)


def test_words_after_the_closing_quote_are_the_venue_of_a_reading_without_one():
    words, got = _past_quote("Boateng, K. (1952). 'Sediment transport in open channels.' "
                             "Revue Hydraulique, Vol. 3, pp. 1-9.",
                             "'Sediment transport in open channels.' Revue Hydraulique")
    assert got == {words.index("Revue"): "venue", words.index("Hydraulique"): "venue"}


def test_words_after_the_closing_quote_before_a_later_field_are_left_to_the_rules():
    text = 'Ode, K., "Tidal mixing," Mimeo, Accra, 2005, Ocean Notes.'
    tokens, labels = tagged(text, ("Ode, K.", "author"), ('"Tidal mixing," Mimeo', "title"),
                            ("Accra", "location"), ("2005", "year"), ("Ocean Notes", "venue"))
    words = [token.text for token in tokens]
    assert title_past_its_closing_stop(tokens, labels, words) == {words.index("Mimeo"): None}


def test_by_after_the_closing_quote_names_the_authors():
    text = '"Diving Behaviour of Grey Seals," by Osei and Mensah, 1981.'
    tokens, labels = tagged(text, ('"Diving Behaviour of Grey Seals," by Osei and Mensah',
                                   "title"), ("1981", "year"))
    words = [token.text for token in tokens]
    got = title_past_its_closing_stop(tokens, labels, words)
    assert got[words.index("by")] == "O"
    assert {words[i] for i, label in got.items() if label == "author"} == {
        "Osei", "and", "Mensah"}


def test_a_society_before_the_journal_is_its_publisher_other_words_stay_as_read():
    words, got = _past_quote("Kim, J., '항만 안전 관리에 관한 연구,' 한국항해학회, 항해학회지, "
                             "제12권, 2010.", "'항만 안전 관리에 관한 연구,' 한국항해학회",
                             "항해학회지")
    assert got == {words.index("한국항해학회"): "publisher"}
    # a subtitle after the quoted title, or the journal's head: the CRF's reading stands
    words, got = _past_quote('Romano, G., "Gli esuli." L\'Italia e i profughi 1945-1948, '
                             "Nuova Storia Contemporanea 4, 81 (2000).",
                             '"Gli esuli." L\'Italia e i profughi 1945-1948,',
                             "Nuova Storia Contemporanea")
    assert got == {}


@pytest.mark.parametrize("title", [
    "'Kristalle und Quellung', Das Tonmineral",  # the comma after the quote: the title goes on
    "'Rappin’ and the Epic.'",                    # nothing after the quote
    "\"Waves\" in Deep Water",                   # no comma or stop closes it inside
    "“Known to You...”: Power, and the Body”",    # an ellipsis, then a subtitle
    "“Darknet: networks in C,” 2013–2016",        # numbers alone after the quote
])
def test_a_title_not_closed_inside_its_quotes_is_left(title):
    words, got = _past_quote(f"Osei, K., {title}, 1990.", title)
    assert got == {}


# The title's first word glued to the last author's initial.

def test_a_word_glued_to_the_last_initial_begins_the_title():
    text = "Mensah, K. & Osei, T.Real-time imaging of droplets. Science 12, 3 (2001)."
    tokens, labels = tagged(text, ("Mensah, K. & Osei, T.Real", "author"),
                            ("-time imaging of droplets", "title"), ("Science", "venue"))
    words = [token.text for token in tokens]
    assert title_head_glued_to_initial(tokens, labels, words) == {words.index("Real"): "title"}


@pytest.mark.parametrize("text, authors, title", [
    # initials first: "T.Osei" is a name glued to its initial
    ("K. Mensah, T.Osei Imaging of droplets. Science 12, 3 (2001).", "K. Mensah, T.Osei",
     "Imaging of droplets"),
    # a space after the stop: the word is where the CRF put it
    ("Mensah, K. & Osei, T. Real Imaging of droplets. Science 12, 3 (2001).",
     "Mensah, K. & Osei, T. Real", "Imaging of droplets"),
])
def test_a_name_or_a_spaced_word_after_the_initials_is_left(text, authors, title):
    tokens, labels = tagged(text, (authors, "author"), (title, "title"))
    assert title_head_glued_to_initial(tokens, labels, [t.text for t in tokens]) == {}


# A journal after a list of names that "and" or "et al." closed.

@pytest.mark.parametrize("text, authors, journal", [
    ("Osei and Mensah, J. Cell Science. (2001) 114: 2375-2382", "Osei and Mensah, J. Cell Science",
     "J . Cell Science"),
    ("Boateng et al., Brain Pathol. (2003) 13(1): 52-61", "Boateng et al., Brain Pathol",
     "Brain Pathol"),
])
def test_a_journal_after_a_closed_list_is_the_venue(text, authors, journal):
    tokens, labels = tagged(text, (authors, "author"), (text[text.index("("):text.index(")") + 1],
                                                         "year"), (text.split(") ")[1], "volume"))
    words = [token.text for token in tokens]
    got = journal_after_closed_list(words, labels)
    assert " ".join(words[i] for i, label in sorted(got.items()) if label == "venue") == journal


@pytest.mark.parametrize("authors", [
    "Osei, K. and Mensah, J.",        # an initial after the last surname: a name
    "Osei, K., Mensah, T., Cell Ode",  # no "and" closed the list
    "Osei and Mensah, Carlos Science",  # a given name: a person (whatever else he is)
])
def test_names_after_a_list_are_left(authors):
    text = f"{authors} (2001) 114: 2375-2382"
    tokens, labels = tagged(text, (authors, "author"), ("(2001)", "year"), ("114:", "volume"))
    assert journal_after_closed_list([t.text for t in tokens], labels) == {}


# An abbreviated journal the title ran on into after its last comma, with no venue read.

def test_an_abbreviated_journal_after_the_title_s_comma_is_the_venue():
    words, labels = reading(("R. Mensah,", "author"),
                            ("Collapse of dense clouds, Riv. Nuovo Cim.", "title"),
                            (",", "O"), ("252", "volume"), ("(1969).", "year"))
    got = journal_at_title_end(words, labels)
    comma = words.index(",", words.index("clouds"))
    assert got[comma] == "O"
    assert [words[i] for i, label in sorted(got.items()) if label == "venue"] == [
        "Riv", ".", "Nuovo", "Cim", "."]


@pytest.mark.parametrize("title", [
    "Collapse of dense clouds, Part II",          # no abbreviations
    "Collapse of dense clouds, Proc. Lucerne",    # one abbreviation only
    "Stars, clouds and Proc. Natl. dust",         # lower-case words after the comma
])
def test_a_title_s_own_words_after_its_comma_stay(title):
    assert decided(journal_at_title_end, ("R. Mensah,", "author"), (title, "title"),
                   (",", "O"), ("252", "volume"), ("(1969).", "year")) == {}


def test_a_reading_with_a_venue_is_left():
    assert decided(journal_at_title_end, ("R. Mensah,", "author"),
                   ("Collapse of dense clouds, Riv. Nuovo Cim.", "title"),
                   ("Il Nuovo Cimento", "venue"), ("252", "volume")) == {}
