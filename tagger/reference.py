"""The result record: one parsed reference, as DESIGN.md's output contract describes it."""

from dataclasses import dataclass, field


@dataclass
class Reference:
    raw: str
    fields: dict = field(default_factory=dict)
    tokens: list = field(default_factory=list)  # [{"text", "start", "end", "label", "p"}]
    confidence: float = 0.0
    engine: str = "none"  # "crf", "rules", or "none" when nothing could be parsed
    authors: list = field(default_factory=list)
    type: str | None = None
    error: str | None = None
    partial: bool = False  # cut off at the edge of a pasted list (find)
    extra: dict = field(default_factory=dict)  # further structured values (tagger.structure)

    def to_dict(self) -> dict:
        out = {
            "raw": self.raw,
            "fields": self.fields,
            "authors": self.authors,
            "type": self.type,
            "tokens": self.tokens,
            "confidence": self.confidence,
            "engine": self.engine,
        }
        out.update(self.extra)
        if self.partial:
            out["partial"] = True
        if self.error is not None:
            out["error"] = self.error
        return out

    def to_csl(self) -> dict:
        from .formats import to_csl

        return to_csl(self)

    def to_bibtex(self) -> str:
        from .formats import to_bibtex

        return to_bibtex([self])
