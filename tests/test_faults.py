"""Model faults: every way a model file can be broken gives a clear ModelError under
engine="crf", one warning and the rule tagger under engine="auto", and never a crash of the
interpreter (a damaged file must not reach CRFsuite's C code, which trusts it)."""

import json
import os
import subprocess
import sys
import warnings

import pytest

import tagger.crf.model

from tagger import parse, parse_many
from tagger.crf.model import ModelError, file_sha256, load_model, manifest_path
from tagger.parse import ModelWarning

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TEXT = ("Brischoux, F., Chakraborty, S., Brierley, D.I., and Ungless, M.A. (2009). Phasic "
        "excitation of dopamine neurons in ventral VTA by noxious stimuli. Proc Natl Acad Sci "
        "U S A 106, 4894–4899.")


@pytest.fixture(scope="module")
def good_model(tiny_model):
    return tiny_model


def _copy(model, directory):
    target = directory / "copy.crfsuite"
    target.write_bytes(model.read_bytes())
    manifest_path(target).write_text(manifest_path(model).read_text(encoding="utf-8"))
    return target


def _rehash(model):
    """Make the manifest agree with a damaged file, as a careless re-export would."""
    manifest = json.loads(manifest_path(model).read_text(encoding="utf-8"))
    manifest["sha256"] = file_sha256(model)
    manifest_path(model).write_text(json.dumps(manifest), encoding="utf-8")


def _edit_manifest(model, **changes):
    manifest = json.loads(manifest_path(model).read_text(encoding="utf-8"))
    manifest.update(changes)
    manifest_path(model).write_text(json.dumps(manifest), encoding="utf-8")


def missing(model):
    model.unlink()


def manifest_missing(model):
    manifest_path(model).unlink()


def manifest_not_json(model):
    manifest_path(model).write_text("{not json", encoding="utf-8")


def manifest_not_an_object(model):
    manifest_path(model).write_text("[1, 2]", encoding="utf-8")


def truncated(model):
    model.write_bytes(model.read_bytes()[: model.stat().st_size // 2])


def truncated_and_rehashed(model):
    truncated(model)
    _rehash(model)


def random_bytes(model):
    model.write_bytes(os.urandom(model.stat().st_size))


def random_bytes_rehashed(model):
    random_bytes(model)
    _rehash(model)


def empty(model):
    model.write_bytes(b"")
    _rehash(model)


def wrong_feature_version(model):
    _edit_manifest(model, feature_version="0-old")


def hash_mismatch(model):
    data = bytearray(model.read_bytes())
    data[len(data) // 2] ^= 0xFF
    model.write_bytes(bytes(data))


def a_directory(model):
    model.unlink()
    model.mkdir()


# (A cut file with a matching manifest is tested in a child process below: it could crash
# this one.)
FAULTS = {
    "missing": (missing, "no such file"),
    "manifest missing": (manifest_missing, "manifest not found"),
    "manifest not JSON": (manifest_not_json, "manifest unreadable"),
    "manifest not an object": (manifest_not_an_object, "not a JSON object"),
    "truncated": (truncated, "does not match its manifest"),
    "random bytes": (random_bytes, "does not match its manifest"),
    "wrong feature version": (wrong_feature_version, "feature version"),
    "hash mismatch": (hash_mismatch, "does not match its manifest"),
    "a directory": (a_directory, "is a directory"),
    "empty, rehashed": (empty, "not a complete CRFsuite model"),
    "random bytes, rehashed": (random_bytes_rehashed, "not a complete CRFsuite model"),
}


@pytest.fixture
def broken(request, good_model, tmp_path):
    damage, message = FAULTS[request.param]
    model = _copy(good_model, tmp_path)
    damage(model)
    load_model.cache_clear()
    yield model, message
    load_model.cache_clear()


@pytest.mark.parametrize("broken", list(FAULTS), indirect=True)
def test_crf_engine_gives_a_clear_model_error(broken):
    model, message = broken
    with pytest.raises(ModelError, match=message) as raised:
        parse(TEXT, engine="crf", model=str(model))
    assert str(model.name) in str(raised.value) or "manifest" in str(raised.value)


@pytest.mark.parametrize("broken", list(FAULTS), indirect=True)
def test_auto_engine_falls_back_to_rules_with_one_warning(broken):
    model, _ = broken
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        refs = [parse(TEXT, engine="auto", model=str(model)) for _ in range(3)]
        refs += list(parse_many([TEXT, "", TEXT], engine="auto", model=str(model)))
    assert [ref.engine for ref in refs] == ["rules"] * 4 + ["none", "rules"]
    assert refs[0].fields["year"] == "2009"
    assert len([w for w in caught if issubclass(w.category, ModelWarning)]) == 1


@pytest.mark.parametrize("broken", ["hash mismatch", "missing"], indirect=True)
def test_a_model_that_cannot_load_is_examined_once_per_process(broken, monkeypatch):
    model, message = broken
    examined = []
    real = tagger.crf.model._read_manifest
    monkeypatch.setattr(tagger.crf.model, "_read_manifest",
                        lambda path: examined.append(path) or real(path))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(3):
            assert parse(TEXT, engine="auto", model=str(model)).engine == "rules"
    for _ in range(2):
        with pytest.raises(ModelError, match=message):
            parse(TEXT, engine="crf", model=str(model))
    assert len(examined) == 1
    load_model.cache_clear()  # ... until the cache is cleared: then it is examined again
    with pytest.raises(ModelError, match=message):
        load_model(model)
    assert len(examined) == 2


def test_a_model_trained_where_one_failed_to_load_is_read_afresh(tmp_path):
    from tagger.corpora.corpus import load
    from tagger.crf.train import train

    path = tmp_path / "new.crfsuite"
    with pytest.raises(ModelError, match="no such file"):
        load_model(path)
    train(load(os.path.join(REPO, "data", "core.jsonl"))[:20], path, params={"max_iterations": 5})
    assert parse(TEXT, engine="crf", model=str(path)).engine == "crf"


def test_the_good_model_loads_and_tags(good_model):
    ref = parse(TEXT, engine="crf", model=str(good_model))
    assert ref.engine == "crf" and ref.error is None and ref.tokens


# CRFsuite reads a model file by trusting the offsets inside it; a file cut short whose
# manifest was made to agree with it must still be refused before CRFsuite opens it. Run in a
# child process, so that a segmentation fault fails this test instead of ending the run.
CHILD = """
import sys
from tagger import parse
from tagger.crf.model import ModelError
try:
    parse("Smith J. A title. Nature 2020, 1, 1-2.", engine="crf", model=sys.argv[1])
except ModelError as error:
    print("ModelError:", error)
"""


@pytest.mark.parametrize("damage", [truncated_and_rehashed, random_bytes_rehashed, empty])
def test_a_damaged_model_with_a_matching_manifest_never_crashes_the_interpreter(
        damage, good_model, tmp_path):
    model = _copy(good_model, tmp_path)
    damage(model)
    child = subprocess.run([sys.executable, "-c", CHILD, str(model)], cwd=REPO,
                           capture_output=True, text=True, timeout=60, check=False)
    assert child.returncode == 0, f"interpreter died ({child.returncode}): {child.stderr[-500:]}"
    assert child.stdout.startswith("ModelError:")


# ------------------------------------------------------------------------------------------
# A benchmark tool that cannot measure says so with a non-zero exit, never a quiet 0.

def test_compare_refextract_without_refextract_exits_1(tmp_path, monkeypatch, capsys):
    from training.benchmarks import compare_refextract

    monkeypatch.setitem(sys.modules, "refextract", None)  # import refextract fails
    out = tmp_path / "r.jsonl"
    assert compare_refextract.main([os.path.join(REPO, "data", "gold.jsonl"), "-o", str(out)]) == 1
    assert capsys.readouterr().err == ("compare_refextract: refextract is not installed "
                                       "(pip install refextract)\n")
    assert not out.exists()


def test_compare_refextract_that_fails_on_every_reference_exits_1(tmp_path, monkeypatch,
                                                                   capsys):
    """Installed but broken (a dependency of its own missing): each reference's error is kept
    in the file, and a file of nothing but errors is no measure."""
    import types

    from tagger.corpora.corpus import load, write_jsonl
    from training.benchmarks import compare_refextract

    broken = types.ModuleType("refextract")

    def extract_references_from_string(text, is_only_references=True):
        raise ImportError("No module named 'magic'")

    broken.extract_references_from_string = extract_references_from_string
    monkeypatch.setitem(sys.modules, "refextract", broken)
    data, out = tmp_path / "three.jsonl", tmp_path / "r.jsonl"
    write_jsonl(load(os.path.join(REPO, "data", "gold.jsonl"))[:3], data)
    assert compare_refextract.main([str(data), "-o", str(out)]) == 1
    assert capsys.readouterr().err == ("compare_refextract: refextract failed on every "
                                       "reference, first with: ImportError: No module named "
                                       "'magic'\n")
    assert len(out.read_text(encoding="utf-8").splitlines()) == 3
    assert compare_refextract.main([str(tmp_path / "missing.jsonl"), "-o", str(out)]) == 1
    assert "missing.jsonl: no such file" in capsys.readouterr().err


def test_compare_refextract_in_a_real_process_exits_non_zero_without_refextract(tmp_path):
    import importlib.util

    if importlib.util.find_spec("refextract"):
        pytest.skip("refextract is installed here")
    result = subprocess.run([sys.executable, "-m", "training.benchmarks.compare_refextract",
                             os.path.join(REPO, "data", "gold.jsonl"), "-o",
                             str(tmp_path / "r.jsonl")], capture_output=True, cwd=REPO,
                            timeout=120, check=False)
    assert result.returncode == 1
    assert "refextract is not installed" in result.stderr.decode()
