"""Fixtures shared by the test files."""

from pathlib import Path

import pytest

from tagger.corpus import load
from tagger.train import train

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def tiny_model(tmp_path_factory) -> Path:
    """A real CRF trained in a second on 40 core records: the CRF path, fast. Copy before
    changing it; the whole session shares this file."""
    path = tmp_path_factory.mktemp("model") / "tiny.crfsuite"
    train(load(REPO / "data" / "core.jsonl")[:40], path, params={"max_iterations": 30})
    return path
