"""arXiv ids and other identifiers as fields (issue 13): the rule tagger labels them `arxiv`,
the structured output holds the bare id, CSL-JSON, RIS and BibTeX carry it; PubMed ids and
handles come out as identifiers wherever the labeller put their text."""

import pytest

from tagger import parse
from tagger.output.formats import to_csl, to_ris

SHAPES = [
    ("Vaswani A, Shazeer N, Parmar N, et al. Attention is all you need. arXiv:1706.03762, 2017.",
     "arXiv:1706.03762", "1706.03762", None),
    ("Devlin J, Chang MW, Lee K, Toutanova K. BERT: Pre-training of deep bidirectional "
     "transformers for language understanding. arXiv preprint arXiv:1810.04805v2, 2018.",
     "arXiv:1810.04805v2", "1810.04805v2", "arXiv preprint"),
    ("Bahdanau D, Cho K, Bengio Y. Neural machine translation by jointly learning to align and "
     "translate. CoRR abs/1409.0473, 2014.", "abs/1409.0473", "1409.0473", "CoRR"),
    ("Maldacena J. The large N limit of superconformal field theories and supergravity. "
     "arXiv:hep-th/9711200, 1997.", "arXiv:hep-th/9711200", "hep-th/9711200", None),
]


@pytest.mark.parametrize("text, field, bare, venue", SHAPES)
def test_the_rules_label_arxiv_ids_and_leave_the_venue_alone(text, field, bare, venue):
    ref = parse(text, engine="rules")
    assert ref.fields["arxiv"] == field
    assert ref.to_dict()["arxiv"] == bare
    assert ref.fields.get("venue") == venue
    assert "arXiv" not in ref.fields["title"] and "abs/" not in ref.fields["title"]


@pytest.mark.parametrize("text, field, bare, venue", SHAPES)
def test_the_shipped_model_gives_the_bare_id_whatever_it_labels(text, field, bare, venue):
    assert parse(text).to_dict()["arxiv"] == bare


def test_csl_json_has_archive_number_url_and_arxiv_as_the_venue_where_none_is():
    item = to_csl(parse(SHAPES[0][0], engine="rules"))
    assert item["archive"] == "arXiv" and item["number"] == "arXiv:1706.03762"
    assert item["URL"] == "https://arxiv.org/abs/1706.03762"
    assert item["container-title"] == "arXiv"
    assert to_csl(parse(SHAPES[2][0], engine="rules"))["container-title"] == "CoRR"


def test_a_url_given_is_kept_in_csl():
    text = "Smith J. A title. arXiv:1706.03762, 2017. https://example.org/paper.pdf"
    assert to_csl(parse(text, engine="rules"))["URL"] == "https://example.org/paper.pdf"


def test_ris_has_the_id_as_accession_number_and_the_abstract_page():
    record = to_ris([parse(SHAPES[3][0], engine="rules")])
    assert "AN  - arXiv:hep-th/9711200" in record
    assert "UR  - https://arxiv.org/abs/hep-th/9711200" in record
    assert "T2  - arXiv" in record


def test_bibtex_has_eprint_and_archive_prefix():
    entry = parse(SHAPES[1][0], engine="rules").to_bibtex()
    assert "eprint = {1810.04805v2}" in entry
    assert "archivePrefix = {arXiv}" in entry


def test_pubmed_ids_come_out_of_the_note():
    text = ("Darter BJ, Wilken JM. Energetic consequences of using a prosthesis. Prosthetics and "
            "orthotics international. 2014 38(1) 5-11. PMID 23525888, PMCID PMC4014004")
    ref = parse(text, engine="rules")
    assert "PMID 23525888" in ref.fields["note"]
    assert (ref.to_dict()["pmid"], ref.to_dict()["pmcid"]) == ("23525888", "PMC4014004")
    item, record = to_csl(ref), to_ris([ref])
    assert (item["PMID"], item["PMCID"]) == ("23525888", "PMC4014004")
    assert "AN  - 23525888" in record and "C2  - PMC4014004" in record


def test_a_handle_is_an_identifier():
    ref = parse("Smith J. A thesis on things. MIT, 2010. http://hdl.handle.net/1721.1/12345.",
                engine="rules")
    assert ref.to_dict()["handle"] == "1721.1/12345"
    ref = parse("Smith J. A report on ice. AWI, 2016. hdl:10013/epic.43166", engine="rules")
    assert ref.to_dict()["handle"] == "10013/epic.43166"
    assert to_csl(ref)["URL"] == "https://hdl.handle.net/10013/epic.43166"


@pytest.mark.parametrize("text, field", [
    ("Berezinsky V. Ultra high energy cosmic rays. arXiv.org: astro-ph/0505220 (2005).",
     "arXiv.org: astro-ph/0505220"),
    ("Gaisser T. Cosmic rays. Nucl. Phys. 40 (1998) 391; astro-ph/9801044", "astro-ph/9801044"),
    ("ALICE Collaboration. Phys. Lett. B 746 (2015) 1 [arXiv :1502.01689].", "arXiv :1502.01689"),
])
def test_the_other_shapes_physics_lists_give(text, field):
    ref = parse(text, engine="rules")
    assert ref.fields["arxiv"] == field
