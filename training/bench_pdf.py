"""How fast PDF input is: a 30-page two-column paper and a 300-page one-column thesis
(typeset by training/pdf_samples.py), read, laid out and segmented on one core, and the
whole `tagger.find` with parsing; beside it, pdfplumber (pdfminer.six) reading the same
characters, which is why PDFium was chosen. Targets (issue 44): the paper read and segmented
under 2 s, the thesis under 20 s.

    python -m training.bench_pdf [--pages 30] [--thesis 300] [--repeat 3]

Prints the best of `--repeat` runs of each stage, in CPU seconds (`--thesis 0` skips it).
"""

import argparse
import io
import time
from collections import Counter

from tagger.evaluate.segmentation import reference_key
from tagger.finder import segment
from tagger.pdf import read_pdf
from tagger.pdf.extract import extract
from training.pdf_samples import Layout, gold_references, typeset

REFERENCES = gold_references("jos_english_refs", "ieee_blank_lines", "paren_numbers_acm_footer",
                             "apa_hanging_indent", "chicago_author_date", "web_paste_separators")


def paper(pages: int, columns: int = 2, copies: int = 3):
    """A paper of about `pages` pages in `columns` columns: body text, then a long reference
    list (`copies` times the sample references, 42 each)."""
    references = REFERENCES * copies
    layout = Layout(columns=columns, footnote="Corresponding author: a.author@example.org.")
    body, sample = 1, None
    while True:
        sample = typeset(layout, references, body_paragraphs=body)
        count = sample.text.count("\f") + 1
        if count >= pages:
            return sample, count
        # pages grow about linearly with the body: aim straight at the target
        per_page = max(body, 1) / max(count - 1, 1)
        body = max(body + 1, int(body + (pages - count) * per_page) + 1)


def best(function, repeat: int) -> tuple:
    times, result = [], None
    for _ in range(repeat):
        started = time.process_time()
        result = function()
        times.append(time.process_time() - started)
    return min(times), result


def thesis(pages: int) -> None:
    """A long one-column document (a 30-page one-column paper's pages repeated to `pages`:
    typesetting 300 pages afresh takes minutes): only reading and segmenting, once."""
    import pypdfium2

    sample, count = paper(min(pages, 30), columns=1)
    source = pypdfium2.PdfDocument(sample.pdf)
    document = pypdfium2.PdfDocument.new()
    while len(document) < pages:
        document.import_pages(source, list(range(min(count, pages - len(document)))))
    buffer = io.BytesIO()
    document.save(buffer)
    data = buffer.getvalue()
    started = time.process_time()
    layout = read_pdf(data)
    read = time.process_time() - started
    found = segment(layout.text, furniture=layout.furniture)
    both = time.process_time() - started
    copies = -(-pages // count)
    print(f"thesis: {len(document)} pages, one column ({count} typeset pages repeated), "
          f"{len(data):,} bytes (CPU seconds, once)")
    print(f"  read_pdf                                {read:6.3f} s")
    print(f"  + segmentation (find without parsing)   {both:6.3f} s "
          f"({len(found)} references found; the list is there {copies} times, "
          f"{len(sample.references)} references each)")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=30)
    parser.add_argument("--thesis", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    sample, pages = paper(args.pages)
    print(f"paper: {pages} pages, two columns, {len(sample.references)} references, "
          f"{len(sample.pdf):,} bytes (CPU seconds, best of {args.repeat})")
    extraction_time, extracted = best(lambda: extract(sample.pdf), args.repeat)
    glyphs = "".join(glyph.char for page in extracted.pages for glyph in page.glyphs)
    layout_time, layout = best(lambda: read_pdf(sample.pdf), args.repeat)
    segment_time, found = best(lambda: segment(layout.text, furniture=layout.furniture),
                               args.repeat)
    print(f"  glyphs out of PDFium (extract)          {extraction_time:6.3f} s "
          f"({len(glyphs):,} glyphs)")
    print(f"  + layout (read_pdf)                     {layout_time:6.3f} s")
    gold = Counter(reference_key(text) for text in sample.references)
    right = sum((gold & Counter(reference_key(item.raw) for item in found)).values())
    print(f"  + segmentation (find without parsing)   {layout_time + segment_time:6.3f} s "
          f"({len(found)} references found, {right} of {len(sample.references)} right)")
    import tagger

    for engine in ("crf", "auto"):
        find_time, refs = best(lambda: tagger.find(sample.pdf, engine=engine), 1)
        print(f"  tagger.find(pdf, engine={engine!r}) whole   {find_time:6.3f} s "
              f"({len(refs)} parsed)")
    if args.thesis:
        thesis(args.thesis)
    try:
        import pdfplumber
    except ImportError:
        print("  pdfplumber: not installed (pip install pdfplumber to compare)")
        return
    
    def plumber():
        with pdfplumber.open(io.BytesIO(sample.pdf)) as document:
            return "".join(char["text"] for page in document.pages for char in page.chars
                           if not char["text"].isspace())

    plumber_time, chars = best(plumber, 1)
    same = "same characters" if chars == glyphs else "characters differ"
    print(f"  pdfplumber chars only, for comparison   {plumber_time:6.3f} s "
          f"({len(chars):,} glyphs, {same} as PDFium)")


if __name__ == "__main__":
    main()
