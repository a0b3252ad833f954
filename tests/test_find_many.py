"""`reftag find` over a folder and tagger.find_many (issue 62): every document gets its
manifest line and the good ones their outputs; a bad file costs its own line, not the run; a
run killed halfway and resumed writes what an uninterrupted one writes; the Dask recipe gives
the local run's records."""

import io
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("pypdfium2", reason="PDF input needs the pdf extra")

from tagger import find_many
from tagger.batch import documents
from tagger.cli import main

REPO = Path(__file__).resolve().parent.parent
PDFS = REPO / "data" / "finder" / "pdf"
HANDMADE = REPO / "data" / "finder" / "handmade"
GOOD = ["apa_one_column.pdf", "sub/ieee_two_column.pdf", "sub/refs.txt"]
BAD = {"damaged.pdf": "not a readable PDF", "locked.pdf": "encrypted"}


def _encrypted_pdf() -> bytes:
    reportlab = pytest.importorskip("reportlab.pdfgen.canvas", reason="reportlab (test extra)")
    buffer = io.BytesIO()
    sheet = reportlab.Canvas(buffer, encrypt="secret", invariant=1)
    sheet.drawString(72, 400, "[1] Lopez P. GROBID. In: Digital Libraries. Springer, 2009.")
    sheet.showPage()
    sheet.save()
    return buffer.getvalue()


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    """Good PDFs (one in a subfolder), a reference list as text, a damaged and an encrypted
    PDF, and a text file that is no paper."""
    root = tmp_path_factory.mktemp("papers")
    (root / "sub").mkdir()
    shutil.copy(PDFS / "apa_one_column.pdf", root / "apa_one_column.pdf")
    shutil.copy(PDFS / "ieee_two_column.pdf", root / "sub" / "ieee_two_column.pdf")
    shutil.copy(HANDMADE / "jos_english_refs.txt", root / "sub" / "refs.txt")
    (root / "damaged.pdf").write_bytes(b"%PDF-1.4\n" + bytes(range(256)) * 8)
    (root / "locked.pdf").write_bytes(_encrypted_pdf())
    (root / "shopping.txt").write_text("Milk, eggs and bread.\nCall the plumber on Monday.\n")
    (root / "notes.md").write_text("not a document suffix: left out\n")
    return root


def _manifest(outdir: Path) -> dict:
    lines = (outdir / "manifest.jsonl").read_text(encoding="utf-8").splitlines()
    return {Path(record["file"]).name: record for record in map(json.loads, lines)}


def test_a_folder_gives_every_file_a_manifest_line_and_the_good_ones_outputs(folder, tmp_path,
                                                                               capsys):
    out = tmp_path / "out"
    assert main(["find", str(folder), "-o", str(out), "--format", "bibtex"]) == 2
    manifest = _manifest(out)
    assert sorted(manifest) == sorted(["apa_one_column.pdf", "ieee_two_column.pdf", "refs.txt",
                                       "damaged.pdf", "locked.pdf", "shopping.txt"])
    for name in GOOD:
        record = manifest[Path(name).name]
        assert record["status"] == "ok" and record["references"] > 10, record
        written = out / Path(name).with_suffix(".bib")
        assert record["output"] == Path(name).with_suffix(".bib").as_posix()
        assert written.read_text(encoding="utf-8").count("\n@") + 1 >= record["references"] - 2
    for name, why in BAD.items():
        assert manifest[name]["status"] == "failed" and why in manifest[name]["message"]
        assert manifest[name]["output"] is None and not (out / Path(name).with_suffix(".bib")).exists()
    assert manifest["shopping.txt"]["status"] == "none"
    assert {"file", "status", "references", "seconds", "message"} <= set(manifest["refs.txt"])
    err = capsys.readouterr().err
    assert "6 documents: 3 with references" in err and "1 with none, 2 failed" in err
    assert f"manifest: {out / 'manifest.jsonl'}" in err
    assert f"failed: {folder / 'damaged.pdf'}: not a readable PDF" in err
    assert f"failed: {folder / 'locked.pdf'}: the PDF is encrypted" in err
    assert "Traceback" not in err
    assert not list(out.rglob("*.part"))


def test_without_o_every_reference_is_a_json_line_naming_its_file(folder, capsys):
    assert main(["find", str(folder / "sub"), str(folder / "apa_one_column.pdf")]) == 0
    captured = capsys.readouterr()
    records = [json.loads(line) for line in captured.out.splitlines()]
    files = [record["file"] for record in records]
    assert list(dict.fromkeys(files)) == [str(folder / "sub" / "ieee_two_column.pdf"),
                                          str(folder / "sub" / "refs.txt"),
                                          str(folder / "apa_one_column.pdf")]
    assert all(record["raw"] and "fields" in record for record in records)
    assert "3 documents: 3 with references" in captured.err


def test_find_many_yields_in_order_and_workers_change_nothing(folder):
    one = [result.record() for result in find_many(folder)]
    assert [Path(record["file"]).name for record in one] == [
        "apa_one_column.pdf", "damaged.pdf", "locked.pdf", "shopping.txt",
        "ieee_two_column.pdf", "refs.txt"]
    assert [result.record() for result in find_many([folder], jobs=2)] == one
    assert all(record["references"] for record in one if record["status"] == "ok")


def test_find_many_is_lazy_and_a_missing_path_is_said_at_once(folder, tmp_path):
    with pytest.raises(FileNotFoundError, match="no such file"):
        find_many([folder, tmp_path / "missing"])
    results = find_many(folder, jobs=2)
    first = next(results)
    assert first.status == "ok" and first.seconds > 0
    results.close()  # leaving early stops the workers


def test_documents_that_would_share_an_output_keep_their_whole_names(folder, tmp_path, capsys):
    both = tmp_path / "both"
    both.mkdir()
    shutil.copy(folder / "apa_one_column.pdf", both / "paper.pdf")
    shutil.copy(folder / "sub" / "refs.txt", both / "paper.txt")
    assert main(["find", str(both), "-o", str(tmp_path / "out")]) == 0
    assert {path.name for path in (tmp_path / "out").iterdir()} == {
        "paper.pdf.json", "paper.txt.json", "manifest.jsonl"}
    assert json.loads((tmp_path / "out" / "paper.pdf.json").read_text())


@pytest.mark.parametrize("arguments, message", [
    (["--resume"], "--resume needs -o"),
    (["--format", "bibtex"], "needs -o OUTDIR"),
    (["--segments"], "--segments takes one document"),
    (["-"], "standard input"),
    (["{missing}"], "no such file"),
])
def test_usage_errors_exit_1_with_one_line(folder, tmp_path, capsys, arguments, message):
    arguments = [item.replace("{missing}", str(tmp_path / "missing")) for item in arguments]
    assert main(["find", str(folder), *arguments]) == 1
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_an_empty_folder_is_an_error(tmp_path, capsys):
    assert main(["find", str(tmp_path)]) == 1
    assert "no PDF or text file in" in capsys.readouterr().err


# Interrupted runs ----------------------------------------------------------------------------

def _many(folder: Path, target: Path, copies: int) -> Path:
    target.mkdir()
    for number in range(copies):
        for name in ("apa_one_column.pdf", "sub/ieee_two_column.pdf", "sub/refs.txt"):
            source = folder / name
            shutil.copy(source, target / f"{number:02d}-{source.name}")
    return target


def _reftag(*arguments):
    return subprocess.Popen([sys.executable, "-m", "tagger", "find", *map(str, arguments)],
                            cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _outputs(outdir: Path) -> dict:
    return {path.relative_to(outdir).as_posix(): path.read_bytes()
            for path in sorted(outdir.rglob("*")) if path.is_file() and path.name != "manifest.jsonl"}


def _statuses(outdir: Path) -> dict:
    return {name: (record["status"], record["references"], record["output"])
            for name, record in _manifest(outdir).items()}


def _children(pid: int) -> list:
    return [int(child) for task in Path(f"/proc/{pid}/task").iterdir()
            for child in (task / "children").read_text().split()]


def _stop_when_done(process, manifest: Path, lines: int, how, whom: str) -> None:
    """Send `how` to the run (or to one of its workers) once the manifest has `lines`."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and process.poll() is None:
        if manifest.exists() and len(manifest.read_text().splitlines()) >= lines:
            os.kill(process.pid if whom == "run" else _children(process.pid)[0], how)
            return
        time.sleep(0.02)
    pytest.fail("the run ended before it could be stopped")


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="finds workers in /proc")
@pytest.mark.parametrize("how, jobs, whom, status, said", [
    (signal.SIGKILL, 1, "run", -signal.SIGKILL, None),
    (signal.SIGINT, 1, "run", 130, "interrupted;"),
    (signal.SIGINT, 2, "run", 130, "interrupted;"),
])
def test_a_run_stopped_halfway_and_resumed_writes_what_an_uninterrupted_one_does(
        folder, tmp_path, how, jobs, whom, status, said):
    papers = _many(folder, tmp_path / "papers", 4)
    whole = tmp_path / "whole"
    assert _reftag(papers, "-o", whole, "--jobs", jobs).wait(300) == 0

    stopped = tmp_path / "stopped"
    process = _reftag(papers, "-o", stopped, "--jobs", jobs)
    _stop_when_done(process, stopped / "manifest.jsonl", 3, how, whom)
    _, err = process.communicate(timeout=120)
    done = len(_manifest(stopped))
    assert 3 <= done < 12 and process.returncode == status, err
    if said:
        assert said in err and "go on with --resume" in err and "Traceback" not in err
    # Nothing half written: every output there is named in the manifest, whole.
    assert set(_outputs(stopped)) <= {record[2] for record in _statuses(stopped).values()}

    resumed = _reftag(papers, "-o", stopped, "--jobs", jobs, "--resume")
    _, err = resumed.communicate(timeout=300)
    assert resumed.returncode == 0, err
    assert f"12 documents, {done} done before: 12 with references" in err
    assert _outputs(stopped) == _outputs(whole)
    assert _statuses(stopped) == _statuses(whole)
    assert len((stopped / "manifest.jsonl").read_text().splitlines()) == 12


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="finds workers in /proc")
def test_a_killed_worker_costs_its_document_only_and_resume_mends_it(folder, tmp_path):
    papers = _many(folder, tmp_path / "papers", 4)
    out = tmp_path / "out"
    process = _reftag(papers, "-o", out, "--jobs", 2)
    _stop_when_done(process, out / "manifest.jsonl", 3, signal.SIGKILL, "worker")
    _, err = process.communicate(timeout=120)
    assert process.returncode == 2, err
    failed = {name: record for name, record in _manifest(out).items()
              if record["status"] == "failed"}
    assert len(failed) == 1 and len(_manifest(out)) == 12
    assert "the worker process finding it died (signal SIGKILL)" in next(iter(failed.values()))[
        "message"]
    assert f"failed: {papers / next(iter(failed))}" in err
    resumed = _reftag(papers, "-o", out, "--jobs", 2, "--resume")
    _, err = resumed.communicate(timeout=300)
    assert resumed.returncode == 0 and "12 documents, 11 done before: 12 with references" in err


def test_the_progress_bar_counts_files_references_and_failures(folder, tmp_path, capsys):
    assert main(["find", str(folder), "-o", str(tmp_path / "out"), "--progress"]) == 2
    err = capsys.readouterr().err
    assert "reftag find: 100%" in err and "6/6" in err and "failed=2" in err
    assert "references=" in err
    assert main(["find", str(folder), "-o", str(tmp_path / "out"), "--quiet"]) == 2
    assert "reftag find:" not in capsys.readouterr().err


def test_resume_tries_a_failed_document_again_and_skips_the_rest(folder, tmp_path, capsys):
    out = tmp_path / "out"
    assert main(["find", str(folder), "-o", str(out)]) == 2
    capsys.readouterr()
    (folder / "locked.pdf").rename(tmp_path / "locked.pdf")  # out of the way, then back
    try:
        shutil.copy(PDFS / "dot_two_column.pdf", folder / "locked.pdf")
        assert main(["find", str(folder), "-o", str(out), "--resume"]) == 2
    finally:
        os.replace(tmp_path / "locked.pdf", folder / "locked.pdf")
    err = capsys.readouterr().err
    assert "6 documents, 4 done before: 4 with references" in err and "1 failed" in err
    assert _manifest(out)["locked.pdf"]["status"] == "ok"
    assert (out / "locked.json").exists()


# Dask -------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def cluster():
    pytest.importorskip("dask.bag")
    distributed = pytest.importorskip("distributed")
    import dask

    # Not daemonic, so that each worker may read a PDF in a bounded child (tagger.dask).
    with dask.config.set({"distributed.worker.daemon": False}):
        with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                      dashboard_address=None) as local, \
                distributed.Client(local) as client:
            yield local, client


def test_the_dask_recipe_gives_the_local_records(folder, cluster):
    import dask.bag as db
    from tagger.dask import find_bag

    files = db.from_sequence([str(item.path) for item in documents(folder)], npartitions=3)
    assert find_bag(files).compute() == [result.record() for result in find_many(folder)]


def test_find_with_dask_writes_what_the_local_run_writes(folder, cluster, tmp_path, capsys):
    local, dasked = tmp_path / "local", tmp_path / "dask"
    assert main(["find", str(folder), "-o", str(local)]) == 2
    address = cluster[0].scheduler_address
    assert main(["find", str(folder), "-o", str(dasked), "--dask", address]) == 2
    assert _outputs(dasked) == _outputs(local)
    assert _statuses(dasked) == _statuses(local)
    assert "6 documents: 3 with references" in capsys.readouterr().err
