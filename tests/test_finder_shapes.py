"""The finder on the shapes of issue 60: lists a new user pasted or a journal printed, each as
it came, with the references a person reading it would count."""

import json
from pathlib import Path

import pytest

from tagger.finder import find_segments, segment
from tagger.finder.lines import HEADING, LIST_HEADING, SECTION_HEAD, unspaced

from tests.cli_helpers import reftag

FIXTURES = Path(__file__).parent / "fixtures" / "pdf"

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


VERSO_HEADS = """REFERENCES
Adebayo, J., Gilmer, J., Muelly, M., Goodfellow, I., Hardt, M., & Kim, B. (2018). Sanity checks for
    saliency maps. Advances in Neural Information Processing Systems, 31, 9505–9515.
Chen, C., Li, O., Tao, D., Barnett, A., Rudin, C., & Su, J. K. (2019). This looks like that: Deep
    learning for interpretable image recognition. Advances in Neural Information Processing
18        ADEBAYO ET AL.
    Systems, 32, 8930–8941.
Doshi-Velez, F., & Kim, B. (2017). Towards a rigorous science of interpretable machine learning.
    arXiv preprint arXiv:1702.08608.
Fong, R. C., & Vedaldi, A. (2017). Interpretable explanations of black boxes by meaningful
    perturbation. In Proceedings of the IEEE International Conference on Computer Vision
    (pp. 3429–3437).
SANITY CHECKS FOR SALIENCY        19
Goodfellow, I. J., Shlens, J., & Szegedy, C. (2015). Explaining and harnessing adversarial
    examples. In International Conference on Learning Representations.
20        ADEBAYO ET AL.
Lundberg, S. M., & Lee, S.-I. (2017). A unified approach to interpreting model predictions. In
    Advances in Neural Information Processing Systems (pp. 4765–4774).
"""

JOURNAL_HEAD = """参考文献
[1] 王小明, 李华. 基于深度学习的图像识别方法研究[J]. 计算机学报, 2018, 41(3): 512-525.
[2] Zhang Y, Wang L, Chen X. Attention-based neural networks for text classification in
Chinese medical records[J]. Journal of Biomedical Informatics, 2019, 95: 103-115.
[3] 赵磊, 孙丽. 一种改进的聚类算法及其在用户画像中的应用[J]. 计算机应用研究, 2020, 37(
{head}
2): 389-393.
[4] Li H, Liu M. Graph convolutional networks for recommendation systems[C]//Proceedings of
the 26th ACM SIGKDD Conference. New York: ACM, 2020: 1234-1242.
[5] 周杰, 吴敏. 多模态情感分析综述[J]. 中文信息学报, 2021, 35(1): 1-18.
"""


def _heads(found) -> list:
    return [item.text for item in found.dropped if item.reason == "running head"]


def test_a_running_head_that_opens_on_its_page_number_is_no_reference():
    found = find_segments(VERSO_HEADS)
    assert [seg.raw.split(",")[0] for seg in found.segments] == [
        "Adebayo", "Chen", "Doshi-Velez", "Fong", "Goodfellow", "Lundberg"]
    assert found.segments[1].raw.endswith("Processing\nSystems, 32, 8930–8941.")
    assert _heads(found) == ["18        ADEBAYO ET AL.", "SANITY CHECKS FOR SALIENCY        19",
                             "20        ADEBAYO ET AL."]


@pytest.mark.parametrize("head", ["1186        计算机应用研究        2021 年 第 38 卷 第 4 期",
                                  "1186 Journal of Computer Applications Vol. 38 No. 4 2021"])
def test_a_journal_s_running_head_inside_a_broken_reference_is_left_out(head):
    found = find_segments(JOURNAL_HEAD.format(head=head))
    assert len(found.segments) == 5
    assert found.segments[2].raw.endswith("37(\n2): 389-393.")
    assert _heads(found) == [head]


def test_a_two_page_pdf_s_heads_that_differ_are_known_by_their_page_numbers():
    """Verso "1186 计算机应用研究 2021 年 第 38 卷 第 4 期", recto "赵磊等：一种改进的聚类算法 1187":
    neither comes back, but their numbers go up with the pages."""
    pytest.importorskip("pypdfium2", reason="PDF input needs the pdf extra (pypdfium2)")
    from tagger.evaluate.segmentation import reference_key
    from tagger.pdf import segment_pdf

    pdf = FIXTURES / "journal_heads_cjk.pdf"
    gold = json.loads(pdf.with_suffix(".json").read_text(encoding="utf-8"))
    found, _ = segment_pdf(pdf.read_bytes())
    assert [reference_key(seg.raw) for seg in found] == [reference_key(item["text"]) for item in gold]
    assert not any("1187" in seg.raw for seg in found)
