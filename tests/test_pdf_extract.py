"""tagger.pdf.extract calls PDFium through bare function pointers (no argument types, for
speed): nothing checks what it passes, so each glyph is checked here against the same
character read through pypdfium2's own, checked bindings, on three fixture papers (two cut
from real papers: a math italic that PDFium hands over as a surrogate pair, justified text;
one typeset with revtex). Once there were two paths (the bare one and a fallback) and the
fallback read 9 of 26 PDFs differently; there is one path now, and this is its reference."""

import ctypes
import math
from pathlib import Path

import pytest

pytest.importorskip("pypdfium2", reason="PDF input needs the pdf extra (pypdfium2)")

import pypdfium2  # noqa: E402
import pypdfium2.raw as raw  # noqa: E402

from tagger.pdf.extract import extract  # noqa: E402

FIXTURES = Path(__file__).parent / "fixtures" / "pdf"


def _checked_glyphs(page) -> list:
    """(x0, x1, top, bottom, baseline, size, color) of each glyph extract keeps, read one
    call at a time through pypdfium2's declared bindings."""
    height = page.get_height()
    textpage = page.get_textpage()
    handle, found = textpage.raw, []
    first_of_object, last_object = None, -1
    try:
        for index in range(textpage.count_chars()):
            unit = raw.FPDFText_GetUnicode(handle, index)
            if 0xDC00 <= unit < 0xE000 or (unit not in (2, 0xFFFE) and (
                    chr(unit).isspace() or unit < 32 or unit in (0, 0xFFFF))):
                continue  # a surrogate pair's second half, a space, a control
            left, bottom, right, top = textpage.get_charbox(index, loose=True)
            matrix = raw.FS_MATRIX()
            raw.FPDFText_GetMatrix(handle, index, ctypes.byref(matrix))
            scale = math.hypot(matrix.c, matrix.d) or 1.0
            assert abs(matrix.b) <= 0.05 * scale and matrix.d >= 0, "no turned text here"
            size = (raw.FPDFText_GetFontSize(handle, index) or 1.0) * scale
            rgba = [ctypes.c_uint() for _ in range(4)]
            color = 0
            if raw.FPDFText_GetFillColor(handle, index, *(ctypes.byref(value) for value in rgba)):
                red, green, blue = (value.value & 255 for value in rgba[:3])
                color = red << 16 | green << 8 | blue
            text_object = ctypes.cast(raw.FPDFText_GetTextObject(handle, index),
                                      ctypes.c_void_p).value
            if text_object != last_object or text_object is None:
                last_object = text_object
                x, y = ctypes.c_double(), ctypes.c_double()
                raw.FPDFText_GetCharOrigin(handle, index, ctypes.byref(x), ctypes.byref(y))
                first_of_object = y.value - bottom  # the descent, asked once an object
            found.append((left, max(right, left), height - top, height - bottom,
                          height - bottom - first_of_object, size, color))
    finally:
        textpage.close()
    return found


@pytest.mark.parametrize("name", ["cut_hindawi_math_italic.pdf", "cut_pone_justified.pdf",
                                  "revtex_prd.pdf"])
def test_bare_calls_read_what_the_checked_bindings_read(name):
    path = FIXTURES / name
    extraction = extract(str(path))
    document = pypdfium2.PdfDocument(str(path))
    try:
        for number, page in enumerate(extraction.pages):
            expected = _checked_glyphs(document[number])
            got = [(glyph.x0, glyph.x1, glyph.top, glyph.bottom, glyph.baseline, glyph.size,
                    glyph.color) for glyph in page.glyphs]
            assert len(got) == len(expected) > 100
            assert got == expected
    finally:
        document.close()


def test_extract_leaves_the_collector_as_it_found_it():
    import gc

    path = str(FIXTURES / "cut_pone_justified.pdf")
    assert gc.isenabled()
    extract(path)
    assert gc.isenabled()
    gc.disable()
    try:
        extract(path)
        assert not gc.isenabled()
    finally:
        gc.enable()
