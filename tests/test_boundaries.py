"""The finder's boundary model and the layout corpora it is trained on: GROBID's TEI read as
lines with their zones and marks, and real lists' shapes the rules alone split badly."""

from tagger.evaluate.segmentation import gold_spans, layout_documents, split_counts
from tagger.finder import find_segments, segment
from tagger.finder.lines import LINK_LINE
from tagger.corpora.layout_tei import read_reference_section, read_segmentation

SEGMENTATION_TEI = """<?xml version="1.0" ?>
<tei xml:space="preserve"><teiHeader><fileDesc xml:id="_0"/></teiHeader>
<text xml:lang="en">
  <front>A Title <lb/>A. Author <lb/></front>
  <body>Some running text that goes <lb/>on here. <lb/></body>
  <page>7 <lb/></page>
  <note place="headnote">Running head <lb/></note>
  <listBibl>References <lb/>Smith J. 2001. A paper. Nature 1: 2-3. <lb/></listBibl>
  <div type="annex">Appendix A <lb/></div>
</text></tei>"""

REFERENCE_TEI = """<tei xml:space="preserve"><teiHeader><fileDesc xml:id="_0"/></teiHeader>
<text xml:lang="en"><listBibl>
References
<bibl><label>1.</label><lb/>Podschun R, Ullmann U. Klebsiella spp. as nosocomial pathogens.<lb/> Clin Microbiol Rev. 1998;11:589-603.<lb/></bibl>
<bibl><label>2.</label><lb/>Canton R, Coque TM. The CTX-M pandemic. Curr Opin Microbiol. 2006;9:466-75.<lb/></bibl>
</listBibl></text></tei>"""


def test_segmentation_tei_is_read_as_lines_with_their_zones(tmp_path):
    path = tmp_path / "paper.training.segmentation.tei.xml"
    path.write_text(SEGMENTATION_TEI, encoding="utf-8")
    assert read_segmentation(path) == [
        ("front", "A Title"), ("front", "A. Author"), ("body", "Some running text that goes"),
        ("body", "on here."), ("page", "7"), ("headnote", "Running head"),
        ("listBibl", "References"), ("listBibl", "Smith J. 2001. A paper. Nature 1: 2-3."),
        ("annex", "Appendix A")]


def test_reference_section_tei_marks_where_each_reference_begins(tmp_path):
    path = tmp_path / "paper.training.referenceSegmenter.tei.xml"
    path.write_text(REFERENCE_TEI, encoding="utf-8")
    pairs = read_reference_section(path)
    assert [mark for mark, _ in pairs] == ["O", "B", "I", "I", "B", "I"]
    assert pairs[1] == ("B", "1.") and pairs[4] == ("B", "2.")
    assert gold_spans("".join(mark for mark, _ in pairs)) == [(1, 3), (4, 5)]


def test_numbers_set_apart_on_their_own_lines_begin_their_references(tmp_path):
    """The PDF set each number on a line of its own: the number begins the reference and
    the names after it go on with it (the rules took each name line for a new reference)."""
    path = tmp_path / "numbers.tei.xml"
    path.write_text(REFERENCE_TEI, encoding="utf-8")
    document = {"lines": [text for _, text in read_reference_section(path)],
                "marks": "".join(mark for mark, _ in read_reference_section(path))}
    counts = split_counts(document)
    assert counts["exact"] == counts["references"] == 2


AUTHOR_YEAR_FLUSH = [
    "Agcaoglu O, Miller R, Mayer AR, Hugdahl K, Calhoun VD. 2014. Lateralization of",
    "resting state networks and relationship to age and gender. Neuroimage 104:310-325.",
    "Bernard JA, Peltier SJ, Benson BL, Wiggins JL, Jaeggi SM, et al. 2014. Dissociable",
    "functional networks of the human dentate nucleus. Cereb. Cortex 24:2151-2162.",
    "Buckner RL, Krienen FM, Castellanos A, Diaz JC, Yeo BTT. 2011. The organization of",
    "the human cerebellum estimated by intrinsic functional connectivity. J Neurophysiol",
    "106:2322-2345.",
    "Darby R, Joutsa J, Fox M. 2018. Network localization of heterogeneous neuroimaging",
    "findings. Brain 142:70-79.",
]


def test_an_author_year_list_without_indent_or_blank_lines_splits_at_each_name():
    found = segment("References\n" + "\n".join(AUTHOR_YEAR_FLUSH))
    assert [seg.raw.split(",")[0] for seg in found] == ["Agcaoglu O", "Bernard JA", "Buckner RL", "Darby R"]


def test_layout_evidence_is_optional_and_changes_no_answer_it_cannot_use():
    text = "References\n" + "\n".join(AUTHOR_YEAR_FLUSH)
    layout = [None] + [{"indent": 0.0 if i % 2 == 0 else 1.5, "gap": 0.0} for i in range(len(AUTHOR_YEAR_FLUSH))]
    plain = find_segments(text)
    with_layout = find_segments(text, layout=layout)
    assert len(with_layout.segments) == len(plain.segments) == 4
    assert segment(text, layout=None) == plain.segments


def test_the_converted_corpora_hold_every_document_with_one_mark_or_zone_a_line():
    references = layout_documents("references")
    assert len(references) == 84
    assert all(len(d["lines"]) == len(d["marks"]) and set(d["marks"]) <= set("BIO") for d in references)
    assert sum(d["marks"].count("B") for d in references) == 3669
    # a reference's links alone on a line ("CrossRef Medline") are in none, as find drops them
    links = [mark for d in references for line, mark in zip(d["lines"], d["marks"])
             if LINK_LINE.match(line.strip())]
    assert len(links) == 17 and set(links) == {"O"}
    papers = layout_documents("segmentation")
    assert len(papers) == 473
    assert all(len(d["lines"]) == len(d["zones"]) for d in papers)
    assert sum("listBibl" in d["zones"] for d in papers) >= 460


def test_the_alphabetical_order_picks_out_the_lines_that_open_a_reference():
    """Author–year lists are sorted by the first author: the lines that keep that order are
    the references' first lines; a wrapped line's capital word ("Network", "Neurophysiol.")
    falls out of it."""
    from tagger.finder.boundaries import _alphabetical, _initial_key

    lines = ["Brady RO, Gonsalvez I, Lee I. 2019. Cerebellar-Prefrontal",
             "Network Connectivity and Negative Symptoms. Am J Psychiatry",
             "Buckner RL, Krienen FM. 2011. The organization of",
             "the human cerebellum estimated by connectivity. J.",
             "Neurophysiol. 106(5):2322-45",
             "Cavada C, Goldman-Rakic PS. 1989a. Posterior parietal cortex",
             "Öngür D, Price JL. 2000. The organization of networks"]
    kept, share = _alphabetical([_initial_key(line) for line in lines])
    assert kept == {0, 2, 5, 6}
    assert share == 4 / 6


def test_a_dash_for_repeated_authors_alone_on_its_line_begins_the_reference():
    """Scans of older journals set the dash that repeats the last authors on a line of its
    own: the dash begins the reference and the year line below goes on with it."""
    text = "\n".join([
        "References",
        "Ayala, F. J. 1974. Biological evolution: Natural selection or random walk? Am. Sci. 62: 692-701.",
        "--.",
        "1975. Genetic differentiation during the speciation process. Evolut. Biol. 8: 1-78.",
        "Baker, H. G. 1959. Reproductive methods as factors in speciation in flowering plants. Cold Spring Har-",
        "bor Symposium on Quantitative Biology 24: 177-191.",
        "--.",
        "1960. Apomixis and polyembryony in Pachira oleaginea (Bombacaceae). Amer. J. Bot. 47:",
        "296-302."])
    assert [seg.raw.split("\n")[0][:8] for seg in segment(text)] == ["Ayala, F", "--.", "Baker, H", "--."]


def test_a_key_or_a_dash_alone_on_its_line_is_told_as_such():
    from tagger.finder.boundaries import line_features
    from tagger.finder.split import RefLine, list_hints

    lines = [RefLine(text, 0, 0, "") for text in (
        "[Ahl78]", "Lars V. Ahlfors, Complex analysis, McGraw-Hill, New York, 1978.", "——.",
        "1979. Another book. Springer, Berlin.", "(b) R. Grigg, Bull. Soc. Chim. Belg. 93, 593 (1984).")]
    features = line_features(lines, list_hints(lines))
    assert "labelalone" in features[0] and "-1:labelalone" in features[1]
    assert "dittoalone" in features[2] and "-1:ditto" in features[3]
    assert "sublabel" in features[4]


def test_keys_the_last_word_before_and_authors_are_told():
    """A key begins a keyed list's reference though no number follows in sequence; the line
    before's last word tells "(2004);" (a reference of several ends) from "O.;" (an author
    list goes on); a line that opens on several authors' names says so."""
    from tagger.finder.boundaries import line_features
    from tagger.finder.split import RefLine, list_hints

    lines = [RefLine(text, 0, 0, "") for text in (
        "[Ahl78] Lars V. Ahlfors, Complex analysis, McGraw-Hill, New York, 1978.",
        "[BEG] V. Baranovsky, S. Evens, V. Ginzburg, Representations of quantum tori, 2003;",
        "[Bez] R. Bezrukavnikov, Lespinet, O.;",
        "Guell X, Gabrieli JDE, Schmahmann JD. 2018a. Triple representation.")]
    features = line_features(lines, list_hints(lines))
    assert "seq=key" in features[1] and "seq=key" in features[2]
    assert "-1:endword=year;" in features[2] and "-1:endword=initial;" in features[3]
    assert "authors=3" in features[1] and "authors=3" in features[3]


def test_names_and_a_year_above_numbers_alone_and_a_label_s_end_are_told():
    """The model, not a rule, reads "Smith A, Jones B, Lee C. 2018." above a line as its
    reference's first line (eLife), a list's label before the names or not; a list whose
    numbers stand alone above their text says so on every line; a label alone ends on a
    label, not on a page number ("5." against "…2163–2196.")."""
    from tagger.finder.boundaries import line_features
    from tagger.finder.split import RefLine, list_hints

    lines = [RefLine(text, 0, 0, "") for text in (
        "Smith A, Jones B, Lee C. 2018.", "A study of things. eLife 7:e12345.",
        "[32] Morris, R.D.; Audet, A.M.; & Mosteller, F., 1992.", "Chlorination by-products.")]
    features = line_features(lines, list_hints(lines))
    assert "-1:namesyear" in features[1] and "-1:namesyear" not in features[2]
    assert "-1:namesyear" in features[3]
    numbered = [RefLine(text, 0, 0, "") for text in (
        "[6]", "Masters, C.L.; Simms, G.; Weinman, N.A.; Multhaup, G.;",
        "McDonald, B.L.; Beyreuther, K. Amyloid plaque core protein.", "[7]",
        "Tanzi, R.E.; McClatchey, A.I. Protease inhibitor domain.", "[8]", "Spillantini, M.G. Lewy bodies.")]
    features = line_features(numbered, list_hints(numbered))
    assert "list=labelsalone/rule" in features[3] and "list=labelsalone/off" in features[2]
    assert "-1:endword=label" in features[4]


def test_a_block_of_labels_reads_as_the_list_s_numbers_not_a_page_s():
    """"3.↵4.↵5." after "1. …" and "2. …" are the list's next numbers set apart by a reading
    order: each keeps its label (no wrapped page number, no wrap's leftover), and each begins
    a reference; a number out of the sequence ("319" under "40,") is a page's."""
    from tagger.finder.boundaries import line_features, reference_starts
    from tagger.finder.split import RefLine, list_hints

    lines = [RefLine(text, 0, 0, "") for text in (
        "1. Vos T, Flaxman AD. Years lived with disability. Lancet 2012, 380:2163–2196.",
        "2. Dagenais S, Caro J. Low back pain cost of illness studies. Spine J 2008, 8:8–20.",
        "3.", "4.", "Koes BW, van Tulder MW. Low back pain. BMJ 2006, 332:1430–1434.",
        "Artus M, Hay EM. Low back pain symptoms. Rheumatology 2010, 49:2346–",
        "319")]
    features = line_features(lines, list_hints(lines))
    for row in features[2:4]:
        assert {"label", "labelalone", "seq=next"} <= set(row)
        assert "numberalone" not in row and "tail" not in row and "continues" not in row
    assert "numberalone" in features[6]
    assert {2, 3} <= reference_starts(lines, list_hints(lines))


def test_a_stop_set_apart_by_a_scan_ends_the_line_as_if_it_were_closed_up():
    """"b)M.Q.Müller,F ." (a chemistry journal's scan): the line ends on an initial, mid-name."""
    from tagger.finder.boundaries import _end

    assert "endmidname" in _end("b)M.Q.Müller,F .") and "endmidname" in _end("Müller, F.")
    assert "endmidname" not in _end("Anal. Chem. 2010, 82, 1215 .")


def test_a_key_alone_after_a_line_ending_in_a_url_begins_its_reference():
    """"…/books/gt3m.↵[Wor92]↵S. L. Woronowicz, …": the key is a label, not the URL's tail."""
    text = ("References\n[Thu77]\nWilliam Thurston, The geometry and topology of 3-manifolds, Springer,\n"
            "Berlin, 1977, http://msri.org/publications/books/gt3m.\n[Wor92]\n"
            "S. L. Woronowicz, Operator equalities related to the quantum E(2) group, Comm. Math.\n"
            "Phys. 144 (1992), no. 2, 417-428.\n")
    assert [seg.raw.split()[0] for seg in segment(text)] == ["[Thu77]", "[Wor92]"]


def test_a_page_s_head_a_reference_ran_on_into_is_set_aside():
    """"Newsl. 44, contribution 10.↵research papers" (Acta Crystallographica's head, on every
    page) before the page's foot: the head is the page's, the reference ends before it; a
    line that comes back but goes on in the run ("Neuroimage"), a line after one that ends no
    reference, or a line that does not come back page after page, stays."""
    from collections import Counter

    from tagger.finder import _before_page_lines
    from tagger.finder.lines import repeat_key
    from tagger.finder.split import RefLine

    def group(*texts):
        return [RefLine(text, 0, 0, "") for text in texts]

    repeats = Counter({repeat_key("research papers"): 5, repeat_key("Springer, New York"): 1})
    ran_on = group("Zwart, P. H. & Adams, P. D. (2005). CCP4", "Newsl. 44, contribution 10.", "research papers")
    assert _before_page_lines(ran_on, repeats, "page") == 2
    assert _before_page_lines(ran_on, repeats, "") == 3  # a journal's name, inside the run
    unfinished = group("Zwart, P. H. (2005). CCP4 Newsl. 44, contribution", "research papers")
    assert _before_page_lines(unfinished, repeats, "page") == 2
    assert _before_page_lines(group("Smith, J. (2001). A book.", "Springer, New York"), repeats, "page") == 2
    assert _before_page_lines(group("research papers"), repeats, "page") == 1
    repeats[repeat_key("doi:10.1371/journal.pone.0154329")] = 5
    assert _before_page_lines(group("PLoS One. 2016;11:", "1-21.", "doi:10.1371/journal.pone.0154329"),
                              repeats, "page") == 3
