"""What one request may ask of the service, with defaults a public deployment would want.

Each limit answers the question "how much can one client make every other client wait?":
bytes read before any parsing, references tagged, characters tagged per reference, seconds
of work, the memory a PDF's reader may take and how many read at once. Past one, the request
gets a 413 (or a 503 for time) and nothing else is done.
"""

from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class Limits:
    max_body_bytes: int = 1 << 20  # text and JSON bodies: 1 MiB
    max_pdf_bytes: int = 10 << 20  # a PDF is mostly not text: 10 MiB
    max_references: int = 1000  # per request, parsed or found
    max_chars: int = 5000  # per reference; real ones stay under 2,000
    time_limit: float = 30.0  # seconds of work per request
    pdf_memory: int = 900  # MB one PDF's reader (a child process) may use
    pdf_readers: int = 2  # PDFs read at once by one worker; more wait their turn

    def to_dict(self) -> dict:
        return asdict(self)
