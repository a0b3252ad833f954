"""Characters with their positions, page by page, through PDFium (pypdfium2).

PDFium was chosen over pdfminer.six/pdfplumber for speed (training/bench_pdf.py: about ten
times faster on the same pages) with the same characters, boxes and font sizes. Each page
becomes a list of `Glyph`s in content-stream order, in top-down coordinates (y grows down
the page). A glyph's size is the font size as drawn (the text matrix's scale times the size
the font was set at: many writers set every font at 1 and scale the matrix); its style comes
from its font (bold, italic). Spaces are kept only as a mark on the glyph that follows them
(typed in the PDF, or inferred by PDFium from a gap), and turned text (a stamp up the margin,
a rotated table head) is left out. A character outside the Basic Multilingual Plane comes out
of PDFium as two UTF-16 halves: they are joined here (tagger.pdf.characters folds it).
"""

import ctypes
import math
import re
import time
from dataclasses import dataclass

from tagger.pdf.characters import fold
from tagger.pdf.errors import MissingExtra, PdfError

BOLD, ITALIC = 1, 2
SURROGATE = re.compile("[\ud800-\udfff]")
TYPED, INFERRED = 2, 1  # the kinds of space before a glyph


@dataclass(slots=True)
class Glyph:
    char: str
    x0: float
    x1: float
    top: float
    bottom: float
    baseline: float
    size: float
    space_before: int  # 0 none, INFERRED (PDFium saw a gap), TYPED (a space in the PDF)
    style: int = 0  # BOLD | ITALIC
    color: int = 0  # fill colour, 0xRRGGBB


@dataclass
class Page:
    number: int  # 1-based
    width: float
    height: float
    glyphs: list


@dataclass
class Extraction:
    pages: list
    page_count: int  # pages in the file, read or not
    warnings: list


def _pdfium():
    try:
        import pypdfium2
        import pypdfium2.raw
    except ImportError:
        raise MissingExtra() from None
    return pypdfium2, pypdfium2.raw


def open_document(source):
    """A PdfDocument from a path or bytes, or PdfError saying why not."""
    pdfium, _ = _pdfium()
    try:
        return pdfium.PdfDocument(source)
    except pdfium.PdfiumError as error:
        message = str(error)
        if "password" in message.lower():
            raise PdfError("the PDF is encrypted (password protected); reftag cannot read it")
        raise PdfError(f"not a readable PDF (damaged or not a PDF): {message}") from None
    except (OSError, ValueError) as error:
        raise PdfError(f"cannot open the PDF: {error}") from None


def _units(textpage, raw, count: int) -> list:
    """One character per PDFium character index; a surrogate pair becomes the character on
    its first index and "" on its second, a lone half U+FFFD (never a crash downstream)."""
    text = textpage.get_text_range(0, count)
    if len(text) == count and not SURROGATE.search(text):
        return list(text)
    units = [raw.FPDFText_GetUnicode(textpage.raw, index) for index in range(count)]
    chars, index = [], 0
    while index < count:
        unit = units[index]
        if 0xD800 <= unit < 0xDC00 and index + 1 < count and 0xDC00 <= units[index + 1] < 0xE000:
            chars += [chr(0x10000 + ((unit - 0xD800) << 10) + units[index + 1] - 0xDC00), ""]
            index += 2
            continue
        chars.append("\ufffd" if 0xD800 <= unit < 0xE000 else chr(unit))
        index += 1
    return chars


STYLE_WORDS = (("bold", BOLD), ("black", BOLD), ("heavy", BOLD), ("semibold", BOLD),
               ("demi", BOLD), ("italic", ITALIC), ("oblique", ITALIC), ("slanted", ITALIC))


def _style(raw, handle, index, buffer) -> int:
    """BOLD/ITALIC from the font's name, flags and weight."""
    flags = ctypes.c_int(0)
    length = raw.FPDFText_GetFontInfo(handle, index, buffer, len(buffer), ctypes.byref(flags))
    name = bytes(buffer[:max(0, length - 1)]).decode("latin-1").lower()
    name = name.split("+", 1)[-1]
    style = 0
    for word, bit in STYLE_WORDS:
        if word in name:
            style |= bit
    if flags.value & (1 << 6):  # the font descriptor's Italic flag
        style |= ITALIC
    if flags.value & (1 << 18) or raw.FPDFText_GetFontWeight(handle, index) >= 600:
        style |= BOLD
    # a medium weight named "Bold" in "BoldItalic" is caught by the name; "MediumItalic" not
    return style


class _Calls:
    """PDFium's per-character calls, declared with plain pointer arguments: pypdfium2's own
    bindings check each argument's type, which costs more than the call (a page of a
    two-column paper has 6,000 characters, each asked two or three things; calling them
    through `map` into one array instead was measured no faster). Falls back to the
    bindings as they are when the library handle is not where this version keeps it."""

    def __init__(self, raw):
        self.raw = raw
        try:
            from pypdfium2_raw import bindings

            library = bindings._libs["pdfium"]
            handle, index, pointer = ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p
            self.get_object = self._declare(library, "FPDFText_GetTextObject",
                                            [handle, index], ctypes.c_void_p)
            self.get_box = self._declare(library, "FPDFText_GetLooseCharBox",
                                         [handle, index, pointer], ctypes.c_int)
            self.get_origin = self._declare(library, "FPDFText_GetCharOrigin",
                                            [handle, index, pointer, pointer], ctypes.c_int)
            self.get_font = self._declare(library, "FPDFTextObj_GetFont", [pointer],
                                          ctypes.c_void_p)
            self.get_size = self._declare(library, "FPDFText_GetFontSize", [handle, index],
                                          ctypes.c_double)
            self.get_matrix = self._declare(library, "FPDFText_GetMatrix",
                                            [handle, index, pointer], ctypes.c_int)
            self.get_color = self._declare(library, "FPDFText_GetFillColor",
                                           [handle, index] + [pointer] * 4, ctypes.c_int)
            self.is_generated = self._declare(library, "FPDFText_IsGenerated", [handle, index],
                                              ctypes.c_int)
            self.plain = True
        except (ImportError, AttributeError, KeyError, TypeError):
            self.get_object = raw.FPDFText_GetTextObject
            self.get_box, self.get_origin = raw.FPDFText_GetLooseCharBox, raw.FPDFText_GetCharOrigin
            self.get_font = None
            self.get_size, self.get_matrix = raw.FPDFText_GetFontSize, raw.FPDFText_GetMatrix
            self.get_color = raw.FPDFText_GetFillColor
            self.is_generated = raw.FPDFText_IsGenerated
            self.plain = False

    @staticmethod
    def _declare(library, name, argtypes, restype):
        function = library[name]  # a new function object: pypdfium2's own is left as it is
        function.argtypes, function.restype = argtypes, restype
        return function

    def handle(self, textpage):
        return ctypes.cast(textpage.raw, ctypes.c_void_p).value if self.plain else textpage.raw

    def pointer(self, value):
        return ctypes.addressof(value) if self.plain else ctypes.byref(value)


def _color(calls, handle, index, rgba, refs) -> int:
    """The fill colour a character is drawn in, as 0xRRGGBB (0 when PDFium cannot say)."""
    if not calls.get_color(handle, index, *refs):
        return 0
    red, green, blue = (value.value & 255 for value in rgba[:3])
    return red << 16 | green << 8 | blue


def page_glyphs(page, raw, calls: _Calls | None = None) -> list:
    """The glyphs of one page, top-down coordinates."""
    calls = calls or _Calls(raw)
    height = page.get_height()
    textpage = page.get_textpage()
    try:
        count = textpage.count_chars()
        if count <= 0:
            return []
        chars = _units(textpage, raw, count)
        handle, fast = textpage.raw, calls.handle(textpage)
        box, ox, oy, matrix = raw.FS_RECTF(), ctypes.c_double(), ctypes.c_double(), raw.FS_MATRIX()
        box_ref, ox_ref, oy_ref = calls.pointer(box), calls.pointer(ox), calls.pointer(oy)
        matrix_ref = calls.pointer(matrix)
        get_box, get_origin, get_object = calls.get_box, calls.get_origin, calls.get_object
        get_size, get_matrix = calls.get_size, calls.get_matrix
        is_generated = calls.is_generated
        buffer = (ctypes.c_ubyte * 128)()
        glyphs, space, styles = [], 0, {}  # a font's style, by the font's handle
        last_object, size, style, turned, descent, color = -1, 1.0, 0, False, 0.0, 0
        rgba = [ctypes.c_uint() for _ in range(4)]
        rgba_refs = [calls.pointer(value) for value in rgba]
        for index, char in enumerate(chars):
            if not char:
                continue  # the second half of a surrogate pair
            if char in "\x02\ufffe":  # PDFium's mark for a hyphen that ends a line
                char = "-"
            elif char.isspace() or char in "\x00\uffff" or char < " ":
                if char in " \u00a0\u3000\t":
                    space = max(space, INFERRED if is_generated(fast, index) else TYPED)
                continue
            text_object = get_object(fast, index)
            get_box(fast, index, box_ref)  # the advance box: no gaps between glyphs
            if text_object != last_object or text_object is None:
                last_object = text_object
                get_matrix(fast, index, matrix_ref)
                scale = math.hypot(matrix.c, matrix.d) or 1.0
                size = (get_size(fast, index) or 1.0) * scale
                # Turned text: a margin stamp ("arXiv:... [cs.CL]"), an axis label.
                turned = abs(matrix.b) > 0.05 * scale or abs(matrix.c) > 0.05 * scale \
                    or matrix.d < 0
                font = calls.get_font(text_object) if calls.get_font else None
                style = styles.get(font) if font else None
                if style is None:
                    style = _style(raw, handle, index, buffer)
                    if font:
                        styles[font] = style
                color = _color(calls, fast, index, rgba, rgba_refs)
                # the loose box hangs from the baseline by the font's descent: asked once
                get_origin(fast, index, ox_ref, oy_ref)
                descent = oy.value - box.bottom
            if turned:
                space = INFERRED
                continue
            if not char.isascii():
                char = fold(char)
            bottom = box.bottom
            glyphs.append(Glyph(char, box.left, max(box.right, box.left), height - box.top,
                                height - bottom, height - bottom - descent, size, space, style,
                                color))
            space = 0
        return glyphs
    finally:
        textpage.close()


def extract(source, max_pages: int = 300, time_limit: float = 60.0) -> Extraction:
    """Glyphs of the first `max_pages` pages, stopping (with a warning) past `time_limit`
    seconds; PdfError when the file cannot be read at all."""
    pdfium, raw = _pdfium()
    document = open_document(source)
    try:
        page_count = len(document)
        warnings = []
        if page_count > max_pages:
            warnings.append(f"the PDF has {page_count} pages; only the first {max_pages} were read")
        started = time.monotonic()
        pages, calls = [], _Calls(raw)
        for index in range(min(page_count, max_pages)):
            if index and time.monotonic() - started > time_limit:
                warnings.append(f"stopped after {index} of {page_count} pages: time limit "
                                f"of {time_limit:g} s reached")
                break
            try:
                page = document[index]
            except pdfium.PdfiumError as error:
                warnings.append(f"page {index + 1} cannot be read ({error}); skipped")
                continue
            try:
                width, height = page.get_size()
                pages.append(Page(index + 1, width, height, page_glyphs(page, raw, calls)))
            finally:
                page.close()
        return Extraction(pages, page_count, warnings)
    finally:
        document.close()
