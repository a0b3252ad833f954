"""How fast PDF input is: a 30-page two-column paper and a 300-page one-column thesis
(typeset by training/corpora/pdf_samples.py), read, laid out and segmented on one core, and the
whole `tagger.find` with parsing; beside it, pdfplumber (pdfminer.six) reading the same
characters, which is why PDFium was chosen. Targets (issue 44): the paper read and segmented
under 2 s, the thesis under 20 s.

    python -m training.benchmarks.bench_pdf [--pages 30] [--thesis 300] [--repeat 3]
    python -m training.benchmarks.bench_pdf --isolation [--pages 30] [--repeat 10]

Prints the best of `--repeat` runs of each stage, in CPU seconds of this one process (what
"on one core" means on a shared machine), with the wall-clock seconds beside them (`--thesis 0`
skips the thesis); the stages read in this process (`isolate=False`), so that its CPU clock
sees them. `--isolation` prints only what reading in a child process (tagger.pdf.isolated, the
default) costs, in wall-clock seconds (medians of `--repeat` rounds that take turns): a bare
child, and the paper read in one against here, for a forked child (one thread: the CLI) and
a fork server's (threads: `reftag serve`).
"""

import argparse
import io
import os
import time
from collections import Counter

from tagger.evaluate.segmentation import reference_key
from tagger.finder import segment
from tagger.pdf import read_pdf
from tagger.pdf.extract import extract
from training.corpora.pdf_samples import Layout, gold_references, typeset

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


class Clock:
    """CPU and wall-clock seconds since it was made."""

    def __init__(self):
        self.cpu, self.wall = time.process_time(), time.perf_counter()

    def read(self) -> tuple:
        return time.process_time() - self.cpu, time.perf_counter() - self.wall


def seconds(times: tuple) -> str:
    return f"{times[0]:6.3f} s ({times[1]:.2f} s wall)"


def load() -> str:
    """The machine's load average over the last minute: CPU seconds grow with it too
    (two processes on one core's two hardware threads each run slower)."""
    try:
        return f"{os.getloadavg()[0]:.1f}"
    except (AttributeError, OSError):
        return "unknown"


def best(function, repeat: int) -> tuple:
    """((CPU, wall) seconds, the least of each over `repeat` runs), the last result."""
    times, result = [], None
    for _ in range(repeat):
        clock = Clock()
        result = function()
        times.append(clock.read())
    return (min(cpu for cpu, _ in times), min(wall for _, wall in times)), result


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
    clock = Clock()
    layout = read_pdf(data, isolate=False)
    read = clock.read()
    found = segment(layout.text, furniture=layout.furniture)
    both = clock.read()
    copies = -(-pages // count)
    print(f"thesis: {len(document)} pages, one column ({count} typeset pages repeated), "
          f"{len(data):,} bytes (CPU seconds, once; load average {load()})")
    print(f"  read_pdf                                {seconds(read)}")
    print(f"  + segmentation (find without parsing)   {seconds(both)} "
          f"({len(found)} references found; the list is there {copies} times, "
          f"{len(sample.references)} references each)")


def isolation(sample, repeat: int) -> None:
    """What the child process costs, measured in a fresh `python -c` (no main module for a
    fork server's child to import again, as under `reftag`)."""
    import subprocess
    import sys
    import tempfile

    with tempfile.NamedTemporaryFile(suffix=".pdf") as handle:
        handle.write(sample.pdf)
        handle.flush()
        subprocess.run([sys.executable, "-c",
                        "from training.benchmarks.bench_pdf import child_cost; "
                        f"child_cost({handle.name!r}, {repeat})"], check=True)


def child_cost(path: str, repeat: int) -> None:
    """A bare child (start, answer, end) and the paper read in one against here, wall-clock
    seconds: forked (one thread runs: the CLI) and from the fork server (another thread
    runs: `reftag serve`). The three ways take turns, `repeat` rounds; medians, as the
    machine is shared."""
    import statistics
    import threading

    from tagger.pdf.isolated import read_isolated, warm_up

    with open(path, "rb") as handle:
        data = handle.read()

    def threaded(function):  # another thread running: the fork server is used
        stop = threading.Event()
        threading.Thread(target=stop.wait, daemon=True).start()
        try:
            return function()
        finally:
            stop.set()

    def wall(function) -> float:
        started = time.perf_counter()
        function()
        return time.perf_counter() - started

    def nothing():  # slice(source, max_pages, time_limit): a reader that does nothing
        return read_isolated(slice, b"", 1, 1.0)

    warm_up()
    threaded(lambda: read_pdf(data))  # the fork server's first child waits for it to start
    ways = {"here": lambda: read_pdf(data, isolate=False), "fork": lambda: read_pdf(data),
            "fork server": lambda: threaded(lambda: read_pdf(data)),
            "bare fork": nothing, "bare fork server": lambda: threaded(nothing)}
    times = {way: [] for way in ways}
    for _ in range(repeat):
        for way, function in ways.items():
            times[way].append(wall(function))
    here = statistics.median(times["here"])
    print(f"  read_pdf in this process                {here:.3f} s wall")
    for way in ("fork", "fork server"):
        child, bare = statistics.median(times[way]), statistics.median(times["bare " + way])
        print(f"  {way + ':':12} bare child {1000 * bare:5.1f} ms; read_pdf in a child "
              f"{child:.3f} s wall, {100 * (child - here) / here:+.1f}% "
              f"({1000 * (child - here):+.0f} ms)")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=30)
    parser.add_argument("--thesis", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--isolation", action="store_true",
                        help="only the cost of reading in a child process")
    args = parser.parse_args(argv)
    sample, pages = paper(args.pages)
    if args.isolation:
        print(f"paper: {pages} pages, two columns, {len(sample.pdf):,} bytes (wall-clock "
              f"seconds, medians of {args.repeat} rounds; load average {load()})")
        isolation(sample, args.repeat)
        return
    print(f"paper: {pages} pages, two columns, {len(sample.references)} references, "
          f"{len(sample.pdf):,} bytes (CPU seconds, best of {args.repeat}; "
          f"load average {load()})")
    extraction_time, extracted = best(lambda: extract(sample.pdf), args.repeat)
    glyphs = "".join(glyph.char for page in extracted.pages for glyph in page.glyphs)
    layout_time, layout = best(lambda: read_pdf(sample.pdf, isolate=False), args.repeat)
    segment_time, found = best(lambda: segment(layout.text, furniture=layout.furniture),
                               args.repeat)
    print(f"  glyphs out of PDFium (extract)          {seconds(extraction_time)} "
          f"({len(glyphs):,} glyphs)")
    print(f"  + layout (read_pdf)                     {seconds(layout_time)}")
    gold = Counter(reference_key(text) for text in sample.references)
    right = sum((gold & Counter(reference_key(item.raw) for item in found)).values())
    both = tuple(a + b for a, b in zip(layout_time, segment_time))
    print(f"  + segmentation (find without parsing)   {seconds(both)} "
          f"({len(found)} references found, {right} of {len(sample.references)} right)")
    import tagger

    for engine in ("crf", "auto"):
        find_time, refs = best(lambda: tagger.find(sample.pdf, engine=engine), 1)
        print(f"  tagger.find(pdf, engine={engine!r}) whole   {seconds(find_time)} "
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
    print(f"  pdfplumber chars only, for comparison   {seconds(plumber_time)} "
          f"({len(chars):,} glyphs, {same} as PDFium)")


if __name__ == "__main__":
    main()
