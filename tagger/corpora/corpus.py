"""Annotated corpora in and out: AnyStyle XML, the project's JSONL spans, CoNLL-style columns.

Every reader returns plain records, ``{"id": str, "text": str, "spans": [[start, end, label]]}``,
with character offsets into ``text`` (end exclusive), spans sorted and never overlapping, labels
from ``tagger.labels.LABELS``. A malformed file raises ``CorpusError`` naming the file, the line
(or record) and what is wrong, so a person can fix it without reading a traceback.
"""

import json
import re
import unicodedata
from collections import Counter
from itertools import pairwise
from pathlib import Path
from xml.parsers import expat
from xml.sax.saxutils import escape, quoteattr

from tagger.corpora.conventions import arxiv_ids
from tagger.labels import ANYSTYLE_TO_LABEL, LABEL_TO_ANYSTYLE, LABELS, OTHER
from tagger.corpora.sources import CorpusError, run_parser, xml_source
from tagger.corpora.tei import is_tei, read_grobid_tei


def normalized_key(text: str) -> str:
    """The text reduced to what survives copying between sources, for duplicate matching."""
    return "".join(ch for ch in unicodedata.normalize("NFKC", text).casefold() if ch.isalnum())


# ---------------------------------------------------------------------------------------------
# Volume / issue split
#
# AnyStyle tokenizes on white space, so its annotators put "41(5):85–92" or "Vol. 9, No. 2," in
# one `volume` element. We cut such an element into consecutive parts by rule; each part runs
# from where its piece begins to where the next begins, so the parts keep the trailing
# punctuation the way every other AnyStyle element does ("106(3)," → volume "106", issue "(3),").
# An element whose shape no rule knows stays one `volume` span.

_NUM = r"(?:\d+[a-z]?|[a-z]\d+|(?-i:[IVXLCDM]+)\b(?!\.))"  # 12, 4a, B39, XIV
_VOLUME_MARK = r"(?:vols?|volumes?|v|bd|band|t|т|tome|tomo|anno|ann[ée]e|jg)\.?-?\s*"
_ISSUE_MARK = (
    r"(?:nos?|nr|n[°º]|n|№|\#|issues?|iss|heft|hft|h|fasc|num|n[úu]mero|numéro|вып|št|"
    r"suppl|supplement)\s*\.?\s*"
)
_NOT_YEAR = r"(?!(?:1[5-9]|20)\d\d\b)"
_VOLUME = (
    rf"(?P<volume>[(;,]?\s*(?:{_VOLUME_MARK})?{_NUM}(?:\s*[-–]\s*{_NUM})?(?:\.?\s*jg\.?)?"
    r"\s*[,.:;/]?\s*)"
)
_BRACKET_ISSUE = rf"\((?!\s*{_VOLUME_MARK}\d)[^()\d]*\d[^()]*\)\s*[.,;:]?\s*"
_MARKED_ISSUE = rf"{_ISSUE_MARK}{_NUM}(?:\s*(?:[-–/&]|and)\s*{_NUM})*.*?"
_BARE_ISSUE = rf"{_NOT_YEAR}\d+(?:\s*[-–/&]\s*\d+)?\s*[.,;:]?\s*"
_PAGE = r"[a-z]{0,2}\d+[a-z]?"
_AFTER_COLON = r"(?:(?<=:)|(?<=:\s))"
_PAGES = rf"{_AFTER_COLON}(?P<pages>{_PAGE}(?:\s*[-–]\s*{_PAGE})?\s*[.,;]?\s*)"
_PAGE_RANGE = rf"{_AFTER_COLON}(?P<pages>{_PAGE}\s*[-–]\s*{_PAGE}\s*[.,;]?\s*)"
_YEAR_PREFIX = r"(?P<year>\(?\d{1,4}\)?\s*;\s*)"
_CJK_VOLUME = r"[第제]?\s*\d+\s*[卷권]\s*[,，]?\s*"
_CJK_ISSUE = r"[第제]?\s*\d+\s*[期号號호].*"

_VOLUME_SHAPES = [
    # "2012;30(15):", "106(3),", "Vol. 9, No. 2,", "175(7):4769–76,", "22. Jg. Heft 3,"
    rf"{_YEAR_PREFIX}?{_VOLUME}(?P<issue>{_BRACKET_ISSUE}|{_MARKED_ISSUE})(?:{_PAGES})?",
    # "51:197–204." – a page range after the colon
    rf"{_YEAR_PREFIX}?{_VOLUME}{_PAGE_RANGE}",
    # "2002;11:"
    rf"{_YEAR_PREFIX}{_VOLUME}",
    # "36, 3", "33:3:", "40.1", "45/4", "XIV:4", "2,3:"
    rf"{_VOLUME}(?<=[\s,.:/])(?P<issue>{_BARE_ISSUE})",
    # "n° 54, vol. 1,"
    rf"(?P<issue>{_ISSUE_MARK}{_NUM}\s*[,;.]\s*)(?P<volume>{_VOLUME_MARK}{_NUM}.*)",
    # "No. 134, Part 3,", "n°9.", "Heft 4,", "(962529):153–157,"
    rf"(?P<issue>{_ISSUE_MARK}{_NUM}.*)",
    rf"{_YEAR_PREFIX}?(?P<issue>{_BRACKET_ISSUE})(?:{_PAGES})?",
    # "第37卷第1期", "第9期", "제24권 제10호,"
    rf"(?P<volume>{_CJK_VOLUME})(?P<issue>{_CJK_ISSUE})?",
    rf"(?P<issue>{_CJK_ISSUE})",
]
_VOLUME_PATTERNS = [re.compile(shape, re.IGNORECASE) for shape in _VOLUME_SHAPES]
_PIECES = ("year", "volume", "issue", "pages")


def split_volume(text: str) -> list[tuple[int, int, str]]:
    """Cut the text of an AnyStyle `volume` element into year/volume/issue/pages parts.

    Returns (start, end, label) triples covering the text from first to last non-space
    character; a single ("volume") part when no rule applies.
    """
    for pattern in _VOLUME_PATTERNS:
        match = pattern.fullmatch(text)
        if match is None:
            continue
        starts = sorted((match.start(piece), piece) for piece in _PIECES
                        if match.groupdict().get(piece))
        parts = []
        for i, (start, piece) in enumerate(starts):
            start = 0 if i == 0 else start
            end = starts[i + 1][0] if i + 1 < len(starts) else len(text)
            chunk = text[start:end]
            left = start + len(chunk) - len(chunk.lstrip())
            right = start + len(chunk.rstrip())
            if right > left:
                parts.append((left, right, piece))
        return parts
    return [(0, len(text), "volume")]


# ---------------------------------------------------------------------------------------------
# AnyStyle XML

def read_anystyle_xml(source, id_prefix: str | None = None) -> list[dict]:
    """Records from AnyStyle XML (a path, or the XML itself as str/bytes).

    The text is the elements' texts, each with its white space collapsed, joined by one space;
    text between the elements is words without a label (the tagger's "O"). An element inside a field element labels part of a word ("<title>深度残差学习<genre>[J]
    </genre>.</title>"): its text is joined to its neighbours as written, and keeps its own
    label (AnyStyle itself, reading only the outer element, takes the whole word for it).
    Ids come from a `<sequence id="...">` attribute when present, else `<prefix>-<nnnn>` with
    the sequence's 1-based position in the file (gaps stay when records are filtered later).
    """
    name, data = xml_source(source)
    prefix = id_prefix or (Path(name).stem if name != "<string>" else "xml")
    parser = expat.ParserCreate("utf-8" if isinstance(data, str) else None)
    records = []
    stack = []  # element names from the root down
    sequence = {}  # the sequence being read: its id attribute and [tag, pieces] elements
    sequences_read = 0

    def fail(message):
        raise CorpusError(f"{name}:{parser.CurrentLineNumber}: {message}")

    def start(tag, attributes):
        depth = len(stack)
        if depth == 0 and tag != "dataset":
            fail(f"expected <dataset> as the root element, found <{tag}>")
        if depth == 1:
            if tag != "sequence":
                fail(f"expected <sequence> inside <dataset>, found <{tag}>")
            sequence.update(id=attributes.get("id"), elements=[])
        if depth in (2, 3) and tag not in ANYSTYLE_TO_LABEL:
            fail(f"unknown element <{tag}>; known: {', '.join(sorted(ANYSTYLE_TO_LABEL))}")
        if depth == 2:
            sequence["elements"].append([tag, []])
        if depth == 4:
            fail(f"element <{tag}> inside <{stack[-1]}> inside <{stack[-2]}>: a field element "
                 "may hold elements for parts of its words, and those hold text only")
        stack.append(tag)

    def text(data):
        depth = len(stack)
        if depth >= 3:  # a field element's own text (None) or a part of a word's (its tag)
            sequence["elements"][-1][1].append((stack[3] if depth == 4 else None, data))
        elif depth == 2 and sequence["elements"] and sequence["elements"][-1][0] is None:
            sequence["elements"][-1][1].append((None, data))  # expat gives text in pieces
        elif depth == 2 and data.strip():  # words without a label, between the elements
            sequence["elements"].append([None, [(None, data)]])
        elif data.strip():
            fail(f"text {data.strip()[:30]!r} outside any <sequence>, in <{stack[-1]}>")

    def end(tag):
        nonlocal sequences_read
        stack.pop()
        if len(stack) == 1:
            sequences_read += 1
            record = arxiv_ids(_sequence_record(sequence["elements"]))
            if record["text"]:
                record["id"] = sequence["id"] or f"{prefix}-{sequences_read:04d}"
                records.append(record)

    run_parser(parser, name, data, start, text, end)
    return records


def _sequence_record(elements) -> dict:
    """One record (id still to set) from a sequence's [tag, (part tag or None, text)] elements
    (tag None: unlabelled words)."""
    pieces, spans, offset = [], [], 0
    for tag, parts in elements:
        value, labelled = _element_text(ANYSTYLE_TO_LABEL.get(tag), parts)
        if not value:
            continue
        if pieces:
            offset += 1
        if tag == "volume" and all(part is None for part, _ in parts):
            labelled = split_volume(value)  # AnyStyle's volume: "106(3)," and the like
        spans.extend([offset + start, offset + end, label] for start, end, label in labelled)
        pieces.append(value)
        offset += len(value)
    return {"id": None, "text": " ".join(pieces), "spans": spans}


def _element_text(label: str | None, parts) -> tuple[str, list[tuple[int, int, str]]]:
    """An element's text, its white space collapsed, and its labelled runs: the parts inside
    it with their own label, the rest with the element's."""
    if all(tag is None for tag, _ in parts):  # most elements: no part of their own
        value = " ".join("".join(chunk for _, chunk in parts).split())
        return value, [(0, len(value), label)] if value and label else []
    chars = []  # (character, label); one space for each run of white space
    for tag, chunk in parts:
        own = label if tag is None else ANYSTYLE_TO_LABEL[tag]
        for char in chunk:
            if not char.isspace():
                chars.append((char, own))
            elif chars and chars[-1][0] != " ":
                chars.append((" ", None))
    while chars and chars[-1][0] == " ":
        chars.pop()
    runs = []  # [start, end, label] over the non-space characters, a space inside a run kept
    for i, (char, own) in enumerate(chars):
        if char == " " or own is None:
            continue
        if runs and runs[-1][2] == own and runs[-1][1] >= i - 1:
            runs[-1][1] = i + 1
        else:
            runs.append([i, i + 1, own])
    return "".join(char for char, _ in chars), [tuple(run) for run in runs]


def write_anystyle_xml(records) -> str:
    """AnyStyle XML for records, one element per run of white-space separated words.

    AnyStyle labels whole words, so each word goes to one element, that of the label covering
    most of its characters; a part of the word with another label is an element inside it
    (`<title>深度残差学习<genre>[J]</genre>.</title>`, which AnyStyle reads as a title word).
    Unlabelled characters inside a word go with the part before them (after them, at the
    word's start), as AnyStyle's annotators put punctuation; a word without any label is text
    between the elements. So every labelled character reads back with its label, and only
    punctuation glued to a labelled word gains one. Characters XML cannot hold become U+FFFD.
    """
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', "<dataset>"]
    for record in records:
        record_id = record.get("id")
        attribute = f" id={quoteattr(str(record_id))}" if record_id is not None else ""
        lines.append(f"  <sequence{attribute}>")
        for label, parts in _elements(record["text"], record["spans"]):
            if label is None:
                lines.append(f"    {escape(_xml_safe(parts[0][1]))}")
                continue
            if label == "volume":
                parts = _volume_parts(parts)
            tag = LABEL_TO_ANYSTYLE[label]
            inner = "".join(escape(_xml_safe(chunk)) if part == label else
                            f"<{LABEL_TO_ANYSTYLE[part or label]}>{escape(_xml_safe(chunk))}"
                            f"</{LABEL_TO_ANYSTYLE[part or label]}>" for part, chunk in parts)
            lines.append(f"    <{tag}>{inner}</{tag}>")
        lines.append("  </sequence>")
    lines.append("</dataset>")
    return "\n".join(lines) + "\n"


def _elements(text: str, spans) -> list[tuple[str, list[tuple[str, str]]]]:
    """(label, [(label, text) parts]) elements: words grouped by the label that owns them, each
    word's parts with their own labels (runs of white space between words become one space);
    label None for a run of words without any."""
    char_labels = [None] * len(text)
    for start, end, label in spans:
        char_labels[start:end] = [label] * (end - start)
    span_starts = {start for start, _, _ in spans}
    words = []  # (owner or None, [(label, text)], whether a span starts with it)
    for match in re.finditer(r"\S+", text):
        parts = _word_parts(text, char_labels, match.start(), match.end())
        opens = match.start() in span_starts
        if parts is None:
            words.append((None, [(None, match.group())], opens))
            continue
        words.append((_owner(parts), parts, opens))
    elements = []  # [label or None, parts]
    for owner, parts, opens in words:
        # a word goes on the element before it when it has that element's label, or when it
        # carries on the run that ends that element's last word ("1(1 & 2),": the issue begun
        # inside the volume's word stays one issue inside the volume element); never when a
        # span of the label the element ends on starts with it (two notes side by side stay
        # two, since the reader joins the runs of one label inside an element)
        if elements and not (opens and parts[0][0] == elements[-1][1][-1][0]) and (
                elements[-1][0] == owner or owner is not None and parts[0][0] == owner
                and elements[-1][1][-1][0] == owner):
            elements[-1][1].append((owner, " "))
            elements[-1][1].extend(parts)
        else:
            elements.append([owner, list(parts)])
    return [(owner, _merged(parts)) for owner, parts in elements]


def _owner(parts) -> str:
    """The label whose element a word goes to: the one covering most of its characters (ties:
    the first), and AnyStyle's `volume` for a word with a volume or issue among other labels
    ("12(3)", "2016,8(3):1-5.")."""
    if len(parts) == 1:
        return parts[0][0]
    size = Counter()
    for label, chunk in parts:
        size[label] += len(chunk)
    if len(size) > 1 and {"volume", "issue"} & set(size):
        return "volume"
    return max(size, key=lambda label: size[label])  # ties: the first (dicts keep order)


def _volume_parts(parts):
    """A volume element's parts as the reader will take them: plain text where AnyStyle's cut
    gives the same parts ("106(3)," ⇄ volume "106" + issue "(3),"), else each part marked,
    a lone volume too (the reader cuts only unmarked volume text)."""
    value, runs = _element_text("volume", [(None if label == "volume" else
                                            LABEL_TO_ANYSTYLE[label], chunk)
                                           for label, chunk in parts])
    if split_volume(value) == runs:
        return [("volume", value)]
    if all(label == "volume" for label, _ in parts):
        return [(None, value)]
    return parts


def _word_parts(text, char_labels, start, end) -> list[tuple[str, str]] | None:
    """A word's runs of one label, unlabelled characters joined to the run before (or after,
    at the word's start); None for a word without any label."""
    labels = char_labels[start:end]
    if len(set(labels)) == 1:  # most words: inside one span, or outside all
        return [(labels[0], text[start:end])] if labels[0] else None
    if not any(labels):
        return None
    filled, current = [], next(label for label in labels if label)
    for label in labels:
        current = label or current
        filled.append(current)
    return _merged([(label, text[start + i]) for i, label in enumerate(filled)])


def _merged(parts) -> list[tuple[str, str]]:
    """Adjacent parts of one label as one."""
    merged = []
    for label, chunk in parts:
        if merged and merged[-1][0] == label:
            merged[-1] = (label, merged[-1][1] + chunk)
        else:
            merged.append((label, chunk))
    return merged


_XML_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _xml_safe(value: str) -> str:
    return _XML_ILLEGAL.sub("\ufffd", value)


# ---------------------------------------------------------------------------------------------
# JSONL and CoNLL

def check_record(record, where: str) -> dict:
    """The record with its spans sorted, or CorpusError saying where and what is wrong."""
    if not isinstance(record, dict):
        raise CorpusError(f"{where}: expected a JSON object, found {type(record).__name__}")
    for key in ("text", "spans"):
        if key not in record:
            raise CorpusError(f"{where}: missing key {key!r}")
    text, spans = record["text"], record["spans"]
    if not isinstance(text, str):
        raise CorpusError(f"{where}: 'text' must be a string")
    if not isinstance(spans, list):
        raise CorpusError(f"{where}: 'spans' must be a list of [start, end, label]")
    checked = []
    for span in spans:
        if (not isinstance(span, (list, tuple)) or len(span) != 3
                or not all(isinstance(n, int) and not isinstance(n, bool) for n in span[:2])):
            raise CorpusError(f"{where}: span {span!r} is not [start, end, label]")
        start, end, label = span
        if label not in LABELS:
            raise CorpusError(f"{where}: span {list(span)!r} has unknown label {label!r}; "
                              f"known: {', '.join(LABELS)}")
        if not 0 <= start < end <= len(text):
            raise CorpusError(f"{where}: span {list(span)!r} is outside the text "
                              f"(length {len(text)}) or empty")
        checked.append([start, end, label])
    checked.sort()
    for before, after in pairwise(checked):
        if after[0] < before[1]:
            raise CorpusError(f"{where}: spans {before!r} and {after!r} overlap")
    return {**record, "spans": checked}


def read_jsonl(path) -> list[dict]:
    """Records from JSON Lines (blank lines skipped); ids default to `<stem>-<line>`."""
    path = Path(path)
    records = []
    for number, line in enumerate(_lines(path), 1):
        if not line.strip():
            continue
        where = f"{path}:{number}"
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            raise CorpusError(f"{where}: bad JSON: {error.msg} (column {error.colno})") from None
        record = check_record(record, where)
        record.setdefault("id", f"{path.stem}-{number:04d}")
        records.append(record)
    return records


# Characters str.splitlines() breaks lines at that JSON leaves raw inside strings.
_LINE_BREAKS_IN_STRINGS = str.maketrans({"\x85": "\\u0085", "\u2028": "\\u2028",
                                         "\u2029": "\\u2029"})


def json_line(value) -> str:
    """One JSON Lines line (UTF-8 text, not ASCII-escaped, without the newline) that stays
    one line for any reader, splitlines() included."""
    return json.dumps(value, ensure_ascii=False).translate(_LINE_BREAKS_IN_STRINGS)


def write_jsonl(records, path) -> None:
    """Write records one a line (UTF-8, not ASCII-escaped), checking each first."""
    path = Path(path)
    lines = [json_line(check_record(record, f"record {i}"))
             for i, record in enumerate(records, 1)]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")


def read_conll(path) -> list[dict]:
    """Records from token<TAB>label lines, a blank line between references.

    Labels are ours or AnyStyle's element names, optionally with B-/I- prefixes; `O` (or `-`)
    marks unlabelled tokens. Consecutive tokens with one label form one span unless a `B-`
    starts a new one. The text is the tokens joined by single spaces. Lines starting with `#`
    and holding no tab are comments.
    """
    path = Path(path)
    records, tokens = [], []  # tokens: (text, label or None, whether a B- begins a span)

    def flush():
        if tokens:
            records.append(_conll_record(tokens, f"{path.stem}-{len(records) + 1:04d}"))
            tokens.clear()

    for number, line in enumerate(_lines(path), 1):
        line = line.rstrip("\r\n")
        if not line.strip():
            flush()
            continue
        if line.startswith("#") and "\t" not in line:
            continue  # a comment; a token "#9" comes with a tab
        columns = line.split("\t") if "\t" in line else line.split()
        if len(columns) < 2:
            raise CorpusError(f"{path}:{number}: expected token<TAB>label, found {line[:40]!r}")
        token, tag = columns[0].strip(), columns[-1].strip()
        if not token or any(ch.isspace() for ch in token):
            raise CorpusError(f"{path}:{number}: token {token!r} is empty or holds white space")
        label, begins = _conll_label(tag)
        if label is False:
            raise CorpusError(f"{path}:{number}: unknown label {tag!r}; "
                              f"known: {', '.join(LABELS)}, {OTHER}")
        tokens.append((token, label, begins))
    flush()
    return records


def _conll_label(tag: str):
    """(label or None for unlabelled, whether a B- prefix starts a span); label False if unknown."""
    begins = tag[:2] in ("B-", "b-")
    if tag[:2] in ("B-", "I-", "b-", "i-"):
        tag = tag[2:]
    if tag in (OTHER, "-"):
        return None, False
    if tag in LABELS:
        return tag, begins
    return ANYSTYLE_TO_LABEL.get(tag, False), begins


def _conll_record(tokens, record_id: str) -> dict:
    text, spans, offset = [], [], 0
    for token, label, begins in tokens:
        if text:
            offset += 1
        start, offset = offset, offset + len(token)
        text.append(token)
        if label is None:
            continue
        if spans and spans[-1][2] == label and spans[-1][1] == start - 1 and not begins:
            spans[-1][1] = offset
        else:
            spans.append([start, offset, label])
    return {"id": record_id, "text": " ".join(text), "spans": spans}


def _lines(path: Path) -> list[str]:
    """The file's lines, broken at \n, \r\n or \r only: a U+2028 or U+0085 inside a JSON
    string is text, not a line break (as str.splitlines() would have it)."""
    try:
        text = path.read_text(encoding="utf-8").removesuffix("\n").removesuffix("\r")
        return re.split(r"\r\n|\r|\n", text) if text else []
    except FileNotFoundError:
        raise CorpusError(f"{path}: no such file") from None
    except UnicodeDecodeError as error:
        line = path.read_bytes()[:error.start].count(b"\n") + 1
        raise CorpusError(f"{path}:{line}: not UTF-8 ({error.reason})") from None


def read_xml(path) -> list[dict]:
    """AnyStyle XML or GROBID TEI, told apart by the file's first elements."""
    with open(path, "rb") as handle:
        head = handle.read(4096)
    if is_tei(head):
        return read_grobid_tei(path)
    return read_anystyle_xml(path)


_READERS = {".xml": read_xml, ".jsonl": read_jsonl, ".conll": read_conll,
            ".tsv": read_conll, ".txt": read_conll}


def load(path) -> list[dict]:
    """Records from any supported file, chosen by its extension (and, for .xml, its root)."""
    path = Path(path)
    reader = _READERS.get(path.suffix.lower())
    if reader is None:
        raise CorpusError(f"{path}: unknown corpus format {path.suffix!r}; "
                          f"expected one of {', '.join(_READERS)}")
    if not path.is_file():
        raise CorpusError(f"{path}: no such file")
    return reader(path)
