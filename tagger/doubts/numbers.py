"""The numbers at a reference's end, where the CRF gave one another's field."""

from .. import lexicon
from .words import PAGES, VOLUME, run_end


def range_as_volume(words, labels) -> dict[int, str]:
    """A range of numbers read as the volume in a reading with no pages ("… System
    Demonstrations 38–45 (Association for Computational Linguistics, 2020)", Nature's
    proceedings): a volume is one number, so the range is the pages, unless a word announces
    volumes ("Vol. 1-3") or a month follows (days: "24-25 janvier 2014")."""
    if PAGES in labels or VOLUME not in labels:
        return {}
    start = labels.index(VOLUME)
    end = run_end(labels, start, VOLUME)
    run = words[start:end]
    if not (len(run) == 3 and run[0].isdigit() and run[1] in _DASHES and run[2].isdigit()):
        return {}
    announced = start and lexicon.KEYWORDS.get(
        words[start - 1 - (words[start - 1] == ".")].lower()) == VOLUME
    dated = end < len(words) and "month" in lexicon.classes(words[end])  # "24-25 janvier"
    return {} if announced or dated else dict.fromkeys(range(start, end), PAGES)


_DASHES = frozenset("-–—")
