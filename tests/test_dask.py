"""The Dask path on a real two-worker cluster (separate processes): the same results as one
process, in order, the model loaded once per worker. Skipped without the `dask` extra."""

import json
import os
import warnings

import pytest

db = pytest.importorskip("dask.bag")
distributed = pytest.importorskip("distributed")

from tagger import parse_many
from tagger.corpora.corpus import load
from tagger.dask import parse_bag, parse_column
from tagger.crf.model import ModelError
from tagger.parse import ModelWarning

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TEXTS = ([record["text"] for record in load(os.path.join(REPO, "data", "gold.jsonl"))[:300]]
         + ["", "\x00\x01", ".,;:", "1234567890", "中文标题 张三 2019"])


@pytest.fixture(scope="module")
def model(tiny_model):
    return str(tiny_model)


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None)
    with cluster, distributed.Client(cluster) as client:
        yield client


def _loads_per_worker(client):
    from tagger.crf.model import load_model

    return client.run(lambda: load_model.cache_info().misses)


def test_bag_output_equals_single_process_output(client, model):
    expected = [ref.to_dict() for ref in parse_many(TEXTS, engine="crf", model=model)]
    bag = db.from_sequence(TEXTS, npartitions=8)
    assert parse_bag(bag, engine="crf", model=model).compute() == expected
    loads = _loads_per_worker(client)
    assert len(loads) == 2 and set(loads.values()) <= {0, 1} and sum(loads.values()) >= 1
    assert parse_bag(bag, engine="crf", model=model).compute() == expected  # again, no reload
    assert _loads_per_worker(client) == loads


def test_dataframe_column_output_equals_single_process_output(client, model):
    dd = pytest.importorskip("dask.dataframe")
    pandas = pytest.importorskip("pandas")
    frame = dd.from_pandas(pandas.DataFrame({"reference": TEXTS}), npartitions=4)
    parsed = parse_column(frame["reference"], engine="crf", model=model).compute()
    expected = [ref.to_dict() for ref in parse_many(TEXTS, engine="crf", model=model)]
    assert [json.loads(text) for text in parsed] == expected


def test_a_broken_model_warns_once_on_the_client_and_the_rules_answer(client, tmp_path):
    broken = tmp_path / "broken.crfsuite"
    broken.write_bytes(b"junk")
    bag = db.from_sequence(TEXTS[:20], npartitions=4)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        results = parse_bag(bag, engine="auto", model=str(broken)).compute()
    assert [w.category for w in caught] == [ModelWarning]
    assert {result["engine"] for result in results} == {"rules"}
    with pytest.raises(ModelError):
        parse_bag(bag, engine="crf", model=str(broken))
