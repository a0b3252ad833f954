"""The style table's guard: no annotated set falls unremarked (tagger/evaluate/styles.py).

The guarded engine is scored afresh on every set the repository holds (about a minute); a set
below docs/results/styles.json by more than its tolerance fails, and so does a baseline that
has a set below its start value without a `changes` entry giving the reason.
"""

import pytest

from tagger.evaluate import styles
from tagger.crf.model import DEFAULT_MODEL, file_sha256

# Floors on the hand-written families of real references (issue 46), scored by `auto`: the
# issue asks 0.98 of the Chinese-journal families and 0.95 of the German one. (The checks were
# written with these very references in view: a floor here guards them, it measures nothing.)
FLOORS = {"families/journal-of-software": 0.98, "families/gb-t-7714": 0.98,
          "families/german-humanities": 0.95, "families/apa7-descriptions": 0.97,
          # issue 58's web, software and data references with DOIs as links: 0.8825 before
          # its DOI fixes, 0.9246 after; 0.9867 after the record's leftovers (issue 58, fifth part)
          "families/web-software-data": 0.97,
          # issue 58's social science, English and German, lists and footnotes: 0.892 before
          # its checks (tagger/doubts/footnotes.py and others), 0.984 after, 0.9907 after the
          # record's leftovers
          "families/social-science": 0.98,
          # issue 58's second social-science family, written blind: 0.934 before the checks
          # written against it (footnotes' lead-ins, working papers, German books' parts and
          # law, books.py, dates.py, law.py), 0.993 after
          "families/social-science-2": 0.985,
          # issue 58's physics, mathematics and astronomy references: 0.964 before the checks
          # written against it (tagger/doubts/sciences.py), 0.9905 after, 0.9924 after the
          # record's leftovers
          "families/physics-maths": 0.985,
          # issue 58's second physics, mathematics and astronomy family, written blind: 0.969
          # before the checks it led to (0.965 on its gold as first written), 0.9909 after
          "families/physics-maths-2": 0.985}


@pytest.fixture(scope="module")
def baseline():
    return styles.read_baseline()


@pytest.fixture(scope="module")
def fresh():
    return styles.score_sets(styles.annotated_sets(), engines=styles.GUARDED)


def test_baseline_is_of_the_shipped_model(baseline):
    assert baseline["model_sha256"] == file_sha256(DEFAULT_MODEL), \
        "the model changed: rewrite the table (reftag evaluate --styles --write-baseline)"


def test_every_set_is_in_the_baseline(baseline, fresh):
    assert sorted(fresh) == sorted(baseline["sets"]), \
        "a set was added or removed: rewrite the table (reftag evaluate --styles --write-baseline)"


def test_no_set_falls_below_the_baseline(baseline, fresh):
    assert styles.falls(baseline["sets"], fresh, styles.GUARDED) == []


def test_every_set_below_its_start_says_why(baseline):
    assert styles.unexplained(baseline) == []


@pytest.mark.parametrize("name", sorted(FLOORS))
def test_family_floors(fresh, name):
    assert fresh[name]["auto"]["core_f1"] >= FLOORS[name]


def _row(f1, n=1000):
    return {"path": "x.jsonl", "n": n, "trained_on": False,
            "auto": {"core_f1": f1, "all_core_correct": 0.5}}


def test_tolerance_is_a_reference_on_a_small_set():
    assert styles.tolerance(10_000) == 0.005
    assert styles.tolerance(40) == 1 / 40


def test_a_fall_beyond_the_tolerance_is_found_and_a_small_one_is_not():
    before = {"a": _row(0.95), "b": _row(0.95), "c": _row(0.95, n=20)}
    now = {"a": _row(0.9449), "b": _row(0.9451), "c": _row(0.91, n=20)}
    assert [fall["set"] for fall in styles.falls(before, now, ("auto",))] == ["a"]


def test_a_fall_is_logged_with_its_reason_and_only_then_explained(monkeypatch):
    monkeypatch.setattr("tagger.crf.model.file_sha256", lambda path: "0" * 64)
    first = styles.new_baseline({"a": _row(0.95)}, None, engines=("auto",))
    assert first["start"] == {"a": {"auto": 0.95}} and first["changes"] == []
    silent = styles.new_baseline({"a": _row(0.90)}, first, engines=("auto",))
    assert styles.unexplained(silent) == ["a auto: 0.9000 against 0.9500 at the start"]
    said = styles.new_baseline({"a": _row(0.90)}, first, "fewer rules, a bigger gain on gold",
                               engines=("auto",))
    assert said["changes"] == [{"set": "a", "engine": "auto", "from": 0.95, "to": 0.90,
                                "reason": "fewer rules, a bigger gain on gold"}]
    assert styles.unexplained(said) == []
    assert said["start"] == first["start"]  # the start values are never rewritten
