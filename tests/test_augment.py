"""Unpunctuated copies of training references: the fields stay where their spans say."""

from training.models.augment import (
    family_first_names, glued, initials_first, short_imprint, unpunctuated, vancouver, with_copies, with_unpunctuated,
)

RECORD = {"id": "r1", "text": "Anderson, P. W., 1958. Absence of diffusion. Phys. Rev., 109, 1492.",
          "spans": [[0, 17, "author"], [17, 23, "year"], [23, 44, "title"],
                    [44, 55, "venue"], [55, 61, "volume"], [61, 67, "pages"]]}


def fields(record):
    return [(record["text"][a:b], label) for a, b, label in record["spans"]]


def test_separators_go_and_abbreviations_keep_their_stops():
    copy = unpunctuated(RECORD)
    assert copy["text"] == "Anderson, P. W. 1958 Absence of diffusion Phys. Rev. 109 1492"
    assert fields(copy) == [("Anderson, P. W.", "author"), ("1958", "year"),
                            ("Absence of diffusion", "title"), ("Phys. Rev.", "venue"),
                            ("109", "volume"), ("1492", "pages")]
    assert copy["id"] == "r1-unpunctuated"


def test_the_year_can_move_after_the_title():
    copy = unpunctuated(RECORD, year_after_title=True)
    assert copy["text"] == "Anderson, P. W. Absence of diffusion 1958 Phys. Rev. 109 1492"
    assert [label for _, label in fields(copy)][:3] == ["author", "title", "year"]


def test_copies_follow_the_records_and_the_seed_fixes_them():
    records = [dict(RECORD, id=f"r{i}") for i in range(200)]
    augmented = with_unpunctuated(records, share=0.2, seed=3)
    assert augmented[:200] == records
    assert 20 < len(augmented) - 200 < 60
    assert augmented == with_unpunctuated(records, share=0.2, seed=3)


def test_authors_can_be_written_with_bare_initials_after_the_family_name():
    copy = unpunctuated(RECORD, initials_after=True)
    assert copy["text"] == "Anderson PW 1958 Absence of diffusion Phys. Rev. 109 1492"
    assert fields(copy)[0] == ("Anderson PW", "author")


def test_vancouver_names():
    assert vancouver("Pierre Bourdieu and Jean-Claude Passeron") == "Bourdieu P, Passeron JC"
    assert vancouver("Kuhn, Thomas S.") == "Kuhn TS"
    assert vancouver("Smith, J., Jones, K., et al.") == "Smith J, Jones K et al"
    assert vancouver("de la Fontaine, J.") == "de la Fontaine J"
    # what has no initials stays as it was written
    assert vancouver("World Health Organization") == ""
    assert vancouver("김윤, 하동") == ""


BOOK = {"id": "b1", "text": "Eco, Umberto. 1962. Opera aperta. Milano: Bompiani.",
        "spans": [[0, 14, "author"], [14, 20, "year"], [20, 33, "title"],
                  [34, 41, "location"], [42, 51, "publisher"]]}


def test_a_book_with_a_place_gets_a_short_imprint_copy():
    copy = short_imprint(BOOK)
    assert copy["text"] == "U. Eco, Opera aperta, Milano 1962."
    assert fields(copy) == [("U. Eco,", "author"), ("Opera aperta,", "title"),
                            ("Milano", "location"), ("1962.", "year")]
    assert copy["id"] == "b1-short-imprint"


def test_short_imprint_copies_in_the_other_humanities_shapes():
    book = {"id": "b2", "text": "Auerbach, Erich. 1946. Mimesis: dargestellte Wirklichkeit. Bern: Francke.",
            "spans": [[0, 16, "author"], [17, 22, "year"], [23, 58, "title"], [59, 64, "location"],
                      [65, 73, "publisher"]]}
    copy = short_imprint(book, family_first=True, subtitle_stop=True, publisher=True)
    assert copy["text"] == "Auerbach E., Mimesis. Dargestellte Wirklichkeit, Bern, Francke, 1946."
    assert fields(copy) == [("Auerbach E.,", "author"), ("Mimesis. Dargestellte Wirklichkeit,", "title"),
                            ("Bern,", "location"), ("Francke,", "publisher"), ("1946.", "year")]
    assert short_imprint(book)["text"] == "E. Auerbach, Mimesis: dargestellte Wirklichkeit, Bern 1946."


def test_family_first_names():
    assert family_first_names("Gadamer, Hans-Georg") == "Gadamer H.-G."
    assert family_first_names("Bourdieu, P. and Passeron, J.-C.") == "Bourdieu P., Passeron J.-C."
    assert family_first_names("World Health Organization") == ""


def test_no_short_imprint_for_an_article_or_names_without_initials():
    assert short_imprint(RECORD) is None  # a venue: no book
    assert initials_first("World Health Organization") == ""  # so no copy of its books


def test_initials_first():
    assert initials_first("Gadamer, Hans-Georg") == "H.-G. Gadamer"
    assert initials_first("Bourdieu, P. and Passeron, J.-C.") == "P. Bourdieu, J.-C. Passeron"
    assert initials_first("Kuhn TS") == "T. S. Kuhn"


PHYSICS = {"id": "p1", "text": "G. Moore and N. Read, Nucl. Phys. B 360, 362 (1991).",
           "spans": [[0, 21, "author"], [22, 35, "venue"], [36, 40, "volume"],
                     [41, 44, "pages"], [45, 52, "year"]]}


def test_an_article_tail_can_lose_its_spaces_as_a_pdf_loses_them():
    copy = glued(PHYSICS)
    assert copy["text"] == "G. Moore and N. Read, Nucl.Phys.B360,362(1991)."
    assert fields(copy) == [("G. Moore and N. Read,", "author"), ("Nucl.Phys.B", "venue"),
                            ("360,", "volume"), ("362", "pages"), ("(1991).", "year")]
    assert copy["id"] == "p1-glued"
    # what comes before the venue keeps its spaces
    assert glued(RECORD)["text"] == "Anderson, P. W., 1958. Absence of diffusion. Phys.Rev.,109,1492."
    # two words of a venue stay apart
    nature = {"id": "n", "text": "R. Penrose, Nature Phys. Sci. 229, 177 (1971)",
              "spans": [[0, 11, "author"], [11, 29, "venue"], [30, 34, "volume"],
                        [35, 38, "pages"], [39, 45, "year"]]}
    assert glued(nature)["text"] == "R. Penrose, Nature Phys.Sci.229,177(1971)"


def test_no_glued_copy_without_a_number_after_the_venue():
    assert glued(BOOK) is None
    assert glued({"id": "x", "text": "A. B., Nature Physics", "spans": [[0, 5, "author"],
                                                                      [6, 20, "venue"]]}) is None


def test_with_copies_adds_every_kind_after_the_records():
    records = [dict(BOOK, id=f"b{i}") for i in range(100)] + [dict(PHYSICS, id=f"p{i}")
                                                             for i in range(100)]
    augmented = with_copies(records)
    assert augmented[:200] == records
    kinds = {record["id"].split("-", 1)[1] for record in augmented[200:]}
    assert kinds == {"unpunctuated", "short-imprint", "glued"}
    assert augmented == with_copies(records)
