"""Two columns side by side (pdftotext -layout): read one after the other."""

from tagger.finder import find_segments
from tagger.finder.columns import read_columns
from tagger.finder.lines import split_lines
from training.models.furniture_lists import wrap_words

REFERENCES = [
    "Adams, R., and Baker, T. (2011). Foraging in patchy landscapes. Ecol. Lett. 14, 101–109.",
    "Brown, K. (2003). The ecology of fear. J. Mammal. 84, 385–399. doi: 10.1644/1545-1542",
    "Chen, L., Wu, H., and Park, S. (2015). Cooperative hunting in wolves. Anim. Behav. 99, 1–10.",
    "Dunn, P. (1998). Social Learning in Animals. Cambridge, MA: MIT Press.",
    "Evans, J. S., and Ortiz, M. (2019). Dog cognition revisited. Anim. Cogn. 22, 455–470.",
    "Fischer, J. (2007). Primate vocal communication. Curr. Biol. 17, R1006–R1010.",
    "Garcia, A., Holm, E., and Ito, K. (2012). Tolerance and sharing in bonobos. Curr. Biol. 22, 230–233.",
    "Hare, B., and Tomasello, M. (2005). Human-like social skills in dogs? Trends Cogn. Sci. 9, 439–444.",
    "Ivanova, N. (2020). Domestication and temperament. Behav. Processes 171, 104–112.",
    "Jensen, P. (2006). Domestication: from behaviour to genes. Appl. Anim. Behav. Sci. 97, 1–3.",
]
BODY = ("Dogs follow human pointing gestures more readily than wolves do, and this has been "
        "taken as evidence that domestication selected for social skills. We tested whether "
        "the effect holds when the dogs have had little contact with people.")


def column(items: list, width: int = 44) -> list:
    lines = []
    for item in items:
        wrapped = wrap_words(item, width - 4)
        lines += [wrapped[0]] + ["    " + line for line in wrapped[1:]]
    return lines


def two_column_page() -> str:
    left = wrap_words(BODY, 44) + ["", "REFERENCES"] + column(REFERENCES[:4])
    right = column(REFERENCES[4:])
    rows = max(len(left), len(right))
    left, right = left + [""] * (rows - len(left)), right + [""] * (rows - len(right))
    title = "Social cognition in dogs: a comparison with wolves and bonobos in three experiments"
    return "\n".join([title, ""] + [f"{a:<48}{b}".rstrip() for a, b in zip(left, right)]) + "\n"


def test_two_columns_side_by_side_come_out_as_references_in_reading_order():
    text = two_column_page()
    found = find_segments(text)
    assert [" ".join(seg.raw.split()) for seg in found.segments] == REFERENCES
    for seg in found.segments:  # the offsets point into the text as given
        assert text[seg.start] == seg.raw[0] and text[seg.end - 1] == seg.raw[-1]
    dropped = " ".join(item.text for item in found.dropped)
    assert BODY in dropped and "REFERENCES" in dropped


def test_every_piece_of_a_column_keeps_its_offset():
    text = two_column_page()
    for line in read_columns(split_lines(text)):
        assert text[line.start : line.start + len(line.text)] == line.text


def test_a_list_whose_numbers_stand_far_apart_is_one_column():
    text = "\n".join(f"[{key}]       {reference}" for key, reference in
                     zip(("ABC10", "BAD11", "CAT12", "DOG13", "EEL14", "FOX15", "GNU16"), REFERENCES))
    lines = split_lines(text)
    assert read_columns(lines) == lines
    assert len(find_segments(text).segments) == 7


def test_three_columns_side_by_side_are_read_one_after_another():
    orders = [REFERENCES, REFERENCES[::-1], REFERENCES[5:] + REFERENCES[:5]]
    parts = [column(order, 30) for order in orders]
    rows = max(map(len, parts))
    text = "\n".join(f"{a:<34}{b:<34}{c}".rstrip() for a, b, c in
                     zip(*(part + [""] * (rows - len(part)) for part in parts))) + "\n"
    read = [line.content for line in read_columns(split_lines(text)) if line.content]
    assert read == [line.strip() for part in parts for line in part]


def test_a_manuscript_s_line_numbers_in_the_margin_are_read_apart_from_its_text():
    lines = wrap_words(BODY, 70) + ["", "References", ""] + column(REFERENCES[:5], 74)
    numbered, number = [], 30
    for line in lines:
        if line:
            number += 1
            numbered.append(f"{number:>3}   {line}")
        else:
            numbered.append("")
    found = find_segments("\n".join(numbered) + "\n")
    assert [" ".join(seg.raw.split()) for seg in found.segments] == REFERENCES[:5]


def test_a_list_whose_references_each_fit_a_line_keeps_its_bare_numbers():
    text = "\n".join(f"{n}   {reference}" for n, reference in enumerate(REFERENCES, 1)) + "\n"
    lines = split_lines(text)
    assert read_columns(lines) == lines
