"""Decoding from a CRFsuite model's own weights: Viterbi and marginals, many references at once.

The model's state and transition weights are read once from its file (`model.read_weights`);
each token's label scores are summed from its attributes' rows. Decoding here rather than in
crfsuite saves its per-reference C round trips (building an ItemSequence from strings, `tag`,
one `marginal` call per token): `best_paths` and `marginals` run a whole batch of references
through each step of the recursions as one numpy operation. Outside evidence (the rule
tagger's labels, for `auto`) is simply added to the scores before decoding. With no bonus the
path is crfsuite's own and the marginals are its own to rounding (tests/test_decode.py).
The marginals come first: where they make one path likelier than all others together
(`sure_paths`), that path is the best one, and the Viterbi runs only for the rest.
"""

import numpy as np

from ..labels import field_of, states_by_label

# CRFsuite's feature record, as its model file stores it.
FEATURE = np.dtype([("type", "<u4"), ("source", "<u4"), ("destination", "<u4"), ("weight", "<f8")])


class Weights:
    """A model's weights as arrays: label scores per attribute (one row each), transitions.

    `features` is CRFsuite's feature table: (type, source, destination, weight) records, type
    0 an attribute's weight for a label, type 1 a label-to-label transition (model.read_weights).
    """

    def __init__(self, labels, attributes, features):
        self.labels = list(labels)  # the model's states: labels, and "B-" ones (labels.BEGIN)
        self.column = {label: j for j, label in enumerate(self.labels)}  # each state's
        self.fields = [field_of(label) for label in self.labels]
        self.columns = states_by_label(self.labels)  # each label's state columns
        # A state's marginal summed with the other states of its label (None: one state each).
        fields = np.array(self.fields)
        self.same_field = (fields[:, None] == fields[None, :]).astype(float) if (
            len(self.columns) < len(self.labels)) else None
        # Each state's other state of its label (itself where it has none, `paired` False);
        # None for a model that gives a label more than two.
        self.partner = np.arange(len(self.labels))
        for columns in self.columns.values():
            if len(columns) == 2:
                self.partner[columns] = columns[::-1]
        self.paired = self.partner != np.arange(len(self.labels))
        if any(len(columns) > 2 for columns in self.columns.values()):
            self.partner = None
        self.row = {attribute: i for i, attribute in enumerate(attributes)}
        state, transition = features[features["type"] == 0], features[features["type"] == 1]
        # One more row, all zeros, that every token includes: no token is left without rows.
        self.state = np.zeros((len(attributes) + 1, len(self.labels)))
        self.state[state["source"], state["destination"]] = state["weight"]
        self.transition = np.zeros((len(self.labels), len(self.labels)))
        self.transition[transition["source"], transition["destination"]] = transition["weight"]

    def scores(self, sequence) -> np.ndarray:
        """(tokens × labels) state scores of featurized tokens (attribute names, value 1)."""
        zero, rows, starts = len(self.state) - 1, [], []
        for attributes in sequence:
            starts.append(len(rows))
            rows.append(zero)
            rows.extend([self.row[a] for a in attributes if a in self.row])
        return np.add.reduceat(self.state[rows], starts, axis=0)

    def decode(self, sequence, hints) -> list[str]:
        """The best states once each (label, bonus) of `hints` is added to its token's scores."""
        return self.state_labels(viterbi(self.with_hints(self.scores(sequence), hints),
                                         self.transition))

    def with_hints(self, scores, hints) -> np.ndarray:
        """`scores` with each (label, bonus) of `hints` added to its token's score of each
        state of that label; a label the model does not know is ignored."""
        columns, rows, states, bonuses = self.columns, [], [], []
        for t, (label, bonus) in enumerate(hints):
            for j in columns.get(label, ()):  # (one numpy addition for all: each is costly)
                rows.append(t)
                states.append(j)
                bonuses.append(bonus)
        scores = scores.copy()
        scores[rows, states] += bonuses
        return scores

    def path_labels(self, path) -> list[str]:
        """The labels a path of state columns gives its tokens."""
        fields = self.fields
        return [fields[j] for j in (path.tolist() if isinstance(path, np.ndarray) else path)]

    def state_labels(self, path) -> list[str]:
        """The model's own states along a path ("B-title" kept), as crfsuite's `tag()` gives."""
        labels = self.labels
        return [labels[j] for j in (path.tolist() if isinstance(path, np.ndarray) else path)]

    def chosen(self, marginal: np.ndarray, path: np.ndarray) -> list[float]:
        """Each token's marginal probability of the label its path gives it (the states of
        that label summed)."""
        if self.same_field is None:
            return chosen(marginal, path)
        return (marginal @ self.same_field)[np.arange(len(path)), path].tolist()

    def readings(self, paths, marginals) -> list[tuple[list[str], list[float]]]:
        """Each path's labels and each label's marginal (`path_labels`, `chosen`), read for a
        whole batch by one gather, not a few numpy calls a reference. A label's marginal is
        its state's plus its other state's where it has one: the very sum `chosen`'s product
        makes (its other terms are zeros), so the same floats."""
        if not paths:
            return []
        if self.partner is None:
            return [(self.path_labels(path), self.chosen(marginal, path))
                    for path, marginal in zip(paths, marginals)]
        path = np.concatenate(paths)
        marginal = np.concatenate(marginals)
        tokens = np.arange(len(path))
        probs = marginal[tokens, path]
        probs += np.where(self.paired[path], marginal[tokens, self.partner[path]], 0.0)
        fields, states, probs = self.fields, path.tolist(), probs.tolist()
        out, start = [], 0
        for one in paths:
            end = start + len(one)
            out.append(([fields[j] for j in states[start:end]], probs[start:end]))
            start = end
        return out


def viterbi(scores: np.ndarray, transition: np.ndarray) -> list[int]:
    """The highest-scoring path (column indices) through per-token scores and transitions."""
    best = scores[0].copy()
    back = np.zeros(scores.shape, dtype=int)
    for t in range(1, len(scores)):
        candidates = best[:, None] + transition
        back[t] = candidates.argmax(axis=0)
        best = candidates.max(axis=0) + scores[t]
    path = [int(best.argmax())]
    for t in range(len(scores) - 1, 0, -1):
        path.append(int(back[t, path[-1]]))
    return path[::-1]


# References of similar length are decoded together, padded to the longest of their group:
# a group is at most this many references, the longest at most this much longer than the
# shortest (padding costs work; more groups cost numpy calls).
GROUP_SIZE = 128
GROUP_SLACK = 1.25


def length_groups(lengths) -> list[list[int]]:
    """Indices of `lengths` in groups of similar length (empty sequences left out)."""
    order = sorted((i for i, n in enumerate(lengths) if n), key=lengths.__getitem__)
    groups, group = [], []
    for i in order:
        if group and (len(group) == GROUP_SIZE or lengths[i] > GROUP_SLACK * lengths[group[0]] + 2):
            groups.append(group)
            group = []
        group.append(i)
    if group:
        groups.append(group)
    return groups


def _padded(scores, group):
    """The group's (references × tokens × labels) scores, zero after each one's end, and lengths."""
    lengths = np.array([len(scores[i]) for i in group])
    padded = np.zeros((len(group), lengths.max(), scores[group[0]].shape[1]))
    for row, i in enumerate(group):
        padded[row, :lengths[row]] = scores[i]
    return padded, lengths


# A reference's most likely states are its best path when their chances of being wrong sum to
# less than this: the path is then likelier than a half, and any other less likely than a half.
SURE = 0.45


def sure_paths(marginals) -> dict[int, np.ndarray]:
    """The references (index → path) whose best path their marginals give outright: each
    token's most likely state, where those states' chances of being wrong sum to under SURE.

    The path's probability is at least one minus that sum (a path is wrong where one of its
    states is), so over a half, and no other path can be as likely: Viterbi would find the
    same states (the margin, 0.55 against 0.45, is far beyond any rounding). Most references
    a CRF is sure of are decided so, for the cost of a maximum, not Viterbi's recursion."""
    tokened = [i for i, marginal in enumerate(marginals) if len(marginal)]
    if not tokened:
        return {}
    lengths = [len(marginals[i]) for i in tokened]
    joint = np.concatenate([marginals[i] for i in tokened])
    starts = np.cumsum([0] + lengths[:-1])
    wrong = np.add.reduceat(1.0 - joint.max(axis=1), starts)
    states = joint.argmax(axis=1)
    return {i: states[start:start + length] for i, start, length, doubt
            in zip(tokened, starts.tolist(), lengths, wrong.tolist()) if doubt < SURE}


def best_paths(scores, transition, marginals=None) -> list[np.ndarray]:
    """Viterbi for each (tokens × labels) score array: its best path, as label columns. Given
    the scores' marginals, a reference they decide (`sure_paths`) takes its path from them.

    Ties go to the lower label index, as in crfsuite. The forward pass keeps each step's best
    scores and no back-pointers: its maximum over the previous label runs over the first axis
    of a [from, reference, to] array, which numpy does element-wise, three times faster than
    an argmax over a last axis of 41. Walking back, each step's pointer is found for the one
    label the path holds there, from the same sums (the same ties). Past a reference's end its
    scores stop changing and the walk stays put, so padding never alters a path.
    """
    paths = [np.zeros(0, dtype=np.intp)] * len(scores)
    sure = sure_paths(marginals) if marginals is not None else {}
    for i, path in sure.items():
        paths[i] = path
    into = np.ascontiguousarray(transition.T)  # [to, from]
    edges = transition[:, None, :]  # [from, reference, to]
    for group in length_groups([0 if i in sure else len(s) for i, s in enumerate(scores)]):
        if len(group) == 1:  # a parse() call, or a length alone in its batch
            paths[group[0]] = _best_path_one(scores[group[0]], into)
            continue
        padded, lengths = _padded(scores, group)
        count, steps, labels = padded.shape
        shortest = lengths.min()
        best = np.empty((steps, count, labels))  # [step, reference, label]: best score so far
        best[0] = padded[:, 0]
        candidates = np.empty((labels, count, labels))  # [from, reference, to]
        for t in range(1, steps):
            np.add(best[t - 1].T[:, :, None], edges, out=candidates)
            score = candidates.max(axis=0)
            score += padded[:, t]
            if t >= shortest:
                ended = lengths <= t
                score[ended] = best[t - 1][ended]
            best[t] = score
        path = np.empty((count, steps), dtype=np.intp)
        path[:, -1] = best[-1].argmax(axis=1)
        for t in range(steps - 1, 0, -1):
            back = (best[t - 1] + into[path[:, t]]).argmax(axis=1)
            if t >= shortest:
                ended = lengths <= t
                back[ended] = path[ended, t]
            path[:, t - 1] = back
        for row, i in enumerate(group):
            paths[i] = path[row, :lengths[row]]
    return paths


def _best_path_one(scores: np.ndarray, into: np.ndarray) -> np.ndarray:
    """best_paths' Viterbi for one reference, with no padding to handle: half the numpy calls
    per token, which are what one reference costs. The same sums and the same ties (argmax's
    first, the lower label), so the same path as in a batch."""
    stay = np.arange(len(into))
    best, back = scores[0], []
    for score in scores[1:]:
        candidates = best + into  # [to, from]
        pointers = candidates.argmax(axis=1)
        best = candidates[stay, pointers] + score
        back.append(pointers)
    path = [int(best.argmax())]  # walked back in Python: a numpy call per token costs more
    for pointers in reversed(np.array(back, dtype=np.intp).tolist()):
        path.append(pointers[path[-1]])
    return np.array(path[::-1], dtype=np.intp)


def marginals(scores, transition) -> list[np.ndarray]:
    """Forward-backward for each (tokens × labels) score array: P(label at token) under the CRF.

    In probability space (crfsuite's way), with each token's scores shifted by their maximum.
    A token's marginals are its forward × backward values normalized over the labels, so no
    step needs its own scale: values are rescaled only every few steps, as often as it takes
    to keep them far from overflow and underflow whatever the transition weights.
    """
    out = [np.zeros((0, len(transition)))] * len(scores)
    edges, labels = np.exp(transition), len(transition)
    # Per step a value grows at most labels × e^max|w| times and shrinks at most e^max|w|.
    every = max(1, int(300 / (np.log(labels) + np.abs(transition).max(initial=0.0) + 1)))
    for group in length_groups([len(s) for s in scores]):
        if len(group) == 1:
            out[group[0]] = _marginals_one(scores[group[0]], edges, every)
            continue
        padded, lengths = _padded(scores, group)
        count, steps, _ = padded.shape
        states = np.exp(padded - padded.max(axis=2, keepdims=True))
        forward = np.empty_like(states)
        forward[:, 0] = states[:, 0]
        for t in range(1, steps):
            np.matmul(forward[:, t - 1], edges, out=forward[:, t])
            forward[:, t] *= states[:, t]
            if t % every == 0:
                forward[:, t] /= forward[:, t].sum(axis=1, keepdims=True)
        backward = np.empty_like(states)
        backward[:, -1] = 1.0
        last = lengths - 1
        earliest = last.min()
        for t in range(steps - 2, -1, -1):
            np.matmul(backward[:, t + 1] * states[:, t + 1], edges.T, out=backward[:, t])
            if (steps - 1 - t) % every == 0:
                backward[:, t] /= backward[:, t].sum(axis=1, keepdims=True)
            if t >= earliest:
                backward[t >= last, t] = 1.0  # a reference's last token and its padding
        joint = forward * backward
        joint /= joint.sum(axis=2, keepdims=True)
        for row, i in enumerate(group):
            out[i] = joint[row, :lengths[row]]
    return out


def _marginals_one(scores: np.ndarray, edges: np.ndarray, every: int) -> np.ndarray:
    """marginals' forward-backward for one reference: the same operations on (1 × labels)
    rows, without the padding and the indexing a batch needs, which are what one costs."""
    states = list(np.exp(scores - scores.max(axis=1, keepdims=True))[:, None, :])
    value = states[0]
    forward = [value]
    for t in range(1, len(states)):
        value = np.matmul(value, edges)
        value *= states[t]
        if t % every == 0:
            value /= value.sum(axis=1, keepdims=True)
        forward.append(value)
    value = np.ones_like(states[0])
    backward = [value]
    for t in range(len(states) - 2, -1, -1):
        value = np.matmul(value * states[t + 1], edges.T)
        if (len(states) - 1 - t) % every == 0:
            value /= value.sum(axis=1, keepdims=True)
        backward.append(value)
    joint = np.concatenate(forward) * np.concatenate(backward[::-1])
    joint /= joint.sum(axis=1, keepdims=True)
    return joint


def chosen(marginal: np.ndarray, path: np.ndarray) -> list[float]:
    """Each token's marginal probability of the state its path gives it (crfsuite's
    `marginal()`; `Weights.chosen` sums a label's states)."""
    return marginal[np.arange(len(path)), path].tolist()
