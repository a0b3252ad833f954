"""The HTML report: score tables, the token confusion matrix as a heat map, the reliability
plot of `confidence`, and the worst references with gold and predicted spans highlighted side
by side.

The heat map is a PNG drawn with matplotlib (the optional `report` extra); without it the
matrix is a table whose cells are shaded with CSS, so the page never needs more than Python.
"""

from html import escape
from pathlib import Path

from ..labels import LABELS, OTHER
from .report import bin_range, calibration_lines, number, percent

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em; max-width: 80em; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #ccc; padding: .25em .5em; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
.ref td { vertical-align: top; width: 50%; line-height: 1.8; }
mark { border-radius: 3px; padding: 0 .1em; }
mark::after { content: attr(title); font-size: 60%; vertical-align: sub; color: #555; }
code { font-size: 90%; }
.side { display: flex; gap: 2em; align-items: flex-start; }
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


def reliability_svg(calibration: dict) -> str:
    """Accuracy per equal-width confidence bin as bars against the diagonal of perfect
    calibration, each bar's mean confidence as a tick across it, and the bin counts on top:
    inline SVG, so the page needs nothing else."""
    left, top, size = 48, 34, 260  # the plot is a `size` square; margins for labels

    def x(value):
        return left + value * size

    def y(value):
        return top + (1 - value) * size

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="reliability" '
             f'width="{left + size + 16}" height="{top + size + 44}" font-size="10" '
             f'font-family="sans-serif"><title>reliability plot</title>',
             f'<text x="{left - 4}" y="{top - 8}" text-anchor="end">n</text>']
    for tick in range(6):
        value = tick / 5
        parts += [f'<line x1="{x(0)}" y1="{y(value)}" x2="{x(1)}" y2="{y(value)}" stroke="#eee"/>',
                  f'<text x="{left - 4}" y="{y(value) + 3}" text-anchor="end">{value:.1f}</text>',
                  f'<text x="{x(value)}" y="{y(0) + 14}" text-anchor="middle">{value:.1f}</text>']
    for b in calibration["reliability"]:
        low, high, middle = x(b["low"]), x(b["high"]), x((b["low"] + b["high"]) / 2)
        parts.append(f'<text x="{middle}" y="{top - 8}" text-anchor="middle" '
                     f'fill="{"#000" if b["n"] else "#aaa"}">{b["n"]}</text>')
        if not b["n"]:
            continue
        tip = (f'[{b["low"]:.1f}, {b["high"]:.1f}]: {b["n"]} references, mean confidence '
               f'{b["confidence"]:.3f}, accuracy {b["accuracy"]:.3f}')
        parts += [f'<rect x="{low + 1}" y="{y(b["accuracy"])}" width="{high - low - 2}" '
                  f'height="{y(0) - y(b["accuracy"])}" fill="#6a9fd8"><title>{tip}</title></rect>',
                  f'<line x1="{low + 1}" y1="{y(b["confidence"])}" x2="{high - 1}" '
                  f'y2="{y(b["confidence"])}" stroke="#c0392b" stroke-width="2"/>']
    parts += [f'<line x1="{x(0)}" y1="{y(0)}" x2="{x(1)}" y2="{y(1)}" stroke="#555" '
              f'stroke-dasharray="4 3"><title>perfect calibration</title></line>',
              f'<rect x="{x(0)}" y="{y(1)}" width="{size}" height="{size}" fill="none" '
              f'stroke="#888"/>',
              f'<text x="{x(0.5)}" y="{y(0) + 30}" text-anchor="middle">confidence</text>',
              f'<text transform="translate(12 {y(0.5)}) rotate(-90)" text-anchor="middle">'
              f'share with all core fields right</text>',
              "</svg>"]
    return "".join(parts)


def _calibration_section(calibration: dict) -> str:
    lines = calibration_lines(calibration)
    if not calibration["available"]:
        return f"<h2>Confidence calibration</h2><p>{escape(lines[0])}</p>"
    summary = "<br>".join(escape(line) for line in lines[:3])
    bins = calibration["reliability"]
    rows = "".join(
        f"<tr><td>{bin_range(b, i == len(bins) - 1)}</td><td class=n>{b['n']}</td>"
        f"<td class=n>{_maybe(b['confidence'])}</td><td class=n>{_maybe(b['accuracy'])}</td></tr>"
        for i, b in enumerate(bins))
    return ("<h2>Confidence calibration</h2>"
            f"<p>{summary}</p>"
            "<p>Bars: the share of references with all core fields right in each confidence "
            "bin; red ticks: the bin's mean confidence; dashed: perfect calibration; on top: "
            "the number of references in each bin.</p>"
            f'<div class="side">{reliability_svg(calibration)}'
            "<table><tr><th>confidence bin</th><th>n</th><th>mean confidence</th>"
            f"<th>accuracy</th></tr>{rows}</table></div>")


def _maybe(value) -> str:
    return "—" if value is None else number(value)


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
        _calibration_section(result.calibration),
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
