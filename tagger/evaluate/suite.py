"""The development suite: one table that decides whether a change helps.

A gain on one set can cost another unnoticed, and users judge a record whole; so every
annotated source the project has is scored by the shipped engines (`auto`, `crf` beside it),
each with its core micro-F1 and its share of references with every core field right, and the
mean of the sources beside them:

- gold (data/gold.jsonl, the benchmark);
- GROBID's corpus by ten-fold cross-validation (`python -m training.experiments.cross_corpus`, an hour of
  training): read from the stored result while the model's training recipe (its feature
  version and hyper-parameters, and the training files its manifest names, as they now are)
  and the code that reads a reference (PARSE_STAGES: `auto`'s checks above all) are the ones
  it was made with, recomputed only when asked (`recompute_folds`), and shown as stale
  otherwise. The fold models are kept (FOLD_MODELS, outside git): while the training recipe
  is theirs, a change to the parse stages only scores them again, in minutes;
- the PDF folders with a gold list (../shared/data/real-pdf-dev and real-pdf-dev-2, scored
  as `reftag evaluate FOLDER` scores them; skipped when ../shared is absent) and texdocs
  (data/texdocs: TeX-community PDFs installed by Debian's texlive-doc; skipped without it)
  and the typeset styles (data/typeset: short papers set in publishers' classes and BibTeX
  styles, astronomy to economics; skipped when the folder is absent);
- the hand-written families of real references (`reftag evaluate --styles`' families/* sets,
  social science's lists and footnotes among them), pooled, and the web / software / data
  family apart, for it measures issue 58's fix.

    reftag evaluate --suite                     # print the table
    reftag evaluate --suite --markdown          # and write it into docs/results.md
    reftag evaluate --suite --recompute-folds   # GROBID's folds again first (an hour; minutes
                                                # when only the parse stages changed)
"""

import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared" / "data"
ENGINES = ("auto", "crf")
WEB_FAMILY = "families/web-software-data"
FOLDS_RESULT = "training/experiments/results/grobid_folds_shipped_recipe.json"
FOLDS_CACHE = "docs/results/suite_folds.json"  # the fold result and the recipe it was made with
# The fold models, kept so that a change to the parse stages alone is measured without training
# (REFTAG_FOLD_MODELS moves them); their training recipe is in recipe.json beside them.
FOLD_MODELS = Path(os.environ.get("REFTAG_FOLD_MODELS", REPO / ".fold-models"))
# The parse stages' code: a fold figure measured before a change to them is no longer theirs.
PARSE_STAGES = ("parse.py", "text", "labels", "crf", "rules", "doubts", "structure")
TEXDOCS = Path("/usr/share/doc")
TYPESET = REPO / "data" / "typeset"
RESULTS_PAGE = "docs/results.md"
BEGIN, END = "<!-- suite: begin -->", "<!-- suite: end -->"
SECTION_HEAD = """## The development suite

Every annotated source the project has, scored by the shipped engines in one table, so that a
change is judged on all of them at once (`reftag evaluate --suite`; the code and what each
source is: `tagger/evaluate/suite.py`). Each row gives core micro-F1 and the share of
references with every core field right, as users judge a record whole; the PDF folders count
the fields of the references found and matched (segmentation is scored apart), and texdocs
only the documents whose PDF is installed. GROBID's folds are read from their stored result
while the model's training recipe is the one they were made with (`--recompute-folds` trains
them again, an hour, and keeps the fold models: after a change to the parse stages alone it
scores the kept models again, in minutes); the web / software / data family is hand-written and never trained on.
"typeset styles" is data/typeset: eleven short papers set in publishers' classes and BibTeX
styles (AAS, MNRAS, IEEE, LNCS, APS, Elsevier, Nature, Vancouver, natbib, apalike), scored
like real-pdf-dev.
`--markdown` rewrites the table below; `python -m training.site.write_results` keeps this section.

"""


class Skipped(Exception):
    """A source that cannot be scored here (its files are absent): said in the table."""


def training_recipe(model=None, root: Path = REPO) -> dict:
    """What the fold models are trained by: the model's feature version, its hyper-parameters
    and its training files as they now are (a file relabelled since makes other folds, even
    before the model is retrained)."""
    from ..crf.model import DEFAULT_MODEL, file_sha256, manifest_path

    manifest = json.loads(manifest_path(Path(model) if model else DEFAULT_MODEL)
                          .read_text(encoding="utf-8"))
    files = manifest.get("training", {}).get("files", [])
    return {"feature_version": manifest.get("feature_version"), "params": manifest.get("params"),
            "files": {name: file_sha256(root / name) if (root / name).is_file() else None
                      for name in files}}


def recipe(model=None, root: Path = REPO, package: Path = REPO / "tagger") -> str:
    """A fingerprint of the folds as they would be made today: the training recipe, and the
    parse stages' source in `package` (a check added to `auto` reads the folds otherwise)."""
    from ..crf.model import file_sha256

    what = {**training_recipe(model, root),
            "code": {path.relative_to(package).as_posix(): file_sha256(path)
                     for stage in PARSE_STAGES
                     for path in sorted([package / stage] if stage.endswith(".py")
                                        else (package / stage).rglob("*.py"))}}
    return hashlib.sha256(json.dumps(what, sort_keys=True).encode()).hexdigest()


def _row(result) -> dict:
    return {"n": len(result.references), "core_f1": result.core_f1,
            "all_core_correct": result.fields["all_core_correct"]}


def annotated(records, engines=ENGINES, model=None) -> dict:
    from . import evaluate

    return {engine: _row(evaluate(records, engine=engine, model=model)) for engine in engines}


def family_records(name_filter) -> list:
    """The records of the families/* sets `name_filter` takes; Skipped when there are none."""
    from .styles import annotated_sets

    records = [record for name, entry in annotated_sets(REPO).items()
               if name.startswith("families/") and name_filter(name)
               for record in entry["records"]]
    if not records:
        raise Skipped("no such family in the repository")
    return records


def pdf_folder(folder: Path, engines=ENGINES, model=None) -> dict:
    """`reftag evaluate FOLDER`'s totals per engine: fields of the references matched."""
    from ..pdf import find_pdf
    from .pdf_folder import evaluate_folder, is_pdf_folder

    if not is_pdf_folder(folder):
        raise Skipped(f"{folder} is absent")
    rows = {}
    for engine in engines:
        def find(path, engine=engine):
            return [reference.to_dict() for reference in find_pdf(str(path), engine, model)]

        total = evaluate_folder(folder, find=find)["total"]
        rows[engine] = {"n": total["matched"], "core_f1": total["fields"]["micro_f1"],
                        "all_core_correct": total["all_core_right"]}
    return rows


def texdocs(engines=ENGINES, model=None) -> dict:
    """data/texdocs' gold over the installed PDFs it names (data/texdocs/link.sh's folder)."""
    if not (TEXDOCS / "texlive-doc").is_dir():
        raise Skipped(f"{TEXDOCS}/texlive-doc is absent (Debian's texlive-doc)")
    source = REPO / "data" / "texdocs"
    with tempfile.TemporaryDirectory(prefix="reftag-texdocs-") as folder:
        present = set()
        for line in (source / "docs.tsv").read_text(encoding="utf-8").splitlines()[1:]:
            name, path = line.split("\t")[:2]
            if (TEXDOCS / path).is_file():
                Path(folder, name).symlink_to(TEXDOCS / path)
                present.add(name)
        gold = [line for line in (source / "gold.jsonl").read_text(encoding="utf-8").splitlines()
                if line.strip() and json.loads(line)["doc"] in present]
        if not gold:
            raise Skipped("none of texdocs' PDFs with a reference list is installed")
        Path(folder, "gold.jsonl").write_text("\n".join(gold) + "\n", encoding="utf-8")
        return pdf_folder(Path(folder), engines, model)


def grobid_folds(engines=ENGINES, model=None, recompute: bool = False,
                 cache: Path = REPO / FOLDS_CACHE) -> dict:
    """GROBID's ten folds, stored: {engine: row} plus "stale" when the recipe has changed."""
    fingerprint = recipe(model)
    if recompute:
        _run_folds(training_recipe(model))
        rows = json.loads((REPO / FOLDS_RESULT).read_text(encoding="utf-8"))["rows"]
        both = next(row for row in rows if row["config"] == "both")
        stored = {"recipe": fingerprint, "from": FOLDS_RESULT,
                  "crf": {"core_f1": both["grobid"], "all_core_correct": both["grobid_all"]},
                  "auto": {"core_f1": both["grobid_auto"],
                           "all_core_correct": both.get("grobid_auto_all")}}
        cache.write_text(json.dumps(stored, indent=1) + "\n", encoding="utf-8")
    elif not cache.is_file():
        raise Skipped(f"no stored fold result ({cache.name}): --recompute-folds")
    stored = json.loads(cache.read_text(encoding="utf-8"))
    rows = {engine: {"n": None, **stored[engine]} for engine in engines if engine in stored}
    if stored["recipe"] != fingerprint:
        rows["stale"] = True
    return rows


def _run_folds(trained_by: dict, kept: Path = FOLD_MODELS) -> None:
    """`python -m training.experiments.cross_corpus` for the shipped recipe (the tagger package
    never imports `training`, which a checkout has and an installed wheel has not): the kept
    fold models scored again when they were trained by `trained_by`, else trained anew and
    kept."""
    module = "training.experiments.cross_corpus"
    if not REPO.joinpath(*module.split(".")).with_suffix(".py").is_file():
        raise Skipped("training/ is absent: the folds are recomputed from a checkout")
    stamp = kept / "recipe.json"
    rescore = stamp.is_file() and json.loads(stamp.read_text(encoding="utf-8")) == trained_by
    command = [sys.executable, "-m", module, "--configs", "both", "--jobs", "2",
               "--name", Path(FOLDS_RESULT).stem, "--keep", str(kept)]
    print("suite: the kept fold models are scored again (minutes)" if rescore else
          "suite: the fold models are trained (about an hour on two cores)", file=sys.stderr)
    if not rescore:
        stamp.unlink(missing_ok=True)
    if subprocess.run(command + (["--rescore"] if rescore else []), cwd=REPO).returncode != 0:
        raise Skipped(f"{' '.join(command[1:])} failed")
    stamp.write_text(json.dumps(trained_by, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def sources(recompute_folds: bool = False) -> dict:
    """{source name: a function of (engines, model) giving {engine: row}}, in table order."""
    from ..corpora.corpus import load

    return {
        "gold": lambda engines, model: annotated(load(REPO / "data/gold.jsonl"), engines, model),
        "GROBID 10 folds": lambda engines, model: grobid_folds(engines, model, recompute_folds),
        "real-pdf-dev": lambda engines, model: pdf_folder(SHARED / "real-pdf-dev", engines, model),
        "real-pdf-dev-2": lambda engines, model: pdf_folder(SHARED / "real-pdf-dev-2", engines,
                                                            model),
        "texdocs": texdocs,
        "typeset styles": lambda engines, model: pdf_folder(TYPESET, engines, model),
        "families": lambda engines, model: annotated(
            family_records(lambda name: name != WEB_FAMILY), engines, model),
        "web / software / data": lambda engines, model: annotated(
            family_records(lambda name: name == WEB_FAMILY), engines, model),
    }


def run_suite(engines=ENGINES, model=None, recompute_folds: bool = False,
              only=None, log=None) -> dict:
    """{source: {engine: row} or {"skipped": why}} and "mean": {engine: row} over the sources
    each engine was scored on."""
    table = {}
    for name, score in sources(recompute_folds).items():
        if only and name not in only:
            continue
        try:
            table[name] = score(engines, model)
        except Skipped as why:
            table[name] = {"skipped": str(why)}
        if log:
            log(f"suite: {name} scored")
    table["mean"] = means(table, engines)
    return table


def means(table: dict, engines=ENGINES) -> dict:
    out = {}
    for engine in engines:
        rows = [row[engine] for row in table.values() if engine in row]
        for key in ("core_f1", "all_core_correct"):
            values = [r[key] for r in rows if r.get(key) is not None]
            out.setdefault(engine, {"n": len(rows)})[key] = (
                sum(values) / len(values) if values else None)
    return out


def markdown(table: dict, engines=ENGINES, command: str = "") -> str:
    """The table: a row per source, core micro-F1 and all core fields right per engine."""
    header = ["source", "n"] + [f"{engine} {what}" for engine in engines
                                for what in ("core F1", "all core right")]
    lines = ["| " + " | ".join(header) + " |", "|---|---:|" + "---:|" * (2 * len(engines))]
    notes = []
    for name, row in table.items():
        if "skipped" in row:
            notes.append(f"- {name}: skipped, {row['skipped']}")
            continue
        first = row.get(engines[0], {})
        label = f"**{name}**" if name == "mean" else name
        if row.get("stale"):
            label += " (stale)"
            notes.append(f"- {name}: stored for another training recipe; "
                         "`--recompute-folds` trains them again")
        n = first.get("n")
        cells = [label, "" if n is None or name == "mean" else str(n)]
        for engine in engines:
            values = row.get(engine, {})
            for key, form in (("core_f1", "{:.4f}"), ("all_core_correct", "{:.1%}")):
                value = values.get(key)
                cells.append("—" if value is None else form.format(value))
        lines.append("| " + " | ".join(cells) + " |")
    produced = f"\nProduced with `{command}`.\n" if command else ""
    return "\n".join(lines) + "\n" + ("\n" + "\n".join(notes) + "\n" if notes else "") + produced


def write_into_page(table_text: str, page: Path) -> None:
    """Put the table between the suite markers of the results page (appended the first time)."""
    text = page.read_text(encoding="utf-8")
    block = f"{BEGIN}\n{table_text}{END}"
    if BEGIN in text and END in text:
        head, rest = text.split(BEGIN, 1)
        text = head + block + rest.split(END, 1)[1]
    else:
        text = text.rstrip("\n") + "\n\n" + SECTION_HEAD + block + "\n"
    page.write_text(text, encoding="utf-8")


def run(markdown_page: bool = False, recompute_folds: bool = False, model=None,
        command: str = "") -> int:
    """The command: score, print the table; with `markdown_page`, write it into the page."""
    table = run_suite(model=model, recompute_folds=recompute_folds,
                      log=lambda line: print(line, file=sys.stderr))
    text = markdown(table, command=command)
    sys.stdout.write(text)
    if markdown_page:
        write_into_page(text, REPO / RESULTS_PAGE)
        print(f"wrote the suite's table into {RESULTS_PAGE}", file=sys.stderr)
    return 0
