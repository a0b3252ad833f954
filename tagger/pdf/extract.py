"""Characters with their positions, page by page, through PDFium (pypdfium2).

PDFium was chosen over pdfminer.six/pdfplumber for speed (training/bench_pdf.py: about ten
times faster on the same pages) with the same characters, boxes and font sizes. Each page
becomes a list of `Glyph`s in content-stream order, in top-down coordinates (y grows down
the page); spaces are kept only as a mark on the glyph that follows them, and turned text
(a stamp up the margin, a rotated table head) is left out.
"""

import ctypes
import time
from dataclasses import dataclass

from tagger.pdf.errors import MissingExtra, PdfError


@dataclass(slots=True)
class Glyph:
    char: str
    x0: float
    x1: float
    top: float
    bottom: float
    baseline: float
    size: float
    space_before: bool  # a space (typed or one PDFium inferred) came just before it


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


def page_glyphs(page, raw) -> list:
    """The glyphs of one page, top-down coordinates."""
    height = page.get_height()
    textpage = page.get_textpage()
    try:
        count = textpage.count_chars()
        if count <= 0:
            return []
        text = textpage.get_text_range(0, count)
        if len(text) != count:  # characters outside the BMP: ask one by one
            text = "".join(chr(raw.FPDFText_GetUnicode(textpage, i)) for i in range(count))
        handle = textpage.raw
        box, ox, oy = raw.FS_RECTF(), ctypes.c_double(), ctypes.c_double()
        box_ref, ox_ref, oy_ref = ctypes.byref(box), ctypes.byref(ox), ctypes.byref(oy)
        get_box, get_origin = raw.FPDFText_GetLooseCharBox, raw.FPDFText_GetCharOrigin
        get_size, get_angle = raw.FPDFText_GetFontSize, raw.FPDFText_GetCharAngle
        glyphs, space, last_x, last_y = [], False, 0.0, None
        for index, char in enumerate(text):
            if char in "\x02\ufffe":  # PDFium's mark for a hyphen that ends a line
                char = "-"
            elif char.isspace() or char in "\x00\uffff" or char < " ":
                space = space or char in " \u00a0\u3000\t"
                continue
            get_origin(handle, index, ox_ref, oy_ref)
            # Turned text: a margin stamp ("arXiv:... [cs.CL]"), an axis label. Its glyphs do
            # not follow each other along a baseline, so only such glyphs are asked their angle.
            if oy.value != last_y or ox.value < last_x:
                angle = get_angle(handle, index)
                if 0.02 < angle < 6.26:
                    space, last_y = True, None
                    continue
            last_x, last_y = ox.value, oy.value
            get_box(handle, index, box_ref)  # the advance box: no gaps between glyphs
            size = get_size(handle, index) or (box.top - box.bottom) or 1.0
            baseline = height - oy.value
            glyphs.append(Glyph(char, box.left, max(box.right, box.left), height - box.top,
                                height - box.bottom, baseline, size, space))
            space = False
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
        pages = []
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
                pages.append(Page(index + 1, width, height, page_glyphs(page, raw)))
            finally:
                page.close()
        return Extraction(pages, page_count, warnings)
    finally:
        document.close()
