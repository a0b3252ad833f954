"""reftag: tag the fields of bibliographic references.

    from tagger import parse, find
    ref = parse("Romero J, Yin JQ. Accelerating ... 2022. 1027–1040.")
    ref.fields["year"], ref.to_dict()
"""

from .parse import parse, parse_many
from .reference import Reference

__all__ = ["Reference", "find", "parse", "parse_many"]


def find(text: str, engine: str = "auto", model=None) -> list[Reference]:
    """Split a document or pasted reference list into references, then parse each.

    Each Reference also carries its `start`/`end` offsets in `text` and `partial` when the
    paste cut it off.
    """
    from .finder import find_references

    return find_references(text, engine=engine, model=model)
