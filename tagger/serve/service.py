"""The work behind the routes, in plain Python: parse, find, relabel within the limits.

One Service per worker process, made at start-up from the configuration: it settles which
engine answers (loading the model once), and holds nothing that a request changes, so
workers share nothing mutable. Each call runs in a thread and checks its deadline between
references, so a request over its time stops working soon after it is answered.
"""

import time
from dataclasses import dataclass

from .. import find as find_in_document
from ..finder import segment
from ..model import ModelError, load_model
from ..parse import parse_safely
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
        if self.model_error is None:
            self.engine = config.engine
        else:  # "auto" answers with the rules; "crf" cannot answer: 503 until restarted
            self.engine = "rules" if config.engine == "auto" else None

    def _engine(self) -> str:
        if self.engine is None:
            raise ApiError(503, f"no model to answer with: {self.model_error}")
        return self.engine

    def check_references(self, texts: list[str]):
        if len(texts) > self.limits.max_references:
            raise ApiError(413, f"{len(texts):,} references in one request; the limit is "
                                f"{self.limits.max_references:,}")
        for index, text in enumerate(texts):
            if len(text) > self.limits.max_chars:
                raise ApiError(413, f"reference {index} has {len(text):,} characters; the "
                                    f"limit is {self.limits.max_chars:,}")

    def parse(self, texts: list[str]) -> list:
        """One Reference per text, in order (a bad one is an error record, not a failure)."""
        engine, deadline = self._engine(), Deadline(self.limits.time_limit)
        self.check_references(texts)
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
        if len(found) > self.limits.max_references:
            raise ApiError(413, f"{len(found):,} references found; the limit is "
                                f"{self.limits.max_references:,}")
        refs = []
        for item in found:
            deadline.check()
            ref = parse_safely(item.raw[:self.limits.max_chars], engine, self.config.model)
            ref.partial = item.partial
            ref.extra["start"], ref.extra["end"] = item.start, item.end
            refs.append(ref)
        return refs

    def find_pdf(self, data: bytes) -> list:
        """A PDF's references, through tagger.find once it reads PDFs (the `pdf` extra)."""
        engine = self._engine()
        if not data.startswith(b"%PDF-"):
            raise ApiError(400, "the body is not a PDF (it does not start with %PDF-)")
        pdf = _pdf_errors()
        if pdf is None:
            raise ApiError(415, "this reftag cannot read PDF input; send the text instead")
        try:
            refs = find_in_document(data, engine=engine, model=self.config.model)
        except (ImportError, pdf.MissingExtra):
            raise ApiError(415, "PDF input needs the pdf extra: pip install 'reftag[pdf]'") \
                from None
        except pdf.PdfError as error:  # damaged, encrypted, no text layer, too many pages
            raise ApiError(400, f"cannot read the PDF: {error}") from None
        if len(refs) > self.limits.max_references:
            raise ApiError(413, f"{len(refs):,} references found; the limit is "
                                f"{self.limits.max_references:,}")
        return refs

    def relabel(self, records) -> list:
        refs = relabel_all(records)
        if len(refs) > self.limits.max_references:
            raise ApiError(413, f"{len(refs):,} records in one request; the limit is "
                                f"{self.limits.max_references:,}")
        return refs

    def health(self) -> dict:
        status = "ok" if self.engine else "unavailable"
        return {"status": status, "engine": self.engine, "model": self.model_summary(),
                **({"model_error": self.model_error} if self.model_error else {})}

    def model_summary(self) -> dict | None:
        if self.manifest is None:
            return None
        gold = (self.manifest.get("scores") or {}).get("data/gold.jsonl", {})
        return {"path": str(load_model(self.config.model).path.name),
                "labels": [label for label in self.manifest.get("labels", []) if label != "O"],
                "feature_version": self.manifest.get("feature_version"),
                "core_micro_f1": gold.get("core_micro_f1")}

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


def _pdf_errors():
    """tagger.pdf's error classes, or None in a reftag without PDF input."""
    try:
        from ..pdf import errors
    except ImportError:
        return None
    return errors
