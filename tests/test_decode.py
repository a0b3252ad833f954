"""The batch decoder (decode.py + encode.py) against crfsuite, the reference it replaces:
the same labels as `tag()`, marginals within 1e-6 of `marginal()`, on whatever model is
loaded; and a batch gives what references parsed one at a time give, bad ones included."""

import itertools
import json

import numpy as np
import pycrfsuite
import pytest

from tagger import parse, parse_many
from tagger.crf.decode import best_paths, chosen, marginals, sure_paths, viterbi
from tagger.doubts import doubted
from tagger.crf.encode import Encoder
from tagger.crf.features import featurize
from tagger.crf.model import ModelError, load_model, read_weights
from tagger.parse import _admit, final_hints, parse_batch, rule_hints
from tagger import rules
from tagger.output.reference import Reference
from tagger.labels import LABELS, OTHER
from tagger.crf.train import REPO, begin_states

# The table keeps each word's rows as float32 (encode.py): a token's sum of such rows is within
# this share of its size, and far from what a wrong or missing row would change.
ROUNDING = 4e-6  # (gold, shipped model: at most 4e-7)

ODD = ["x", "2016", "Dr. K. Hui.?? (n.d.) see: sec 4 — notes ... [private communication] ~ 12 / 3",
       "Phys.Rev.D53, 1492 (1958)", "《计算机学报》2019,42(3):1-10", "a " * 300]


@pytest.fixture(scope="module")
def sample():
    lines = (REPO / "data" / "gold.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line)["text"] for line in lines[::8]] + ODD  # 209 gold + odd ones


def models(tiny_model):
    """The tiny model, and the shipped one when it loads (a retrain may be under way)."""
    yield str(tiny_model)
    try:
        yield str(load_model().path)
    except ModelError:
        pass


def items_of(texts):
    return [item for item in map(_admit, texts) if not isinstance(item, Reference)]


def decoded(path, items):
    """A model's weights, and each item's scores and marginals under them."""
    weights = read_weights(path)
    encoder = Encoder(weights)
    scores = [encoder.scores(tokens, norm.text) for _, norm, tokens in items]
    return weights, scores, marginals(scores, weights.transition)


def test_labels_and_marginals_are_crfsuites(tiny_model, sample):
    items = items_of(sample)
    for path in models(tiny_model):
        tagger = pycrfsuite.Tagger()
        tagger.open(path)
        weights, scores, chances = decoded(path, items)
        paths = best_paths(scores, weights.transition)
        for (_, norm, tokens), best, chance in zip(items, paths, chances):
            tagger.set(pycrfsuite.ItemSequence(featurize(tokens, norm.text)))
            expected = tagger.tag()
            assert weights.state_labels(best) == expected
            assert chosen(chance, best) == pytest.approx(
                [tagger.marginal(label, t) for t, label in enumerate(expected)], abs=1e-6)
            assert np.allclose(chance.sum(axis=1), 1.0)


def test_paths_the_marginals_decide_are_viterbis(tiny_model, sample):
    """A reference whose most likely states are wrong with chances summing under SURE takes
    them as its path without the Viterbi: the very path the Viterbi finds, on every reference
    of the sample (most of them decided so under the shipped model)."""
    items = items_of(sample)
    for path in models(tiny_model):
        weights, scores, chances = decoded(path, items)
        viterbis = best_paths(scores, weights.transition)
        sure = sure_paths(chances)
        assert sure and all(np.array_equal(sure[i], viterbis[i]) for i in sure)
        given = best_paths(scores, weights.transition, chances)
        assert all(np.array_equal(a, b) for a, b in zip(given, viterbis))
    assert sure_paths([]) == {} and sure_paths([np.zeros((0, 3))]) == {}


def test_references_without_tokens_are_left_out_of_the_decided_ones():
    decided = np.array([[0.9, 0.1], [0.2, 0.8]])
    for batch in ([decided, np.zeros((0, 2))], [np.zeros((0, 2)), decided, np.zeros((0, 2))]):
        sure = sure_paths(batch)
        assert list(sure) == [next(i for i, marginal in enumerate(batch) if len(marginal))]
        assert next(iter(sure.values())).tolist() == [0, 1]
    scores = [np.array([[1.0, 0.0], [0.0, 2.0]]), np.zeros((0, 2)), np.array([[3.0, 0.0]])]
    transition = np.zeros((2, 2))
    given = best_paths(scores, transition, marginals(scores, transition))
    assert [path.tolist() for path in given] == [[0, 1], [], [0]]


def test_marginals_decide_a_path_only_when_it_is_likelier_than_a_half():
    marginal = np.array([[0.9, 0.1], [0.2, 0.8], [0.6, 0.4]])  # wrong: 0.1 + 0.2 + 0.4 = 0.7
    assert sure_paths([marginal]) == {}
    marginal = np.array([[0.9, 0.1], [0.2, 0.8], [0.95, 0.05]])  # 0.35
    assert sure_paths([marginal])[0].tolist() == [0, 1, 0]


def test_a_batchs_readings_are_each_references_labels_and_marginals(tiny_model, sample):
    """`readings` gathers a whole batch's labels and label marginals at once: the very
    floats `path_labels` and `chosen` give reference by reference."""
    items = items_of(sample)
    for path in models(tiny_model):
        weights, scores, chances = decoded(path, items)
        paths = best_paths(scores, weights.transition)
        assert weights.readings(paths, chances) == [
            (weights.path_labels(best), weights.chosen(chance, best))
            for best, chance in zip(paths, chances)]
        assert weights.readings([], []) == []


def test_word_pairs_are_found_by_their_joined_text_whatever_bars_the_words_hold():
    """featurize names a pair "w|w+1=" + a + "|" + b, so a word holding a bar ("|" itself, a
    URL) makes texts with more than one: the encoder finds the pair each way the text cuts."""
    from tagger.crf.encode import _WordPairs

    pairs = _WordPairs({"w|w+1=|||foo": 1, "w-1|w=|||foo": 2, "w-1|w=x|y": 4}, 0)

    def rows(*words):
        found = pairs.rows(np.array([pairs.word.get(word, -1) for word in words]))
        return [column.tolist() for column in found]

    assert rows("||", "foo") == rows("|", "|foo") == [[1, 0], [0, 2]]
    assert rows("x", "y") == [[0, 0], [0, 4]]
    assert rows("y", "x") == [[0, 0], [0, 0]] and rows("x") == [[0], [0]]


def test_cached_word_scores_sum_to_featurizes(tiny_model, sample):
    """Any cache size gives featurize's sums, to the float32 rounding of the table's rows: a
    table of 7 words evicts all the time, and a reference with more distinct words than the
    table goes through featurize itself."""
    weights = read_weights(tiny_model)
    for encoder in (Encoder(weights), Encoder(weights, words=7)):
        for _, norm, tokens in items_of(sample):
            expected = weights.scores(featurize(tokens, norm.text))
            got = encoder.scores(tokens, norm.text)
            assert got.dtype == np.float64
            assert np.allclose(got, expected, rtol=0, atol=ROUNDING * (1 + np.abs(expected)))


def test_a_batch_scores_each_reference_as_it_alone_would(tiny_model, sample):
    """scores_many lays the references end to end: each one's scores are bit for bit what it
    gets alone, and a table too small for the batch still gives featurize's sums."""
    weights = read_weights(tiny_model)
    items = [(tokens, norm.text) for _, norm, tokens in items_of(sample)]
    alone = [Encoder(weights).scores(*item) for item in items]
    batch = Encoder(weights).scores_many(items)
    assert len(batch) == len(items)  # (zip below would hide a lost one)
    for got, expected in zip(batch, alone):
        assert np.array_equal(got, expected)
    for got, expected in zip(Encoder(weights, words=7).scores_many(items), alone):
        assert np.allclose(got, expected, rtol=0, atol=ROUNDING * (1 + np.abs(expected)))
    # a table that holds each reference's words but not the batch's: scored in halves, as alone
    widest = max(len({token.text for token in tokens}) for tokens, _ in items)
    assert len({token.text for tokens, _ in items for token in tokens}) > widest
    for got, expected in zip(Encoder(weights, words=widest).scores_many(items), alone):
        assert np.array_equal(got, expected)


def test_ties_go_to_the_lower_label_in_a_batch_as_alone():
    """Whole-number scores tie all the time: the batch walks back to the same path the
    one-reference Viterbi keeps, the lower label on each tie, as crfsuite does."""
    rng = np.random.default_rng(41)
    transition = rng.integers(0, 2, size=(5, 5)).astype(float)
    scores = [rng.integers(0, 2, size=(length, 5)).astype(float)
              for length in (2, 3, 3, 4, 6, 6, 7, 8, 8, 9)]
    for path, score in zip(best_paths(scores, transition), scores):
        assert path.tolist() == viterbi(score, transition)
    assert best_paths([np.zeros((4, 5))] * 2, np.zeros((5, 5)))[0].tolist() == [0, 0, 0, 0]


def test_padding_never_changes_a_path_or_a_marginal():
    """References of many lengths decoded together give what each gives alone, and the
    marginals are the brute-force sums over every path."""
    rng = np.random.default_rng(14)
    transition = rng.normal(size=(3, 3))
    scores = [rng.normal(size=(length, 3)) * 3 for length in (1, 2, 3, 4, 4, 5, 9, 30, 31)]
    for path, score in zip(best_paths(scores, transition), scores):
        assert path.tolist() == viterbi(score, transition)
    for chance, score in zip(marginals(scores, transition), scores):
        if len(score) > 5:
            continue
        brute = np.zeros_like(score)
        for path in itertools.product(range(3), repeat=len(score)):
            weight = np.exp(sum(score[t, j] for t, j in enumerate(path))
                            + sum(transition[a, b] for a, b in zip(path, path[1:])))
            for t, j in enumerate(path):
                brute[t, j] += weight
        assert np.allclose(chance, brute / brute.sum(axis=1, keepdims=True), atol=1e-12)


def test_a_batch_is_references_parsed_one_at_a_time(tiny_model, sample, evidence_model):
    texts = sample[:60] + ["", None, b"Smith J. 2001. A title. Nature.", "\x00", 3] + ODD
    for engine, model in (("crf", str(tiny_model)), ("auto", evidence_model(0.97)),
                          ("rules", None)):
        alone = [parse(text, engine=engine, model=model).to_dict() for text in texts]
        together = [ref.to_dict() for ref in parse_batch(texts, engine, model)]
        assert together == alone
        streamed = [ref.to_dict() for ref in parse_many(iter(texts), engine, model, chunk_size=7)]
        assert streamed == alone


def test_auto_re_decodes_as_the_one_reference_path_does(tiny_model, sample, evidence_model):
    """Unsure references re-decoded with the rules' evidence in a batch (the tokens the
    doubts decide made decisive), and held to one stretch a field, get the labels of
    CRFModel.tag_features(sequence, hints), and each label's p stays the CRF's marginal."""
    model_path = evidence_model(1.01)
    model = load_model(model_path)
    items = items_of(sample[:80])
    refs = parse_batch([text for text, _, _ in items], "auto", model_path)
    assert {ref.engine for ref in refs} == {"crf+rules"}
    for (_, norm, tokens), ref in zip(items, refs):
        sequence = featurize(tokens, norm.text)
        doubts = doubted(tokens, model.tag_features(sequence)[0])
        hints = rule_hints(*rules.tag(tokens, norm.text), 1.0, doubts)
        labels, probs = model.tag_features(sequence, hints)
        weights = model.weights()
        held = final_hints(weights.scores(sequence), weights, labels, hints,
                           [token.text for token in tokens])
        if held is not None:
            labels, probs = model.tag_features(sequence, held)
        assert [token["label"] for token in ref.tokens] == labels
        # p is rounded to 4 decimals from a marginal within 1e-6 of crfsuite's, so a value
        # on a rounding boundary may round either way
        assert all(abs(token["p"] - p) <= 5e-5 + 1e-6 for token, p in zip(ref.tokens, probs))


def test_one_failing_reference_costs_only_its_own_record(tiny_model, monkeypatch):
    encoder = load_model(str(tiny_model)).encoder()
    scores_many = encoder.scores_many

    def fragile(items):
        if any("poison" in text for _, text in items):
            raise RuntimeError("cannot score this one")
        return scores_many(items)

    monkeypatch.setattr(encoder, "scores_many", fragile)
    texts = ["Smith J. 2001. One. Nature.", "poison 2001", "Lee K. 1999. Two. Cell 3, 4-5."]
    refs = parse_batch(texts, "crf", str(tiny_model))
    assert [ref.raw for ref in refs] == texts
    assert [ref.error for ref in refs] == [None, "RuntimeError: cannot score this one", None]
    assert refs[2].fields == parse(texts[2], engine="crf", model=str(tiny_model)).fields


def test_the_benchmark_times_both_paths_side_by_side(tiny_model):
    from tagger.commands.benchmark import benchmark, format_numbers

    texts = ["Smith J. 2001. One. Nature 3, 4-5.", "Lee K (1999) Graphs. J Math 3: 1-9."] * 4
    numbers = benchmark(texts, "crf", str(tiny_model), 1, repeat=2)
    assert set(numbers["fresh"]) == {"batched", "crfsuite"}
    assert all(run["refs_per_s_best"] >= run["refs_per_s_median"] > 0
               for run in numbers["whole"].values())
    assert set(numbers["stages"]["decode + marginals"]) == {"batched", "crfsuite"}
    numbers["command"] = "reftag benchmark x.txt"
    table = format_numbers(numbers)
    assert "crfsuite, one at a time" in table and "load average" in table


def test_a_fields_first_token_is_trained_as_a_state_of_its_own():
    labels = ["citation-number", "O", "author", "author", "O", "title", "title", "venue", "year"]
    assert begin_states(labels, begun=LABELS) == [
        "B-citation-number", "O", "B-author", "author", "O", "B-title", "title", "B-venue",
        "B-year"]
    # the recipe's: the frequent labels only; a citation number is too rare to learn its own
    assert begin_states(labels) == ["citation-number", "O", "B-author", "author", "O",
                                    "B-title", "title", "B-venue", "B-year"]
    assert begin_states(labels, begun=("author", "title", "venue")) == [
        "citation-number", "O", "B-author", "author", "O", "B-title", "title", "B-venue", "year"]
    assert begin_states(labels, begun=("title",)) == [
        "citation-number", "O", "author", "author", "O", "B-title", "title", "venue", "year"]
    assert begin_states(labels, begun=()) == labels


def test_begin_states_stay_inside_the_model(tiny_model, sample):
    """Tokens carry labels, never "B-" states, and each token's p is its label's marginal
    (its states summed), the same by the batch path and by crfsuite's."""
    weights = read_weights(tiny_model)
    manifest = load_model(tiny_model).manifest
    assert "B-title" in weights.labels and "title" in manifest["begin_labels"]
    assert not any(label.startswith("B-") for label in manifest["labels"])
    crf = load_model(tiny_model)
    for (text, norm, tokens), ref in zip(items_of(sample[:40]), parse_many(sample[:40], "crf", tiny_model)):
        labels, probs = crf.tag(tokens, norm.text)
        assert [t["label"] for t in ref.tokens] == labels
        assert set(labels) <= set(LABELS) | {OTHER}
        assert [t["p"] for t in ref.tokens] == pytest.approx(probs, abs=1e-4)
        assert all(p <= 1.0 + 1e-9 for p in probs)


def test_the_word_table_is_bounded_in_bytes_whatever_the_states(tiny_model):
    """More states make each word's rows longer, and the table holds fewer words: memory stays
    within TABLE_BYTES (one spare row aside)."""
    from tagger.crf.encode import TABLE_BYTES, WORDS
    weights = read_weights(tiny_model)
    encoder = Encoder(weights)
    word_bytes = encoder._table[0].nbytes
    assert encoder._table.nbytes <= TABLE_BYTES + word_bytes
    assert encoder.words == min(WORDS, TABLE_BYTES // word_bytes)
