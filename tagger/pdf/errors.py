"""What can go wrong reading a PDF, as messages a user can act on."""


class PdfError(Exception):
    """The PDF cannot be read: damaged, encrypted, no text layer, or the extra is missing."""


class MissingExtra(PdfError):
    """pypdfium2 is not installed."""

    def __init__(self):
        super().__init__("reading PDFs needs the pdf extra: pip install 'reftag[pdf]'")


class ReaderLimit(PdfError):
    """The reader (a child process, tagger.pdf.isolated) ran past a limit: `limit` says which,
    "memory" or "time"."""

    def __init__(self, message: str, limit: str):
        super().__init__(message)
        self.limit = limit
