"""Issue 58 in physics, mathematics and astronomy, second part: the shapes a second family
written blind (data/families/physics-maths-2) found broken, each pinned with references
written for these tests in the shape the journals print (none is in a corpus or a family)."""

import pytest

from tagger.doubts import sciences
from tests.record_helpers import fields, words_of


# A Soviet journal's translation in brackets, its name opening with "JETP Lett." or "Russ.
# Math. Surv.", is a note; "Pis'ma" opens the journal, not a title.

@pytest.mark.parametrize("text, venue, volume, pages, note", [
    ("A. A. Belavin and A. M. Polyakov, Pis'ma Zh. Eksp. Teor. Fiz. 22, 503 (1975) "
     "[JETP Lett. 22, 245 (1975)].", "Pis'ma Zh. Eksp. Teor. Fiz", "22", "503",
     "JETP Lett. 22, 245 (1975)"),
    ("S. P. Novikov, Usp. Mat. Nauk 37, 3 (1982) [Russ. Math. Surv. 37, 1 (1982)].",
     "Usp. Mat. Nauk", "37", "3", "Russ. Math. Surv. 37, 1 (1982)"),
])
def test_a_translation_in_brackets_is_a_note_and_the_journal_whole(text, venue, volume, pages,
                                                                   note):
    got = fields(text)
    assert (got["venue"], got["volume"], got["pages"], got["note"]) == (venue, volume, pages, note)
    assert "title" not in got


def test_a_bracket_that_opens_with_no_journal_is_no_translation():
    words = words_of("A. Smith, Phys. Rev. 12, 4 (1950) [in Russian 2, 3]")
    labels = ["author"] * 4 + ["venue"] * 4 + ["volume"] * 2 + ["pages"] + ["year"] * 3 + [
        "note"] * 7
    assert len(labels) == len(words)
    assert sciences.bracketed_citation(words, labels) == {}


def test_a_one_word_title_glued_to_a_journal_is_its_head():
    words = words_of("A. Polyakov, Pis'ma Zh. Eksp. 20, 430")
    labels = ["author"] * 4 + ["title"] * 3 + ["venue"] * 4 + ["volume", "volume", "pages"]
    assert sciences.journal_head_as_title(words, labels) == {4: "venue", 5: "venue", 6: "venue"}
    # IOP's title after the year, with no stop before the journal, stays a title
    words = words_of("Aasi J et al 2015 Advanced LIGO Class. Quantum Grav. 32 074001")
    labels = ["author"] * 4 + ["year", "title", "title"] + ["venue"] * 5 + ["volume", "pages"]
    assert sciences.journal_head_as_title(words, labels) == {}
    # a title ends on a comma before the journal: it stays
    words = words_of("A. Polyakov, Instantons, Zh. Eksp. 20, 430")
    labels = ["author"] * 4 + ["title", "title"] + ["venue"] * 4 + ["volume", "volume", "pages"]
    assert sciences.journal_head_as_title(words, labels) == {}


# An erratum after the page and ";" is a note; the first work keeps its page.

def test_an_erratum_after_the_page_is_a_note():
    got = fields("G. 't Hooft, Phys. Rev. D 14 (1976) 3432; Erratum-ibid. D 18 (1978) 2199.")
    assert (got["volume"], got["pages"], got["year"]) == ("14", "3432", "1976")
    assert got["note"].startswith("Erratum-ibid. D 18 (1978) 2199")


# A book in a numbered series: an edition spelled out before it, the series' own "(3)", a
# number with no "vol." before it.

@pytest.mark.parametrize("text, series, edition", [
    ("S. Lang, Algebraic number theory, second ed., Graduate Texts in Mathematics, vol. 110, "
     "Springer-Verlag, New York, 1994.", "Graduate Texts in Mathematics, vol. 110", "second ed"),
    ("J. Bochnak, M. Coste, and M.-F. Roy, Real algebraic geometry, Ergebnisse der Mathematik und "
     "ihrer Grenzgebiete (3), vol. 36, Springer-Verlag, Berlin, 1998.",
     "Ergebnisse der Mathematik und ihrer Grenzgebiete (3), vol. 36", None),
    ("Durrett, R. (2010). Probability: Theory and Examples, 4th ed. Cambridge Series in "
     "Statistical and Probabilistic Mathematics 31. Cambridge Univ. Press, Cambridge.",
     "Cambridge Series in Statistical and Probabilistic Mathematics 31", "4th ed"),
])
def test_a_book_in_a_numbered_series(text, series, edition):
    got = fields(text)
    assert got["series"] == series and got.get("edition") == edition
    assert "venue" not in got and "volume" not in got and "ed" not in got["title"].split()


# A circular's number and page.

def test_a_circulars_number_is_the_volume():
    got = fields("Savchenko, V., Ferrigno, C., Mereghetti, S., et al. 2017, GCN Circ., 21507, 1")
    assert (got["venue"], got["volume"], got["pages"]) == ("GCN Circ", "21507", "1")


# A chapter in a book as the AMS prints it, with no "in": the book ends before its numbered
# series or its editors in brackets, the chapter's title at its first comma before a capital.

@pytest.mark.parametrize("text, title, venue, series", [
    ("D. Mumford, Towards an enumerative geometry of the moduli space of curves, Arithmetic and "
     "geometry, Vol. II, Progr. Math., vol. 36, Birkhäuser Boston, Boston, MA, 1983, "
     "pp. 271–328.",
     "Towards an enumerative geometry of the moduli space of curves",
     "Arithmetic and geometry, Vol. II", "Progr. Math., vol. 36"),
    ("N. M. Katz, p-adic properties of modular schemes and modular forms, Modular functions of "
     "one variable, III (Proc. Internat. Summer School, Univ. Antwerp, Antwerp, 1972), Lecture "
     "Notes in Math., Vol. 350, Springer, Berlin, 1973, pp. 69–190.",
     "p-adic properties of modular schemes and modular forms",
     "Modular functions of one variable, III (Proc. Internat. Summer School, Univ. Antwerp, "
     "Antwerp, 1972)", "Lecture Notes in Math., Vol. 350"),
    ("J.-P. Serre, Modular forms of weight one and Galois representations, Algebraic number "
     "fields: L-functions and Galois properties (Proc. Sympos., Univ. Durham, Durham, 1975) "
     "(A. Fröhlich, ed.), Academic Press, London, 1977, pp. 193–268.",
     "Modular forms of weight one and Galois representations",
     "Algebraic number fields: L-functions and Galois properties (Proc. Sympos., Univ. Durham, "
     "Durham, 1975)", None),
])
def test_a_chapter_without_in_ends_where_its_book_begins(text, title, venue, series):
    got = fields(text)
    assert (got["title"], got["venue"], got.get("series")) == (title, venue, series)
    assert got["year"] in text[-30:] and "volume" not in got


def test_a_book_numbered_as_a_volume_is_no_series():
    # "…, Book, Vol. 2, Academic Press": no series word, so the volume of a book in parts
    words = words_of("A. Author, On things, Methods of physics, Vol. 2, Academic Press, 1975, "
                     "pp. 1–20.")
    labels = (["author"] * 4 + ["title"] * 7 + ["volume"] * 4 + ["publisher"] * 3 + ["year"] * 2
              + ["pages"] * 6)
    assert len(labels) == len(words)
    assert sciences.book_after_title(words, labels) == {}


# A one-word journal with its place in brackets: the journal, and the place a location (as the
# corpora have "Nature (London)").

def test_a_one_word_journal_before_its_place():
    got = fields("J. S. Bell, Physics (Long Island City, N.Y.) 1, 195 (1964).")
    assert (got["venue"], got["location"], got["volume"], got["pages"]) == (
        "Physics", "Long Island City, N.Y", "1", "195")
    assert "title" not in got
    # a title before a publisher's bracket is no journal
    words = words_of("A. Smith, Optics (Springer, Berlin) 2, 10 (1990).")
    labels = (["author"] * 4 + ["title"] + ["publisher"] * 3 + ["location"] * 2 + ["volume"] * 2
              + ["pages"] + ["year"] * 4)
    assert len(labels) == len(words)
    assert sciences.place_after_journal(words, labels) == {}


# A book's numbered part after its title's stop is the title's, not a journal.

def test_a_books_numbered_part_is_its_title():
    got = fields("7. M. Reed and B. Simon, Methods of modern mathematical physics. II. Fourier "
                 "analysis, self-adjointness, Academic Press, New York–London, 1975.")
    assert got["title"] == ("Methods of modern mathematical physics. II. Fourier analysis, "
                            "self-adjointness")
    assert "venue" not in got and got["publisher"] == "Academic Press"
