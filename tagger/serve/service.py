"""The work behind the routes, in plain Python: parse, find, relabel within the limits.

One Service per worker process, made at start-up from the configuration: it settles which
engine answers (loading the model once), and holds nothing that a request changes, so
workers share nothing mutable. Each call runs in a thread and checks its deadline between
references, so a request over its time stops working soon after it is answered.
"""

import threading
import time
from dataclasses import dataclass

from ..finder import segment
from ..crf.model import ModelError, load_model
from ..parse import parse_safely
from ..text.sniff import too_long
from .errors import ApiError
from .limits import Limits
from .relabel import relabel_all


@dataclass(frozen=True)
class Config:
    engine: str = "auto"
    model: str | None = None  # a model path; None for the shipped model
    limits: Limits = Limits()


def out_of_time(seconds: float) -> ApiError:
    return ApiError(503, f"the request took longer than {seconds:g} s; "
                         "send fewer or shorter references")


class Deadline:
    def __init__(self, seconds: float):
        self.seconds = seconds
        self.at = time.monotonic() + seconds

    def check(self):
        if time.monotonic() > self.at:
            raise out_of_time(self.seconds)


def _start_pdf_reader():
    """Start the fork server PDFs are read from (requests run in threads), so the first PDF
    does not wait for it; nothing when the pdf extra is missing."""
    try:
        import pypdfium2  # noqa: F401
    except ImportError:
        return
    from ..pdf.isolated import warm_up

    warm_up()


class Service:
    def __init__(self, config: Config):
        self.config = config
        self.limits = config.limits
        self.manifest, self.model_error = None, None
        if config.engine != "rules":
            try:
                self.manifest = load_model(config.model).manifest
            except ModelError as error:
                self.model_error = str(error)
        self.pdf_readers = threading.BoundedSemaphore(self.limits.pdf_readers)
        _start_pdf_reader()
        if self.model_error is None:
            self.engine = config.engine
        else:  # "auto" answers with the rules; "crf" cannot answer: 503 until restarted
            self.engine = "rules" if config.engine == "auto" else None

    def _engine(self) -> str:
        if self.engine is None:
            raise ApiError(503, f"no model to answer with: {self.model_error}")
        return self.engine

    def at_most(self, count: int, what: str):
        if count > self.limits.max_references:
            raise ApiError(413, f"{count:,} {what}; the limit is {self.limits.max_references:,}")

    def parse(self, texts: list[str]) -> list:
        """One Reference per text, in order (a bad one is an error record, not a failure)."""
        engine, deadline = self._engine(), Deadline(self.limits.time_limit)
        self.at_most(len(texts), "references in one request")
        for index, text in enumerate(texts):
            if len(text) > self.limits.max_chars:
                raise ApiError(413, too_long(f"reference {index}", self.limits.max_chars,
                                             length=len(text)))
        refs = []
        for text in texts:
            deadline.check()
            refs.append(parse_safely(text, engine, self.config.model))
        return refs

    def find(self, text: str) -> list:
        """The references found in a document, parsed, with their offsets in it (one longer
        than max_chars is parsed up to there: the document's size is the body limit's)."""
        engine, deadline = self._engine(), Deadline(self.limits.time_limit)
        found = segment(text)
        self.at_most(len(found), "references found")
        refs = []
        for item in found:
            deadline.check()
            ref = parse_safely(item.raw[:self.limits.max_chars], engine, self.config.model)
            ref.partial = item.partial
            ref.annotate(start=item.start, end=item.end)
            refs.append(ref)
        return refs

    def find_pdf(self, data: bytes) -> list:
        """A PDF's references. The PDF is read in a child process (tagger.pdf.isolated) that
        may use `pdf_memory` MB and half the request's time (it is stopped a few seconds past
        the request's limit), at most `pdf_readers` at once: a decompression bomb or a PDFium
        abort costs its request an error, never the worker."""
        from ..pdf import MissingExtra, PdfError, find_pdf, is_pdf
        from ..pdf.errors import ReaderLimit

        engine, limits = self._engine(), self.limits
        if not is_pdf(data):
            raise ApiError(400, "the body is not a PDF (it does not start with %PDF-)")
        if not self.pdf_readers.acquire(timeout=limits.time_limit / 2):
            raise ApiError(503, "every PDF reader of this worker is busy; try again later")
        try:
            refs = find_pdf(data, engine=engine, model=self.config.model,
                            time_limit=limits.time_limit / 2, memory_limit=limits.pdf_memory)
        except MissingExtra as error:
            raise ApiError(415, str(error)) from None
        except ReaderLimit as error:
            raise ApiError(413 if error.limit == "memory" else 503,
                           f"cannot read the PDF: {error}") from None
        except PdfError as error:  # damaged, encrypted, no text layer
            raise ApiError(400, f"cannot read the PDF: {error}") from None
        finally:
            self.pdf_readers.release()
        self.at_most(len(refs), "references found")
        return refs

    def relabel(self, records) -> list:
        if isinstance(records, list):
            self.at_most(len(records), "records in one request")
        return relabel_all(records)

    def health(self) -> dict:
        status = "ok" if self.engine else "unavailable"
        return {"status": status, "engine": self.engine, "model": self.model_summary(),
                **({"model_error": self.model_error} if self.model_error else {})}

    def model_summary(self) -> dict | None:
        if self.manifest is None:
            return None
        gold = (self.manifest.get("scores") or {}).get("data/gold.jsonl", {})
        # The manifest scores the CRF alone and, under "auto", the engine that answers by default.
        answering = gold.get("auto") if self.engine == "auto" else None
        return {"path": str(load_model(self.config.model).path.name),
                "labels": [label for label in self.manifest.get("labels", []) if label != "O"],
                "feature_version": self.manifest.get("feature_version"),
                "core_micro_f1": gold.get("core_micro_f1"),
                "gold": {"engine": "auto" if answering else "crf",
                         "core_micro_f1": (answering or gold).get("core_micro_f1")}}

    def model_info(self) -> dict:
        """Labels, training files and scores from the manifest (503 when there is none)."""
        if self.manifest is None:
            raise ApiError(503, f"no CRF model is loaded: {self.model_error}")
        training = self.manifest.get("training") or {}
        return {**self.model_summary(), "engine": self.engine,
                "training": {"records": training.get("records"),
                             "files": training.get("sources") or training.get("files")},
                "params": self.manifest.get("params"),
                "rules_evidence": self.manifest.get("rules_evidence"),
                "scores": self.manifest.get("scores"),
                "limits": self.limits.to_dict()}

