"""Measure speed and memory of both tagging paths side by side: the batched one that parsing
uses (decode.py: numpy over the model's weights, many references at once) and crfsuite's,
one reference at a time, which it replaced and is checked against.

Printed: start-up (import + first parse in a fresh interpreter) and a cold first pass in
that interpreter with its peak memory, per path; per-stage costs (µs per reference); whole
runs warm, as one batch (parse_many) and one parse() call at a time; best of N passes and
the median, with the machine's load average beside them (a shared machine's neighbours take
the core too: quote the best with the load). DATA is annotated .jsonl / AnyStyle .xml (only
the text is used) or a .txt of references, one a line. A table, or JSON with --json.
"""

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ..text.sniff import no_such_file

PATHS = ("batched", "crfsuite")

# Run in a fresh interpreter so that import, model load and caches are measured cold.
_FRESH_SCRIPT = """
import json, resource, sys, time
started = time.perf_counter()
from tagger.parse import parse
imported = time.perf_counter()
engine, model, path, data = sys.argv[1], sys.argv[2] or None, sys.argv[3], sys.argv[4]
texts = json.load(open(data, encoding="utf-8"))
load = None
if engine != "rules":
    from tagger.crf.model import load_model
    load = time.perf_counter()
    try:
        load_model(model)
        load = time.perf_counter() - load
    except Exception:
        if engine == "crf":
            raise
        load = None  # auto without a loadable model: the rule tagger answers
first = time.perf_counter()
if path == "batched":
    parse(texts[0], engine=engine, model=model)
else:
    from tagger.commands.benchmark import parse_with_crfsuite
    list(parse_with_crfsuite(texts[:1], engine, model))
done = time.perf_counter()
if path == "batched":
    from tagger.parse import parse_many
    refs = parse_many(texts, engine, model)
else:
    refs = parse_with_crfsuite(texts, engine, model)
cold = time.perf_counter()
for ref in refs:  # each output made and dropped, as a stream's would be
    ref.to_dict()
cold = time.perf_counter() - cold
print(json.dumps({"import_s": imported - started, "model_load_s": load,
                  "startup_s": done - started, "first_parse_s": done - first,
                  "cold_pass_s": cold,
                  "peak_memory_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def configure(parser) -> None:
    parser.add_argument("data", metavar="DATA", help=".jsonl, AnyStyle .xml, or .txt")
    parser.add_argument("--model", metavar="MODEL", help="CRF model file (default: shipped)")
    parser.add_argument("--engine", choices=("auto", "crf", "rules"),
                        help="tagger to time (default: crf with --model, else auto)")
    parser.add_argument("--jobs", type=int, default=1, metavar="N",
                        help="also time N worker processes")
    parser.add_argument("--limit", type=int, metavar="N", help="use the first N references")
    parser.add_argument("--repeat", type=int, default=5, metavar="N",
                        help="time N passes of each measure, report the best and the median "
                             "(default 5)")
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
    except FileNotFoundError as error:
        print(f"reftag: {no_such_file(error.filename)}", file=sys.stderr)
        return 1
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
    from ..corpora.corpus import load

    return [record["text"] for record in load(path)]


def parse_with_crfsuite(texts, engine="auto", model=None):
    """The path parsing took before the batch decoder: per reference, string attributes
    (featurize) into crfsuite's tag() and marginal(), with `auto`'s re-decoding; kept to
    measure against."""
    from .. import rules
    from ..crf.features import featurize
    from ..crf.model import load_model
    from ..parse import _admit, _reference, _safely, auto_hints, final_hints, resolve_engine
    from ..output.reference import Reference

    used = resolve_engine(engine, model)
    for text in texts:
        item = _safely(_admit, text, text)
        if isinstance(item, Reference):
            yield item
            continue
        text, norm, tokens = item
        if used == "rules":
            yield _reference(text, norm, tokens, *rules.tag(tokens, norm.text), "rules")
            continue
        crf = load_model(model)
        sequence = featurize(tokens, norm.text)
        labels, probs = crf.tag_features(sequence)
        answered = "crf"
        evidence = crf.manifest.get("rules_evidence")
        hints = auto_hints(tokens, norm.text, labels, probs, evidence) if (
            used == "auto" and evidence) else None
        if hints is not None:
            if hints:
                labels, probs = crf.tag_features(sequence, hints)
            answered = "crf+rules"
        if used == "auto" and evidence:
            weights = crf.weights()
            held = final_hints(weights.scores(sequence), weights, labels, hints,
                               [token.text for token in tokens])
            if held is not None:
                labels, probs = crf.tag_features(sequence, held)
        yield _reference(text, norm, tokens, labels, probs, answered)


def benchmark(texts: list[str], engine: str, model, jobs: int, repeat: int = 3) -> dict:
    """All the numbers as a dict (seconds, references per second, µs per reference, MB)."""
    from ..parse import parse, parse_many

    count = len(texts)
    numbers = {"references": count, "engine": engine,
               "model": None if engine == "rules" else str(model or "default"),
               "passes": repeat, "load_before": list(os.getloadavg())}
    paths = PATHS if engine != "rules" else PATHS[:1]
    fresh = {path: measure_fresh(texts, engine, model, path) for path in paths}
    numbers.update({key: fresh["batched"][key] for key in
                    ("import_s", "model_load_s", "first_parse_s", "startup_s", "process_s")})
    numbers["refs_per_s_first_pass"] = count / fresh["batched"]["cold_pass_s"]
    numbers["fresh"] = fresh

    runs = {"parse_many (batched)": lambda: [r.to_dict() for r in parse_many(texts, engine, model)],
            "parse() one at a time": lambda: [parse(t, engine, model).to_dict() for t in texts]}
    if engine != "rules":
        runs["crfsuite, one at a time"] = \
            lambda: [r.to_dict() for r in parse_with_crfsuite(texts, engine, model)]
    if engine == "auto":
        runs["parse_many, engine crf"] = \
            lambda: [r.to_dict() for r in parse_many(texts, "crf", model)]
    for run in runs.values():
        run()  # warm: model loaded, caches filled
    numbers["whole"] = {name: _passes(run, repeat, count) for name, run in runs.items()}
    batched = numbers["whole"]["parse_many (batched)"]
    numbers["refs_per_s_1_process"] = batched["refs_per_s_best"]
    numbers["refs_per_cpu_s_1_process"] = batched["refs_per_cpu_s_best"]
    if engine == "auto":  # what auto's checks and re-decoding cost against the CRF alone
        crf = numbers["whole"]["parse_many, engine crf"]
        numbers["auto_cost_against_crf"] = {
            measure: 1 - batched[measure] / crf[measure]
            for measure in ("refs_per_s_best", "refs_per_s_median", "refs_per_cpu_s_best")}
    if engine != "rules":
        numbers["stages"] = stage_costs(texts, engine, model, repeat)
    if jobs > 1:
        from concurrent.futures import ProcessPoolExecutor

        chunks = [texts[i:i + 256] for i in range(0, count, 256)]
        started = time.perf_counter()  # includes starting the workers, as a user waits for it
        with ProcessPoolExecutor(max_workers=jobs) as pool:  # its workers end: their memory counts
            for _ in pool.map(_parse_dicts, chunks, [engine] * len(chunks), [model] * len(chunks)):
                pass
        numbers["jobs"] = jobs
        numbers[f"refs_per_s_{jobs}_jobs"] = count / (time.perf_counter() - started)
        numbers["peak_memory_worker_mb"] = _max_rss_mb(resource.RUSAGE_CHILDREN)
    numbers["peak_memory_mb"] = _max_rss_mb(resource.RUSAGE_SELF)
    numbers["load_after"] = list(os.getloadavg())
    return _rounded(numbers)


def _parse_dicts(texts, engine, model) -> list[dict]:
    from ..parse import parse_batch

    return [ref.to_dict() for ref in parse_batch(texts, engine, model)]


def _passes(run, repeat, count) -> dict:
    """Best and median of `repeat` passes: wall-clock refs/s, and refs per CPU-second."""
    walls, cpus = [], []
    for _ in range(repeat):
        started, cpu_started = time.perf_counter(), time.process_time()
        run()
        walls.append(time.perf_counter() - started)
        cpus.append(time.process_time() - cpu_started)
    return {"refs_per_s_best": count / min(walls),
            "refs_per_s_median": count / statistics.median(walls),
            "refs_per_cpu_s_best": count / min(cpus)}


def stage_costs(texts, engine, model, repeat) -> dict:
    """µs per reference of each stage, warm, best and median of `repeat` (engine crf's work:
    auto's re-decoding shows in the whole runs)."""
    from ..crf.decode import best_paths, marginals
    from ..crf.features import featurize
    from ..crf.model import load_model
    from ..parse import _admit, _reference, resolve_engine
    from ..output.reference import Reference

    if resolve_engine(engine, model) == "rules":
        return {}
    crf = load_model(model)
    weights, encoder = crf.weights(), crf.encoder()
    items = [item for item in map(_admit, texts) if not isinstance(item, Reference)]
    sequences = [featurize(tokens, norm.text) for _, norm, tokens in items]
    pairs = [(tokens, norm.text) for _, norm, tokens in items]
    scores = encoder.scores_many(pairs)

    def decode():
        chances = marginals(scores, weights.transition)
        return weights.readings(best_paths(scores, weights.transition, chances), chances)

    tags = decode()
    stages = {
        "normalize + tokenize": (lambda: [_admit(text) for text in texts], None),
        "attributes": (lambda: [featurize(tokens, norm.text) for _, norm, tokens in items],
                       lambda: encoder.scores_many(pairs)),
        "decode + marginals": (lambda: [crf.tag_features(s) for s in sequences], decode),
        "fields, structure, output dict": (
            lambda: [_reference(text, norm, tokens, labels, probs, "crf").to_dict()
                     for (text, norm, tokens), (labels, probs) in zip(items, tags)], None),
    }
    out = {}
    for name, (crfsuite, batched) in stages.items():
        row = {}
        for path, run in (("batched", batched or crfsuite), ("crfsuite", batched and crfsuite)):
            if run:  # a stage both paths share (no batched function) is timed once
                times = []
                for _ in range(repeat):
                    started = time.perf_counter()
                    run()
                    times.append(time.perf_counter() - started)
                row[path] = {"us_best": 1e6 * min(times) / len(texts),
                             "us_median": 1e6 * statistics.median(times) / len(texts)}
        out[name] = row
    return out


def measure_fresh(texts, engine, model, path) -> dict:
    """In a fresh `python`: import, model load, first parse, then one cold pass over all
    `texts` on `path` ("batched" or "crfsuite"), and that process's peak memory."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        filter(None, [str(Path(__file__).resolve().parents[2]), os.environ.get("PYTHONPATH")]))}
    with tempfile.NamedTemporaryFile("w", suffix=".json", encoding="utf-8") as data:
        json.dump(texts, data)
        data.flush()
        started = time.perf_counter()
        completed = subprocess.run(
            [sys.executable, "-c", _FRESH_SCRIPT, engine, str(model or ""), path, data.name],
            capture_output=True, text=True, env=env, check=False)
        wall = time.perf_counter() - started
    if completed.returncode != 0:
        last = (completed.stderr.strip().splitlines() or ["unknown error"])[-1]
        raise RuntimeError(f"start-up measurement failed: {last}")
    numbers = json.loads(completed.stdout.strip().splitlines()[-1])
    return {**numbers, "process_s": wall, "cold_refs_per_s": len(texts) / numbers["cold_pass_s"]}


def _max_rss_mb(who) -> float:
    return resource.getrusage(who).ru_maxrss / 1024  # Linux reports kilobytes


def _rounded(value):
    if isinstance(value, float):
        return round(value, 3)
    if isinstance(value, dict):
        return {key: _rounded(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_rounded(item) for item in value]
    return value


def format_numbers(numbers: dict) -> str:
    fresh = numbers["fresh"]
    paths = [path for path in PATHS if path in fresh]

    def side(value):
        return "".join(f"{value(path):>26}" for path in paths)

    load = " ".join(f"{x:.2f}" for x in numbers["load_before"])
    lines = [f"references {numbers['references']}, engine {numbers['engine']}, model "
             f"{numbers['model'] or '—'}; best / median of {numbers['passes']} passes; "
             f"load average {load} before, "
             + " ".join(f"{x:.2f}" for x in numbers["load_after"]) + " after",
             f"{'':34}" + "".join(f"{path:>26}" for path in paths)]

    def row(name, value):
        lines.append(f"{name:<34}" + side(value))

    row("start-up: import + first parse", lambda p: f"{fresh[p]['startup_s']:.3f} s")
    row("  import tagger", lambda p: f"{fresh[p]['import_s']:.3f} s")
    row("  model load", lambda p: "—" if fresh[p]["model_load_s"] is None
        else f"{fresh[p]['model_load_s']:.3f} s")
    row("  first parse", lambda p: f"{fresh[p]['first_parse_s']:.3f} s")
    row("fresh process, with the cold pass", lambda p: f"{fresh[p]['process_s']:.3f} s")
    row("cold first pass (fresh process)", lambda p: f"{fresh[p]['cold_refs_per_s']:.0f} refs/s")
    row("peak memory (fresh process, cold pass)", lambda p: f"{fresh[p]['peak_memory_mb']:.0f} MB")
    for name, costs in numbers.get("stages", {}).items():
        row(f"stage: {name} (µs/ref)", lambda p: "(the same code)" if p not in costs else
            f"{costs[p]['us_best']:.0f} / {costs[p]['us_median']:.0f}")
    lines.append("warm, whole runs (refs/s, best / median; refs per CPU-second, best):")
    for name, run in numbers["whole"].items():
        label = ("throughput, 1 process: " if name.startswith("parse_many (") else "") + name
        lines.append(f"  {label:<50}{run['refs_per_s_best']:>8.0f} / "
                     f"{run['refs_per_s_median']:.0f}   ({run['refs_per_cpu_s_best']:.0f} per CPU-s)")
    if "auto_cost_against_crf" in numbers:
        cost = numbers["auto_cost_against_crf"]
        lines.append(f"  auto's throughput against crf's: {_less(cost['refs_per_s_best'])} (best), "
                     f"{_less(cost['refs_per_s_median'])} (median), "
                     f"{_less(cost['refs_per_cpu_s_best'])} (per CPU-second)")
    if "jobs" in numbers:
        jobs = numbers["jobs"]
        lines.append(f"  throughput, {jobs} jobs{'':<34}{numbers[f'refs_per_s_{jobs}_jobs']:>8.0f}")
        lines.append(f"peak memory, largest worker: {numbers['peak_memory_worker_mb']:.0f} MB")
    lines.append(f"peak memory of this process (both paths): {numbers['peak_memory_mb']:.0f} MB")
    return "\n".join(lines) + f"\ncommand: {numbers['command']}"


def _less(share: float) -> str:
    """A share of throughput lost, in words: "12.0% less", or "3.1% more" when a loaded
    machine's noise made the slower path look faster."""
    return f"{abs(share):.1%} {'less' if share >= 0 else 'more'}"
