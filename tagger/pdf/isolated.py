"""A PDF read in a child process, bounded in memory and time, so that no file can take the
caller down.

PDFium is C++: a content stream that inflates to 500 MB makes it allocate gigabytes and then
abort the whole process, with no exception to catch. Here the reading (tagger.pdf.document's
`read_layout`, handed in) runs in a child whose address space may grow by `memory_limit` MB
at most (RLIMIT_AS, over what it inherits), stopped when it runs past the hard time limit. The child
sends back plain data (the PdfText, pickled) or the reason it failed; a child that died (PDFium
aborted on a failed allocation, a crash) or overran costs one PdfError with a one-line message.

The child is forked from the caller when the caller runs one thread (the CLI: cheapest, a
few milliseconds); from a fork server with pypdfium2 already imported when it runs several
(`reftag serve` answers in threads, and forking a threaded process may copy a lock some other
thread holds). training/benchmarks/bench_pdf.py --isolation measures the cost (docs/pdf.md).

No zlib pre-check of the streams: PDFium never inflates an image to read text, so a figure-
heavy paper that inflates to hundreds of megabytes reads in a few, and a pre-check would refuse
it (or cost every file the time of inflating every stream); the child's limit is what decides.
A caller that is itself a daemonic worker (a multiprocessing pool's) cannot start a child: the
PDF is read in that worker, unbounded.
"""

import contextlib
import faulthandler
import multiprocessing
import signal
import threading

from tagger.pdf.errors import PdfError, ReaderLimit
from tagger.pdf.extract import load_pdfium

MEMORY_LIMIT = 900  # MB the reader may add to the address space it starts with
GRACE = 5.0  # seconds past twice the soft time limit before the child is stopped
# The reader and PDFium, imported once in the server, and the caller's main script ("__main__":
# a `reftag` script or a user's), which a child would otherwise run again each time.
_PRELOAD = ["__main__", "tagger.pdf.document", "pypdfium2"]
_server = None  # the fork server's context, made once per process


def hard_limit(time_limit: float) -> float:
    """Seconds before the child is stopped: the reading stops between pages at `time_limit`
    (with a warning) and the layout still has to be made; this is for a page that never ends."""
    return 2 * time_limit + GRACE


def read_isolated(read, source, max_pages: int, time_limit: float,
                  memory_limit: int = MEMORY_LIMIT):
    """read(source, max_pages, time_limit) in a child process (tagger.pdf.document's
    read_layout, named so that a fork server can find it): its PdfText, or PdfError (the
    reader's own, or why the child gave no answer)."""
    load_pdfium()  # MissingExtra here; and the child finds it imported
    if multiprocessing.current_process().daemon:  # a pool's worker may have no children
        return read(source, max_pages, time_limit)
    context = _context()
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_child, daemon=True, name="reftag-pdf-reader",
                            args=(receiver, sender, read, source, max_pages, time_limit,
                                  memory_limit))
    with interrupts_held():
        child.start()
    sender.close()
    seconds, answer, overran = hard_limit(time_limit), None, False
    try:
        if receiver.poll(seconds):
            answer = receiver.recv()
        else:
            overran = True
    except (EOFError, OSError):  # the child died before it answered
        pass
    finally:
        receiver.close()
        if answer is None and child.is_alive():
            child.kill()
        child.join()
    if answer is None:
        raise _no_answer(child.exitcode, overran, seconds, memory_limit)
    kind, value = answer
    if kind == "ok":
        return value
    if kind == "memory":
        raise ReaderLimit(needs_more(memory_limit), "memory")
    raise PdfError(value)


@contextlib.contextmanager
def interrupts_held():
    """Ctrl-C held back while a child is forked, then delivered: a KeyboardInterrupt raised
    inside the fork's own handlers is printed and dropped by Python, and the run would go on."""
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def needs_more(memory_limit: int) -> str:
    return f"the PDF needs more than {memory_limit:,} MB to read"


def _no_answer(exitcode: int, overran: bool, seconds: float, memory_limit: int) -> PdfError:
    """Why a child that sent nothing back failed: past the hard time limit, or stopped by a
    signal (PDFium aborts when an allocation fails under the memory limit)."""
    if overran:
        return ReaderLimit(f"reading the PDF took longer than {seconds:g} s; stopped", "time")
    if exitcode is not None and exitcode < 0:
        try:
            name = signal.Signals(-exitcode).name
        except ValueError:
            name = f"signal {-exitcode}"
        return ReaderLimit(f"{needs_more(memory_limit)} (or is damaged so that PDFium "
                           f"stops: {name})", "memory")
    return PdfError(f"the PDF reader stopped without an answer (exit status {exitcode})")


def _child(receiver, sender, read, source, max_pages: int, time_limit: float,
           memory_limit: int):
    """In the child: limit the address space, read, send back ("ok", PdfText),
    ("error", message) or ("memory", None). The pipe's reading end, which a fork hands down
    too, is closed first: were the parent killed, sending would otherwise wait for ever on a
    pipe only this child still holds open."""
    receiver.close()
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # held only for the fork
    faulthandler.disable()  # a death here is the parent's to report, in one line
    _limit_memory(memory_limit)
    try:
        answer = ("ok", read(source, max_pages, time_limit))
    except PdfError as error:
        answer = ("error", str(error))
    except MemoryError:
        answer = ("memory", None)
    except RecursionError:
        answer = ("error", "not a readable PDF: its structure nests too deep")
    try:
        sender.send(answer)
    except MemoryError:
        sender.send(("memory", None))
    finally:
        sender.close()


def _limit_memory(megabytes: int):
    """RLIMIT_AS: what the process maps now (inherited on fork) plus `megabytes`."""
    try:
        import resource
        with open("/proc/self/status") as status:
            mapped = next(int(line.split()[1]) * 1024 for line in status
                          if line.startswith("VmSize:"))
    except (ImportError, OSError, StopIteration):
        return  # not Linux: no limit to set this way
    limit = mapped + megabytes * (1 << 20)
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def _context():
    """fork while the process runs one thread (the CLI), else a fork server that has
    already imported the reader and pypdfium2 (threads: `reftag serve`)."""
    methods = multiprocessing.get_all_start_methods()
    if threading.active_count() == 1 and "fork" in methods:
        return multiprocessing.get_context("fork")
    if "forkserver" not in methods:
        return multiprocessing.get_context("spawn")
    return _fork_server()


def _fork_server():
    global _server
    if _server is None:
        _server = multiprocessing.get_context("forkserver")
        _server.set_forkserver_preload(_PRELOAD)
    return _server


def warm_up():
    """Start the fork server now (a service's start-up) rather than on the first PDF."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        from multiprocessing import forkserver

        _fork_server()
        forkserver.ensure_running()
