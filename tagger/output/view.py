"""The readable view of parsed references, for a person at a terminal.

One block per reference: a header (number, engine, confidence, type), then each field on its
own line, label then value, coloured with the label's colour from tagger.output.palette (the web
page's colours). A field whose least sure word is under LOW_CONFIDENCE is marked "?" with that
probability, a record that does not look like a reference at all (tagger.text.likeness) says so
in its header, and a reference that failed shows its error (in red). Programs read the JSON
formats; this view may change between releases.
"""

import textwrap
import unicodedata
from dataclasses import dataclass

from .palette import LABEL_COLORS

# A field is marked unsure when the CRF's marginal probability of one of its words (tokens
# holding a letter or digit) is under LOW_CONFIDENCE; the rule tagger's confidences are coarser
# levels, with a threshold of their own. On gold (python -m training.experiments.low_confidence)
# the CRF's marks fall on 4.0% of fields, which hold 44% of its wrong ones; the rules' on 14.5%,
# holding 43% of theirs.
LOW_CONFIDENCE = 0.9
RULES_LOW_CONFIDENCE = 0.7

LABEL_WIDTH = max(map(len, LABEL_COLORS)) + 2
VALUE_INDENT = 4 + LABEL_WIDTH  # "  ? " then the label, padded: where a value starts

NOT_REFERENCE = "(not a reference?)"

RESET = "\x1b[0m"
BOLD = "\x1b[1m"
DIM = "\x1b[2m"
RED = "\x1b[1;31m"

# Bidirectional overrides and isolates: text that would reorder what is printed after it.
BIDI_CONTROLS = set(range(0x202A, 0x202F)) | set(range(0x2066, 0x206A))


@dataclass(frozen=True)
class Style:
    color: bool = False
    truecolor: bool = False  # 24-bit colour; otherwise the nearest of the 256-colour palette
    width: int | None = None  # the terminal's columns: long values wrap within them

    def paint(self, text: str, *codes: str) -> str:
        codes = [code for code in codes if code]
        return "".join(codes) + text + RESET if self.color and codes else text

    def label(self, label: str) -> str:
        """The SGR sequence of a label's colour ("" for a label without one)."""
        color = LABEL_COLORS.get(label)
        if not color:
            return ""
        red, green, blue = (int(color[i:i + 2], 16) for i in (1, 3, 5))
        if self.truecolor:
            return f"\x1b[38;2;{red};{green};{blue}m"
        return f"\x1b[38;5;{xterm_256(red, green, blue)}m"


def xterm_256(red: int, green: int, blue: int) -> int:
    """The nearest colour of xterm's 256: its 6×6×6 cube or its 24 greys."""
    levels = (0, 95, 135, 175, 215, 255)

    def nearest_level(value):
        return min(range(6), key=lambda i: abs(levels[i] - value))

    cube = tuple(nearest_level(value) for value in (red, green, blue))
    cube_rgb = tuple(levels[i] for i in cube)
    grey_index = min(23, max(0, round(((red + green + blue) / 3 - 8) / 10)))
    grey_rgb = (8 + 10 * grey_index,) * 3

    def distance(rgb):
        return sum((a - b) ** 2 for a, b in zip(rgb, (red, green, blue)))

    if distance(grey_rgb) < distance(cube_rgb):
        return 232 + grey_index
    return 16 + 36 * cube[0] + 6 * cube[1] + cube[2]


def write(refs, stream, style: Style = Style()) -> None:
    """Write each reference's block as it comes (a long batch streams), a blank line apart."""
    for number, ref in enumerate(refs, 1):
        stream.write(("\n" if number > 1 else "") + render(ref, number, style))


def render(ref, number: int, style: Style = Style()) -> str:
    """One reference's block, ending with a newline."""
    head = style.paint(f"[{number}]", BOLD)
    if ref.error is not None:
        lines = [f"{head} {style.paint('error: ' + printable(ref.error), RED)}"]
        if ref.raw.strip():
            lines.append("    " + style.paint(printable(" ".join(ref.raw.split())), DIM))
        return "\n".join(lines) + "\n"
    lines = [f"{head} {style.paint(_summary(ref), DIM)}"]
    if (ref.extra or {}).get("not_reference"):  # tagger.text.likeness: no reference's look
        lines[0] += "  " + style.paint(NOT_REFERENCE, BOLD)
    unsure = field_confidence(ref)
    threshold = RULES_LOW_CONFIDENCE if ref.engine == "rules" else LOW_CONFIDENCE
    for label, value in (ref.fields or {}).items():
        probability = unsure.get(label, 1.0)
        marked = probability < threshold
        mark = style.paint("?", BOLD) if marked else " "
        color = style.label(label)
        first, *rest = wrap(printable(value), style.width)
        lines.append(f"  {mark} {style.paint(label.ljust(LABEL_WIDTH), BOLD, color)}"
                     f"{style.paint(first, color)}")
        lines.extend(" " * VALUE_INDENT + style.paint(part, color) for part in rest)
        if marked:
            lines[-1] += "  " + style.paint(f"({probability:.2f})", DIM)
    if not ref.fields:
        lines.append("    " + style.paint("(no fields found)", DIM))
    return "\n".join(lines) + "\n"


def wrap(value: str, width: int | None) -> list:
    """A value's lines within `width` columns, each to be printed after VALUE_INDENT: broken
    between words only (a DOI or URL longer than the line stays whole, to be copied)."""
    room = (width or 0) - VALUE_INDENT
    if room < 20:  # no width, or too narrow to be worth it: the terminal wraps
        return [value]
    return textwrap.wrap(value, room, break_long_words=False, break_on_hyphens=False) or [value]


def _summary(ref) -> str:
    parts = [ref.engine, f"confidence {ref.confidence:.2f}"]
    if ref.type:
        parts.append(ref.type)
    extra = ref.extra or {}
    if isinstance(extra.get("pdf_page"), int):  # found in a PDF
        parts.append(f"page {extra['pdf_page']}")
    if isinstance(extra.get("start"), int) and isinstance(extra.get("end"), int):
        parts.append(f"characters {extra['start']}–{extra['end']}")
    if ref.partial:
        parts.append("partial")
    return " · ".join(parts)


def field_confidence(ref) -> dict:
    """Label → the lowest marginal probability of its words (tokens with a letter or digit;
    a label made only of punctuation counts its punctuation)."""
    words, marks = {}, {}
    for token in ref.tokens or []:
        label, probability = token.get("label"), token.get("p")
        if not isinstance(probability, (int, float)):
            continue
        target = words if any(c.isalnum() for c in str(token.get("text", ""))) else marks
        target[label] = min(probability, target.get(label, 1.0))
    return {**marks, **words}


def printable(text) -> str:
    """Text safe to print on a terminal: control characters (an escape sequence in the
    input could move the cursor or recolour the screen) and bidirectional overrides become
    U+FFFD."""
    return "".join("\ufffd" if unicodedata.category(c) == "Cc" or ord(c) in BIDI_CONTROLS else c
                   for c in str(text))
