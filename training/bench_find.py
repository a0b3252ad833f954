"""Time `segment` on the whole text of the largest finder document (a ~300-page thesis).

    python -m training.bench_find        # the budget is 5 seconds

Wall-clock and CPU seconds are both printed: on a shared, busy machine the wall clock
measures the neighbours too.
"""

import sys
import time
from pathlib import Path

from tagger.finder import segment
from tagger.finder.ttx import read_ttx

ROOT = Path(__file__).resolve().parents[1]

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


if __name__ == "__main__":
    result = bench()
    print(result)
    sys.exit(0 if result["cpu_seconds"] < BUDGET_SECONDS else 1)
