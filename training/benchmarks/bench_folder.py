"""How fast `reftag find FOLDER` is against `reftag find FILE` once a file (issue 62).

    python -m training.benchmarks.bench_folder [--pdfs 200] [--jobs 1 2] [--loop 20]

A folder of `--pdfs` PDFs is made by repeating the real papers of ../shared/data/real-pdf-dev
(when it is there), the fixtures of data/finder/pdf and papers typeset by
training/corpora/pdf_samples.py (a CJK one, a 12-page two-column one, a 6-page one-column one). Then,
each a fresh `python -m tagger` process writing JSON to a scratch folder:

- `reftag find FOLDER -o OUT --jobs N` for each N: wall-clock seconds, CPU seconds of the
  whole process tree (the workers and each PDF's reader child included), PDFs a minute, PDFs a
  minute a core (by CPU time, what a machine of one's own would give), peak resident memory of
  the main process, of each worker, and of the readers (polled: to within 0.1 s);
- the start-up: the same command on a folder of one small PDF (import, model load, the
  first reader), paid once a run;
- `reftag find FILE` once a file on the first `--loop` PDFs, extrapolated to all of them.

The machine may be shared: the load average is printed beside, and the per-core figures come
from CPU time, which other processes do not inflate much. Linux only (reads /proc).
"""

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from training.benchmarks.bench_scale import peak_mb

ROOT = Path(__file__).resolve().parents[2]
REAL = ROOT.parent / "shared" / "data" / "real-pdf-dev"


def sources(scratch: Path) -> list[Path]:
    """The distinct PDFs the folder repeats."""
    from training.benchmarks.bench_pdf import paper
    from training.corpora.pdf_samples import samples

    found = sorted(REAL.glob("*.pdf")) + sorted((ROOT / "data" / "finder" / "pdf").glob("*.pdf"))
    made = scratch / "made"
    made.mkdir()
    generated = {"gbt7714_chinese_journal": samples()["gbt7714_chinese_journal"],
                 "twelve_pages": paper(12, columns=2, copies=1)[0],
                 "six_pages_one_column": paper(6, columns=1, copies=1)[0]}
    for name, sample in generated.items():
        (made / f"{name}.pdf").write_bytes(sample.pdf)
        found.append(made / f"{name}.pdf")
    return found


def make_folder(scratch: Path, count: int) -> tuple:
    """(`count` PDFs in scratch/papers, every tenth in a subfolder, the sources in turn;
    the sources)."""
    originals, folder = sources(scratch), scratch / "papers"
    made = []
    for number in range(count):
        source = originals[number % len(originals)]
        target = folder / (f"part-{number // 10 % 3}" if number % 10 == 9 else "") / \
            f"{number:04d}-{source.name}"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(source, target)
        made.append(target)
    return made, originals


def tree(pid: int) -> dict:
    """{pid: depth} of a process's descendants (1 its children, 2 theirs)."""
    found, level = {}, [pid]
    for depth in (1, 2):
        following = []
        for parent in level:
            try:
                for task in Path(f"/proc/{parent}/task").iterdir():
                    following += [int(child) for child in (task / "children").read_text().split()]
            except OSError:
                continue
        found.update((child, depth) for child in following)
        level = following
    return found


def run(command: list) -> dict:
    """Run a command; its wall-clock and whole-tree CPU seconds, and peaks by depth."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True)
    peaks = {}  # pid → (depth, peak MB)
    while process.poll() is None:
        for pid, depth in [(process.pid, 0)] + list(tree(process.pid).items()):
            try:  # VmHWM only grows; an exited process (a zombie) reads as 0
                peaks[pid] = (depth, max(peak_mb(pid), peaks.get(pid, (0, 0.0))[1]))
            except OSError:  # ended between listing and reading
                pass
        time.sleep(0.1)
    seconds = time.perf_counter() - started
    err = process.stderr.read()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    by_depth = {depth: [mb for d, mb in peaks.values() if d == depth] for depth in (0, 1, 2)}
    return {"exit": process.returncode, "seconds": round(seconds, 2), "cpu": round(cpu, 2),
            "peaks": by_depth, "stderr": err.strip().splitlines()[-3:]}


def reftag(*arguments) -> list:
    return [sys.executable, "-m", "tagger", "find", *map(str, arguments)]


def folder_run(folder: Path, scratch: Path, jobs: int, count: int) -> dict:
    out = scratch / f"out-{jobs}"
    result = run(reftag(folder, "-o", out, "--jobs", jobs, "--quiet"))
    main_mb = max(result["peaks"][0], default=0)
    workers = result["peaks"][1] if jobs > 1 else []
    readers = result["peaks"][2] if jobs > 1 else result["peaks"][1]
    manifest = [json.loads(line) for line in (out / "manifest.jsonl").read_text().splitlines()]
    return {"jobs": jobs, "pdfs": count, "seconds": result["seconds"], "cpu": result["cpu"],
            "per_minute": round(60 * count / result["seconds"], 1),
            "per_minute_per_core": round(60 * count / result["cpu"], 1),
            "ok": sum(record["status"] == "ok" for record in manifest),
            "references": sum(record["references"] for record in manifest),
            "main_peak_mb": main_mb, "worker_peak_mb": sorted(workers)[-jobs:],
            "reader_peak_mb": max(readers, default=None), "exit": result["exit"],
            "load": round(os.getloadavg()[0], 2)}


def loop_run(files: list, count: int) -> dict:
    """`reftag find FILE` once a file: the shell loop of the issue."""
    seconds = cpu = 0.0
    for path in files:
        result = run(reftag(path, "--format", "json"))
        seconds, cpu = seconds + result["seconds"], cpu + result["cpu"]
    per_file, per_file_cpu = seconds / len(files), cpu / len(files)
    return {"files": len(files), "seconds": round(seconds, 2), "cpu": round(cpu, 2),
            "per_file": round(per_file, 3), "per_file_cpu": round(per_file_cpu, 3),
            "extrapolated_seconds": round(per_file * count, 1),
            "per_minute": round(60 / per_file, 1), "per_minute_per_core": round(60 / per_file_cpu, 1)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pdfs", type=int, default=200)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--loop", type=int, default=20, help="PDFs found one call each (0: none)")
    args = parser.parse_args(argv)
    print(f"cores: {os.cpu_count()}, load average: {os.getloadavg()}", flush=True)
    with tempfile.TemporaryDirectory(prefix="bench-folder-") as directory:
        scratch = Path(directory)
        files, originals = make_folder(scratch, args.pdfs)
        megabytes = round(sum(path.stat().st_size for path in files) / 1e6, 1)
        print(json.dumps({"distinct_pdfs": len(originals), "pdfs": len(files), "mb": megabytes}),
              flush=True)
        single = scratch / "single"
        single.mkdir()
        shutil.copy(ROOT / "data" / "finder" / "pdf" / "ieee_two_column.pdf", single)
        start_up = run(reftag(single, "-o", scratch / "out-single", "--quiet"))
        print(json.dumps({"one_small_pdf_folder": start_up["seconds"], "cpu": start_up["cpu"]}),
              flush=True)
        for jobs in args.jobs:
            print(json.dumps(folder_run(scratch / "papers", scratch, jobs, len(files))), flush=True)
        if args.loop:
            loop = loop_run(files[:args.loop], len(files))
            print(json.dumps({"one_call_a_file": loop}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
