"""Fit tagger.text.likeness: references against body text, and choose the threshold under which a
record is marked `not_reference`.

    python -m training.models.train_likeness            # prints the fit, the error rates and WEIGHTS

References: the training corpora (data/core, good, ugly, bad .jsonl and data/grobid/*.jsonl),
less any reference also in the benchmark (data/gold.jsonl), which is only scored. Body text:
the lines labelled `text` in AnyStyle's finder documents (data/finder/anystyle/*.ttx), each
alone and as runs of two and three lines (a sentence pasted whole). Both are split in halves
(the documents alternately, the references by a fixed seed): the model is fitted and the
threshold chosen on the first half, and the error rates printed for the second, then for
the benchmark's references and a few inputs no corpus holds.

The threshold is the highest that marks at most MAX_MARKED of the training half's references:
a reference wrongly marked costs a user more than a line of prose let through.
"""

import glob
import json
import random
import re
from pathlib import Path

import numpy as np

from tagger.corpora.ttx import read_ttx
from tagger.text.likeness import FEATURES, reference_p, signs

ROOT = Path(__file__).resolve().parents[2]
CORPORA = ["core", "good", "ugly", "bad"]
MAX_MARKED = 0.005
EXAMPLES = ["hello world", "!!!!", "The results show that the method generalises across "
            "corpora, and we discuss what that means.", "Introduction",
            "Smith J. A study of things. Nature. 2020;12:45-67.",
            "He K, Zhang X. Deep residual learning[C]//CVPR, 2016: 770-778."]


def _key(text: str) -> str:
    return re.sub(r"\W+", "", text).lower()


def references() -> tuple:
    """(training corpora's references less the benchmark's, the benchmark's)."""
    def texts(path):
        with open(path, encoding="utf-8") as handle:
            return [json.loads(line)["text"] for line in handle if line.strip()]

    gold = texts(ROOT / "data" / "gold.jsonl")
    held = {_key(text) for text in gold}
    paths = [ROOT / "data" / f"{name}.jsonl" for name in CORPORA]
    paths += sorted(Path(path) for path in glob.glob(str(ROOT / "data" / "grobid" / "*.jsonl")))
    corpus = [text for path in paths for text in texts(path) if _key(text) not in held]
    return corpus, gold


def body_text(paths) -> list:
    """Each `text` line with letters in it, and each run of two and three such lines."""
    out = []
    for path in paths:
        text, labels = read_ttx(path)
        run = []
        for line, label in zip(text.split("\n"), labels):
            if label == "text" and re.search(r"[^\W\d_]", line):
                run.append(" ".join(line.split()))
                out.append(run[-1])
                if len(run) >= 2:
                    out.append(" ".join(run[-2:]))
                if len(run) >= 3:
                    out.append(" ".join(run[-3:]))
            else:
                run = []
    return out


def fit(positive: list, negative: list) -> np.ndarray:
    from sklearn.linear_model import LogisticRegression

    x = np.array([signs(text) for text in positive + negative])
    y = np.array([1] * len(positive) + [0] * len(negative))
    model = LogisticRegression(C=1.0, class_weight="balanced", fit_intercept=False,
                               max_iter=2000)
    model.fit(x, y)
    return model.coef_[0]


def main() -> None:
    corpus, gold = references()
    random.Random(0).shuffle(corpus)
    documents = sorted(glob.glob(str(ROOT / "data" / "finder" / "anystyle" / "*.ttx")))
    train_refs, test_refs = corpus[::2], corpus[1::2]
    train_body, test_body = body_text(documents[::2]), body_text(documents[1::2])
    weights = fit(train_refs, train_body)
    p_train = sorted(reference_p(text, weights) for text in train_refs)
    threshold = round(p_train[int(MAX_MARKED * len(p_train))], 3)

    def marked(texts):
        return sum(reference_p(text, weights) < threshold for text in texts) / len(texts)

    print(f"references: {len(train_refs)} fitted, {len(test_refs)} held out; body-text "
          f"pieces: {len(train_body)} fitted ({len(documents[::2])} documents), "
          f"{len(test_body)} held out ({len(documents[1::2])} documents)")
    print(f"threshold {threshold} (marks at most {MAX_MARKED:.1%} of the fitted references)")
    print(f"held out: references marked not_reference {marked(test_refs):.2%}; body text "
          f"caught {marked(test_body):.2%}, let through "
          f"{1 - marked(test_body):.2%}")
    print(f"benchmark (gold.jsonl, never fitted): references marked {marked(gold):.2%}")
    for text in EXAMPLES:
        print(f"  p {reference_p(text, weights):.3f}  {text[:70]!r}")
    print("WEIGHTS = (" + ", ".join(f"{w:.3f}" for w in weights) + ")")
    print("  # " + ", ".join(FEATURES))
    print(f"THRESHOLD = {threshold}")


if __name__ == "__main__":
    main()
