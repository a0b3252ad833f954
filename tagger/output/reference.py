"""The result record: one parsed reference, as DESIGN.md's output contract describes it."""

from dataclasses import dataclass, field

from .keys import RESERVED_KEYS


@dataclass(repr=False)
class Reference:
    """One parsed reference: the JSON record of the output contract (`to_dict()`).

    Attributes:

    - `raw`: the reference's text as given (after `find`'s segmentation, before any repair).
    - `fields`: label → that field's text as it stands in `raw`, white space collapsed and the
      punctuation around it trimmed, e.g. `{"author": "Smith J, Jones A", "year": "2020"}`;
      several spans of one label are joined with a space.
    - `tokens`: every token, `{"text", "start", "end", "label", "p"}`: its offsets in `raw`,
      its label (`O` for none) and the probability the engine gives that label.
    - `confidence`: the mean of the tokens' `p`, 0 to 1: how sure the engine is of the whole.
    - `engine`: what answered: `"crf"`, `"rules"`, `"crf+rules"` (`auto`: the CRF with the
      rules' labels as evidence), `"bibtex"` (an entry read as such), or `"none"` when
      nothing could be parsed.
    - `authors`: the author field split into people, `{"family", "given"}` each (or
      `{"literal"}` for a group).
    - `type`: the CSL type guessed for the work (`"article-journal"`, `"book"`, …), or None.
    - `error`: why the reference could not be parsed (e.g. `"empty reference"`), else None.
    - `partial`: `find` found it cut off at an edge of the pasted text.
    - `extra`: the structured values (`issued`, `page` the page range, `doi`, …), the
      `not_reference` mark, and what `find` adds through `annotate`: `start`, `end` and a
      PDF's `pdf_page`.

    `to_bibtex()` and `to_csl()` write no entry for a record that failed or is no reference:
    the one a `%` comment saying so, the other None.
    """

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

    def __repr__(self) -> str:
        """Short: the engine, confidence and fields (each cut to a few words), not every
        token; to_dict() has it all."""
        if self.error is not None:
            return f"<Reference error={self.error!r} raw={_cut(self.raw)!r}>"
        fields = " ".join(f"{label}={_cut(value)!r}" for label, value in self.fields.items())
        marks = "".join(f" {key}" for key in ("partial", "not_reference")
                        if getattr(self, key, False) or self.extra.get(key))
        return (f"<Reference {self.engine} {self.confidence:.2f} {fields or '(no fields)'} "
                f"({len(self.tokens)} tokens){marks}>")

    @property
    def not_reference(self) -> bool:
        """The text does not look like a reference at all (tagger.text.likeness)."""
        return bool((self.extra or {}).get("not_reference"))

    def annotate(self, **keys) -> None:
        """Add what the caller knows beyond the text: where `find` found the reference
        (`start`, `end`, a PDF's `pdf_page`). A name of the record or of a structured value
        is refused (ValueError): the added key would overwrite what the formats read."""
        taken = RESERVED_KEYS.intersection(keys)
        if taken:
            raise ValueError(f"{', '.join(sorted(taken))}: the name of a field of the record; "
                             "an added key needs a name of its own (a PDF's page is pdf_page)")
        self.extra.update(keys)

    def to_dict(self) -> dict:
        """The JSON record of the output contract: the attributes, with `extra`'s keys at
        the top level and `partial` and `error` only when set."""
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

    def to_csl(self) -> dict | None:
        """The CSL-JSON item; None for a record that failed, is no reference or holds nothing
        to write (JSON has no comment to say so in, and an empty item would pass for one)."""
        from .formats import _csl_item, left_out

        return None if left_out(self) else _csl_item(self, set())

    def to_bibtex(self) -> str:
        """The BibTeX entry; for a record that is no reference or failed, a `%` comment that
        says so instead of an empty entry."""
        from .formats import to_bibtex

        return to_bibtex([self])


def _cut(value, width: int = 40) -> str:
    value = " ".join(str(value).split())
    return value if len(value) <= width else value[:width - 1] + "…"
