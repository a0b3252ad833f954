"""Load a CRF model safely and tag token sequences with it.

A model is a CRFsuite binary with a JSON manifest beside it (`x.crfsuite` + `x.json`). The
manifest's hash is checked before CRFsuite reads the file, so a truncated or foreign file is
refused with a clear error instead of reaching C code that trusts it; nothing is unpickled.
"""

import hashlib
import json
import struct
import threading
from functools import lru_cache
from pathlib import Path

from .features import FEATURE_VERSION, featurize
from ..labels import field_of, states_by_label
from ..text.sniff import no_such_file

def models_dir() -> Path:
    """Where the shipped models are: models/ in a checkout, tagger/models in an installed wheel."""
    package = Path(__file__).resolve().parents[1]  # tagger/, where a wheel puts models/
    installed = package / "models"
    return installed if installed.is_dir() else package.parent / "models"


DEFAULT_MODEL = models_dir() / "default.crfsuite"


class ModelError(Exception):
    """The model cannot serve: missing, damaged, or built for other features."""


def manifest_path(model_path) -> Path:
    return Path(model_path).with_suffix(".json")


def file_sha256(path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


class CRFModel:
    """A loaded model. Parsing decodes from its weights (`weights()`, decode.py), many
    references at a time; `tag` and `tag_features` ask crfsuite itself, one reference at a
    time: the reference the fast path is checked against."""

    def __init__(self, path):
        self.path = Path(path)
        self.manifest = _read_manifest(self.path)
        self._tagger = None  # opened on first use: the batch path never needs it
        self._states = None  # each label's states, read from the tagger with it
        self._lock = threading.Lock()  # a crfsuite Tagger holds one sequence at a time
        self._held = None  # ... this one: tagging it again (with hints) need not set it again
        self._weight_arrays = None
        self._encoder = None

    def tag(self, tokens, text):
        """Labels and the CRF's marginal probability of each."""
        return self.tag_features(featurize(tokens, text))

    def tag_features(self, sequence, hints=None):
        """Labels and marginals for featurized tokens (`features.featurize`).

        `hints`, one (label, bonus) per token, add to the CRF's score of that label before
        decoding (decode.py), so outside evidence can tip close calls; a label the model does
        not know is ignored. Without hints crfsuite decodes alone, as trained. A sequence
        passed again must be unchanged: the tagger may still hold it.
        """
        if not sequence:
            return [], []
        import pycrfsuite

        weights = None if hints is None else self.weights()
        with self._lock:
            if self._tagger is None:
                self._tagger = pycrfsuite.Tagger()
                self._tagger.open(str(self.path))
            if self._held is not sequence:
                self._tagger.set(pycrfsuite.ItemSequence(sequence))
                self._held = sequence
            if hints is None:
                states = self._tagger.tag()
            else:
                states = weights.decode(sequence, hints)
            same = self._states_by_label()
            probs = [sum(self._tagger.marginal(other, i) for other in same[field_of(state)])
                     for i, state in enumerate(states)]
        return [field_of(state) for state in states], probs

    def _states_by_label(self) -> dict:
        """Each label's states in the model (its "B-" one too, where it has one)."""
        if self._states is None:
            states = self._tagger.labels()
            self._states = {label: [states[j] for j in columns]
                            for label, columns in states_by_label(states).items()}
        return self._states

    def weights(self):
        """The model's weights as arrays (decode.Weights), read on first use (it imports numpy)."""
        if self._weight_arrays is None:
            with self._lock:
                if self._weight_arrays is None:
                    try:
                        self._weight_arrays = read_weights(self.path)
                    except (struct.error, ValueError, IndexError) as error:
                        raise ModelError(f"{self.path}: weights unreadable: {error}") from None
        return self._weight_arrays

    def encoder(self):
        """Scores tokens under these weights (encode.Encoder, with its word cache), made once."""
        if self._encoder is None:
            from .encode import Encoder

            weights = self.weights()
            with self._lock:
                if self._encoder is None:
                    self._encoder = Encoder(weights)
        return self._encoder


def _not_a_model_file(path: Path) -> str:
    """The words the command line uses for a path that is no file (tagger.text.sniff)."""
    return f"{path}: is a directory" if path.is_dir() else f"{no_such_file(path)} (the model file)"


def _read_manifest(path: Path) -> dict:
    if not path.is_file():
        raise ModelError(_not_a_model_file(path))
    manifest_file = manifest_path(path)
    try:
        manifest = json.loads(manifest_file.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ModelError(f"model manifest not found: {manifest_file}") from None
    except (OSError, ValueError) as error:
        raise ModelError(f"model manifest unreadable: {manifest_file}: {error}") from None
    if not isinstance(manifest, dict):
        raise ModelError(f"model manifest is not a JSON object: {manifest_file}")
    if manifest.get("feature_version") != FEATURE_VERSION:
        raise ModelError(
            f"model {path.name} was built for feature version {manifest.get('feature_version')!r}, "
            f"this reftag extracts version {FEATURE_VERSION!r}: retrain it")
    evidence = manifest.get("rules_evidence")
    if evidence is not None and not (isinstance(evidence, dict) and all(
            isinstance(evidence.get(key), (int, float)) for key in ("below", "weight"))):
        raise ModelError(f"model manifest's rules_evidence must be {{\"below\": number, "
                         f"\"weight\": number}} or absent: {manifest_file}")
    data = path.read_bytes()
    if manifest.get("sha256") != hashlib.sha256(data).hexdigest():
        raise ModelError(f"model file {path} does not match its manifest (damaged or replaced)")
    _check_layout(path, data)
    return manifest


# CRFsuite's model header: magic, file size, type, version, counts, then five chunk offsets.
_HEADER = struct.Struct("<4sI4sIIII5I")
_CHUNKS = (b"FEAT", b"CQDB", b"CQDB", b"LFRF", b"AFRF")


def _check_layout(path: Path, data: bytes) -> None:
    """Refuse a file whose header and chunk markers are not a CRFsuite model's.

    CRFsuite reads offsets from the file without checking them, so a file that merely has a
    matching manifest (a careless re-export) could still crash the interpreter.
    """
    if len(data) < _HEADER.size:
        raise ModelError(f"{path} is not a complete CRFsuite model (too short)")
    magic, size, kind, _, _, labels, attributes, *offsets = _HEADER.unpack_from(data)
    if magic != b"lCRF" or kind != b"FOMC" or size != len(data) or not labels or not attributes:
        raise ModelError(f"{path} is not a complete CRFsuite model")
    for offset, chunk in zip(offsets, _CHUNKS):
        if not _HEADER.size <= offset <= size - 4 or data[offset:offset + 4] != chunk:
            raise ModelError(f"{path} is not a complete CRFsuite model (bad {chunk.decode()} chunk)")


@lru_cache(maxsize=8)
def open_tagger(path: str):
    """A CRFsuite tagger on the model file at `path` (the finder's zone and boundary models),
    opened once per process, its layout checked first: CRFsuite trusts the file's offsets."""
    import pycrfsuite

    file = Path(path)
    if not file.is_file():
        raise ModelError(_not_a_model_file(file))
    _check_layout(file, file.read_bytes())
    tagger = pycrfsuite.Tagger()
    tagger.open(str(file))
    return tagger


def read_weights(path):
    """A checked model's labels, attributes and feature weights, read from the file itself:
    exact (crfsuite's text dump rounds them) and in milliseconds rather than half a second."""
    import numpy as np

    from .decode import FEATURE, Weights

    data = Path(path).read_bytes()
    *_, features, labels, attributes, _, _ = _HEADER.unpack_from(data)
    count = struct.unpack_from("<I", data, features + 8)[0]  # after "FEAT" and the chunk size
    table = np.frombuffer(data, dtype=FEATURE, count=count, offset=features + 12)
    return Weights(_cqdb_strings(data, labels), _cqdb_strings(data, attributes), table)


def _cqdb_strings(data: bytes, start: int) -> list[str]:
    """The strings of the CQDB database at `start`, in id order (through its backward array)."""
    *_, count, backward = struct.unpack_from("<4sIIIII", data, start)
    strings = []
    for offset in struct.unpack_from(f"<{count}I", data, start + backward):
        _, size = struct.unpack_from("<II", data, start + offset)
        strings.append(data[start + offset + 8:start + offset + 7 + size].decode("utf-8"))
    return strings


def load_model(path=None) -> CRFModel:
    """The model at `path` (default: the shipped one), loaded once per process and shared,
    however the path is spelled (`load_model()`, `load_model(None)`, a relative path).

    A model that cannot load raises ModelError, and that answer is kept too: `auto` asks at
    every parse() call, and checking a damaged file again means reading and hashing it again.
    """
    loaded = _load_file(Path(path).resolve() if path else _default_path())
    if isinstance(loaded, ModelError):
        raise ModelError(*loaded.args)  # a new one each time: raising grows its traceback
    return loaded


@lru_cache(maxsize=1)
def _default_path() -> Path:
    """The shipped model's path, resolved once: resolving asks the file system for each part
    of the path, which cost a parse() call more than normalizing its reference."""
    return DEFAULT_MODEL.resolve()


@lru_cache(maxsize=8)
def _load_file(path: Path) -> CRFModel | ModelError:
    try:
        return CRFModel(path)
    except ModelError as error:
        return error


load_model.cache_clear = _load_file.cache_clear
load_model.cache_info = _load_file.cache_info
