"""Context features and lexicon classes that tell physics, astronomy and Korean references'
fields apart where words alone cannot."""

from tagger.text import lexicon
from tagger.crf.features import abbreviation_run, featurize, item_start, list_part, next_part, year_like
from tagger.text.tokenize import tokenize


def marks(feature, text):
    tokens = tokenize(text)
    return [(token.text, mark) for token, mark in zip(tokens, feature(tokens, text)) if mark]


def test_year_shaped_pages_are_told_from_the_year():
    text = "Applegate, D. E. 2016, MNRAS, 457, 1522"
    assert marks(year_like, text) == [("2016", "yl=first"), ("1522", "yl=last")]
    assert marks(year_like, "Nature 25 (2004) 1998–2004")[-2:] == [("1998", "yl=range"),
                                                                     ("2004", "yl=range")]
    assert marks(year_like, "Smith, J. (1999). Title. Journal, 4, 5.") == [("1999", "yl=only|enclosed")]


def test_of_two_year_shaped_numbers_the_bracketed_one_is_marked():
    assert marks(year_like, "S. Gorbunov, IEEE Trans. Nucl. Sci. 58( 2011)1845 .") == [
        ("2011", "yl=first|enclosed"), ("1845", "yl=last")]
    assert marks(year_like, "Y. M. Cho, J. Math. Phys. 16 (1975), 2029.") == [
        ("1975", "yl=first|enclosed"), ("2029", "yl=last")]


def test_stops_set_before_the_next_word_still_make_an_abbreviation_run():
    # PDF text: "superheavy isotopesBraz .J .Phys .46 355"
    found = dict(marks(abbreviation_run, "superheavy isotopesBraz .J .Phys .46 355 -60"))
    assert found == {"Braz": "abbr=first", ".": "abbr=in", "J": "abbr=letter", "Phys": "abbr=in"}
    assert marks(abbreviation_run, "the art of war . New York") == []


def test_a_run_of_abbreviations_after_the_authors_is_marked():
    found = dict(marks(abbreviation_run, "J. J. H. Brouwers, J. Engrg. Math., 44, 277-295 (2002)."))
    assert found == {"J": "abbr=letter", ".": "abbr=in", "Engrg": "abbr=first", "Math": "abbr=in"}
    assert [t for t, m in marks(abbreviation_run, "A. Kolmogoroff, C. R. Acad. Sci., 30, 301")
            if m == "abbr=first" and t != "."] == ["Acad"]


def test_initials_and_prose_make_no_abbreviation_run():
    assert marks(abbreviation_run, "Smith, J. R. The art of war. New York: Penguin, 1990.") == []
    assert marks(abbreviation_run, "P. W. Anderson, Nature 109, 1492 (1958).") == []


def test_korean_and_chinese_markers_and_venue_endings_have_classes():
    assert lexicon.classes("권") == ("kw-volume",)
    assert lexicon.classes("호") == ("kw-issue",)
    assert lexicon.classes("쪽") == ("kw-pages",)
    assert lexicon.classes("第") == ("kw-nth",)
    assert "hangul-venue" in lexicon.classes("사이버커뮤니케이션학보")
    assert "hangul-venue" not in lexicon.classes("연구")  # a title's last word, alone
    # a society publishes the journal: "해양환경안전학회, 해양환경안전학회지"
    assert lexicon.classes("해양환경안전학회") == ("hangul-organization",)
    assert lexicon.classes("해양환경안전학회지") == ("hangul-venue",)


def test_astronomy_codes_and_places_of_publication_have_classes():
    for code in ("PhRvA", "HEDP", "PhPl", "SSRv", "P&SS", "NIMPA", "JINST"):
        assert "venue-code" in lexicon.classes(code), code
    for place in ("Wiesbaden", "Ithaca", "Göteborg", "Leuven"):
        assert "place" in lexicon.classes(place), place


def test_featurize_carries_the_new_marks():
    text = "Chon, G. 2012, Astron. Astrophys., 538, 1522"
    features = featurize(tokenize(text), text)
    assert "yl=last" in features[-1]
    assert any("abbr=first" in token for token in features)


def test_the_part_before_an_imprint_is_marked():
    found = dict(marks(next_part, "Bauman, Z. Postmodern Ethics. Oxford: Blackwell, 1993."))
    assert found["Postmodern"] == found["Ethics"] == "next=imprint"
    assert found["Blackwell"] == "next=end"
    found = dict(marks(next_part, "Taylor, C. (1987). Overcoming epistemology. In K. Baynes "
                                  "(Eds.), After philosophy. New York, NY: MIT Press."))
    assert found["epistemology"] == "next=in" and found["philosophy"] == "next=imprint"
    # a title-less physics reference has no imprint
    assert set(dict(marks(next_part, "P. W. Anderson, Phys. Rev. 109, 1492 (1958)")).values()) \
        == {"next=end"}


def items(text):
    """The list items of `text` as (their words, their list_part mark)."""
    found: list[tuple[list[str], str]] = []
    for token, mark in marks(list_part, text):
        if not found or found[-1][1] != mark:
            found.append(([], mark))
        found[-1][0].append(token)
    return [(" ".join(words), mark) for words, mark in found]


def test_list_items_tell_a_journal_from_another_author():
    assert items("M. S. Borgas, Phil. Trans. Roy. Soc. London A, 342, 379-411 (1993).")[:3] == [
        ("M . S . Borgas ,", "item=given-first|start"),
        ("Phil .", "item=abbreviated|given-first"),
        ("Trans . Roy . Soc .", "item=abbreviated|abbreviated")]
    assert items("E. I. Kalinnikova and V. D. Levchenko, Plasma Phys. Rep. 34,290 (2008).")[:3] == [
        ("E . I . Kalinnikova and", "item=given-first|start"),  # "and" ends an item; "E." does not
        ("V . D . Levchenko ,", "item=given-first|given-first"),
        ("Plasma Phys .", "item=abbreviated|given-first")]


def test_list_items_of_names_in_other_orders_prose_and_korean():
    assert [mark for _, mark in items("Smith, J., & Jones, K. (2001). A study of things.")] == [
        "item=word|start", "item=initials|word", "item=word|initials",
        "item=initials|word", "item=prose|initials"]  # ", &" is one separator
    assert items("Pedersen AH, Schneider P. N-substituted p-phenylenediamines")[1][1] \
        == "item=prose|family-first"
    assert [mark for _, mark in items("조은숙, 신체 자각을 토대로 하는, 무용예술학연구 제24집")] == [
        "item=cjk|start", "item=cjk-words|cjk", "item=cjk-words|cjk-words"]
    # a book's title ending in a full stop is not an abbreviation
    assert items("Chomsky, N. (1957). Syntactic Structures. Berlin")[2] == (
        "Syntactic Structures .", "item=words-2|initials")


def test_a_journal_spelled_out_is_not_a_name_in_family_first_order():
    # "Nuovo Cimento B" and "Physical Review B" have the shape of "Strnad J"
    assert items("Pahor S. and Strnad J., Nuovo Cimento B, 20 (1974) 105.")[2] == (
        "Nuovo Cimento B ,", "item=venue|family-first")
    assert items("D. Vodolazov, Current dependence, Physical Review B 90, 054515 (2014).")[2] == (
        "Physical Review B 90 ,", "item=venue|prose")
    assert items("Bull, J. R., Nature 12")[0] == ("Bull ,", "item=word|start")  # a name


def test_the_first_word_of_each_list_item_is_marked_where_a_journal_begins():
    assert marks(item_start, "A. Kolmogoroff, C. R. Acad. Sci., 30, 301-305 (1941).")[:2] == [
        ("A", "istart=given-first|start"), ("C", "istart=abbreviated|given-first")]
    starts = dict(marks(item_start, "E. I. Kalinnikova and V. D. Levchenko, Plasma Phys. Rep. 34,290 (2008)."))
    assert starts["Plasma"] == "istart=abbreviated|given-first" and "Phys" not in starts


def test_features_that_remember_the_last_reference_answer_for_the_one_asked():
    first, second = "M. Oliver, Proc. Roy. Soc. A, 462, 2575", "Smith, J. (1999). A study. Journal, 4, 5."
    alone = {text: (list_part(tokenize(text), text), abbreviation_run(tokenize(text), text))
             for text in (first, second)}
    tokens = {text: tokenize(text) for text in (first, second)}
    for text in (first, second, first, first, second):
        assert (list_part(tokens[text], text), abbreviation_run(tokens[text], text)) == alone[text]
