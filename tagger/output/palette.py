"""One colour per label, shared by the terminal view and the web page so a field looks the
same wherever a person reads it. Colours are chosen to stay distinct on light and dark
backgrounds; `O` (unlabelled) has none."""

LABEL_COLORS = {
    "author": "#1f77b4",
    "editor": "#4a90c2",
    "translator": "#6baed6",
    "title": "#2ca02c",
    "venue": "#d62728",
    "series": "#e377c2",
    "year": "#9467bd",
    "volume": "#ff7f0e",
    "issue": "#f5a623",
    "pages": "#8c564b",
    "doi": "#17becf",
    "url": "#0e8f9c",
    "arxiv": "#12a37f",
    "isbn": "#5f9ea0",
    "publisher": "#bcbd22",
    "location": "#8a8a2e",
    "edition": "#c49c94",
    "genre": "#7f7f7f",
    "citation-number": "#999999",
    "note": "#a0522d",
}
