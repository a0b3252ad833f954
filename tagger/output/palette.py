"""One colour per label, shared by the terminal view and the web page so a field looks the
same wherever a person reads it; `O` (unlabelled) has none.

The colours are Paul Tol's and Okabe & Ito's colour-blind-safe sets, assigned so that labels
which sit side by side in a reference (author/editor/translator, venue/volume/pages, title/venue,
…) stay apart by lightness as well as hue: tests/test_palette.py checks CIEDE2000 distances
under simulated protanopia, deuteranopia and tritanopia, and the contrast of the page's text on
each colour in its light and dark themes: a new colour has to pass it."""

LABEL_COLORS = {
    "author": "#ee99aa",
    "editor": "#994455",
    "translator": "#56b4e9",
    "title": "#aa4499",
    "venue": "#ee8866",
    "series": "#999933",
    "year": "#228833",
    "volume": "#882255",
    "issue": "#6699cc",
    "pages": "#88ccee",
    "doi": "#ccbb44",
    "url": "#bb5566",
    "arxiv": "#cc79a7",
    "isbn": "#332288",
    "publisher": "#ee6677",
    "location": "#0072b2",
    "edition": "#44bb99",
    "genre": "#bbbbbb",
    "citation-number": "#777777",
    "note": "#117733",
}
