"""The corpus conventions that let AnyStyle's and GROBID's annotations teach one model."""

from tagger.corpora.conventions import (arxiv_ids, citation_number, editor_roles, in_marker,
                                page_marker)
from tagger.labels.fields import field_values


def spans_of(record):
    return [(record["text"][start:end], label) for start, end, label in record["spans"]]


def record(text, *fields):
    """A record whose spans are the given (substring, label) pairs, found left to right."""
    spans, position = [], 0
    for value, label in fields:
        start = text.index(value, position)
        spans.append([start, start + len(value), label])
        position = start + len(value)
    return {"id": "x", "text": text, "spans": spans}


def test_leading_citation_numbers_in_their_shapes():
    for number in ("[12]", "(12)", "12.", "12)", "[3a]"):
        text = f"{number} A. Author, Title, 2001."
        found = spans_of(citation_number(record(text, ("A. Author", "author"))))
        assert found[0] == (number, "citation-number")
    unnumbered = record("A. Author, 2001.", ("A. Author", "author"))
    assert citation_number(unnumbered) == unnumbered
    year_first = record("2001. A. Author", ("2001", "year"), ("A. Author", "author"))
    assert citation_number(year_first) == year_first


def test_in_and_page_markers_join_their_field():
    text = "A. Author. Title. In: Proc. of X, pp. 1-9, 2001."
    r = page_marker(in_marker(record(text, ("A. Author", "author"), ("Title", "title"),
                                     ("Proc. of X", "venue"), ("1-9", "pages"), ("2001", "year"))))
    assert ("In: Proc. of X", "venue") in spans_of(r) and ("pp. 1-9", "pages") in spans_of(r)
    # "In" inside a title is no marker
    text = "A. Author. Living In Paris, 2001."
    r = record(text, ("A. Author", "author"), ("Living In Paris", "title"))
    assert in_marker(r) == r


def test_editor_roles_before_and_after():
    text = "Title. In C. Jones and T. Denvir (Eds.), Book, 1992."
    r = editor_roles(in_marker(record(text, ("Title", "title"), ("C. Jones and T. Denvir", "editor"),
                                      ("Book", "venue"))))
    assert ("In C. Jones and T. Denvir (Eds.)", "editor") in spans_of(r)
    text = "Title, edited by C. Jones, Book."
    r = editor_roles(record(text, ("Title", "title"), ("C. Jones", "editor"), ("Book", "venue")))
    assert ("edited by C. Jones", "editor") in spans_of(r)


def test_arxiv_identifiers_leave_the_note():
    text = "A. Vasy. Analytic continuation. Preprint, arXiv:1206.5454, 2012."
    r = arxiv_ids(record(text, ("A. Vasy", "author"), ("Analytic continuation", "title"),
                         ("Preprint, arXiv:1206.5454,", "note"), ("2012", "year")))
    assert spans_of(r)[2:4] == [("Preprint,", "note"), ("arXiv:1206.5454,", "arxiv")]
    text = "J. Maldacena, Adv. Theor. Math. Phys. 2 (1998) 231. [hep-th/9711200]."
    r = arxiv_ids(record(text, ("[hep-th/9711200].", "note")))
    assert spans_of(r) == [("[hep-th/9711200].", "arxiv")]
    plain = record("A. B. Note: in press, 2001", ("in press", "note"))
    assert arxiv_ids(plain) == plain


def test_field_values_drop_the_markers_again():
    text = "In: Proc. of X In: edited by C. Jones doi:10.1/2"
    values = field_values(text, [[0, 14, "venue"], [15, 37, "editor"], [38, 50, "doi"]])
    assert values == {"venue": "Proc. of X", "editor": "C. Jones", "doi": "10.1/2"}
    # a venue that begins with the word "in" keeps it
    assert field_values("in vivo", [[0, 7, "venue"]]) == {"venue": "in vivo"}


def test_gaps_between_fields_go_to_fields_as_anystyle_words_do():
    from tagger.corpora.conventions import fill_gaps

    text = "[8] P. Ewald, Ann. Phys. vol. 369, pp 253 (1921). — see also"
    r = fill_gaps(record(text, ("[8]", "citation-number"), ("P. Ewald", "author"),
                         ("Ann. Phys.", "venue"), ("369", "volume"), ("253", "pages"),
                         ("1921", "year")))
    assert spans_of(r) == [("[8]", "citation-number"), ("P. Ewald,", "author"),
                           ("Ann. Phys.", "venue"), ("vol. 369,", "volume"), ("pp 253", "pages"),
                           ("(1921). — see also", "year")]
    glued = "T. Kraan ,Nucl .Phys .B533 ,627"
    r = fill_gaps(record(glued, ("T. Kraan", "author"), ("Nucl .Phys .B", "venue"),
                         ("533", "volume"), ("627", "pages")))
    assert spans_of(r) == [("T. Kraan", "author"), (",Nucl .Phys .B", "venue"),
                           ("533", "volume"), (",627", "pages")]


def test_an_opening_bracket_glued_to_a_field_opens_the_next_one():
    from tagger.corpora.conventions import fill_gaps

    text = "Phys. Rev. 93( 2008)04112; Nature 12, 1-21 (1995)."
    r = fill_gaps(record(text, ("Phys. Rev.", "venue"), ("93", "volume"), ("2008", "year"),
                         ("04112", "pages")))
    assert spans_of(r)[1:3] == [("93", "volume"), ("( 2008)", "year")]
    r = fill_gaps(record("Nature 12, 1-21 (1995).", ("Nature", "venue"), ("12", "volume"),
                         ("1-21", "pages"), ("1995", "year")))
    assert spans_of(r)[2:] == [("1-21", "pages"), ("(1995).", "year")]


def test_a_marker_glued_to_punctuation_opens_the_next_field():
    from tagger.corpora.conventions import fill_gaps

    text = "Phys .Rev .B ,vol .47 ,pp .1651 -1654,1993 ."
    r = fill_gaps(record(text, ("Phys .Rev .B", "venue"), ("47", "volume"), ("1651 -1654", "pages"),
                         ("1993", "year")))
    assert spans_of(r) == [("Phys .Rev .B ,", "venue"), ("vol .47 ,", "volume"),
                           ("pp .1651 -1654,", "pages"), ("1993 .", "year")]
    text = 'R. Resta, "Theory of the polarization," in Berry Phases, 1994.'
    r = fill_gaps(record(text, ("R. Resta", "author"), ("Theory of the polarization", "title"),
                         ("Berry Phases", "venue"), ("1994", "year")))
    assert spans_of(r)[1:3] == [('"Theory of the polarization,"', "title"),
                                ("in Berry Phases,", "venue")]


def test_words_left_out_of_every_field_stay_out_of_the_values():
    from tagger.corpora.conventions import fill_gaps

    # GROBID labelled no journal here: the title must not take it.
    text = 'T. Takayanagi, "Causal Holographic Information," JHEP 06 (2012) 114.'
    r = fill_gaps(record(text, ("T. Takayanagi", "author"),
                         ("Causal Holographic Information", "title"), ("06", "volume"),
                         ("2012", "year"), ("114", "pages")))
    assert field_values(text, r["spans"])["title"] == "Causal Holographic Information"
    assert "JHEP" not in " ".join(text[s:e] for s, e, _ in r["spans"])
    # nor does "See also" join the journal, nor "Available at" the title
    text = "See also London Math. Soc. Lect. Notes 60, 241 (1981)."
    r = fill_gaps(record(text, ("London Math. Soc. Lect. Notes", "venue"), ("60", "volume"),
                         ("241", "pages"), ("1981", "year")))
    assert spans_of(r)[0] == ("London Math. Soc. Lect. Notes", "venue")
    text = "M. Culler, SnapPy, a program,Available at http://snappy.org"
    r = fill_gaps(record(text, ("M. Culler", "author"), ("SnapPy, a program", "title"),
                         ("http://snappy.org", "url")))
    assert spans_of(r)[1] == ("SnapPy, a program,", "title")
    # a field read for its digits takes the words after it, as AnyStyle's annotators do
    text = "Nature 12, 1-21 (1995), in press."
    r = fill_gaps(record(text, ("Nature", "venue"), ("12", "volume"), ("1-21", "pages"),
                         ("1995", "year")))
    assert spans_of(r)[-1] == ("(1995), in press.", "year")


def test_korean_and_chinese_numbering_words_open_the_volume():
    from tagger.corpora.conventions import fill_gaps

    text = "교육연구논총 제 29집 제2호. 21-40."
    r = fill_gaps(record(text, ("교육연구논총", "venue"), ("29", "volume"), ("2", "issue"),
                         ("21-40", "pages")))
    assert spans_of(r)[:3] == [("교육연구논총", "venue"), ("제 29집", "volume"), ("제2호.", "issue")]


def test_a_gap_inside_one_field_goes_to_it_whole():
    from tagger.corpora.conventions import fill_gaps

    text = "LIGO Scientific Collaboration and Virgo Collaboration, Phys. Rev. Lett. 116 (2016)"
    r = fill_gaps(record(text, ("LIGO Scientific Collaboration", "author"),
                         ("Virgo Collaboration", "author"), ("Phys. Rev. Lett.", "venue")))
    assert field_values(text, r["spans"])["author"] == ("LIGO Scientific Collaboration and Virgo "
                                                        "Collaboration")


def test_citation_numbers_glued_to_the_first_field():
    for text, number in (("17.Møller ,J .S ., Commun. Math. Phys. (2005)", "17."),
                         ("26-Vellin J-F, Achim V. Neurochirurgie 2005", "26-"),
                         ("5,6-Ando S, Otani M. J Neurosurg 1999", "5,6-")):
        author = text[len(number):text.index(",", len(number) + 3)]
        found = spans_of(citation_number(record(text, (author, "author"))))
        assert found[0] == (number, "citation-number")
