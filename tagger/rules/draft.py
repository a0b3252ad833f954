"""The rule tagger's working state: tokens with a label slot each, filled stage by stage.

Stages run from the surest rules to the loosest guesses, and a stage never overwrites a label
an earlier one set, so a DOI found by pattern stays a DOI whatever the title rule thinks.
"""

from dataclasses import dataclass, field


class _Padded(dict):
    """Position → token text; "" for a position outside the reference."""

    def __missing__(self, i):
        return ""


@dataclass
class Draft:
    tokens: list
    text: str
    labels: list = field(default_factory=list)  # label, or None while undecided
    probs: list = field(default_factory=list)
    words: list = field(default_factory=list)    # token texts, and lower-cased: rules ask often
    lowers: list = field(default_factory=list)

    def __post_init__(self):
        self.labels = [None] * len(self.tokens)
        self.probs = [0.0] * len(self.tokens)
        self.words = [token.text for token in self.tokens]
        self.lowers = [word.lower() for word in self.words]
        # word(i) / lower(i): token text at i, or "" outside the reference, so look-ahead needs
        # no bounds checks. The rules ask hundreds of times a reference, and a dict's own
        # lookup answers at C speed, where a method with a bounds check was a fifth of the time.
        self.word = _Padded(enumerate(self.words)).__getitem__
        self.lower = _Padded(enumerate(self.lowers)).__getitem__

    def __len__(self):
        return len(self.tokens)

    def free(self, i: int) -> bool:
        return 0 <= i < len(self.tokens) and self.labels[i] is None

    def glued(self, i: int) -> bool:
        """True when token i follows token i-1 with no white space between."""
        return 0 < i < len(self.tokens) and self.tokens[i].start == self.tokens[i - 1].end

    def put(self, start: int, end: int, label: str, p: float) -> None:
        """Label the still undecided tokens in [start, end)."""
        for i in range(max(start, 0), min(end, len(self.tokens))):
            if self.labels[i] is None:
                self.labels[i] = label
                self.probs[i] = p
