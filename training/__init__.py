"""The code that makes the shipped models and measures them, run from a checkout
(`python -m training.…`); the `tagger` package never imports it and the wheel does not carry
it. Folders by purpose, listed in training/README.md: corpora (the data), models (what builds
a shipped model), experiments (measurements of accuracy), benchmarks (speed, sameness, other
tools), site (the documentation's generated page and picture).
"""
