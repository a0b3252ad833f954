"""Memory over a long stream: parse N references through parse_many and print resident
memory as it goes, to show it stays flat (bounded caches, batches dropped once written).

    python -m training.benchmarks.bench_stream                 # 1,000,000 references, shipped model
    python -m training.benchmarks.bench_stream -n 100000 --every 10000 --engine crf --model M.crfsuite

The references are gold.jsonl's, cycled; every one has a made-up surname put in front
("Qzvx123 K, ..."), so the stream keeps bringing words never seen before, as a real
library would, and every cache along the way fills and has to evict. Printed per `every`
references: count, seconds, refs/s so far, resident memory now (VmRSS) and its peak so far
(VmHWM), with the load average. Linux only (reads /proc).
"""

import argparse
import itertools
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_LETTERS = "bcdfghjklmnpqrstvwxz"


def made_up_word(number: int) -> str:
    """A surname no corpus has, different for every number."""
    letters = []
    while True:
        number, digit = divmod(number, len(_LETTERS))
        letters.append(_LETTERS[digit])
        if not number:
            break
    return "Q" + "".join(letters) + "o"


def stream(count: int):
    with open(ROOT / "data" / "gold.jsonl", encoding="utf-8") as lines:
        texts = [json.loads(line)["text"] for line in lines]
    for number, text in zip(range(count), itertools.cycle(texts)):
        yield f"{made_up_word(number)} K, {text}"


def memory_mb() -> dict:
    values = {}
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            key, _, rest = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                values[key] = round(int(rest.split()[0]) / 1024, 1)
    return values


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=1_000_000, help="references to stream")
    parser.add_argument("--every", type=int, default=50_000, help="print every N references")
    parser.add_argument("--engine", default="auto", choices=("auto", "crf", "rules"))
    parser.add_argument("--model", help="model path (default: the shipped model)")
    args = parser.parse_args(argv)
    from tagger import parse_many

    print(f"streaming {args.n:,} references, engine {args.engine}; load average "
          f"{os.getloadavg()}", flush=True)
    started, errors = time.perf_counter(), 0
    for done, ref in enumerate(parse_many(stream(args.n), args.engine, args.model), 1):
        ref.to_dict()
        errors += ref.error is not None
        if done % args.every == 0 or done == args.n:
            seconds = time.perf_counter() - started
            print(json.dumps({"references": done, "seconds": round(seconds, 1),
                              "refs_per_s": round(done / seconds), **memory_mb(),
                              "errors": errors, "load": os.getloadavg()[0]}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
