"""Viterbi over a CRFsuite model's own weights, so outside evidence can be added to its scores.

crfsuite decodes only from the features it was trained on. To let another opinion (the rule
tagger's labels) tip the CRF's close calls, the model's state and transition weights are read
once from its file (`model.read_weights`), each token's label scores are summed from its
attributes, the bonuses are added, and the best path is found here. With no bonus the path
is crfsuite's own.
"""

import numpy as np

# CRFsuite's feature record, as its model file stores it.
FEATURE = np.dtype([("type", "<u4"), ("source", "<u4"), ("destination", "<u4"), ("weight", "<f8")])


class Weights:
    """A model's weights as arrays: label scores per attribute (one row each), transitions.

    `features` is CRFsuite's feature table: (type, source, destination, weight) records, type
    0 an attribute's weight for a label, type 1 a label-to-label transition (model.read_weights).
    """

    def __init__(self, labels, attributes, features):
        self.labels = list(labels)
        self.column = {label: j for j, label in enumerate(self.labels)}
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
        """The best labels once each (label, bonus) of `hints` is added to its token's scores."""
        scores = self.scores(sequence)
        for t, (label, bonus) in enumerate(hints):
            if label in self.column:
                scores[t, self.column[label]] += bonus
        return [self.labels[j] for j in viterbi(scores, self.transition)]


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
