"""Parse time against input length: characters per second for one input of 1,000, 5,000 and
20,000 characters (the command line's cap, tagger.parse.MAX_CHARS), which should stay about
flat if parsing is linear in length.

    python -m training.benchmarks.bench_length                   # the shipped model, engine auto
    python -m training.benchmarks.bench_length --lengths 1000 5000 20000 --repeat 3

Three kinds of long input, each cut to the length: gold.jsonl's references glued into one line
(a pasted list that lost its line breaks), a collaboration's author list of thousands of names
before one title and venue, and body text. Printed: best of --repeat seconds and characters
per second for each kind and length, then one line per length over all kinds (the slowest).
The load average is printed beside: a shared machine's neighbours take the core too.
"""

import argparse
import json
import os
import random
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def inputs(length: int) -> dict:
    """Kind → one input of `length` characters."""
    with open(ROOT / "data" / "gold.jsonl", encoding="utf-8") as handle:
        glued = " ".join(json.loads(line)["text"] for line in handle if line.strip())
    names = ["Aad G", "Abbott B", "Abdallah J", "Abdinov O", "Aben R", "Abolins M"]
    rng = random.Random(1)
    tail = ". Observation of a new particle. Phys Lett B 716 (2012) 1-29."
    authors = ", ".join(rng.choice(names) + str(i) for i in range(length // 8))
    body = ("The results show that the method generalises across corpora, and we discuss what "
            "that means for people who need references parsed from any source. ") * (
        length // 100 + 1)
    return {"glued list": glued[:length],
            "author list": authors[:length - len(tail)] + tail,
            "body text": body[:length]}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lengths", type=int, nargs="+", default=[1000, 5000, 20000])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--engine", default="auto")
    args = parser.parse_args(argv)

    from tagger import parse

    parse("Warm up J. A title. Nature. 2020;1:1-2.", engine=args.engine)  # model loaded once
    print(f"load average {os.getloadavg()[0]:.2f}")
    slowest = {}
    for length in args.lengths:
        for kind, text in inputs(length).items():
            best = float("inf")
            for _ in range(args.repeat):
                started = time.perf_counter()
                parse(text, engine=args.engine)
                best = min(best, time.perf_counter() - started)
            rate = len(text) / best
            slowest[length] = min(slowest.get(length, rate), rate)
            print(f"  {kind:<12} {len(text):>7,} chars  {best:6.2f} s  {rate:>9,.0f} chars/s")
    print("characters per second (slowest kind): " + ", ".join(
        f"{length // 1000}k {rate:,.0f}" for length, rate in slowest.items()))


if __name__ == "__main__":
    main()
