"""Words and signs that announce what follows or name what precedes.

GB/T 7714 type codes ("[J]", "[C]", "[EB/OL]") and "∥" / "//" close a title and open a
container; "In:" opens a container (or its editors); "Retrieved from", "Accessed" open notes;
"PhD thesis", "Technical report" are the document's genre; "2nd ed." is an edition.
"""

from .draft import Draft
from .names import author_list
from .shapes import is_number
from .words import (
    EDITION_WORDS,
    EDITOR_WORDS,
    GBT_TYPES,
    GENRE_WORDS,
    NOTE_WORDS,
    THESIS_WORDS,
    TRANSLATOR_WORDS,
)

# Genre words that name a kind of document by themselves ("Technical" alone does not).
_DOCUMENT_KINDS = frozenset("thesis dissertation diss report rep manuscript".split())
_ORDINAL_SUFFIXES = ("st", "nd", "rd", "th", "e", "er", "ème", "ª", "º")
_ORDINAL_WORDS = frozenset("first second third fourth fifth sixth seventh eighth ninth tenth "
                           "rev revised new expanded enlarged".split())
_SIGN_OPENERS = frozenset("[∥/")  # what a type code or a container sign begins with
_NOTE_PHRASES = {"in": (("in", "press"), ("in", "chinese"), ("in", "english"), ("in", "german"),
                        ("in", "french")),
                 "to": (("to", "appear"),), "forthcoming": (("forthcoming",),),
                 "online": (("online",),), "print": (("print",),), "web": (("web",),),
                 "unpublished": (("unpublished",),)}


def gbt_marker(d: Draft, i: int):
    """End of a GB/T type code "[J]" or "[EB/OL]" starting at token i, or None."""
    if d.word(i) != "[":
        return None
    for end in (i + 2, i + 4):
        if d.word(end) == "]":
            code = "".join(d.word(k) for k in range(i + 1, end))
            if code in GBT_TYPES:
                return end + 1
    return None


def is_container_sign(d: Draft, i: int) -> bool:
    """ "∥" or "//" between a title and its container (GB/T 7714)."""
    return d.word(i) == "∥" or (d.word(i) == "/" and d.word(i + 1) == "/" and d.glued(i + 1))


def mark_gbt(d: Draft) -> None:
    """Label "[J]" and its kin `genre`, and keep "∥" / "//" out of every field."""
    for i, word in enumerate(d.words):
        if word not in _SIGN_OPENERS:
            continue
        end = gbt_marker(d, i)
        if end is not None:
            d.put(i, end, "genre", 0.95)
        elif is_container_sign(d, i):
            after = i + 2 if d.word(i) == "/" else i + 1
            d.put(i, after, "O", 0.95)
            _editors_after_sign(d, after)


def _editors_after_sign(d: Draft, i: int) -> None:
    """ "[C]//李四. 会议论文集", "[C]∥Smith J, ed. Proceedings": the book's editors come
    first."""
    end, role = author_list(d, i)
    if role == "editor" or (role and d.word(end) == "." and end + 1 < len(d)):
        d.put(i, end, "editor", 0.75)


def mark_editions(d: Draft) -> None:
    """ "2nd ed." anywhere: also inside what would otherwise be the title."""
    for i, word in enumerate(d.lowers):
        if (word[:1].isdigit() or word in _ORDINAL_WORDS) and d.free(i):  # _edition's first test
            _edition(d, i)


def mark_bracketed_genres(d: Draft) -> None:
    """APA's "(Doctoral dissertation)" or "(Master's thesis)" anywhere, also where it would end
    the title; "(Unpublished doctoral dissertation)" is a note, as an unpublished work is."""
    for i, word in enumerate(d.words):
        if word != "(" or not d.free(i):
            continue
        close = next((j for j in range(i + 1, min(len(d), i + 8)) if d.word(j) == ")"), None)
        if close is None or not any(d.lower(k) in THESIS_WORDS for k in range(i + 1, close)):
            continue
        label = "note" if d.lower(i + 1) == "unpublished" else "genre"
        d.put(i, close + 1, label, 0.85)


def mark_tail(d: Draft, start: int) -> None:
    """Notes, genre phrases, editions, editors and translators after the title."""
    for i in range(start, len(d)):
        if d.free(i):
            _note(d, i) or _genre(d, i) or _editors(d, i)


def _note(d: Draft, i: int) -> bool:
    """ "Retrieved from", "Available at:", "[Online]", "in press", "(in Chinese)"."""
    word = d.lower(i)
    if word in NOTE_WORDS:
        end = i + 1
        while d.lower(end) in ("from", "at", "on", "via", ":", "online", "in"):
            end += 1
        if word in ("retrieved", "available") and end == i + 1:
            return False
        d.put(i, end, "note", 0.8)
        return True
    for phrase in _NOTE_PHRASES.get(word, ()):
        if all(d.lower(i + k) == part for k, part in enumerate(phrase)):
            start, end = i, i + len(phrase)
            if d.word(i - 1) in ("(", "[") and d.word(end) in (")", "]"):
                start, end = i - 1, end + 1
            d.put(start, end, "note", 0.75)
            return True
    return False


def _genre(d: Draft, i: int) -> bool:
    """ "PhD thesis", "Ph.D. dissertation", "Technical report", "Tech. Rep."."""
    if d.lower(i) not in GENRE_WORDS:
        return False
    end = i
    while d.lower(end) in GENRE_WORDS or d.lower(end) in (".", "'", "’", "s", "d"):
        end += 1
    words = [d.lower(k) for k in range(i, end)]
    if not set(words) & _DOCUMENT_KINDS:
        return False
    d.put(i, _report_number_end(d, end), "genre", 0.8)
    return True


def _report_number_end(d: Draft, i: int) -> int:
    """Extend "Technical Report" over its number: "CAIP-TR-125", "TR93-3", "11"."""
    end = i
    while d.free(end) and (end == i or d.glued(end)) and (
            d.word(end)[:1].isalnum() or (end > i and d.word(end) in ("-", "/"))):
        end += 1
    has_digit = any(char.isdigit() for k in range(i, end) for char in d.word(k))
    return end if has_digit else i


def _edition(d: Draft, i: int) -> bool:
    """ "2nd ed.", "(3rd edn)", "second edition", "2. Aufl.", "Rev. ed."."""
    word = d.lower(i)
    ordinal = (word in _ORDINAL_WORDS
               or (word[:1].isdigit() and word.lstrip("0123456789") in _ORDINAL_SUFFIXES)
               or is_number(word))
    if not ordinal:
        return False
    j = i + 1
    if d.word(j) == ".":
        j += 1
    if d.lower(j) not in EDITION_WORDS:
        return False
    end = j + 1 if d.word(j + 1) != "." else j + 2
    d.put(i, end, "edition", 0.85)
    return True


def _editors(d: Draft, i: int) -> bool:
    """ "In: Smith J (ed.)", "In J. C. Watson & R. N. Goldman (Eds.),", "Ed. David Seaman",
    "Trans. Basil Creighton"."""
    word = d.lower(i)
    if word == "in":
        start = i + 2 if d.word(i + 1) == ":" else i + 1
        end, role = author_list(d, start)
        if role != "editor":
            return False
        d.put(i, end, "editor", 0.8)
        return True
    role = "editor" if word in EDITOR_WORDS else "translator" if word in TRANSLATOR_WORDS else None
    if role is None or (d.word(i - 1) not in (".", ",", "(") and i > 0):
        return False
    j = i + 1
    if d.word(j) == ".":
        j += 1
    if d.lower(j) == "by":
        j += 1
    end, found = author_list(d, j)
    if found is None:
        return False
    d.put(i, end, role, 0.75)
    return True
