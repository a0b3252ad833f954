"""How parsing scales with worker processes, and the 100,000-reference command-line run.

    python -m training.benchmarks.bench_scale                          # 1, 2 and all-core jobs, shipped model
    python -m training.benchmarks.bench_scale --jobs 1 2 4 --refs 20000 --model M.crfsuite
    python -m training.benchmarks.bench_scale --cli 100000             # `reftag parse --jobs 2` on 100k lines

Input is gold.jsonl's texts repeated to the size asked for. Each job count runs in a fresh
interpreter, so that one run's workers and memory do not carry into the next; its time
includes starting the workers and loading the model in each (what a user waits for).

Printed per job count: references per second of wall-clock time, scaling efficiency (that
throughput / (jobs x the one-job throughput)), the CPU seconds all processes used and the
references per CPU second, and peak resident memory (VmHWM) of the main process and of each
worker. On a shared machine other processes take cores too, so the load average is printed
beside, and the CPU figures say what the wall clock cannot: whether the parallel path costs
extra work (references per CPU second falling with jobs) or only waits for cores.
Linux only (reads /proc).
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def gold_texts() -> list[str]:
    with open(ROOT / "data" / "gold.jsonl", encoding="utf-8") as stream:
        return [json.loads(line)["text"] for line in stream]


def repeated(count: int) -> list[str]:
    texts = gold_texts()
    return [texts[i % len(texts)] for i in range(count)]


def peak_mb(pid="self") -> float:
    """Peak resident memory of a process (VmHWM), in MB."""
    with open(f"/proc/{pid}/status", encoding="ascii") as stream:
        for line in stream:
            if line.startswith("VmHWM:"):
                return round(int(line.split()[1]) / 1024, 1)
    return 0.0


def cpu_seconds(pid) -> float:
    """User + system CPU time a process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def worker_pids(pid: int) -> list[int]:
    """The joblib (loky) worker processes among `pid`'s children, not its resource trackers."""
    pids = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            if "LokyProcess" in Path(f"/proc/{child}/cmdline").read_text(errors="replace"):
                pids.append(int(child))
    return pids


def one_run(jobs: int, count: int, engine: str, model) -> dict:
    """Parse `count` references with `jobs` processes, in this (fresh) interpreter."""
    from joblib.externals.loky import get_reusable_executor

    from tagger import parse_many

    texts = repeated(count)
    started, main_cpu = time.perf_counter(), cpu_seconds("self")
    failed = 0
    for ref in parse_many(texts, engine=engine, model=model, jobs=jobs):
        failed += ref.error is not None
    seconds = time.perf_counter() - started
    workers = worker_pids(os.getpid()) if jobs > 1 else []
    cpu = cpu_seconds("self") - main_cpu + sum(cpu_seconds(pid) for pid in workers)
    result = {"jobs": jobs, "references": count, "failed": failed, "seconds": round(seconds, 2),
              "per_second": round(count / seconds, 1), "cpu_seconds": round(cpu, 2),
              "per_cpu_second": round(count / cpu, 1), "main_peak_mb": peak_mb(),
              "worker_peak_mb": [peak_mb(pid) for pid in workers]}
    if jobs > 1:
        get_reusable_executor().shutdown(wait=True)
    return result


def scaling(job_counts, count, engine, model) -> list[dict]:
    results = []
    for jobs in job_counts:
        command = [sys.executable, "-m", "training.benchmarks.bench_scale", "--one", str(jobs),
                   "--refs", str(count), "--engine", engine] + (["--model", model] if model else [])
        load = os.getloadavg()[0]
        output = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True)
        result = json.loads(output.stdout)
        result["load_before"] = round(load, 2)
        results.append(result)
    one = next((r["per_second"] for r in results if r["jobs"] == 1), None)
    for result in results:
        if one:
            result["efficiency"] = round(result["per_second"] / (result["jobs"] * one), 2)
    return results


def cli_run(count: int, jobs: int, engine: str, model) -> dict:
    """`reftag parse --jobs N` on `count` lines: all out, in order, and how fast."""
    texts = repeated(count)
    with tempfile.TemporaryDirectory() as directory:
        source, target = Path(directory, "in.txt"), Path(directory, "out.jsonl")
        source.write_text("\n".join(texts) + "\n", encoding="utf-8")
        command = [sys.executable, "-m", "tagger", "parse", str(source), "--format", "jsonl",
                   "--jobs", str(jobs), "--engine", engine] + (["--model", model] if model else [])
        load = os.getloadavg()[0]
        started = time.perf_counter()
        errors_file = Path(directory, "stderr.txt")
        with open(target, "wb") as out, open(errors_file, "wb") as err:
            process = subprocess.Popen(command, cwd=ROOT, stdout=out, stderr=err)
            peaks = watch_peaks(process)
        seconds = time.perf_counter() - started
        records, in_order, errors = 0, True, 0
        with open(target, encoding="utf-8") as stream:
            for number, line in enumerate(stream):
                record = json.loads(line)
                records += 1
                in_order &= number < count and record["raw"] == texts[number]
                errors += "error" in record
        return {"references": count, "jobs": jobs, "exit_code": process.returncode,
                "main_peak_mb": peaks.pop(process.pid, None), "worker_peak_mb": list(peaks.values()),
                "records_out": records, "all_out_in_order": records == count and in_order,
                "errors": errors, "seconds": round(seconds, 1),
                "per_second": round(count / seconds, 1), "input_mb": round(source.stat().st_size / 1e6, 1),
                "output_mb": round(target.stat().st_size / 1e6, 1), "load_before": round(load, 2),
                "stderr": errors_file.read_text(encoding="utf-8", errors="replace")[-500:]}


def watch_peaks(process) -> dict:
    """{pid: peak MB} of a running command and its workers, read until it exits.

    VmHWM only grows, so the last reading of each process is its peak (to within the
    polling interval at its very end).
    """
    peaks = {}
    while process.poll() is None:
        try:
            for pid in [process.pid] + worker_pids(process.pid):
                peaks[pid] = peak_mb(pid)
        except OSError:  # a process ended between listing and reading
            pass
        time.sleep(0.5)
    return peaks


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, nargs="+", default=sorted({1, 2, os.cpu_count() or 1}))
    parser.add_argument("--refs", type=int, default=10_000, help="references per run")
    parser.add_argument("--engine", default="crf", choices=("crf", "rules", "auto"))
    parser.add_argument("--model", help="model path (default: the shipped model)")
    parser.add_argument("--cli", type=int, metavar="N", help="instead: `reftag parse` on N lines")
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)  # a single run, in a child
    args = parser.parse_args(argv)
    if args.one:
        print(json.dumps(one_run(args.one, args.refs, args.engine, args.model)))
        return 0
    print(f"cores: {os.cpu_count()}, load average: {os.getloadavg()}", flush=True)
    if args.cli:
        print(json.dumps(cli_run(args.cli, 2, args.engine, args.model), indent=2))
        return 0
    for result in scaling(args.jobs, args.refs, args.engine, args.model):
        print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
