"""Characters with their positions, page by page, through PDFium (pypdfium2).

PDFium was chosen over pdfminer.six/pdfplumber for speed (training/benchmarks/bench_pdf.py: about ten
times faster on the same pages) with the same characters, boxes and font sizes. Each page
becomes a list of `Glyph`s in content-stream order, in top-down coordinates (y grows down
the page). A glyph's size is the font size as drawn (the text matrix's scale times the size
the font was set at: many writers set every font at 1 and scale the matrix); its style comes
from its font (bold, italic: its flags and weight, or its name alone, as TeX's CMBX says bold).
A font that does not say which characters it draws hands over its codes: TeX's T1 fonts
(EC, cm-super; as bitmaps with no name where cm-super is not installed) have them read in
TeX's T1 encoding, so "ff" (0x1B) is not lost as a control code. Spaces are kept only as a
mark on the glyph that follows them (typed in the PDF, or inferred by PDFium from a gap), and
turned text (a stamp up the margin, a rotated table head) is left out. A character outside
the Basic Multilingual Plane comes out of PDFium as two UTF-16 halves: they are joined here
(tagger.pdf.characters folds it).
"""

import ctypes
import gc
import math
import re
import struct
import time
from dataclasses import dataclass
from functools import lru_cache

from tagger.pdf.characters import T1, fold
from tagger.pdf.errors import MissingExtra, PdfError

BOLD, ITALIC = 1, 2
SURROGATE = re.compile("[\ud800-\udfff]")
TYPED, INFERRED = 2, 1  # the kinds of space before a glyph
# A control code PDFium hands over as it is waits under a private mark (outside ASCII, so the
# per-glyph path stays as it is) until its font says what it draws: TeX's T1 fonts say (the
# mark becomes the character, "ff" for 0x1B), others do not (it is dropped, as ever).
MARKS = {char: chr(0xF0000 + ord(char)) for char in T1 if (char < " " or char == "\x7f")
         and char not in "\r\n\t"}  # PDFium's own line ends; a tab is a space
T1_MARKED = {MARKS.get(char, char): text for char, text in T1.items()}
UNMARKED = dict.fromkeys(MARKS.values(), "")


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
    dropped: int = 0  # characters left out: off their page, or sized with no number
    unsized: int = 0  # pages left out: no size (empty boxes)


def load_pdfium():
    try:
        import pypdfium2
        import pypdfium2.raw
    except ImportError:
        raise MissingExtra() from None
    return pypdfium2, pypdfium2.raw


# What PDFium's FPDF_GetLastError codes mean to a user (0, "success", when a file it
# opened has no pages it can find).
LOAD_ERRORS = {
    2: "cannot open the file",
    4: "the PDF is encrypted (password protected); reftag cannot read it",
    5: "the PDF is encrypted with a security handler PDFium does not support; reftag cannot "
       "read it",
    6: "not a readable PDF: its page tree is damaged",
}
DAMAGED = "not a readable PDF (damaged, or not a PDF at all)"


def open_document(source):
    """A PdfDocument from a path or bytes, or PdfError saying why not."""
    pdfium, _ = load_pdfium()
    try:
        return pdfium.PdfDocument(source)
    except pdfium.PdfiumError as error:
        raise PdfError(LOAD_ERRORS.get(getattr(error, "err_code", None), DAMAGED)) from None
    except FileNotFoundError:
        raise PdfError(f"{source}: no such file") from None
    except (OSError, ValueError) as error:
        reason = getattr(error, "strerror", None) or error
        raise PdfError(f"cannot open the PDF: {reason}") from None


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
# The style part of a name ("Frutiger-BdCn", "AdvTT86d47313.B", "Arial,BoldItalic"), in words.
STYLE_PART = re.compile(r"[-,.]([A-Za-z]+)$")
STYLE_PART_WORDS = {"b": BOLD, "bd": BOLD, "bol": BOLD, "blk": BOLD, "hv": BOLD, "sb": BOLD,
                    "smbd": BOLD, "db": BOLD, "eb": BOLD, "xb": BOLD, "ub": BOLD,
                    "i": ITALIC, "it": ITALIC, "ital": ITALIC, "obl": ITALIC, "sl": ITALIC}
# TeX's own fonts, named by family, series and shape then design size: Computer Modern's
# bold (cmb10, CMBX12, cmbxti10, cmssbx10, cmmib10, cmbsy10) and the EC / cm-super / TS1
# fonts' (ecbx1200, SFBX1000, sfrb0900, sfbi1000, sfsx1000, tcbx1000).
TEX_BOLD = re.compile(r"(?:cm(?:b|bx[a-z]*|ssbx|mib|bsy|ssdc)|(?:ec|sf|tc)(?:bx|rb|bi|bl|xc|sx|so))"
                      r"\d+")
TEX_T1 = re.compile(r"(?:ec|sf|tc)[a-z]{2}\d{4}")  # TeX's T1-encoded fonts: ecrm1000, SFRM1000


@lru_cache(maxsize=1024)
def font_style(name: str) -> int:
    """BOLD/ITALIC from what a font's name says (its subset prefix already cut)."""
    lower = name.lower()
    style = 0
    for word, bit in STYLE_WORDS:
        if word in lower:
            style |= bit
    part = STYLE_PART.search(name)
    if part:
        for word in re.findall(r"[A-Z][a-z]*|[a-z]+", part.group(1)):
            style |= STYLE_PART_WORDS.get(word.lower(), 0)
    if TEX_BOLD.fullmatch(lower):
        style |= BOLD
    return style


def _font(raw, handle, index, buffer) -> tuple:
    """(BOLD/ITALIC from the font's name, flags and weight; what the codes it draws that
    PDFium passes on as they are stand for: TeX's T1 encoding for a T1 font or a font with no
    name (TeX's bitmap fonts), else nothing)."""
    flags = ctypes.c_int(0)
    length = raw.FPDFText_GetFontInfo(handle, index, buffer, len(buffer), ctypes.byref(flags))
    name = bytes(buffer[:max(0, length - 1)]).decode("latin-1").split("+", 1)[-1]
    style = font_style(name)
    if flags.value & (1 << 6):  # the font descriptor's Italic flag
        style |= ITALIC
    weight = raw.FPDFText_GetFontWeight(handle, index)  # -1: no font at all
    if flags.value & (1 << 18) or weight >= 600:
        style |= BOLD
    # a medium weight named "Bold" in "BoldItalic" is caught by the name; "MediumItalic" not
    # TeX's bitmap fonts (Type 3) carry no name: their codes are their T1 encoding's
    return style, T1_MARKED if (not name and weight >= 0) or _is_t1(name) else UNMARKED


@lru_cache(maxsize=1024)
def _is_t1(name: str) -> bool:
    return bool(TEX_T1.fullmatch(name.lower()))


class _Calls:
    """PDFium's per-character and per-text-object functions as bare C function pointers.

    pypdfium2's bindings declare each argument's type, and ctypes converts and checks every
    argument of every call against it: that costs more than PDFium's work (a page of a
    two-column paper has 6,000 characters, two calls each, five more per text object).
    These pointers are the same functions taken by address, with no argument types: the
    handle and the out-parameters are passed as ready ctypes objects and the index as a
    plain int, which ctypes hands over as they are (measured 0.3 µs a call against 0.65).
    One path for every pypdfium2: the address and the pointer class come from pypdfium2's
    own function objects."""

    def __init__(self, raw):
        def bare(function, restype=ctypes.c_int):
            pointer = type(function)(ctypes.cast(function, ctypes.c_void_p).value)
            pointer.restype = restype
            return pointer

        self.get_object = bare(raw.FPDFText_GetTextObject, ctypes.c_void_p)
        self.get_box = bare(raw.FPDFText_GetLooseCharBox)
        self.get_origin = bare(raw.FPDFText_GetCharOrigin)
        self.get_font = bare(raw.FPDFTextObj_GetFont, ctypes.c_void_p)
        self.get_size = bare(raw.FPDFText_GetFontSize, ctypes.c_double)
        self.get_matrix = bare(raw.FPDFText_GetMatrix)
        self.get_color = bare(raw.FPDFText_GetFillColor)
        self.is_generated = bare(raw.FPDFText_IsGenerated)


BOX = struct.Struct("4f")  # FS_RECTF: left, top, right, bottom
MATRIX = struct.Struct("4f")  # FS_MATRIX's a, b, c, d (e, f not read)
RGBA = struct.Struct("4I")


MAX_SIZE = 2000.0  # points: a font size past this is no text a reader sees (1e38 in a fuzzed file)


class Frame:
    """A page as it is shown: /Rotate turns the page space (PDFium's boxes, y up) by 0, 90,
    180 or 270 degrees clockwise; the frame maps page space to the shown page, top-down.
    Text drawn turned to match a landscape page's /Rotate 90 reads level in this frame, and
    a glyph far outside the shown page (more than its own width or height away), or not at
    a finite place, is no text a reader sees: `holds` says which are on it."""

    def __init__(self, width: float, height: float, rotation: int):
        # PDFium reports the shown size: the page space is the other way round when the
        # page is turned a quarter
        self.rotation = rotation % 360
        self.width, self.height = width, height
        self.page_width, self.page_height = (height, width) if self.rotation in (90, 270) else (
            width, height)
        self.x_range = (-self.width, 2 * self.width)
        self.y_range = (-self.height, 2 * self.height)

    def point(self, x: float, y: float) -> tuple:
        """(x, y) of page space as (x, y up) on the shown page."""
        if self.rotation == 90:
            return y, self.page_width - x
        if self.rotation == 180:
            return self.page_width - x, self.page_height - y
        if self.rotation == 270:
            return self.page_height - y, x
        return x, y

    def vector(self, x: float, y: float) -> tuple:
        if self.rotation == 90:
            return y, -x
        if self.rotation == 180:
            return -x, -y
        if self.rotation == 270:
            return -y, x
        return x, y

    def box(self, left: float, top: float, right: float, bottom: float) -> tuple:
        """A box of page space (y up) as (left, top, right, bottom), y up, on the shown page."""
        x0, y0 = self.point(left, bottom)
        x1, y1 = self.point(right, top)
        return min(x0, x1), max(y0, y1), max(x0, x1), min(y0, y1)

    def holds(self, x0: float, x1: float, top: float, bottom: float) -> bool:
        """Are the glyph's edges finite and near the page (NaN fails every comparison)?"""
        low, high = self.x_range
        if not (low <= x0 <= high and low <= x1 <= high):
            return False
        low, high = self.y_range
        return low <= top <= high and low <= bottom <= high


def page_glyphs(page, raw, calls: _Calls | None = None, frame: Frame | None = None) -> tuple:
    """(glyphs, how many were left out) of one page, top-down coordinates of the page as
    shown (`frame`). Glyphs PDFium cannot place, off the page or at sizes that are no numbers
    are left out."""
    calls = calls or _Calls(raw)
    frame = frame or Frame(*page.get_size(), page.get_rotation())
    height, turned_page = frame.height, frame.rotation != 0
    textpage = page.get_textpage()
    try:
        count = textpage.count_chars()
        if count <= 0:  # no text, or text PDFium cannot place (a font set at size 1e38)
            return [], _text_objects(page, raw)
        chars = _units(textpage, raw, count)
        handle = textpage.raw  # a ctypes pointer: passed to the bare calls as it is
        box, matrix, rgba = raw.FS_RECTF(), raw.FS_MATRIX(), (ctypes.c_uint * 4)()
        ox, oy = ctypes.c_double(), ctypes.c_double()
        box_ref, matrix_ref, ox_ref, oy_ref = (ctypes.byref(value) for value in
                                               (box, matrix, ox, oy))
        rgba_refs = [ctypes.byref(rgba, 4 * channel) for channel in range(4)]
        get_box, get_origin, get_object = calls.get_box, calls.get_origin, calls.get_object
        get_size, get_matrix, get_color = calls.get_size, calls.get_matrix, calls.get_color
        get_font, is_generated = calls.get_font, calls.is_generated
        read_box, read_matrix, read_rgba = BOX.unpack_from, MATRIX.unpack_from, RGBA.unpack
        (x_low, x_high), (y_low, y_high), shown = frame.x_range, frame.y_range, frame.box
        buffer = (ctypes.c_ubyte * 128)()
        glyphs, space, fonts = [], 0, {}  # a font's (style, codes), by the font's handle
        last_object, size, style, turned, descent, color = -1, 1.0, 0, False, 0.0, 0
        codes, sized, dropped = UNMARKED, True, 0
        for index, char in enumerate(chars):
            if not char:
                continue  # the second half of a surrogate pair
            if char in "\x02\ufffe":  # PDFium's mark for a hyphen that ends a line
                char = "-"
            elif char.isspace() or char < " " or char in "\uffff\x7f":
                if char in " \u00a0\u3000\t":
                    space = max(space, INFERRED if is_generated(handle, index) else TYPED)
                    continue
                char = MARKS.get(char)
                if char is None:  # PDFium's line ends, other controls
                    continue
            text_object = get_object(handle, index)
            if not get_box(handle, index, box_ref):  # the advance box: no gaps between glyphs
                dropped += 1  # PDFium cannot place it (a font set at size 0)
                continue
            left, top, right, bottom = read_box(box)
            if turned_page:
                left, top, right, bottom = shown(left, top, right, bottom)
            if text_object != last_object or text_object is None:
                last_object = text_object
                get_matrix(handle, index, matrix_ref)
                a, b, c, d = read_matrix(matrix)
                if turned_page:
                    (a, b), (c, d) = frame.vector(a, b), frame.vector(c, d)
                scale = math.hypot(c, d) or 1.0
                size = (get_size(handle, index) or 1.0) * scale
                sized = 0.0 < size < MAX_SIZE  # False for NaN and inf too
                # Turned text: a margin stamp ("arXiv:... [cs.CL]"), an axis label.
                turned = abs(b) > 0.05 * scale or abs(c) > 0.05 * scale or d < 0
                font = get_font(ctypes.c_void_p(text_object)) if text_object else None
                known = fonts.get(font) if font else None
                if known is None:
                    known = _font(raw, handle, index, buffer)
                    if font:
                        fonts[font] = known
                style, codes = known
                color = 0  # 0xRRGGBB, 0 when PDFium cannot say
                if get_color(handle, index, *rgba_refs):
                    red, green, blue, _ = read_rgba(rgba)
                    color = (red & 255) << 16 | (green & 255) << 8 | blue & 255
                # the loose box hangs from the baseline by the font's descent: asked once
                get_origin(handle, index, ox_ref, oy_ref)
                origin_y = frame.point(ox.value, oy.value)[1] if turned_page else oy.value
                descent = origin_y - bottom
            if turned:
                space = INFERRED
                continue
            x1 = left if left > right else right
            baseline = height - bottom - descent
            # on the page or near it, and numbers (NaN fails every comparison): Frame.holds
            if not (sized and x_low <= left <= x_high and x_low <= x1 <= x_high
                    and y_low <= height - top <= y_high and y_low <= baseline <= y_high):
                dropped += 1
                continue
            if not char.isascii():
                char = fold(codes.get(char, char))
                if not char:
                    continue
            glyphs.append(Glyph(char, left, x1, height - top, height - bottom, baseline, size,
                                space, style, color))
            space = 0
        return glyphs, dropped
    finally:
        textpage.close()


def _text_objects(page, raw) -> int:
    """How many text objects the page draws."""
    handle = page.raw
    return sum(1 for index in range(raw.FPDFPage_CountObjects(handle))
               if raw.FPDFPageObj_GetType(raw.FPDFPage_GetObject(handle, index))
               == raw.FPDF_PAGEOBJ_TEXT)


def _read_page(page, number: int, raw, calls: _Calls, extraction: Extraction):
    """One page's glyphs, added to `extraction`; a page with no size (a CropBox that misses
    the MediaBox: PDFium says 0 x 0) or a size that is no number is left out, with a
    warning."""
    width, height = page.get_size()
    if not (1.0 <= width <= 1e5 and 1.0 <= height <= 1e5):
        extraction.warnings.append(f"page {number} has no usable size ({width:g} x {height:g} "
                                   "points: its boxes are empty or no numbers); skipped")
        extraction.unsized += 1
        return
    frame = Frame(width, height, page.get_rotation())
    glyphs, dropped = page_glyphs(page, raw, calls, frame)
    if frame.rotation:  # or is most of its text set level on the page space, shown turned?
        level = Frame(frame.page_width, frame.page_height, 0)
        level_glyphs, level_dropped = page_glyphs(page, raw, calls, level)
        if len(level_glyphs) > len(glyphs):
            frame, glyphs, dropped = level, level_glyphs, level_dropped
    if dropped:
        extraction.warnings.append(f"page {number}: {dropped:,} characters or text objects "
                                   "off the page or at sizes no page can show (0, 1e38, no "
                                   "number) were left out")
        extraction.dropped += dropped
    extraction.pages.append(Page(number, frame.width, frame.height, glyphs))


def extract(source, max_pages: int = 300, time_limit: float = 60.0) -> Extraction:
    """Glyphs of the first `max_pages` pages, stopping (with a warning) past `time_limit`
    seconds; PdfError when the file cannot be read at all."""
    pdfium, raw = load_pdfium()
    document = open_document(source)
    # The glyphs hold no cycles, yet the cyclic collector would walk the growing list of
    # them again and again (a quarter of the time on a 300-page file): it waits until the
    # pages are read.
    collecting = gc.isenabled()
    gc.disable()
    try:
        page_count = len(document)
        extraction = Extraction([], page_count, [])
        warnings = extraction.warnings
        if page_count > max_pages:
            warnings.append(f"the PDF has {page_count} pages; only the first {max_pages} were read")
        started = time.monotonic()
        calls = _Calls(raw)
        for index in range(min(page_count, max_pages)):
            if index and time.monotonic() - started > time_limit:
                warnings.append(f"stopped after {index} of {page_count} pages: time limit "
                                f"of {time_limit:g} s reached")
                break
            try:
                page = document[index]
            except pdfium.PdfiumError:
                warnings.append(f"page {index + 1} cannot be read (damaged); skipped")
                continue
            try:
                _read_page(page, index + 1, raw, calls, extraction)
            except MemoryError:
                raise
            except Exception as error:  # one page's failure costs that page, not the file
                warnings.append(f"page {index + 1} cannot be read ({str(error) or 'damaged'}); "
                                "skipped")
            finally:
                page.close()
        return extraction
    finally:
        document.close()
        if collecting:
            gc.enable()
