"""Structured values from fields: names, dates, pages, numbers, identifiers, types."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagger.labels import LABELS
from tagger.structure import structure
from tagger.structure.dates import parse_date
from tagger.structure.identifiers import (
    find_arxiv, find_doi, find_isbn, find_issn, find_url, isbn_is_valid, issn_is_valid,
)
from tagger.structure.names import parse_names
from tagger.structure.numbers import parse_edition, parse_volume
from tagger.structure.pages import parse_pages
from tagger.structure.types import guess_type


def people(text, role=None):
    return parse_names(text, role)["people"]


def families(text, role=None):
    return [person.get("family", person.get("literal")) for person in people(text, role)]


# --- names ------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("Romero J, Yin JQ", [("Romero", "J"), ("Yin", "JQ")]),
    ("Chen T Q, Li M", [("Chen", "T Q"), ("Li", "M")]),
    ("ROMERO J", [("Romero", "J")]),
    ("J. Romero and J. Yin", [("Romero", "J."), ("Yin", "J.")]),
    ("Romero, J., & Yin, J.", [("Romero", "J."), ("Yin", "J.")]),
    ("Romero, Joshua, Junqi Yin", [("Romero", "Joshua"), ("Yin", "Junqi")]),
    ("Kaiser Ł", [("Kaiser", "Ł")]),
    ("Lee, L. L., W. E. Howard, and R. E. Marsh.", [("Lee", "L. L."), ("Howard", "W. E."), ("Marsh", "R. E.")]),
    ("KAHAN Marcel et ROCK Edward,", [("Kahan", "Marcel"), ("Rock", "Edward")]),
    ("Hilgard, Ernest R. and Gordon H. Bower.", [("Hilgard", "Ernest R."), ("Bower", "Gordon H.")]),
    ("Bregman J.N., Lloyed-Davies E.J.,", [("Bregman", "J.N."), ("Lloyed-Davies", "E.J.")]),
    ("Zhou, W.; Vavro, J.; Winey, K. I.", [("Zhou", "W."), ("Vavro", "J."), ("Winey", "K. I.")]),
    ("Batra, Rishtee Kumar.,Chandran, Sucharita.", [("Batra", "Rishtee Kumar"), ("Chandran", "Sucharita")]),
    ("Owen CR,, Buker EO,, Bell JF", [("Owen", "CR"), ("Buker", "EO"), ("Bell", "JF")]),
    ("Sasayama, D. Hattori, K. Kunugi, H.", [("Sasayama", "D."), ("Hattori", "K."), ("Kunugi", "H.")]),
    ("Pate, C. Marvin.", [("Pate", "C. Marvin")]),
    ("Blest Gana, Alberto.", [("Blest Gana", "Alberto")]),
    ("J. -L. Beauvois, R. -V. Joule & J. -M. Monteil", [("Beauvois", "J.-L."), ("Joule", "R.-V."), ("Monteil", "J.-M.")]),
    ("ALLEN (J.P.),", [("Allen", "J.P.")]),
])
def test_name_shapes(text, expected):
    assert [(p["family"], p.get("given")) for p in people(text)] == expected


def test_vancouver_list_with_diacritics():
    text = ("Vaswani A, Shazeer N, Parmar N, Uszkoreit J, Jones L, Gomez AN, Kaiser Ł, "
            "Polosukhin I")
    assert families(text) == ["Vaswani", "Shazeer", "Parmar", "Uszkoreit", "Jones", "Gomez",
                              "Kaiser", "Polosukhin"]
    assert people(text)[5]["given"] == "AN"


def test_particles_are_set_apart():
    assert people("van der Berg, A.") == [{"family": "Berg", "particle": "van der", "given": "A."}]
    assert people("D. H. van Hessem")[0] == {"family": "Hessem", "particle": "van", "given": "D. H."}
    assert people("BIASI, Pierre-Marc de.")[0] == {"family": "Biasi", "particle": "de",
                                                    "given": "Pierre-Marc"}


def test_suffixes():
    assert people("Smith, J. R., Jr.") == [{"family": "Smith", "given": "J. R.", "suffix": "Jr."}]
    assert people("Hershey, Robert D., Jr.")[0]["suffix"] == "Jr."
    assert people("Blyth Jr., C., Recktenwald, S.")[0] == {"family": "Blyth", "suffix": "Jr.",
                                                            "given": "C."}


def test_et_al_is_a_flag_not_a_person():
    names = parse_names("He K M, Zhang X Y, Ren S Q, et al.")
    assert names["et_al"] is True
    assert [(p["family"], p["given"]) for p in names["people"]] == [("He", "K M"), ("Zhang", "X Y"), ("Ren", "S Q")]
    assert parse_names("Graves, R., Milner, K., and others")["et_al"] is True
    assert families("Rogoff, Kenneth et al.") == ["Rogoff"]


def test_han_names():
    assert people("张三, 李四") == [{"family": "张", "given": "三"}, {"family": "李", "given": "四"}]
    names = parse_names("张三，李四，等")
    assert names["et_al"] is True and families("张三，李四，等") == ["张", "李"]
    assert people("欧阳修")[0] == {"family": "欧阳", "given": "修"}


@pytest.mark.parametrize("text", ["———.", "–––––.", "—.", "· ———."])
def test_same_as_previous(text):
    names = parse_names(text)
    assert names["same_as_previous"] is True and names["people"] == []


def test_organisations_stay_whole():
    assert people("World Health Organization") == [{"literal": "World Health Organization"}]
    assert people("Ministry of Land, Infrastructure, Transport, and Tourism") == [
        {"literal": "Ministry of Land, Infrastructure, Transport, and Tourism"}]
    assert people("Bank of Japan") == [{"literal": "Bank of Japan"}]


def test_a_family_name_that_is_also_a_link_word_is_a_person():
    """"To" and "Of" link an organisation's words; leading a name, they are a family name."""
    assert people("To C, Kobetic R, Bulea TC")[0] == {"family": "To", "given": "C"}
    assert people("the Victorian Equal Opportunity") == [
        {"literal": "the Victorian Equal Opportunity"}]


@pytest.mark.parametrize("text, expected", [
    ("In O. C. Ashenfelter and D. Card (Ed.),", ["Ashenfelter", "Card"]),
    ("ed. Michael Renov,", ["Renov"]),
    ("(M. Cooper, J. C. Watson & W. B. Stiles, Eds.)", ["Cooper", "Watson", "Stiles"]),
    ("Edited by Hans Walter Gabler with Walter Hettche.", ["Gabler", "Hettche"]),
    ("in Bohringer H., Pratt G.W., eds,", ["Bohringer", "Pratt"]),
    ("Fisher, Dexter, ed.", ["Fisher"]),
    ("In: Antonio Moreno Sandoval (eds)", ["Sandoval"]),
    ("In Clem, Greenberg, and Olander,", ["Clem", "Olander"]),
])
def test_editor_spans(text, expected):
    names = parse_names(text, role="editor")
    assert names["role"] == "editor"
    assert [p.get("family") for p in names["people"]] == expected


@pytest.mark.parametrize("text, expected", [
    ("Translated by Brian Massumi.", [("Massumi", "Brian")]),
    ("trans. William Grossman.", [("Grossman", "William")]),
    ("(A. Berman, Trans.).", [("Berman", "A.")]),
    ("Trad fr. par Maurice de Gandillac.", [("Gandillac", "Maurice")]),
])
def test_translator_spans(text, expected):
    names = parse_names(text)
    assert names["role"] == "translator"
    assert [(p["family"], p["given"]) for p in names["people"]] == expected


def test_editor_marker_inside_an_author_span_makes_editors():
    out = structure({"author": "Brown, L. E. (Ed.)", "title": "A book", "publisher": "Wiley"})
    assert out["authors"] == [] and out["editors"] == [{"family": "Brown", "given": "L. E."}]
    assert parse_names("Insel, TR.")["role"] is None  # "TR." are initials, not "translator"


# --- dates ------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("(2011).", {"year": 2011}),
    ("2022.", {"year": 2022}),
    ("septembre 2014,", {"year": 2014, "month": 9}),
    ("2016a", {"year": 2016, "suffix": "a"}),
    ("(1994b).", {"year": 1994, "suffix": "b"}),
    ("1999/2000", {"year": 1999, "end_year": 2000}),
    ("1994-95", {"year": 1994, "end_year": 1995}),
    ("March 5, 2014", {"year": 2014, "month": 3, "day": 5}),
    ("5. März 2014", {"year": 2014, "month": 3, "day": 5}),
    ("1er mai 2010", {"year": 2010, "month": 5, "day": 1}),
    ("Sept. 2001", {"year": 2001, "month": 9}),
    ("2014-03-05", {"year": 2014, "month": 3, "day": 5}),
    ("05.03.2014", {"year": 2014, "month": 3, "day": 5}),
    ("2019年3月", {"year": 2019, "month": 3}),
    ("Spring 2001", {"year": 2001, "season": 1}),
    ("n.d.", {"literal": "n.d."}),
    ("(s.d.)", {"literal": "n.d."}),
    ("in press", {"literal": "in press"}),
    ("Forthcoming.", {"literal": "forthcoming"}),
])
def test_dates(text, expected):
    assert parse_date(text) == expected


@pytest.mark.parametrize("text", ["", "garbage", "12", "juin"])
def test_no_date(text):
    assert parse_date(text) is None


def test_ambiguous_month_abbreviation_is_not_guessed():
    assert parse_date("Jui 2001") == {"year": 2001}  # juin or juillet


def test_access_date_and_status():
    out = structure({"note": "[accessed 5 Jan 2016]", "year": "2015"})
    assert out["accessed"] == {"year": 2016, "month": 1, "day": 5}
    out = structure({"note": "(2019-01-05)[2020-03-01]", "url": "http://x.org"})
    assert out["accessed"] == {"year": 2020, "month": 3, "day": 1}
    out = structure({"year": "2019", "note": "in press"})
    assert out["issued"] == {"year": 2019} and out["status"] == "in press"


# --- pages and numbers ------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("1027–1040", {"first": "1027", "last": "1040"}),
    ("pp. 1477-81", {"first": "1477", "last": "1481"}),
    ("165–87.", {"first": "165", "last": "187"}),
    ("99-101", {"first": "99", "last": "101"}),
    ("S. 12 ff.", {"first": "12"}),
    ("e1234", {"first": "e1234"}),
    ("267", {"first": "267"}),
    ("p. A65.", {"first": "A65"}),
    ("451?454,", {"first": "451", "last": "454"}),
    ("xii-xv", {"first": "xii", "last": "xv"}),
    ("第12-15页", {"first": "12", "last": "15"}),
])
def test_pages(text, expected):
    assert parse_pages(text) == {"page": expected}


def test_page_count_is_not_a_page():
    assert parse_pages("345 pp.") == {"number_of_pages": 345}
    assert parse_pages("") == {}


@pytest.mark.parametrize("text, expected", [
    ("Vol. 96,", {"volume": "96"}),
    ("23(9),", {"volume": "23", "issue": "9"}),
    ("vol.36, no. 9, Supplement.", {"volume": "36", "issue": "9"}),
    ("n°25.", {"issue": "25"}),
    ("2007;56(9):", {"volume": "56", "issue": "9"}),
    ("XXVII,", {"volume": "XXVII"}),
    ("第12卷第3期", {"volume": "12", "issue": "3"}),
    ("Vol. 3, Pt. 2", {"volume": "3", "part": "2"}),
])
def test_volume_and_issue(text, expected):
    assert parse_volume(text) == expected


def test_edition():
    assert parse_edition("2nd ed.") == "2"
    assert parse_edition("Second edition") == "2"
    assert parse_edition("Rev. ed.") == "Rev. ed."


# --- identifiers ------------------------------------------------------------------------------

def test_doi_keeps_case_and_loses_prefix_and_punctuation():
    assert find_doi("DOI: 10.1007/978-3-030-78713-4_2.") == "10.1007/978-3-030-78713-4_2"
    assert find_doi("https://doi.org/10.1000/ABC_def") == "10.1000/ABC_def"
    assert find_doi("(doi:10.1016/0021-9991(87)90004-5)") == "10.1016/0021-9991(87)90004-5"
    assert find_doi("https://doi.org/10.1000%2Fxyz") == "10.1000/xyz"
    assert find_doi("no identifier") is None


def test_isbn_check_digits():
    assert find_isbn("ISBN 978-0-262-03384-8") == "9780262033848"
    assert find_isbn("ISBN 0-262-03384-4.") == "0262033844"
    assert find_isbn("ISBN 0-8044-2957-X") == "080442957X"
    assert find_isbn("ISBN 978-0-262-03384-9") is None  # wrong check digit
    assert not isbn_is_valid("0262033845")


def test_issn_check_digits():
    assert find_issn("ISSN 0028-0836") == "0028-0836"
    assert find_issn("ISSN 0028-0837") is None
    assert find_issn("0028-0836") is None  # a number not named an ISSN
    assert issn_is_valid("2049363X") is False and issn_is_valid("20493630")


def test_arxiv_and_url():
    assert find_arxiv("arXiv preprint arXiv:1706.03762") == "1706.03762"
    assert find_arxiv("arXiv:hep-th/9901001v2") == "hep-th/9901001v2"
    assert find_arxiv("10.48550/arXiv.2101.00001") == "2101.00001"
    assert find_arxiv("Journal 1706.03762") is None
    assert find_url("Available at: <http://www.x.org/a_(b)/c.pdf>.") == "http://www.x.org/a_(b)/c.pdf"


# --- types ------------------------------------------------------------------------------------

@pytest.mark.parametrize("marker, expected", [
    ("[J]", "article-journal"), ("[C]", "paper-conference"), ("[M]", "book"), ("[D]", "thesis"),
    ("[R]", "report"), ("[EB/OL]", "webpage"), ("[S]", "standard"), ("[P]", "patent"),
    ("[N]", "article-newspaper"), ("[A]", "chapter"), ("[Z]", "document"), ("[J/OL]", "article-journal"),
])
def test_gbt_markers(marker, expected):
    assert guess_type({"genre": marker, "venue": "Somewhere", "volume": "3"}) == expected
    assert guess_type({"genre": marker.strip("[]")}) == expected  # as fields trims the brackets
    assert guess_type({"title": "Some title" + marker}) == expected


@pytest.mark.parametrize("fields, expected", [
    ({"genre": "PhD thesis,", "publisher": "MIT"}, "thesis"),
    ({"genre": "Ph.D. dissertation."}, "thesis"),
    ({"genre": "Master’s thesis,"}, "thesis"),
    ({"note": "(Unpublished doctoral dissertation)."}, "thesis"),
    ({"genre": "Technical report,", "publisher": "IBM"}, "report"),
    ({"genre": "US Patent 3,712,959."}, "patent"),
    ({"venue": "arXiv preprint arXiv:1706.03762"}, "preprint"),
    ({"note": "arXiv:1706.03762"}, "preprint"),
    ({"venue": "In: Proc. of the Int. Symp.", "pages": "1-2"}, "paper-conference"),
    ({"venue": "Proceedings of the 8th Workshop on X", "pages": "1-2"}, "paper-conference"),
    ({"venue": "In NIPS,"}, "paper-conference"),
    ({"venue": "Proc. Natl. Acad. Sci. USA", "volume": "99"}, "article-journal"),
    ({"venue": "Proceedings of the IEEE", "volume": "86"}, "article-journal"),
    ({"venue": "In Theorizing Documentary,", "publisher": "Routledge"}, "chapter"),
    ({"venue": "Handbook of X", "editor": "ed. M. Renov"}, "chapter"),
    ({"venue": "Nature", "volume": "521", "pages": "436-444"}, "article-journal"),
    ({"venue": "Scientific Reports", "volume": "5"}, "article-journal"),
    ({"publisher": "Routledge", "location": "London"}, "book"),
    ({"url": "http://example.org"}, "webpage"),
    ({"title": "Just a title"}, None),
    ({}, None),
])
def test_types_from_words_and_fields(fields, expected):
    assert guess_type(fields) == expected


# --- structure as a whole ---------------------------------------------------------------------

def test_structure_of_the_contract_example():
    fields = {"author": "Romero J, Yin JQ", "year": "2022.", "pages": "1027–1040",
              "venue": "In: Proc. of the ... Symp.", "doi": "10.1007/978-3-030-78713-4_2",
              "genre": "[C]"}
    assert structure(fields) == {
        "authors": [{"family": "Romero", "given": "J"}, {"family": "Yin", "given": "JQ"}],
        "type": "paper-conference",
        "issued": {"year": 2022},
        "page": {"first": "1027", "last": "1040"},
        "doi": "10.1007/978-3-030-78713-4_2",
    }


def test_structure_flags_and_identifiers():
    out = structure({"author": "———.", "title": "Another book", "publisher": "X",
                     "isbn": "ISBN 978-0-262-03384-9"})
    assert out["authors_same_as_previous"] is True and "isbn" not in out
    out = structure({"author": "He K M, Ren S Q, et al.", "url": "https://doi.org/10.1000/x1",
                     "editor": "Edited by A. Smith et al.", "translator": "trans. B. Jones"})
    assert out["authors_et_al"] is True and out["editors_et_al"] is True
    assert out["doi"] == "10.1000/x1" and out["url"] == "https://doi.org/10.1000/x1"
    assert out["translators"] == [{"family": "Jones", "given": "B."}]


def test_structure_keeps_only_keys_with_values():
    assert structure({}) == {"authors": [], "type": None}
    assert structure({"title": "A title", "pages": "no pages here!"}) == {"authors": [], "type": None}


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.sampled_from(LABELS), st.text(max_size=60), max_size=8))
def test_structure_never_raises(fields):
    out = structure(fields)
    assert isinstance(out["authors"], list)
    assert all(value not in (None, "", [], {}) for key, value in out.items()
               if key not in ("type", "authors"))


ALPHABET = st.sampled_from(list("aZ .,;:-–()[]&/0123456789XÅłé张三等—") + ["et al.", "eds.", "In:", "Jr."])


@settings(max_examples=200, deadline=None)
@given(st.lists(ALPHABET, max_size=25).map("".join))
def test_each_reader_takes_any_text(text):
    """structure() would hide a reader's exception; each reader must not raise on its own."""
    parse_names(text)
    parse_names(text, role="editor")
    parse_date(text)
    parse_pages(text)
    parse_volume(text)
    parse_edition(text)
    for finder in (find_doi, find_url, find_arxiv, find_isbn, find_issn):
        finder(text)
    guess_type({"genre": text, "venue": text, "note": text})


# --- training/experiments/name_agreement.py ---------------------------------------------------------------

def test_name_agreement_counts_references_whose_family_names_all_match():
    from tagger.output.reference import Reference
    from training.experiments.name_agreement import agreement

    records = [
        {"id": "a", "text": "Romero J, Yin JQ. Title. 2022.", "spans": [[0, 17, "author"]]},
        {"id": "b", "text": "van der Berg, A. Title.", "spans": [[0, 16, "author"]]},
        {"id": "c", "text": "Title only.", "spans": [[0, 11, "title"]]},
    ]
    parsed = {
        "Romero J, Yin JQ. Title. 2022.": [{"family": "Romero"}, {"family": "Yin"}],
        "van der Berg, A. Title.": [{"family": "Berg"}],  # particle lost: not equal
    }
    result = agreement(records, lambda text: Reference(raw=text, authors=parsed.get(text, [])))
    assert (result["with_gold_authors"], result["without_gold_authors"]) == (2, 1)
    assert result["all_family_names_equal"] == 1 and result["share"] == 0.5
