"""Viterbi over a CRFsuite model's own weights, so outside evidence can be added to its scores.

crfsuite decodes only from the features it was trained on. To let another opinion (the rule
tagger's labels) tip the CRF's close calls, the model's state and transition weights are read
out once (`Weights`), each token's label scores are summed from its attributes, the bonuses
are added, and the best path is found here. With no bonus the path is crfsuite's own.
"""

import numpy as np


class Weights:
    """A model's weights as arrays: label scores per attribute (one row each), transitions."""

    def __init__(self, tagger):
        info = tagger.info()
        self.labels = tagger.labels()
        self.column = {label: j for j, label in enumerate(self.labels)}
        attributes = sorted({attribute for attribute, _ in info.state_features})
        self.row = {attribute: i for i, attribute in enumerate(attributes)}
        # One more row, all zeros, that every token includes: no token is left without rows.
        self.state = np.zeros((len(attributes) + 1, len(self.labels)))
        for (attribute, label), weight in info.state_features.items():
            self.state[self.row[attribute], self.column[label]] = weight
        self.transition = np.zeros((len(self.labels), len(self.labels)))
        for (before, after), weight in info.transitions.items():
            self.transition[self.column[before], self.column[after]] = weight

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
