"""Page furniture in reference lists: never swallowing reference text, never left inside a
reference, and every line left out reported with its reason (issue 13)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagger.finder import find_segments
from training.models.furniture_lists import generate, pool, score

REFERENCES = pool()


def covered_once(text, found):
    """Every character that is not white space is in exactly one reference or in exactly one
    dropped line; no reference holds a dropped line's text."""
    owners = [0] * len(text)
    lines, offset = [], 0  # (start, content) of each line, indent and form feed aside
    for line in text.split("\n"):
        lines.append((offset + len(line) - len(line.lstrip()), line.strip()))
        offset += len(line) + 1
    line_at = dict(lines)
    for seg in found.segments:
        # each piece of the reference is a whole line of the text, in order, from its start
        remaining = iter(start for start, content in lines if start >= seg.start)
        for piece in seg.raw.split("\n"):
            position = next(start for start in remaining if line_at[start] == piece)
            for i in range(position, position + len(piece)):
                owners[i] += 1
    for item in found.dropped:
        assert text[item.start:item.end] == item.text and item.reason
        for i in range(item.start, item.end):
            owners[i] += 1
    return [i for i, char in enumerate(text) if not char.isspace() and owners[i] != 1]


@settings(max_examples=40, deadline=None, database=None)
@given(seed=st.integers(0, 2**32))
def test_every_character_is_in_one_reference_or_reported_dropped(seed):
    generated = generate(random.Random(seed), REFERENCES)
    assert covered_once(generated.text, find_segments(generated.text)) == []


def test_generated_lists_come_out_exactly_and_keep_their_text():
    """The issue asks for 99.5% exact and no reference text ever dropped. On these 100 lists:
    99.80% exact, nothing dropped. Over 1,000 lists (python -m training.models.furniture_lists -n 1000,
    seeds 1/2/3/7/11/13/17/23): 99.71/99.78/99.65/99.78/99.74/99.83/99.68/99.67% exact,
    reference text dropped in none of the 8,000 lists; on seeds the rules were not written
    against, in about one list in a thousand (fourteen seeds from 127 to 193: 21 lists of
    14,000, all now kept but one, in the test below)."""
    rng = random.Random(13)
    figures = score([generate(rng, REFERENCES) for _ in range(100)], find_segments)
    assert figures["lists_with_reference_text_dropped"] == 0, figures
    assert figures["exact_share"] >= 0.995, figures


LINES_BEFORE = ("[1] Romero J, Yin JQ, Laanait N, et al. Accelerating collective communication in data\n"
                "parallel training across deep learning frameworks. IEEE Trans. on Parallel and\n")
NEXT = "[2] LeCun Y, Bengio Y, Hinton G. Deep learning. Nature, 2015, 521(7553): 436–444.\n"


@pytest.mark.parametrize("wrapped_end, tail", [
    ("Distributed Systems, 2021. 1–12. [doi: 10.1109/TPDS.2021.", "3094364]"),
    ("Distributed Systems, 2021. 1–12. doi: 10.1109/TPDS.2021.", "3094364"),
    ("Distributed Systems, 32(1):", "109–133."),
    ("Distributed Systems, 32(1),", "109–133"),
    ("Distributed Systems. Renton: USENIX Association Inc.", "2021."),
    ("Distributed Systems 32,", "1234"),
    ("Distributed Systems 32, Article", "e1002345."),
])
def test_a_wrapped_tail_on_a_line_of_its_own_stays_in_its_reference(wrapped_end, tail):
    text = LINES_BEFORE + wrapped_end + "\n" + tail + "\n" + NEXT
    found = find_segments(text)
    assert [seg.raw for seg in found.segments] == [
        (LINES_BEFORE + wrapped_end + "\n" + tail).strip(), NEXT.strip()]
    assert found.dropped == []


def test_the_page_number_and_head_of_a_page_break_inside_a_reference_are_dropped():
    text = (LINES_BEFORE + "Distributed Systems, 2021, 32(1): 586-590,\n"
            "869\n\nJournal of Computational Physics 412 (2021) 109–133\n"
            "doi: 10.1109/TPDS.2021.3094364.\n" + NEXT)
    found = find_segments(text)
    assert found.segments[0].raw.endswith("586-590,\ndoi: 10.1109/TPDS.2021.3094364.")
    assert [(item.text, item.reason) for item in found.dropped] == [
        ("869", "page number"),
        ("Journal of Computational Physics 412 (2021) 109–133", "running head")]


def test_a_number_in_the_page_sequence_is_a_page_number_even_after_a_comma():
    body = [f"[{n}] Smith J, Jones K. A title of the paper number {n}. Journal of Things, 2015,\n"
            f"    521(7553): {n}1–{n}9.\n" for n in range(1, 40)]
    pages = body[:12] + ["[13] Smith J, Jones K. A title of the paper. Journal of Things,\n", "12\n",
                        "    2015, 521(7553): 1–9.\n"] + body[13:30] + ["13\n"] + body[30:]
    found = find_segments("".join(pages))
    assert [item.text for item in found.dropped if item.reason == "page number"] == ["12", "13"]
    assert found.segments[12].raw.endswith("Journal of Things,\n2015, 521(7553): 1–9.")


def test_a_second_number_far_from_the_page_number_of_the_break_is_the_reference_tail():
    text = ("Blair, Sara. Cultural Geography and the Place of the Literary. American\n"
            "Literary History 10 (1998): 544–67.\n\n"
            "Carilli C.L., Taylor G.B., 2002, ARA&A, 40,\n319\n\nPage 846\n\n"
            "\fPhysical Review E 101, 042305 (2020)\n\n\n"
            "Baker, J. W. (2011). Conditional Mean Spectrum: Tool for ground motion\n"
            "selection. Journal of Structural Engineering, 137(3):322–331.\n")
    found = find_segments(text)
    assert [seg.raw for seg in found.segments][1:] == [
        "Carilli C.L., Taylor G.B., 2002, ARA&A, 40,\n319",
        "Baker, J. W. (2011). Conditional Mean Spectrum: Tool for ground motion\n"
        "selection. Journal of Structural Engineering, 137(3):322–331."]
    assert [(item.text, item.reason) for item in found.dropped] == [
        ("Page 846", "page number"), ("Physical Review E 101, 042305 (2020)", "running head")]


def test_a_doi_tail_after_a_page_break_stays_in_its_reference():
    before, tail = "doi: 10.1029/", "2000JC900098"
    text = (LINES_BEFORE + "Distributed Systems, 2021, 105(C10): 23983-23996. " + before + "\n\n"
            "Nucleic Acids Research, 2019, Vol. 47, No. 3                 524\n\n" + tail + "\n" + NEXT)
    found = find_segments(text)
    assert found.segments[0].raw.endswith(before + "\n" + tail), found.segments
    assert [item.reason for item in found.dropped] == ["running head"]


def test_a_line_that_ends_on_a_stop_after_a_page_break_is_no_running_head():
    text = (LINES_BEFORE + "Distributed Systems. The Discovery of the Past: The Origins of Archaeology.\n"
            "- 224 -\n\fNucleic Acids Research, 2019, Vol. 47, No. 3\nLondon: British Museum Press.\n\n"
            + NEXT)
    found = find_segments(text)
    assert found.segments[0].raw.endswith("Archaeology.\nLondon: British Museum Press.")
    assert [item.text for item in found.dropped] == ["- 224 -", "Nucleic Acids Research, 2019, Vol. 47, No. 3"]


def test_two_wrapped_years_a_page_apart_are_no_page_sequence():
    body = [f"[{n}] Smith J, Jones K. A title of the paper number {n}. Journal of Things, 2015,\n"
            f"    521(7553): {n}1–{n}9.\n" for n in range(1, 40)]
    lists = (body[:10] + ["[11] Rosanvallon P. La Démocratie inachevée. Paris, Gallimard,\n", "2000\n"]
             + body[11:30] + ["[31] Drouard A. Les Français et la table. Ellipses, Paris,\n", "2002\n"]
             + body[31:])
    found = find_segments("".join(lists))
    assert found.dropped == []
    assert found.segments[10].raw.endswith("Gallimard,\n2000")
    assert found.segments[30].raw.endswith("Paris,\n2002")


def test_a_page_range_wrapped_at_its_dash_keeps_the_dash():
    text = LINES_BEFORE + "Distributed Systems, 38, 43\n-\n102.\n" + NEXT
    found = find_segments(text)
    assert found.segments[0].raw.endswith("38, 43\n-\n102.") and found.dropped == []


def test_a_doi_tail_on_the_last_page_after_its_head_ends_the_list():
    text = (NEXT + LINES_BEFORE + "Distributed Systems 144 (1–2): 101–124, doi:10.1016/\n\n635\n\n"
            "\fProceedings of the VLDB Endowment\n\n0304-3975(94)00281-M\n")
    found = find_segments(text)
    assert found.segments[-1].raw.endswith("doi:10.1016/\n0304-3975(94)00281-M")
    assert [(item.text, item.reason) for item in found.dropped] == [
        ("635", "page number"), ("Proceedings of the VLDB Endowment", "running head")]


def test_a_head_with_a_bracket_of_its_own_does_not_close_the_one_left_open():
    text = (LINES_BEFORE + "Distributed Systems, 2, 189-208. Also in (Allen et al.,\nPage 845\n"
            "\fJournal of Computational Physics 412 (2021) 109–133\n"
            "1990). Planning for Contingencies: A Decision-based Approach\n" + NEXT)
    found = find_segments(text)
    assert found.segments[0].raw.endswith("(Allen et al.,\n1990). Planning for Contingencies: "
                                          "A Decision-based Approach")
    assert [(item.text, item.reason) for item in found.dropped] == [
        ("Page 845", "page number"),
        ("Journal of Computational Physics 412 (2021) 109–133", "running head")]


BLANK_LIST = ("Drager, K. (2011). Sociophonetic variation and the lemma. Journal of Phonetics, 39,\n"
              "694-707.\n\n"
              "D. M. Chiarulli, S. P. Levitan, and C. Qiao. Locality based control algorithms for\n"
              "reconfigurable optical interconnection networks. Applied Optics, to appear.\n\n")
BLANK_NEXT = ("Goffman, Erving. Encounters: Two Studies in the Sociology of Interaction. Indianapolis:\n"
              "Bobbs-Merrill, 1961.\n")


def test_a_one_line_reference_with_names_and_a_year_after_a_page_number_is_no_head():
    text = BLANK_LIST + "- 637 -\n\nForman W. et al. 2005, ApJ, 635, 894\n\n" + BLANK_NEXT
    found = find_segments(text)
    assert [seg.raw for seg in found.segments][2:] == [
        "Forman W. et al. 2005, ApJ, 635, 894", BLANK_NEXT.strip()]
    assert [(item.text, item.reason) for item in found.dropped] == [("- 637 -", "page number")]



def test_a_line_with_its_lone_tail_under_it_after_a_page_break_is_reference_text():
    text = ("[69] Romero J, Yin JQ, Laanait N. Accelerating collective communication. 2021.\n"
            "[70] Borazjani, I., Sotiropoulos, F., Tytell, E. D. & Lauder, G. V.\n"
            "Hydrodynamics of the bluegill sunfish c-start escape response:\n"
            "three-dimensional simulations and comparison with experimental data.\n"
            "\n- 296 -\n\nJournal of Experimental Biology 215, 671-684\n(2012).\n"
            "[71] LeCun Y, Bengio Y, Hinton G. Deep learning. Nature, 2015, 521(7553): 436–444.\n")
    found = find_segments(text)
    assert found.segments[1].raw.endswith("experimental data.\nJournal of Experimental Biology "
                                          "215, 671-684\n(2012).")
    assert [item.text for item in found.dropped] == ["- 296 -"]


def test_a_line_after_the_head_of_its_page_break_is_reference_text():
    text = (LINES_BEFORE + "Distributed Systems. In vivo silencing of TAK1 through targeting of myeloid cells.\n"
            "67\n\fBioinformatics, 35(14), 2019\nBlood. 116(18): 3505-3516\n" + NEXT)
    found = find_segments(text)
    assert found.segments[0].raw.endswith("myeloid cells.\nBlood. 116(18): 3505-3516")
    assert [item.text for item in found.dropped] == ["67", "Bioinformatics, 35(14), 2019"]


def test_a_line_going_on_in_lower_case_with_an_unended_reference_is_no_head():
    text = (LINES_BEFORE + "Distributed Systems. Chang, P., and Stearns, T. (2003). Epsilon-tubulin\n"
            "\n- 423 -\n\nis required for centriole duplication and microtubule organization. Nat Cell Biol\n"
            "5, 71–76.\n" + NEXT)
    found = find_segments(text)
    assert found.segments[0].raw.endswith("Epsilon-tubulin\nis required for centriole duplication "
                                          "and microtubule organization. Nat Cell Biol\n5, 71–76.")
    assert [item.text for item in found.dropped] == ["- 423 -"]


def test_a_flush_line_with_names_that_its_indented_line_goes_on_with_begins_a_reference():
    text = ("Vallari, A., Holzmayer, V., Harris, B., Yamaguchi, J., Ngansop, C., 2011. Confirmation of\n"
            "    Putative HIV-1 Group P in Cameroon. J. Virol. 85, 1403–1407.\n"
            "Mehellou, Y., De Clercq, E., 2010. Twenty-Six Years of Anti-HIV Drug Discovery: Where Do\n"
            "    We Stand and Where Do We Go? J. Med. Chem. 53, 521–538.\n"
            "Blair, Sara. Cultural Geography and the Place of the Literary. American Literary History\n"
            "    10 (1998): 544–67.\n- 752 -\n\n"
            'Wandel, Lee Palmer. "Setting the Lutheran Eucharist." Journal of Early Modern History 17\n'
            "    (1998): 124-55. doi: 10.1163/157006598X00135.\n"
            "Baker, J. W. (2011). Conditional Mean Spectrum: Tool for ground motion selection.\n"
            "    Journal of Structural Engineering, 137(3):322–331.\n")
    found = find_segments(text)
    assert found.segments[3].raw.startswith("Wandel, Lee Palmer.")
    assert [item.text for item in found.dropped] == ["- 752 -"]


def test_a_first_reference_with_names_and_a_wordy_title_is_no_body_text():
    text = ("Gattellari M, Voigt KJ, Butow PN, Tattersall MH: When the treatment goal is not cure: are\n"
            "cancer patients equipped to make informed decisions? Journal of clinical oncology : official\n"
            "journal of the American Society of Clinical Oncology 20: 503-13,\n2002\n\n" + BLANK_LIST
            + BLANK_NEXT)
    found = find_segments(text)
    assert found.segments[0].raw.startswith("Gattellari M") and found.segments[0].raw.endswith("503-13,\n2002")
    assert found.dropped == []


def test_the_last_reference_not_ended_goes_on_after_the_last_page_break():
    text = (LINES_BEFORE.replace("and\n", "and Distributed Systems. Welch, B. L. (1947). The "
                                 "Generalization of Student’s Problem when Several Different\n")
            + "- 807 -\n\fJournal of Computational Physics 412 (2021) 109–133\n"
            "Population Variances are Involved. Biometrika, 34(1/2):28–35.\n")
    found = find_segments(text)
    assert found.segments[-1].raw.endswith("Several Different\nPopulation Variances are Involved. "
                                           "Biometrika, 34(1/2):28–35.")
    assert [item.text for item in found.dropped] == [
        "- 807 -", "Journal of Computational Physics 412 (2021) 109–133"]


def test_a_line_before_the_page_number_is_no_head_when_the_page_opens_with_its_head():
    text = (BLANK_LIST + "FERRIERES (Madeleine), Nourritures canailles, Seuil, Paris, 2007\n\n755\n"
            "\fPhysical Review E 101, 042305 (2020)\n" + BLANK_NEXT)
    found = find_segments(text)
    assert "FERRIERES (Madeleine), Nourritures canailles, Seuil, Paris, 2007" in [
        seg.raw for seg in found.segments]
    assert [item.text for item in found.dropped] == ["755", "Physical Review E 101, 042305 (2020)"]


HANGING_LIST = ("Drager, K. (2011). Sociophonetic variation and the lemma. Journal of Phonetics, 39,\n"
                "    694-707.\n"
                "H. S. Lee, S. Kiravittaya, S. Kumar, J. D. Plumhof, L. Balet, L. H. Li, M. Fran-\n"
                "    cardi, A. Gerardino, A. Fiore, A. Rastelli, and O. G. Schmidt, “Local tuning of\n"
                "    photonic crystal nanocavity modes by laser-assisted oxidation,” Applied Physics\n"
                "    Letters 95, 191109–3 (2009).\n")


@pytest.mark.parametrize("text, last", [
    (HANGING_LIST + "FERRIERES (Madeleine), Nourritures canailles, Seuil, Paris, 2007\n",
     "FERRIERES (Madeleine), Nourritures canailles, Seuil, Paris, 2007"),
    (BLANK_LIST + BLANK_NEXT + "\nFERRIERES (Madeleine), Nourritures canailles, Seuil, Paris,\n2007\n",
     "FERRIERES (Madeleine), Nourritures canailles, Seuil, Paris,\n2007"),
])
def test_a_last_reference_with_the_surname_in_capitals_and_the_given_name_in_brackets(text, last):
    found = find_segments(text)
    assert found.segments[-1].raw == last and found.dropped == []


def numbered(first: int, last: int, label: str = "[{}]", indent: str = "    ") -> str:
    """References `first` to `last`, two lines each."""
    return "".join(f"{label.format(n)} Smith J, Jones K. A title of the paper number {n}. Journal of "
                   f"Things,\n{indent}2015, 521(7553): {n}1–{n}9.\n" for n in range(first, last + 1))


def test_a_one_letter_doi_tail_after_the_page_number_and_head_is_no_roman_page_number():
    head = "IEEE TRANSACTIONS ON SOFTWARE ENGINEERING, VOL. 47, NO. 3"
    text = (numbered(1, 8) + f"848\n\n{head}\n" + numbered(9, 16)
            + "[17] Trathan, P. N., A. S. Brierley, M. A. Brandon, D. G. Bone, C. Goss, S. A. Grant\n"
            "    and J. L. Watkins (2003). Oceanographic variability and changes in Antarctic krill\n"
            "    abundance at South Georgia. Fisheries Oceanography 12(6): 569-583. doi:\n"
            f"    10.1046/j.1365-2419.2003.00268.\n849\n\n{head}\nx\n\n" + numbered(18, 24))
    found = find_segments(text)
    assert found.segments[16].raw.endswith("doi:\n10.1046/j.1365-2419.2003.00268.\nx"), found.segments
    assert [item.text for item in found.dropped] == ["848", head, "849", head]


def test_a_head_with_its_page_number_set_apart_before_the_last_lines_is_furniture():
    text = (numbered(1, 33, "{}.", "")
            + "34. Smolen, M. J., and B. L. Keller. 1987. <italic>Microtus longicaudus.</italic>\n"
            "Mammalian Species 271: 1—7.\n"
            "35. Probabilistic surface reconstruction from multiple data sets: An example for the\n"
            "Australian Moho: Bodin, T., Salmon, M., Kennett, B. L. N., Sambridge, M., 2012. J.\n\n"
            "Bioinformatics, 35(14), 2019                    191\n\n"
            "Geophys. Res., 117, No. B10, B10307, doi:10.1029/\n2012JB009547.\n")
    found = find_segments(text)
    assert found.segments[-1].raw.endswith("2012. J.\nGeophys. Res., 117, No. B10, B10307, "
                                           "doi:10.1029/\n2012JB009547."), found.segments[-1]
    assert [(item.text, item.reason) for item in found.dropped] == [
        ("Bioinformatics, 35(14), 2019                    191", "running head")]


def test_the_last_reference_not_ended_goes_on_after_a_form_feed_head_with_a_line_no_head():
    text = (numbered(1, 20) + "[21] TREGOUEL, Stéphane. Pour une éthique de l’engagement infirmier en"
            " psychiatrie. Soins\n741\n\fBioinformatics, 35(14), 2019\n"
            "Psychiatrie, septembre 2010, n°270. p. 24-26.\n")
    found = find_segments(text)
    assert found.segments[-1].raw.endswith("psychiatrie. Soins\nPsychiatrie, septembre 2010, n°270. p. 24-26.")
    assert [item.text for item in found.dropped] == ["741", "Bioinformatics, 35(14), 2019"]


@pytest.mark.parametrize("before, after", [("", "\n\n" + BLANK_LIST + BLANK_NEXT),
                                           (BLANK_LIST + BLANK_NEXT + "\n", "\n")])
def test_a_page_range_wrapped_before_its_dash_is_no_page_number(before, after):
    last = ("Protass, Jason. “Toward a Spatial History of Chan: Lineages, Networks, and the\n"
            "Lamp Records,” Review of Religion and Chinese Society. Vol. 3, no. 2 (2016), 164\n–188")
    found = find_segments(before + last + after)
    assert last in [seg.raw for seg in found.segments] and found.dropped == []


@pytest.mark.parametrize("before, first, number, head, rest, after", [
    (HANGING_LIST, "Alain Bachelot. Gravitational scattering of electromagnetic field by", "607",
     "\nNeurology 65 September (2 of 2) 2005",
     "    Schwarzschild black-hole. In Annales de l’IHP Physique theorique, volume 54,\n"
     "    pages 261–320. Elsevier, 1991.", "\n" + HANGING_LIST),
], ids=["hanging"])
def test_a_reference_s_first_line_above_the_page_number_with_the_head_below_is_no_head(
        before, first, number, head, rest, after):
    text = before + f"{first}\n{number}\n{head}\n{rest}{after}"
    found = find_segments(text)
    assert "\n".join(line.strip() for line in f"{first}\n{rest}".split("\n")) in [
        seg.raw for seg in found.segments]
    assert [item.text for item in found.dropped] == [number, head.strip()]


def test_a_line_after_a_break_with_its_own_tail_continues_a_reference_stopped_on_of_the():
    last = ("[9] M. P. D. Micheli, “χ(2) effects in waveguides,” Quantum and Semiclassical Optics: "
            "Journal of the\nPage 759\n\nEuropean Optical Society Part B 9, 155\n(1997).\n")
    found = find_segments(numbered(1, 8) + last + numbered(10, 16))
    assert found.segments[8].raw.endswith("Journal of the\nEuropean Optical Society Part B 9, 155\n(1997).")
    assert [item.text for item in found.dropped] == ["Page 759"]


def test_a_paste_that_opens_with_a_reference_s_lines_before_a_page_break_keeps_them():
    first = ("Gattellari M, Voigt KJ, Butow PN, Tattersall MH: When the treatment goal\n"
             "is not cure: are cancer patients equipped to make informed decisions?\n"
             "Journal of clinical oncology : official journal of the American Society")
    text = f"{first}\n\nPage 395\n\n\fM. Chen, L. Zhang\n\nof Clinical Oncology 20: 503-13, 2002\n\n" + BLANK_LIST
    found = find_segments(text)
    assert found.segments[0].raw == first + "\nof Clinical Oncology 20: 503-13, 2002"
    assert [item.text for item in found.dropped] == ["Page 395", "M. Chen, L. Zhang"]


def test_a_paste_that_opens_with_a_numbered_reference_before_a_page_break_keeps_it():
    first = ("46. Ross Girshick, Jeff Donahue, Trevor Darrell, and Jitendra Malik. Rich\n"
             "feature hierarchies for accurate object detection and semantic\n"
             "segmentation. In Pro-ceedings of the IEEE Conference on Computer Vision")
    rest = ("47. R. Gupta, \"Optimizing Array Bound Checks using Flow Analysis,\" ACM\n"
            "Letters on Programming Languages and Systems, Vol. 2, Nos. 1-4, pages\n"
            "135-150, March - December 1994.\n"
            "48. Ferrara, K., & Bell, R. A history of the brain. Oxford, 2001.\n")
    text = (f"{first}\n\nPATTERN RECOGNITION LETTERS                         164\n\n"
            f"and Pattern Recognition (CVPR), 2014.\n{rest}")
    found = find_segments(text)
    assert found.segments[0].raw == first + "\nand Pattern Recognition (CVPR), 2014."
    assert len(found.segments) == 3
    assert [item.text for item in found.dropped] == [
        "PATTERN RECOGNITION LETTERS                         164"]


def test_a_paste_numbered_without_stops_keeps_its_first_reference_too():
    """"46 Ross Girshick": the number's pattern once took the name's first letter with it,
    so the names-first check read "oss Girshick" and dropped the reference's lines."""
    first = ("46 Ross Girshick, Jeff Donahue, Trevor Darrell, and Jitendra Malik. Rich\n"
             "feature hierarchies for accurate object detection and semantic\n"
             "segmentation. In Pro-ceedings of the IEEE Conference on Computer Vision")
    rest = ("47 R. Gupta, \"Optimizing Array Bound Checks using Flow Analysis,\" ACM\n"
            "Letters on Programming Languages and Systems, Vol. 2, Nos. 1-4, pages\n"
            "135-150, March - December 1994.\n"
            "48 Ferrara, K., & Bell, R. A history of the brain. Oxford, 2001.\n")
    text = (f"{first}\n\nPATTERN RECOGNITION LETTERS                         164\n\n"
            f"and Pattern Recognition (CVPR), 2014.\n{rest}")
    found = find_segments(text)
    assert found.segments[0].raw == first + "\nand Pattern Recognition (CVPR), 2014."
    assert len(found.segments) == 3
    assert [item.text for item in found.dropped] == [
        "PATTERN RECOGNITION LETTERS                         164"]


def test_a_doi_tail_taken_for_a_heading_after_the_page_head_is_the_reference_s():
    """The edge rules given the line model's labels, which took the head and the DOI's
    tail after it for headings."""
    from tagger.finder.edges import mark_edges
    from tagger.finder.lines import split_lines

    lines = split_lines(numbered(1, 15) + "[16] Flajolet, P.; Sedgewick, R. (1995), Theoretical Computer "
                        "Science 144 (1–2): 101–124, doi:10.1016/\n433\n\n\fPATTERN RECOGNITION LETTERS\n\n"
                        "0304-3975(94)00281-M\n"
                        "[17] Gibson, William. Burning Chrome. New York: HarperCollins, 2003.")
    labels = ["ref"] * 31 + ["meta", "blank", "title", "blank", "title", "ref"]
    reasons = [None] * len(lines)
    mark_edges(lines, labels, reasons)
    assert labels[31:36] == ["meta", "blank", "meta", "blank", "ref"]


def test_a_number_under_a_line_left_open_before_a_line_left_open_is_the_reference_s():
    """In a blank-separated list a line after blank lines that ends on a comma is no head, so
    the number above it does not stand at a page's top: it is the reference's ("ApJ, 564,↵683")."""
    last = ("Marshall H.L., Miller B.P., Davis D.S., Perlman E.S., Wise M., Canizares C.R. & Harris\n"
            "D.E., 2002, ApJ, 564,\n683\n\n"
            "COLLECTIF. Réforme de l’hospitalisation sous contrainte (dossier). Soins Psychiatrie,\n"
            "juillet 2012, n°281. p. 11-40.\n\n")
    found = find_segments(BLANK_LIST + last + BLANK_NEXT)
    assert found.segments[2].raw.endswith("ApJ, 564,\n683")
    assert [item.text for item in found.dropped] == []


def test_last_lines_after_a_page_head_the_line_model_took_for_a_reference_go_on_with_it():
    """The edge rules given the line model's labels: the page's head after the form feed
    taken for a reference line, the paste's last lines after it for body text. They go on
    with the reference line before the page break, left open on a comma ("…107-123,↵- 396
    -↵\\fPhysical Review E 101, 042305 (2020)↵May↵1990.")."""
    from tagger.finder.edges import mark_edges
    from tagger.finder.lines import split_lines

    lines = split_lines(numbered(1, 15) + "[16] C. Ghezzi, D. Mandriolli, and A. Morzenti. Trio: A logic "
                        "language for executable\nspecifications of real-time systems. Journal of Systems "
                        "and Software, 12(2), 107-123,\n\n- 396 -\n\n\fPhysical Review E 101, 042305 (2020)"
                        "\n\nMay\n1990.")
    labels = ["ref"] * 32 + ["blank", "meta", "blank", "ref", "blank", "text", "text"]
    reasons = [None] * len(lines)
    mark_edges(lines, labels, reasons)
    assert labels[32:] == ["blank", "meta", "blank", "meta", "blank", "ref", "ref"]


def test_a_head_with_its_page_number_set_apart_under_a_reference_left_open_is_the_page_s():
    """The edge rules given the line model's labels, which took the head and the lines after
    it for body text: a head's words and the page number set far apart make a page's head
    even when the reference before is left open (on a colon), which goes on after it."""
    from tagger.finder.edges import mark_edges
    from tagger.finder.lines import split_lines

    lines = split_lines(numbered(1, 15) + '[16] Fritsch, F. N.; Carlson, R. E. (1980). "Monotone Piecewise '
                        'Cubic\nInterpolation". SIAM Journal on Numerical Analysis (SIAM) 17 (2):\n\n'
                        "Neurology 65 September (2 of 2) 2005" + " " * 60 + "431\n\n238–246. doi:10.1137/"
                        "\n0717021")
    labels = ["ref"] * 32 + ["blank", "text", "blank", "text", "text"]
    reasons = [None] * len(lines)
    mark_edges(lines, labels, reasons)
    assert labels[32:] == ["blank", "meta", "blank", "ref", "ref"]


BLANK_MORE = ("Stokke, Andreas. “Lying and Asserting.” Journal of Philosophy 110.1 (2013):\n"
              "33-60.\n\n"
              "Biehl, Janet. “‘Ecology’ and the Modernization of Fascism in the German\n"
              "Ultra-Right.” Society and Nature 1 (1993): 130–70.\n\n"
              "S. Karaman and E. Frazzoli, “Sampling-based algorithms for optimal motion\n"
              "planning,” The International Journal of Robotics Research, vol. 30, no.\n"
              "7, pp. 846–894, 2011.\n\n")


def test_a_line_with_names_after_a_blank_under_a_reference_that_ended_begins_the_next():
    """The edge rules given the line model's labels, which took the line for furniture: in a
    blank-separated list, a line with names first after the blank under a reference that had
    ended, the next reference line right under it, begins a reference: no head."""
    from tagger.finder.edges import mark_edges
    from tagger.finder.lines import split_lines

    text = (BLANK_MORE + "Greenspan, J. M. GPS Receiver Autonomous Integrity Monitoring,\n"
            "in Proceedings of the 1999 National Technical Meeting of The Institute of\n- 892 -\n\n"
            "IEEE TRANSACTIONS ON SOFTWARE ENGINEERING, VOL. 47, NO. 3\n"
            "Navigation (ION NTM 1999), San Diego, CA, January 1999, pp. 621–626.\n\n"
            "Eagle, Alan R. Analytic Approaches in Planning. Stanford Research Institute\n"
            "Long-Range Planning Report No. 238. Menlo Park, California: Stanford Research\n"
            "Institute,\n1965.\n\n" + BLANK_NEXT)
    lines = split_lines(text)
    labels = ["ref" if line.content else "blank" for line in lines]
    eagle = next(i for i, line in enumerate(lines) if line.content.startswith("Eagle"))
    labels[eagle - 5] = labels[eagle] = "meta"  # "- 892 -" and the line
    reasons = [None] * len(lines)
    mark_edges(lines, labels, reasons)
    assert labels[eagle - 5:eagle + 4] == ["meta", "blank", "meta", "ref", "blank", "ref", "ref", "ref", "ref"]


def test_a_reference_the_list_holds_twice_is_no_running_head_for_coming_back():
    """The edge rules given the line model's labels: a head comes back over other text; a
    line that comes back with the same line under it each time is a passage printed twice,
    here a reference listed twice, one copy the first after a page break ("Page 703↵↵↵R.
    Gupta, …")."""
    from tagger.finder.edges import mark_edges
    from tagger.finder.lines import split_lines

    twice = ('R. Gupta, "Optimizing Array Bound Checks using Flow Analysis," ACM\n'
             "Letters on Programming Languages and Systems, Vol. 2, Nos. 1-4, pages\n"
             "135-150, March - December 1994.\n\n")
    lines = split_lines("Page 702\n\n" + BLANK_LIST + BLANK_MORE + "Hancock, J., Bommer, J. J., and Stafford, P. J. (2008). Numbers of scaled\n"
                        "and matched accelerograms required for inelastic dynamic analyses.\n"
                        "Earthquake Engi-neering & Structural Dynamics, 37(14):1585–1607.\nPage 703\n\n\n"
                        + twice + BLANK_MORE + twice + BLANK_NEXT)
    labels = ["ref" if line.content else "blank" for line in lines]
    gupta = next(i for i, line in enumerate(lines) if line.content.startswith("R. Gupta"))
    labels[0] = labels[gupta - 3] = "meta"
    reasons = [None] * len(lines)
    mark_edges(lines, labels, reasons)
    assert reasons[gupta - 3] == "page number"
    assert labels[gupta:gupta + 3] == ["ref", "ref", "ref"] and reasons[gupta] is None


def test_two_references_taken_for_body_text_that_a_blank_line_parts_are_references():
    """Nine lines taken for body text amid a blank-separated list, names first and no prose:
    two references' worth that a blank line parts, as the list's own are (a paragraph has no
    blank line inside), so reference lines, not text."""
    from tagger.finder.ends import text_inside_references

    two = ("Sampson P, Buchanan S, Coote S, Demain S, Feys P, Freeman C, Meadmore K, Hughes AM\n"
           "(2015) Using functional electrical stimulation mediated by iterative learning control\n"
           "and robotics to improve arm movement for people with Multiple Sclerosis. IEEE\n"
           "Transactions on Neural Systems and Rehabilitation Engineering 24(2): 235-48.\n\n"
           "Sida Wang and Christopher D Manning. Baselines and bigrams: Simple, good sentiment and\n"
           "topic clas-sification. In Proceedings of the 50th Annual Meeting of the Association for\n"
           "Computational Linguistics: Short Papers-Volume 2, pages 90–94. Association for\n"
           "Computational Linguistics,\n2012.\n\n")
    contents = (BLANK_MORE + two + BLANK_NEXT).split("\n")
    first = contents.index(two.split("\n")[0])
    labels = ["ref" if content else "blank" for content in contents]
    labels[first:first + 10] = ["text" if content else "blank" for content in contents[first:first + 10]]
    text_inside_references(labels, contents)
    assert "text" not in labels


def test_a_one_letter_doi_tail_after_a_head_seen_once_goes_on_with_the_doi():
    """A page break with its page number and a head that comes only this once (so still taken
    for a reference line when the numbers are looked at): the "x" under it is the DOI's
    tail, not a roman page number, since the break has its number already."""
    trathan = ("Trathan, P. N., A. S. Brierley, M. A. Brandon, D. G. Bone, C. Goss, S. A. Grant, E. J.\n"
               "Murphy and J. L. Watkins (2003). Oceanographic variability and changes in Antarctic\n"
               "krill abundance at South Georgia. Fisheries Oceanography 12(6): 569-583. doi:\n"
               "10.1046/j.1365-2419.2003.00268.\n\nPage 435\n\nPhysical Review E 101, 042305 (2020)\n\nx\n\n")
    found = find_segments(BLANK_LIST + BLANK_MORE + trathan + BLANK_NEXT)
    assert [item.text for item in found.dropped] == ["Page 435", "Physical Review E 101, 042305 (2020)"]
    assert any(seg.raw.endswith("doi:\n10.1046/j.1365-2419.2003.00268.\nx") for seg in found.segments)


def test_a_lone_number_under_a_reference_left_open_before_one_with_given_names_is_its_page():
    """In a blank-separated list, "683" under "…ApJ, 564," and a blank line is the page the
    reference ends on: the line after the blank begins the next reference with a given name
    spelled out ("Karen Yagdjian."), no page's head."""
    text = (BLANK_LIST + "Marshall H.L., Miller B.P., Davis D.S., Perlman E.S., Wise M., Canizares\n"
            "C.R. & Harris D.E., 2002, ApJ, 564,\n683\n\n"
            "Karen Yagdjian. Global existence of the scalar field in de Sitter\n"
            "spacetime. J. Math. Anal. Appl., 396(1):323–344, 2012.\n\n" + BLANK_NEXT)
    found = find_segments(text)
    assert found.dropped == []
    assert [seg.raw.split("\n")[-1] for seg in found.segments][2:4] == [
        "683", "spacetime. J. Math. Anal. Appl., 396(1):323–344, 2012."]


def test_a_season_cut_off_by_a_page_break_stays_with_its_year():
    """"Fall" alone after a page number and a blank line looks like a one-word head, but a
    month or season is a date's first part: with "1961." under it, it goes on with the
    reference left open on a comma (a generated list of seed 11 dropped it)."""
    text = ("[54] Brown M, Smith K. Management of technical change. Research Policy, 1960, 4(2): 1–9.\n"
            "[55] Haire M, Ghiselli E, Porter L. Cultural patterns in the role of the manager: "
            "Some Speculations on their Significance,\" Industrial Management Review,\n"
            "- 409 -\n\nFall\n1961.\n"
            "[56] Carroll J. Against Literary Darwinism. Critical Inquiry 37.2 (2011):\n315-347.\n")
    found = find_segments(text)
    assert [item.text for item in found.dropped] == ["- 409 -"]
    assert found.segments[1].raw.endswith("Industrial Management Review,\nFall\n1961.")


def test_a_title_end_and_journal_cut_off_by_a_page_break_are_no_head():
    """After a page number and a blank line, "Sclerosis. IEEE Transactions on …" would be a
    head if only its place counted; a sentence ending inside it, after a whole word, is a
    title's end, and the journal begins after it (a generated list of seed 13 dropped it)."""
    before = "".join(f"[{n}] Author{n} A, Writer B ({2000 + n}) A study of things number {n} in the wide "
                     f"world of\nscience and its many parts. Journal of Studies {n}(2): {n}1–{n}9.\n"
                     for n in range(74, 82))
    cut = ("[83] Sampson P, Buchanan S, Coote S (2015) Using functional electrical stimulation mediated by\n"
           "iterative learning control and robotics to improve arm movement for people with Multiple\n"
           "40\n\nSclerosis. IEEE Transactions on Neural Systems and Rehabilitation Engineering\n"
           "24(2): 235-48.\n")
    text = (before + "[82] Brown M, Smith K (2014) Management of technical change. Research Policy 4(2): 1–9.\n"
            + cut + "[84] Fenner M (2013) What can article-level metrics do for you? PLoS Biology 11(10): e1001687.\n")
    found = find_segments(text)
    assert [item.text for item in found.dropped] == ["40"]
    assert found.segments[-2].raw == cut.replace("40\n\n", "").strip()


def test_a_year_in_brackets_closes_the_numbers_of_the_line_above_it_not_a_word_across_a_break():
    """"Letters 30, 1725–1727" after a page number and a blank line sits where a head does;
    the "(2005)." under it closes its volume and pages, where the reference above the break
    stopped on a word ("Optics"): the line is that reference's (seed 3 of the generated lists
    dropped it)."""
    before = "".join(f"[{n}] Author{n} A, Writer B. A study of things number {n} in the wide world of\n"
                     f"science and its many parts, J. Stud. {n}, {n}1–{n}9 ({1990 + n}).\n"
                     for n in range(66, 75))
    cut = ("[75] Park K. Efficient upconversion in reverse-proton-exchanged periodically poled LiNbO3 "
           "waveguides,” Optics\nPage 867\n\nLetters 30, 1725–1727\n(2005).\n")
    text = before + cut + "[76] Gilbert D. Effects of quitting smoking on EEG activation, Psychol. Sci. 15, 1–9 (2004).\n"
    found = find_segments(text)
    assert [item.text for item in found.dropped] == ["Page 867"]
    assert found.segments[-2].raw == cut.replace("Page 867\n\n", "").strip()


def test_what_a_reference_says_after_its_doi_on_a_filled_line_is_no_head_across_a_break():
    """"JCR two-year Impact Factor: 1.998" after a page number and a blank line sits where a
    head does, and the DOI above it may end a reference; but the wrap filled the DOI's line
    and the next reference begins right under it, so the line is the rest of the one above
    (seed 23 of the generated lists dropped it)."""
    before = "".join(f"[{n}] Author{n}, A., & Writer, B. ({1990 + n}). A study of things number {n} "
                     f"in the wide world of\nscience and its many parts. Journal of Studies, {n}(2), "
                     f"{n}1-{n}9.\n" for n in range(40, 49))
    cut = ("[49] Waterworth, S., Gott, M., Raphael, D., Parsons, J., & Arroll, B. (2015). Working\n"
           "with older people with multiple long-term conditions: a qualitative exploration of\n"
           "nurses' experiences.. Journal of advanced nursing, 71(1), 90-99. doi:10.1111/jan.12474\n"
           "574\n\nJCR two-year Impact Factor: 1.998\n")
    after = ("[50] MONTGUILLON, Dominique. L’offre de soins infirmiers à domicile. La revue de\n"
             "l’Infirmière, octobre 2011, n°174. p.\n43-44.\n")
    found = find_segments(before + cut + after)
    assert [item.text for item in found.dropped] == ["574"]
    assert found.segments[-2].raw == cut.replace("574\n\n", "").strip()


# Pieces of generated lists (seed-list) that lost reference text, with the page furniture in them.
LOST_BEFORE = {
    # the list's next number is no heading
    "31-76": ("Psychological Science 9,\n321–324.\n72. Buchstaller, I. (2013). Quotatives: New Trends and Sociolinguistic\nImplications. New York: Wiley-Blackwell.\n- 5 -\n\fPhysical Review E 101, 042305 (2020)\n73. Dean Baskin. A parametrix for the fundamental solution of the\nKlein-Gordon equation on asymptotically de Sitter spaces. Journal of\nFunctional Analysis, 259(7):1673–1719, 2010.\n74. Schleh, E.C. Management by Results. New York, New York:\nMcGraw-Hill Book Company, 1964.\n75. Schorske, Carl. Fin-de-Siècle Vienna. New York: Vintage Books,\n",
              ["- 5 -", "Physical Review E 101, 042305 (2020)"]),
    # the last reference's rest after a break, its head and blank lines
    "29-270": ("\nChandramohan, R., Lin, T., Baker, J. W., and Deierlein, G. G. (2013). Influence\nof ground motion spectral shape and duration on seismic collapse risk. In 10th\n\n97\n\n\fIEEE TRANSACTIONS ON SOFTWARE ENGINEERING, VOL. 47, NO. 3\n\nInternational Conference on Urban Earthquake Engineering, Tokyo, Japan.\n",
              ["97", "IEEE TRANSACTIONS ON SOFTWARE ENGINEERING, VOL. 47, NO. 3"]),
    "31-90": ("Schizophrenia Research, 139(1-3): 201-206\n44. Tomlinson, Gary, Metaphysical Song: An Essay on Opera (Princeton University Press,\n1999).\n45. Astri Handayani, Andriyan Bayu Suksmono, Tati R. Mengko, “Blood Vessel\n899\n\nSegmentation in Complex-Valued Magnetic Resonance Images with Snake Active Contour\nModel”, International Journal of E-Health and Medical Communications, January-March\n2010\n46. Gilbert, D. G., Mc Clernon, J. F., Rabinovich, N. E., Sugai, C., Plath, L.C.,\n",
              ["899"]),
    # a heading opens no quote for the line under it to close
    "37-136": ("Brickhouse, Anna. “Transatlantic vs. Hemispheric: Toni Morrison’s Long\nNineteenth Century.” In The Oxford Handbook of Nineteenth-Century American\nLiterature, edited by Russ Castronovo, 137-159. New York: Oxford University\nPress, 2012.\n",
              []),
}


@pytest.mark.parametrize("case", sorted(LOST_BEFORE))
def test_pieces_of_generated_lists_keep_their_reference_text(case):
    """Each piece dropped a reference line before (as body text, a heading or a running
    head); now every line left out is furniture, and only furniture."""
    text, furniture = LOST_BEFORE[case]
    found = find_segments(text)
    assert covered_once(text, found) == []
    assert {item.text for item in found.dropped} <= set(furniture)


@pytest.mark.parametrize("seed, numbers", [(3, (73,)), (29, (270,)), (31, (76, 90, 380)),
                                        (37, (136, 388, 451)), (41, (532, 734, 878)), (43, (411,)),
                                        (47, (792,)), (53, (86,)), (59, (22, 186, 276)),
                                        (103, (459, 548)), (109, (330,)), (127, (652,)),
                                        (131, (188,)), (151, (339,)), (157, (343, 839)),
                                        (173, (730, 857)), (197, (595,)), (223, (684, 784, 865)),
                                        (251, (849,)), (277, (774, 779)), (281, (861,)),
                                        (293, (970,)), (317, (238, 622)), (331, (27,)),
                                        (337, (854,)), (347, (528,)), (349, (158,)), (367, (509,)),
                                        (373, (471,)), (433, (235,)), (439, (941,)), (467, (59,)),
                                        (503, (581, 945))])
def test_the_generated_lists_that_lost_reference_text_keep_it(seed, numbers):
    """(50 lists once here lose text again since the rules that kept them went, 35 in one
    round and 15 in the next: none helped a real document, docs/smaller.md.) Seeds 29 to 193 of `python -m training.models.furniture_lists -n 1000`, before these rules: a
    numbered reference after a head read as body text or a heading, a whole reference read
    as a heading, a DOI's tail in the page sequence, a last reference's rest at the paste's
    end, a wrapped number out of the page sequence around it ("A&A, 362,↵886" between pages
    604 and 605), a foot one on from the head above it ("…738" … "739"), hanging references
    read as body text, a line of names over its "(2003)." read as a head, a page range cut
    after its dash ("386–↵389."), a page range after a head taken for a heading, a line that
    opens with a page range ("480-499, May↵1997."), a line ending on a month over its year
    ("…, June↵1978."), an imprint ("Cambridge, New York: University of Wisconsin Press"), a
    number under a line left open with a reference line under it ("MNRAS, 320,↵    365", page
    364 seventeen lines up), a line closing a straight quote left open before a break
    ("\"Digital Prosopography of↵- 96 -↵HEAD↵Renaissance Musicians: A Progress Report.\""), a
    title's rest under a break with two heads ("Contingencies: A↵Page 804↵M. Chen, L. Zhang↵
    Decision-based Approach"), a line opening on a separator after a foot ("- 729 -↵↵;40(2):
    500-3."), a venue line with the year the reference before lacks in a list that blank lines
    part, a DOI's tail after its break's head when the next line begins the next reference
    ("…00268.↵620↵HEAD↵x↵37. Beurskens R, …"), a paste opening with nine hanging lines taken
    for body text before the list's indent shows, a reference's last word alone after a break
    ("…A Decision-based↵53↵↵Approach↵71. Fenner M …"), six lines going on in lower case after
    a break and its head, the reference before left open ("…2013. Provenance↵Page 526↵↵HEAD↵
    comparisons between the …"), a paste opening with hanging references taken for body text
    before a head, a note in brackets ending the paste after a foot ("(serial no. 220)."), the
    page a reference cites under its "p." in the page sequence, a title left on "for" going
    on after a break, a DOI's "x" after an arabic page number, references numbered "60." taken
    for body text after a line opening "(1):", a DOI's tail "004" (no page number has a
    leading zero), names written surname, given name, initial ("Cortell Andrew P., …"), an
    imprint whose place follows the book's own colon ("…: The Twentieth Century Paris: Revue
    Noire"), a given name the lexicon lacks before a title's sentence ("Andras Vasy.
    Microlocal analysis of …"), after a break and opening a paste, a volume's page under it
    when the page's own number, the same, sits in the foot a few lines on ("Périgord 3↵490"
    … "- 490 -"), three blank-parted references taken for body text, a title-first
    reference's line ending on "for", the last reference left open on "Mass.:" before the foot,
    names with decomposed accents ("Kähärä" as "a" and a combining mark), a publisher alone
    after a break, the reference left on "MI:", a line holding a title in quotes above a
    foot, a DOI's tail in the page sequence with the next reference right under it, no blank
    line, head or form feed between ("…0004.↵203↵[45] Brandon, …"), a page under a volume left
    open when the next reference begins right after it ("ApJ, 475,↵163↵↵Markevitch M., …"), a
    paste opening with references numbered 36 to 40 taken for headings and body text before
    "41.", a DOI's tail ending the paste after a break's head still labelled a reference line,
    a reference's first line (names first, a title's quote left open) above a foot, a "See
    also:" note after a break, the paste's last reference's title after its names and year
    ("…Deierlein, G. G. (2013).↵Page 622↵↵HEAD↵↵Influence of ground motion …"), a paste
    opening with names written given name first, commas between ("Grant Van Horn, Steve
    Branson, Ryan Farrell, …"), a reference's first line left on an open quote above a foot,
    filled by the wrap or not ("Cardis, Elisabeth, et al. “Estimates of … Europe from"), a
    DOI's tail after its break's head not yet judged ("…doi:10.1128/↵712↵↵HEAD↵JVI.02005-10"),
    a title left on a French article ("…bulgare, Le↵- 818 -↵↵Monde Diplomatique, mai"), a line
    of eight names over a foot, its "(2003)." after it, under a reference ending on a comma,
    a title-first flush line after a foot whose indented lines go on with it alone, blank-
    parted references with given names first and no year read as body text (at the paste's
    end, or four of them under a head), a paste opening with a names-first line and the
    title's line under it taken for headings, a journal, volume and "R285–R295" ending the
    paste under a head, a page under "Nature, 418," above a line of names with no year, a
    line of names and a title over a foot whose page opens with a head of names, a page
    under "p." above a line of names and a title's words, three reference lines taken for
    body text above a break's two heads ("…Contingencies: A↵Page 866↵↵PATTERN RECOGNITION
    LETTERS↵Decision-based Approach↵41. …"), a paste ending on a reference's last two lines
    after a break's head, a title left on "pour" above a foot, a publisher's name after a
    foot under "University of" ("Wisconsin Press", no head of names), a reference's two lines
    taken for headings under a break's head of names ("M. Chen, L. Zhang↵↵Hermeneutik der
    Faktizität, in: …↵Umgangs mit Heideggers Werk, Berlin, 141-150"), a DOI's tail whose
    number the page's own foot also shows, 25 lines on ("doi:10.1109/VR.2006.↵148" … "148"),
    or with the page's foot right under it ("…VR.2006.↵148↵149↵↵"), and a volume's page
    whose number the page's foot shows 29 lines up, a form feed under it ("Périgord 3↵490"),
    a book's imprint alone ending the paste after a foot ("…Plurale Sphärolgie.↵- 511 -↵↵
    Frankfurt: Suhrkamp."), a hanging reference's flush first line above a foot with blank
    lines around it, its indented rest after the break's head ("Denais L ,Cornet D, … après↵↵
    156↵↵HEAD↵↵    ligamentoplastie …"), a DOI's tail under a break's head of names, the
    number above the head the page's ("doi: 10.1044/↵356↵↵M. Chen, L. Zhang↵2013_JSLHR-…"),
    a paste opening with a hanging reference whose names, given name first, mix names spelled
    out and initials ("Ling Tony Chen, R. Drach, M. Keating, S . Louis, …"), its pages and
    year after the break, and the page a reference cites ending the paste under its "p."
    ("…Springer-Verlag, Berlin, p.↵    210"), a number the page sequence allows, a volume's
    page ending the paste where the one page number, between blank lines 29 lines up, says
    the page's would be 212 ("…du Périgord 3↵490"), five names and more after a blank line,
    no head of names ("…Impact Factor: 1.998↵↵Grant Van Horn, Steve Branson, Ryan Farrell,
    Scott Haber, Jessie↵Barry, …"), and a DOI's tail past a page break and a head the line
    model took for a reference line ("doi: 10.1044/↵Page 128↵↵Neurology 65 September (2 of 2)
    2005↵2013_JSLHR-S-12-0345."), a DOI on lines of its own with the next reference's lines
    under it, before a foot ("…39–46↵(doi:10.1017/aog.↵2016.20)↵Colborn, Theo, …↵York:
    Dutton,↵↵583"), a line opening a bracket above a foot that the line after it closes
    ("…no. 4 (January↵435↵↵1950): 482–484."), a PMID's number ending the paste after a
    break's head ("…PubMed [journal] PMID↵Page 371↵↵HEAD↵24679710, PMCID PMC4043395"), and a
    DOI's tail taken for a heading past a head taken for a reference line ("doi:10.1016/↵828↵↵
    Physical Review E 101, 042305 (2020)↵0304-3975(94)00281-M")."""
    rng = random.Random(seed)
    lists = [generate(rng, REFERENCES) for _ in range(max(numbers) + 1)]
    figures = score([lists[number] for number in numbers], find_segments)
    assert figures["lists_with_reference_text_dropped"] == 0, figures
