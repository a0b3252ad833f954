"""Time `segment` on the whole text of the largest finder document (a ~300-page thesis), and
time against length.

    python -m training.benchmarks.bench_find            # the budget is 5 seconds
    python -m training.benchmarks.bench_find --scale    # 1, 10, 100, 1,000 pages; the corpus's longest papers

Wall-clock and CPU seconds are both printed: on a shared, busy machine the wall clock
measures the neighbours too.
"""

import sys
import time
from pathlib import Path

from tagger.finder import segment
from tagger.corpora.ttx import read_ttx

ROOT = Path(__file__).resolve().parents[2]

BUDGET_SECONDS = 5.0


def bench() -> dict:
    """Seconds taken by `segment` on the largest finder document, after the model is loaded."""
    largest = max((ROOT / "data" / "finder" / "anystyle").glob("*.ttx"), key=lambda p: p.stat().st_size)
    text, labels = read_ttx(largest)
    segment("warm up: load the model")
    started, cpu_started = time.perf_counter(), time.process_time()
    found = segment(text)
    seconds, cpu_seconds = time.perf_counter() - started, time.process_time() - cpu_started
    return {"document": largest.name, "lines": len(labels), "characters": len(text),
            "references": len(found), "seconds": round(seconds, 3), "cpu_seconds": round(cpu_seconds, 3)}


LINES_A_PAGE = 50


def _cpu_seconds(text: str) -> tuple:
    started = time.process_time()
    found = segment(text)
    return round(time.process_time() - started, 3), len(found)


def scale():
    """CPU seconds of `segment` on 1, 10, 100 and 1,000 pages of real papers' text (the
    papers of data/layout one after another, references and all), then on the longest
    papers of data/layout whole. `find` must be linear: 10,000 lines under 3 s."""
    from tagger.evaluate.segmentation import layout_documents

    documents = sorted(layout_documents("segmentation"), key=lambda d: d["id"])
    pool = [line for document in documents for line in document["lines"]]
    segment("warm up: load the models")
    for pages in (1, 10, 100, 1000):
        lines = pool[: pages * LINES_A_PAGE]
        seconds, found = _cpu_seconds("\n".join(lines))
        yield {"pages": pages, "lines": len(lines), "cpu_seconds": seconds,
               "us_a_line": round(1e6 * seconds / len(lines)), "references": found}
    for document in sorted(documents, key=lambda d: -len(d["lines"]))[:3]:
        seconds, found = _cpu_seconds("\n".join(document["lines"]))
        yield {"document": document["id"], "lines": len(document["lines"]),
               "cpu_seconds": seconds, "us_a_line": round(1e6 * seconds / len(document["lines"])),
               "references": found}


if __name__ == "__main__":
    if "--scale" in sys.argv:
        for row in scale():
            print(row, flush=True)
        sys.exit(0)
    result = bench()
    print(result)
    sys.exit(0 if result["cpu_seconds"] < BUDGET_SECONDS else 1)
