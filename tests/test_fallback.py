"""The `auto` engine: the CRF answers unless its confidence in a reference is under the model's
`fallback_below`, or the model cannot load (then the rules answer, after one warning)."""

import json
import warnings

from tagger import parse, parse_many
from tagger.model import load_model, manifest_path
from tagger.parse import ModelWarning

APA = ("Brischoux, F., Chakraborty, S., Brierley, D.I., and Ungless, M.A. (2009). Phasic "
       "excitation of dopamine neurons in ventral VTA by noxious stimuli. Proc Natl Acad Sci "
       "U S A 106, 4894–4899.")
ODD = "Dr. K. Hui.?? (n.d.) see: sec 4 — notes ... [private communication] ~ 12 / 3"


def with_threshold(model, directory, threshold):
    """A copy of `model` whose manifest says `fallback_below: threshold`. Only the manifest
    changes, so its sha256 of the model file stays right."""
    target = directory / f"model-{threshold}.crfsuite"
    target.write_bytes(model.read_bytes())
    manifest = json.loads(manifest_path(model).read_text(encoding="utf-8"))
    manifest["fallback_below"] = threshold
    manifest_path(target).write_text(json.dumps(manifest), encoding="utf-8")
    load_model.cache_clear()
    return str(target)


def test_a_threshold_above_every_confidence_sends_every_reference_to_the_rules(
        tiny_model, tmp_path):
    model = with_threshold(tiny_model, tmp_path, 1.01)
    refs = [parse(text, engine="auto", model=model) for text in (APA, ODD)]
    assert [ref.engine for ref in refs] == ["rules", "rules"]
    assert refs[0].fields == parse(APA, engine="rules").fields


def test_a_zero_threshold_keeps_the_crf(tiny_model, tmp_path):
    model = with_threshold(tiny_model, tmp_path, 0.0)
    refs = [parse(text, engine="auto", model=model) for text in (APA, ODD)]
    assert [ref.engine for ref in refs] == ["crf", "crf"]
    assert refs[0].fields == parse(APA, engine="crf", model=model).fields


def test_no_threshold_in_the_manifest_keeps_the_crf(tiny_model):
    load_model.cache_clear()
    assert "fallback_below" not in load_model(str(tiny_model)).manifest
    assert parse(ODD, engine="auto", model=str(tiny_model)).engine == "crf"


def test_the_threshold_is_applied_per_reference(tiny_model, tmp_path):
    confidences = {text: parse(text, engine="crf", model=str(tiny_model)).confidence
                   for text in (APA, ODD)}
    low, high = sorted(confidences, key=confidences.get)
    assert confidences[low] < confidences[high]
    model = with_threshold(tiny_model, tmp_path, (confidences[low] + confidences[high]) / 2)
    assert parse(low, engine="auto", model=model).engine == "rules"
    assert parse(high, engine="auto", model=model).engine == "crf"


def test_engine_crf_ignores_the_threshold(tiny_model, tmp_path):
    model = with_threshold(tiny_model, tmp_path, 1.01)
    assert parse(APA, engine="crf", model=model).engine == "crf"


def test_a_broken_model_under_auto_warns_once_for_many_references(tiny_model, tmp_path):
    model = tmp_path / "broken.crfsuite"
    model.write_bytes(tiny_model.read_bytes()[:100])  # truncated: its sha256 no longer matches
    manifest_path(model).write_text(manifest_path(tiny_model).read_text(encoding="utf-8"))
    load_model.cache_clear()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        refs = [parse(APA, engine="auto", model=str(model)) for _ in range(30)]
        refs += list(parse_many([ODD] * 30, engine="auto", model=str(model)))
    assert {ref.engine for ref in refs} == {"rules"} and len(refs) == 60
    model_warnings = [w for w in caught if issubclass(w.category, ModelWarning)]
    assert len(model_warnings) == 1
    assert "does not match its manifest" in str(model_warnings[0].message)
