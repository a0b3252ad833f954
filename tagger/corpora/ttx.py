"""Read AnyStyle's finder documents (.ttx): one line of text a row, labelled.

Each row is a label column, "| ", then the line as the document has it. A row with an
empty label continues the label above.
"""

LINE_LABELS = ("ref", "text", "meta", "title", "blank")


def read_ttx(path) -> tuple:
    """Return (document text, one label per line) for a .ttx file."""
    texts, labels = [], []
    label = "text"
    with open(path, encoding="utf-8", newline="") as handle:
        rows = handle.read().split("\n")
    for row in rows:
        row = row.replace("\r", " ")  # stray carriage returns inside a line are not line ends
        bar = row.find("|")
        if bar < 0:
            if not row.strip():
                continue
            bar = len(row)
        label = row[:bar].strip() or label
        texts.append(row[bar + 2 :] if len(row) > bar + 1 else "")
        labels.append(label)
    return "\n".join(texts), labels
