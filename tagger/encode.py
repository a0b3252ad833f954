"""A reference's label scores straight from its tokens, for the batch decoder (decode.py).

`features.featurize` spells every attribute out as a string, which crfsuite needs and the
weights do not. Here each distinct word's attributes are looked up once and summed into one
score row per role: its own attributes, and what it lends to each neighbour (features.WINDOW).
Those rows are kept in a bounded LRU table shared by all references, so a reference's scores
are a few array gathers plus its context attributes, which depend on the whole sequence. The
attributes are featurize's exactly (the same word and context functions; tests/test_decode.py
checks that the sums agree), so any model built for this FEATURE_VERSION keeps working.
"""

import threading
from collections import OrderedDict

import numpy as np

from . import features

# Distinct words whose score rows are kept (each 1 + len(WINDOW) rows of one float per label:
# about 1 kB, so 16 MB in all). A reference with more distinct words than this is scored
# through featurize() instead, since its own words would evict each other.
WORDS = 1 << 14


class Encoder:
    """State scores of tokenized references under one model's weights (decode.Weights)."""

    def __init__(self, weights, words=WORDS):
        self.weights = weights
        self.offsets = tuple(features.WINDOW)
        self.zero = len(weights.state) - 1  # the all-zero row: an attribute the model lacks
        self._row = weights.row.get
        self._table = np.zeros((words, 1 + len(self.offsets), len(weights.labels)))
        self._slots: OrderedDict[str, int] = OrderedDict()
        self._lower: dict[int, str] = {}  # slot -> the word's lower-cased form (word pairs)
        self._lock = threading.Lock()  # slots are reused: one reference at a time
        self._context = _Rows(weights.row, self.zero)
        # Word pairs by their "a|b" text: both attribute rows at once, (zero, zero) if neither.
        pairs: dict[str, list[int]] = {}
        for attribute, i in weights.row.items():
            if attribute.startswith(("w|w+1=", "w-1|w=")):
                side = attribute[1] == "-"
                pairs.setdefault(attribute[6:], [self.zero, self.zero])[side] = i
        self._pairs = {pair: tuple(rows) for pair, rows in pairs.items()}
        state = weights.state
        self._bias, self._first, self._last = (
            state[self._row(name, self.zero)] for name in ("bias", "-1:edge", "+1:edge"))

    def scores(self, tokens, text) -> np.ndarray:
        """(tokens × labels) scores: what `weights.scores(featurize(tokens, text))` gives."""
        words = [token.text for token in tokens]
        if len(words) > len(self._table) and len(set(words)) > len(self._table):
            return self.weights.scores(features.featurize(tokens, text))
        with self._lock:
            new = []  # (slot, word attributes) of the words seen here for the first time
            slots = np.array([self._slot(word, new) for word in words])
            if new:
                self._fill(new)
            lowers = [self._lower[slot] for slot in slots.tolist()]
            rows = self._table[slots]  # [token, role, label]
        count = len(slots)
        scores = rows[:, 0]
        for role, offset in enumerate(self.offsets, 1):
            if abs(offset) < count:
                scores[max(0, -offset):count - max(0, offset)] += \
                    rows[max(0, offset):count + min(0, offset), role]
        scores += self.weights.state[self._context_rows(tokens, text, lowers)].sum(axis=1)
        scores += self._bias
        scores[0] += self._first
        scores[-1] += self._last
        return scores

    def _slot(self, word: str, new: list) -> int:
        """The table slot of a word's score rows (least recent evicted); a word seen for the
        first time is added to `new`, for `_fill` to write its rows."""
        slots = self._slots
        slot = slots.get(word)
        if slot is not None:
            slots.move_to_end(word)
            return slot
        slot = len(slots) if len(slots) < len(self._table) else slots.popitem(last=False)[1]
        slots[word] = slot
        lower, own, lent = features.word_attributes(word)
        self._lower[slot] = lower
        new.append((slot, (own, *(lent[offset] for offset in self.offsets))))
        return slot

    def _fill(self, new) -> None:
        """Write the score rows of new words: for each word and role, the sum of its attributes'
        state rows, all gathered and summed by one numpy call each (a call per row cost more
        than the features). Each list is padded with the all-zero row, which keeps the sums
        bit for bit what summing each list alone gives (np.add.reduceat's do not)."""
        row, zero = self._row, self.zero
        lists = [[row(name, zero) for name in names] for _, roles in new for names in roles]
        width = max(map(len, lists))
        ids = np.array([ids + [zero] * (width - len(ids)) for ids in lists], dtype=np.intp)
        sums = self.weights.state[ids].sum(axis=1)
        self._table[[slot for slot, _ in new]] = sums.reshape(len(new), -1, sums.shape[1])

    def _context_rows(self, tokens, text, lowers) -> np.ndarray:
        """(tokens × k) attribute rows of the context features and word pairs, in featurize's
        spelling (one the model lacks: the zero row)."""
        context, zero = self._context.__getitem__, self.zero
        columns = [list(map(context, feature(tokens, text)))
                   for feature in features.CONTEXT_FEATURES]
        pairs, none = self._pairs.get, (zero, zero)
        found = [pairs(a + "|" + b, none) for a, b in zip(lowers, lowers[1:])]
        columns.append([first for first, _ in found] + [zero])  # "w|w+1=a|b" on the pair's first
        columns.append([zero] + [second for _, second in found])  # "w-1|w=a|b" on its second
        return np.array(columns, dtype=np.intp).T


class _Rows(dict):
    """Attribute name → row, remembered as asked (up to a bound): context features take few
    values; one the model lacks is the zero row."""

    def __init__(self, row, zero, bound=1 << 12):
        super().__init__()
        self.row, self.zero, self.bound = row, zero, bound

    def __missing__(self, name):
        value = self.row.get(name, self.zero)
        if len(self) < self.bound:
            self[name] = value
        return value
