"""What every corpus reader shares: its error type, and where an XML corpus comes from."""

from pathlib import Path


class CorpusError(ValueError):
    """A training or evaluation file that cannot be read as it stands."""


def xml_source(source):
    """(name for messages, data to parse): a path is read by the parser, XML text is parsed."""
    if isinstance(source, bytes):
        return "<string>", source
    if isinstance(source, str) and source.lstrip().startswith("<"):
        return "<string>", source
    path = Path(source)
    if not path.is_file():
        raise CorpusError(f"{path}: no such file")
    return str(path), path
