"""Rule tagger: labels a reference's tokens from patterns and word lists, without a model.

It stands in when no CRF model can serve, and has the CRF's output contract: one label per
token (from LABELS, or OTHER) and one confidence per token. Stages run from the surest rule
to the loosest guess and never overwrite an earlier stage's label:

    identifiers, GB/T codes → citation number → authors (and a date right after them)
    → title → the tail: notes, genre, edition, editors, pages, volume, issue, date,
    publisher and place → the container (venue) in what is left.
"""

from ..labels import OTHER
from . import identifiers, markers, names, numbers, segments
from .draft import Draft
from .journals import abbreviated_journal
from .shapes import is_han
from .words import BODY_WORDS, CONTAINER_OPENERS, HAN_BODY_ENDINGS

# Small words a group author's name may hold in lower case ("Department of Health").
_FUNCTION_WORDS = frozenset("of and for the on in de du des la le et für und".split())

# Confidence for tokens no rule claimed: the rules know little about them.
_UNCLAIMED_P = 0.5


def tag(tokens, text: str) -> tuple[list[str], list[float]]:
    """Labels and confidences for `tokens` of the normalized reference `text`. Never raises."""
    try:
        d = _tag(tokens, text)
    except Exception:  # a stand-in tagger must answer every reference, whatever it holds
        return [OTHER] * len(tokens), [0.0] * len(tokens)
    labels = [label or OTHER for label in d.labels]
    probs = [p if label else _UNCLAIMED_P for label, p in zip(d.labels, d.probs)]
    return labels, probs


def _tag(tokens, text: str) -> Draft:
    d = Draft(list(tokens), text)
    identifiers.mark(d)
    markers.mark_gbt(d)
    markers.mark_editions(d)
    markers.mark_bracketed_genres(d)
    start = numbers.citation_number(d)
    start = segments.skip_separators(d, start)
    end, role = names.author_list(d, start)
    if _title_before_code(d, start):
        end, role = start, None
    elif role is None:
        end = _author_before_date(d, start)
        if end == start:
            end = _group_author(d, start)
        if end == start:
            end = _han_body(d, start)
        role = "author" if end > start else None
    elif d.lower(end - 1) != "al" and d.lower(end - 2) != "al":  # "et al." ends a list for sure
        end = _names_before_date(d, end)
    if role:
        d.put(start, end, role, 0.85 if end > start else 0.5)
    after_comma = d.word(end) == "," or d.word(end - 1) == ","
    year_found = False
    date_start = segments.skip_separators(d, end)
    date_end = numbers.date_at(d, date_start)
    if role and date_end is not None:
        # "(n.d.)", "(forthcoming)" stand where the date does but are no year: a note
        d.put(date_start, date_end, "note" if numbers.undated(d, date_start, date_end) else "year",
              0.9)
        year_found, end, after_comma = True, date_end, d.word(date_end) == ","
    title_end = segments.title(d, end, after_comma, year_found)
    markers.mark_tail(d, title_end)
    numbers.mark_tail(d, title_end, year_found)
    segments.publisher_place(d, title_end)
    segments.container(d, title_end)
    return d


def _title_before_code(d: Draft, start: int) -> bool:
    """Whether the first words run straight into a GB/T type code with no stop between: then
    they are the title and the reference has no author ("Gloo[EB/OL].[2021-08-12].https://…")."""
    for i in range(start, min(len(d), start + 40)):
        if d.word(i) in (".", "．", "。"):
            return False
        if d.word(i) == "[" and d.labels[i] == "genre":
            return i > start
    return False


def _author_before_date(d: Draft, start: int) -> int:
    """A group author ("World Health Organization (2008).") is what comes before the date, if
    it is capitalized like a name; "Good chemistry. (1996, September)." is a title instead, and
    "Annals of the Association of American Geographers. 1990;" a journal."""
    for i in range(start, min(len(d), start + 20)):
        if numbers.date_at(d, i) is not None and i > start:
            end = i
            while end > start and d.word(end - 1) in (".", ",", ";", ":"):
                end -= 1
            words = [d.word(k) for k in range(start, end) if d.word(k).isalpha()]
            return end if _named_like_a_body(words) else start
        if d.word(i) == "." and segments.sentence_end(d, i) and numbers.date_at(
                d, segments.skip_separators(d, i)) is None:
            return start
    return start


def _group_author(d: Draft, start: int) -> int:
    """A body's name as the first sentence or clause ("Society of Critical Care Medicine.
    Guidelines for …", "D0 Collaboration, Phys. Rev. Lett."): capitalized words with a word
    that names a body, only capitalized ones before it, and not a container's name
    ("Proceedings of the Royal Society.")."""
    for i in range(start, min(len(d), start + 14)):
        if d.word(i) == "," or d.word(i) == "." and segments.sentence_end(d, i) and d.word(i + 1):
            words = [d.word(k) for k in range(start, i) if d.word(k).isalpha()]
            body = next((k for k, w in enumerate(words) if w.lower() in BODY_WORDS), None)
            if (body is not None and 2 <= len(words) <= 10 and _named_like_a_body(words)
                    and all(w[:1].isupper() for w in words[:body])):  # not "L'Inauguration du Centre"
                return i
            return start
    return start


def _han_body(d: Draft, start: int) -> int:
    """A body named in Han characters as the first sentence ("国家统计局. 2019年…[EB/OL]",
    "中华人民共和国国家质量监督检验检疫总局. 信息与文献…[S]"): a name longer than a person's
    that ends as a body's does."""
    end = start
    while end < len(d) and is_han(d.word(end)) and (end == start or d.glued(end)):
        end += 1
    name = "".join(d.word(k) for k in range(start, end))
    if d.word(end) in (".", "．", "。") and 4 <= len(name) <= 30 and name.endswith(
            HAN_BODY_ENDINGS):
        return end
    return start


def _named_like_a_body(words) -> bool:
    """Capitalized as a body's name is, small function words aside, and not opening as a
    container's name does ("Annals of …", "Proceedings of …")."""
    return (all(w[:1].isupper() or w in _FUNCTION_WORDS for w in words)
            and not (words and words[0].lower() in CONTAINER_OPENERS))


def _names_before_date(d: Draft, end: int) -> int:
    """Extend a list the name rules stopped early ("Witten, I. H., Neal R. M. (1987)") to a
    date a few name-like tokens further on; not over a journal ("Ernzerhof, M. J. Chem. Phys.
    2003")."""
    if abbreviated_journal(d, end):
        return end
    name_like = False
    for k in range(end, min(len(d), end + 8)):
        word = d.word(k)
        if numbers.date_at(d, k) is not None:
            while k > end and d.word(k - 1) in (".", ",", ";", ":"):
                k -= 1
            return k if name_like else end
        if not (word[:1].isupper() or word in (",", ".", "&", "and", "et", "al", ";", "-")):
            return end
        name_like = name_like or len(word) == 1 and word.isalpha() or word in ("&", "and", "al")
    return end
