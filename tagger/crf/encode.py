"""A reference's label scores straight from its tokens, for the batch decoder (decode.py).

`features.featurize` spells every attribute out as a string, which crfsuite needs and the
weights do not. Here each distinct word's attributes are looked up once and summed into one
score row per role: its own attributes, and what it lends to each neighbour (features.WINDOW).
Those rows are kept in a bounded LRU table shared by all references, so a reference's scores
are a few array gathers plus its context attributes, which depend on the whole sequence. The
attributes are featurize's exactly (the same word and context functions; tests/test_decode.py
checks that the sums agree), so any model built for this FEATURE_VERSION keeps working.

The rows are kept as float32 and summed in float64: half the memory per word, so twice the
words in the same bound (gold's 12,600 distinct words fit, and a warm pass no longer refills
the table), for a rounding of 2^-24 of each row. Over gold's and GROBID's 6,919 references the
labels stay crfsuite's and the marginals within 1.5e-7 of its own (training/benchmarks/check_decoder.py).
"""

import threading
from collections import OrderedDict

import numpy as np

from . import features

# Distinct words whose score rows are kept (each 1 + len(WINDOW) rows of one float32 per model
# state: about 0.6 kB for 21 states, 1.1 kB for 41), at most WORDS and at most TABLE_BYTES in all,
# so memory stays bounded whatever the model's states. A batch with more distinct words than
# the table holds is scored in halves, and a reference with more through featurize() instead,
# since its own words would evict each other.
WORDS = 1 << 14
TABLE_BYTES = 20_000_000
ROW = np.float32  # a table row's floats (the module docstring says why)

# New words filled in by one numpy gather a role: each word's rows gather, for each role, the
# role's longest attribute list × labels floats, so a batch's thousands of new words at once
# would cost tens of MB.
FILL = 256

# Empty positions after each reference in a batch: as many as the widest window reaches.
PAD = max(abs(offset) for offset in features.WINDOW)


class Encoder:
    """State scores of tokenized references under one model's weights (decode.Weights)."""

    def __init__(self, weights, words=None):
        self.weights = weights
        self.offsets = tuple(features.WINDOW)
        self.zero = len(weights.state) - 1  # the all-zero row: an attribute the model lacks
        self._row = weights.row.get
        shape = (1 + len(self.offsets), len(weights.labels))
        word_bytes = shape[0] * shape[1] * np.dtype(ROW).itemsize
        self.words = words or min(WORDS, TABLE_BYTES // word_bytes)
        words = self.words
        # One row per word and role, and one more, always zero, for the positions between
        # references (scores_many).
        self._table = np.zeros((words + 1, *shape), dtype=ROW)
        self.empty = words
        self._slots: OrderedDict[str, int] = OrderedDict()
        self._lock = threading.Lock()  # slots are reused: one reference at a time
        self._context = _Rows(weights.row, self.zero)
        self._pairs = _WordPairs(weights.row, self.zero)
        # Each slot's word as a word of the model's pairs (-1: in none); the empty slot's too.
        self._pair_word = np.full(words + 1, -1, dtype=np.intp)
        state = weights.state
        self._bias, self._first, self._last = (
            state[self._row(name, self.zero)] for name in ("bias", "-1:edge", "+1:edge"))

    def scores(self, tokens, text) -> np.ndarray:
        """(tokens × labels) scores: what `weights.scores(featurize(tokens, text))` gives."""
        return self.scores_many([(tokens, text)])[0]

    def scores_many(self, items) -> list[np.ndarray]:
        """`scores` of each (tokens, text), computed for the whole batch at once: numpy's cost
        per call, not its arithmetic, was most of a reference's. The references' tokens lie
        end to end with PAD empty positions after each (the zero row: a window never reaches
        into the next reference), so each role and each context column is one gather for all
        of them, added in the order one reference alone would add them (the same sums, bit
        for bit).
        """
        distinct = dict.fromkeys(token.text for tokens, _ in items for token in tokens)
        if len(distinct) > self.words:  # its words would evict each other: in halves
            if len(items) == 1:  # a reference with more words than the table holds
                tokens, text = items[0]
                return [self.weights.scores(features.featurize(tokens, text))]
            half = len(items) // 2
            return self.scores_many(items[:half]) + self.scores_many(items[half:])
        names = [[] for _ in features.CONTEXT_FEATURES]  # a context feature's value per position
        for tokens, text in items:
            for column, feature in zip(names, features.CONTEXT_FEATURES):
                column.extend(feature(tokens, text))
                column.extend([None] * PAD)
        empty = self.empty
        slots, firsts, lasts = [empty] * PAD, [], []
        with self._lock:
            new = []  # (slot, word attributes) of the words seen here for the first time
            for word in distinct:
                distinct[word] = self._slot(word, new)
            for start in range(0, len(new), FILL):  # a batch's new words, a bounded few at a time
                self._fill(new[start:start + FILL])
            for tokens, _ in items:
                firsts.append(len(slots))
                slots.extend([distinct[token.text] for token in tokens])
                lasts.append(len(slots) - 1)
                slots.extend([empty] * PAD)
            slots = np.array(slots, dtype=np.intp)
            pairs = self._pairs.rows(self._pair_word[slots[PAD:]])
            table = self._table
            scores = table[slots, 0].astype(float)  # [position, label]: a word's own attributes
            for role, offset in enumerate(self.offsets, 1):  # then what its neighbours lend
                scores[PAD:-PAD] += table[slots[PAD + offset:len(slots) - PAD + offset], role]
        row, state = self._context.__getitem__, self.weights.state
        columns = [np.fromiter(map(row, column), dtype=np.intp, count=len(column))
                   for column in names]
        columns.extend(pairs)
        context = state[columns[0]]
        for column in columns[1:]:
            context += state[column]
        scores[PAD:] += context
        scores += self._bias
        scores[firsts] += self._first
        scores[lasts] += self._last
        return [scores[first:last + 1] for first, last in zip(firsts, lasts)]

    def _slot(self, word: str, new: list) -> int:
        """The table slot of a word's score rows (least recent evicted); a word seen for the
        first time is added to `new`, for `_fill` to write its rows."""
        slots = self._slots
        slot = slots.get(word)
        if slot is not None:
            slots.move_to_end(word)
            return slot
        slot = len(slots) if len(slots) < self.words else slots.popitem(last=False)[1]
        slots[word] = slot
        lower, own, lent = features.word_attributes(word)
        self._pair_word[slot] = self._pairs.word.get(lower, -1)
        new.append((slot, (own, *(lent[offset] for offset in self.offsets))))
        return slot

    def _fill(self, new) -> None:
        """Write the score rows of new words: for each word and role, the sum of its attributes'
        state rows, gathered and summed by one numpy call a role (a call per row cost more
        than the features). A role's lists are padded to its longest with the all-zero row,
        which keeps the sums bit for bit what summing each list alone gives (np.add.reduceat's
        do not); padded by role, since a word's own list is several times as long as what it
        lends, and every padded place is gathered."""
        row, zero, state = self._row, self.zero, self.weights.state
        slots = [slot for slot, _ in new]
        for role in range(1 + len(self.offsets)):
            lists = [[row(name, zero) for name in roles[role]] for _, roles in new]
            width = max(map(len, lists))
            ids = []
            for names in lists:
                ids.extend(names)
                ids.extend([zero] * (width - len(names)))
            ids = np.array(ids, dtype=np.intp).reshape(len(lists), width)
            self._table[slots, role] = state[ids].sum(axis=1)


class _WordPairs:
    """The model's word-pair attributes ("w|w+1=a|b" on a pair's first word, "w-1|w=a|b" on
    its second) as arrays, so that a batch's pairs are found by one sorted search, not a
    string joined and looked up per token. Each word of a pair has a number (`word`); a
    pair's key is its two numbers, and both its attributes' rows are kept by that key (the
    all-zero row for one the model lacks)."""

    def __init__(self, row, zero):
        texts: dict[str, list[int]] = {}  # "a|b" → both attributes' rows
        for attribute, i in [item for item in row.items()
                             if item[0].startswith(("w|w+1=", "w-1|w="))]:
            texts.setdefault(attribute[6:], [zero, zero])[attribute[1] == "-"] = i
        # A pair's text is its words joined by "|", and a word may hold one ("|" itself, a
        # URL): each way of cutting the text in two names a pair whose joined words it is.
        sides = {}
        for text, rows in texts.items():
            first, _, second = text.partition("|")
            sides[first, second] = rows
            if "|" in second:  # (rare: the other cuts)
                parts = text.split("|")
                for k in range(2, len(parts)):
                    sides["|".join(parts[:k]), "|".join(parts[k:])] = rows
        self.word = {word: n for n, word in enumerate({word for pair in sides for word in pair})}
        self.zero, self.count = zero, len(self.word)
        keys = np.array([self.word[first] * self.count + self.word[second]
                         for first, second in sides], dtype=np.intp)
        order = np.argsort(keys)
        self.keys = keys[order]
        self.found = np.array(list(sides.values()) or np.empty((0, 2)), dtype=np.intp)[order]

    def rows(self, words: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The rows of "w|w+1=…" and of "w-1|w=…" at each position of `words` (each
        position's word number, -1 for a word in no pair and for the gaps between
        references, so no pair reaches across one)."""
        first, second = (np.full(len(words), self.zero, dtype=np.intp) for _ in range(2))
        if not len(self.keys) or len(words) < 2:
            return first, second
        left, right = words[:-1], words[1:]
        keys = left * self.count + right
        at = np.minimum(np.searchsorted(self.keys, keys), len(self.keys) - 1)
        known = (left >= 0) & (right >= 0) & (self.keys[at] == keys)
        first[:-1][known] = self.found[at[known], 0]
        second[1:][known] = self.found[at[known], 1]
        return first, second


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
