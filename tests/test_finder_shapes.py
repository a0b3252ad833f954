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


def _pdf_found_and_gold(name: str) -> tuple:
    pytest.importorskip("pypdfium2", reason="PDF input needs the pdf extra (pypdfium2)")
    from tagger.evaluate.segmentation import reference_key
    from tagger.pdf import segment_pdf

    pdf = FIXTURES / f"{name}.pdf"
    gold = json.loads(pdf.with_suffix(".json").read_text(encoding="utf-8"))
    found, _ = segment_pdf(pdf.read_bytes())
    return found, [reference_key(seg.raw) for seg in found], [reference_key(item["text"]) for item in gold]


def test_a_two_page_pdf_s_heads_that_differ_are_known_by_their_page_numbers():
    """Verso "1186 计算机应用研究 2021 年 第 38 卷 第 4 期", recto "赵磊等：一种改进的聚类算法 1187":
    neither comes back, but their numbers go up with the pages."""
    found, keys, gold = _pdf_found_and_gold("journal_heads_cjk")
    assert keys == gold
    assert not any("1187" in seg.raw for seg in found)


def test_three_narrow_columns_give_their_references_whole_and_in_order():
    _, keys, gold = _pdf_found_and_gold("three_narrow_columns")
    assert keys == gold


COMPOUND = """References
[1] A. Author, Phys. Rev. D 91 (2015) 014501; B. Other, Nucl. Phys. B 880 (2014) 12; C. Third, JHEP 07 (2016) 112.
[2] S. Weinberg, Phys. Rev. Lett. 19, 1264 (1967).
[3] a) M. Schneider, A. Belsom, J. Rappsilber, Trends Biochem. Sci. 2018, 43, 157-169; b) A. N. Calabrese, S. E. Radford, Methods 2018, 147, 187-205; c) J. Gubbens, E. Ruijter, Chem. Biol. 2009, 16, 3-14.
[4] Smith, J. A.; Jones, B. C. Title of a paper. J. Am. Chem. Soc. 2010, 132, 1234.
[5] J. G. Koerner and G. A. Schuler, Z. Phys. C 38, 511 (1988); 41, 690 (1990).
[6] G. Amelino-Camelia et al., AIP Conf. Proc. 758, 30
(2005), gr-qc/0501053; R. Bluhm, Lec. Notes Phys. 702,
191 (2006), hep-ph/0506054.
[7] I. Selyuzhenkov, AIP Conf. Proc. 870, 712 (2006); J. Phys. G 32, S557 (2006).
"""


def test_a_numbered_entry_holding_several_works_is_several_references():
    found = segment(COMPOUND)
    assert [(seg.raw, seg.label) for seg in found] == [
        ("[1] A. Author, Phys. Rev. D 91 (2015) 014501;", ""),
        ("B. Other, Nucl. Phys. B 880 (2014) 12;", "[1]"),
        ("C. Third, JHEP 07 (2016) 112.", "[1]"),
        ("[2] S. Weinberg, Phys. Rev. Lett. 19, 1264 (1967).", ""),
        ("[3] a) M. Schneider, A. Belsom, J. Rappsilber, Trends Biochem. Sci. 2018, 43, 157-169;", "[3a]"),
        ("b) A. N. Calabrese, S. E. Radford, Methods 2018, 147, 187-205;", "[3b]"),
        ("c) J. Gubbens, E. Ruijter, Chem. Biol. 2009, 16, 3-14.", "[3c]"),
        # authors parted by semicolons, a second volume, a second printing: one work each
        ("[4] Smith, J. A.; Jones, B. C. Title of a paper. J. Am. Chem. Soc. 2010, 132, 1234.", ""),
        ("[5] J. G. Koerner and G. A. Schuler, Z. Phys. C 38, 511 (1988); 41, 690 (1990).", ""),
        ("[6] G. Amelino-Camelia et al., AIP Conf. Proc. 758, 30\n(2005), gr-qc/0501053;", ""),
        ("R. Bluhm, Lec. Notes Phys. 702,\n191 (2006), hep-ph/0506054.", "[6]"),
        ("[7] I. Selyuzhenkov, AIP Conf. Proc. 870, 712 (2006); J. Phys. G 32, S557 (2006).", ""),
    ]
    for seg in found:  # each work's offsets point at its own text
        assert COMPOUND[seg.start:seg.end].split() == seg.raw.split()


def test_each_work_of_an_entry_is_parsed_with_the_entry_s_number_and_letter():
    from tagger.finder import find_references

    numbers = [ref.fields.get("citation-number") for ref in find_references(COMPOUND, engine="crf")]
    assert numbers[:7] == ["1", "1", "1", "2", "3a", "3b", "3c"]
    assert numbers[9:11] == ["6", "6"]


def test_works_on_lines_of_their_own_keep_the_entry_s_number():
    text = ("[14] a) K. Tanaka, Nature 400, 12 (1999);\nb) L. Moreau, P. Dubois, Ann. Phys. 412, "
            "168012 (2020);\nc) R. Novak, Nucl. Phys. A 1002, 121980 (2020).\n"
            "[15] C. Alvarez, Eur. Phys. J. C 79, 421 (2019).\n"
            "[16] W. Jaus, Phys. Rev. D 41, 3394 (1990);\nM. Bauer, Z. Phys. C 42, 671 (1989).\n")
    assert [seg.label for seg in segment(text)] == ["[14a]", "[14b]", "[14c]", "", "", "[16]"]


ELIFE = """References
Agcaoglu O, Miller R, Mayer AR, Hugdahl K, Calhoun VD. 2015.
Lateralization of resting state networks and relationship to age and gender. NeuroImage 104:310–325.
DOI: https://doi.org/10.1016/j.neuroimage.2014.09.001
Arnold Anteraper S, Guell X, D'Mello A, Joshi N, Whitfield-Gabrieli S, Joshi G. 2018.
Disrupted cerebrocerebellar intrinsic functional connectivity in young adults with high-functioning autism spectrum disorder. Cerebral Cortex 29:2087–2101.
Buckner RL, Krienen FM, Castellanos A, Diaz JC, Yeo BT. 2011.
The organization of the human cerebellum estimated by intrinsic functional connectivity. Journal of Neurophysiology 106:2322–2345.
Smith A, Jones B, Lee C. 2018.
A study of things. eLife 7:e12345.
"""


def test_authors_and_year_on_a_line_of_their_own_go_on_with_the_title():
    found = segment(ELIFE)
    assert [seg.raw.split("\n")[0][:12] for seg in found] == [
        "Agcaoglu O, ", "Arnold Anter", "Buckner RL, ", "Smith A, Jon"]
    assert all(seg.raw.count("\n") >= 1 for seg in found)


def test_a_place_and_year_ending_a_reference_do_not_swallow_the_next_one():
    """"Providence, RI, 1986." reads like names and a year, but it is a wrapped reference's
    last line (amsfndoc's list): the entry after it is a reference of its own."""
    text = ("Bibliography\n"
            "[MDS86] M. D. Spivak, The Joy of TEX, American Mathematical Society,\n"
            "Providence, RI, 1986.\n"
            "[MDS90] , The Joy of TEX, 2nd (revised) edition, American\n"
            "Mathematical Society, Providence, RI, 1990.\n"
            "[Knu84] D. E. Knuth, The TeXbook, Addison-Wesley, Reading, MA, 1984.\n")
    assert [seg.raw.split()[0] for seg in segment(text)] == ["[MDS86]", "[MDS90]", "[Knu84]"]


def test_a_first_initial_left_alone_by_a_narrow_column_goes_on_with_its_reference():
    text = ("References\n[8] A. Martin, B. Smith, Phys. Rev. B 12, 345 (2001).\n[9] O.\n"
            "P. Dupont, M. Durand, J. Chem. Phys. 110, 1234 (1999).\n[10] K. Tanaka, Nature 400, 12 (1999).\n"
            "[11] R. Novak, H. Lindqvist, Nucl. Phys. A 1002, 121980 (2020).\n[12] L.\n"
            "M. Moreau, P. Dubois, Ann. Phys. 412, 168012 (2020).\n[13] C. Alvarez, Eur. Phys. J. C 79, 421 (2019).\n")
    assert [seg.raw.split()[0] for seg in segment(text)] == ["[8]", "[9]", "[10]", "[11]", "[12]", "[13]"]


APPENDIX = """We thank the reviewers for their comments on this work.

References
1. Smith J, Jones K. A study of cells. Nature. 2010;465:123-130.
2. Lee M, Park S. Another study of cells. Cell. 2012;150:45-56.
3. Brown A, White B, Green C. Methods in molecular biology. J Biol Chem. 2015;290:1000-1010.
4. Garcia R. Protein folding revisited. Science. 2018;360:200-205.
5. Chen L, Wang Y. Single-cell sequencing. Nat Methods. 2019;16:500-510.
{gap}Appendix A. Protocol
1. Thaw the cells at 37 °C for two minutes in a water bath.
2. Transfer the cells to a 15 ml tube containing 10 ml of warm medium.
3. Centrifuge at 300 g for five minutes and discard the supernatant.
4. Resuspend the pellet in 5 ml of medium and count the cells.
"""


@pytest.mark.parametrize("gap", ["\n", ""])
def test_an_appendix_after_the_list_ends_it_with_its_numbered_steps(gap):
    found = find_segments(APPENDIX.format(gap=gap))
    assert [seg.raw[:2] for seg in found.segments] == ["1.", "2.", "3.", "4.", "5."]
    assert found.segments[-1].raw.endswith("2019;16:500-510.")
    assert ("Appendix A. Protocol", "heading") in [(item.text, item.reason) for item in found.dropped]


def test_a_table_s_rows_of_citations_are_no_references():
    table = ("Study\tParticipants\tEffect size\nSmith et al. (2011)\t120\t0.45\n"
             "Jones and Lee (2013)\t85\t0.32\nBrown et al. (2016)\t240\t0.51\n")
    assert segment(table) == []
    listed = ("References\n[1]\tSmith J, Jones K. A study of cells. Nature. 2010;465:123-130.\n"
              "[2]\tLee M, Park S. Another study of cells. Cell. 2012;150:45-56.\n"
              "[3]\tBrown A. Methods. J Biol Chem. 2015;290:1000-1010.\n\n" + "Table 2. Studies\n" + table)
    assert [seg.raw[:3] for seg in segment(listed)] == ["[1]", "[2]", "[3]"]


def test_a_doi_s_closing_bracket_alone_on_its_line_goes_on_with_it():
    text = ("Gehrels N, Chincarini G, Giommi P (2004) The Swift gamma-ray burst mission.\n"
            "    Astrophysical Journal 611, 1005–1020.\n"
            "Hodgkins R, Bryant R, Darlington E and Brandon M (2016) Pre-melt-season\n"
            "    sediment plume variability at Jökulsárlón, Iceland, a preliminary evaluation\n"
            "    using in-situ spectroradiometry and satellite imagery. Annals of Glaciology.\n"
            "    57(73), 39–46 (doi:10.1017/aog.2016.\n    20)\n"
            "Zaske S, Lenhard A, Becher C (2011) Efficient frequency downconversion at the\n"
            "    single photon level from the red spectral range to the telecommunications\n"
            "    C-band. Optics Express 19, 12825–12836.\n")
    found = segment(text)
    assert len(found) == 3 and found[1].raw.endswith("aog.2016.\n20)")


def test_a_page_number_set_between_dashes_is_never_a_wrapped_number():
    text = ("[12] Franklin GF, Powell JD, Emami-Naeini A. Feedback Control of Dynamic\n"
            "- 449 -\nSystems. Pearson Prentice Hall, 5th edition, 2005.\n"
            "[13] Gehrels N, Chincarini G, Giommi P. The Swift gamma-ray burst mission.\n"
            "Astrophysical Journal 611, 1005–1020, 2004.\n"
            "[14] Zaske S, Lenhard A, Becher C. Efficient frequency downconversion at the\n"
            "single photon level. Optics Express 19, 12825–12836, 2011.\n")
    found = find_segments(text)
    assert [seg.raw.split()[0] for seg in found.segments] == ["[12]", "[13]", "[14]"]
    assert "449" not in found.segments[0].raw
    assert [(item.text, item.reason) for item in found.dropped] == [("- 449 -", "page number")]


def test_a_back_matter_head_before_the_list_s_ornamented_heading_leaves_the_list_alone():
    text = ("Author Contributions\nJ. Rak: Resources, Writing, Review and Editing.\nNotes\n"
            "The authors declare no competing financial interest.\n■ REFERENCES\n"
            "(1) Arya, P.; Munshi, M.; Kumar, P. Diosgenin: Chemistry, extraction, quantification\n"
            "and health benefits. Food Chem. Adv. 2023, 2, 100170.\n"
            "(2) Patel, K.; Gadewar, M.; Tahilyani, V.; Patel, D. K. A review on pharmacological\n"
            "and analytical aspects of diosgenin. Nat. Prod. Bioprospect. 2012, 2, 46-52.\n"
            "(3) Kim, J. K.; Park, S. U. An update on the biological and pharmacological\n"
            "activities of diosgenin. EXCLI J. 2018, 17, 24-28.\n")
    assert LIST_HEADING.match("■ REFERENCES")
    assert [seg.raw[:3] for seg in segment(text)] == ["(1)", "(2)", "(3)"]
