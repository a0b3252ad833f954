"""PDFs made to break the reader: `reftag find` and `reftag serve` answer each with a result or
a one-line error, never a traceback, a signal, a hang or a process taken down.

The bad PDFs are the fixtures of data/finder/pdf and a paper typeset here (uncompressed, so
its operators can be rewritten) cut short, with bytes flipped, with page boxes, font sizes and
text matrices set to 0, 1e38 or past float range, text moved to ±1e9, a page turned by a
/Rotate its text does not follow, and a content stream that inflates to 500 MB (written once
per session). Each goes through `reftag find` as a subprocess (exit 0 or 1, one line on stderr
that names no exception, peak memory of the command and its reader under 1 GB, under 30 s),
then all of them, 50 posts in all, to a real `reftag serve` (a JSON 4xx/5xx for each, a normal
request answered after each, its memory back near where it started).
"""

import json
import os
import random
import re
import signal
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest

pytest.importorskip("pypdfium2", reason="PDF input needs the pdf extra (pypdfium2)")
pytest.importorskip("reportlab", reason="the test paper is typeset with reportlab")

from tests.pdf_bytes import one_page_pdf  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = sorted((ROOT / "data" / "finder" / "pdf").glob("*.pdf"))
SECONDS = 30
PEAK_KB = 1 << 20  # 1 GB
EXCEPTION = re.compile(r"Traceback|\b[A-Z][A-Za-z]*(?:Error|Exception)\b")


def plain_paper() -> bytes:
    """A two-page two-column paper with a reference list, its content streams uncompressed."""
    from reportlab import rl_config

    from training.corpora.pdf_samples import Layout, gold_references, typeset

    compression, rl_config.pageCompression = rl_config.pageCompression, 0
    try:
        return typeset(Layout(), gold_references("ieee_blank_lines"), body_paragraphs=8).pdf
    finally:
        rl_config.pageCompression = compression


NUMBER = rb"-?[\d.]+"
TM = re.compile(rb"(?:" + NUMBER + rb" ){6}Tm")
TF = re.compile(rb"(/F\d+) " + NUMBER + rb" Tf")
MEDIABOX = re.compile(rb"/MediaBox \[[^\]]*\]")


def mutations(paper: bytes) -> dict:
    """name -> PDF bytes: the paper's operators and boxes rewritten, then cut and flipped."""
    made = {}
    for name, size in (("size-0", b"0"), ("size-1e38", b"1e38"), ("size-3e38", b"3e38"),
                       ("size-1e39", b"1e39"), ("size-negative", b"-1e38")):
        made[name] = TF.sub(rb"\1 " + size + rb" Tf", paper)
    for name, matrix in (("matrix-0", b"0 0 0 0 0 0"), ("matrix-1e38", b"1e38 0 0 1e38 0 0"),
                         ("matrix-3e38", b"3e38 3e38 3e38 3e38 3e38 3e38"),
                         ("text-at-plus-1e9", b"1 0 0 1 1e9 700"),
                         ("text-at-minus-1e9", b"1 0 0 1 -1e9 -1e9"),
                         ("text-at-1e7", b"1 0 0 1 1e7 300")):
        made[name] = TM.sub(matrix + b" Tm", paper, count=40)
    for name, box in (("mediabox-0", b"[ 0 0 0 0 ]"), ("mediabox-1e38", b"[ 0 0 1e38 1e38 ]"),
                      ("mediabox-inverted", b"[ 595 842 0 0 ]")):
        made[name] = MEDIABOX.sub(b"/MediaBox " + box, paper)
    made["cropbox-misses-mediabox"] = MEDIABOX.sub(
        rb"/MediaBox [ 0 0 595 842 ] /CropBox [ 2000 2000 2100 2100 ]", paper)
    made["rotate-90-text-level"] = paper.replace(b"/Rotate 0", b"/Rotate 90")
    made["rotate-45"] = paper.replace(b"/Rotate 0", b"/Rotate 45")
    for share in (0.1, 0.5, 0.9):
        made[f"truncated-{share}"] = paper[:int(len(paper) * share)]
    generator = random.Random(59)
    for index, source in enumerate([paper, *(path.read_bytes() for path in FIXTURES)]):
        flipped = bytearray(source)
        for _ in range(max(1, len(flipped) // 300)):
            flipped[generator.randrange(9, len(flipped))] ^= 1 << generator.randrange(8)
        made[f"flipped-{index}"] = bytes(flipped)
    made["header-only"] = b"%PDF-1.7\n%%EOF\n"
    return made


@pytest.fixture(scope="session")
def bomb(tmp_path_factory) -> Path:
    """1 MB of PDF whose one content stream inflates to 500 MB of text-showing operators."""
    path = tmp_path_factory.mktemp("bomb") / "bomb.pdf"
    packer = zlib.compressobj(9)
    chunk = b"(a) Tj " * ((1 << 20) // 7)
    parts = [packer.compress(b"BT /F1 1 Tf 72 700 Td ")]
    parts += [packer.compress(chunk) for _ in range(500)]
    parts += [packer.compress(b" ET"), packer.flush()]
    path.write_bytes(one_page_pdf(b"".join(parts), flate=True))
    return path


@pytest.fixture(scope="module")
def bad_pdfs(tmp_path_factory, bomb) -> dict:
    folder = tmp_path_factory.mktemp("bad")
    paths = {}
    for name, data in mutations(plain_paper()).items():
        paths[name] = folder / f"{name}.pdf"
        paths[name].write_bytes(data)
    paths["bomb"] = bomb
    return paths


def run_measured(*argv) -> tuple:
    """(exit status, stderr, peak RSS in KB of the command and every process it waited for,
    seconds) of `python -m tagger *argv`; killed past SECONDS."""
    started = time.monotonic()
    with open(os.devnull, "wb") as sink, subprocess.Popen(
            [sys.executable, "-m", "tagger", *argv], cwd=ROOT, stdout=sink,
            stderr=subprocess.PIPE) as process:
        os.set_blocking(process.stderr.fileno(), False)
        errors = b""
        while True:
            chunk = process.stderr.read()
            errors += chunk or b""
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() - started > SECONDS:
                process.kill()
                pid, status, usage = os.wait4(process.pid, 0)
                break
            time.sleep(0.05)
        errors += process.stderr.read() or b""
        process.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
    return (process.returncode, errors.decode("utf-8", "replace"), usage.ru_maxrss,
            time.monotonic() - started)


def test_reftag_find_answers_every_bad_pdf_with_a_result_or_one_line(bad_pdfs):
    outcomes = {}
    for name, path in bad_pdfs.items():
        code, errors, peak, seconds = run_measured("find", str(path), "--engine", "rules",
                                                   "--format", "jsonl")
        outcomes[name] = code
        lines = [line for line in errors.splitlines()
                 if not line.startswith("reftag: warning: ")]
        assert code in (0, 1), (name, code, errors)
        assert not EXCEPTION.search(errors), (name, errors)
        if code == 1:
            assert len(lines) == 1 and (lines[0].startswith(f"reftag: {path}: ") or lines[0]
                                        == f"reftag: no reference section found in {path}"), (
                name, errors)
        assert all(str(path) in line for line in errors.splitlines()), (name, errors)
        assert peak < PEAK_KB, (name, peak)
        assert seconds < SECONDS, (name, seconds)
    # the mutations that leave the text readable still find the references
    assert outcomes["rotate-90-text-level"] == outcomes["text-at-1e7"] == 0
    assert outcomes["bomb"] == 1


def test_the_bomb_costs_one_line_that_names_the_memory_limit(bomb):
    code, errors, peak, _ = run_measured("find", str(bomb), "--memory-limit", "400")
    assert code == 1 and peak < PEAK_KB
    assert errors.startswith(f"reftag: {bomb}: the PDF needs more than 400 MB to read")


def test_a_reader_that_overruns_is_stopped_and_said_so(monkeypatch):
    """The hard time limit: a reading that never ends costs a PdfError naming the limit."""
    from tagger.pdf import PdfError, read_pdf
    from tagger.pdf.errors import ReaderLimit
    from tagger.pdf import isolated

    monkeypatch.setattr(isolated, "GRACE", 0.5)
    data = FIXTURES[0].read_bytes()
    started = time.monotonic()
    with pytest.raises(ReaderLimit, match=r"took longer than 0\.7 s") as caught:
        isolated.read_isolated(_sleeping_reader, data, 10, 0.1)
    assert caught.value.limit == "time" and time.monotonic() - started < 10
    assert isinstance(caught.value, PdfError)
    assert read_pdf(data).text  # and the next one reads


def _sleeping_reader(source, max_pages, time_limit):
    time.sleep(60)


def test_a_reader_that_dies_costs_a_message(monkeypatch):
    from tagger.pdf import isolated
    from tagger.pdf.errors import ReaderLimit

    with pytest.raises(ReaderLimit, match="needs more than 900 MB.*SIGABRT"):
        isolated.read_isolated(_aborting_reader, b"%PDF-", 10, 5.0)


def _aborting_reader(source, max_pages, time_limit):
    os.kill(os.getpid(), signal.SIGABRT)


def _rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="RSS read from /proc")
def test_reftag_serve_survives_fifty_bad_pdfs(bad_pdfs):
    pytest.importorskip("starlette", reason="reftag serve needs the serve extra")
    pytest.importorskip("uvicorn", reason="reftag serve needs the serve extra")
    from tests.serve_helpers import request, serving

    good = FIXTURES[0].read_bytes()
    with serving("--engine", "rules") as (base, process):
        for _ in range(3):  # settle what the first requests load
            assert request(base, "/api/find", good, "application/pdf")[0] == 200
        baseline = _rss_kb(process.pid)
        names = [name for name in bad_pdfs if name != "bomb"]
        posts = ["bomb", "bomb"] + [names[index % len(names)] for index in range(48)]
        statuses = {}
        for name in posts:
            status, kind, body = request(base, "/api/find", bad_pdfs[name].read_bytes(),
                                         "application/pdf")
            statuses[name] = status
            assert status == 200 or (400 <= status < 600 and kind.startswith(
                "application/json") and json.loads(body)["error"]), (name, status, body)
            assert request(base, "/api/find", good, "application/pdf")[0] == 200, name
        assert statuses["bomb"] == 413
        assert process.poll() is None
        assert _rss_kb(process.pid) < baseline + 60 * 1024, (baseline, _rss_kb(process.pid))
