"""The names a record's keys take, in one place: Reference.annotate refuses them for added keys,
and the formats read only the structured ones."""

# The record's own keys (to_dict's), and the structured values tagger.structure and tagger.parse
# put in `extra`. A key that find adds later (`annotate`: offsets, the PDF page) takes none of
# these names, so it can never overwrite a value the formats read: a PDF's page number once
# took the name of the page range `page`, and BibTeX failed on it.
RECORD_KEYS = frozenset({"raw", "fields", "authors", "type", "tokens", "confidence", "engine",
                         "partial", "error"})
STRUCTURED_KEYS = frozenset({
    "editors", "translators", "issued", "accessed", "status", "page", "number_of_pages",
    "volume", "issue", "part", "edition", "doi", "url", "arxiv", "isbn", "issn", "pmid",
    "pmcid", "handle", "authors_et_al", "editors_et_al", "translators_et_al",
    "authors_same_as_previous", "not_reference"})
RESERVED_KEYS = RECORD_KEYS | STRUCTURED_KEYS
