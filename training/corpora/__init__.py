"""The data the models are trained and measured on: converters of other projects' corpora,
hand-marked references, word lists, and documents typeset with their gold (PDF papers,
non-papers, real pastes)."""
