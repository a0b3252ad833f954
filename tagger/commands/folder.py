"""`reftag find` over many documents: a folder (recursively, its PDFs and text files) or
several files, in one process with the models loaded once (tagger.batch).

    reftag find papers/ -o refs/ --format bibtex --jobs 2    # refs/a/x.bib for papers/a/x.pdf
    reftag find papers/ > found.jsonl                        # one line a reference, with "file"

With -o OUTDIR each document gets one output in the chosen format (json by default), its path
under OUTDIR its path under the folder named (a file named outright: its own name), the suffix
the format's (OUTPUT_SUFFIX): paper.pdf → paper.bib. A document with no reference section
gets an empty one, a failed document none. Two documents that would share an output (paper.pdf
beside paper.txt) keep their whole names: paper.pdf.bib, paper.txt.bib. OUTDIR/manifest.jsonl
gets one line a document as it finishes: file, status (ok, none, failed), references, seconds,
message, output. An output is written under a temporary name, then renamed, so an interrupted
run (Ctrl-C, killed) leaves none half written; a worker killed from outside costs only the
document it had (failed); --resume skips the documents the
manifest says are done (ok or none, their output there) and tries the failed ones again.

Without -o the references go to standard output as JSON lines, each with the "file" it came
from first; a document that failed or gave none is said on stderr.

A tqdm bar over the documents, with the references found and the failures so far, is drawn on
stderr when it is a terminal (and the records do not go to that terminal), or with --progress.
--dask SCHEDULER spreads the documents over a Dask cluster instead of --jobs (tagger.dask;
the workers read the files at the paths given, so they need to see them).

Exit status: 0 when every document gave references, 2 when some gave none or failed (a summary
on stderr says how many of each and names the failures), 1 for a usage error, 130 when
interrupted (what was written is kept).
"""

import json
import os
import sys
import tempfile
from pathlib import Path

from ..batch import FAILED, NONE, OK, documents, find_many
from ..crf.model import ModelError
from ..output import formats
from ..output.formats import json_line
from . import output

MANIFEST = "manifest.jsonl"
OUTPUT_SUFFIX = {"json": ".json", "jsonl": ".jsonl", "csl": ".csl.json", "bibtex": ".bib",
                 "ris": ".ris", "xml": ".xml", output.TEXT: ".txt"}
NAMED_FAILURES = 20  # the summary names at most these; the manifest has them all


def add_arguments(parser) -> None:
    parser.add_argument("--output-dir", "-o", metavar="OUTDIR",
                        help="one output per document in OUTDIR (mirroring the folders), "
                             "with OUTDIR/manifest.jsonl")
    parser.add_argument("--resume", action="store_true",
                        help="with -o: skip the documents OUTDIR's manifest says are done")
    parser.add_argument("--dask", metavar="SCHEDULER",
                        help="find on a Dask cluster (its scheduler's address) instead of --jobs")
    parser.add_argument("--progress", action="store_true",
                        help="draw the progress bar even when stderr is not a terminal")
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress bar")


def wanted(args) -> bool:
    """Is this a run over many documents: several paths, a folder, or an option of one?"""
    return (len(args.file) > 1 or any(os.path.isdir(path) for path in args.file)
            or bool(args.output_dir or args.resume or args.dask))


def run(args) -> int:
    problem = _usage_problem(args)
    if problem:
        print(f"reftag: {problem}", file=sys.stderr)
        return 1
    outdir = Path(args.output_dir) if args.output_dir else None
    try:
        listed = documents(args.file)
    except FileNotFoundError as error:
        print(f"reftag: {error}", file=sys.stderr)
        return 1
    if outdir is not None:  # a run's own outputs are never its inputs
        listed = [item for item in listed if not item.path.resolve().is_relative_to(outdir.resolve())]
    if not listed:
        print(f"reftag: no PDF or text file in {', '.join(args.file)}", file=sys.stderr)
        return 1
    fmt = args.format or ("json" if outdir else "jsonl")
    targets, clash = _targets(listed, OUTPUT_SUFFIX[fmt])
    if clash:
        print(f"reftag: {clash}", file=sys.stderr)
        return 1
    return Run(args, fmt, outdir, listed, targets).go()


def _usage_problem(args) -> str | None:
    if "-" in args.file:
        return "standard input ('-') is one document: name it alone"
    if args.segments or args.dropped:
        return "--segments takes one document"
    if args.resume and not args.output_dir:
        return "--resume needs -o OUTDIR (its manifest says what is done)"
    if not args.output_dir and args.format not in (None, "jsonl"):
        return f"--format {args.format} over several documents needs -o OUTDIR " \
               "(without it: JSON lines, each with its file)"
    if args.dask and args.jobs != 1:
        return "--dask and --jobs: the cluster's workers are the jobs; give one of them"
    return None


def _targets(listed: list, suffix: str) -> tuple:
    """({file: output path under OUTDIR}, None) or (None, why two documents clash)."""
    short = {item.path: str(Path(item.name).with_suffix(suffix)) for item in listed}
    counts = {}
    for name in short.values():
        counts[name] = counts.get(name, 0) + 1
    targets, taken = {}, {}
    for item in listed:
        name = short[item.path] if counts[short[item.path]] == 1 else item.name + suffix
        if name in taken:
            return None, (f"{taken[name]} and {item.path} would both be written to {name}; "
                          "name them in separate runs")
        targets[item.path], taken[name] = name, item.path
    return targets, None


class Run:
    """One run over many documents: its outputs, manifest, bar and tallies."""

    def __init__(self, args, fmt: str, outdir, listed: list, targets: dict):
        self.args, self.fmt, self.outdir, self.targets = args, fmt, outdir, targets
        self.counts = {OK: 0, NONE: 0, FAILED: 0}
        self.failures, self.references, self.skipped = [], 0, 0
        done = self._done() if args.resume else {}
        self.todo = []
        for item in listed:
            record = done.get(str(item.path))
            if record is None:
                self.todo.append(item)
            else:
                self.counts[record["status"]] += 1
                self.references += record["references"]
                self.skipped += 1
        self.manifest = None

    def go(self) -> int:
        if self.outdir is not None:
            self.outdir.mkdir(parents=True, exist_ok=True)
            for stale in self.outdir.rglob(".*.part"):  # a killed run's unfinished output
                stale.unlink()
            self.manifest = open(self.outdir / MANIFEST, "a" if self.args.resume else "w",
                                 encoding="utf-8")
        elif hasattr(sys.stdout, "reconfigure"):
            sys.stdout.reconfigure(encoding="utf-8")
        bar = self._bar()
        try:
            for result in self._results():
                self._keep(result, bar)
        except KeyboardInterrupt:
            return self._stopped("interrupted", 130, bar)
        except (ModelError, OSError) as error:  # a model, a full disk, a cluster not there
            return self._stopped(str(error), 1, bar)
        finally:
            bar.close()
            if self.manifest is not None:
                self.manifest.close()
        return self._summary()

    def _results(self):
        args = self.args
        reading = dict(engine=args.engine, model=args.model, max_pages=args.max_pages,
                       time_limit=args.time_limit, memory_limit=args.memory_limit)
        if args.dask:
            from ..dask import find_on_cluster

            return find_on_cluster(self.todo, args.dask, **reading)
        return find_many(self.todo, jobs=args.jobs, **reading)

    def _bar(self):
        from tqdm import tqdm

        tqdm.monitor_interval = 0  # no monitor thread: the PDF reader forks its child
        on_terminal = self.outdir is None and output.is_terminal(sys.stdout)
        disable = self.args.quiet or (on_terminal and not self.args.progress)
        return tqdm(total=len(self.todo), desc="reftag find", unit=" files", file=sys.stderr,
                    disable=True if disable else (False if self.args.progress else None))

    def _keep(self, result, bar) -> None:
        """Write one document's output (under a temporary name, then renamed), then its
        manifest line: a line in the manifest means its output is whole."""
        self.counts[result.status] += 1
        self.references += len(result.references)
        if result.status == FAILED:
            self.failures.append(result)
        target = None
        if self.outdir is not None:
            if result.status != FAILED:
                target = self.targets[Path(result.file)]
                _write_atomically(self.outdir / target, self._writer(result.references))
            self.manifest.write(json_line({
                "file": result.file, "status": result.status,
                "references": len(result.references), "seconds": result.seconds,
                "message": result.message, "output": target}) + "\n")
            self.manifest.flush()
        else:
            for reference in result.references:
                sys.stdout.write(json_line({"file": result.file, **reference.to_dict()}) + "\n")
            sys.stdout.flush()
            if result.status != OK:
                bar.write(f"reftag: {result.file}: {result.message}", file=sys.stderr)
        bar.set_postfix(references=self.references, failed=self.counts[FAILED], refresh=False)
        bar.update()

    def _writer(self, references):
        def write(stream):
            if self.fmt == output.TEXT:
                output.write(references, self.args, stream)
            else:
                formats.write(references, self.fmt, stream)
        return write

    def _done(self) -> dict:
        """The manifest's documents that need no second run: ok or none, output in place."""
        done = {}
        try:
            lines = (self.outdir / MANIFEST).read_text(encoding="utf-8").splitlines()
        except FileNotFoundError:
            return done
        for line in lines:
            try:
                record = json.loads(line)
            except json.JSONDecodeError:  # the last line of a run killed mid-write
                continue
            output_file = record.get("output")
            if (record.get("status") in (OK, NONE) and output_file
                    and output_file == self.targets.get(Path(record.get("file", "")))
                    and (self.outdir / output_file).is_file()):
                done[record["file"]] = record
            else:
                done.pop(record.get("file"), None)
        return done

    def _stopped(self, why: str, status: int, bar) -> int:
        bar.close()
        finished = sum(self.counts.values()) - self.skipped
        where = f" (in {self.outdir / MANIFEST}; go on with --resume)" if self.outdir else ""
        print(f"reftag: {why}; {finished} of {len(self.todo)} documents done{where}",
              file=sys.stderr)
        return status

    def _summary(self) -> int:
        total = sum(self.counts.values())
        parts = [f"{self.counts[OK]} with references ({self.references:,})"]
        parts += [f"{self.counts[NONE]} with none"] if self.counts[NONE] else []
        parts += [f"{self.counts[FAILED]} failed"] if self.counts[FAILED] else []
        skipped = f", {self.skipped} done before" if self.skipped else ""
        where = f"; manifest: {self.outdir / MANIFEST}" if self.outdir else ""
        print(f"reftag: {total} documents{skipped}: {', '.join(parts)}{where}", file=sys.stderr)
        for result in self.failures[:NAMED_FAILURES]:
            print(f"reftag: failed: {result.file}: {result.message}", file=sys.stderr)
        if len(self.failures) > NAMED_FAILURES:
            print(f"reftag: … and {len(self.failures) - NAMED_FAILURES} more failed"
                  f"{' (see the manifest)' if self.outdir else ''}", file=sys.stderr)
        return 0 if self.counts[OK] == total else 2


def _write_atomically(path: Path, write) -> None:
    """write(stream) into a temporary file beside `path`, then renamed to it: a reader (or a
    resumed run) sees the whole output or none."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            write(stream)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise
