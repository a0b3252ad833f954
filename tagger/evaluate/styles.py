"""The style table: the shipped engines scored on every annotated set the repository holds.

Gains in one style can cost another unnoticed; this table watches them all. Each set is
scored once per engine (core micro-F1 and the share of references with every core field
right) and the table is kept as a baseline, docs/results/styles.json (+ .md beside it).
tests/test_styles.py scores the guarded engine afresh and fails when a set falls below the
baseline by more than `tolerance(n)`. A commit that lowers a set must rewrite the baseline,
and the writer asks why: each fall becomes a `changes` entry with its `reason`; the test
checks that every set below its start value (`start`: the values when the table began,
issue 46) has such an entry.

    reftag evaluate --styles                     # score, print, compare with the baseline
    reftag evaluate --styles --write-baseline [--reason "why a set fell"]
"""

import json
import sys
from pathlib import Path

from ..labels import CORE

REPO = Path(__file__).resolve().parents[2]
BASELINE = Path("docs/results/styles.json")
ENGINES = ("auto", "crf", "rules")
GUARDED = ("auto",)  # scored by the test on every set; the others are recorded beside it
# The sets, as globs under the repository; a file with a "family" field on its records is one
# set per family.
SET_GLOBS = ("data/gold.jsonl", "data/core.jsonl", "data/good.jsonl", "data/bad.jsonl",
             "data/ugly.jsonl", "data/grobid/*.jsonl", "data/synth/*.jsonl",
             "data/augmented/*.jsonl", "data/families/*.jsonl", "tests/data/families.jsonl")


def annotated_sets(root: Path = REPO) -> dict[str, dict]:
    """{name: {"path", "records"}}: "gold", "grobid/cs-bio", "families/law", ... in a fixed order."""
    from ..corpora.corpus import load

    sets = {}
    for pattern in SET_GLOBS:
        for path in sorted(root.glob(pattern)):
            records = load(path)
            relative = path.relative_to(root).as_posix()
            if any("family" in record for record in records):
                for record in records:
                    family = record.get("family", path.stem)
                    sets.setdefault(f"families/{family}", {"path": relative, "records": []})
                    sets[f"families/{family}"]["records"].append(record)
            else:
                name = relative.removeprefix("data/").removesuffix(".jsonl")
                sets[name] = {"path": relative, "records": records}
    return sets


def trained_on(model=None) -> set[str]:
    """The files the model's training read (its manifest), so a score there reads as a bound."""
    from ..crf.model import DEFAULT_MODEL, manifest_path

    path = manifest_path(Path(model) if model else DEFAULT_MODEL)
    try:
        return set(json.loads(path.read_text(encoding="utf-8"))["training"]["files"])
    except (OSError, ValueError, KeyError):
        return set()


def score_sets(sets: dict, engines=ENGINES, model=None, say=None) -> dict[str, dict]:
    """{name: {"path", "n", "trained_on", engine: {"core_f1", "all_core_correct"}}}; `say`
    is told which set is being scored (the run takes minutes)."""
    from . import evaluate

    seen = trained_on(model)
    table = {}
    for number, (name, entry) in enumerate(sets.items(), 1):
        if say is not None:
            say(f"scoring {name} ({len(entry['records'])} references; set {number} of "
                f"{len(sets)}) ...")
        row = {"path": entry["path"], "n": len(entry["records"]),
               "trained_on": entry["path"] in seen}
        for engine in engines:
            result = evaluate(entry["records"], engine=engine, model=model)
            row[engine] = {"core_f1": round(result.core_f1, 4),
                           "all_core_correct": round(result.fields["all_core_correct"], 4)}
        table[name] = row
    return table


def tolerance(n: int) -> float:
    """How far a set may fall unremarked: 0.005 core micro-F1, or one reference of a small set."""
    return max(0.005, 1 / n) if n else 0.005


def falls(before: dict, now: dict, engines=ENGINES) -> list[dict]:
    """Sets of `now` scored lower than in `before` by more than their tolerance."""
    found = []
    for name, row in now.items():
        old = before.get(name)
        for engine in engines:
            if old is None or engine not in old or engine not in row:
                continue
            was, is_ = old[engine]["core_f1"], row[engine]["core_f1"]
            if is_ < was - tolerance(row["n"]):
                found.append({"set": name, "engine": engine, "from": was, "to": is_})
    return found


def unexplained(baseline: dict) -> list[str]:
    """Sets below their start value with no `changes` entry saying why they are there."""
    reasons = [c for c in baseline.get("changes", []) if str(c.get("reason", "")).strip()]
    found = []
    for name, row in baseline["sets"].items():
        for engine, start in baseline.get("start", {}).get(name, {}).items():
            value = row.get(engine, {}).get("core_f1")
            slack = tolerance(row["n"])
            if value is not None and value < start - slack and not any(
                    c["set"] == name and c["engine"] == engine and c["to"] <= value + slack
                    for c in reasons):
                found.append(f"{name} {engine}: {value:.4f} against {start:.4f} at the start")
    return found


def read_baseline(path: Path = REPO / BASELINE) -> dict:
    return json.loads(Path(path).read_text(encoding="utf-8"))


def new_baseline(table: dict, previous: dict | None, reason: str = "", engines=ENGINES,
                 command: str = "", model=None) -> dict:
    """The baseline to write: `table`, the start values kept (a new set starts where it is
    first scored), and each fall against `previous` logged in `changes` with `reason`."""
    from ..crf.model import DEFAULT_MODEL, file_sha256

    previous = previous or {"sets": {}, "start": {}, "changes": []}
    start = {name: values for name, values in previous.get("start", {}).items() if name in table}
    for name, row in table.items():
        start.setdefault(name, {engine: row[engine]["core_f1"] for engine in engines if engine in row})
    changes = previous.get("changes", []) + [{**fall, "reason": reason.strip()}
                                             for fall in falls(previous["sets"], table, engines)]
    return {"about": " ".join(__doc__.split("\n\n")[0].split()),
            "command": command or "reftag evaluate --styles --write-baseline",
            "model_sha256": file_sha256(model or DEFAULT_MODEL), "core_labels": list(CORE),
            "engines": list(engines), "guarded": list(GUARDED),
            "sets": table, "start": start, "changes": changes}


def markdown(baseline: dict) -> str:
    """The table as Markdown: a row per set, core micro-F1 per engine beside the start value."""
    engines = baseline["engines"]
    header = ["set", "n", "trained on"] + [f"{e} F1" for e in engines] + \
             [f"{engines[0]} all core right", f"{engines[0]} at start"]
    lines = ["| " + " | ".join(header) + " |",
             "|---|---:|---|" + "---:|" * (len(engines) + 2)]
    for name, row in baseline["sets"].items():
        cells = [name, str(row["n"]), "yes" if row["trained_on"] else ""]
        cells += [f"{row[e]['core_f1']:.4f}" for e in engines]
        cells.append(f"{100 * row[engines[0]]['all_core_correct']:.1f}%")
        start = baseline["start"].get(name, {}).get(engines[0])
        cells.append(f"{start:.4f}" if start is not None else "")
        lines.append("| " + " | ".join(cells) + " |")
    notes = [f"- {c['set']} {c['engine']} {c['from']:.4f} → {c['to']:.4f}: {c['reason']}"
             for c in baseline["changes"]]
    return ("# Style table\n\nCore micro-F1 of the shipped engines on every annotated set in the "
            "repository (a set the model trained on gives an upper bound, not a measure).\n"
            f"Produced with `{baseline['command']}`; model sha256 "
            f"{baseline['model_sha256'][:12]}.\n\n" + "\n".join(lines) + "\n"
            + ("\n## Falls, and why\n\n" + "\n".join(notes) + "\n" if notes else ""))


def write_baseline(baseline: dict, path: Path = REPO / BASELINE) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(baseline, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    path.with_suffix(".md").write_text(markdown(baseline), encoding="utf-8")


def run(write: bool = False, reason: str = "", engines=ENGINES, model=None,
        root: Path = REPO, command: str = "", quiet: bool = False) -> int:
    """The command: score every set and print the table; with `write`, rewrite the baseline.
    1 when a set fell and the baseline was not rewritten, or a fall came without a reason."""
    path = root / BASELINE
    previous = read_baseline(path) if path.exists() else None
    say = None if quiet else (lambda line: print(line, file=sys.stderr, flush=True))
    table = score_sets(annotated_sets(root), engines, model, say)
    dropped = falls(previous["sets"], table, engines) if previous else []
    for fall in dropped:
        print(f"falls: {fall['set']} {fall['engine']} {fall['from']:.4f} → {fall['to']:.4f}",
              file=sys.stderr)
    if write and dropped and not reason.strip():
        print("reftag: sets fall; say why with --reason", file=sys.stderr)
        return 1
    baseline = new_baseline(table, previous, reason, engines, command, model)
    if not write:
        sys.stdout.write(markdown(baseline))
        return 1 if dropped else 0
    write_baseline(baseline, path)
    print(f"wrote {path} and {path.with_suffix('.md')}", file=sys.stderr)
    return 0
