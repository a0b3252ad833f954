"""tagger.pdf.segments: the finder's references checked against what the page shows.

Each check on a page built here line by line (text and LineLayout, as tagger.pdf.document
makes them) from the real papers' cases of real-pdf-dev, and end to end on pages cut from
them and a typeset thesis (tests/fixtures/pdf)."""

import json
from pathlib import Path

import pytest

pytest.importorskip("pypdfium2", reason="PDF input needs the pdf extra (pypdfium2)")

from tagger.evaluate.segmentation import reference_key  # noqa: E402
from tagger.finder import Segment, Segmentation, find_segments  # noqa: E402
from tagger.finder.classify import DOCUMENT_MODEL  # noqa: E402
from tagger.pdf import segment_pdf, segmentation  # noqa: E402
from tagger.pdf.document import LineLayout, PdfText  # noqa: E402
from tagger.pdf.segments import check  # noqa: E402

FIXTURES = Path(__file__).parent / "fixtures" / "pdf"


class _Line:
    def __init__(self, text):
        self.text = text


def _page(rows: list) -> PdfText:
    """A PdfText from rows (text, indent in ems, gap above in pitches[, size, bold]); a
    row None is a blank line. The text is indented as tagger.pdf.document.compose does."""
    texts, lines, layout = [], [], []
    for index, row in enumerate(rows):
        if row is None:
            texts.append("")
            lines.append(None)
            layout.append(None)
            continue
        text, indent, gap, *rest = row
        size, bold = (rest + [1.0, False][len(rest):])[:2]
        texts.append(" " * int(2 * indent + 0.3) + text)
        lines.append(_Line(text))
        layout.append(LineLayout(1, 0, 1, indent, gap, size, bold, False, 0.1, 0.02 * index,
                                 False))
    return PdfText("\n".join(texts), lines, [], 1, 1, layout=layout)


def _segments(page: PdfText, groups: list) -> Segmentation:
    """The Segmentation a finder would give: each group a list of row indices."""
    starts, offset = [], 0
    for line in page.text.split("\n"):
        starts.append(offset)
        offset += len(line) + 1
    segments = []
    for group in groups:
        contents = [page.lines[index].text for index in group]
        first = starts[group[0]] + page.text.split("\n")[group[0]].index(contents[0])
        last = starts[group[-1]] + page.text.split("\n")[group[-1]].index(contents[-1])
        segments.append(Segment("\n".join(contents), first, last + len(contents[-1])))
    return Segmentation(segments, [])


def _firsts(found: Segmentation) -> list:
    return [segment.raw.split("\n")[0][:12] for segment in found.segments]


HINDAWI = [
    ("[8] J. P. Jarow, J. A. Kirkland Jr., and D. G. Assimos, “Association", 0.35, 0.14),
    ("of antisperm antibodies with chronic nonbacterial prostatitis,”", 1.96, 0.0),
    ("Urology, vol. 36, no. 2, pp. 154–156, 1990.", 1.96, 0.0),
    ("[9] World Health Organization (WHO), WHO Laboratory Manual", 0.34, 0.14),
    ("for the Examination and Processing of Human Semen, World", 1.82, 0.0),
    ("Health Organization, Geneva, Switzerland, 5th edition, 2010.", 1.96, 0.0),
    ("[10] World Health Organization, WHO Laboratory Manual for the", 0.0, 0.14),
    ("Examination of Human Semen and Sperm-Cervical Mucus", 1.96, 0.0),
    ("Interaction, Cambridge University Press, Cambridge, UK, 4th", 1.96, 0.0),
    ("edition, 1999.", 1.96, 0.0),
    ("[11] T. Domes, K. C. Lo, E. D. Grober, J. B. M. Mullen, T. Mazzulli,", 0.15, 0.14),
    ("and K. Jarvi, “The incidence and effect of bacteriospermia and", 1.96, 0.0),
    ("elevated seminal leukocytes on semen parameters,” Fertility and", 1.96, 0.0),
    ("Sterility, vol. 97, no. 5, pp. 1050–1055, 2012.", 1.96, 0.0),
]


def test_a_line_at_the_continuation_indent_goes_on_the_reference_before():
    """Hindawi's [10]: the finder took "Interaction, Cambridge …" (a capital after a line
    without an end) for a reference's start; the page sets it where [10]'s wrapped lines
    are, not where the numbers are."""
    page = _page(HINDAWI)
    split = _segments(page, [[0, 1, 2], [3, 4, 5], [6, 7], [8, 9], [10, 11, 12, 13]])
    found = check(page, split)
    assert _firsts(found) == ["[8] J. P. Ja", "[9] World He", "[10] World H", "[11] T. Dome"]
    assert found.segments[2].raw.endswith("Mucus\nInteraction, Cambridge University Press, "
                                          "Cambridge, UK, 4th\nedition, 1999.")
    assert page.text[found.segments[2].start:found.segments[2].end].endswith("edition, 1999.")
    # a numbered piece is never joined, whatever its indent; nor one after body text
    rows = [row if index != 6 else (row[0], 1.96, 0.14) for index, row in enumerate(HINDAWI)]
    page = _page(rows)
    assert len(check(page, _segments(page, [[0, 1, 2], [3, 4, 5], [6, 7, 8, 9],
                                            [10, 11, 12, 13]])).segments) == 4


def test_without_a_hanging_indent_a_lower_case_start_goes_on_in_a_numbered_list():
    rows = [("1. Smith J, Jones K. A study of things. J Things.", 0.0, 0.0),
            ("2001;3:1-9.", 0.0, 0.0),
            ("2. Brown A, Kim J. Another study of the same", 0.0, 0.0),
            ("things in mice. Nature. 2003;4:5-6.", 0.0, 0.0),
            ("3. Lee S. A third study. Cell. 2004;5:6-7.", 0.0, 0.0),
            ("4. Park H. A fourth study. Cell. 2005;6:7-8.", 0.0, 0.0)]
    page = _page(rows)
    # "things in mice" starts lower case: it goes on "2. Brown"; "2001;3:1-9." is not
    # a start in lower case and is left as the finder had it
    found = check(page, _segments(page, [[0, 1], [2], [3], [4], [5]]))
    assert _firsts(found) == ["1. Smith J, ", "2. Brown A, ", "3. Lee S. A ", "4. Park H. A"]


BMC = [
    ("20. Haynes RB, Ackloo E, Sahota N, McDonald HP, Yao X. Interventions for", 0.0, 0.0, 0.77),
    ("enhancing medication adherence. Cochrane Database Syst Rev. 2008;2.", 2.0, 0.0, 0.77),
    ("21. Peterson AM, Takiya L, Finley R. Meta-analysis of trials of interventions to", 0.0, 0.0,
     0.77),
    ("improve medication adherence. Am J Health Syst Pharm. 2003;60:657–65.", 2.0, 0.0, 0.77),
    None,
    ("doi:10.1186/1745-6215-16-2", 0.75, 1.14, 0.74),
    ("Cite this article as: Forster et al.: Effectiveness of a computerized", 0.75, 0.0, 0.74),
    ("drug-monitoring program. Trials 2015 16:2.", 0.75, 0.0, 0.74),
]


def test_a_box_set_apart_at_its_own_indent_under_the_last_reference_ends_the_list():
    """BMC's "Cite this article as" box under the last reference: after a space, at neither
    the indent the references start at nor the one they go on at."""
    rows = [("19. Vik SA, Maxwell CJ, Hogan DB. Measurement, correlates, and health", 0.0, 0.0,
             0.77), ("outcomes of medication adherence. Ann Pharmacother. 2004;38:303–12.",
                     2.0, 0.0, 0.77)] + BMC
    page = _page(rows)
    found = check(page, _segments(page, [[0, 1], [2, 3], [4, 5, 7, 8, 9]]))
    assert found.segments[-1].raw.endswith("2003;60:657–65.")
    assert [item.reason for item in found.dropped] == ["after the list"] * 3
    assert found.dropped[0].text == "doi:10.1186/1745-6215-16-2"
    # a numbered line set apart never ends the list
    page = _page([row if index != 7 else ("22. Osterberg L, Blaschke T. Adherence to "
                                          "medication. N Engl J Med. 2005;353:487–97.",
                                          0.75, 1.14, 0.77)
                  for index, row in enumerate(rows)])
    found = check(page, _segments(page, [[0, 1], [2, 3], [4, 5, 7, 8, 9]]))
    assert found.segments[-1].raw.endswith("2005;353:487–97.\nCite this article as: Forster "
                                           "et al.: Effectiveness of a computerized\n"
                                           "drug-monitoring program. Trials 2015 16:2.")


def test_a_box_the_finder_split_off_goes_with_the_list_s_end():
    """The boundary model may split the box itself: its "doi:…" line set apart ends the
    reference before, and "Cite this article as: …", a segment of its own at the box's
    indent, is the box's too (trials-15-511)."""
    rows = [("19. Vik SA, Maxwell CJ, Hogan DB. Measurement, correlates, and health", 0.0, 0.0,
             0.77), ("outcomes of medication adherence. Ann Pharmacother. 2004;38:303–12.",
                     2.0, 0.0, 0.77)] + BMC
    page = _page(rows)
    found = check(page, _segments(page, [[0, 1], [2, 3], [4, 5, 7], [8, 9]]))
    assert _firsts(found) == ["19. Vik SA, ", "20. Haynes R", "21. Peterson"]
    assert [item.text for item in found.dropped][1:] == [
        "Cite this article as: Forster et al.: Effectiveness of a computerized",
        "drug-monitoring program. Trials 2015 16:2."]
    # a segment at the box's indent after a reference that ends the list normally is kept
    found = check(page, _segments(page, [[0, 1], [2, 3], [4, 5], [8, 9]]))
    assert len(found.segments) == 4


def test_a_list_that_sets_its_references_apart_parts_where_a_space_comes():
    """F1000's unnumbered list, a space above each reference and none inside one: the finder
    glued "Fabens AJ: …" to the reference before, the space says it starts one."""
    names = ["Bonham K", "Carlson JK", "Drymon JM", "Fabens AJ", "Francis MP", "Goldman KJ"]
    rows = [("References", 0.0, 2.0, 1.2, True)]
    for name in names:
        rows += [None, (f"{name}, et al.: A study of sharks in the western North", 0.0, 1.28),
                 ("Atlantic Ocean. Gulf Mexico Sci. 2006; 24(1–2): 2–10.", 0.0, 0.0)]
    page = _page(rows)
    groups = [[2, 3], [5, 6], [8, 9, 11, 12], [14, 15], [17, 18]]
    found = check(page, _segments(page, groups))
    assert [segment.raw.split(",")[0] for segment in found.segments] == names
    # where the list does not set its references apart, a space says nothing
    page = _page([row and (row[0], row[1], 0.0) for row in rows])
    assert len(check(page, _segments(page, groups)).segments) == 5
    # nor where no references heading stands over the list (a manual's spaced paragraphs)
    page = _page([("Sharks", 0.0, 2.0, 1.2, True)] + rows[1:])
    assert len(check(page, _segments(page, groups)).segments) == 5
    # nor after a line that does not end as a reference does
    rows[9] = ("Atlantic Ocean. Gulf Mexico Sci. 2006; 24(1–2): 2–10, and", 0.0, 0.0)
    page = _page(rows)
    assert len(check(page, _segments(page, groups)).segments) == 5


LIST = [("1. Smith J, Jones K. A study of things. J Things. 2001;3:1-9.", 0.0, 0.0),
        ("2. Brown A, Kim J. Another study. Nature. 2003;4:5-6.", 0.0, 0.0)]
BODY_LIST = [("The following data will be collected after the treatment:", 0.0, 0.0),
             ("1. Anesthetic and restorative material used,", 0.8, 0.0),
             ("2. Patients’ cooperation (1 to 4) [24],", 0.8, 0.0),
             ("3. Subjective assessment of the patient,", 0.8, 0.0)]


def test_what_is_found_before_the_references_heading_is_the_bodys():
    page = _page(BODY_LIST + [None, ("References", 0.0, 2.3)] + LIST)
    found = check(page, _segments(page, [[1], [2], [3], [6], [7]]))
    assert _firsts(found) == ["1. Smith J, ", "2. Brown A, "]
    assert {item.reason for item in found.dropped} == {"before the references heading"}
    assert [item.text for item in found.dropped][0] == BODY_LIST[1][0]
    # the list's first reference missed by the finder: the heading still heads the list
    page = _page(BODY_LIST + [None, ("References", 0.0, 2.3),
                              ("1. Innes N, Evans D, Stirrups D. The Hall Technique; a randomized",
                               0.0, 0.0), ("controlled clinical trial. BMC Oral Health 2007, 7:18.",
                                           2.0, 0.0)] + LIST)
    found = check(page, _segments(page, [[1], [2], [3], [8], [9]]))
    assert _firsts(found) == ["1. Smith J, ", "2. Brown A, "]
    # no heading right above a found reference: nothing is dropped for coming before it,
    # but the body's lines that read as no reference are not one
    page = _page(BODY_LIST + [None, ("Literature", 0.0, 2.3)] + LIST)
    found = check(page, _segments(page, [[1], [2], [3], [6], [7]]))
    assert _firsts(found) == ["1. Smith J, ", "2. Brown A, "]
    assert {item.reason for item in found.dropped} == {"no reference"}


def test_a_references_heading_set_where_the_pages_set_their_heads_still_heads_the_list():
    """A slide deck's "References" slide: its title sits in the band where every slide's
    title sits, so the layout calls it furniture; it names the list all the same, and the
    slides before it are no references (texdocs' tug2003-slides: 20 pieces → its 7)."""
    from dataclasses import replace

    page = _page(BODY_LIST + [None, ("References", 0.0, 2.3, 1.2, True)] + LIST)
    page.layout[5] = replace(page.layout[5], furniture=True)
    found = check(page, _segments(page, [[1], [2], [3], [6], [7]]))
    assert _firsts(found) == ["1. Smith J, ", "2. Brown A, "]
    assert {item.reason for item in found.dropped} == {"before the references heading"}


def test_without_a_references_heading_what_reads_as_no_reference_is_dropped():
    """A manual or a slide deck names no list: the finder's pieces there are its guess, and
    bullets and code (texdocs' slides: 35 of 42 pieces) are no references; references that
    follow them at the end, two or more, stay (one alone is no list: "no reference list"),
    and under a heading the list vouches for an odd piece."""
    rows = [("Introduction", 0.0, 0.0, 1.2, True),
            ("• Not supported by pdfTEX (Any volunteer?)", 1.0, 1.0),
            ("• Can use original 8-bit TEX", 1.0, 0.2),
            ("\\special{pdf:fstream @data (sample.txt)}%", 1.0, 1.0),
            ("Knuth, D. E. (1984). The TeXbook. Reading, MA: Addison-Wesley.", 0.0, 1.0),
            ("Lamport, L. (1994). LaTeX: A Document Preparation System. Addison-Wesley.",
             0.0, 0.2)]
    page = _page(rows)
    found = check(page, _segments(page, [[1], [2], [3], [4], [5]]))
    assert _firsts(found) == ["Knuth, D. E.", "Lamport, L. "]
    assert [item.reason for item in found.dropped] == ["no reference"] * 3
    page = _page(rows[:-1])
    found = check(page, _segments(page, [[1], [2], [3], [4]]))
    assert found.segments == []
    assert [item.reason for item in found.dropped] == ["no reference"] * 3 + [
        "no reference list"]
    page = _page([("References", 0.0, 0.0, 1.2, True), ("Personal communication", 0.0, 1.0),
                  ("[2] Knuth, D. E. (1984). The TeXbook. Addison-Wesley.", 0.0, 0.2)])
    assert len(check(page, _segments(page, [[1], [2]])).segments) == 2


def test_the_body_lists_the_text_alone_takes_for_references_are_dropped():
    """End to end on the typeset thesis: the finder on the text alone takes the numbered
    lists of its body and appendix ("1. Anesthetic and restorative material used …", as in
    a BMC paper) for references; the layout's headings say they are not."""
    from tagger.pdf import read_pdf

    layout = read_pdf((FIXTURES / "thesis_chapters.pdf").read_bytes())
    plain = find_segments(layout.text, DOCUMENT_MODEL, furniture=layout.furniture,
                          headings=layout.headings)
    assert any("Anesthetic" in item.raw for item in plain.segments)
    found = segmentation(layout)
    assert not any("Anesthetic" in item.raw or "cooperation" in item.raw
                   for item in found.segments)
    reasons = {item.reason for item in found.dropped if "Anesthetic" in item.text}
    assert "after the references" in reasons  # chapter 2's list, and the appendix's


def test_a_heading_after_the_list_ends_it_unless_its_numbering_goes_on():
    rows = ([("References", 0.0, 2.0, 1.2, True)] + LIST
            + [("Open Peer Review", 0.0, 1.0, 2.0, True),
               ("Referee Report 29 January 2015 doi:10.5256/f1000research.5743.r7492", 0.0,
                0.5)])
    page = _page(rows)
    assert page.headings == [0, 3]
    found = check(page, _segments(page, [[1], [2], [4]]))
    assert _firsts(found) == ["1. Smith J, ", "2. Brown A, "]
    assert found.dropped[-1].reason == "after the references"
    # a box between two pages of a numbered list: the list goes on after it
    rows[4] = ("3. Lee S. A third study. Cell. 2004;5:6-7.", 0.0, 0.5)
    page = _page(rows)
    assert len(check(page, _segments(page, [[1], [2], [4]])).segments) == 3
    # a smaller head inside the list ("Web sources" under "References") does not end it
    rows[3] = ("Web sources", 0.0, 1.0, 1.1, True)
    rows[4] = ("Smith J. Things online. 2004. https://example.org/things", 0.0, 0.5)
    page = _page(rows)
    assert len(check(page, _segments(page, [[1], [2], [4]])).segments) == 3


def test_a_plain_line_set_larger_than_its_neighbours_is_a_heading():
    """TeX's bold (CMBX) is not named bold: a heading known by its size alone. The last
    line of the body over a list set smaller is no heading."""
    page = _page([("Chapter 2", 0.0, 0.0, 1.9), ("Finding the References", 0.0, 0.0, 2.27),
                  ("Reference lists are read by programs that label each token.", 0.0, 1.0),
                  ("of the page as well as its words.", 0.0, 0.0),
                  ("1. Smith J, Jones K. A study of things. J Things. 2001;3:1-9.", 0.0, 0.0,
                   0.85),
                  ("References", 0.0, 1.5, 1.32),
                  ("2. Brown A, Kim J. Another study. Nature. 2003;4:5-6.", 0.0, 0.0, 0.85)])
    assert page.plain_headings == [0, 1, 5] and page.headings == []


def test_a_list_s_last_lines_over_smaller_text_are_no_heading():
    """TUGboat sets a reference's URL in a bold typewriter face, and the author's address
    under the list is smaller: the bold lines go on from the plain one above them at its
    size, so they are no heading (texlive-doc's tb133chernoff-widows.pdf). Nor is a list's
    last plain line over a smaller footnote (emoji-doc.pdf)."""
    page = _page([("References", 0.0, 2.0, 1.2, True),
                  ("[21] U. Wermuth. Experiments with", 0.0, 0.0),
                  ("\\parfillskip. TUGboat 39(3):276-303,", 2.0, 0.0, 1.0, True),
                  ("2018. tug.org/TUGboat/tb39-3/", 2.0, 0.0, 1.0, True),
                  None,
                  ("Max Chernoff", 8.0, 1.0, 0.9)])
    assert page.headings == [0]
    page = _page([("References", 0.0, 2.0, 1.5),
                  ("[6] OpenType-SVG font of EmojiOne 2.3", 0.0, 0.0, 1.28),
                  ("https://github.com/adobe-fonts/emojione-color", 1.0, 0.0, 1.28),
                  ("[7] JoyPixels - Emoji as a Service", 0.0, 0.0, 1.28),
                  ("https://www.joypixels.com/", 1.0, 0.0, 1.28),
                  None,
                  ("3 Before v0.3, it was based on EmojiOne.", 0.0, 1.0, 1.14)])
    assert page.plain_headings == [0]


def _fixture(name: str):
    data = (FIXTURES / f"{name}.pdf").read_bytes()
    gold = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    found, layout = segment_pdf(data)
    return [reference_key(item.raw) for item in found], [
        reference_key(record["text"]) for record in gold], found, layout


@pytest.mark.parametrize("name", ["cut_hindawi_accents", "cut_bmc_two_columns",
                                  "cut_f1000_reports", "thesis_chapters"])
def test_pages_of_real_papers_and_a_thesis_give_exactly_their_references(name):
    found, gold, _, _ = _fixture(name)
    assert found == gold


def test_a_link_that_comes_once_is_known_by_the_look_of_those_that_repeat():
    _, _, found, layout = _fixture("cut_f1000_reports")
    once = [line for line in layout.lines
            if line is not None and line.text.strip() == "PubMed Abstract"]
    assert once and all("link" in line.flags for line in once)
    fabens = [item.raw for item in found if item.raw.startswith("Fabens AJ")]
    assert fabens == ["Fabens AJ: Properties and fitting of the Von Bertalanffy growth curve. "
                      "Growth.\n1965; 29(3): 265–89."]
    assert not any("Referee" in item.raw for item in found)


FRONTIERS_END = [
    ("References", 0.0, 1.0, 1.2, True),
    ("Smart, J. J., and Chin, A. (2016). Multimodel approaches in growth studies.", 0.0, 0.3),
    ("Fish Fish. 17, 955–971.", 1.0, 0.0),
    ("Werdenich, D., and Huber, L. (2002). Social factors determine cooperation in", 0.0, 0.0),
    ("marmosets. Anim. Behav. 64, 771–781. doi: 10.1006/anbe.2002.9001", 1.0, 0.0),
    ("Conflict of Interest Statement: The authors declare that the research was con-", 0.0, 1.0),
    ("ducted in the absence of any commercial or financial relationships.", 0.0, 0.0),
    ("Citation: Range F and Virányi Z (2015) Tracking the evolutionary origins of dog-", 0.0, 0.5),
    ("human cooperation. Front. Psychol. 5:1582. doi: 10.3389/fpsyg.2014.01582", 0.0, 0.0),
]


def test_a_notes_head_run_in_after_the_list_ends_it():
    """Frontiers sets its notes after the list, each opening with its head run in ("Conflict
    of Interest Statement: …", then "Citation: …", the paper's own reference): the list
    ended at the first."""
    page = _page(FRONTIERS_END)
    found = check(page, _segments(page, [[1, 2], [3, 4], [5, 6], [7, 8]]))
    assert _firsts(found) == ["Smart, J. J.", "Werdenich, D"]
    assert {item.reason for item in found.dropped} == {"after the references"}


def test_a_bold_appendix_head_at_the_texts_size_is_a_heading_after_the_list():
    """elsarticle sets "Appendix A. Tag returns by year" bold at the text's size: no larger
    than the text under it, so only its shape and its bold say it is a head."""
    from tagger.pdf.segments import headings

    rows = FRONTIERS_END[:5] + [("Appendix A. Tag returns by year", 0.0, 1.5, 1.0, True),
                                ("The tags were returned by fishers over four years.", 0.0, 0.3)]
    assert 5 in headings(_page(rows))
    rows[5] = ("Appendix A. Tag returns by year", 0.0, 1.5, 1.0, False)
    assert 5 not in headings(_page(rows))
