"""A one-line progress bar for long runs, drawn only on a terminal.

When stderr is piped or redirected nothing is written at all, so logs and captured output
stay clean.
"""

import sys
import time

_WIDTH = 30
_INTERVAL = 0.1  # seconds between redraws


def progress(items, label: str = "", enabled: bool = True, stream=None, total: int | None = None):
    """Yield `items` unchanged, drawing "label [####    ] n/total" on `stream` (stderr)."""
    stream = stream if stream is not None else sys.stderr
    if not enabled or not _is_terminal(stream):
        yield from items
        return
    total = total if total is not None else (len(items) if hasattr(items, "__len__") else None)
    started = last_drawn = time.monotonic()
    done = 0
    try:
        for item in items:
            yield item
            done += 1
            now = time.monotonic()
            if now - last_drawn >= _INTERVAL:
                _draw(stream, label, done, total, now - started)
                last_drawn = now
        _draw(stream, label, done, total, time.monotonic() - started)
    finally:
        stream.write("\n")
        stream.flush()


def _is_terminal(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _draw(stream, label: str, done: int, total: int | None, elapsed: float) -> None:
    rate = done / elapsed if elapsed > 0 else 0.0
    if total:
        filled = _WIDTH * done // total
        bar = f"[{'#' * filled}{' ' * (_WIDTH - filled)}] {done}/{total}"
    else:
        bar = f"{done}"
    stream.write(f"\r{label} {bar} {rate:.0f}/s ".lstrip())
    stream.flush()
