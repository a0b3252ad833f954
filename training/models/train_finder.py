"""Train the finder's line classifiers (models/finder.crfsuite, finder-document.crfsuite).

    python -m training.models.train_finder            # writes models/finder.crfsuite + finder.json
    python -m training.models.train_finder --layout -o models/finder-document.crfsuite
                                               # also on GROBID's 473 real papers (data/layout)
    python -m training.models.train_finder --cv 10 [--iterations 60] [--pastes 1200] [--folds 0,3] [--keep DIR]
                                               # zone CV by document on the real papers: zone
                                               # line P/R/F1 of find and of the model alone,
                                               # per fold and per source group (docs/zone.md)

Training data: AnyStyle's finder documents (whole theses, line-labelled), less four held
out for evaluation, plus synthetic pastes: reference lists without a document around them,
as people copy them out of PDFs and web pages (numbered or not, wrapped or not, with page
furniture, separators and cut-off ends). The theses alone teach that references come after
a heading at the end of a long text; the pastes teach that a bare list is references too.
The pastes are built from the references of data/{core,good,ugly,bad}.jsonl (never gold)
and prose lines of the training theses, with a fixed seed. With --layout (and always in
--cv) the real papers of GROBID's segmentation corpus join them, each cut to its reference
section's surroundings: that model (--layout -o models/finder-document.crfsuite) reads
whole documents, the one without reads pastes (trained on real papers it calls a short
paste body text: tagger.finder.classify.zone_model, docs/zone.md).
"""

import argparse
import json
import random
import sys
import time
from pathlib import Path

import pycrfsuite

from collections import Counter, defaultdict

from tagger.evaluate.segmentation import (
    HELD_OUT, LAYOUT, finder_documents, layout_documents, layout_scores, line_scores, zone_counts,
)
from tagger.finder.lines import HEADING, line_features, split_lines
from training.models.finder_data import (
    REFERENCE_SETS, corpus_references, held_out_folds, sha256, wrap_words,
)

ROOT = Path(__file__).resolve().parents[2]

FEATURE_VERSION = 2  # 2: the document-level features (since, sectionhead, wide:, rellen, caption)
SYNTHETIC_DOCUMENTS = 400
LAYOUT_SYNTHETIC_DOCUMENTS = 1200  # with the layout corpus: its 280,000 lines would drown 400 pastes
SEED = 7
PARAMS = {"c1": 0.1, "c2": 0.05, "max_iterations": 150, "feature.possible_transitions": True}
LAYOUT_ITERATIONS = 60  # with the layout corpus (about 6 minutes a model)


CHINESE_SURNAMES = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐"
CHINESE_GIVEN = "伟芳娜敏静丽强磊军洋勇艳杰涛明超秀霞平刚桂英华建国志"
CHINESE_TOPICS = ["深度学习", "知识图谱", "程序分析", "软件测试", "分布式系统", "图神经网络",
                  "自然语言处理", "信息抽取", "缺陷预测", "代码生成", "推荐系统", "数据库查询优化"]
CHINESE_KINDS = ["研究综述", "方法研究", "的若干进展", "关键技术", "的实证研究", "框架设计与实现"]
CHINESE_VENUES = ["软件学报", "计算机学报", "计算机研究与发展", "中文信息学报", "电子学报", "自动化学报"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December"]


def chinese_reference(rng: random.Random) -> str:
    """A GB/T 7714-shaped Chinese reference with made-up names: only its shape matters here."""
    names = [rng.choice(CHINESE_SURNAMES) + "".join(rng.sample(CHINESE_GIVEN, rng.randint(1, 2)))
             for _ in range(rng.randint(1, 4))]
    title = rng.choice(CHINESE_TOPICS) + rng.choice(CHINESE_KINDS)
    year = rng.randint(1995, 2025)
    return (f"{', '.join(names)}. {title}[J]. {rng.choice(CHINESE_VENUES)}, {year}, "
            f"{rng.randint(1, 40)}({rng.randint(1, 12)}): {(p := rng.randint(1, 2000))}-{p + rng.randint(5, 20)}.")


def prose_blocks(documents: list) -> list:
    """Runs of body-text lines from the training theses."""
    blocks = []
    for _, text, labels in documents:
        run = []
        for line, label in zip(text.split("\n"), labels):
            if label == "text" and line.strip():
                run.append(line.strip())
            elif run:
                if len(run) >= 3:
                    blocks.append(run)
                run = []
    return blocks


def furniture_line(rng: random.Random, page: int) -> str:
    year, volume, issue = rng.randint(1990, 2026), rng.randint(1, 60), rng.randint(1, 12)
    venue = rng.choice(CHINESE_VENUES)
    return rng.choice([
        f"{page}",
        f"Page {page}",
        f"- {page} -",
        f"Journal of Software Vol.{volume}, No.{issue}, {rng.choice(MONTHS)} {year}",
        f"{page} {venue} {year} 年第 {volume} 卷第 {issue} 期",
        f"Page {page} - 《{venue}》{year}年第{issue}期",
        f"{' ' * rng.randint(10, 60)}{page}",
        (f"{rng.choice(['REFERENCES', 'BIBLIOGRAPHY', 'A. Author et al.', 'Chapter 5. Conclusions'])}"
         f"{' ' * rng.randint(5, 40)}{page}"),
    ])


def _number(style: str, n: int) -> str:
    return {"bracket": f"[{n}] ", "dot": f"{n}. ", "paren": f"({n}) ", "plain": f"{n} ",
            "letter": f"[C{n}] ", "none": ""}[style]


def synthetic_paste(rng: random.Random, references: list, prose: list) -> tuple:
    """One pasted reference list (maybe inside some prose), as (text, line labels)."""
    lines, labels = [], []

    def add(line, label):
        lines.append(line)
        labels.append(label)

    if rng.random() < 0.4:
        for line in rng.choice(prose)[: rng.randint(3, 15)]:
            add(line, "text")
        add("", "blank")
    if rng.random() < 0.5:
        add(rng.choice(["References", "REFERENCES", "Bibliography", "参考文献:", "References:",
                        "Literature Cited", "Works Cited"]), "title")
        if rng.random() < 0.5:
            add("", "blank")
    style = rng.choice(["bracket", "dot", "paren", "plain", "letter", "none", "none"])
    width = rng.choice([None, 60, 75, 85, 95, 110])
    indent = " " * rng.choice([0, 0, 2, 4, 6]) if width else ""
    separator = rng.choice([None, None, "blank", "|"])
    chinese = rng.random() < 0.25
    number = rng.randint(1, 40)
    page = rng.randint(2, 400)
    for index in range(rng.randint(2, 25)):
        text = chinese_reference(rng) if chinese and rng.random() < 0.5 else rng.choice(references)
        wrapped = wrap_words(_number(style, number + index) + text, width) if width else [_number(style, number + index) + text]
        if index == 0 and rng.random() < 0.15:  # cut off at the top of the paste
            wrapped = wrapped[rng.randint(0, len(wrapped) - 1):]
        for position, line in enumerate(wrapped):
            add(line if position == 0 else indent + line, "ref")
            if rng.random() < 0.04:  # a page break
                add("", "blank")
                add(furniture_line(rng, page), "meta")
                page += 1
                if rng.random() < 0.5:
                    add(furniture_line(rng, page), "meta")
                add("", "blank")
        if separator == "blank":
            add("", "blank")
        elif separator == "|":
            add("|", "blank")
    if rng.random() < 0.3:
        add("", "blank")
        for line in rng.choice(prose)[: rng.randint(3, 15)]:
            add(line, "text")
    while lines and not lines[-1]:  # a final line end starts no line
        lines.pop()
        labels.pop()
    return "\n".join(lines), labels


# GROBID's zones as the line labels: the reference section's lines are references (its heading
# a title), page numbers, running heads and footnotes furniture, all the rest text.
ZONE_LABELS = {"listBibl": "ref", "page": "meta", "headnote": "meta", "footnote": "meta"}
# Lines kept of a long paper before its reference section (the body far before it teaches
# nothing the nearer body does not, and costs training time); papers past the cap are cut.
LAYOUT_CONTEXT = 400
LAYOUT_CAP = 4000


def layout_labelled(document: dict) -> tuple:
    """A segmentation document as (line features, line labels), cut to the reference section's
    surroundings: LAYOUT_CONTEXT lines before it, everything after, at most LAYOUT_CAP. The
    features are those of the whole paper (where a line sits in it is one of them), so the
    cut only drops rows."""
    lines, zones = document["lines"], document["zones"]
    labels = [("title" if HEADING.match(line) else "ref") if zone == "listBibl"
              else ZONE_LABELS.get(zone, "text") for line, zone in zip(lines, zones)]
    first = next((i for i, zone in enumerate(zones) if zone == "listBibl"), len(lines))
    start = max(0, first - LAYOUT_CONTEXT)
    end = min(len(lines), start + LAYOUT_CAP)
    features = line_features(split_lines("\n".join(lines)))
    return features[start:end], labels[start:end]


def train(paths: list, model_path: Path, layout: list = (), iterations: int = None,
          pastes: int = None) -> None:
    documents = finder_documents(paths)
    trainer = pycrfsuite.Trainer(verbose=False)
    for _, text, labels in documents:
        lines = split_lines(text)
        if layout:  # the papers call only the references' heading a title: the theses agree
            labels = [label if label != "title" or HEADING.match(line.content) else "text"
                      for line, label in zip(lines, labels)]
        trainer.append(line_features(lines), labels)
    for document in layout:
        trainer.append(*layout_labelled(document))
    rng = random.Random(SEED)
    references = [r for r in corpus_references(ROOT / "data") if r.strip() and "\n" not in r]
    prose = prose_blocks(documents)
    if pastes is None:
        pastes = LAYOUT_SYNTHETIC_DOCUMENTS if layout else SYNTHETIC_DOCUMENTS
    for _ in range(pastes):
        text, labels = synthetic_paste(rng, references, prose)
        trainer.append(line_features(split_lines(text)), labels)
    default = LAYOUT_ITERATIONS if layout else PARAMS["max_iterations"]
    trainer.set_params({**PARAMS, "max_iterations": iterations or default})
    trainer.train(str(model_path))


def cross_validate(paths: list, count: int, work: Path, iterations: int, pastes: int = None,
                   chosen=None) -> dict:
    """Train on the AnyStyle documents, the pastes and all folds of the segmentation corpus
    but one; score the zone `find` returns on the fold left out, each fold in turn (or only
    the `chosen` folds). Prints each fold's zone P/R/F1 as it goes; returns the scores over
    all folds run, per source group, with each fold's under "folds"."""
    from tagger.finder import classify

    documents = layout_documents("segmentation")
    groups, per_fold = defaultdict(Counter), {}
    previous = classify.DOCUMENT_MODEL
    try:
        for number, training, held in held_out_folds(documents, count, chosen):
            model = work / f"zone-fold{number}-{iterations}-{pastes}.crfsuite"
            if not model.exists():  # (a kept fold model is scored again, not retrained)
                train(paths, model, training, iterations, pastes)
            classify.DOCUMENT_MODEL = model  # (a paper shorter than a document: the paste model)
            fold = Counter()
            for document in held:
                counts = zone_counts(document) + model_zone_counts(document, model)
                fold.update(counts)
                groups[document["group"]].update(counts, documents=1)
            per_fold[number] = {"zone": layout_scores({"fold": fold})["all"]["zone"],
                                "model_zone": model_scores(fold)}
            print(f"fold {number}: {per_fold[number]}", file=sys.stderr, flush=True)
    finally:
        classify.DOCUMENT_MODEL = previous
    scores = layout_scores(groups)
    for group, counts in [("all", sum(groups.values(), Counter())), *groups.items()]:
        scores[group]["model_zone"] = model_scores(counts)
    return {**scores, "folds": per_fold}


def model_zone_counts(document: dict, model: Path) -> Counter:
    """Line counts of the reference zone as the zone model alone labels it (its `ref` lines),
    before the rules that go over its answer: what the model does, apart from them."""
    from tagger.crf.model import open_tagger

    lines = document["lines"]
    labels = open_tagger(str(model)).tag(line_features(split_lines("\n".join(lines))))
    found = {index for index, label in enumerate(labels) if label == "ref"}
    gold = {i for i, (zone, line) in enumerate(zip(document["zones"], lines))
            if zone == "listBibl" and not HEADING.match(line)}
    return Counter(model_tp=len(found & gold), model_pred=len(found), model_gold=len(gold))


def model_scores(counts: Counter) -> dict:
    tp, predicted, gold = counts["model_tp"], counts["model_pred"], counts["model_gold"]
    precision, recall = tp / max(predicted, 1), tp / max(gold, 1)
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"precision": round(precision, 4), "recall": round(recall, 4), "f1": round(f1, 4)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default=str(ROOT / "data" / "finder" / "anystyle"))
    parser.add_argument("-o", "--output", default=str(ROOT / "models" / "finder.crfsuite"))
    parser.add_argument("--cv", type=int, default=0, help="cross-validate the zone with this many folds")
    parser.add_argument("--iterations", type=int, default=0, help="training iterations (default: PARAMS')")
    parser.add_argument("--layout", action="store_true",
                        help="train on GROBID's segmentation corpus (data/layout) as well")
    parser.add_argument("--pastes", type=int, default=None,
                        help="synthetic pastes to train on (default: 400, or 1,200 with --layout)")
    parser.add_argument("--keep", help="with --cv: keep the fold models in this folder (and reuse them)")
    parser.add_argument("--folds", help="with --cv: only these folds (\"0,3\")")
    args = parser.parse_args()
    paths = sorted(Path(args.data).glob("*.ttx"))
    train_paths = [p for p in paths if p.stem not in HELD_OUT]
    if args.cv:
        import tempfile

        chosen = {int(n) for n in args.folds.split(",")} if args.folds else None
        iterations = args.iterations or LAYOUT_ITERATIONS
        pastes = LAYOUT_SYNTHETIC_DOCUMENTS if args.pastes is None else args.pastes
        if args.keep:
            Path(args.keep).mkdir(parents=True, exist_ok=True)
            scores = cross_validate(train_paths, args.cv, Path(args.keep), iterations, pastes, chosen)
        else:
            with tempfile.TemporaryDirectory() as work:
                scores = cross_validate(train_paths, args.cv, Path(work), iterations, pastes, chosen)
        print(json.dumps(scores, indent=2))
        return 0
    model_path = Path(args.output)
    started = time.time()
    layout = layout_documents("segmentation") if args.layout else []
    iterations = args.iterations or (LAYOUT_ITERATIONS if layout else PARAMS["max_iterations"])
    pastes = args.pastes if args.pastes is not None else (
        LAYOUT_SYNTHETIC_DOCUMENTS if layout else SYNTHETIC_DOCUMENTS)
    train(train_paths, model_path, layout, iterations, pastes)
    seconds = time.time() - started
    scores = line_scores([p for p in paths if p.stem in HELD_OUT], model_path)
    manifest = {
        "model": model_path.name,
        "kind": "finder line classifier (CRF over lines)",
        "labels": ["ref", "text", "meta", "title", "blank"],
        "feature_version": FEATURE_VERSION,
        "params": {**PARAMS, "max_iterations": iterations},
        "trained_on": {**{p.name: sha256(p) for p in train_paths},
                       **({"layout/segmentation.jsonl.gz": sha256(LAYOUT / "segmentation.jsonl.gz"),
                           "layout_cut": {"context_before_references": LAYOUT_CONTEXT,
                                          "cap_lines": LAYOUT_CAP,
                                          "features_of": "the whole paper"}} if layout else {})},
        "held_out": {p.name: sha256(p) for p in paths if p.stem in HELD_OUT},
        "held_out_scores": scores,
        "training_seconds": round(seconds, 1),
        "rebuild": " ".join(["python -m training.models.train_finder", *sys.argv[1:]]),
        "synthetic_pastes": {"count": pastes,
                             "seed": SEED, "references_from": list(REFERENCE_SETS)},
        "source": "AnyStyle finder documents and tagged references (BSD-2-Clause)"
                  + ("; GROBID segmentation corpus (Apache-2.0)" if layout else ""),
    }
    model_path.with_suffix(".json").write_text(json.dumps(manifest, indent=2) + "\n")
    print(json.dumps(scores, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
