"""The library call and its output contract (DESIGN.md), on the shipped model."""

import json

import pytest

import tagger
from tagger import parse, parse_many
from tagger.labels.fields import trim
from tagger.labels import LABELS, OTHER

JOS = ("Romero J, Yin JQ, Laanait N, et al. Accelerating collective communication in data "
       "parallel training across deep learning frameworks. In: Proc. of the 19th USENIX Symp. on "
       "Networked Systems Design and Implementation. Renton: USENIX, 2022. 1027–1040. "
       "[doi: 10.1007/978-3-030-78713-4_2]")
APA = ("Brischoux, F., Chakraborty, S., Brierley, D.I., and Ungless, M.A. (2009). Phasic "
       "excitation of dopamine neurons in ventral VTA by noxious stimuli. Proc Natl Acad Sci U S A "
       "106, 4894–4899.")
GBT = ("[7] He K M, Zhang X Y, Ren S Q, et al.Deep residual learning for image recognition[C]∥"
       "Proc of the IEEE Conf on Computer Vision and Pattern Recognition,2016:770-778.")


def test_contract_keys_and_types():
    ref = parse(APA).to_dict()
    for key in ("raw", "fields", "authors", "type", "tokens", "confidence", "engine"):
        assert key in ref
    assert ref["raw"] == APA
    assert ref["engine"] == "crf"
    assert 0 < ref["confidence"] <= 1
    assert set(ref["fields"]) <= set(LABELS)
    json.dumps(ref)  # JSON-ready


def test_tokens_carry_offsets_into_raw_labels_and_probabilities():
    ref = parse(GBT)
    for token in ref.tokens:
        assert GBT[token["start"]:token["end"]] == token["text"]
        assert token["label"] in LABELS or token["label"] == OTHER
        assert 0 <= token["p"] <= 1


def test_apa_journal_reference_fields():
    fields = parse(APA).fields
    assert fields["author"].startswith("Brischoux, F.")
    assert fields["year"] == "2009"
    assert fields["title"] == ("Phasic excitation of dopamine neurons in ventral VTA by "
                               "noxious stimuli")
    assert fields["venue"] == "Proc Natl Acad Sci U S A"
    assert fields["volume"] == "106"
    assert fields["pages"] == "4894–4899"


def test_glued_gbt_reference_is_split_into_its_fields():
    fields = parse(GBT).fields
    assert fields["citation-number"] == "7"
    assert fields["author"].startswith("He K M")
    assert fields["title"] == "Deep residual learning for image recognition"
    assert "2016" in fields["year"]
    assert fields["pages"] == "770-778"


def test_a_page_range_written_with_a_minus_sign_is_pages():
    """A PDF's minus sign (U+2212) for the range's dash was read as a second year."""
    ref = parse("Sharpless, K. B.; Finn, M. G.; Kolb, H. C. Angew. Chem., Int. Ed. 2001, 40, "
                "2004\u22122021.")
    assert ref.fields["year"] == "2001"
    assert ref.fields["pages"] == "2004-2021"
    dash = next(token for token in ref.tokens if token["label"] == "pages" and token["text"] == "-")
    assert ref.raw[dash["start"]:dash["end"]] == "\u2212"


def test_offsets_survive_repairs():
    text = "Smith J. Accele- rating deep learning. J Mach Learn Res, 2020, 21(3): 1-10."
    ref = parse(text)
    for token in ref.tokens:
        assert 0 <= token["start"] < token["end"] <= len(text)
    assert "Accelerating" in ref.fields.get("title", "")


@pytest.mark.parametrize("bad", ["", "   ", "\x00\x01\x02", ".,;:!?", "1234567890"])
def test_degenerate_input_gives_a_record_not_an_exception(bad):
    ref = parse(bad)
    assert ref.raw == bad
    if not bad.strip():
        assert ref.error == "empty reference"


def test_very_long_reference_is_cut_with_a_warning():
    with pytest.warns(UserWarning, match="cut to"):
        ref = parse("Smith J. " * 5000)
    assert ref.error is None


def test_unknown_engine_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown engine"):
        parse(APA, engine="magic")


def test_parse_many_keeps_order_and_count_whatever_fails():
    texts = [APA, "", GBT, None, JOS]
    refs = list(parse_many(texts))
    assert [r.raw for r in refs[:3]] == [APA, "", GBT]
    assert refs[1].error and refs[3].error
    assert refs[4].fields["doi"] == "10.1007/978-3-030-78713-4_2"


def test_default_model_is_loaded_once_and_shared():
    from tagger.crf.model import DEFAULT_MODEL, load_model

    assert load_model() is load_model()
    # however the path is spelled, one load
    assert load_model(None) is load_model() is load_model(str(DEFAULT_MODEL))
    assert tagger.parse is parse


@pytest.mark.parametrize("value, trimmed", [
    ('"Quantum corrections to holographic entanglement entropy ,', "Quantum corrections to holographic entanglement entropy"),
    (',"JHEP', "JHEP"),  # a PDF's closing quote glued to the journal: "… entropy ,"JHEP 1311"
    ("',Phys .Rev .Lett", "Phys .Rev .Lett"),
    ('"Title"', "Title"),
    ("Title”", "Title"),
    ('"A "quoted" word', '"A "quoted" word'),  # quotes with a partner inside stay
    ("(1995)[", "1995"),  # "4724(1995)[hep-th/9510017]": the arXiv id's bracket opens at the end
    ("(1994); (1994)", "(1994); (1994)"),  # two dates in one field keep their brackets
    ("](2001)", "2001"),
    ("Ann. Phys. (Leipzig)", "Ann. Phys. (Leipzig)"),
])
def test_a_field_value_loses_the_quotes_and_brackets_that_dangle_at_its_ends(value, trimmed):
    assert trim(value) == trimmed
