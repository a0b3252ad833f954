"""Measurements behind the retraining claims of docs/guide.md and docs/model.md (issue 6).

    python -m training.experiments.styles          # gain from 200 synthetic refs per style
    python -m training.experiments.learning_curve  # gold.xml score vs. annotated data size

Each writes a Markdown table and the same rows as JSON to training/experiments/results/.
"""
