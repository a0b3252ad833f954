"""What every corpus reader shares: its error type, and where an XML corpus comes from."""

from pathlib import Path
from xml.parsers import expat


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


def run_parser(parser, name: str, data, start, text, end) -> None:
    """Feed `data` (a path or XML text, from xml_source) to an expat parser with these
    handlers; malformed XML is a CorpusError naming the file and line."""
    parser.StartElementHandler = start
    parser.CharacterDataHandler = text
    parser.EndElementHandler = end
    try:
        if isinstance(data, Path):
            with open(data, "rb") as handle:
                parser.ParseFile(handle)
        else:
            parser.Parse(data, True)
    except expat.ExpatError as error:
        message = expat.errors.messages[error.code]
        raise CorpusError(f"{name}:{error.lineno}: malformed XML: {message}") from None
