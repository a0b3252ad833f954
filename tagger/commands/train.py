"""Train a CRF model on annotated references (AnyStyle XML, JSONL spans or CoNLL columns).

By default the user's files are added to the data the shipped model was trained on
(`--base default`), oversampled by `--weight`, and a held-out part of the user's data
(`--holdout`) scores the shipped model and the new one side by side, so the gain is visible.
"""

import random
import sys
import time

from ..corpus import CorpusError, load
from ..model import ModelError, load_model
from ..train import DEFAULT_PARAMS, shipped_training_records, train, write_manifest

SEED = 13


def configure(parser):
    parser.add_argument("data", nargs="+", help="annotated references: .xml, .jsonl, .conll/.tsv")
    parser.add_argument("-o", "--output", required=True, help="model file to write (x.crfsuite; "
                                                              "its manifest goes to x.json)")
    parser.add_argument("--base", choices=("default", "none"), default="default",
                        help="also train on the shipped model's training data (default) or not")
    parser.add_argument("--weight", type=int, default=3,
                        help="how many times each of your references counts (default 3)")
    parser.add_argument("--holdout", type=float, default=0.2,
                        help="share of your references kept out of training to score the "
                             "before/after gain (default 0.2; 0 trains on all of them)")
    for name, value in DEFAULT_PARAMS.items():
        parser.add_argument(f"--{name.replace('_', '-')}", type=type(value), default=value,
                            dest=name, help=f"CRF {name} (default {value})")


def run(args) -> int:
    try:
        user = [record for path in args.data for record in load(path)]
    except (CorpusError, OSError) as error:
        print(f"reftag: {error}", file=sys.stderr)
        return 1
    if not user:
        print("reftag: no references in the training files", file=sys.stderr)
        return 1
    if not 0 <= args.holdout < 1 or args.weight < 1:
        print("reftag: --holdout must be in [0, 1) and --weight at least 1", file=sys.stderr)
        return 1

    held_out = []
    if args.holdout and len(user) >= 5:
        shuffled = random.Random(SEED).sample(user, len(user))
        cut = max(1, round(len(user) * args.holdout))
        held_out, user = shuffled[:cut], shuffled[cut:]
    base = shipped_training_records() if args.base == "default" else []
    records = base + user * args.weight
    params = {name: getattr(args, name) for name in DEFAULT_PARAMS}
    sources = {"base": args.base, "files": args.data, "weight": args.weight,
               "user_records": len(user), "held_out": len(held_out)}

    print(f"training on {len(base)} base + {len(user)}×{args.weight} of your references ...",
          file=sys.stderr)
    started = time.perf_counter()
    manifest = train(records, args.output, params=params, sources=sources)
    evidence = inherited_evidence(args.base, params)
    if evidence:
        manifest["rules_evidence"] = evidence
        write_manifest(args.output, manifest)
    print(f"wrote {args.output} in {time.perf_counter() - started:.0f} s"
          + (f"; auto keeps the shipped model's rules_evidence {evidence}" if evidence else ""),
          file=sys.stderr)

    if held_out:
        from ..evaluate import evaluate

        for engine in ("crf", "auto") if evidence else ("crf",):
            before = evaluate(held_out, engine=engine)
            after = evaluate(held_out, model=args.output, engine=engine)
            print(f"held-out {len(held_out)} of your references, {engine}, core micro-F1: "
                  f"shipped model {before.core_f1:.4f} → new model {after.core_f1:.4f}; "
                  f"all core fields right: {before.fields['all_core_correct']:.1%} → "
                  f"{after.fields['all_core_correct']:.1%}")
    return 0


def inherited_evidence(base: str, params: dict) -> dict | None:
    """The shipped model's `rules_evidence`, for a model trained like it (its data and CRF
    parameters, plus the user's): the CRF's scores keep their scale, so the same bonus still
    fits (measured on two such models, README). None for any other model: uncalibrated."""
    if base != "default" or params != DEFAULT_PARAMS:
        return None
    try:
        return load_model().manifest.get("rules_evidence")
    except ModelError:
        return None
