"""Score the parser (a model or the rule tagger) or another tool's output on annotated data.

Field-level exact match per label (DESIGN.md "Evaluation conventions"), core micro-F1, the
share of references with all core fields right, token accuracy and confusion over white-space
tokens. --errors N lists the worst references; --cv K cross-validates training on DATA;
--compare A B tests whether two systems differ (A, B: a model file, "default" (the shipped
CRF alone), "auto" (the shipped model helped by the rules), "rules", or a predictions .jsonl);
B is the one under test, and each delta, B − A, is how much better it is than A.
Predictions files hold DESIGN.md contract objects; each reference takes the one with its
"id", else the one whose "raw" is its text, else the one at its position.
A folder with a gold.jsonl (the format of shared/data/real-pdf-dev) scores `find` on its PDFs:
segmentation P/R/F1 per document and in total, core fields of the matched references, as
shared/tools/real_pdf_eval.py scores them (tagger.evaluate.pdf_folder). --suite scores the
shipped engines on every annotated source the project has (tagger.evaluate.suite).
A path that names nothing, a corpus without references, an empty predictions file or a
folder with nothing to score is an error (exit 1), never a report of zeros.
"""

import json
import shlex
import sys
from pathlib import Path

from ..text.sniff import empty_input, no_such_file
from .io import file_problem

REPORTS = ("md", "json", "html")
COMPARE_NAMES = ("rules", "default", "auto")  # --compare operands that are no file


def configure(parser) -> None:
    parser.add_argument("data", nargs="*", metavar="DATA",
                        help="annotated references: the project's .jsonl or AnyStyle .xml; "
                             "to score `find`: folders of .txt + gold .json, finder .ttx files, "
                             "or a folder of PDFs with a gold.jsonl")
    system = parser.add_mutually_exclusive_group()
    system.add_argument("--model", metavar="MODEL", help="CRF model file (default: shipped model)")
    system.add_argument("--predictions", metavar="FILE",
                        help="score this .jsonl of DESIGN.md output objects instead of parsing")
    system.add_argument("--cv", type=int, metavar="K",
                        help="K-fold cross-validation of training on DATA (fixed folds)")
    system.add_argument("--compare", nargs=2, metavar=("A", "B"),
                        help='compare two systems: model file, "default" (shipped CRF), "auto", '
                             '"rules" or a .jsonl; B is under test, deltas are B − A (how much '
                             'better B is)')
    system.add_argument("--styles", action="store_true",
                        help="the style table: every engine on every annotated set in the "
                             "repository, against the baseline docs/results/styles.json")
    parser.add_argument("--suite", action="store_true",
                        help="the development suite: auto and crf (of --model, or the shipped "
                             "model) on every annotated source (gold, GROBID's folds, the PDF "
                             "sets, the families), with the mean")
    parser.add_argument("--write-baseline", action="store_true",
                        help="with --styles: rewrite the baseline (a fall needs --reason)")
    parser.add_argument("--reason", default="", metavar="TEXT",
                        help="with --write-baseline: why a set falls, kept in the baseline")
    parser.add_argument("--markdown", action="store_true",
                        help="with --suite: write the table into docs/results.md")
    parser.add_argument("--recompute-folds", action="store_true",
                        help="with --suite: GROBID's ten folds again, not the stored result "
                             "(an hour of training; minutes when the kept fold models "
                             "still follow the training recipe)")
    parser.add_argument("--engine", choices=("auto", "crf", "rules"),
                        help="tagger to use (default: crf with --model, else auto)")
    parser.add_argument("--report", action="append", choices=REPORTS, default=[],
                        help="md (README table), json, or html (needs --out); may repeat")
    parser.add_argument("--out", metavar="DIR", help="write the reports into DIR")
    parser.add_argument("--errors", type=int, default=0, metavar="N",
                        help="show the N references with the most wrong fields")
    parser.add_argument("--ratio", type=float, default=0.9, metavar="R",
                        help="PDF folders: difflib ratio at which a found reference matches a "
                             "gold one (default 0.9)")
    parser.add_argument("--quiet", "-q", action="store_true",
                        help="no progress bar (one is drawn only when stderr is a terminal)")


def run(args) -> int:
    # Imported here, not at the top: `reftag --help` loads every command module.
    from ..evaluate import evaluate
    from ..evaluate.html import write_html
    from ..evaluate.pdf_folder import is_pdf_folder
    from ..evaluate.report import errors_text, json_report, markdown_report, text_report
    from ..crf.model import ModelError

    command = "reftag " + shlex.join(sys.argv[1:])
    if args.suite:
        if args.data or args.predictions or args.cv or args.compare or args.styles:
            return _fail("--suite scores the project's own sources: give no DATA and no other "
                         "system than --model")
        if args.model and not Path(args.model).is_file():
            return _fail(f"{no_such_file(args.model)} (the model file)")
        from ..evaluate.suite import run as suite
        try:
            return suite(args.markdown, args.recompute_folds, model=args.model, command=command)
        except (OSError, ValueError, ModelError) as error:
            return _fail(str(error))
    if args.styles:
        from ..evaluate.styles import run as style_table
        return style_table(args.write_baseline, args.reason, model=args.model, command=command,
                           quiet=args.quiet)
    if args.markdown or args.recompute_folds:
        return _fail("--markdown and --recompute-folds go with --suite")
    if not args.data:
        return _fail("give DATA (annotated references), --styles or --suite")
    problem = _path_problem(args)
    if problem:
        return _fail(problem)
    if args.predictions and not Path(args.predictions).stat().st_size:
        return _fail(empty_input(args.predictions))
    if all(is_pdf_folder(path) for path in args.data):
        return _pdf_folders(args)
    if all(Path(path).is_dir() or path.endswith(".ttx") for path in args.data):
        return _segmentation(args.data, "json" in args.report)
    if "html" in args.report and not args.out:
        return _fail("--report html needs --out DIR")
    if "html" in args.report and (args.cv or args.compare):
        return _fail("--report html is for one evaluation, not --cv or --compare")
    if args.errors < 0:
        return _fail("--errors must be 0 or more")
    try:
        if args.cv:
            return _run_cv(args, command)
        if args.compare:
            return _run_compare(args, command)
        engine = args.engine or ("crf" if args.model else "auto")
        result = evaluate(args.data, model=args.model, engine=engine,
                          predictions=args.predictions, show_progress=not args.quiet)
    except (OSError, ValueError, ModelError) as error:  # CorpusError is a ValueError
        return _fail(str(error))
    if not result.references:  # a score of nothing is no score
        return _fail(_no_references(args.data))
    outputs = {
        "md": lambda: markdown_report(result, command),
        "json": lambda: json_report(result, command, args.errors),
    }
    _emit(args, outputs, default=lambda: text_report(result, command)
          + (("\n" + errors_text(result, args.errors)) if args.errors else ""))
    if "html" in args.report:
        path = write_html(result, command, args.out, errors=args.errors or 20)
        print(f"wrote {path}", file=sys.stderr)
    return 0


def _run_cv(args, command: str) -> int:
    from ..evaluate import cross_validate, load_records
    from ..evaluate.report import cv_text

    if args.cv < 2:
        return _fail("--cv needs K >= 2")
    records = load_records(args.data)
    if not records:
        return _fail(_no_references(args.data))
    cv = cross_validate(records, args.cv, show_progress=not args.quiet)
    _emit(args, {"md": lambda: cv_text(cv, markdown=True) + _produced_with(command),
                 "json": lambda: _json({"command": command, **cv})},
          default=lambda: cv_text(cv) + f"\ncommand: {command}\n")
    return 0


def _run_compare(args, command: str) -> int:
    from ..evaluate import compare, load_records
    from ..evaluate.report import compare_text

    records = load_records(args.data)
    if not records:
        return _fail(_no_references(args.data))
    results = [_evaluate_spec(records, spec, args.data, not args.quiet) for spec in args.compare]
    comparison = compare(*results)
    _emit(args, {"md": lambda: compare_text(comparison, markdown=True) + _produced_with(command),
                 "json": lambda: _json({"command": command, **comparison,
                                        "summaries": [r.summary() for r in results]})},
          default=lambda: compare_text(comparison) + f"\ncommand: {command}\n")
    return 0


def _evaluate_spec(records, spec: str, data, show_progress: bool = True):
    """A --compare operand: "rules", "default", "auto", a predictions .jsonl/.json, or a model
    file (a model file is scored as its CRF alone, as --model does)."""
    from ..evaluate import evaluate

    if spec in ("rules", "auto"):
        result = evaluate(records, engine=spec, show_progress=show_progress)
    elif spec == "default":
        result = evaluate(records, engine="crf", show_progress=show_progress)
    elif Path(spec).suffix in (".jsonl", ".json"):
        result = evaluate(records, predictions=spec)
    else:
        result = evaluate(records, model=spec, engine="crf", show_progress=show_progress)
    result.data = [str(path) for path in data]
    return result


def _emit(args, outputs: dict, default) -> None:
    """Requested reports into --out (text report on stdout), or the one report on stdout."""
    wanted = [kind for kind in args.report if kind in outputs]
    if args.out:
        out_dir = Path(args.out)
        out_dir.mkdir(parents=True, exist_ok=True)
        for kind in wanted:
            path = out_dir / f"scores.{kind}"
            path.write_text(outputs[kind](), encoding="utf-8")
            print(f"wrote {path}", file=sys.stderr)
        sys.stdout.write(default())
    elif wanted:
        sys.stdout.write("\n".join(outputs[kind]() for kind in wanted))
    else:
        sys.stdout.write(default())


def _path_problem(args) -> str | None:
    """What is wrong with the first path named that cannot be read (DATA that names nothing;
    --model, --predictions or a --compare operand that is no file), said as every command
    says it, before a reader guesses a format from its name."""
    files = [*(path for path in (args.predictions, args.model) if path),
             *(spec for spec in args.compare or () if spec not in COMPARE_NAMES)]
    problems = [*(no_such_file(path) for path in args.data if not Path(path).exists()),
                *filter(None, map(file_problem, files))]
    return problems[0] if problems else None


def _no_references(data) -> str:
    return f"{', '.join(map(str, data))}: no references in it"


def _produced_with(command: str) -> str:
    return f"\nProduced with:\n\n```sh\n{command}\n```\n"


def _json(data: dict) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def _fail(message: str) -> int:
    print(f"reftag: {message}", file=sys.stderr)
    return 1


def _pdf_folders(args) -> int:
    """Score `find` on folders of PDFs with their gold.jsonl (tagger.evaluate.pdf_folder)."""
    from ..evaluate.pdf_folder import errors_text, evaluate_folder, table

    if not 0.0 < args.ratio <= 1.0:
        return _fail("--ratio must be above 0 and at most 1")
    results = []
    for folder in args.data:
        try:
            results.append(evaluate_folder(folder, threshold=args.ratio))
        except KeyError as key:  # another gold.jsonl (data/ holds the benchmark's)
            return _fail(f"{Path(folder, 'gold.jsonl')}: not the gold of a folder of PDFs "
                         f"(a record without {key})")
    if "json" in args.report:
        print(json.dumps(results if len(results) > 1 else results[0], indent=2,
                         ensure_ascii=False))
        return 0
    for result in results:
        print(f"== {result['folder']}: reftag find on the PDFs")
        sys.stdout.write(table(result))
        if args.errors:
            sys.stdout.write(errors_text(result, args.errors))
    return 0


def _segmentation(paths, as_json: bool) -> int:
    """Score `find`: reference-level on directories of .txt + gold .json, line-level on .ttx."""
    from ..evaluate.segmentation import line_scores, reference_scores

    for path in filter(lambda path: Path(path).is_dir(), paths):
        documents = sorted([*Path(path).glob("*.txt"), *Path(path).glob("*.pdf")])
        if not documents:
            return _fail(f"{path}: nothing to score: no document (.txt or .pdf with its gold "
                         ".json beside it, or PDFs with a gold.jsonl)")
        lone = next((doc for doc in documents if not doc.with_suffix(".json").is_file()), None)
        if lone:
            return _fail(f"{lone}: no gold {lone.with_suffix('.json').name} beside it")
    results = {path: reference_scores(path) for path in paths if Path(path).is_dir()}
    documents = [path for path in paths if path.endswith(".ttx")]
    if documents:
        results["ref lines"] = line_scores(documents)
    if as_json:
        print(json.dumps(results, indent=2))
        return 0
    for name, result in results.items():
        overall = result.get("references") or result["ref_lines"]
        what = ("reference-level" if "references" in result
                else f"line-level `ref`, {len(documents)} documents")
        print(f"{name}: {what}: precision {overall['precision']:.3f}, "
              f"recall {overall['recall']:.3f}, F1 {overall['f1']:.3f}")
        for document, scores in result["documents"].items():
            print(f"  {document}: P {scores['precision']:.3f} R {scores['recall']:.3f} "
                  f"F1 {scores['f1']:.3f}")
    return 0
