"""Token features for the CRF.

Two kinds, each a small function: word features look at one token's text alone (and are
cached, since words repeat), context features look at the whole token sequence (white space,
brackets, how far into the reference we are). A window then copies a few of each
neighbour's features onto every token. Adding a feature is adding one function to a list.

Changing any feature changes what a model means: bump FEATURE_VERSION, and retrain.
"""

import re
from functools import lru_cache, wraps
from itertools import groupby
from typing import NamedTuple

from ..text import lexicon

FEATURE_VERSION = "7"

_ROMAN = re.compile(r"^(?=[ivxlcdm]+$)m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$", re.I)
_ORDINAL = re.compile(r"^\d+(st|nd|rd|th|e|er|re|ème|º|°)$", re.I)
# A year as references write one (tagger/doubts/ reads years by it too).
YEAR_SHAPE = re.compile(r"^(1[5-9]\d\d|20[0-4]\d)[a-z]?$")
_ARXIV = re.compile(r"arxiv|abs/|\d{4}\.\d{4,5}(v\d+)?$|[a-z-]+(\.[a-z]{2})?/\d{7}")


# ---- word features: f(text) -> dict --------------------------------------------------------

def word(text):
    lower = text.lower()
    if text.isdigit():
        return {"w": f"<{len(text)}d>"}
    return {"w": lower}


def shape(text):
    head = text[:8]
    if head.isascii():  # the same classes as below, by table
        long = head.translate(_ASCII_SHAPE)
    else:
        long = "".join("X" if c.isupper() else "x" if c.islower() else "d" if c.isdigit() else c
                       for c in head)
    short = "".join(char for char, _ in groupby(long))  # each run of one class once
    return {"shape": long, "shape_short": short, "len": str(min(len(text), 8))}


_ASCII_SHAPE = str.maketrans({**dict.fromkeys("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "X"),
                              **dict.fromkeys("abcdefghijklmnopqrstuvwxyz", "x"),
                              **dict.fromkeys("0123456789", "d")})


def affixes(text):
    if len(text) < 3 or not text.isalpha():
        return {}
    lower = text.lower()
    return {"p2": lower[:2], "p3": lower[:3], "s2": lower[-2:], "s3": lower[-3:]}


def case(text):
    if not text[0].isalpha():
        return {}
    if len(text) == 1:
        return {"case": "initial" if text.isupper() else "letter"}
    if text.isupper():
        return {"case": "upper"}
    if text[0].isupper():
        return {"case": "title" if text[1:].islower() else "mixed"}
    return {"case": "lower" if text.islower() else "mixed"}


def number(text):
    if YEAR_SHAPE.match(text):
        return {"num": "year"}
    if text.isdigit():
        return {"num": "digits" + str(min(len(text.lstrip("0")) or 1, 4))}
    if _ORDINAL.match(text):
        return {"num": "ordinal"}
    if _ROMAN.match(text) and len(text) > 1:
        return {"num": "roman"}
    if any(c.isdigit() for c in text):
        return {"num": "alnum"}
    return {}


def punctuation(text):
    if len(text) == 1 and not text.isalnum():
        return {"punct": text}
    return {}


def identifier(text):
    lower = text.lower()
    if "://" in lower or lower.startswith("www."):
        return {"id": "url"}
    if lower.startswith("10.") and "/" in lower:
        return {"id": "doi"}
    if _ARXIV.match(lower):
        return {"id": "arxiv"}
    if "@" in lower and len(lower) > 3:
        return {"id": "email"}
    if text[0].isdigit() and text.count("-") >= 3:
        return {"id": "isbn"}
    return {}


def script(text):
    char = text[0]
    if "\u3040" <= char <= "\u30ff":
        return {"script": "kana"}
    if "\u3400" <= char <= "\u9fff" or "\uf900" <= char <= "\ufaff" or char >= "\U00020000":
        return {"script": "han"}
    if "\uac00" <= char <= "\ud7af":
        return {"script": "hangul"}
    if "\u0400" <= char <= "\u04ff":
        return {"script": "cyrillic"}
    if "\u0370" <= char <= "\u03ff":
        return {"script": "greek"}
    if char.isalpha() and not char.isascii():
        return {"script": "latin-ext"}
    return {}


def lexicon_classes(text):
    return {"lex:" + name: True for name in lexicon.classes(text)}


WORD_FEATURES = [word, shape, affixes, case, number, punctuation, identifier, script,
                 lexicon_classes]


def word_features(text: str) -> dict:
    """Every word feature of one token's text. Not cached here: featurize caches what it makes
    of a word (_word_strings), the batch decoder its scores (encode.py, a bounded table)."""
    features = {}
    for feature in WORD_FEATURES:
        features.update(feature(text))
    return features


# ---- context features: f(tokens, text) -> one attribute name per token ---------------------

def _remember_last(feature):
    """For a context feature that other features read too: the last tokens and text it was
    asked about and its answer are kept, so one reference's featurization works it out once.
    Held here, they cannot be freed, so no new list can take their identity; the three are
    swapped as one tuple, so a thread never sees one reference's answer for another's."""
    last = (None, None, None)

    @wraps(feature)
    def remembered(tokens, text):
        nonlocal last
        seen, seen_text, answer = last
        if seen is tokens and seen_text is text:
            return answer
        answer = feature(tokens, text)
        last = (tokens, text, answer)
        return answer
    return remembered


def whitespace(tokens, text):
    """Glued styles ("2016:265-283") and spaced ones differ exactly here."""
    edged = " " + text + " "  # the reference's ends count as white space
    return [_SPACE[edged[start].isspace()][edged[end + 1].isspace()] for _, start, end in tokens]


# space=<b: white space before, or -><a: after, or ->, made once.
_SPACE = [[f"space={before}{after}" for after in "-a"] for before in "-b"]


def position(tokens, text):
    count = len(tokens)
    return [_POSITION[10 * i // count] for i in range(count)]


_POSITION = [f"pos={tenth}" for tenth in range(10)]


_OPENERS = {"(": "paren", "[": "square", "“": "quote", "«": "quote", "《": "book", "【": "square",
            "（": "paren", "„": "quote"}
_CLOSERS = {")": "paren", "]": "square", "”": "quote", "»": "quote", "》": "book", "】": "square",
            "）": "paren", "“": "quote"}


def brackets(tokens, text):
    """Which brackets or quotes enclose the token: titles hide in quotes, years in parentheses.

    Only a bracket or a quote changes the answer, so the tokens between two of them (most
    references hold a few) are filled at once."""
    out, open_kinds, inside = [], [], "in="
    for i in [i for i, token in enumerate(tokens) if token.text in _BRACKET_MARKS]:
        mark = tokens[i].text
        out.extend([inside] * (i - len(out)))
        kind = _CLOSERS.get(mark)
        if kind and kind in open_kinds:
            open_kinds.remove(kind)
            inside = "in=" + "+".join(sorted(set(open_kinds)))
        out.append(inside)
        kind = _OPENERS.get(mark)
        if kind and not (mark == "“" and "quote" in open_kinds):
            open_kinds.append(kind)
            del open_kinds[:-4]
            inside = "in=" + "+".join(sorted(set(open_kinds)))
    out.extend([inside] * (len(tokens) - len(out)))
    return out


_BRACKET_MARKS = frozenset(_OPENERS) | frozenset(_CLOSERS)


def sections(tokens, text):
    """How many sentence-like breaks (". " after a non-initial) and years came before.

    Authors, title and venue usually sit in the first, second and third such section. Only
    a stop or a year changes the count, so the tokens between them are filled at once.
    """
    out = []
    breaks = years = 0
    last = len(text)
    years_at = _years(tokens, text)
    for i in sorted({*years_at, *(i for i, token in enumerate(tokens) if token.text in ".?!。")}):
        out.extend([_SECTION[breaks][years]] * (i + 1 - len(out)))
        token = tokens[i]
        if i in years_at:
            years = min(years + 1, 2)
        if token.text in ".?!。" and i > 0 and token.end < last and text[token.end].isspace():
            previous = tokens[i - 1].text
            if not (len(previous) == 1 and previous.isupper()):
                breaks = min(breaks + 1, 6)
    out.extend([_SECTION[breaks][years]] * (len(tokens) - len(out)))
    return out


# section=<breaks, at most 6>|<years, at most 2>, made once.
_SECTION = [[f"section={breaks}|{years}" for years in range(3)] for breaks in range(7)]


def sentence_shape(tokens, text):
    """What the sentence-like part around a token reads like: how many words, how many of
    them lower-case. A title is prose ("Ternary spreading and the OCP in …"); a journal,
    even spelled out, is a few capitalized or abbreviated words ("Nano Letters", "Phys.
    Rev."), so a title-less physics reference and a "Title. Journal" one part here."""
    out = []
    for begin, end in _sentence_parts(tokens, text):
        words = [token.text for token in tokens[begin:end] if token.text.isalpha()]
        lower = sum(word.islower() and len(word) > 2 for word in words)
        out.extend([_SENTENCE[min(len(words), 8) // 3][min(lower, 3)]] * (end - begin))
    return out


@_remember_last
def _sentence_parts(tokens, text) -> list[tuple[int, int]]:
    """(begin, end) token ranges of the sentence-like parts: each ends on a full stop, "?"
    or "!" before white space (or the end), not after a capital initial."""
    parts, begin, last = [], 0, len(text)
    for i, token in enumerate(tokens):
        if (token.text in ".?!。" and i > 0 and (token.end == last or text[token.end].isspace())
                and not (len(tokens[i - 1].text) == 1 and tokens[i - 1].text.isupper())):
            parts.append((begin, i + 1))
            begin = i + 1
    if begin < len(tokens):
        parts.append((begin, len(tokens)))
    return parts


# sent=<words: 0-2, 3-5, 6-8, 9+>|<lower-case words of three letters or more, at most 3>
_SENTENCE = [[f"sent={size}|{lower}" for lower in range(4)] for size in range(4)]

def numeric_tail(tokens, text):
    """Where a number stands among the numbers of the reference, counted from the end.

    Physics and astronomy references end in bare numbers whose order alone says what they
    are ("109, 1492 (1958)": volume, page, year; "2016, A&A, 594, A13": year, volume,
    article): the last, the one before it, … tell them apart where their words cannot.
    """
    numbered = [i for i, token in enumerate(tokens) if token.text[:1].isdigit()]
    out = [None] * len(tokens)
    for rank, i in enumerate(reversed(numbered)):
        out[i] = _TAIL[min(rank, 4)]
    return out


_TAIL = [f"tail={rank}" for rank in range(5)]

_DASHES = frozenset("-–—‐")


def year_like(tokens, text):
    """Which of the reference's year-shaped numbers (1500–2049) a token is.

    Most references have one year; the other numbers of that shape are pages ("MNRAS, 457,
    1522", "pp. 1998–2004") or part of a title ("1930년대"), and the word alone cannot tell
    them apart: one standing in a range, the first, the last or the only one of the rest can.
    """
    out = [None] * len(tokens)
    singles = []
    for i in _years(tokens, text):
        token = tokens[i]
        before = i > 0 and tokens[i - 1].text in _DASHES and tokens[i - 1].end == token.start
        after = i + 1 < len(tokens) and tokens[i + 1].text in _DASHES and tokens[i + 1].start == token.end
        if before or after:
            out[i] = "yl=range"
        else:
            singles.append(i)
    for rank, i in enumerate(singles):
        value = ("yl=only" if len(singles) == 1 else "yl=first" if rank == 0
                 else "yl=last" if rank == len(singles) - 1 else "yl=middle")
        out[i] = value + "|enclosed" if _enclosed(tokens, i) else value
    return out


@_remember_last
def _years(tokens, text) -> list[int]:
    """The positions of the year-shaped tokens (for `sections` and `year_like`)."""
    return [i for i, token in enumerate(tokens)
            if token.text[0] in "12" and YEAR_SHAPE.match(token.text)]


def _enclosed(tokens, i) -> bool:
    """Whether tokens[i] stands alone in brackets: "(1975)", "[1947]", "( 2011)". Of two
    year-shaped numbers, that one is the year ("58( 2011)1845", "16 (1975), 2029")."""
    return (0 < i < len(tokens) - 1 and tokens[i - 1].text in "([" and tokens[i + 1].text in ")]")


@_remember_last
def abbreviation_run(tokens, text):
    """Whether a token is in a run of abbreviated words ("Phil. Trans. Roy. Soc.", "J. Engrg.
    Math.", "C. R. Acad. Sci."): capitalized words each followed by a full stop, two of them
    longer than a letter. Authors' initials are single letters and titles are prose, so such
    a run right after the authors is the journal; its single letters are marked apart, since
    they may be the journal's ("C. R.") or an author's last initials ("Anderson, P. W. Phys.")."""
    out = [None] * len(tokens)
    run: list[int] = []  # indexes of the run's words

    def close():
        if sum(len(tokens[i].text) > 1 for i in run) >= 2:
            first = next(i for i in run if len(tokens[i].text) > 1)
            for i in run:
                out[i] = out[i + 1] = ("abbr=letter" if len(tokens[i].text) == 1
                                       else "abbr=first" if i == first else "abbr=in")
        run.clear()

    i = 0
    while i < len(tokens):
        token = tokens[i]
        dotted = (i + 1 < len(tokens) and tokens[i + 1].text == "." and token.text.isalpha()
                  and token.text[0].isupper() and _glued_stop(tokens, i + 1))
        if dotted:
            run.append(i)
            i += 2
            continue
        if run:  # (most tokens end no run: not a call each)
            close()
        i += 1
    close()
    return out


def _glued_stop(tokens, i) -> bool:
    """Whether the full stop tokens[i] touches the word before it ("Phys. Rev.") or, as PDF
    text often sets it, the word after it ("Braz .J .Phys .46")."""
    return (tokens[i - 1].end == tokens[i].start
            or i + 1 < len(tokens) and tokens[i].end == tokens[i + 1].start)


def next_part(tokens, text):
    """What the next sentence-like part begins with: an imprint ("Oxford: Blackwell", "New
    York, NY: Wiley"), "In", or nothing (this is the last part). A book's title is the part
    before its imprint, and a title-less physics reference has no such part: without this,
    "Bauman, Z. Postmodern Ethics. Oxford: Blackwell, 1993." reads the title as a journal."""
    parts = _sentence_parts(tokens, text)
    out = [None] * len(tokens)
    for (begin, end), following in zip(parts, parts[1:] + [None]):
        value = "next=end" if following is None else _part_opening(tokens, *following)
        for i in range(begin, end):
            out[i] = value
    return out


def _part_opening(tokens, begin, end):
    if lexicon.KEYWORDS.get(tokens[begin].text.lower()) == "in":
        return "next=in"
    # up to four capitalized words (a comma allowed: "New York, NY"), then a colon
    for i in range(begin, min(end, begin + 6)):
        word = tokens[i].text
        if word == ":":
            return "next=imprint" if i > begin else None
        if not (word[:1].isupper() or word == ","):
            return None
    return None


def list_part(tokens, text):
    """What the list item around a token looks like, and the item before it: a name with
    initials first ("M. S. Borgas") or last ("Anderson, P. W."), initials alone, an
    abbreviated journal ("Phil. Trans. Roy. Soc."), a journal spelled out ("Physical Review
    B", which has a name's shape), prose, a CJK word or words. Items end at a
    comma, semicolon, colon, "and" or a sentence-like break. An author list keeps one name
    order, so after "M. S. Borgas," an item that does not begin with initials is not another
    author: without this, "Phil" and "C. R" were read as names and the journal lost them."""
    out = [None] * len(tokens)
    for begin, end, kind, previous in _items_with_kinds(tokens, text):
        out[begin:end] = [f"item={kind}|{previous}"] * (end - begin)
    return out


def item_start(tokens, text):
    """The first word of each list item, marked with its kind and the kind before it: where a
    journal's name begins after the authors ("M. Oliver, Proc. Roy. Soc.", "A. Kolmogoroff,
    C. R. Acad. Sci."), its first word alone looking like a name's. `list_part` gives every
    word of the item the same mark; a boundary needs its own."""
    out = [None] * len(tokens)
    for begin, end, kind, previous in _items_with_kinds(tokens, text):
        first = next((i for i in range(begin, end) if tokens[i].text[:1].isalnum()), None)
        if first is not None:
            out[first] = f"istart={kind}|{previous}"
    return out


@_remember_last
def _items_with_kinds(tokens, text) -> list[tuple[int, int, str, str]]:
    """(begin, end, kind, kind of the item before) of each list item, read once for the two
    features that use them."""
    runs = abbreviation_run(tokens, text)
    items, previous = [], "start"
    for begin, end in _list_items(tokens, text):
        kind = _item_kind(tokens, runs, begin, end)
        items.append((begin, end, kind, previous))
        previous = kind
    return items


def _list_items(tokens, text) -> list[tuple[int, int]]:
    """(begin, end) token ranges of the list items, each with the separator that ends it."""
    ends = {end - 1 for _, end in _sentence_parts(tokens, text)}
    items, begin = [], 0
    for i, token in enumerate(tokens):
        if i in ends or token.text in _ITEM_ENDS:
            if i == begin and items and not token.text.isalnum():  # ", &": one separator
                items[-1] = (items[-1][0], i + 1)
            else:
                items.append((begin, i + 1))
            begin = i + 1
    if begin < len(tokens):
        items.append((begin, len(tokens)))
    return items


_ITEM_SEPARATORS = frozenset(",;:&，；：、")
# What ends a list item besides a sentence's end: a separator, or "and" as it is written
# ("E." is an initial, not Spanish "e").
_ITEM_ENDS = _ITEM_SEPARATORS | {word for word, kind in lexicon.KEYWORDS.items() if kind == "and"}


def _item_kind(tokens, runs, begin, end) -> str:
    """The kind of the item tokens[begin:end], read off its first six words."""
    first, count, prose, abbreviated, venue, shape = None, 0, False, False, False, ""
    for i in range(begin, end):
        word = _item_word(tokens[i].text)
        if word is None:
            continue
        first = first or word
        count += 1
        if word.prose:  # nothing after it changes the kind
            prose = True
            break
        abbreviated = abbreviated or not word.upper and (runs[i] in _IN_RUN or word.venue_word
                                                         and i + 1 < len(tokens)
                                                         and tokens[i + 1].text == ".")
        venue = venue or word.journal_word
        shape += word.shape
        if count == 6:
            break
    if first is None:
        return "number" if any(t.text[:1].isdigit() for t in tokens[begin:end]) else "none"
    if first.etal:
        return "etal"
    if first.cjk:
        return "cjk" if count == 1 else "cjk-words"
    if prose:
        return "prose"
    if abbreviated:
        return "abbreviated"
    if venue:
        return "venue"
    return _ITEM_SHAPES.get(shape) or ("words" if "i" not in shape else "other")


_IN_RUN = frozenset({"abbr=first", "abbr=in"})


class _ItemWord(NamedTuple):
    etal: bool  # "et" of "et al."
    cjk: bool  # Hangul, kana, Han: no case, no initials
    prose: bool  # a lower-case word of three letters or more, not a name particle
    upper: bool
    venue_word: bool  # an ISO 4 or venue word, abbreviated when a full stop follows
    journal_word: bool  # a word spelled out that names journals ("Review", "Letters")
    shape: str  # "i" an initial (one or two capitals), "w" a word, "" a name particle


@lru_cache(maxsize=1 << 14)
def _item_word(text: str) -> _ItemWord | None:
    """What `_item_kind` needs of a word, once per distinct word; None for what is not a word
    of the item (numbers, punctuation, "and")."""
    if not text.isalpha() or lexicon.KEYWORDS.get(text) == "and":
        return None
    particle = text in lexicon.NAME_PARTICLES
    return _ItemWord(
        etal=lexicon.KEYWORDS.get(text.lower()) == "etal",
        cjk=text[0] >= "\u1100",
        prose=text.islower() and len(text) > 2 and not particle,
        upper=text.isupper(),
        venue_word=any(name in ("iso4", "venue") for name in lexicon.classes(text)),
        journal_word=text.lower() in lexicon.JOURNAL_WORDS,
        shape="" if particle else "i" if text.isupper() and len(text) <= 2 else "w")


# Initials ("i": one or two capitals) and words ("w") in the orders names take.
_ITEM_SHAPES = {**{"i" * n + "w" * m: "given-first" for n in (1, 2, 3) for m in (1, 2, 3)},
                **{"w" * m + "i" * n: "family-first" for n in (1, 2, 3) for m in (1, 2, 3)},
                **{"i" * n: "initials" for n in (1, 2, 3)},
                "w": "word", "ww": "words-2", "www": "words-3"}


CONTEXT_FEATURES = [whitespace, position, brackets, sections, sentence_shape, numeric_tail,
                    year_like, abbreviation_run, next_part, list_part, item_start]

# Neighbour features copied with an offset prefix ("-1:w=in", "+2:shape_short=d").
WINDOW = {
    -3: ("w", "punct"),
    -2: ("w", "shape_short", "punct", "num"),
    -1: ("w", "shape_short", "punct", "num", "case", "lex"),
    1: ("w", "shape_short", "punct", "num", "case", "lex"),
    2: ("w", "shape_short", "punct", "num"),
    3: ("w", "punct"),
}


def _strings(features: dict) -> tuple[str, ...]:
    """Feature dict → CRFsuite attribute names ("case=title"; a True flag is its bare name)."""
    return tuple(key if value is True else f"{key}={value}"
                 for key, value in features.items() if value is not False)


# For each feature key (all "lex:" keys count as "lex"), the window offsets it is lent to
# and their prefixes ("-1:").
_LENT_TO = {key: tuple((offset, f"{offset:+d}:") for offset, keys in WINDOW.items()
                       if key in keys)
            for keys in WINDOW.values() for key in keys}


def word_attributes(text: str) -> tuple[str, tuple[str, ...], dict[int, tuple[str, ...]]]:
    """A word's lower-cased form, its own attributes and, per window offset, what it lends to
    its neighbours."""
    features = word_features(text)
    own = _strings(features)
    lent = {offset: [] for offset in WINDOW}
    for key, name in zip((k for k, v in features.items() if v is not False), own):
        for offset, prefix in _LENT_TO.get("lex" if key.startswith("lex:") else key, ()):
            lent[offset].append(prefix + name)
    return features["w"], own, {offset: tuple(names) for offset, names in lent.items()}


_word_strings = lru_cache(maxsize=200_000)(word_attributes)


def featurize(tokens, text) -> list[list[str]]:
    """One list of attribute names per token, the form python-crfsuite takes."""
    count = len(tokens)
    words = [_word_strings(token.text) for token in tokens]
    contexts = zip(*(feature(tokens, text) for feature in CONTEXT_FEATURES))
    sequence = [["bias", *own, *(name for name in context if name)]
                for (_, own, _), context in zip(words, contexts)]
    for offset in WINDOW:
        for i in range(max(0, -offset), min(count, count - offset)):
            sequence[i].extend(words[i + offset][2][offset])
    if count:
        sequence[0].append("-1:edge")
        sequence[-1].append("+1:edge")
    for i in range(1, count):
        pair = words[i - 1][0] + "|" + words[i][0]
        sequence[i - 1].append("w|w+1=" + pair)
        sequence[i].append("w-1|w=" + pair)
    return sequence
