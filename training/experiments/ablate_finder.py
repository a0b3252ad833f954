"""Switch the finder's hand rules off, one group at a time, and measure what each does.

    python -m training.experiments.ablate_finder                       # every rule group, then the table
    python -m training.experiments.ablate_finder none edges ends       # only these ("none": all rules on)
    python -m training.experiments.ablate_finder --measures pdf,lists  # only these measures
    python -m training.experiments.ablate_finder none page-numbers+running-heads   # several off at once
    python -m training.experiments.ablate_finder --list                # the rule groups and what they are
    python -m training.experiments.ablate_finder none edges._tail_beyond --measures lists --seeds 1,2,3

A rule group is switched off by replacing its function with one that does nothing (or says
"no"); the models stay as they are. A module's predicate named as `module._name` (a module of
tagger.finder) is made to say "no" everywhere it is asked: False, or -1 where it returns an
index. The measures, real documents first:

  pdf     shared/data/real-pdf-dev through find_pdf (the document zone model): segmentation
          P/R/F1 and core field F1, as `reftag evaluate` prints them (a DEV set);
  texdocs the same on data/texdocs's PDFs (linked by `sh data/texdocs/link.sh /tmp/texdocs`;
          TEXDOCS names another folder): segmentation only (a DEV set);
  text    pdftotext's reading-order text of both folders' PDFs, whole, through find:
          segmentation P/R/F1;
  pastes  the reference lists cut out of that text (training.corpora.real_pastes): segmentation F1;
  zone    GROBID's 473 whole papers (data/layout): the reference zone's line P/R/F1, with the
          paste model (models/finder.crfsuite, never trained on them: held out) and with the
          document model (models/finder-document.crfsuite, trained on them: an upper bound);
  split   GROBID's 84 reference sections: split F1 and exact references (the boundary model
          trained on them: an upper bound, but the rules here change only the zone);
  lists   training.models.furniture_lists -n 1000 (generated; --seeds, 1 unless told): exact share,
          lists with text dropped;
  anystyle  AnyStyle's 4 held-out finder documents (line F1) and the hand-built documents of
          data/finder (references found exactly, of the gold).

The zone models' labels and the boundary model's starts are remembered per input, so a run
pays for the models once and for the rules each time.
"""

import argparse
import importlib
import json
import os
import pkgutil
import random
import sys
import time
from collections import Counter, defaultdict
from contextlib import ExitStack
from pathlib import Path
from unittest import mock

import tagger.finder as finder
from tagger.finder import classify, edges, ends, split

ROOT = Path(__file__).resolve().parents[2]
REAL_PDF = Path("/work/shared/data/real-pdf-dev")
TEXDOCS = Path(os.environ.get("TEXDOCS", "/tmp/texdocs"))


def _nothing(*args, **kwargs):
    return None


def _without(rule_label: str, test):
    """furniture_rule, less one of its verdicts (the line goes to the CRF's label instead)."""
    original = classify.furniture_rule

    def furniture_rule(content, previous=""):
        label = original(content, previous)
        return None if label == rule_label and test(content) else label

    return furniture_rule


# name: (what it is, [(module, attribute, replacement)])
RULES = {
    "none": ("every rule on (the baseline)", []),
    # classify.py: rules over the CRF's labels
    "rule-heading": ("a 'References' heading is a title", [
        (classify, "furniture_rule", _without("title", lambda c: True))]),
    "rule-footnote": ("a superscript/dagger/'* ' first is a footnote (meta)", [
        (classify, "furniture_rule", _without("meta", lambda c: bool(classify.FOOTNOTE.match(c))))]),
    "rule-runninghead": ("a journal's volume/issue head is meta", [
        (classify, "furniture_rule", _without(
            "meta", lambda c: not classify.PAGE_NUMBER.match(c) and not classify.FOOTNOTE.match(c)))]),
    "rule-pagenumber": ("a bare number is a page number (meta)", [
        (classify, "furniture_rule", _without(
            "meta", lambda c: bool(classify.PAGE_NUMBER.match(c)) and not classify.FOOTNOTE.match(c)))]),
    "head-amid": ("a short title / capital ref line between references is meta", [
        (classify, "_amid_references", _nothing)]),
    "sure-guard": ("a whole document's sure labels stand against the rules (classify.SURE)", [
        (classify, "SURE", 1.1), (classify, "BELIEVED", 1.1)]),
    "strays": ("up to 3 ref lines before a 'References' heading are text", [
        (classify, "_strays_before_heading", _nothing)]),
    "never-blank": ("a line with text is never blank; a ditto line is ref", [
        (classify, "_never_blank", _nothing)]),
    # edges.py, ends.py, pagenumbers.py: mark_edges
    "edges": ("all of mark_edges (edges, ends, pagenumbers)", [(classify, "mark_edges", _nothing)]),
    "ends": ("text and titles amid/after references (ends.py)", [
        (edges, "text_inside_references", _nothing)]),
    "ends-heads-amid": ("ends: a title amid references is meta", [
        (ends, "_heads_amid_references", _nothing)]),
    "wrapped-dashes": ("a dash alone inside a page range is ref", [(edges, "_wrapped_dashes", _nothing)]),
    "end-of-list": ("meta after the last reference that goes on with it", [
        (edges, "_end_of_list", _nothing)]),
    "page-numbers": ("lone numbers: page number or a wrapped tail (pagenumbers.py)", [
        (edges, "_page_numbers", _nothing)]),
    "running-heads": ("lines at a page's edge: head or reference text", [
        (edges, "_running_heads", _nothing)]),
}


# --- remembering the models' answers -------------------------------------------------------

class _Remembered:
    """The zone CRF's labels and the boundary CRF's starts, per input (the features are
    computed only when the labels are not known yet, and never kept)."""

    def __init__(self):
        self.labels, self.starts = {}, {}
        self.line_features = classify.line_features
        self.open_tagger = classify.open_tagger
        self.reference_starts = split.reference_starts

    def patches(self):
        remembered = self

        class Lines:  # what classify hands the tagger: the lines, features still to compute
            def __init__(self, lines):
                self.lines, self.key = lines, tuple(line.text for line in lines)

        class Tagger:
            def __init__(self, path):
                self.path, self.tagger = path, remembered.open_tagger(path)

            def tag(self, lines):
                key = (self.path, lines.key)
                if key not in remembered.labels:
                    labels = self.tagger.tag(remembered.line_features(lines.lines))
                    remembered.labels[key] = labels, [
                        self.tagger.marginal(label, i) for i, label in enumerate(labels)]
                self.last = remembered.labels[key]
                return list(self.last[0])

            def marginal(self, label, index):  # (classify asks only of the label it was given)
                labels, probabilities = self.last
                return probabilities[index] if labels[index] == label else 0.0

        def reference_starts(lines, hints, model=None):
            key = (str(model), tuple((line.content, line.indent, line.gap, repr(line.layout)) for line in lines))
            if key not in remembered.starts:
                remembered.starts[key] = remembered.reference_starts(lines, hints, model)
            return set(remembered.starts[key])

        return [(classify, "line_features", Lines), (classify, "open_tagger", Tagger),
                (split, "reference_starts", reference_starts)]


# --- the measures --------------------------------------------------------------------------

class Measures:
    def __init__(self, seeds=(1,)):
        self.seeds = seeds
        self._pdf_layouts, self._parsed = {}, {}
        self._lists = None
        self._segmentation = self._references = None
        self._texts = {}  # PDF path -> pdftotext's text

    def _segments_only(self, folder: Path, find) -> dict:
        """Segmentation P/R/F1 of `find` (a PDF path → raw strings) on `folder`'s gold."""
        from tagger.evaluate.pdf_folder import gold_by_document, score_document, segmentation_scores

        total = Counter()
        for doc, gold in gold_by_document(folder):
            found = [{"raw": raw, "fields": {}} for raw in find(folder / doc, gold)]
            total.update(score_document(doc, gold, found)[0])
        return segmentation_scores(total)

    def texdocs(self) -> dict:
        if not TEXDOCS.exists():
            return {}
        from tagger.pdf import segmentation

        def find(path, gold):
            return [found.raw for found in segmentation(self._layout(path)).segments]

        seg = self._segments_only(TEXDOCS, find)
        return {"tex_segP": seg["precision"], "tex_segR": seg["recall"], "tex_segF1": seg["f1"]}

    def _layout(self, path: Path):
        from tagger.pdf import read_pdf

        if path not in self._pdf_layouts:
            self._pdf_layouts[path] = read_pdf(str(path))
        return self._pdf_layouts[path]

    def _text(self, path: Path) -> str:
        from training.corpora.real_pastes import pdf_text

        if path not in self._texts:
            self._texts[path] = pdf_text(path)
        return self._texts[path]

    def text(self) -> dict:
        from tagger.finder import find_segments

        result = {}
        for name, folder in (("dev", REAL_PDF), ("tex", TEXDOCS)):
            if folder.exists():
                seg = self._segments_only(folder, lambda path, gold: [
                    segment.raw for segment in find_segments(self._text(path)).segments])
                result[f"text_{name}_F1"] = seg["f1"]
        return result

    def pastes(self) -> dict:
        from tagger.finder import find_segments
        from training.corpora.real_pastes import paste_of

        def find(path, gold):
            paste = paste_of(self._text(path), gold)
            return [] if paste is None else [segment.raw for segment in find_segments(paste).segments]

        return {f"paste_{name}_F1": self._segments_only(folder, find)["f1"]
                for name, folder in (("dev", REAL_PDF), ("tex", TEXDOCS)) if folder.exists()}

    def pdf(self) -> dict:
        if not REAL_PDF.exists():
            return {}
        from tagger.evaluate.pdf_folder import evaluate_folder
        from tagger.parse import parse_many
        from tagger.pdf import segmentation

        def find(path):
            raws = [found.raw for found in segmentation(self._layout(path)).segments]
            missing = [raw for raw in dict.fromkeys(raws) if raw not in self._parsed]
            for raw, reference in zip(missing, parse_many(missing)):
                self._parsed[raw] = reference.to_dict()
            return [self._parsed[raw] for raw in raws]

        total = evaluate_folder(REAL_PDF, find=find)["total"]
        return {"pdf_segP": total["segmentation"]["precision"], "pdf_segR": total["segmentation"]["recall"],
                "pdf_segF1": total["segmentation"]["f1"], "pdf_coreF1": total["fields"]["micro_f1"],
                "pdf_found": total["found"], "pdf_matched": total["matched"]}

    def zone(self) -> dict:
        from tagger.evaluate.segmentation import layout_documents, layout_scores, zone_counts
        from tagger.finder import find_segments

        if self._segmentation is None:
            self._segmentation = layout_documents("segmentation")
        result = {}
        for name, model in (("paste", classify.DEFAULT_MODEL), ("doc", classify.DOCUMENT_MODEL)):
            groups = defaultdict(Counter)
            for document in self._segmentation:
                groups["all"].update(zone_counts(document, lambda text: find_segments(text, model)))
            zone = layout_scores(groups)["all"]["zone"]
            result.update({f"zone_{name}_P": zone["precision"], f"zone_{name}_R": zone["recall"],
                           f"zone_{name}_F1": zone["f1"]})
        return result

    def split(self) -> dict:
        from tagger.evaluate.segmentation import layout_documents, layout_scores, split_counts

        if self._references is None:
            self._references = layout_documents("references")
        groups = defaultdict(Counter)
        for document in self._references:
            groups["all"].update(split_counts(document))
        scores = layout_scores(groups)["all"]
        return {"split_F1": scores["split"]["f1"], "split_exact": scores["exact"]}

    def lists(self) -> dict:
        from tagger.finder import find_segments
        from training.models.furniture_lists import generate, pool, score

        if self._lists is None:
            references = pool()
            self._lists = {}
            for seed in self.seeds:
                rng = random.Random(seed)
                self._lists[seed] = [generate(rng, references) for _ in range(1000)]
        result = {}
        for seed, lists in self._lists.items():
            scores = score(lists, find_segments)
            suffix = "" if seed == 1 else f"_{seed}"
            result.update({f"lists_exact{suffix}": scores["exact_share"],
                           f"lists_dropped{suffix}": scores["lists_with_reference_text_dropped"],
                           f"lists_furniture_kept{suffix}": scores["furniture_lines_kept_in_a_reference"]})
        return result

    def anystyle(self) -> dict:
        from tagger.evaluate.segmentation import DATA, HELD_OUT, line_scores, reference_scores

        lines = line_scores([DATA / "anystyle" / f"{name}.ttx" for name in HELD_OUT])["ref_lines"]
        matched = gold = 0
        for folder in ("handmade", "blind"):
            scores = reference_scores(DATA / folder)["references"]
            gold += scores["gold_references"]
            matched += round(scores["recall"] * scores["gold_references"])
        return {"anystyle_lineF1": lines["f1"], "handmade_matched": matched, "handmade_gold": gold}


def patches_of(part: str) -> list:
    """The patches that switch one rule group off, or one predicate (`module._name`)."""
    if part in RULES:
        return RULES[part][1]
    module_name, _, name = part.partition(".")
    module = importlib.import_module(f"tagger.finder.{module_name}")
    function = getattr(module, name)
    says_no = -1 if function.__annotations__.get("return") is int else False
    # (in every module that holds it: one imported by name elsewhere is asked there too)
    holders = [importlib.import_module(f"tagger.finder.{found.name}")
               for found in pkgutil.iter_modules(finder.__path__)]
    return [(holder, name, lambda *args, **kwargs: says_no)
            for holder in holders if getattr(holder, name, None) is function]


def _known(part: str) -> bool:
    """A rule group, or a finder module's function that patches_of can switch off."""
    try:
        return part in RULES or bool(patches_of(part))
    except (ImportError, AttributeError):
        return False


def run(rules: list, measures: list, seeds=(1,)) -> list:
    remembered, measure = _Remembered(), Measures(seeds)
    rows = []
    with ExitStack() as stack:
        for module, name, replacement in remembered.patches():
            stack.enter_context(mock.patch.object(module, name, replacement))
        for rule in rules:
            started = time.process_time()
            with ExitStack() as off:
                for module, name, replacement in (patch for part in rule.split("+") for patch in patches_of(part)):
                    off.enter_context(mock.patch.object(module, name, replacement))
                row = {"rule": rule}
                for name in measures:
                    row.update(getattr(measure, name)())
            row["cpu_s"] = round(time.process_time() - started, 1)
            rows.append(row)
            print(json.dumps(row), file=sys.stderr, flush=True)
    return rows


def table(rows: list) -> str:
    keys = [key for key in rows[0] if key != "rule"]
    base = rows[0] if rows[0]["rule"] == "none" else None
    lines = ["rule".ljust(22) + " ".join(key[:14].rjust(14) for key in keys)]
    for row in rows:
        cells = []
        for key in keys:
            value = row.get(key)
            text = f"{value:.4f}" if isinstance(value, float) else str(value)
            if base is not None and row is not base and value != base.get(key) and key != "cpu_s":
                text = "*" + text
            cells.append(text.rjust(14))
        lines.append(row["rule"].ljust(22) + " ".join(cells))
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rules", nargs="*", help="rule groups to switch off (default: all)")
    parser.add_argument("--measures", default="pdf,texdocs,text,pastes,zone,split,lists,anystyle")
    parser.add_argument("--seeds", default="1", help="the generated lists' seeds, as 1,2,3")
    parser.add_argument("--list", action="store_true", help="print the rule groups and stop")
    parser.add_argument("--json", help="also write the rows to this file")
    args = parser.parse_args()
    if args.list:
        for name, (what, _) in RULES.items():
            print(f"{name:22} {what}")
        return 0
    rules = args.rules or list(RULES)
    unknown = [part for rule in rules for part in rule.split("+") if not _known(part)]
    if unknown:
        parser.error(f"unknown rule group(s): {', '.join(unknown)} (see --list)")
    rows = run(rules, args.measures.split(","), tuple(int(seed) for seed in args.seeds.split(",")))
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1) + "\n")
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
