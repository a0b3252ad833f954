"""Unpunctuated copies of training references: the fields stay where their spans say."""

from training.augment import unpunctuated, with_unpunctuated

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
