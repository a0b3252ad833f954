"""Issue 58 in physics, mathematics and astronomy: the shapes of their reference lists that
gave a wrong core field, each pinned with references written for these tests in the shape the
journals print (none is in a corpus or in data/families/physics-maths)."""

import pytest

from tagger import parse
from tagger.doubts import numbers, sciences
from tagger.doubts.identifiers import arxiv_class
from tagger.structure.names import parse_names
from tagger.structure.pages import parse_pages
from tests.record_helpers import fields, words_of


# INSPIRE's collaboration in square brackets after "et al." is the authors'.

@pytest.mark.parametrize("text, author, title", [
    ('[4] V. Khachatryan et al. [CMS], "Search for narrow resonances in dijet final states at '
     'sqrt(s) = 8 TeV," Phys. Rev. Lett. 114 (2015), 071801 [arXiv:1501.04198 [hep-ex]].',
     "V. Khachatryan et al. [CMS]",
     "Search for narrow resonances in dijet final states at sqrt(s) = 8 TeV"),
    ('[9] T. Aaltonen et al. [CDF and D0], "Evidence for a particle produced in association with '
     'weak bosons," Phys. Rev. Lett. 109 (2012), 071804.',
     "T. Aaltonen et al. [CDF and D0]",
     "Evidence for a particle produced in association with weak bosons"),
])
def test_a_collaboration_in_square_brackets_is_the_authors(text, author, title):
    got = fields(text)
    assert got["author"] == author and got["title"] == title


def test_a_cited_number_after_et_al_is_no_collaboration():
    words = words_of("Smith et al. [12], Nature 4, 1 (2001)")
    labels = ["author"] * 4 + ["title"] * 4 + ["venue", "volume", "volume", "pages", "year",
                                               "year", "year"]
    assert len(labels) == len(words)
    assert sciences.collaboration_in_brackets(words, labels) == {}


# A reprint, a translation or an erratum in brackets after the work is a note.

@pytest.mark.parametrize("text, note", [
    ("[14] A. M. Polyakov, Quark confinement and topology of gauge groups, Nucl. Phys. B 120, "
     "429 (1977) [Sov. Phys. JETP 44, 1 (1976)].", "Sov. Phys. JETP 44, 1 (1976)"),
    ('[3] S. Coleman, "Fate of the false vacuum: Semiclassical theory," Phys. Rev. D 15 (1977), '
     "2929-2936 [erratum: Phys. Rev. D 16 (1977), 1248] doi:10.1103/PhysRevD.15.2929.",
     "erratum: Phys. Rev. D 16 (1977), 1248"),
])
def test_a_bracketed_reprint_or_erratum_is_a_note(text, note):
    got = fields(text)
    assert got["note"] == note
    assert got["volume"] in ("120", "15") and got["pages"] in ("429", "2929-2936")
    assert "[" not in got["venue"]


# A book in a numbered series: the series is its own field, the book has no venue.

@pytest.mark.parametrize("text, series", [
    ("[5] S. Lang, Algebra, 3rd ed., Graduate Texts in Mathematics, vol. 211, Springer-Verlag, "
     "New York, 2002.", "Graduate Texts in Mathematics, vol. 211"),
    ("[11] J. Milnor, Morse theory, Annals of Mathematics Studies, No. 51, Princeton University "
     "Press, Princeton, N.J., 1963.", "Annals of Mathematics Studies, No. 51"),
    ("Humphreys, J.E.: Linear Algebraic Groups. Graduate Texts in Mathematics, vol. 21. "
     "Springer, New York (1975)", "Graduate Texts in Mathematics, vol. 21"),
])
def test_a_book_series_with_its_number_is_the_series(text, series):
    ref = parse(text)
    assert ref.fields["series"] == series
    assert "venue" not in ref.fields and "volume" not in ref.fields


def test_a_series_that_calls_itself_one_needs_no_number():
    ref = parse("[15] R. Graham, B. Rothschild and J. Spencer, Ramsey theory, 2nd ed., Wiley "
                "Series in Discrete Mathematics and Optimization, John Wiley & Sons, New York, "
                "1990.")
    assert ref.fields["series"] == "Wiley Series in Discrete Mathematics and Optimization"
    assert ref.fields["edition"] == "2nd ed" and "venue" not in ref.fields


def test_an_unnumbered_container_without_series_in_its_name_is_left_alone():
    words = words_of("Ferro, A. A case study, Progress in artificial intelligence, Berlin: "
                     "Springer.")
    labels = (["author"] * 4 + ["title"] * 4 + ["venue"] * 5 + ["location"] * 2
              + ["publisher"] * 2)
    assert len(labels) == len(words) and sciences.book_series(words, labels) == {}


def test_a_journal_named_studies_with_pages_stays_the_venue():
    got = fields("P. Halmos, Finite dimensional vector spaces, Studies in Applied Mathematics, "
                 "vol. 7, Springer, 1958, pp. 1–20.")
    assert "series" not in got


# A journal's abbreviated name is no part of the title.

@pytest.mark.parametrize("text, title", [
    ("[31] L. Susskind, Computational complexity and black hole horizons, Fortsch. Phys. 64, 24 "
     "(2016), arXiv:1403.5695 [hep-th].", "Computational complexity and black hole horizons"),
    ("[33] A. R. Brown, D. A. Roberts, L. Susskind, B. Swingle and Y. Zhao, Complexity, action, "
     "and black holes, Fortsch. Phys. 65, 1600045 (2017).", "Complexity, action, and black holes"),
])
def test_an_abbreviated_journal_after_the_titles_comma_is_the_journal(text, title):
    got = fields(text)
    assert got["title"] == title and got["venue"] == "Fortsch. Phys"


def test_a_place_at_the_titles_end_stays_in_the_title():
    words = words_of("Sediments of Ulsan Bay, Korea. Mar. Geol. 12, 1")
    labels = ["title"] * 7 + ["venue"] * 4 + ["volume", "volume", "pages"]
    assert len(labels) == len(words) and sciences.journal_in_title(words, labels) == {}


# A work's status is a note.

@pytest.mark.parametrize("text", [
    "[40] J. Polchinski, private communication (2011).",
    "[41] A. Sen and B. Zwiebach, in preparation.",
])
def test_a_status_is_a_note_not_a_title(text):
    got = fields(text)
    assert "title" not in got and got["note"] in ("private communication", "in preparation")


def test_unpublished_is_a_note_and_the_names_before_it_the_authors():
    got = fields("[9] K. Wilson, unpublished.")
    assert got == {"citation-number": "9", "author": "K. Wilson", "note": "unpublished"}


def test_submitted_is_a_note_and_the_journal_before_it_the_venue():
    got = fields("Pillepich A., Nelson D., Hernquist L., 2019, MNRAS, submitted")
    assert got["venue"] == "MNRAS" and got["note"] == "submitted" and got["year"] == "2019"


# Numbers at the end: INSPIRE's issue, ADS's article numbers.

def test_an_issue_marked_before_the_page_is_the_issue():
    got = fields('[2] J. Butterworth et al., "PDF4LHC recommendations for LHC Run II," J. Phys. '
                 "G 43 (2016) no.2, 023001 [arXiv:1510.03865 [hep-ph]].")
    assert got["issue"] == "no.2" and got["pages"] == "023001" and got["volume"] == "43"
    words = words_of("Eur. Phys. J. C 77 (2017) no.10, 663")
    labels = ["venue"] * 7 + ["volume"] + ["year"] * 3 + ["pages"] * 5
    assert len(labels) == len(words)
    assert numbers.issue_in_pages(words, labels) == {11: "issue", 12: "issue", 13: "issue",
                                                     14: "O"}


@pytest.mark.parametrize("text, volume, pages", [
    ("Hsieh B.-C., et al., 2017, ApJ, 851, id. 24", "851", "24"),
    ("Miyazaki S., et al., 2018, PASJ, 70, S1", "70", "S1"),
])
def test_an_astronomy_article_number_is_the_page(text, volume, pages):
    got = fields(text)
    assert got["volume"] == volume and got["pages"] == pages


# IOP's Harvard style: no stop between the title and the journal.

def test_a_title_before_an_abbreviated_journal_without_a_stop_is_the_title():
    got = fields("Essler F H L and Fagotti M 2016 Quench dynamics and relaxation in isolated "
                 "integrable quantum spin chains J. Stat. Mech. 064002")
    assert got["title"] == ("Quench dynamics and relaxation in isolated integrable quantum spin "
                            "chains")
    words = words_of("Rigol M 2009 Breakdown of thermalization in finite one-dimensional systems "
                     "Phys. Rev. Lett. 103 100403")
    labels = ["author", "author", "year"] + ["venue"] * 15 + ["volume", "pages"]
    assert len(labels) == len(words)
    assert sciences.title_in_journal(words, labels) == dict.fromkeys(range(3, 12), "title")


def test_a_journal_named_in_full_before_its_abbreviated_part_stays_whole():
    words = words_of("Smith J 2009 Journal of Physics A: Math. Theor. 42 504005")
    labels = ["author", "author", "year"] + ["venue"] * 9 + ["volume", "pages"]
    assert len(labels) == len(words) and sciences.title_in_journal(words, labels) == {}


# An arXiv id's subject class is a note, not more of the id.

def test_an_arxiv_subject_class_is_a_note_not_the_ids():
    ref = parse("[8] Z. Komargodski and A. Schwimmer, On renormalization group flows in four "
                "dimensions, JHEP 12 (2011) 099 [arXiv:1107.3987 [hep-th]].")
    assert ref.fields["arxiv"] == "arXiv:1107.3987"
    assert ref.fields["note"].strip("[]") == "hep-th"


def test_an_arxiv_subject_class_read_into_the_id_is_a_note():
    words = words_of("arXiv:1107.3987 [hep-th]")
    labels = ["arxiv"] * len(words)
    assert arxiv_class(labels, words) == dict.fromkeys(range(1, 6), "note")


# The structured record: a collaboration after "et al." is a person of its own, an article
# number the first page.

@pytest.mark.parametrize("text, people", [
    ("G. Aad et al. (ATLAS Collaboration)", [{"family": "Aad", "given": "G."},
                                             {"literal": "ATLAS Collaboration"}]),
    ("V. Khachatryan et al. [CMS]", [{"family": "Khachatryan", "given": "V."},
                                     {"literal": "CMS"}]),
    ("Vogt, C. et al. (Hrsg.)", [{"family": "Vogt", "given": "C."}]),
])
def test_a_collaboration_after_et_al_is_a_group_not_a_name(text, people):
    got = parse_names(text)
    assert got["people"] == people and got["et_al"]


@pytest.mark.parametrize("text, first", [
    ("P06002", "P06002"), ("S5", "S5"), ("083C01", "083C01"), ("id. 19", "19"),
    ("pp. 1477-81", "1477"), ("S. 12 ff.", "12"), ("pp123-125", "123"), ("p12", "12"),
])
def test_an_article_number_is_the_first_page_whole(text, first):
    assert parse_pages(text)["page"]["first"] == first


def test_the_record_of_a_particle_data_group_review():
    ref = parse("[12] R. L. Workman et al. (Particle Data Group), Prog. Theor. Exp. Phys. 2022, "
                "083C01 (2022).")
    assert ref.authors == [{"family": "Workman", "given": "R. L."},
                           {"literal": "Particle Data Group"}]
    assert ref.to_dict()["page"] == {"first": "083C01"}
