from hypothesis import given, settings
from hypothesis import strategies as st

from tagger.text.tokenize import tokenize


def texts(s):
    return [t.text for t in tokenize(s)]


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_offsets_slice_back_and_only_white_space_is_lost(text):
    tokens = tokenize(text)
    for token in tokens:
        assert text[token.start:token.end] == token.text
    assert all(a.end <= b.start for a, b in zip(tokens, tokens[1:]))
    kept = "".join(t.text for t in tokens)
    assert kept == "".join(c for c in text if not c.isspace())


def test_glued_punctuation_is_split():
    assert texts("2016:265-283") == ["2016", ":", "265", "-", "283"]
    assert texts("41(5):85–92") == ["41", "(", "5", ")", ":", "85", "–", "92"]
    assert texts("learning[J].arXiv:1512.01274,2015.") == [
        "learning", "[", "J", "]", ".", "arXiv:1512.01274", ",", "2015", "."]


def test_identifiers_stay_whole_without_the_punctuation_after_them():
    assert texts("[doi: 10.1145/3600006.3613145]") == ["[", "doi", ":", "10.1145/3600006.3613145", "]"]
    assert "10.1016/S0140-6736(20)30183-5" in texts("doi 10.1016/S0140-6736(20)30183-5.")
    assert texts("https://doi.org/10.1007/978-3-030-78713-4_2.") == [
        "https://doi.org/10.1007/978-3-030-78713-4_2", "."]
    assert "www.example.org/a/b.html" in texts("see www.example.org/a/b.html,")
    assert "978-3-16-148410-0" in texts("ISBN 978-3-16-148410-0.")
    assert "jane.doe@example.org" in texts("<jane.doe@example.org>")


def test_words_keep_letters_digits_and_combining_marks():
    assert texts("Los Hijos del Tı́o Tronera") == ["Los", "Hijos", "del", "Tı́o", "Tronera"]
    assert texts("2019a e1234") == ["2019a", "e1234"]


def test_glued_pdf_words_are_cut_where_fields_meet():
    assert texts("Phys.Rev.D53,1264(1967)") == [
        "Phys", ".", "Rev", ".", "D", "53", ",", "1264", "(", "1967", ")"]
    assert texts("JHEP03(2017)141") == ["JHEP", "03", "(", "2017", ")", "141"]
    assert texts("PhysRevLett UsingParticles andG") == [
        "Phys", "Rev", "Lett", "Using", "Particles", "and", "G"]
    assert texts("제24권 제10호") == ["제", "24", "권", "제", "10", "호"]


def test_korean_words_that_begin_with_a_number_stay_whole():
    # a title's "1930년대" (the 1930s) is not the year 1930; "2016년" and "17권1호" are cut
    assert texts("1930년대 4대강 21세기사회복지연구") == ["1930년대", "4대강", "21세기사회복지연구"]
    assert texts("2016년 17권1호") == ["2016", "년", "17", "권", "1", "호"]


def test_codes_and_mixed_case_names_stay_whole():
    assert texts("ApJ ApJL CoRR LaTeX iPhone arXiv 3GPP 41st A&A ARA&A") == [
        "ApJ", "ApJL", "CoRR", "LaTeX", "iPhone", "arXiv", "3GPP", "41st", "A&A", "ARA&A"]


def test_arxiv_identifiers_in_all_their_spellings_are_one_token():
    for identifier in ("arXiv:1706.03762v2", "arXiv :hep-th/9203071", "abs/1409.0473",
                       "1512.01274", "hep-th/9711200", "arXiv:math.AG/0601001"):
        assert texts(f"see {identifier}, 2015") == ["see", identifier, ",", "2015"]


def test_cjk_characters_are_tokens_and_full_width_punctuation_is_punctuation():
    assert texts("软件学报，2020（1）") == ["软", "件", "学", "报", "，", "2020", "（", "1", "）"]
    assert texts("《计算机学报》【J】") == ["《", "计", "算", "机", "学", "报", "》", "【", "J", "】"]
    assert texts("ひらがなカナ") == list("ひらがなカナ")
    assert texts("한국어 텍스트") == ["한국어", "텍스트"]


def test_empty_and_white_space_give_no_tokens():
    assert tokenize("") == []
    assert tokenize(" \n\t ") == []


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="abchtpswXx0123456789978-./:@&AJ vRΩ張", max_size=60))
def test_text_without_an_identifier_is_cut_as_the_full_pattern_cuts_it(text):
    """Texts that cannot hold an identifier skip the identifier patterns (speed): the tokens
    must be those the full pattern gives, identifier or not."""
    from tagger.text.tokenize import _TOKEN, _cut

    assert tokenize(text) == _cut(_TOKEN, text)
