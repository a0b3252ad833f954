"""Measurements of accuracy behind the documentation's claims: retraining on a new style,
learning curves, cross-corpus folds, ablations of corpora and finder rules, confidence,
the error families, name splitting.

    python -m training.experiments.styles          # gain from 200 synthetic refs per style
    python -m training.experiments.learning_curve  # gold.xml score vs. annotated data size
    python -m training.experiments.cross_corpus    # GROBID's folds by training corpus

Most write a Markdown table and the same rows as JSON to training/experiments/results/.
"""
