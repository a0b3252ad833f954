"""`auto` holds the author list, the title and the pages to one stretch each: where the CRF's
best path gives one of them two, the CRF's best-scoring path that gives it one is taken."""

import json

import numpy as np
import pytest

from tagger import parse, parse_many
from tagger.decode import FEATURE, Weights
from tagger.model import load_model
from tagger.stretches import ONE_STRETCH, one_stretch, path_score, split_fields, stretches
from tagger.train import REPO


def two_labels():
    """Weights of two labels (title, venue) with no transition costs: a path's score is its
    tokens' scores."""
    return Weights(["title", "venue"], ["bias"], np.zeros(0, dtype=FEATURE))


def test_stretches_are_the_runs_of_a_label():
    labels = ["title", "title", "venue", "title", "O", "title"]
    assert stretches(labels, "title") == [(0, 2), (3, 4), (5, 6)]
    assert stretches(labels, "venue") == [(2, 3)]
    assert stretches(labels, "pages") == []


def test_split_fields_are_the_labels_with_more_than_one_stretch():
    assert split_fields(["title", "title", "venue", "title", "O", "O", "pages"]) == {"title"}
    assert split_fields(["author", "O", "author", "year"]) == {"author"}
    assert split_fields(["author", "author", "title", "year"]) == set()


def test_a_title_in_two_stretches_keeps_the_one_worth_most():
    """title, venue, title, venue at best (2 + 1 + 0.5 + 1); held to one stretch: keeping the
    first scores 4, the second 2.5, filling the gap 3.5."""
    scores = np.array([[2.0, 0.0], [0.0, 1.0], [0.5, 0.0], [0.0, 1.0]])
    weights = two_labels()
    assert one_stretch(scores, weights, ["title", "venue", "title", "venue"]) == {2: "venue"}


def test_a_title_in_two_stretches_is_filled_where_the_gap_costs_least():
    """The same, with the venue word between worth little more as title: filling scores 4.4."""
    scores = np.array([[2.0, 0.0], [0.9, 1.0], [0.5, 0.0], [0.0, 1.0]])
    assert one_stretch(scores, two_labels(), ["title", "venue", "title", "venue"]) == {1: "title"}


def test_one_stretch_a_field_changes_nothing():
    scores = np.array([[2.0, 0.0], [0.0, 1.0], [0.0, 1.0]])
    assert one_stretch(scores, two_labels(), ["title", "venue", "venue"]) == {}


def test_a_paths_score_sums_its_states_and_transitions():
    scores = np.array([[2.0, 0.0], [0.0, 1.0]])
    transition = np.array([[0.0, -0.5], [0.0, 0.0]])
    assert path_score(scores, transition, [0, 1]) == pytest.approx(2.5)


@pytest.mark.parametrize("text, split, field, value", [
    # the issue had been read as pages too ("3 454-469")
    ("M. Reiman, and B. Simon. An Interpolation Approximation for Queueing Systems with Poisson "
     "Input. Operations Research 36, 3 (1988), 454-469.", "pages", "pages", "454-469"),
    ("DEVAKUMAR J., “Caste Clashes Violations and Dalits Rights in Tamil Nadu”, in Social "
     "Scientist, 35, 11/12 (2007), pp. 39-54.", "pages", "pages", "pp. 39-54"),
    # the body named first had been read as a title, on both sides of the date
    ("Ministère des ressources naturelles (1996). L’énergie au service du Québec. Une "
     "perspective de développement durable, 1996, 108 p.", "title", "author",
     "Ministère des ressources naturelles"),
])
def test_auto_gives_a_field_one_stretch(text, split, field, value):
    crf, auto = parse(text, engine="crf"), parse(text, engine="auto")
    assert len(stretches([t["label"] for t in crf.tokens], split)) == 2
    assert len(stretches([t["label"] for t in auto.tokens], split)) == 1
    assert auto.fields[field] == value


def test_no_reference_of_a_gold_sample_has_a_field_in_two_stretches_under_auto():
    lines = (REPO / "data" / "gold.jsonl").read_text(encoding="utf-8").splitlines()[:400]
    load_model.cache_clear()
    for reference in parse_many([json.loads(line)["text"] for line in lines]):
        labels = [token["label"] for token in reference.tokens]
        assert all(len(stretches(labels, field)) <= 1 for field in ONE_STRETCH), reference.raw
