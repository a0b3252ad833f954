"""What the record tests ask of a reference: its fields as `parse` reads them, and its words
as `auto`'s checks see them (tokenized)."""

from tagger import parse
from tagger.text.tokenize import tokenize


def fields(text, engine="auto"):
    return parse(text, engine=engine).fields


def words_of(text):
    return [token.text for token in tokenize(text)]
