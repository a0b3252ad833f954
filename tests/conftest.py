"""Fixtures shared by the test files."""

from pathlib import Path

import pytest

import itertools
import json

from tagger.corpora.corpus import load
from tagger.crf.model import load_model, manifest_path
from tagger.crf.train import train

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def tiny_model(tmp_path_factory) -> Path:
    """A real CRF trained in a second on 40 core records: the CRF path, fast. Copy before
    changing it; the whole session shares this file."""
    path = tmp_path_factory.mktemp("model") / "tiny.crfsuite"
    train(load(REPO / "data" / "core.jsonl")[:40], path, params={"max_iterations": 30})
    return path


@pytest.fixture(scope="session")
def evidence_model(tiny_model, tmp_path_factory):
    """Make copies of the tiny model whose manifest holds `rules_evidence` {below, weight}
    (below None: none), a new file each call. Only the manifest changes, so its sha256 of
    the model file stays right."""
    directory, numbers = tmp_path_factory.mktemp("evidence"), itertools.count()

    def make(below, weight=1.0) -> str:
        target = directory / f"model-{next(numbers)}.crfsuite"
        target.write_bytes(tiny_model.read_bytes())
        manifest = json.loads(manifest_path(tiny_model).read_text(encoding="utf-8"))
        manifest.pop("rules_evidence", None)
        if below is not None:
            manifest["rules_evidence"] = {"below": below, "weight": weight}
        manifest_path(target).write_text(json.dumps(manifest), encoding="utf-8")
        load_model.cache_clear()
        return str(target)

    return make
