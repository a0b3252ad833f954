"""segment(): references out of pasted lists and whole documents."""

import json
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagger.evaluate.segmentation import DATA, HELD_OUT, line_scores, reference_key
from tagger.finder import find_references, find_segments, segment
from tagger.corpora.ttx import read_ttx

HANDMADE_DIR = DATA / "handmade"
HANDMADE = sorted(HANDMADE_DIR.glob("*.txt")) + sorted((DATA / "blind").glob("*.txt"))


def keys(segments):
    return [reference_key(seg.raw) for seg in segments]


def check_offsets(text, segments):
    for seg in segments:
        assert 0 <= seg.start < seg.end <= len(text)
        assert text[seg.start] == seg.raw[0] and text[seg.end - 1] == seg.raw[-1]


@pytest.mark.parametrize("path", HANDMADE, ids=lambda p: p.stem)
def test_handmade_documents(path):
    text = path.read_text(encoding="utf-8")
    gold = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
    found = segment(text)
    assert keys(found) == [reference_key(item["text"]) for item in gold]
    assert [seg.partial for seg in found] == [item.get("partial", False) for item in gold]
    check_offsets(text, found)


def test_there_are_enough_handmade_documents():
    assert len(list(HANDMADE_DIR.glob("*.txt"))) >= 4


NUMBERED = {
    "bracket": ["[{n}] ", "    "],
    "dot": ["{n}. ", "   "],
    "paren": ["({n}) ", ""],
    "plain": ["{n} ", "  "],
    "letter": ["[C{n}] ", "      "],
    "full-width bracket": ["［{n}］", ""],
    "full-width paren": ["（{n}）", ""],
    "full-width stop": ["{n}．", ""],
}
REFERENCES = [
    ("Hochreiter S, Schmidhuber J. Long short-term memory. Neural Computation,",
     "1997, 9(8): 1735-1780."),
    ("LeCun Y, Bengio Y, Hinton G. Deep learning. Nature, 2015, 521(7553):",
     "436-444."),
    ("Breiman L. Random forests. Machine Learning, 2001, 45(1): 5-32. Also see",
     "the 2001 technical report, University of California, Berkeley."),
    ("Cortes C, Vapnik V. Support-vector networks. Machine Learning, 1995,",
     "20(3): 273-297."),
]


@pytest.mark.parametrize("style", NUMBERED)
def test_numbering_styles(style):
    first, indent = NUMBERED[style]
    lines = []
    for number, (head, tail) in enumerate(REFERENCES, 11):
        lines += [first.format(n=number) + head, indent + tail]
    found = segment("\n".join(lines))
    assert len(found) == len(REFERENCES)
    for seg, (number, (head, tail)) in zip(found, enumerate(REFERENCES, 11)):
        assert seg.raw == first.format(n=number) + head + "\n" + tail
        assert not seg.partial


AUTHOR_YEAR = [
    "Councill, I. G., Giles, C. L., & Kan, M.-Y. (2008). ParsCit: An open-source CRF reference",
    "string parsing package. In Proceedings of LREC'08. European Language Resources Association.",
    "Hochreiter, S., & Schmidhuber, J. (1997). Long short-term memory. Neural Computation, 9(8),",
    "1735–1780. https://doi.org/10.1162/neco.1997.9.8.1735",
    "Sutton, C., & McCallum, A. (2012). An introduction to conditional random fields. Foundations",
    "and Trends in Machine Learning, 4(4), 267–373.",
]


def test_author_year_without_indent_splits_by_shape():
    found = segment("\n".join(AUTHOR_YEAR))
    assert [seg.raw.split(",")[0] for seg in found] == ["Councill", "Hochreiter", "Sutton"]


def test_author_year_with_hanging_indent_and_page_break():
    lines = [AUTHOR_YEAR[0], "    " + AUTHOR_YEAR[1], AUTHOR_YEAR[2], "",
             "                                                        23",
             "\fCONDITIONAL RANDOM FIELDS IN PRACTICE", "", "    " + AUTHOR_YEAR[3],
             AUTHOR_YEAR[4], "    " + AUTHOR_YEAR[5]]
    found = segment("\n".join(lines))
    assert len(found) == 3
    assert found[1].raw == AUTHOR_YEAR[2] + "\n" + AUTHOR_YEAR[3]


def test_a_hanging_indent_of_one_space():
    lines = [AUTHOR_YEAR[0], " " + AUTHOR_YEAR[1], AUTHOR_YEAR[2], " " + AUTHOR_YEAR[3],
             AUTHOR_YEAR[4], " " + AUTHOR_YEAR[5]]
    assert len(segment("\n".join(lines))) == 3


def test_one_stray_blank_line_does_not_make_a_blank_separated_list():
    lines = AUTHOR_YEAR[:3] + [""] + AUTHOR_YEAR[3:]
    assert [seg.raw.split(",")[0] for seg in segment("\n".join(lines))] == ["Councill", "Hochreiter", "Sutton"]


@pytest.mark.parametrize("separator", ["|", ""])
def test_separator_lines(separator):
    singles = [head + " " + tail for head, tail in REFERENCES]
    found = segment(f"\n{separator}\n".join(singles))
    assert [seg.raw for seg in found] == singles


@pytest.mark.parametrize("furniture", [
    "Page 231 - 《软件学报》2026年第1期",
    "228 软件学报 2026 年第 37 卷第 1 期",
    "Journal of Software Vol.37, No.1, January 2026",
    "232",
    "¹ Corresponding author: zhangsan@example.edu.cn",
    "* This work is supported by the National Natural Science Foundation of China (62072001).",
])
def test_page_furniture_inside_a_reference_is_dropped(furniture):
    text = ("[7] He K M, Zhang X Y, Ren S Q, et al.Deep residual learning for image recognition[C]∥Proc of\n"
            "the IEEE Conf on Computer Vision and Pattern Recognition,2016:770-778.\n"
            "[8] Vaswani A, Shazeer N, Parmar N, et al. Attention is all you need[C]//Proc of the 31st Int\n"
            f"\n{furniture}\n\n"
            "Conf on Neural Information Processing Systems. Red Hook, NY: Curran Associates Inc, 2017.\n"
            "[9] 张三, 李四. 基于深度学习的参考文献解析[J]. 软件学报, 2020, 31(1): 1–10.\n")
    found = segment(text)
    assert len(found) == 3
    assert furniture not in found[1].raw
    assert found[1].raw.endswith("Curran Associates Inc, 2017.")
    assert found[2].raw.startswith("[9] 张三")
    check_offsets(text, found)


def test_only_the_references_of_a_document_come_out():
    body = ("Conditional random fields label sequences well, and they have been used to parse\n"
            "references for many years. The approach taken in this paper follows earlier work\n"
            "on the problem, and we discuss its limits in the next section of the paper.\n")
    appendix = ("\nAPPENDIX A\n\nThe annotation guidelines ask for one label per token, and the\n"
                "annotators were asked to leave punctuation between fields unlabelled.\n")
    references = "\n".join(head + " " + tail for head, tail in REFERENCES)
    found = segment(body + "\nReferences\n\n" + references + "\n" + appendix)
    assert [seg.raw for seg in found] == [head + " " + tail for head, tail in REFERENCES]
    assert not any(seg.partial for seg in found)


def test_cut_off_references_are_partial():
    text = ("segmenting and labeling sequence data. In: Proc. of the 18th ICML, 2001. 282–289.\n"
            "[5] LeCun Y, Bengio Y, Hinton G. Deep learning. Nature, 2015, 521(7553): 436–444.\n"
            "[6] Hochreiter S, Schmidhuber J. Long short-term memory. Neural Computation, 1997, 9(8):\n"
            "1735–1780.\n"
            "[7] Breiman L. Random forests. Machine Learning, 2001, 45(1): 5–32.\n"
            "[8] Cortes C, Vapnik V. Support-vector networks. Machine Learning, 1995, 20(3): 273–297.\n"
            "[9] Vaswani A, Shazeer N, Parmar N, et al. Attention is all you need. In: Proc. of the\n")
    found = segment(text)
    assert len(found) == 6
    assert [seg.partial for seg in found] == [True, False, False, False, False, True]


@pytest.mark.parametrize("ending, partial", [
    ("Doha: Association for", True),
    ("Montreal: Curran Associates, 2014. 3104–", True),
    ("Berlin: Springer-Verlag", False),
    ("Journal of Fluid Mechanics, in press", False),
    ("https://doi.org/10.1145/3197026.3197048", False),
    ("2016:770-778.", False),
])
def test_how_a_last_reference_ends_tells_if_it_was_cut_off(ending, partial):
    text = ("[1] LeCun Y, Bengio Y, Hinton G. Deep learning. Nature, 2015, 521(7553): 436–444.\n"
            f"[2] Smith J, Jones K. A title of the paper. {ending}")
    assert [seg.partial for seg in segment(text)] == [False, partial]


def test_empty_input():
    assert segment("") == []
    assert segment("   \n\n\t \n") == []
    assert segment(None) == []


@pytest.mark.parametrize("garbage", [
    "\x00\x01\x02" * 100,
    "|\n" * 50,
    "\f\f\f\n\n\r\r",
    "12\n13\n14\n",
    "[1]\n[2]\n[3]",
    "x" * 100_000,
    bytes(range(256)).decode("latin-1") * 20,
    "\n".join(["-"] * 100),
])
def test_garbage_does_not_crash(garbage):
    found = segment(garbage)
    check_offsets(garbage, found)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from([
    "[1] Smith J. A title. Journal, 2020, 1(2): 3-4.", "Smith, J. (2020). A title. Journal, 1, 3–4.",
    "   continued line of a reference, 2019.", "", "|", "12", "Page 3 - 《软件学报》2026年第1期",
    "References", "Body text of the paper goes on here and says something", "\f", "张三. 题名[J]. 刊名, 2020.",
]), max_size=30))
def test_any_mix_of_lines_gives_valid_segments(lines):
    text = "\n".join(lines)
    check_offsets(text, segment(text))


def test_line_classifier_on_held_out_finder_documents():
    paths = [DATA / "anystyle" / f"{name}.ttx" for name in HELD_OUT]
    assert line_scores(paths)["ref_lines"]["f1"] >= 0.95


def test_a_300_page_thesis_in_under_5_seconds():
    largest = max((DATA / "anystyle").glob("*.ttx"), key=lambda p: p.stat().st_size)
    text, _ = read_ttx(largest)
    segment("load the model first")
    started = time.process_time()  # CPU time: other work on a shared machine does not count
    found = segment(text)
    assert time.process_time() - started < 5.0
    assert len(found) > 100


def test_find_references_parses_each_segment():
    text = (HANDMADE_DIR / "numbered_partial_paste.txt").read_text(encoding="utf-8")
    references = find_references(text, engine="rules")
    assert [ref.raw for ref in references] == [seg.raw for seg in segment(text)]
    assert references[0].partial and references[-1].partial and not references[1].partial
    assert references[1].to_dict()["start"] == text.index("12. Cortes")
    assert references[1].fields.get("year") == "1995"


def test_the_links_a_site_sets_after_each_reference_part_them_and_are_dropped():
    """F1000Research's and PubMed Central's PDFs and pages set "Publisher Full Text",
    "PubMed Abstract" or "[CrossRef] [PubMed]" under each reference: no reference of its own."""
    references = [
        "Carlson JK, Parsons GR: Age and growth of the bonnethead shark, Sphyrna\n"
        "tiburo, from northwest Florida. Environ Biol Fish. 1997; 50(3): 331–341.",
        "Fabens AJ: Properties and fitting of the Von Bertalanffy growth curve. Growth.\n"
        "1965; 29(3): 265–89.",
        "Kohler NE, Turner PA: Shark tagging: a review of conventional methods and\n"
        "studies. Environ Biol Fish. 2001; 60(1–3): 191–223.",
    ]
    links = ["Publisher Full Text", "PubMed Abstract | Publisher Full Text", "[CrossRef] [PubMed]"]
    text = "\n".join(f"{reference}\n{link}" for reference, link in zip(references, links)) + "\n"
    found = find_segments(text)
    assert [segment.raw for segment in found.segments] == references
    assert [(item.text, item.reason) for item in found.dropped] == [(link, "links") for link in links]


def test_the_zone_model_reads_a_link_line_as_the_blank_line_it_is_taken_for():
    """The models learned no link lines: in F1000Research's two-column text the line model
    took the reference after "Publisher Full Text" for furniture too ("Frazier BS, …")."""
    from tagger.finder.lines import Line, line_features

    def features(middle):
        texts = ["Carlson JK, Parsons GR: Age and growth of the bonnethead shark.", middle,
                 "Frazier BS, Driggers WB III, Adams DH, et al.: Validated age, growth"]
        return line_features([Line(text, 0) for text in texts])

    assert features("Publisher Full Text") == features("") != features("Full Text Publisher")


def test_list_labels_set_apart_from_their_references_make_no_reference():
    """pdftotext in reading order may set a page's labels in a block of their own ("8.↵9.↵
    10."), the references' text after them: the labels alone are no reference."""
    head = ("1. Vos T, Flaxman AD, Naghavi M: Years lived with disability for 1160 sequelae of\n"
            "289 diseases and injuries. Lancet 2012, 380:2163–2196.\n"
            "2. Dagenais S, Caro J, Haldeman S: A systematic review of low back pain cost of\n"
            "illness studies. Spine J 2008, 8:8–20.\n\n")
    labels = "3.\n\n4.\n\n5.\n\n"
    tail = ("Koes BW, van Tulder MW, Thomas S: Diagnosis and treatment of low back pain. BMJ\n"
            "2006, 332:1430–1434.\n"
            "Artus M, van der Windt DA, Jordan KP, Hay EM: Low back pain symptoms show a similar\n"
            "pattern of improvement. Rheumatology 2010, 49:2346–2356.\n")
    found = find_segments(head + labels + tail)
    assert not any(set(segment.raw.split()) <= {"3.", "4.", "5."} for segment in found.segments)
    assert [(item.text, item.reason) for item in found.dropped] == [
        ("3.", "list label"), ("4.", "list label")]  # ("5." goes with the text under it)
    assert len(found.segments) == 4
