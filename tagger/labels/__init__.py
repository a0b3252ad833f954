"""The label set: one vocabulary shared by data, models, rules and evaluation.

The package also holds `fields`, the one passage between labelled tokens and field strings
(and from annotated spans back to labelled tokens) that training, parsing, evaluation and
the output all go through.
"""

CORE = ("author", "title", "venue", "year", "pages", "doi")

EXTENDED = (
    "citation-number", "editor", "translator", "volume", "issue", "publisher",
    "location", "edition", "series", "genre", "url", "isbn", "arxiv", "note",
)

LABELS = CORE + EXTENDED

# Token label for text outside every field (separating punctuation, stray words).
OTHER = "O"

# A model may give a field's first token a state of its own ("B-title"), so the CRF learns
# where a field begins apart from how it goes on; tokens, fields and scores see the field.
BEGIN = "B-"


def field_of(state: str) -> str:
    """The label a model state stands for ("B-title" → "title")."""
    return state[len(BEGIN):] if state.startswith(BEGIN) else state


def states_by_label(states) -> dict[str, list[int]]:
    """The positions in `states` of each label's states (its "B-" one too, where it has one)."""
    grouped: dict[str, list[int]] = {}
    for j, state in enumerate(states):
        grouped.setdefault(field_of(state), []).append(j)
    return grouped

# AnyStyle's element names mapped onto ours (docs/design.md "Labels").
ANYSTYLE_TO_LABEL = {
    "journal": "venue",
    "container-title": "venue",
    "date": "year",
    "collection-title": "series",
    "director": "note",
    "producer": "note",
    "medium": "note",
    "source": "note",
    "scale": "note",
    **{label: label for label in LABELS if label not in ("venue", "year", "series")},
}

# Our labels written back as AnyStyle elements, so `reftag label` output reads in AnyStyle
# (`issue` has no AnyStyle element; AnyStyle ignores it and our reader takes it back).
LABEL_TO_ANYSTYLE = {
    "venue": "container-title",
    "year": "date",
    "series": "collection-title",
    **{label: label for label in LABELS if label not in ("venue", "year", "series")},
}
