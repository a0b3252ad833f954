"""Check the batch decoder against crfsuite on whole corpora: labels identical to `tag()`,
marginals within 1e-6 of `marginal()`, and `auto`'s re-decoding identical to the per-reference
path (tagger.crf.model.CRFModel.tag_features with hints, which decodes one sequence at a time).

    python -m training.benchmarks.check_decoder                         # gold + data/grobid*.jsonl + data/grobid/*.jsonl
    python -m training.benchmarks.check_decoder data/bad.jsonl --model M.crfsuite

Prints one line per file and exits 1 if anything differs.
"""

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOLERANCE = 1e-6


def check(texts, model) -> dict:
    """Counts of references whose labels differ, and the largest marginal difference."""
    import pycrfsuite

    from tagger.crf.decode import best_paths, chosen, marginals
    from tagger.crf.features import featurize
    from tagger.parse import _admit, auto_hints, final_hints, parse_batch
    from tagger.output.reference import Reference

    tagger = pycrfsuite.Tagger()
    tagger.open(str(model.path))
    weights, encoder = model.weights(), model.encoder()
    items = [item for item in map(_admit, texts) if not isinstance(item, Reference)]
    scores = [encoder.scores(tokens, norm.text) for _, norm, tokens in items]
    chances = marginals(scores, weights.transition)
    paths = best_paths(scores, weights.transition, chances)  # as parsing decodes (sure_paths)
    label_differs = auto_differs = 0
    worst = 0.0
    evidence = model.manifest.get("rules_evidence")
    for (text, norm, tokens), path, chance in zip(items, paths, chances):
        sequence = featurize(tokens, norm.text)
        tagger.set(pycrfsuite.ItemSequence(sequence))
        expected = tagger.tag()
        label_differs += weights.state_labels(path) != expected
        ours = chosen(chance, path)
        worst = max([worst] + [abs(tagger.marginal(label, t) - p)
                               for t, (label, p) in enumerate(zip(expected, ours))])
        confidence = weights.chosen(chance, path)  # (a label's states summed, as parse has it)
        labels = weights.path_labels(path)
        if not evidence:
            continue
        hints = auto_hints(tokens, norm.text, labels, confidence, evidence)
        auto_labels = model.tag_features(sequence, hints)[0] if hints else labels
        held = final_hints(weights.scores(sequence), weights, auto_labels, hints,
                           [token.text for token in tokens])
        if held is not None:
            auto_labels = model.tag_features(sequence, held)[0]
        if hints is not None or held is not None:
            batch = parse_batch([text], "auto", str(model.path))[0]
            auto_differs += [t["label"] for t in batch.tokens] != auto_labels
    return {"references": len(items), "labels_differ": label_differs,
            "auto_labels_differ": auto_differs, "max_marginal_difference": worst}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", help="corpora (default: gold and the GROBID .jsonl files in data/)")
    parser.add_argument("--model", help="model path (default: the shipped model)")
    args = parser.parse_args(argv)
    from tagger.corpora.corpus import load
    from tagger.crf.model import load_model

    data = ROOT / "data"
    files = args.files or [data / "gold.jsonl", *sorted(data.glob("grobid*.jsonl")),
                           *sorted(data.glob("grobid/*.jsonl"))]
    model = load_model(args.model)
    print(f"model: {model.path}")
    failed = False
    for path in files:
        result = check([record["text"] for record in load(path)], model)
        failed |= (result["labels_differ"] > 0 or result["auto_labels_differ"] > 0
                   or result["max_marginal_difference"] > TOLERANCE)
        print(json.dumps({"file": str(path), **result}))
    print("FAILED" if failed else f"OK: labels identical, marginals within {TOLERANCE:g}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
