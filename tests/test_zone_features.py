"""The zone model's document-level line features: where a line sits against the references'
heading and the section heads after it, its length against the paper's typical line, and
what the lines around it look like over a page's column."""

from tagger.finder.lines import line_features, split_lines

PAPER = "\n".join([
    "1 Introduction",
    *["We show that the method is better than the ones before it, which were slow."] * 20,
    "References",
    "[1] Smith, J. (2001). A study of things. Journal of Studies, 3(2), 1-10.",
    "[2] Jones, K. (2003). More things. Proc. of the Conference, 11-20.",
    "Appendix A",
    "The proof of the lemma is given here, and it is long and has no years in it.",
])


def _row(features, lines, text):
    return features[[line.content for line in lines].index(text)]


def test_a_line_under_a_section_head_after_the_list_is_marked_so():
    lines = split_lines(PAPER)
    features = line_features(lines)
    reference = _row(features, lines, lines[22].content)
    appendix = _row(features, lines, "The proof of the lemma is given here, and it is long and has no years in it.")
    body = features[1]
    assert "afterheading" in reference and "afterotherhead" not in reference
    assert "afterheading" in appendix and "afterotherhead" in appendix
    assert "afterheading" not in body and not any(f.startswith("since=") for f in body)
    assert "since=1" in reference  # the list's first lines, just under its heading
    assert "sectionhead" in _row(features, lines, "Appendix A")


def test_a_section_head_may_carry_its_title():
    from tagger.finder.lines import SECTION_HEAD

    for head in ["Appendix A. Tag returns by year", "APPENDIX B: Proofs of the lemmas",
                 "Acknowledgements", "7 Supplementary material"]:
        assert SECTION_HEAD.match(head), head
    for line in ["Figure 3. The zone model's answers", "Appendix A.1 shows that the proof is long.",
                 "Smith, J. (2001). Appendices in practice. J. Stud. 3: 1-10."]:
        assert not SECTION_HEAD.match(line), line


def test_wide_window_tells_a_list_from_prose():
    lines = split_lines(PAPER)
    features = line_features(lines)
    assert "wide:prose=0" not in features[5]  # prose all around
    assert "wide:years=0" in features[5]
    assert "wide:reflike=0" not in features[22]


def test_length_against_the_papers_typical_line():
    lines = split_lines(PAPER)
    features = line_features(lines)
    assert "rellen=3" in features[1]  # a body line is the typical length
    assert "rellen=0" in _row(features, lines, "References")
    assert not any(f.startswith("rellen=") for f in line_features(split_lines("a\n\nb"))[1])


def test_layout_training_rows_are_the_whole_papers_features_cut():
    from training.models.train_finder import LAYOUT_CONTEXT, layout_labelled

    body = [f"Body line {n} of the paper, which says what was done." for n in range(LAYOUT_CONTEXT + 50)]
    document = {"lines": [*body, "References", "Smith, J. 2001. A study. J. Stud. 3: 1-10."],
                "zones": ["body"] * len(body) + ["listBibl", "listBibl"]}
    features, labels = layout_labelled(document)
    assert len(features) == len(labels) == LAYOUT_CONTEXT + 2
    assert labels[-2:] == ["title", "ref"]
    whole = line_features(split_lines("\n".join(document["lines"])))
    assert features == whole[50:]
