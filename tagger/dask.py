"""Parse references on a Dask cluster, when one machine is not enough.

    import dask.bag as db
    from tagger.dask import parse_bag, parse_column
    results = parse_bag(db.read_text("refs-*.txt").map(str.rstrip)).compute()   # dicts, in order
    frame["parsed"] = parse_column(frame["reference"])     # a DataFrame column of JSON text

    from tagger.batch import documents
    files = db.from_sequence([str(d.path) for d in documents("papers/")], npartitions=64)
    records = find_bag(files).compute()    # one DocumentResult.record() a document, in order

Each result is the JSON object of docs/design.md's output contract (`Reference.to_dict()`), a failed
reference one with an `error` key: as a dict in a bag, as its JSON text in a DataFrame column
(Dask moves object columns through Arrow, which would turn the dicts into structs with every
key and their lists into arrays).

The model is decided and checked once, on the client: a model that cannot load is a ModelError
under engine="crf" and one warning and the rule tagger under "auto". Its bytes then travel in
the task graph as one piece of data, which each worker fetches once and writes to a local file
named by its hash; the cached `load_model` opens it once per worker process. So workers need
no shared file system and no copy of the model of their own.

Documents (find_bag, and `reftag find FOLDER --dask SCHEDULER` through find_on_cluster) are
read by the workers at the paths given, so the workers must see the files there (a shared
file system, or a LocalCluster). A Dask worker is a daemonic process by default, and a daemonic
process may start no child: its PDFs are then read in the worker itself, unbounded. Start the
workers with `DASK_DISTRIBUTED__WORKER__DAEMON=False` (the config `distributed.worker.daemon`)
to have each PDF read in a child bounded in memory and time, as on one machine.

Needs the optional extra: pip install 'reftag[dask]' (a DataFrame column also needs
dask[dataframe]).
"""

import hashlib
import json
import os
import tempfile
from pathlib import Path

import dask

from .batch import Document, DocumentResult, find_document
from .crf.model import load_model, manifest_path
from .parse import parse_many, resolve_engine


def parse_bag(bag, engine: str = "auto", model=None):
    """A Dask bag of reference strings → a bag of result dicts, one each, in the same order."""
    engine, shipped = _ship_model(engine, model)
    return bag.map_partitions(_parse_partition, engine, shipped)


def parse_column(column, engine: str = "auto", model=None):
    """A Dask DataFrame column (Series) of reference strings → a column of results as JSON."""
    engine, shipped = _ship_model(engine, model)
    return column.map_partitions(_parse_series, engine, shipped, meta=(column.name, "string"))


def find_bag(bag, engine: str = "auto", model=None, **reading):
    """A Dask bag of document paths → a bag of their records (DocumentResult.record(): file,
    status, message, references), one each, in the same order. `reading`: max_pages,
    time_limit, memory_limit (MB), as for tagger.find_many."""
    engine, shipped = _ship_model(engine, model)
    return bag.map_partitions(_find_partition, engine, shipped, reading, records=True)


def find_on_cluster(documents, scheduler: str, engine: str = "auto", model=None, **reading):
    """tagger.find_many on the Dask cluster at `scheduler` (an address, "tcp://host:8786"):
    DocumentResult after DocumentResult, in order, each as soon as it and those before it are
    done. `documents`: paths or tagger.batch.Document."""
    import dask.bag as db
    from distributed import Client

    documents = [item if isinstance(item, Document) else Document(Path(item), Path(item).name)
                 for item in documents]
    if not documents:
        return
    engine, shipped = _ship_model(engine, model)
    bag = db.from_sequence(documents, partition_size=1)
    found = bag.map_partitions(_find_partition, engine, shipped, reading, records=False)
    try:
        client = Client(scheduler, timeout=30)
    except (OSError, ValueError) as error:
        raise OSError(f"cannot reach the Dask scheduler at {scheduler}: {error}") from None
    with client:
        futures = client.compute(found.to_delayed())
        for document, future in zip(documents, futures):  # one document a partition
            try:
                yield from future.result()
            except Exception as error:  # its worker died (KilledWorker), or the task failed
                yield DocumentResult(str(document.path), document.name,
                                     error=f"the Dask task finding it failed: {error!r}")


def _find_partition(paths, engine, shipped, reading, records: bool):
    model = _local_model(shipped)
    found = []
    for item in paths:
        document = item if isinstance(item, Document) else Document(Path(item), Path(item).name)
        result = find_document(document, engine, model, **reading)
        found.append(result.record() if records else result)
    return found


def _ship_model(engine, model):
    """(engine to use, the model as a Delayed payload or None), decided on the client."""
    engine = resolve_engine(engine, model)
    if engine == "rules":
        return engine, None
    loaded = load_model(model)
    model_bytes, manifest = loaded.path.read_bytes(), manifest_path(loaded.path).read_bytes()
    # Named by model and manifest together: one CRF file can come with another manifest (a
    # new feature version, new rules_evidence), and a worker must not reuse a stale one.
    name = hashlib.sha256(model_bytes + b"\0" + manifest).hexdigest()
    payload = {"sha256": name, "model": model_bytes, "manifest": manifest}
    return engine, dask.delayed(payload, pure=True, traverse=False)


def _parse_partition(texts, engine, shipped):
    model = _local_model(shipped)
    return [ref.to_dict() for ref in parse_many(texts, engine, model)]


def _parse_series(series, engine, shipped):
    model = _local_model(shipped)
    import pandas as pd

    records = [json.dumps(ref.to_dict(), ensure_ascii=False)
               for ref in parse_many(series.tolist(), engine, model)]
    return pd.Series(records, index=series.index, name=series.name, dtype="string")


def _local_model(shipped) -> str | None:
    """The shipped model as a file on this worker, written once (by whichever process is first)."""
    if shipped is None:
        return None
    directory = Path(tempfile.gettempdir()) / "reftag-models"
    path = directory / f"{shipped['sha256']}.crfsuite"
    if not path.exists():
        directory.mkdir(exist_ok=True)
        _write_atomically(manifest_path(path), shipped["manifest"])
        _write_atomically(path, shipped["model"])  # last: its presence means both are there
    return str(path)


def _write_atomically(path: Path, data: bytes) -> None:
    """Write via a temporary file and rename, so a process racing on it never reads half."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".incoming-")
    with os.fdopen(handle, "wb") as stream:
        stream.write(data)
    os.replace(temporary, path)
