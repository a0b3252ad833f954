"""Annotated data in and out: the readers and writers of the corpora the models learn from.

corpus reads and writes AnyStyle XML, the project's JSONL spans and CoNLL columns; tei reads
GROBID's citation TEI and layout_tei its layout TEI (whole papers and reference sections, as
lines); ttx reads AnyStyle's finder documents (a label a line); conventions brings corpora
annotated under different rules to one; sources holds what the readers share. Every reader
of references gives plain records, {"id", "text", "spans"}.
"""
