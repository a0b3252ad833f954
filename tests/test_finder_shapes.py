"""The finder on the shapes of issue 60: lists a new user pasted or a journal printed, each as
it came, with the references a person reading it would count."""

import json

import pytest

from tagger.finder import find_segments, segment
from tagger.finder.lines import HEADING, LIST_HEADING, SECTION_HEAD, unspaced

from tests.cli_helpers import reftag

AUTHOR_YEAR = [
    "Abbott B. P. et al., 2016, Phys. Rev. Lett., 116, 061102",
    "Bellm E. C. et al., 2019, PASP, 131, 018002",
    "Chambers K. C. et al., 2016, preprint (arXiv:1612.05560)",
    "Dalal N., Holz D. E., Hughes S. A., Jain B., 2006, Phys. Rev. D, 74, 063006",
    "Evans P. A. et al., 2017, Science, 358, 1565",
    "Fong W., Berger E., 2013, ApJ, 776, 18",
    "Gehrels N. et al., 2004, ApJ, 611, 1005",
]


def _paper(heading: str) -> str:
    return ("We thank the referee for helpful comments on the draft.\n\n" + heading + "\n\n"
            + "\n".join(AUTHOR_YEAR) + "\n")


@pytest.mark.parametrize("heading", ["R E F E R E N C E S", "R EFERENCES", "6 R E F E R E N C E S",
                                     "r e f e r e n c e s", "L ITERATURE C ITED", "参 考 文 献"])
def test_a_letter_spaced_or_small_capitals_heading_heads_the_list(heading):
    assert LIST_HEADING.match(heading) and HEADING.match(heading)
    assert [seg.raw for seg in segment(_paper(heading))] == AUTHOR_YEAR


def test_closing_up_letters_leaves_words_and_names_alone():
    assert unspaced("A C K N O W L E D G E M E N T S") == "ACKNOWLEDGEMENTS"
    assert SECTION_HEAD.match("A P P E N D I X  A")
    assert not LIST_HEADING.match("R E F E R E N C E  F R A M E S")
    assert not HEADING.match("Smith J A B C 2010")


def test_segments_as_json_lines_are_one_object_a_line(tmp_path):
    path = tmp_path / "paper.txt"
    path.write_text(_paper("R E F E R E N C E S"), encoding="utf-8")
    code, out, _ = reftag("find", str(path), "--segments", "--format", "jsonl")
    assert code == 0
    records = [json.loads(line) for line in out.splitlines()]
    assert [record["raw"] for record in records] == AUTHOR_YEAR
    code, out, _ = reftag("find", str(path), "--segments", "--dropped", "--format", "jsonl")
    records = [json.loads(line) for line in out.splitlines()]
    assert [record["text"] for record in records if "reason" in record][-1] == "R E F E R E N C E S"
    code, out, err = reftag("find", str(path), "--segments", "--format", "bibtex")
    assert (code, out) == (1, "") and "--segments writes json or jsonl" in err
