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
from tests.pdf_bytes import one_page_pdf  # noqa: E402

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


# What a PDF can say that no page shows: glyphs and pages that are no numbers, text far off the
# page. Each is left out with a warning; nothing is sized by how far away it is.

def _lines(*placed) -> bytes:
    """Content drawing each (x, y, size, text) with its own text matrix."""
    return b"".join(b"BT /F1 %s Tf 1 0 0 1 %s %s Tm (%s) Tj ET\n" % item for item in placed)


GOOD = (b"10", b"72", b"700", b"Smith J. A study of things. J Appl Phys. 2020;12:45-67.")


@pytest.mark.parametrize("placed", [(b"10", b"1e9", b"700", b"far right"),
                                    (b"10", b"-1e9", b"-1e9", b"far below"),
                                    (b"10", b"1e7", b"300", b"ten million points"),
                                    (b"1e38", b"72", b"650", b"huge"),
                                    (b"10", b"3e38", b"650", b"past float"),
                                    (b"10", b"2000", b"650", b"off the right edge"),
                                    (b"10", b"-1500", b"650", b"off the left edge"),
                                    (b"10", b"72", b"-2000", b"below the page")])
def test_glyphs_no_page_shows_are_left_out(placed):
    """PDFium leaves out some itself (far off, or a size it cannot scale by); what it hands
    over off the page (more than a page's width or height away) is left out here, said in a
    warning that names the page."""
    extraction = extract(one_page_pdf(_lines(GOOD, placed)))
    (page,) = extraction.pages
    assert "".join(glyph.char for glyph in page.glyphs) == "SmithJ.Astudyofthings.JApplPhys." \
                                                            "2020;12:45-67."
    if extraction.dropped:
        assert extraction.warnings == [f"page 1: {len(placed[3]) - placed[3].count(b' ')} "
                                       "characters or text objects off the page or at sizes no "
                                       "page can show (0, 1e38, no number) were left out"]


def test_a_glyph_box_that_is_no_number_is_off_every_page():
    from tagger.pdf.extract import Frame

    frame = Frame(612, 792, 0)
    assert frame.holds(72, 80, 100, 110)
    for bad in (math.nan, math.inf, -math.inf, 1e38, 3000.0):
        assert not frame.holds(bad, 80, 100, 110) and not frame.holds(72, 80, 100, bad)


def test_a_wide_page_is_read_at_both_ends_in_little_memory():
    """A page 100,000 points wide (the widest read) with text at both ends."""
    import tracemalloc

    from tagger.pdf import read_pdf

    content = _lines(*[(b"10", b"72", b"%d" % (700 - 12 * row), b"Body text of the left end, "
                        b"line %d of it." % row) for row in range(12)],
                     *[(b"10", b"99000", b"%d" % (700 - 12 * row), b"Text at the far right "
                       b"end, line %d." % row) for row in range(12)])
    tracemalloc.start()
    try:
        layout = read_pdf(one_page_pdf(content, b"/MediaBox [0 0 100000 792]"), isolate=False)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert "line 11 of it" in layout.text and "end, line 11" in layout.text
    assert peak < 20 << 20


def test_a_page_with_no_size_is_left_out_and_named():
    """A CropBox that misses the MediaBox: PDFium says the page is 0 x 0 points."""
    extraction = extract(one_page_pdf(_lines(GOOD), b"/MediaBox [0 0 612 792] "
                                                   b"/CropBox [2000 2000 2100 2100]"))
    assert extraction.pages == [] and extraction.unsized == 1
    assert extraction.warnings == ["page 1 has no usable size (0 x 0 points: its boxes are "
                                   "empty or no numbers); skipped"]


def test_column_cover_grows_with_fragments_not_with_distance():
    """The gutter search once held a count per point of the text's width: text at x = 1e8
    took 3.8 GB. Its cover is now runs between the fragments' edges."""
    from tagger.pdf.columns import _cover, find_columns
    from tagger.pdf.fragments import Fragment

    def fragment(x0, x1):
        return Fragment("text", x0, x1, 0.0, 10.0, 8.0, 10.0, False, False)

    fragments = [fragment(72, 290) for _ in range(8)] + [fragment(310, 540) for _ in range(8)]
    fragments.append(fragment(1e8, 1e8 + 50))
    cover = _cover(fragments, 72, int(1e8) + 51)  # 1e8 counts, 800 MB, in the old way
    assert len(cover) <= 2 * len(fragments) + 1
    assert find_columns(fragments).gutters == (300.5,)  # the middle of 291..310


def test_an_accent_never_hosts_another():
    """"ˆ" is a letter to Unicode (a modifier letter): it took "´" as its accent, became
    two characters, and its own turn crashed unicodedata.combining (a real arXiv paper)."""
    from tagger.pdf.characters import combining, fold
    from tagger.pdf.extract import Glyph
    from tagger.pdf.fragments import place_accents

    def glyph(char, x0):
        return Glyph(char, x0, x0 + 5, 0.0, 10.0, 8.0, 10.0, 0)

    glyphs = place_accents([glyph("e", 10), glyph("\u02c6", 10), glyph("\u00b4", 10)])
    assert [g.char for g in glyphs] in (["ê"], ["é"], ["ế"])  # never two accents on one
    assert combining("ab") is None and combining("\u0301") == "\u0301"
    assert fold("ab") == "ab"


def test_a_turned_page_whose_text_is_level_on_the_page_space_reads_as_before():
    """/Rotate 90 over text drawn level on the page (it shows sideways): the page is read in
    the frame where most of its text is level, here the page space, not the shown page."""
    content = _lines(GOOD, (b"10", b"72", b"680", b"Second line of level text here.")) \
        + b"BT /F1 8 Tf 0 1 -1 0 300 20 Tm (12) Tj ET\n"  # a folio turned to match the page
    extraction = extract(one_page_pdf(content, b"/MediaBox [0 0 612 792] /Rotate 90"))
    (page,) = extraction.pages
    assert "".join(glyph.char for glyph in page.glyphs) == (
        "Secondlineofleveltexthere.SmithJ.Astudyofthings.JApplPhys.2020;12:45-67.")
    assert (page.width, page.height) == (612, 792)
