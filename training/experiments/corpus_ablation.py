"""What each corpus adds: train the shipped recipe on candidate corpus sets, score each on gold.

    python -m training.experiments.corpus_ablation [--sets core core+good ...]

AnyStyle's corpora differ in annotation conventions (good.xml sometimes keeps the volume inside
the container title, ugly.xml is noisy and multilingual), so more data is not automatically
better; this prints the numbers behind the choice of TRAINING_FILES in build_model.py.
"""

import argparse
import tempfile
from pathlib import Path

from tagger.crf.train import REPO

from ..models.build_model import BENCHMARK, training_records
from .common import score, timed_train

CORPORA = {
    "core": "data/core.jsonl",
    "good": "data/good.jsonl",
    "ugly": "data/ugly.jsonl",
    "bad": "data/bad.jsonl",
    "synth-cn": "data/synth/*.jsonl",
}
DEFAULT_SETS = ["core", "core+good", "core+good+bad", "core+good+ugly", "core+good+synth-cn"]


def files_of(combination: str) -> list[str]:
    files = []
    for name in combination.split("+"):
        pattern = CORPORA[name]
        matches = sorted(REPO.glob(pattern)) if "*" in pattern else [REPO / pattern]
        files += [str(path.relative_to(REPO)) for path in matches]
    return files


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", nargs="+", default=DEFAULT_SETS,
                        help=f"corpus combinations joined by '+', from {', '.join(CORPORA)}")
    args = parser.parse_args(argv)
    print("| training set | references | core micro-F1 | all core right | train s |")
    print("|---|---:|---:|---:|---:|")
    for combination in args.sets:
        records, _ = training_records(files_of(combination))
        with tempfile.TemporaryDirectory(prefix="reftag-ablation-") as tmp:
            model = Path(tmp) / "model.crfsuite"
            manifest = timed_train(records, model)
            scores = score(REPO / BENCHMARK, model)
        print(f"| {combination} | {len(records)} | {scores['core_f1']:.4f} | "
              f"{scores['all_core_correct']:.4f} | {manifest['train_seconds']:.0f} |", flush=True)


if __name__ == "__main__":
    main()
