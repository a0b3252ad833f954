"""`auto` holds the author list, the title and the pages to one stretch each: where the CRF's
best path gives one of them two, the CRF's best-scoring path that gives it one is taken."""

import json

import numpy as np
import pytest

from tagger import parse, parse_many
from tagger.crf.decode import FEATURE, Weights
from tagger.crf.model import load_model
from tagger.crf.stretches import ONE_STRETCH, one_stretch, path_score, split_fields, stretches
from tagger.crf.train import REPO


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


def test_a_field_in_more_stretches_than_a_reference_has_is_left_alone():
    """Title, venue, title, … seven times: a list glued into one line, not a title resumed."""
    from tagger.crf.stretches import MAX_STRETCHES

    count = MAX_STRETCHES + 1
    scores = np.array([[2.0, 0.0], [0.0, 1.0]] * count)
    labels = ["title", "venue"] * count
    assert one_stretch(scores, two_labels(), labels) == {}
    assert one_stretch(scores[:2 * MAX_STRETCHES], two_labels(), labels[:2 * MAX_STRETCHES])


def _one_stretch_one_candidate_at_a_time(scores, weights, labels):
    """one_stretch as it was, each candidate decoded alone by decode.viterbi: the batched
    decoding must choose the very same paths."""
    from tagger.crf.decode import viterbi
    from tagger.crf.stretches import _candidates

    working, chosen = scores, labels
    for field in ONE_STRETCH:
        found = stretches(chosen, field)
        if len(found) < 2:
            continue
        best = None
        for candidate in _candidates(working, weights.columns[field], found):
            path = viterbi(candidate, weights.transition)
            reading = weights.path_labels(path)
            if len(stretches(reading, field)) == 1:
                score = path_score(scores, weights.transition, path)
                if best is None or score > best[0]:
                    best = (score, candidate, reading)
        if best is not None:
            _, working, chosen = best
    return {t: new for t, (old, new) in enumerate(zip(labels, chosen)) if old != new}


def test_batched_candidates_choose_what_one_at_a_time_chose():
    from tagger.crf.decode import best_paths
    from tagger.text.tokenize import tokenize

    model = load_model()
    weights, encoder = model.weights(), model.encoder()
    texts = []
    for name in ("physics-astro", "cs-bio"):
        with open(REPO / "data" / "grobid" / f"{name}.jsonl", encoding="utf-8") as handle:
            texts += [json.loads(line)["text"] for line in handle]
    items = [(tokenize(text), text) for text in texts]
    all_scores = encoder.scores_many(items)
    compared = 0
    for text, scores, path in zip(texts, all_scores, best_paths(all_scores, weights.transition)):
        labels = weights.path_labels(path)
        if not split_fields(labels).intersection(ONE_STRETCH):
            continue
        compared += 1
        assert one_stretch(scores, weights, labels) == \
            _one_stretch_one_candidate_at_a_time(scores, weights, labels), text
    assert compared >= 20
