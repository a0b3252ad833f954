"""Author (or editor) lists at the head of a reference, in the shapes styles write them.

Each name is matched against a few shapes; the first name fixes the list's style and later
names must fit it (an APA list may switch to "W. E. Howard", a Vancouver list may not), so a
title that happens to look like a name ("Centre Pompidou") does not extend an IEEE list. The
list ends where the next thing is not a separator followed by a name of a fitting shape.
Every step looks a few tokens ahead only, so a 10,000-name list is read in linear time.
"""

from ..text.lexicon import GERMAN_SIGNS, group_end
from .draft import Draft
from .journals import abbreviated_journal, journal_initial
from .shapes import (
    DASHES,
    is_bare_initials,
    is_han,
    is_initial,
    is_mixed_case,
    is_name_word,
    is_year,
)
from .words import (
    AND_OTHERS,
    EDITOR_WORDS,
    ET_AL_HAN,
    KOREAN_FAMILY_NAMES,
    NAME_JOINERS,
    NAME_PARTICLES,
    NAME_SUFFIXES,
    NOT_GIVEN_NAMES,
    PERSONS,
    ROLE_WORDS,
)

_LIST_SEPARATORS = frozenset(",;，、")
_APOSTROPHES = frozenset("'’")


def author_list(d: Draft, start: int) -> tuple[int, str | None]:
    """Read names from token `start`: (end, "author" or "editor"), or (start, None) if none."""
    pos, end, style, joined = start, start, None, False
    while True:
        found = _name(d, pos, style, joined)
        if found is None:
            break
        end, kind = found
        style = style or kind
        et_al = _et_al(d, end)
        if et_al is not None:
            end = group_end(d.words, et_al)
            break
        if joined and style in _ENDS_AT_AND and d.word(end) in _LIST_SEPARATORS:
            break  # "D. K. Belashchenko and B. R. Gelchinski, J. Nonn": "and" names the last
        after_separator = _separator(d, end)
        if after_separator is None and style == "hangul" and d.word(end) in (".", "·"):
            after_separator = end + 1  # "최지수. 윤석민 (2019)"
        if after_separator is None:
            break
        et_al = _et_al(d, after_separator)  # "Nishida, T., & et al."
        if et_al is not None:
            end = group_end(d.words, et_al)
            break
        joined = d.word(after_separator - 1) in NAME_JOINERS
        if abbreviated_journal(d, after_separator):
            break  # "K. Kaneko, J. Stat. Phys. 54": the journal, not a name "J. Stat"
        pos = after_separator
    if end == start:
        end = _family_et_al(d, start)
        if end is None:
            return start, None
    marker = _editor_marker(d, end)
    return (marker, "editor") if marker is not None else (end, "author")


def _family_et_al(d: Draft, start: int):
    """End of a family name alone and "et al." ("Sambrook et al., Molecular Cloning", "Poli,
    et al., Proc."), or None."""
    family = _family(d, start, 2)
    if family is None or not d.word(start)[:1].isupper():
        return None
    et_al = _et_al(d, family)
    return group_end(d.words, et_al) if et_al is not None else None


def _editor_marker(d: Draft, i: int):
    """End of "(Eds.)", "(ed.)", ", eds.", "(Hrsg.)" at token i, or None."""
    j = i + 1 if d.word(i) in ("(", ",", "[") else i
    if d.lower(j) not in EDITOR_WORDS:
        return None
    j += 1
    if d.word(j) == ".":
        j += 1
    if d.word(i) in ("(", "["):
        if d.word(j) not in (")", "]"):
            return None
        j += 1
    return j


# Lists whose "and" or "&" comes before their last name: "A. B. Smith, C. D. Jones and E. F.
# Brown", "Smith, J., Jones, K., & Brown, L."; not Chicago's "Eldar, Eran, and Ori Ganor,
# Roee Admon, …", which some lists put after the first name.
_ENDS_AT_AND = frozenset(("initials_first", "given_first", "family_comma_initials"))

# Which shapes may follow the first name's shape.
_FOLLOWERS = {
    "han": ("han",),
    "hangul": ("hangul",),
    "initials_first": ("initials_first", "given_first"),
    "family_comma_initials": ("family_comma_initials", "initials_first", "family_initials",
                              "given_first"),
    "family_initials": ("family_initials",),
    "family_comma_given": ("initials_first", "given_first", "family_comma_given"),
    "given_first": ("initials_first", "given_first"),
    "upper_given": ("upper_given", "family_initials"),
    "family_paren_initials": ("family_paren_initials",),
}
_FIRST_NAME_SHAPES = ("han", "hangul", "initials_first", "family_comma_initials",
                      "family_initials", "family_comma_given", "upper_given", "given_first",
                      "family_paren_initials")


def _name(d: Draft, i: int, style, joined: bool):
    """(end, shape) of the name at token i that fits the list's style, or None.

    `joined` says an "and" or "&" comes before it, which lets a list switch shape more freely.
    """
    shapes = _FIRST_NAME_SHAPES if style is None else _FOLLOWERS[style]
    best = None
    for shape in shapes:
        end = _SHAPES[shape](d, i)
        if end is None and shape == "given_first" and style == "given_first" \
                and is_initial(d.word(i)) and not d.glued(i + 1):
            end = _given_first(d, i + 1)  # "Eric Brown, J William Murdock"; never the first
            # name, or "A Comparative Study" would be one
        if end is None:
            continue
        if shape == "given_first" and style in ("initials_first", "family_comma_initials") \
                and not joined and not any(is_initial(d.word(k)) for k in range(i, end)):
            continue  # "H. Fischer, Centre Pompidou," : a second name needs an initial
        end = _suffix(d, end)
        if _ends_cleanly(d, end) and (best is None or end > best[0]):
            best = (end, shape)  # the longest reading: "Larry D. Wittie", not "Larry D."
    return best


def _suffix(d: Draft, end: int) -> int:
    """Extend a name over "Jr.", ", Jr.", "III", and a role: "(Director)", "(Producers)"."""
    j = end + 1 if d.word(end) == "," else end
    if d.lower(j) in NAME_SUFFIXES:
        j += 1
        end = j + 1 if d.word(j) == "." else j
    elif d.lower(end - 1) in NAME_SUFFIXES and d.word(end) == ".":
        end += 1  # "Guy L. Steele Jr. and …": the name's words took the suffix, not its stop
    if d.word(end) == "(" and d.word(end + 2) == ")" and d.lower(end + 1) in ROLE_WORDS:
        end += 3
    return end


def _ends_cleanly(d: Draft, end: int) -> bool:
    """A name must end at punctuation, a joining word, "et al", a year or the end."""
    after = d.word(end)
    return (d.word(end - 1) == "." or after == "" or not after[0].isalnum()
            or after in NAME_JOINERS or after == "et" or is_year(after)
            or after in ET_AL_HAN or after in AND_OTHERS)


def _separator(d: Draft, i: int):
    """Index after a separator between names (",", ";", "and", ", and", "&", "、"), or None."""
    j = i
    if d.word(j) in DASHES and not d.glued(j) and not d.glued(j + 1):
        return j + 1  # "F. Ahl - H. Roisman", "W. Labov – J. Waletsky": classics' lists
    if d.word(j) in _LIST_SEPARATORS:
        j += 1
        if [d.word(k) for k in range(j, j + 3)] == [".", ".", "."]:
            j += 3  # "Lee, K. J., ... & Lee, H. Y.": APA leaves out the names between
        elif d.word(j) == "…":
            j += 1
    if d.word(j) in NAME_JOINERS and _et_al(d, j) is None:
        j += 1
    return j if j > i else None


def _et_al(d: Draft, i: int):
    """End of "et al.", ", et al.", "and others", "u. a.", "и др.", "等", "外 3人" at token i,
    or None."""
    j = i + 1 if d.word(i) in (",", "，") else i
    if (d.lower(j), d.lower(j + 1)) in (("et", "al"), ("and", "others"), ("и", "др")):
        j += 2
    elif d.lower(j) == "u" and d.word(j + 1) == "." and d.lower(j + 2) == "a":
        j += 3
    elif d.word(j) in ET_AL_HAN:
        return j + 1
    elif d.word(j) in AND_OTHERS and d.word(j + 1)[:1].isdigit():  # "外 3人", "외 3인"
        return j + 3 if d.word(j + 2) in PERSONS else j + 2
    else:
        return None
    return j + 1 if d.word(j) == "." else j


def _name_word(d: Draft, j: int):
    """End of one name word, joined over hyphens and apostrophes: "Pérez-Higueras", "O'Brien"."""
    if is_name_word(d.word(j)):
        end = j + 1
    elif (is_initial(d.word(j)) and d.word(j + 1) in _APOSTROPHES and d.glued(j + 1)
          and is_name_word(d.word(j + 2)) and d.glued(j + 2)):
        end = j + 3
    else:
        return None
    while ((d.word(end) in DASHES or d.word(end) in _APOSTROPHES) and d.glued(end)
           and d.glued(end + 1) and d.word(end + 1)[:1].isalpha()):
        end += 2
    return end


def _family(d: Draft, i: int, max_words: int):
    """End of a family name: up to `max_words` name words, each after optional particles
    ("de la Macorra", "Mendes da Costa")."""
    end, words = i, 0
    while words < max_words:
        j = end
        while d.lower(j) in NAME_PARTICLES and j - end < 3:
            j += 1
        following = _name_word(d, j)
        if following is None or (words and is_bare_initials(d.word(j))):
            break  # "Yin JQ": capitals after a family name are initials
        end, words = following, words + 1
    return end if words else None


def _dotted_initials(d: Draft, j: int):
    """End of "J.", "D.I.", "J.-C.", "S. E." at j, or None; a "J." that opens a journal after
    an initial is not one ("Kim, C. U. J. Am. Chem. Soc.")."""
    end = j
    while True:
        if end > j and journal_initial(d, end):
            return end
        if (is_initial(d.word(end)) or d.word(end).capitalize() in _DIGRAPH_INITIALS) \
                and d.word(end + 1) == ".":
            end += 2
        elif (is_initial(d.word(end)) and d.word(end + 1) in DASHES and d.glued(end + 1)
              and is_initial(d.word(end + 2)) and d.word(end + 3) == "."):
            end += 4  # "J-L."
        elif (end > j and d.word(end) in DASHES and is_initial(d.word(end + 1))
              and d.word(end + 2) == "."):
            end += 3
        else:
            return end if end > j else None


# Given names cut to two letters: "J. Ph. Karr", "Yu. I. Manin", "V. Ya. Shtern".
_DIGRAPH_INITIALS = frozenset("Ch Ph Th Sh Kh Yu Ya Ts Gh".split())  # not "Zh.", a journal's


def _bare_initials(d: Draft, j: int):
    """End of Vancouver initials "J", "JQ", "K M", "H-J" (and a closing dot), or None."""
    end = j
    while is_bare_initials(d.word(end)) and end - j < 3:
        end += 1
        if (d.word(end) in DASHES and d.glued(end) and d.glued(end + 1)
                and is_bare_initials(d.word(end + 1))):
            end += 1  # "Bandelt H-J": the hyphen, then the next initials
    if end == j:
        return None
    return end + 1 if d.word(end) == "." else end


def _initials_first(d: Draft, i: int):
    """ "J. Romero", "S. E. Han", "J.-C. van Dijk"."""
    initials = _dotted_initials(d, i)
    return _family(d, initials, 2) if initials is not None else None


def _family_comma_initials(d: Draft, i: int):
    """ "Brischoux, F.", "Brierley, D.I.", "Lee, L. L.", and in a German list a given name
    after the initial before the list's colon or slash: "Lepsius, M. Rainer:" (in an English
    one that is the title's: "Sutherland, I. Sketchpad: A man-machine …")."""
    family = _family(d, i, 2)
    if family is None or d.word(family) != ",":
        return None
    end = _dotted_initials(d, family + 1)
    if (end is not None and is_mixed_case(d.word(end)) and d.word(end).isalpha()
            and d.word(end + 1) in (":", "/") and written_in_german(d)):
        return end + 1
    return end


def written_in_german(d: Draft) -> bool:
    """Whether the reference's other parts follow German conventions ("(Hrsg.)", "Bd.",
    "S. 12"); the same signs as doubts.authors reads."""
    lowered = [d.lower(k) for k in range(len(d))]
    return not GERMAN_SIGNS.isdisjoint(lowered) or any(
        d.word(k) == "S" and d.word(k + 1) == "." and d.word(k + 2)[:1].isdigit()
        for k in range(len(d) - 2))


def _family_initials(d: Draft, i: int):
    """ "Romero J", "Yin JQ", "He K M", "Kempner J.C.", "de la Macorra JC", "Yekini Suberu M"."""
    family = _family(d, i, 2)
    if family is None:
        return None
    dotted = _dotted_initials(d, family)
    return dotted if dotted is not None else _bare_initials(d, family)


def _family_comma_given(d: Draft, i: int):
    """ "Hearn, Lafcadio", "Adams, Nicholson B.", "Di Michele, Andrea", and a two-word
    family when a full stop follows: "Sachdeva Mann, Harveen." (not "James Gleick, Chaos:")."""
    for words in (1, 2):
        family = _family(d, i, words)
        if family is None or d.word(family) != "," or not is_mixed_case(d.word(family + 1)):
            continue
        end = _given_names(d, family + 1)
        if end is not None and (words == 1 or d.word(end) == "." or d.word(end - 1) == "."):
            return end
    return None


def _family_paren_initials(d: Draft, i: int):
    """ "Husson (J.-P.)", "ALY (M.I.)": French bibliographies put initials in brackets."""
    family = _family(d, i, 2)
    if family is None or d.word(family) != "(":
        return None
    initials = _dotted_initials(d, family + 1)
    return initials + 1 if initials is not None and d.word(initials) == ")" else None


def _given_names(d: Draft, j: int):
    """End of up to three given names and initials: "Stanley J.", "Marcelo Secron"."""
    end, parts = j, 0
    while parts < 3:
        dotted = _dotted_initials(d, end)
        if dotted is not None:
            return dotted  # initials close the given names: "Boyer, Paul S. Purity in Print"
        start = end + 1 if d.lower(end) in NAME_PARTICLES and parts else end  # "José de Lima"
        word = _name_word(d, start)
        if word is None or not is_mixed_case(d.word(start)):
            break
        end, parts = word, parts + 1
    return end if parts else None


def _given_first(d: Draft, i: int):
    """ "Mark Johnson", "Robin C. Williamson", "Gary B Huang", "Dario Giarrizzo" (not "The
    Spirit")."""
    if not is_mixed_case(d.word(i)) or d.lower(i) in NOT_GIVEN_NAMES:
        return None
    end = _name_word(d, i)
    parts = 1
    last_is_word = True
    while parts < 4:
        dotted = _dotted_initials(d, end)
        if dotted is not None:
            end, last_is_word = dotted, False
        elif is_initial(d.word(end)) and not d.glued(end) and is_name_word(d.word(end + 1)):
            end, last_is_word = end + 1, False  # an initial without its stop: "Gary B Huang"
        else:
            family = _family(d, end, 1)
            if family is None:
                break
            end, last_is_word = family, True
        parts += 1
    return end if parts >= 2 and last_is_word else None


def _upper_given(d: Draft, i: int):
    """ "CASSARD Jean-Christophe": family in capitals, then given names."""
    if not (is_name_word(d.word(i)) and d.word(i).isupper() and len(d.word(i)) > 3):
        return None
    end = _name_word(d, i)
    return _given_names(d, end) if is_mixed_case(d.word(end)) else None


def _han(d: Draft, i: int):
    """ "张三": two to four Han characters."""
    end = i
    while (is_han(d.word(end)) and end - i < 4 and (end == i or d.glued(end))
           and d.word(end) not in ET_AL_HAN):
        end += 1
    return end if end - i >= 2 else None


def _hangul(d: Draft, i: int):
    """ "김영기": a Hangul word of two to four syllables that begins with a family name."""
    word = d.word(i)
    if not (2 <= len(word) <= 4 and all("\uac00" <= char <= "\ud7a3" for char in word)):
        return None
    return i + 1 if word[0] in KOREAN_FAMILY_NAMES or word[:2] in KOREAN_FAMILY_NAMES else None


_SHAPES = {
    "han": _han,
    "hangul": _hangul,
    "initials_first": _initials_first,
    "family_comma_initials": _family_comma_initials,
    "family_initials": _family_initials,
    "family_comma_given": _family_comma_given,
    "given_first": _given_first,
    "upper_given": _upper_given,
    "family_paren_initials": _family_paren_initials,
}
