"""Find the references in many documents at once: one process, the models loaded once.

    from tagger import find_many
    for result in find_many(["papers/"], jobs=2):   # lazily, in the order documents() lists
        result.file, result.status, len(result.references), result.message

A folder is walked recursively for PDFs and text files (DOCUMENT_SUFFIXES, hidden files left
out); a file named outright is taken whatever its name. Each document is found as
`tagger.find` finds one, a PDF read in a child process bounded in memory and time
(tagger.pdf.isolated), and whatever goes wrong with it is its own result ("failed", with a
one-line message), never the batch's end. A document with no reference section is "none".

With jobs > 1 the documents go to that many worker processes, forked after the models are
loaded (so they load once), not daemonic, so that each may start the PDF reader's child. At
most two documents a worker are finished ahead of the one awaited, so memory stays bounded
however many files there are, and the results still come back in order. A worker that dies
(killed from outside) costs the document it had, "failed", and is replaced.
"""

import multiprocessing
import os
import signal
import sys
import time
import warnings
from dataclasses import dataclass, field
from functools import partial
from multiprocessing import connection
from pathlib import Path

from .crf.model import ModelError, load_model, open_tagger
from .finder import find_references
from .finder.boundaries import DEFAULT_MODEL as BOUNDARY_MODEL
from .finder.classify import DEFAULT_MODEL as LIST_MODEL, DOCUMENT_MODEL
from .parse import resolve_engine
from .pdf import MAX_PAGES, MEMORY_LIMIT, TIME_LIMIT, PdfError, find_pdf, is_pdf
from .pdf.isolated import interrupts_held
from .text.sniff import (BinaryInputError, decode_utf8, empty_input, no_such_file, refusal,
                         sniff)

DOCUMENT_SUFFIXES = (".pdf", ".txt", ".text")
OK, NONE, FAILED = "ok", "none", "failed"
NO_REFERENCES = "no reference section found"


@dataclass(frozen=True)
class Document:
    path: Path  # the file
    name: str  # its path under the folder it was found in ('/' between parts), or its own name


@dataclass
class DocumentResult:
    """What one document gave: its references, or why it gave none."""
    file: str  # the document's path, as found
    name: str  # as Document.name
    references: list = field(default_factory=list)  # Reference, as tagger.find returns them
    error: str | None = None  # why the document could not be read: one line
    warnings: list = field(default_factory=list)  # pages left unread, bytes that are not UTF-8
    seconds: float = 0.0

    @property
    def status(self) -> str:
        """"ok" (references found), "none" (no reference section) or "failed"."""
        return FAILED if self.error is not None else OK if self.references else NONE

    @property
    def message(self) -> str | None:
        if self.error is not None:
            return self.error
        parts = ([] if self.references else [NO_REFERENCES]) + self.warnings
        return "; ".join(parts) or None

    def record(self) -> dict:
        """The document as one JSON object: file, status, message and its references'
        records (the output contract's)."""
        return {"file": self.file, "status": self.status, "message": self.message,
                "references": [reference.to_dict() for reference in self.references]}


def documents(paths) -> list[Document]:
    """The documents that `paths` (a path or several) name: a folder's PDFs and text files,
    recursively, in sorted order; a file as it is. A path that names nothing raises
    FileNotFoundError. A file named twice is taken once."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    found, seen = [], set()
    for given in paths:
        path = Path(given)
        if path.is_dir():
            listed = [Document(file, file.relative_to(path).as_posix())
                      for file in sorted(path.rglob("*"))
                      if file.suffix.lower() in DOCUMENT_SUFFIXES and file.is_file()
                      and not any(part.startswith(".") for part in file.relative_to(path).parts)]
        elif path.exists():
            listed = [Document(path, path.name)]
        else:
            raise FileNotFoundError(no_such_file(given))
        for document in listed:
            if document.path.resolve() not in seen:
                seen.add(document.path.resolve())
                found.append(document)
    return found


def find_many(paths, jobs: int = 1, engine: str = "auto", model=None,
              max_pages: int = MAX_PAGES, time_limit: float = TIME_LIMIT,
              memory_limit: int = MEMORY_LIMIT):
    """The references of every document `paths` names (documents()), one DocumentResult
    each, yielded lazily in the listing's order. `paths` may also be a list of Document.
    The engine is decided and the models opened here, before any work: a model that cannot
    load is a ModelError now under engine="crf" (one warning and the rule tagger under
    "auto"); a missing path is a FileNotFoundError now. `max_pages`, `time_limit` and
    `memory_limit` (MB) bound each PDF's reading, as for tagger.pdf.read_pdf."""
    if jobs < 1:
        raise ValueError("jobs must be at least 1")
    given = [paths] if isinstance(paths, (str, os.PathLike)) else list(paths)
    listed = given if all(isinstance(item, Document) for item in given) else documents(given)
    engine = resolve_engine(engine, model)
    open_models(engine, model)
    work = partial(find_document, engine=engine, model=model, max_pages=max_pages,
                   time_limit=time_limit, memory_limit=memory_limit)
    if jobs == 1 or len(listed) < 2:
        return map(work, listed)
    return _in_workers(work, listed, jobs)


def open_models(engine: str, model=None) -> None:
    """Open the parse model (unless the rules answer) and the finder's, so that workers
    forked afterwards share them."""
    if engine != "rules":
        load_model(model).weights()
    for path in (LIST_MODEL, DOCUMENT_MODEL, BOUNDARY_MODEL):
        open_tagger(str(path))


def find_document(document: Document, engine: str = "auto", model=None,
                  max_pages: int = MAX_PAGES, time_limit: float = TIME_LIMIT,
                  memory_limit: int = MEMORY_LIMIT) -> DocumentResult:
    """One document's references, or the one line that says why there are none."""
    started = time.perf_counter()
    result = DocumentResult(str(document.path), document.name)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            result.references = _find(document.path, engine, model, result.warnings,
                                      max_pages=max_pages, time_limit=time_limit,
                                      memory_limit=memory_limit)
        except ModelError:
            raise  # every document would fail alike: the batch's error, not this file's
        except OSError as error:
            result.error = error.strerror or str(error)
        except (PdfError, BinaryInputError, ValueError) as error:
            result.error = str(error)
        except Exception as error:  # a bug met on one document must not end the batch
            result.error = f"unexpected error: {type(error).__name__}: {error}"
    result.warnings[:0] = [str(warning.message) for warning in caught]
    result.seconds = round(time.perf_counter() - started, 3)
    return result


def _find(path: Path, engine, model, pdf_warnings: list, **reading) -> list:
    return find_in_bytes(path.read_bytes(), path.name, engine, model, pdf_warnings, **reading)


def find_in_bytes(data: bytes, name=None, engine: str = "auto", model=None, pdf_warnings=None,
                  **reading) -> list:
    """A document's bytes found as tagger.find finds them, and the batch each file: a PDF by
    its content, other binary input refused, the rest decoded as UTF-8. `name` (the file's)
    is what the messages call it; `reading`: find_pdf's limits."""
    label = name or "input"
    if not data:
        raise ValueError(empty_input(label))
    if is_pdf(data):
        return find_pdf(data, engine, model, warnings=pdf_warnings, name=name, **reading)
    if kind := sniff(data):
        raise BinaryInputError(kind, refusal(kind, label, "find"))
    return find_references(decode_utf8(data, label), engine, model, name=name)


def _in_workers(work, listed: list, jobs: int):
    """work(document) for each document in `jobs` worker processes, results in order."""
    context = multiprocessing.get_context(
        "fork" if "fork" in multiprocessing.get_all_start_methods() else None)
    workers = [_Worker(context, work) for _ in range(min(jobs, len(listed)))]
    waiting, done, position = iter(enumerate(listed)), {}, 0
    try:
        for worker in workers:
            worker.start(workers)
        while position < len(listed):
            if position in done:
                yield done.pop(position)
                position += 1
                continue
            for worker in workers:  # each idle worker gets the next document, 2 a worker ahead
                if worker.task is None and len(done) < 2 * jobs:
                    worker.give(next(waiting, None))
            ready = connection.wait([worker.connection for worker in workers if worker.task],
                                    timeout=1.0)
            for worker in workers:
                if worker.connection in ready or (worker.task and not worker.process.is_alive()):
                    index, result = worker.answer()
                    if isinstance(result, Exception):
                        raise result
                    done[index] = result
                    if not worker.process.is_alive():
                        worker.start(workers)
    finally:
        for worker in workers:
            worker.stop()


class _Worker:
    """A worker process and the document it is finding. Not a multiprocessing pool: a pool's
    workers are daemonic (they could not start the PDF reader's child), and a pool cannot say
    which document its dead worker had; here that document alone fails."""

    def __init__(self, context, work):
        self.context, self.work = context, work
        self.process = self.connection = self.task = None

    def start(self, workers: list):
        """A new process; it closes its siblings' pipes, so that each worker sees the main
        process end (its pipe's end of file) whatever the others do."""
        if self.connection is not None:
            self.connection.close()
        self.connection, theirs = self.context.Pipe()
        others = [worker.connection for worker in workers if worker.connection is not None]
        self.process = self.context.Process(target=_serve, args=(theirs, self.work, others),
                                            name="reftag-find-worker")
        with interrupts_held():
            self.process.start()
        theirs.close()
        self.task = None

    def give(self, task):
        """Hand over (index, document); None: nothing left."""
        if task is not None:
            self.connection.send(task)
            self.task = task

    def answer(self) -> tuple:
        """(index, DocumentResult or the Exception to raise) for the document it had."""
        index, document = self.task
        try:
            if self.connection.poll():
                self.task = None
                return self.connection.recv()
        except (EOFError, OSError):
            pass
        self.process.join()
        self.task = None
        code = self.process.exitcode
        how = f"signal {signal.Signals(-code).name}" if code and code < 0 else f"exit status {code}"
        return index, DocumentResult(str(document.path), document.name, error=(
            f"the worker process finding it died ({how}); nothing was found"))

    def stop(self):
        """An idle worker is told to end; a busy one is stopped (SIGTERM: it stops its PDF
        reader's child on the way out)."""
        if self.process.is_alive():
            try:
                if self.task is None:
                    self.connection.send(None)
                else:
                    self.process.terminate()
            except OSError:
                self.process.terminate()
            self.process.join(5)
            if self.process.is_alive():
                self.process.kill()
                self.process.join()
        self.connection.close()


def _serve(connection, work, others: list):
    """In a worker: find each document the main process sends until None or its end."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the main process's to handle
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # held only for the fork
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # exits cleanly, readers stopped
    for other in others:
        other.close()
    while True:
        try:
            task = connection.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        index, document = task
        try:
            answer = work(document)
        except Exception as error:  # a ModelError: the batch's, raised in the main process
            answer = error
        try:
            connection.send((index, answer))
        except OSError:
            return
