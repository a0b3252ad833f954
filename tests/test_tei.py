"""GROBID TEI as a corpus format: the mapping onto our labels, the conventions, the errors."""

import pytest

from tagger.corpora.corpus import CorpusError, load
from tagger.corpora.tei import read_grobid_tei

TEI = """<?xml version="1.0"?>
<TEI xmlns="http://www.tei-c.org/ns/1.0"><text><back><listBibl>
<bibl>[8]<author>T .C .Kraan and P .van Baal</author> ,<title level="j">Nucl .Phys .B</title><biblScope unit="volume">533</biblScope> ,<biblScope unit="page">627</biblScope> ( <date>1998</date>);</bibl>
<bibl> <author>A. Cau and W.-P. de Roever</author>. <title level="a">Formalising Dijkstra's
  strategy</title>. In <editor>C. B. Jones and T. Denvir</editor>, editors, <title level="m">Proc.
  5th. Refinement Workshop</title>, pp. <biblScope type="pp">62-68</biblScope>, <date>1992</date>. </bibl>
<bibl><author>R. W. Hockney</author>, <title level="m">Computer Simulation Using<lb/>Particles</title>
 (<publisher>McGraw-Hill</publisher>, <pubPlace>New York</pubPlace>, <date>1981</date>).</bibl>
<bibl><orgName type="collaboration">ATLAS Collaboration</orgName>, <idno type="report">ATLAS-CONF-2015-055</idno>;
 <idno>arXiv :hep-th/9203071</idno> <idno type="DOI">10.1103/PhysRevD.95.076006</idno>
 <ptr type="web">http://cern.ch/heed</ptr> <note type="report">PhD thesis</note> <notes>in French</notes></bibl>
<bibl><author><orgName>CERN</orgName></author>, <title level="s">Yellow Reports</title> <title level="m">Physics at LHC</title></bibl>
</listBibl></back></text></TEI>
"""


def fields(record):
    return [(record["text"][start:end], label) for start, end, label in record["spans"]]


def mapped(i):
    """GROBID's spans of the i-th bibl mapped onto our labels, no convention applied."""
    return fields(read_grobid_tei(TEI, conventions=())[i])


def test_physics_reference_glued_as_cut_out_of_a_pdf():
    record = read_grobid_tei(TEI)[0]
    assert record["text"] == "[8]T .C .Kraan and P .van Baal ,Nucl .Phys .B533 ,627 ( 1998);"
    assert mapped(0) == [("T .C .Kraan and P .van Baal", "author"), ("Nucl .Phys .B", "venue"),
                         ("533", "volume"), ("627", "pages"), ("1998", "year")]
    # the conventions: the number labelled, every separator in a field as AnyStyle's words are
    assert fields(record) == [("[8]", "citation-number"), ("T .C .Kraan and P .van Baal", "author"),
                              (",Nucl .Phys .B", "venue"), ("533", "volume"), (",627", "pages"),
                              ("( 1998);", "year")]


def test_markers_go_inside_their_field_as_in_anystyle_corpora():
    record = read_grobid_tei(TEI)[1]
    assert fields(record) == [
        ("A. Cau and W.-P. de Roever.", "author"), ("Formalising Dijkstra's strategy.", "title"),
        ("In C. B. Jones and T. Denvir, editors,", "editor"),
        ("Proc. 5th. Refinement Workshop,", "venue"), ("pp. 62-68,", "pages"), ("1992.", "year")]
    assert ("C. B. Jones and T. Denvir", "editor") in mapped(1)
    assert ("62-68", "pages") in mapped(1)


def test_monograph_title_is_the_title_when_no_article_title_and_lb_is_a_space():
    assert mapped(2) == [
        ("R. W. Hockney", "author"), ("Computer Simulation Using Particles", "title"),
        ("McGraw-Hill", "publisher"), ("New York", "location"), ("1981", "year")]


def test_identifiers_collaboration_and_misspelt_elements():
    assert mapped(3) == [
        ("ATLAS Collaboration", "author"), ("ATLAS-CONF-2015-055", "note"),
        ("arXiv :hep-th/9203071", "arxiv"), ("10.1103/PhysRevD.95.076006", "doi"),
        ("http://cern.ch/heed", "url"), ("PhD thesis", "genre"), ("in French", "note")]


def test_nested_org_name_takes_the_outer_label_and_series_needs_a_container():
    assert mapped(4) == [
        ("CERN", "author"), ("Yellow Reports", "series"), ("Physics at LHC", "title")]


VALUES_TEI = """<TEI><text><back><listBibl>
<bibl><author>R. D. King-Smith and D. Vanderbilt</author>, &quot;<title level="a">Theory of polarization</title> ,&quot;<title level="j">Phys .Rev .B</title> ,vol .<biblScope unit="volume">47</biblScope> ,pp .<biblScope unit="page">1651 -1654</biblScope>,<date>Jan1993</date> .</bibl>
<bibl><author>S. Ryu</author>, &quot;<title level="a">Causal Holographic Information</title>,&quot; JHEP <biblScope unit="volume">06</biblScope> (<date>2012</date>) <biblScope unit="page">114</biblScope>.</bibl>
<bibl>See also <title level="j">London Math .Soc .Lect .Notes</title> <biblScope unit="volume">60</biblScope> ,<biblScope unit="page">241 -299</biblScope>( <date>1981</date>).</bibl>
<bibl>17.<author>Møller ,J .S</author> .,<title level="j">Rev .Math .Phys</title>.<biblScope unit="volume">17</biblScope> (<date>2005</date>)</bibl>
</listBibl></back></text></TEI>"""


def test_conventions_change_no_core_value_but_separators_and_markers():
    from tagger.evaluate import gold_fields
    from tagger.evaluate.normalize import normalize_value
    from tagger.labels import CORE

    for tei in (TEI, VALUES_TEI):
        for raw, harmonized in zip(read_grobid_tei(tei, conventions=()), read_grobid_tei(tei)):
            before = gold_fields(raw["text"], raw["spans"])
            after = gold_fields(harmonized["text"], harmonized["spans"])
            for label in CORE:
                assert normalize_value(label, after.get(label)) == \
                    normalize_value(label, before.get(label)), (raw["text"], label)
    numbered = read_grobid_tei(VALUES_TEI)[3]
    assert fields(numbered)[0] == ("17.", "citation-number")


def test_ids_name_the_file(tmp_path):
    path = tmp_path / "PhysRevD.95.076006.training.references.tei.xml"
    path.write_text(TEI, encoding="utf-8")
    records = load(path)
    assert [record["id"] for record in records][:2] == ["PhysRevD.95.076006-0001",
                                                              "PhysRevD.95.076006-0002"]


@pytest.mark.parametrize("xml, message", [
    ("<TEI><listBibl><bibl><author>A</author>", ":1: malformed XML: no element found"),
    ("<TEI>\n<listBibl>\n<bibl><author>A</author> <foo>x</foo></bibl></listBibl></TEI>",
     ":3: unknown element <foo> in <bibl>"),
    ("<TEI>\n<bibl><bibl>x</bibl></bibl></TEI>", ":2: <bibl> inside <bibl>"),
    ("<TEI><listBibl/></TEI>", "no <bibl> element"),
])
def test_malformed_files_name_file_and_line(tmp_path, xml, message):
    path = tmp_path / "broken.tei.xml"
    path.write_text(xml, encoding="utf-8")
    with pytest.raises(CorpusError) as error:
        load(path)
    assert str(error.value).startswith(str(path))
    assert message in str(error.value)
