"""The HTML report: score tables, the token confusion matrix as a heat map, and the worst
references with gold and predicted spans highlighted side by side.

The heat map is a PNG drawn with matplotlib (the optional `report` extra); without it the
matrix is a table whose cells are shaded with CSS, so the page never needs more than Python.
"""

from html import escape
from pathlib import Path

from ..labels import LABELS, OTHER
from .report import number, percent

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em; max-width: 80em; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #ccc; padding: .25em .5em; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
.ref td { vertical-align: top; width: 50%; line-height: 1.8; }
mark { border-radius: 3px; padding: 0 .1em; }
mark::after { content: attr(title); font-size: 60%; vertical-align: sub; color: #555; }
code { font-size: 90%; }
"""


def label_colour(label: str) -> str:
    """A fixed, distinct pastel per label (golden-angle hues)."""
    index = LABELS.index(label) if label in LABELS else len(LABELS) + sum(map(ord, label)) % 7
    return f"hsl({index * 137.5 % 360:.0f}, 75%, 82%)"


def highlighted(text: str, spans) -> str:
    """`text` as HTML with each labelled span in a coloured <mark> titled with its label."""
    owners = [OTHER] * len(text)
    for start, end, label in spans:
        owners[start:end] = [label] * (max(0, min(end, len(text)) - start))
    for i in range(1, len(text) - 1):  # one mark per field, not per token
        if text[i].isspace() and owners[i - 1] != OTHER and owners[i - 1] == owners[i + 1]:
            owners[i] = owners[i - 1]
    pieces, start = [], 0
    for i in range(1, len(text) + 1):
        if i == len(text) or owners[i] != owners[start]:
            chunk, label = escape(text[start:i]), owners[start]
            pieces.append(chunk if label == OTHER else
                          f'<mark style="background:{label_colour(label)}" '
                          f'title="{escape(label)}">{chunk}</mark>')
            start = i
    return "".join(pieces)


def heat_map_png(confusion: dict, path: Path) -> bool:
    """Draw the row-normalized confusion matrix to `path`; False when matplotlib is missing."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    names, matrix = confusion["labels"], confusion["matrix"]
    shares = [[count / (sum(row) or 1) for count in row] for row in matrix]
    size = 1.5 + 0.45 * len(names)
    figure, axes = plt.subplots(figsize=(size + 1.5, size))
    image = axes.imshow(shares, cmap="Blues", vmin=0, vmax=1)
    axes.set_xticks(range(len(names)), names, rotation=60, ha="right")
    axes.set_yticks(range(len(names)), names)
    axes.set_xlabel("predicted")
    axes.set_ylabel("gold")
    for row, counts in enumerate(matrix):
        for column, count in enumerate(counts):
            if count:
                axes.text(column, row, str(count), ha="center", va="center", fontsize=6,
                          color="white" if shares[row][column] > 0.5 else "black")
    figure.colorbar(image, ax=axes, label="share of the gold row")
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)
    return True


def _css_heat_table(confusion: dict) -> str:
    names, matrix = confusion["labels"], confusion["matrix"]
    head = "".join(f"<th>{escape(name)}</th>" for name in names)
    rows = []
    for name, counts in zip(names, matrix):
        total = sum(counts) or 1
        cells = "".join(
            f'<td class="n" style="background:rgba(30,90,200,{count / total:.2f})">'
            f"{count or ''}</td>" for count in counts)
        rows.append(f"<tr><th>{escape(name)}</th>{cells}</tr>")
    return (f"<table><tr><th>gold \\ predicted</th>{head}</tr>{''.join(rows)}</table>")


def _score_table(labels: dict) -> str:
    rows = "".join(
        f"<tr><td>{escape(label)}</td><td class=n>{number(s['precision'])}</td>"
        f"<td class=n>{number(s['recall'])}</td><td class=n>{number(s['f1'])}</td>"
        f"<td class=n>{s['support']}</td></tr>" for label, s in labels.items())
    return ("<table><tr><th>label</th><th>precision</th><th>recall</th><th>F1</th>"
            f"<th>support</th></tr>{rows}</table>")


def _worst_section(result, n: int) -> str:
    blocks = []
    for rank, ref in enumerate(result.errors(n), 1):
        wrong_rows = "".join(
            f"<tr><td>{escape(label)}</td><td>{escape(ref['gold'].get(label, '—'))}</td>"
            f"<td>{escape(ref['predicted'].get(label, '—'))}</td></tr>" for label in ref["wrong"])
        blocks.append(
            f"<h3>{rank}. {escape(ref['id'])} — {len(ref['wrong'])} wrong</h3>"
            '<table class="ref"><tr><th>gold</th><th>predicted</th></tr><tr>'
            f"<td>{highlighted(ref['text'], ref['gold_spans'])}</td>"
            f"<td>{highlighted(ref['text'], ref['predicted_spans'])}</td></tr></table>"
            "<table><tr><th>field</th><th>gold</th><th>predicted</th></tr>"
            f"{wrong_rows}</table>")
    return "".join(blocks) or "<p>No wrong fields.</p>"


def write_html(result, command: str, out_dir, errors: int = 20) -> Path:
    """Write report.html (and confusion.png when matplotlib is there) into `out_dir`."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    fields, core = result.fields, result.fields["core"]
    parts = [
        f"<!doctype html><html><head><meta charset='utf-8'><title>reftag evaluation</title>"
        f"<style>{_STYLE}</style></head><body>",
        "<h1>reftag evaluation</h1>",
        f"<p>{escape(result.system)} on {escape(', '.join(result.data) or 'given records')} "
        f"({len(result.references)} references).<br>Command: <code>{escape(command)}</code></p>",
        "<h2>Fields (exact match after normalization)</h2>",
        f"<p>Core micro-F1 <b>{number(core['f1'])}</b> (precision "
        f"{number(core['precision'])}, recall {number(core['recall'])}); all core fields right "
        f"in {percent(fields['all_core_correct'])} of references.</p>",
        _score_table(fields["labels"]),
    ]
    if result.tokens is not None:
        tokens = result.tokens
        if heat_map_png(tokens["confusion"], out_dir / "confusion.png"):
            matrix = '<img src="confusion.png" alt="token confusion matrix">'
        else:
            matrix = _css_heat_table(tokens["confusion"])
        parts += [
            "<h2>Tokens (white-space tokens of the gold text)</h2>",
            f"<p>Accuracy {number(tokens['accuracy'])} over {tokens['tokens']} tokens.</p>",
            _score_table(tokens["labels"]),
            "<h3>Confusion matrix (rows gold, columns predicted)</h3>",
            matrix,
        ]
    legend = " ".join(f'<mark style="background:{label_colour(label)}" title="">{label}</mark>'
                      for label in LABELS)
    parts += [f"<h2>The references with the most wrong fields</h2><p>{legend}</p>",
              _worst_section(result, errors), "</body></html>"]
    path = out_dir / "report.html"
    path.write_text("\n".join(parts), encoding="utf-8")
    return path
