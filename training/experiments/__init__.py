"""Measurements behind the README's retraining claims (issue 6).

    python -m training.experiments.styles          # gain from 200 synthetic refs per style
    python -m training.experiments.learning_curve  # gold.xml score vs. annotated data size

Each writes a Markdown table and the same rows as JSON to training/experiments/results/.
"""
