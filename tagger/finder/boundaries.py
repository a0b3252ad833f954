"""Does a reference begin on this line? A CRF over the lines of a reference list (B/I).

Trained on real reference sections (GROBID's reference-segmenter corpus, data/layout) and on
generated lists (training.models.train_boundaries). Each line is described by the shape of its start
(a number in sequence, a name, a year, lower case), the end of the line before, the lengths of
both against the list's usual line, the indent against the list's flush edge, what came
between the two lines (a blank line, a page break), and what the list-wide rules of
tagger.finder.split say (the numbering sequence, a hanging indent, blank lines as separators).
A PDF's layout, when given, adds each line's indent and gap above as the page measured them.
"""

import re
import unicodedata
from bisect import bisect_right
from collections import Counter

from tagger.finder.continuation import (
    GLUED_NUMBER, LONG_NUMBER, OPEN_END, PAGE_RANGE, continues, open_identifier, unclosed,
)
from tagger.finder.lines import (
    IDENTIFIER, YEAR, _bucket, names_after_numbering, names_first, no_container_words, numbering_of,
)
from tagger.crf.model import models_dir, open_tagger

DEFAULT_MODEL = models_dir() / "finder-boundary.crfsuite"
FEATURE_VERSION = 5  # 5: names and a year above (-1:namesyear), numbers alone (list=labelsalone),
# a label alone ends on a label (-1:endword=label), not a page number; a label alone in the
# list's sequence is no wrap's leftover (no tail, no continues)

ENDS_MID_NAME = re.compile(r"(?:\b[A-Z]\.|\bet al\.|\band|,|&|\bvan|\bde)$")
DITTO = re.compile(r"^(?:[-–—_]{2,}|[-–—]\s*[,.])")
# A list's label: "[12]", "12.", "(12)", "12)", "12 ", "[C12]", "12．" (a full-width stop, no
# space after it); alone on its line when the
# PDF set the number apart from the text.
LABEL = re.compile(r"^(?:[\[［【(（]\s*[A-Za-z]{0,2}(\d{1,3})\s*[\]］】)）]|(\d{1,3})(?:[.)](?=\s|$)|．|\s+(?=\D)|$))")
# A letter numbering one of several references under a list's number: "(b) R. Grigg", "c )A."
SUBLABEL = re.compile(r"^\(?[a-h]\s?\)\s?\S")
KEY = re.compile(r"^\[[A-Za-z][^\]\s]{0,12}\]")  # "[Ahl78]", "[DGG13b]", "[BEG]"
SPACED_STOP = re.compile(r"(?<=\w)\s+(?=[.,;:]$)")
INITIALS = re.compile(r"(?:[A-Z]\.-?)*[A-Z]")  # a last word's core that is initials: "O", "J.-P"
# An author's name as reference lists write it: "Guell X," "Mesulam M -M." "Anteraper S," or
# "S. Evens," "J.-H. Lu,": a reference's first line holds several.
AUTHOR = re.compile(r"\b[A-ZÀ-Þ][a-zß-ÿ'’\-]+(?: [A-ZÀ-Þ][a-zß-ÿ'’\-]+)?,? (?:[A-Z]\.?\s?-?){1,3}[,.;:]"
                    r"|\b(?:[A-Z]\.\s?-?){1,3}\s?[A-ZÀ-Þ][a-zß-ÿ'’\-]+[,;:]")
YEAR_EARLY = re.compile(r"^\D{0,80}?(?:\(\s*(?:1[5-9]|20)\d\d[a-z]?\s*\)|(?:1[5-9]|20)\d\d[a-z]?[.,:;])")


def _char(char: str) -> str:
    if char.isdigit():
        return "digit"
    if char.isupper():
        return "upper"
    if char.islower():
        return "lower"
    return "punct" if char in ".,;:!?" else "bracket" if char in "([{)]}" else "other"


def _word_shape(word: str) -> str:
    shape = re.sub(r"[A-ZÀ-Þ]", "X", word)
    shape = re.sub(r"[a-zß-ÿ]", "x", shape)
    shape = re.sub(r"\d", "d", shape)
    return re.sub(r"(.)\1+", r"\1\1", shape)[:6]


def _end(content: str) -> list:
    content = SPACED_STOP.sub("", content)  # "Müller,F ." as a scan sets "Müller, F."
    last = content[-1]
    features = [f"end={last if last in '.,;:-–)]' else _char(last)}"]
    if ENDS_MID_NAME.search(content):
        features.append("endmidname")
    words = content.split()
    if words:
        features.insert(1, f"endword={_end_word(words[-1])}")
    if words and IDENTIFIER.search(words[-1]):
        features.append("endidentifier")
    if YEAR.search(content[-8:]):
        features.append("endyear")
    if open_identifier(content):
        features.append(f"openidentifier={'slash' if content.endswith('/') else 'other'}")
    if OPEN_END.search(content):
        features.append("openend")
    if unclosed(content):
        features.append("unclosed")
    return features


def _end_word(word: str) -> str:
    """The kind of a line's last word and its stop: "(2004);" ends a reference of several
    ("year;"), "O.;" an author in a list of them ("initial;"), "Neuroimage" a journal that ends
    without a stop ("capital"). Few kinds, so that no rare shape learns a weight of its own."""
    core = word.rstrip(".,;:")
    stop = word[-1] if word[-1] in ".,;:" else ""
    if LABEL.fullmatch(word) or KEY.fullmatch(word):
        kind = "label"  # a line that is only a list's label: "5." is no page "2196."
    elif INITIALS.fullmatch(core):
        kind = "initial"
    elif YEAR.search(core):
        kind = "year"
    elif any(char.isdigit() for char in core):
        kind = "number"
    elif core[:1].isupper():
        kind = "capital"
    elif core[:1].islower():
        kind = "lower"
    else:
        kind = "other"
    return kind + stop


def _start(content: str) -> list:
    words = content.split()
    features = [f"first={_char(content[0])}", f"shape={_word_shape(words[0])}"]
    if len(words) > 1:
        features.append(f"shape2={_word_shape(words[1])}")
    style = numbering_of(content)
    if style:
        features.append(f"numbering={style}")
    label = LABEL.match(content) or KEY.match(content)
    if label:
        features.append("label")
        if not content[label.end():].strip():
            features.append("labelalone")
    if SUBLABEL.match(content):
        features.append("sublabel")
    names = names_after_numbering(content)
    if names:
        features.append("names")
    features.append(f"authors={min(len(AUTHOR.findall(content[:60])), 3)}")
    if YEAR_EARLY.match(content):
        features.append("yearearly")
        if names:
            features.append("names+yearearly")
    if DITTO.match(content):
        features.append("ditto")
        if len(content) <= 8:
            features.append("dittoalone")  # "——." on its line, the rest of the reference below
    if GLUED_NUMBER.match(content) or LONG_NUMBER.match(content) or PAGE_RANGE.match(content):
        features.append("tail")  # "2019.", "436–444.", "24568259": a wrap's leftover
    if len(words) == 1:
        features.append("oneword")
    return features


def _layout_features(layout: dict) -> list:
    """A PDF line's measures as features: numbers (in the body's units: indent in ems, gap
    in line heights, font size as a ratio) rounded to a half, flags and names as they are."""
    features = []
    for key, value in sorted(layout.items()):
        if isinstance(value, bool) or value is None:
            features.append(f"layout:{key}={value}")
        elif isinstance(value, (int, float)):
            features.append(f"layout:{key}={max(-4.0, min(4.0, round(value * 2) / 2))}")
        else:
            features.append(f"layout:{key}={str(value)[:20]}")
    return features


def _label_number(content: str):
    """(style, number) of the line's label: style is its text with the digits masked
    ("[#]", "#.", "#)"), or "[key]" and no number for a key ("[Ahl78]")."""
    label = LABEL.match(content)
    if not label:
        return ("[key]", None) if KEY.match(content) else None  # "[Ahl78]": in order, unnumbered
    return re.sub(r"\d+", "#", label.group().strip()), int(label.group(1) or label.group(2))


def _initial_key(content: str):
    """The line's first word as an author–year list sorts it: its letters, accents off,
    in lower case ("Öngür," → "ongur"); None when the line does not open on a capital."""
    word = content.split(None, 1)[0] if content.strip() else ""
    letters = "".join(char for char in unicodedata.normalize("NFKD", word) if char.isalpha())
    return letters.lower() if letters[:1].isupper() and letters.isascii() else None


def _alphabetical(keys: list) -> tuple:
    """Which lines keep the list's alphabetical order: author–year lists are sorted by the
    first author's surname, so the references' first words form a long non-decreasing run
    through the lines, and a wrapped line's capital word ("Neuroimage", "Proc. Natl.") mostly
    falls out of it. The lines of a longest non-decreasing subsequence of first words, and
    its share of the lines that open on a capital (how alphabetical the list is). `keys`:
    each line's _initial_key."""
    keyed = [(index, key) for index, key in enumerate(keys) if key]
    tails, tail_index, parent = [], [], {}
    for index, key in keyed:
        position = bisect_right(tails, key)
        parent[index] = tail_index[position - 1] if position else None
        if position == len(tails):
            tails.append(key)
            tail_index.append(index)
        else:
            tails[position], tail_index[position] = key, index
    kept, index = set(), tail_index[-1] if tail_index else None
    while index is not None:
        kept.add(index)
        index = parent[index]
    return kept, len(kept) / max(len(keyed), 1)


def _labels_alone(contents: list) -> set:
    """The lines of a list whose numbers stand alone on their lines ("8." above "Alberti S,
    Rodriquez-Quinones F, …"), when such numbers run in sequence (give or take one out of
    place, as a PDF's reading order leaves them): nothing else begins a reference there,
    whatever a line after "Tomas JM," opens with. Only a number with text under it counts:
    a block of labels ("3.↵4.↵5.", a reading order's) sets no such list. Empty for other lists."""
    alone = [(index, int(found.group(1) or found.group(2))) for index, content in enumerate(contents)
             for found in [LABEL.fullmatch(content.strip())]
             if found and index + 1 < len(contents) and not LABEL.fullmatch(contents[index + 1].strip())]
    in_sequence = set()
    for (before, number), (index, following) in zip(alone, alone[1:]):
        if 0 < following - number <= 2 or 0 < number - following <= 1:
            in_sequence |= {before, index}
    return in_sequence if len(in_sequence) >= 0.6 * len(alone) else set()


def _in_sequence(numbers: list) -> set:
    """The lines whose label's number follows the label before it or comes just before the
    one after it: a list's numbers, though set alone on their lines ("5." above its
    reference, "3.↵4." in a block a reading order left), not a page's number wrapped onto a
    line of its own ("40,↵319"). `numbers`: each line's _label_number."""
    numbered = [(index, number[1]) for index, number in enumerate(numbers) if number and number[1] is not None]
    in_sequence = set()
    for (before, number), (index, following) in zip(numbered, numbered[1:]):
        if following - number == 1:
            in_sequence |= {before, index}
    return in_sequence


def _first_indent(lines: list, hints: dict) -> int:
    """The indent of the list's first lines: the numbered lines' usual one in a numbered
    list (its first line may be a cut-off reference's rest), else the first line's."""
    numbered = sorted(lines[index].indent for index in hints.get("numbered", ()) if index < len(lines))
    return numbered[len(numbered) // 2] if numbered else lines[0].indent


def line_features(lines: list, hints: dict) -> list:
    """Feature strings for each reference line (RefLine: content, indent, gap). `hints` holds
    the list-wide rules' answers: sets of line indices "numbered", "hanging", "shape",
    and flags "blank_separated", "numbered_list"."""
    contents = [line.content for line in lines]
    lengths = [len(content) for content in contents]
    usual = sorted(lengths)[int(0.8 * (len(lengths) - 1))] if lengths else 1  # a full line
    # the flush edge, a column's width of slack: a PDF sets labels right-aligned ("[9]" one
    # space in from "[10]"), and the list's labels are all flush all the same
    base = min((line.indent for line in lines), default=0) + 1
    numbers = [_label_number(content) for content in contents]
    styles = Counter(number[0] for number in numbers if number)
    usual_style = styles.most_common(1)[0][0] if styles else None
    first = "flush" if not lines or _first_indent(lines, hints) <= base else "in"
    keys = [_initial_key(content) for content in contents]
    in_order, ordered_share = _alphabetical(keys)  # a numbered list's order is its numbers'
    # a few capital-opening lines keep any order: a share of them says nothing
    few = sum(1 for key in keys if key) < 4
    order = None if hints.get("numbered_list") or few else _bucket(ordered_share, (0.3, 0.5, 0.7))
    kind = "/numbered" if hints.get("numbered_list") else ""  # where numbers say more
    labels_alone = _labels_alone(contents)
    sequence = _in_sequence(numbers)
    shapes = []
    for index, line in enumerate(lines):
        content = line.content
        row = _start(content) + [f"len={_bucket(lengths[index] / max(usual, 1), (0.5, 0.8, 0.95, 1.1))}"]
        indent = 'flush' if line.indent <= base else 'in'
        row.append(f"indent={indent}{kind}")
        row.append(f"indent={indent}/first={first}{kind}")  # hanging, or the first line indented
        if line.gap:
            row.append(f"gap={line.gap}")
            row.append(f"gap={line.gap}/{'blanks' if hints.get('blank_separated') else 'stray'}")
        for name in ("numbered", "hanging", "shape"):
            if index in hints.get(name, ()):
                row.append(f"rule={name}")
        numbered_here = index in hints.get("numbered", ()) or index in labels_alone or index in sequence
        if "labelalone" in row and not numbered_here and not KEY.match(content):
            # "40,↵319": a page wrapped, no list's number
            row = [name for name in row if name not in ("label", "labelalone")] + ["numberalone"]
        elif "labelalone" in row and index in sequence:
            row = [name for name in row if name != "tail"]  # "4." after "3.": no wrap's leftover
        if line.layout:
            row.extend(_layout_features(line.layout))
        if order is not None and keys[index]:
            row.append(f"alpha={'in' if index in in_order else 'out'}/{order}")
        shapes.append(row)
    features = []
    expected = None
    for index, line in enumerate(lines):
        row = ["bias"] + shapes[index]
        if hints.get("numbered_list"):
            row.append("list=numbered")
            row.append(f"list=numbered/{'rule' if index in hints['numbered'] else 'off'}")
        if labels_alone:
            row.append(f"list=labelsalone/{'rule' if index in labels_alone else 'off'}")
        if hints.get("blank_separated"):
            row.append("list=blanks")
        if numbers[index] is not None:
            style, number = numbers[index]
            if style != usual_style:
                row.append("labelstyle=other")  # "20)" ending a DOI in a "[n]" list
            elif number is None:
                row.append("seq=key")  # a keyed list's keys follow no sequence but each begins one
            else:
                near = expected is not None and expected - 2 <= number <= expected + 3
                row.append("seq=" + ("first" if expected is None else "next" if number == expected
                                     else "near" if near else "off"))
                if expected is None or near:
                    expected = number + 1
        if index:
            previous = contents[index - 1]
            ends = _end(previous)
            row.extend(f"-1:{name}" for name in ends)
            if "names" in shapes[index]:
                row.extend(f"names+-1:{name}" for name in ends[:1])
            if authors_and_year(previous) and not (LABEL.match(line.content) or KEY.match(line.content)):
                row.append("-1:namesyear")  # "Smith A, Jones B. 2018." above: this is the title
            if continues(previous, line.content) and "labelalone" not in shapes[index]:
                row.append("continues")  # "2019.", a DOI's tail, a bracket closed
            if open_identifier(previous) and (" " not in line.content or re.match(r"\S*[\d./]", line.content)):
                row.append("identifiertail")  # "doi:10.1046/j.1365-2419.2003.00268.↵x"
            row.append(f"-1:len={_bucket(lengths[index - 1] / max(usual, 1), (0.5, 0.8, 0.95, 1.1))}")
            delta = line.indent - lines[index - 1].indent
            row.append(f"indentdelta={'more' if delta > 1 else 'less' if delta < -1 else 'same'}{kind}")
            row.extend(f"-1:{name}" for name in shapes[index - 1] if name.startswith(("first", "numbering", "names", "indent", "label", "ditto", "tail", "numberalone")))
        else:
            row.append("first")
        if index + 1 < len(lines):
            row.extend(f"+1:{name}" for name in shapes[index + 1] if name.startswith(("first", "numbering", "names", "indent", "gap")))
        else:
            row.append("last")
        features.append(row)
    return features


# CRFsuite takes its feature names as UTF-8, which a lone surrogate (a broken text layer's
# "\ud800") cannot be written in; the line's own text keeps it.
LONE_SURROGATE = re.compile("[\ud800-\udfff]")
# A line of names ending on a year and a stop; words in lower case other than these are a title's.
NAMES_THEN_YEAR = re.compile(r"^(\S[^()]*?[\w.])[.,]?\s\(?(?:1[5-9]|20)\d\d[a-z]?\)?\.$")
SURNAME_INITIALS = re.compile(r"\b[A-ZÀ-Þ][\w'’\-]+,? (?:[A-Z]\.?\s?-?){1,3}(?:[,.&]|$)")
# A month right before the year: a date's, no name's ("September 1999.").
MONTH_LAST = re.compile(r"\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
                        r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?$", re.IGNORECASE)
# One name of a list: "Smith A", "Arnold Anteraper S", "van der Berg AB", "J.-P. Dupont", "Smith" or
# "J." (a name written "Smith, J."), particles before the surname.
PARTICLES = r"(?:(?:van|von|de|der|den|del|della|la|le|da|dos|du|ten|ter)\s)*"
NAME_CHUNK = re.compile(
    rf"^{PARTICLES}(?:[A-ZÀ-Þ][\w'’\-]+\s){{1,3}}(?:[A-Z]{{1,3}}|(?:[A-Z]\.\s?-?){{1,3}})$"
    rf"|^(?:[A-Z]\.\s?-?){{1,3}}{PARTICLES}[A-ZÀ-Þ][\w'’\-]+$"
    rf"|^{PARTICLES}[A-ZÀ-Þ][\w'’\-]+$|^(?:[A-Z]\.\s?-?){{1,3}}$|^[A-Z]{{1,3}}$")


def reference_starts(lines: list, hints: dict, model=None) -> set:
    """Indices of the lines that begin a reference (the first line always does)."""
    if not lines:
        return set()
    features = [[LONE_SURROGATE.sub("\ufffd", name) for name in row]
                for row in line_features(lines, hints)]
    labels = open_tagger(str(model or DEFAULT_MODEL)).tag(features)
    starts = {0}
    for index, label in enumerate(labels):
        if index and _bare_label(lines[index - 1].content) and _bare_label(lines[index].content):
            starts.add(index)  # "3.↵4.": a block of labels a reading order set apart, one each
            continue
        if label != "B" or index == 0:
            continue
        previous, content = lines[index - 1].content, lines[index].content
        if _identifier_tail(previous, content):
            # the model took the tail ("20)") for a label alone: its reference is the next line's
            if index + 1 < len(lines) and labels[index + 1] == "I" and names_first(lines[index + 1].content):
                starts.add(index + 1)
        else:
            starts.add(index)
    return starts


def _bare_label(content: str) -> bool:
    """Is the line a list's label and nothing else ("5.", "[12]", "[Kas14]")?"""
    return bool(LABEL.fullmatch(content.strip()) or KEY.fullmatch(content.strip()))


def authors_and_year(content: str) -> bool:
    """Names and a year alone on a line ("Smith A, Jones B, Lee C. 2018.", as eLife sets a
    reference's first line): the title comes on the next line, which goes on with it. A list's
    label before the names is no name ("[32] Morris, R.D.; …; & Mosteller, F., 1992.")."""
    label = LABEL.match(content) or KEY.match(content)
    found = NAMES_THEN_YEAR.match(content[label.end():].lstrip() if label else content)
    if not found or not SURNAME_INITIALS.search(found.group(1)):
        return False
    names = re.sub(r",?\s*et al\.?$", "", found.group(1))
    if MONTH_LAST.search(names) or not no_container_words(names):
        return False  # "Nashville, TN, September 1999.": a place and a date end a reference
    chunks = re.split(r"[,;]\s*|\s+(?:and|&)\s+", names)
    return all(NAME_CHUNK.match(chunk.removeprefix("and ").removeprefix("& ")) for chunk in chunks)


def _identifier_tail(previous: str, content: str) -> bool:
    """A word alone after a line that stops inside a DOI or URL is the identifier's tail
    ("…/j.1365-2419.2003.00268.↵x"), whatever the indent says; not a list's label, unless it
    closes the bracket the DOI opened in ("(doi:10.1017/aog.2016.↵20)")."""
    closes = content.endswith(")") and previous.count("(") > previous.count(")")
    label = LABEL.match(content) or KEY.match(content)  # "…/books/gt3m.↵[Wor92]": a key
    return " " not in content and open_identifier(previous) and (closes or not label)
