"""DOIs as reference lists print them (issue 58): a link is the DOI, a "doi:" glued to what
follows is cut where the DOI ends, a DOI broken over a line is joined again; and the
annotated data follow the same convention (tagger.corpora.conventions.doi_links)."""

import pytest

from tagger import parse
from tagger.corpora.conventions import doi_links
from tagger.evaluate import evaluate
from tagger.evaluate.styles import annotated_sets
from tagger.text.normalize import normalize
from tagger.text.tokenize import tokenize

ARTICLE = "Fowler, J. H., & Jeon, S. (2008). The authority of Supreme Court precedent. " \
          "Social Networks, 30(1), 16–30. "


@pytest.mark.parametrize("link", ["https://doi.org/10.1016/j.socnet.2007.05.001",
                                  "http://dx.doi.org/10.1016/j.socnet.2007.05.001",
                                  "https://doi.org/https://doi.org/10.1016/j.socnet.2007.05.001"])
def test_a_doi_printed_as_a_link_is_the_doi_and_the_link_its_url(link):
    reference = parse(ARTICLE + link)
    assert reference.fields["doi"] == link  # as printed
    assert reference.extra["doi"] == "10.1016/j.socnet.2007.05.001"
    assert reference.extra["url"] == link
    assert reference.to_csl()["DOI"] == "10.1016/j.socnet.2007.05.001"


def test_a_link_beside_a_doi_printed_apart_stays_the_url():
    reference = parse("S. Weinberg. A new light boson? Phys. Rev. Lett., 40:223–226, 1978. "
                      "doi:10.1103/PhysRevLett.40.223. URL https://doi.org/10.1103/PhysRevLett.40.223.")
    assert reference.extra["doi"] == "10.1103/PhysRevLett.40.223"
    assert "doi.org" not in reference.fields["doi"]


def test_a_doi_glued_to_the_next_field_ends_where_the_doi_does():
    words = [token.text for token in tokenize("doi:10.1103/PhysRevD.12.3456.URL https://x.org/a")]
    assert words == ["doi", ":", "10.1103/PhysRevD.12.3456", ".", "URL", "https://x.org/a"]
    words = [token.text for token in tokenize("doi:10.1093/bioinformatics/btp352.PMID: 1")]
    assert words[2:5] == ["10.1093/bioinformatics/btp352", ".", "PMID"]
    assert [t.text for t in tokenize("10.1000/abc.url.")] == ["10.1000/abc.url", "."]
    reference = parse("Weinberg S. A new light boson? Phys. Rev. Lett., 40:223–226, 1978. "
                      "doi:10.1103/PhysRevLett.40.223.URL https://link.aps.org/doi/10.1103/"
                      "PhysRevLett.40.223.")
    assert reference.fields["doi"] == "10.1103/PhysRevLett.40.223"


def test_a_pubmed_id_after_the_doi_is_a_note():
    reference = parse("Li H, Handsaker B. The Sequence Alignment/Map format and SAMtools. "
                      "Bioinformatics. 2009;25(16):2078-9. doi:10.1093/bioinformatics/btp352 "
                      "PMID: 19505943")
    assert reference.fields["doi"] == "10.1093/bioinformatics/btp352"
    assert "19505943" in reference.fields["note"] and reference.extra["pmid"] == "19505943"


@pytest.mark.parametrize("raw, repaired", [
    ("doi: 10.1097/EE9.00000000000\n00061", "doi: 10.1097/EE9.0000000000000061"),
    ("doi: 10.1097/EE9.00000000000 00061.", "doi: 10.1097/EE9.0000000000000061."),
    ("327–341. https:\n//doi.org/10.2307/449284", "327–341. https://doi.org/10.2307/449284"),
    ("https://doi.org/10.1158/2159-8290.\nCD-12-0548", "https://doi.org/10.1158/2159-8290.CD-12-0548"),
    # what is not a DOI's rest stays apart
    ("doi: 10.1016/j.cell.2006.07.024\n2006", "doi: 10.1016/j.cell.2006.07.024 2006"),
    ("10.1371/journal.pone.000 1234.", "10.1371/journal.pone.000 1234."),
    ("Smith J. 2010.\nCD-12 is", "Smith J. 2010. CD-12 is"),
    ("note: //x", "note: //x"),
])
def test_a_doi_broken_over_a_line_is_joined_again(raw, repaired):
    assert normalize(raw).text == repaired


def test_a_doi_link_labelled_url_in_a_corpus_becomes_the_doi():
    text = "Title. 2013. http://dx.doi. org/10.1016/S0043-1354(98)00447-3."
    record = {"text": text, "spans": [[0, 6, "title"], [7, 12, "year"], [13, len(text), "url"]]}
    assert doi_links(record)["spans"][2][2] == "doi"
    apart = {"text": "doi:10.1/x https://doi.org/10.1/x",
             "spans": [[0, 10, "doi"], [11, 33, "url"]]}
    assert doi_links(apart) is apart
    other = {"text": "https://github.com/a/b", "spans": [[0, 22, "url"]]}
    assert doi_links(other) is other


def test_doi_links_in_the_web_software_data_family():
    """Issue 58's goal on its family: DOI F1 0.98 or more, links, dx.doi.org, glued and broken
    DOIs alike (written with these references in view: a floor, not a measure)."""
    records = annotated_sets()["families/web-software-data"]["records"]
    assert len(records) >= 60
    result = evaluate(records, engine="auto")
    assert result.fields["labels"]["doi"]["f1"] >= 0.98
