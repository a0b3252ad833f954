"""PDF input for `reftag find`: the text layer read with its layout (the `pdf` extra, pypdfium2).

    from tagger.pdf import find_pdf, read_pdf
    refs = find_pdf("paper.pdf")        # list[Reference], each with its `pdf_page`
    layout = read_pdf(pdf_bytes)        # PdfText: text, lines (page, box, size, flags), furniture

Stages, each a module: extract (glyphs with boxes and sizes) → fragments (runs on one
baseline, superscripts marked) → lines (per column, reading order) → furniture (running
heads, page numbers, footnotes) → document (the text the finder reads, and the furniture
mask it takes as evidence) → segments (the finder's references checked against the layout).
"""

from tagger.pdf.document import MAX_PAGES, MEMORY_LIMIT, TIME_LIMIT, PdfText, read_pdf
from tagger.pdf.errors import MissingExtra, PdfError
from tagger.pdf.garbled import garbled_pages

__all__ = ["MAX_PAGES", "MEMORY_LIMIT", "TIME_LIMIT", "MissingExtra", "PdfError", "PdfText",
           "find_pdf", "is_pdf", "read_pdf", "segment_pdf", "segmentation"]

MAGIC = b"%PDF-"


def is_pdf(data: bytes) -> bool:
    """PDF by content: the magic number first, or within the first kilobyte (some writers
    put junk before it) when the file also ends like a PDF."""
    head = bytes(data[:1024])
    if head.lstrip().startswith(MAGIC):
        return True
    return MAGIC in head and b"%%EOF" in bytes(data[-2048:])


def segmentation(layout: PdfText):
    """The finder's Segmentation of a PDF's text: a whole paper, so its lines are classed by
    the line model trained on real papers too, with the layout's furniture and headings as
    evidence, then checked against the layout (tagger.pdf.segments). What the finder found
    on a page whose text is garbled is dropped ("garbled text"): it reads as anything."""
    from tagger.finder import Segmentation, find_segments
    from tagger.finder.classify import DOCUMENT_MODEL
    from tagger.pdf.segments import check, headings, set_aside

    found = find_segments(layout.text, DOCUMENT_MODEL, furniture=layout.furniture,
                          headings=headings(layout))
    garbled = set(garbled_pages(layout))
    if garbled:
        found = Segmentation(*set_aside(layout, found, garbled, "garbled text"))
    return check(layout, found)


def segment_pdf(source, max_pages: int = MAX_PAGES, time_limit: float = TIME_LIMIT, **reading):
    """(segments, PdfText): the references of a PDF unparsed, offsets into PdfText.text.
    `reading`: read_pdf's isolate and memory_limit."""
    layout = read_pdf(source, max_pages, time_limit, **reading)
    return segmentation(layout).segments, layout


def find_pdf(source, engine: str = "auto", model=None, jobs: int = 1,
             max_pages: int = MAX_PAGES, time_limit: float = TIME_LIMIT, warnings=None,
             name=None, **reading) -> list:
    """The references of a PDF (a path or bytes), parsed; each Reference also carries the
    `pdf_page` its first line is on (`page` is the page range it cites). Warnings (pages left
    unread) are appended to `warnings`; `name` (the file's) is what the parse's warnings call
    the document. `reading`: read_pdf's isolate (a child process, the default) and
    memory_limit (MB)."""
    from tagger.finder import parse_segments

    layout = read_pdf(source, max_pages, time_limit, **reading)
    if warnings is not None:
        warnings.extend(layout.warnings)
    references = parse_segments(segmentation(layout).segments, engine, model, jobs, name)
    for reference in references:
        if "start" in reference.extra:
            reference.annotate(pdf_page=layout.page_at(reference.extra["start"]))
    return references
