"""The rules that go over the zone model's answer may make a line a reference line only where
the model is in doubt: on real papers they took pages of body text between two pieces of a
list for references' wrapped lines."""

from tagger.evaluate.segmentation import _line_of_offsets, _segment_spans, layout_documents
from tagger.finder import classify, find_segments
from tagger.finder.lines import HEADING


def _lines_inside(document) -> set:
    """The lines of a paper that find_segments keeps in a found reference."""
    lines = document["lines"]
    found = find_segments("\n".join(lines))
    starts = _line_of_offsets(lines)
    inside = set()
    for first, last in _segment_spans(found.segments, starts):
        inside.update(range(first, last + 1))
    return inside - {index for index, _ in _segment_spans(found.dropped, starts)}


def test_body_text_the_model_is_sure_of_stays_between_two_pieces_of_a_list(monkeypatch):
    """An analytical chemistry paper whose reading order sets the list's last references
    amid the body's columns: 91 reference lines, pages of body text around them."""
    document = {d["id"]: d for d in layout_documents("segmentation")}["55000152"]
    gold = {index for index, (zone, line) in enumerate(zip(document["zones"], document["lines"]))
            if zone == "listBibl" and not HEADING.match(line)}
    inside = _lines_inside(document)
    assert gold <= inside and len(inside - gold) < 40
    monkeypatch.setattr(classify, "SURE", 1.1)  # the rules free to overrule the model
    assert len(_lines_inside(document) - gold) > 300
