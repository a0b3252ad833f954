"""Measure speed and memory: throughput (references/second, one process and --jobs N),
start-up time (import + first parse in a fresh interpreter), model load time, peak memory.

DATA is annotated .jsonl / AnyStyle .xml (only the text is used) or a .txt of references,
one a line. Printed as a small table, or as JSON with --json.
"""

import json
import os
import resource
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

# Run in a fresh interpreter so that import and model load are measured cold.
_STARTUP_SCRIPT = """
import json, sys, time
started = time.perf_counter()
from tagger.parse import parse
imported = time.perf_counter()
engine, model, text = sys.argv[1], sys.argv[2] or None, sys.argv[3]
load = None
if engine != "rules":
    from tagger.model import load_model
    load = time.perf_counter()
    try:
        load_model(model)
        load = time.perf_counter() - load
    except Exception:
        if engine == "crf":
            raise
        load = None  # auto without a loadable model: the rule tagger answers
first = time.perf_counter()
parse(text, engine=engine, model=model)
done = time.perf_counter()
print(json.dumps({"import_s": imported - started, "model_load_s": load,
                  "startup_s": done - started, "first_parse_s": done - first}))
"""


def configure(parser) -> None:
    parser.add_argument("data", metavar="DATA", help=".jsonl, AnyStyle .xml, or .txt")
    parser.add_argument("--model", metavar="MODEL", help="CRF model file (default: shipped)")
    parser.add_argument("--engine", choices=("auto", "crf", "rules"),
                        help="tagger to time (default: crf with --model, else auto)")
    parser.add_argument("--jobs", type=int, default=1, metavar="N",
                        help="also time N worker processes")
    parser.add_argument("--limit", type=int, metavar="N", help="use the first N references")
    parser.add_argument("--repeat", type=int, default=3, metavar="N",
                        help="time N passes and keep the fastest (default 3): on a shared "
                             "machine the others measure the neighbours")
    parser.add_argument("--json", action="store_true", help="print the numbers as JSON")


def run(args) -> int:
    engine = args.engine or ("crf" if args.model else "auto")
    try:
        texts = read_texts(args.data)[:args.limit]
        if not texts:
            raise ValueError(f"no references in {args.data}")
        if args.jobs < 1 or args.repeat < 1:
            raise ValueError("--jobs and --repeat must be 1 or more")
        numbers = benchmark(texts, engine, args.model, args.jobs, args.repeat)
    except OSError as error:
        print(f"reftag: {error.filename or ''}: {error.strerror or error}", file=sys.stderr)
        return 1
    except (ValueError, RuntimeError) as error:
        print(f"reftag: {error}", file=sys.stderr)
        return 1
    numbers["command"] = "reftag " + " ".join(sys.argv[1:])
    print(json.dumps(numbers, indent=2) if args.json else format_numbers(numbers))
    return 0


def read_texts(path) -> list[str]:
    if Path(path).suffix == ".txt":
        lines = Path(path).read_text(encoding="utf-8").splitlines()
        return [line.strip() for line in lines if line.strip()]
    from ..corpus import load

    return [record["text"] for record in load(path)]


def _parse_one(text, engine, model):
    from ..parse import parse

    return parse(text, engine=engine, model=model).to_dict()


def benchmark(texts: list[str], engine: str, model, jobs: int, repeat: int = 1) -> dict:
    """All the numbers as a dict (seconds, references per second, megabytes)."""
    startup = measure_startup(texts[0], engine, model)
    parse_one = partial(_parse_one, engine=engine, model=model)
    parse_one(texts[0])  # warm: the model loads once per process, measured above
    passes = [_timed_pass(parse_one, texts) for _ in range(repeat)]
    single, cpu = min(wall for wall, _ in passes), min(cpu for _, cpu in passes)
    numbers = {
        "references": len(texts),
        "engine": engine,
        "model": None if engine == "rules" else str(model or "default"),
        **startup,
        "passes": repeat,
        "refs_per_s_1_process": len(texts) / single,
        "refs_per_cpu_s_1_process": len(texts) / cpu,
        "refs_per_s_first_pass": len(texts) / passes[0][0],
    }
    if jobs > 1:
        started = time.perf_counter()  # includes starting the workers, as a user waits for it
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for _ in pool.map(parse_one, texts, chunksize=max(1, len(texts) // (jobs * 8))):
                pass
        numbers["jobs"] = jobs
        numbers[f"refs_per_s_{jobs}_jobs"] = len(texts) / (time.perf_counter() - started)
        numbers["peak_memory_worker_mb"] = _max_rss_mb(resource.RUSAGE_CHILDREN)
    numbers["peak_memory_mb"] = _max_rss_mb(resource.RUSAGE_SELF)
    return {key: round(value, 3) if isinstance(value, float) else value
            for key, value in numbers.items()}


def _timed_pass(parse_one, texts) -> tuple[float, float]:
    """Wall and CPU seconds for one pass (CPU: what one core did, whatever else ran)."""
    started, cpu_started = time.perf_counter(), time.process_time()
    for text in texts:
        parse_one(text)
    return time.perf_counter() - started, time.process_time() - cpu_started


def measure_startup(text: str, engine: str, model) -> dict:
    """Import, model load and first-parse times of a fresh `python`, and its wall time."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        filter(None, [str(Path(__file__).resolve().parents[2]), os.environ.get("PYTHONPATH")]))}
    started = time.perf_counter()
    completed = subprocess.run(
        [sys.executable, "-c", _STARTUP_SCRIPT, engine, str(model or ""), text],
        capture_output=True, text=True, env=env, check=False)
    wall = time.perf_counter() - started
    if completed.returncode != 0:
        last = (completed.stderr.strip().splitlines() or ["unknown error"])[-1]
        raise RuntimeError(f"start-up measurement failed: {last}")
    return {**json.loads(completed.stdout.strip().splitlines()[-1]), "process_s": wall}


def _max_rss_mb(who) -> float:
    return resource.getrusage(who).ru_maxrss / 1024  # Linux reports kilobytes


def format_numbers(numbers: dict) -> str:
    rows = [("references", str(numbers["references"])),
            ("engine / model", f"{numbers['engine']} / {numbers['model'] or '—'}"),
            ("start-up: import + first parse", f"{numbers['startup_s']:.3f} s"),
            ("  import tagger", f"{numbers['import_s']:.3f} s"),
            ("  model load", "— (no model)" if numbers["model_load_s"] is None
             else f"{numbers['model_load_s']:.3f} s"),
            ("  whole fresh process", f"{numbers['process_s']:.3f} s"),
            (f"throughput, 1 process, best of {numbers['passes']}",
             f"{numbers['refs_per_s_1_process']:.0f} refs/s"),
            ("  per CPU-second", f"{numbers['refs_per_cpu_s_1_process']:.0f} refs"),
            ("  first pass (cold caches)", f"{numbers['refs_per_s_first_pass']:.0f} refs/s")]
    if "jobs" in numbers:
        jobs = numbers["jobs"]
        rate = numbers[f"refs_per_s_{jobs}_jobs"]
        rows.append((f"throughput, {jobs} jobs", f"{rate:.0f} refs/s"))
    rows.append(("peak memory", f"{numbers['peak_memory_mb']:.0f} MB"))
    if "peak_memory_worker_mb" in numbers:
        rows.append(("peak memory, largest worker", f"{numbers['peak_memory_worker_mb']:.0f} MB"))
    width = max(len(name) for name, _ in rows)
    return "\n".join(f"{name:<{width}}  {value}" for name, value in rows) + \
        f"\ncommand: {numbers['command']}"
