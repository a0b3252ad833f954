"""normalize(): each repair on input shaped like the issue's examples, and the offset map."""

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagger.text.normalize import normalize


def check_map(raw, result):
    assert len(result.to_raw) == len(result.text) + 1
    assert result.to_raw[-1] == len(raw)
    assert all(0 <= a <= b <= len(raw) for a, b in zip(result.to_raw, result.to_raw[1:]))


def raw_of(raw, word):
    """The raw text a word of the normalized text came from."""
    result = normalize(raw)
    start = result.text.index(word)
    end = start + len(word)
    return raw[result.to_raw[start]:result.to_raw[end - 1] + 1]


@pytest.mark.parametrize("raw, expected", [
    # a word hyphenated at a line end, and the same already joined by a copy
    ("Romero J. Accele-\nrating collective communication", "Romero J. Accelerating collective communication"),
    ("Accele- rating collective communication", "Accelerating collective communication"),
    ("Systems Design and Implementa-\n    tion. Renton: USENIX, 2022.", "Systems Design and Implementation. Renton: USENIX, 2022."),
    # hyphens that belong to the word stay
    ("Check-N-Run: A checkpointing system", "Check-N-Run: A checkpointing system"),
    ("data-parallel training", "data-parallel training"),
    ("Check-N-\nRun: A checkpointing system", "Check-N-Run: A checkpointing system"),
    ("Martin- Facklam, A.", "Martin-Facklam, A."),  # capital after: a double name, keep the hyphen
    ("a systematic review and meta-\nanalysis", "a systematic review and meta-analysis"),
    ("pre- and post-processing", "pre- and post-processing"),  # suspended hyphen
    ("COVID-\n19 cases", "COVID-19 cases"),
    # page ranges wrapped after the dash
    ("J. Rheumatol. 35, 2047–\n2054.", "J. Rheumatol. 35, 2047–2054."),
    # DOIs and URLs broken at a line end or by a space after "." "/" "-"
    ("[doi:\n10.1145/3600006.\n3613145]", "[doi: 10.1145/3600006.3613145]"),
    ("[doi: 10.1145/3600006. 3613145]", "[doi: 10.1145/3600006.3613145]"),
    ("[doi: 10.1109/ICSE-\nSEIP58684.2023.00052]", "[doi: 10.1109/ICSE-SEIP58684.2023.00052]"),
    ("doi:10.1007/s10439-\n009-9852-5", "doi:10.1007/s10439-009-9852-5"),
    # a DOI broken by a space after its "10" or "10." (PDF text), but no "2010 .1234/" or "10 .1"
    ("31.doi:10 .1145/1601966.1601973.", "31.doi:10.1145/1601966.1601973."),
    ("doi: 10. 5194/npg-21-379-2014.", "doi: 10.5194/npg-21-379-2014."),
    ("in 2010 .1234/5, vol. 10 .1 pp", "in 2010 .1234/5, vol. 10 .1 pp"),
    ("https://doi.org/\n10.1007/s00799-018-0242-1", "https://doi.org/10.1007/s00799-018-0242-1"),
    ("doi:10.1016/j.\njbiomech.2014.01.038", "doi:10.1016/j.jbiomech.2014.01.038"),
    ("http://purl.stanford.edu/\nbj581pc8202", "http://purl.stanford.edu/bj581pc8202"),
    ("https://doi\n.org/10.1126/science.122.3159.108.", "https://doi.org/10.1126/science.122.3159.108."),
    # ... but a DOI or URL that ends a sentence does not swallow the next word
    ("doi:10.1016/j.ptsp.2007.03.004. Accessed 2020.", "doi:10.1016/j.ptsp.2007.03.004. Accessed 2020."),
    ("http://www.example.com. Retrieved May 5, 2014", "http://www.example.com. Retrieved May 5, 2014"),
    # ligatures, the lost "ff" arrow, full-width forms
    ("the \ufb01eld and the e\ufb00ect", "the field and the effect"),
    ("how noise a\u21b5ects training", "how noise affects training"),
    ("rewarding and sup\u00acporting workplace", "rewarding and supporting workplace"),
    ("rewarding and sup\u00ac\nporting workplace", "rewarding and supporting workplace"),
    ("P. Arbel\u00b4aez and L. Cohen", "P. Arbel\u00b4aez and L. Cohen"),  # not a wrong accented letter
    ("\uff21\uff22\uff23\uff0c\uff11\uff12\uff1a\uff08\uff13\uff09", "ABC,12:(3)"),
    ("软件学报，2020，31（1）：1–10．", "软件学报,2020,31(1):1–10."),
    # a superscript edition set apart from the year it touches; other superscripts as digits
    ("Snell B., Die Entdeckung des Geistes, Hamburg 1946\u00b3.", "Snell B., Die Entdeckung des Geistes, Hamburg 1946 3."),
    ("Hamburg \u00b31946", "Hamburg 3 1946"),
    ("cm\u00b2 and 10\u00b2\u00b3 atoms", "cm2 and 10 23 atoms"),
    # the hyphen, non-breaking hyphen, figure dash and minus sign as the hyphen-minus
    ("Int. Ed. 2001, 40, 2004\u22122021.", "Int. Ed. 2001, 40, 2004-2021."),
    ("55(4): 603\u201115; 5\u20127; doi:10.1007/s10584\u2010015\u20101585\u2010x",
     "55(4): 603-15; 5-7; doi:10.1007/s10584-015-1585-x"),
    ("high\u2010\nthroughput, 1065\u2011\n9", "high-throughput, 1065-9"),
    # invisible characters and odd spaces
    ("bib\u00adlio\u00adgraphy", "bibliography"),
    ("zero\u200bwidth\ufeff here", "zerowidth here"),
    ("non\u00a0breaking\u2009thin\u202fnarrow\u3000ideographic", "non breaking thin narrow ideographic"),
    # line breaks and runs of white space
    ("  Long short-term\n  memory.\t\tNeural\r\nComputation  ", "Long short-term memory. Neural Computation"),
    # a line break inside Chinese text joins without a space
    ("基于深度学习的\n参考文献解析[J]. 软件学报, 2020", "基于深度学习的参考文献解析[J]. 软件学报, 2020"),
])
def test_repairs(raw, expected):
    result = normalize(raw)
    assert result.text == expected
    check_map(raw, result)


def test_offsets_lead_back_to_the_raw_text():
    raw = "Romero J. Accele-\nrating DNN training [doi:\n10.1145/3600006.\n3613145]"
    assert raw_of(raw, "Accelerating") == "Accele-\nrating"
    assert raw_of(raw, "10.1145/3600006.3613145") == "10.1145/3600006.\n3613145"
    raw = "the \ufb01eld"
    result = normalize(raw)
    assert result.text == "the field"
    assert raw[result.to_raw[4]] == "\ufb01" and raw[result.to_raw[5]] == "\ufb01"


@pytest.mark.parametrize("raw, piece, source", [
    ("\u32ff", "令", "\u32ff"),
    ("\u32ff", "和", "\u32ff"),
    ("the \ufb01eld", "f", "\ufb01"),
    ("the \ufb01eld", "field", "\ufb01eld"),
    ("Accele-\nrating", "Accelerating", "Accele-\nrating"),
    ("a\u21b5ects", "ects", "ects"),
])
def test_raw_span_is_never_empty(raw, piece, source):
    result = normalize(raw)
    start = result.text.index(piece)
    begin, end = result.raw_span(start, start + len(piece))
    assert raw[begin:end] == source


def test_empty_and_odd_input():
    assert normalize("").text == ""
    assert normalize("").to_raw == [0]
    assert normalize(" \n\t ").text == ""
    assert normalize(" \n\t ").to_raw == [4]
    assert normalize(None).text == ""
    assert normalize("\x00\x01abc\x7f").text.endswith("abc\x7f")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=200))
def test_never_raises_and_keeps_the_map(raw):
    result = normalize(raw)
    check_map(raw, result)
    for start in range(len(result.text)):
        begin, end = result.raw_span(start, start + 1)
        assert 0 <= begin < end <= len(raw)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["Accele-", "rating", "10.1145/", "3600006.", "doi:", "-", ".",
                                 "/", "\n", " ", "\u00ad", "\ufb01", "a\u21b5", "中文", "Check-N-",
                                 "Run", "https://x.org/", "2047–"]), max_size=40))
def test_never_raises_on_repair_shaped_input(pieces):
    raw = "".join(pieces)
    check_map(raw, normalize(raw))


def test_linear_time():
    # CPU time, not wall time: other work on a shared machine must not fail the test
    small = "Accele-\nrating 10.1145/3600006.\n3613145 e\ufb00ect a\u21b5ects \u00a0 " * 100
    large = small * 50
    started = time.process_time()
    normalize(small)
    small_seconds = time.process_time() - started
    started = time.process_time()
    normalize(large)
    large_seconds = time.process_time() - started
    assert large_seconds < 1.0
    assert large_seconds < 50 * small_seconds * 4 + 0.05
    # one identifier broken a thousand times is still one pass
    broken = "doi:10.1000/" + "abc-\n" * 20000
    started = time.process_time()
    normalize(broken)
    assert time.process_time() - started < 1.0
