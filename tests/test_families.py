"""Issue 12's error families on real references annotated by hand (tests/data/families.jsonl).

Floors are core micro-F1 per family and overall, set 0.05 under what was measured, so a
regression fails and a retrain that moves a reference or two does not. Raise them after each
retraining: `python -m training.experiments.families --errors 5` prints the table and mistakes.
"""

import pytest

from tagger.labels import LABELS
from tagger.crf.model import ModelError, load_model
from training.experiments.families import load_families, score_families

FAMILIES = ("abbrev-journal-no-title", "title-into-venue", "astronomy-and-cjk-venues",
            "numeric-tails", "glued-pdf-tokens", "humanities", "chemistry-acs", "law")

# The shipped model (feature version 7 at 300 iterations, AnyStyle + GROBID, with the Vancouver,
# short-imprint and glued-tail copies and the first-token states), engine auto (`python -m
# training.experiments.families`); each floor 0.05 under it, or an earlier model's higher
# floor where this one still clears it.
# Feature version 1 (AnyStyle only) reached .862 .752 .928 .741 .692 .686, all .786; version 2
# .991 .950 1.000 .986 .956 .796, all .955; version 6 .991 1.000 .989 .967 .985 .952, all .982;
# version 7 at 200 iterations .991 1.000 .989 .980 .985 .923, all .981; at 300 iterations
# before the copies .991 1.000 1.000 .967 .971 .900, all .976.
# Before the first-token states (README, "Which states"):
#   abbrev .991  title 1.000  astro+cjk 1.000  numeric .967  glued .985  humanities .962  all .986
# With them for five labels:
#   abbrev .991  title 1.000  astro+cjk 1.000  numeric .987  glued .956  humanities .981  all .987
# For every label, with the glued-tail copies:
#   abbrev 1.000 title 1.000  astro+cjk 1.000  numeric 1.000 glued 1.000 humanities .981  all .998
# Ten humanities references added ("Mimesis. Dargestellte Wirklichkeit…", "Torino, Einaudi,
# 1976"), where that model reaches humanities .852, all .973; with the short-imprint copies
# in those shapes (shipped):
#   abbrev 1.000 title 1.000  astro+cjk 1.000  numeric 1.000 glued 1.000 humanities .917  all .985
# Twenty chemistry references added as the American Chemical Society cites them, without a
# title ("Grubbs, R. H. Tetrahedron 2004, 60, 7117–7140."), where the shipped model reads a
# one-word journal into the authors and a last initial "J." into the journal: .886, all .970.
# With auto's evidence re-chosen for that model (weight 0.75, not 0.5): humanities .906,
# chemistry .886, all .968; the others as above. With the rules deciding where the CRF ends
# an author list as no list can end (tagger/doubts/): chemistry .975, all .981. Retrained
# with 150 L-BFGS iterations remembering 30 steps (shipped): humanities .905, chemistry .975,
# all .981; the others 1.000 (the CRF alone: glued .971, chemistry .861, all .961).
# With the checks of December 2026 for humanities shapes (trans. and initials, "(Oxford,
# 1957)", an MLA chapter's quoted title, a family-first list's one-word title): humanities
# .905; ten more humanities references added in those shapes, three of them still misread
# ("5. Aufl.", "a cura di", "in A. Gargani (a cura di)"): humanities .904, all .980.
# Sixteen legal citations added (Bluebook's "64 Stan. L. Rev. 1 (2011)" and "347 U.S. 483
# (1954)", OSCOLA's "[1932] AC 562 (HL)"), written beside the check that reads them
# (doubts/law.py): law .561 without it (the CRF alone .582), 1.000 with it; all .982.
MODEL_FLOORS = {"abbrev-journal-no-title": 0.95, "title-into-venue": 0.95,
                "astronomy-and-cjk-venues": 0.95, "numeric-tails": 0.95,
                "glued-pdf-tokens": 0.95, "humanities": 0.87, "chemistry-acs": 0.93,
                "law": 0.95, "all": 0.95}

# The rule tagger at af3f7ee (with its ISO 4 / journal-code lexicon):
#   abbrev .955  title .750  astro+cjk .984  numeric .750  glued .726  humanities .654  all .813
# and on the twenty chemistry references .638 (all .771); with a journal after the initials
# read as one ("Grubbs, R. H. Tetrahedron 2004, 60, …", "Kim, C. U. J. Am. Chem. Soc."):
#   abbrev .955  title .750  astro+cjk .984  numeric .806  glued .758  humanities .625
#   chemistry 1.000  all .837
# With the December readings (title-less journals, series letters glued to volumes, pages
# glued after the bracketed year, …):
#   abbrev .964  title .875  astro+cjk .995  numeric .904  glued .932  humanities .625
#   chemistry 1.000  all .894
# The rule tagger does not read legal citations: law .388, and all .835 with them.
RULES_FLOORS = {"abbrev-journal-no-title": 0.91, "title-into-venue": 0.82,
                "astronomy-and-cjk-venues": 0.94, "numeric-tails": 0.85,
                "glued-pdf-tokens": 0.88, "humanities": 0.57, "chemistry-acs": 0.95,
                "law": 0.33, "all": 0.78}

# The issue's own examples, which the set must hold as written.
ISSUE_EXAMPLES = (
    "P. W. Anderson, Phys. Rev. 109, 1492 (1958)",
    "R. Penrose and M. Floyd, Nature Phys. Sci. 229, 177 (1971)",
    "J. Nash, Non-cooperative games, Ann. Math. 54, 286 (1951)",
    "Planck Collaboration, 2016, A&A, 594, A13",
    "S. Weinberg, Phys.Rev.Lett.19,1264(1967).",
    "Foucault M Les mots et les choses Paris Gallimard 1966",
)


@pytest.fixture(scope="module")
def families():
    return load_families()


def test_every_family_has_the_issue_examples_and_ten_more(families):
    assert tuple(families) == FAMILIES
    assert all(len(records) >= 12 for records in families.values())
    texts = {record["text"] for records in families.values() for record in records}
    assert set(ISSUE_EXAMPLES) <= texts


def test_spans_are_ordered_inside_the_text_and_labelled(families):
    ids = [record["id"] for records in families.values() for record in records]
    assert len(ids) == len(set(ids))
    for name, records in families.items():
        for record in records:
            text, end = record["text"], 0
            assert record["id"].startswith(name + "-")
            for start, stop, label in record["spans"]:
                assert end <= start < stop <= len(text), record["id"]
                assert label in LABELS, record["id"]
                assert text[start:stop] == text[start:stop].strip(), record["id"]
                end = stop


def assert_floors(results, floors):
    reached = {name: round(result.core_f1, 3) for name, result in results.items()}
    below = {name: (reached[name], floor) for name, floor in floors.items()
             if reached[name] < floor}
    assert not below, f"core F1 under its floor (reached, floor): {below}"


def test_shipped_model_reaches_its_floors(families):
    try:
        load_model()
    except ModelError as error:
        pytest.skip(f"the shipped model does not load with this code (a retrain is due): {error}")
    assert_floors(score_families(families, engine="auto"), MODEL_FLOORS)


def test_rules_reach_their_floors(families):
    assert_floors(score_families(families, engine="rules"), RULES_FLOORS)
