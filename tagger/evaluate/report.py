"""Evaluation results as text for a terminal, Markdown for the README, and JSON for scripts.

Every report names the exact command that produced it, so a number in the README can be
reproduced by running what is printed beside it.
"""

import json

from ..labels import CORE


def number(value: float) -> str:
    return f"{value:.3f}"


def percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def _table(header: list[str], rows: list[list[str]], right_from: int = 1) -> str:
    """Columns padded to their widest cell; the first `right_from` columns left-aligned."""
    widths = [max(len(str(row[i])) for row in [header, *rows]) for i in range(len(header))]
    lines = []
    for row in [header, *rows]:
        cells = [str(cell).ljust(width) if i < right_from else str(cell).rjust(width)
                 for i, (cell, width) in enumerate(zip(row, widths))]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def _score_rows(labels: dict) -> list[list[str]]:
    """label, precision, recall, F1, support: one row per label."""
    return [[label, number(s["precision"]), number(s["recall"]), number(s["f1"]),
             str(s["support"])] for label, s in labels.items()]


def text_report(result, command: str = "") -> str:
    """The default stdout report: field table, core summary, token scores, confusion matrix."""
    fields = result.fields
    core = fields["core"]
    parts = [
        f"{result.system} on {', '.join(result.data) or 'given records'} "
        f"({len(result.references)} references)",
        "",
        "Field-level exact match",
        _table(["label", "precision", "recall", "f1", "support"], _score_rows(fields["labels"])),
        "",
        f"core micro-F1 {number(core['f1'])} (precision {number(core['precision'])}, "
        f"recall {number(core['recall'])}; core = {', '.join(CORE)})",
        f"references with all core fields right: {percent(fields['all_core_correct'])}",
        "",
        *calibration_lines(result.calibration),
    ]
    tokens = result.tokens
    if tokens is None:
        parts += ["", "Token-level: not available (the predictions carry no tokens)"]
    else:
        parts += [
            "",
            f"Token-level (white-space tokens of the gold text): accuracy "
            f"{number(tokens['accuracy'])} over {tokens['tokens']} tokens",
            _table(["label", "precision", "recall", "f1", "support"],
                   _score_rows(tokens["labels"])),
            "",
            "Token confusion matrix (rows gold, columns predicted)",
            confusion_text(tokens["confusion"]),
        ]
    if command:
        parts += ["", f"command: {command}"]
    return "\n".join(parts) + "\n"


def calibration_lines(calibration: dict, markdown: bool = False) -> list[str]:
    """ECE, Brier and how confidence ranks errors, then the reliability table (equal-width)."""
    c = calibration
    if not c["available"]:
        return [f"Calibration of confidence: not available ({c['reason']})."]
    left_out = c.get("without_confidence")
    least = c["errors_in_least_confident"]
    ranking = (f"AUROC {_maybe(c['auroc'])}; the least confident 10% of references hold "
               f"{_maybe(least['0.1'], percent)} of the {c['errors']} wrong ones, "
               f"the least confident 20% {_maybe(least['0.2'], percent)}.")
    lines = [
        f"Calibration of confidence against all core fields right ({c['n']} references"
        + (f", {left_out} without a confidence left out" if left_out else "") + "):",
        f"ECE {number(c['ece'])} ({c['bins']} equal-width bins; equal-mass: "
        f"{number(c['ece_equal_mass'])}), Brier {number(c['brier'])}, mean confidence "
        f"{number(c['mean_confidence'])}, accuracy {number(c['accuracy'])}.",
        f"Ranking errors: {ranking if c['errors'] else 'no reference is wrong.'}",
        "",
    ]
    header = ["confidence bin", "n", "mean confidence", "accuracy"]
    rows = [[bin_range(b, i == len(c["reliability"]) - 1), str(b["n"]),
             _maybe(b["confidence"]), _maybe(b["accuracy"])]
            for i, b in enumerate(c["reliability"])]
    if markdown:
        return lines + [f"| {' | '.join(header)} |", "|---|---:|---:|---:|",
                        *[f"| {' | '.join(row)} |" for row in rows]]
    return lines + [_table(header, rows)]


def bin_range(b: dict, last: bool) -> str:
    return f"[{b['low']:.1f}, {b['high']:.1f}{']' if last else ')'}"


def _maybe(value, show=number) -> str:
    return "—" if value is None else show(value)


def confusion_text(confusion: dict) -> str:
    """The matrix with columns headed by the labels' first five letters, zeros as dots."""
    names = confusion["labels"]
    header = ["gold \\ predicted", *[name[:5] for name in names]]
    rows = [[name, *[str(count) if count else "." for count in row]]
            for name, row in zip(names, confusion["matrix"])]
    return _table(header, rows)


def errors_text(result, n: int) -> str:
    """The references with the most wrong fields, each wrong field gold vs predicted."""
    worst = result.errors(n)
    if not worst:
        return "No wrong fields.\n"
    lines = [f"The {len(worst)} references with the most wrong fields"]
    for rank, ref in enumerate(worst, 1):
        wrong = ", ".join(ref["wrong"])
        lines += ["", f"[{rank}] {ref['id']}: {len(ref['wrong'])} wrong ({wrong})",
                  f"    {ref['text']}"]
        if ref.get("error"):
            lines.append(f"    error: {ref['error']}")
        for label in ref["wrong"]:
            lines.append(f"    {label:<16} gold: {_quoted(ref['gold'].get(label))}")
            lines.append(f"    {'':<16} pred: {_quoted(ref['predicted'].get(label))}")
    return "\n".join(lines) + "\n"


def _quoted(value) -> str:
    return "—" if not value else json.dumps(value, ensure_ascii=False)


def markdown_report(result, command: str) -> str:
    """A README-ready section: the command, then one table of field and token scores."""
    fields = result.fields
    core = fields["core"]
    lines = [
        f"Field-level exact match on {', '.join(result.data) or 'the given records'} "
        f"({len(result.references)} references), {result.system}:",
        "",
        "| label | precision | recall | F1 | support |",
        "|---|---:|---:|---:|---:|",
    ]
    rows = {row[0]: f"| {' | '.join(row)} |" for row in _score_rows(fields["labels"])}
    lines += [rows[label] for label in CORE if label in rows]
    lines.append(f"| **core micro** | {number(core['precision'])} | {number(core['recall'])} | "
                 f"**{number(core['f1'])}** | {core['tp'] + core['fn']} |")
    lines += [row for label, row in rows.items() if label not in CORE]
    lines += [
        "",
        f"All six core fields ({', '.join(CORE)}) right: {percent(fields['all_core_correct'])} "
        "of references.",
    ]
    if result.tokens is not None:
        lines.append(f"Token accuracy (white-space tokens): {number(result.tokens['accuracy'])}.")
    lines += ["", *calibration_lines(result.calibration, markdown=True)]
    lines += ["", "Produced with:", "", "```sh", command, "```"]
    return "\n".join(lines) + "\n"


def json_report(result, command: str, errors: int = 0) -> str:
    """The summary (and the worst references, if asked) as a JSON document."""
    summary = {"command": command, **result.summary()}
    if errors:
        summary["errors"] = [_error_entry(ref) for ref in result.errors(errors)]
    return json.dumps(summary, indent=2, ensure_ascii=False) + "\n"


def _error_entry(ref: dict) -> dict:
    return {"id": ref["id"], "text": ref["text"], "wrong": ref["wrong"],
            "gold": {label: ref["gold"].get(label) for label in ref["wrong"]},
            "predicted": {label: ref["predicted"].get(label) for label in ref["wrong"]}}


def compare_text(comparison: dict, markdown: bool = False) -> str:
    """Per-label F1 of A and B, their difference, and the paired bootstrap verdict."""
    header = ["label", "F1 A", "F1 B", "B − A"]
    rows = [[label, number(s["a"]), number(s["b"]), f"{s['delta']:+.3f}"]
            for label, s in comparison["labels"].items()]
    core, every = comparison["core_f1"], comparison["all_core_correct"]
    rows.append(["core micro", number(core["a"]), number(core["b"]), f"{core['delta']:+.3f}"])
    rows.append(["all core right", percent(every["a"]), percent(every["b"]),
                 f"{100 * every['delta']:+.1f} pts"])
    boot = comparison["bootstrap"]
    p_value = (f"p < {1 / boot['resamples']:.3f}" if boot["resamples"] and boot["p_value"] == 0
               else f"p = {boot['p_value']:.3f}")
    verdict = (f"paired bootstrap over references ({boot['resamples']} resamples, seed "
               f"{boot['seed']}): core micro-F1 B − A = {boot['delta']:+.4f}, 95% CI "
               f"[{boot['ci95'][0]:+.4f}, {boot['ci95'][1]:+.4f}], {p_value}")
    intro = (f"A = {comparison['a']} (compared with)\nB = {comparison['b']} (under test; "
             "B − A: how much better it is)")
    if markdown:
        table = [f"| {' | '.join(header)} |", "|---|---:|---:|---:|",
                 *[f"| {' | '.join(row)} |" for row in rows]]
        return "\n".join([intro.replace("\n", "  \n"), "", *table, "", verdict]) + "\n"
    return "\n".join([intro, "", _table(header, rows), "", verdict]) + "\n"


def cv_text(cv: dict, markdown: bool = False) -> str:
    """Mean ± standard deviation of each score over the folds."""
    def spread(s):
        return f"{s['mean']:.3f} ± {s['std']:.3f}"

    header = ["label", "F1 mean ± sd"]
    rows = [[label, spread(s)] for label, s in cv["labels"].items()]
    every = cv["all_core_correct"]
    rows += [["core micro", spread(cv["core_f1"])],
             ["all core right", f"{percent(every['mean'])} ± {100 * every['std']:.1f}"],
             ["token accuracy", spread(cv["token_accuracy"])]]
    intro = (f"{cv['k']}-fold cross-validation over {cv['references']} references "
             f"(fold seed {cv['seed']})")
    calibration = cv.get("calibration")
    if calibration and calibration["available"]:
        rows.append(["confidence ECE (pooled)", number(calibration["ece"])])
    if markdown:
        table = ["| label | F1 mean ± sd |", "|---|---:|", *[f"| {a} | {b} |" for a, b in rows]]
        return "\n".join([intro, "", *table]) + "\n"
    return "\n".join([intro, "", _table(header, rows)]) + "\n"
