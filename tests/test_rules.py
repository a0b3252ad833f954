"""Rule tagger: each rule family on the shapes references use, and the tagger's contract."""

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagger import parse
from tagger.labels.fields import field_values, label_spans
from tagger.labels import LABELS, OTHER
from tagger.rules import tag
from tagger.text.tokenize import tokenize


def fields(text: str) -> dict[str, str]:
    tokens = tokenize(text)
    labels, _ = tag(tokens, text)
    return field_values(text, label_spans(tokens, labels))


def fields_of(text: str, expected: dict) -> dict:
    """The rule tagger's value (or None) of each label in `expected`, to compare with it."""
    values = fields(text)
    return {label: values.get(label) for label in expected}


def core(text: str) -> dict[str, str]:
    return {label: value for label, value in fields(text).items()
            if label in ("author", "title", "venue", "year", "pages", "doi")}


# --- the examples the rules must get fully right -------------------------------------------

def test_gbt_style_with_in_proc_publisher_and_doi():
    text = ("Romero J, Yin JQ, Laanait N, et al. Accelerating collective communication in data "
            "parallel training across deep learning frameworks. In: Proc. of the 19th USENIX Symp. "
            "on Networked Systems Design and Implementation. Renton: USENIX, 2022. 1027–1040. "
            "[doi: 10.1007/978-3-030-78713-4_2]")
    assert core(text) == {
        "author": "Romero J, Yin JQ, Laanait N, et al",
        "title": "Accelerating collective communication in data parallel training across deep "
                 "learning frameworks",
        "venue": "Proc. of the 19th USENIX Symp. on Networked Systems Design and Implementation",
        "year": "2022",
        "pages": "1027–1040",
        "doi": "10.1007/978-3-030-78713-4_2",
    }
    assert fields(text)["location"] == "Renton"
    assert fields(text)["publisher"] == "USENIX"


def test_gbt_conference_marker_and_parallel_sign():
    text = ("[7] He K M, Zhang X Y, Ren S Q, et al.Deep residual learning for image recognition[C]"
            "∥Proc of the IEEE Conf on Computer Vision and Pattern Recognition,2016:770-778.")
    assert fields(text) == {
        "citation-number": "7",
        "author": "He K M, Zhang X Y, Ren S Q, et al",
        "title": "Deep residual learning for image recognition",
        "genre": "C",
        "venue": "Proc of the IEEE Conf on Computer Vision and Pattern Recognition",
        "year": "2016",
        "pages": "770-778",
    }


def test_cell_style_volume_and_pages_after_venue():
    text = ("Brischoux, F., Chakraborty, S., Brierley, D.I., and Ungless, M.A. (2009). Phasic "
            "excitation of dopamine neurons in ventral VTA by noxious stimuli. Proc Natl Acad Sci "
            "U S A 106, 4894–4899.")
    assert fields(text) == {
        "author": "Brischoux, F., Chakraborty, S., Brierley, D.I., and Ungless, M.A",
        "year": "2009",
        "title": "Phasic excitation of dopamine neurons in ventral VTA by noxious stimuli",
        "venue": "Proc Natl Acad Sci U S A",
        "volume": "106",
        "pages": "4894–4899",
    }


@pytest.mark.parametrize("text, author, venue", [
    ("Grubbs, R. H. Tetrahedron 2004, 60, 7117–7140.", "Grubbs, R. H", "Tetrahedron"),
    ("Corey, E. J.; Kim, C. U. J. Am. Chem. Soc. 1972, 94, 7586–7587.", "Corey, E. J.; Kim, C. U",
     "J. Am. Chem. Soc"),
    ("Heyd, J.; Scuseria, G. E.; Ernzerhof, M. J. Chem. Phys. 2003, 118, 8207.",
     "Heyd, J.; Scuseria, G. E.; Ernzerhof, M", "J. Chem. Phys"),
])
def test_chemistry_style_journal_right_after_the_initials(text, author, venue):
    found = fields(text)
    assert (found.get("author"), found.get("venue"), found.get("title")) == (author, venue, None)


def test_a_korean_book_has_its_place_and_publisher():
    fields = parse("김철수 (2018). 한국 경제의 구조. 서울: 박영사.", engine="rules").fields
    assert (fields["location"], fields["publisher"]) == ("서울", "박영사")
    # a colon inside a Korean title is no imprint
    fields = parse("이수구 (2019). 지방정부 예산: 성과와 과제. 사회과학연구, 35(4), 203-227.",
                   engine="rules").fields
    assert "location" not in fields and "publisher" not in fields


def test_chinese_journal_article():
    text = "张三, 李四. 基于深度学习的参考文献解析[J]. 软件学报, 2020, 31(1): 1–10."
    assert fields(text) == {
        "author": "张三, 李四", "title": "基于深度学习的参考文献解析", "genre": "J",
        "venue": "软件学报", "year": "2020", "volume": "31", "issue": "1", "pages": "1–10",
    }


# --- identifiers ---------------------------------------------------------------------------

@pytest.mark.parametrize("text, label, value", [
    ("Smith J. A title. Nature, 2001. doi:10.1038/nature12373", "doi", "10.1038/nature12373"),
    ("Smith J. A title. Nature, 2001. https://doi.org/10.1038/nature12373.", "url",
     "https://doi.org/10.1038/nature12373"),
    ("Smith J. A title. 2001. Available at: http://www.example.org/a/b.html", "url",
     "http://www.example.org/a/b.html"),
    ("Smith J. A title. Dover, 2001. ISBN 978-0-12-374857-7.", "isbn", "ISBN 978-0-12-374857-7"),
    ("Vaswani A, Shazeer N. Attention is all you need. arXiv preprint arXiv:1706.03762, 2017.",
     "arxiv", "arXiv:1706.03762"),  # its own label since issue 13; the venue stays the venue
    ("Vaswani A, Shazeer N. Attention is all you need. arXiv preprint arXiv:1706.03762, 2017.",
     "venue", "arXiv preprint"),
    ("Bahdanau D, Cho K, Bengio Y. Neural machine translation. CoRR abs/1409.0473, 2014.",
     "arxiv", "abs/1409.0473"),
    # Every kind, since identifiers are looked for only in a reference that holds a piece of
    # one (identifiers._MAY_HOLD_IDENTIFIER): each kind's piece must be among those pieces.
    ("Smith J. A title. Dover, 2001. ISBN 0198526636.", "isbn", "ISBN 0198526636"),
    ("Smith J. A title. Dover, 2001. ISBN: 9780123748577.", "isbn", "ISBN: 9780123748577"),
    ("Smith J. A title. Dover, 2001. ISBN 0-19-852663-6.", "isbn", "ISBN 0-19-852663-6"),
    ("Maldacena J. The large N limit. hep-th/9711200, 1997.", "arxiv", "hep-th/9711200"),
    ("Smith J. A title. arXiv, 1406.2979, 2014.", "arxiv", "arXiv, 1406.2979"),
    ("Smith J. A title. ArXiv:1706.03762, 2017.", "arxiv", "ArXiv:1706.03762"),
    ("Smith J. A title. Nature, 2001. PMID: 23525888.", "note", "PMID: 23525888"),
    ("Smith J. A title. Nature, 2001. PMCID PMC4014004.", "note", "PMCID PMC4014004"),
    ("Smith J. A title. Report, 2001. hdl:10013/epic.43166.", "note", "hdl:10013/epic.43166"),
    ("Smith J. A title. 2001. WWW.EXAMPLE.ORG/a.html", "url", "WWW.EXAMPLE.ORG/a.html"),
    ("Smith J. A title. 2001. ftp://ftp.example.org/a.txt", "url", "ftp://ftp.example.org/a.txt"),
])
def test_identifiers(text, label, value):
    assert fields(text)[label] == value


def test_identifier_prefix_stays_out_of_every_field():
    values = fields("Smith J. A title. Tectonophysics, 2011. DOI: 10.1016/j.tecto.2011.11.016.")
    assert values["venue"] == "Tectonophysics"
    assert values["doi"] == "10.1016/j.tecto.2011.11.016"


# --- years and dates -----------------------------------------------------------------------

@pytest.mark.parametrize("text, year", [
    ("Smith, J. (2009). A title. Nature, 4, 1-2.", "2009"),
    ("Smith, J. (2009a). A title. Nature, 4, 1-2.", "2009a"),
    ("Smith, J. (2009, May 3). A title. The Times.", "2009, May 3"),
    ("Trillin, Calvin. \"Culture Shopping.\" New Yorker 15 Feb. 1993: 48-51.", "15 Feb. 1993"),
    ("D. Georgakopoulos and A. Sheth. A title. IEEE Trans. on Knowledge, 6(1) 166, February 1994.",
     "February 1994"),
])
def test_dates(text, year):
    assert fields(text)["year"] == year


def test_no_date_is_a_note_not_a_year():  # docs/design.md, "Labels"
    values = fields("Smith, J. (n.d.). A title. Retrieved from http://example.org")
    assert "year" not in values and values["note"].startswith("(n.d.)")


def test_access_date_is_a_note_not_the_year():
    values = fields("Li Y. Title of a page[EB/OL]. (2019-01-02)[2020-03-04]. https://example.org/p.")
    assert values["year"] == "2019-01-02"
    assert values["note"] == "2020-03-04"
    assert values["genre"] == "EB/OL"


# --- pages, volume, issue ------------------------------------------------------------------

@pytest.mark.parametrize("text, pages", [
    ("Smith, J. (2010). A title. Journal of Things, 3, pp. 1027–1040.", "pp. 1027–1040"),
    ("Smith J. Deep nets. Nature, 2016:265-283.", "265-283"),
    ("Müller, K. Die Welt. In: Zeitschrift für Dinge Bd. 4, S. 12 ff.", "S. 12 ff"),
    ("Smith J. A title. Renton: USENIX, 2022. 1027–1040.", "1027–1040"),
    ("S. E. Han, G. Chen, A title. Nano Lett. 2010, 10, 1012.", "1012"),
])
def test_pages(text, pages):
    assert fields(text)["pages"] == pages


@pytest.mark.parametrize("text, volume, issue", [
    ("ROMERO J, YIN J. A title. Nature. 2019;41(5):85–92.", "41", "5"),
    ("Smith, J. (2010). A title. Journal of Things, vol. 3, no. 2, pp. 1027–1040.", "vol. 3", "no. 2"),
    ("Müller, K. Die Welt. In: Zeitschrift für Dinge Bd. 4, S. 12 ff.", "Bd. 4", None),
])
def test_volume_and_issue(text, volume, issue):
    values = fields(text)
    assert values["volume"] == volume
    assert values.get("issue") == issue


def test_numbers_glued_to_a_name_are_not_volumes():
    values = fields("C. Qiao and R. Melhem, \"Reducing Latency\", Proc. of HPCA-1, 1995.")
    assert values["venue"] == "Proc. of HPCA-1"
    assert "volume" not in values


# --- citation numbers ----------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "[12] J. Romero and J. Yin, A title, Proc. of X, 2019.",
    "12. J. Romero and J. Yin, A title, Proc. of X, 2019.",
    "(12) J. Romero and J. Yin, A title, Proc. of X, 2019.",
])
def test_citation_numbers(text):
    values = fields(text)
    assert values["citation-number"] == "12"
    assert values["author"] == "J. Romero and J. Yin"


def test_a_leading_year_is_not_a_citation_number():
    assert "citation-number" not in fields("2019. A title of a thing. Nature 3, 1-2.")


# --- author lists --------------------------------------------------------------------------

@pytest.mark.parametrize("text, author", [
    ("Romero J, Yin JQ, A title. Nature, 2019.", "Romero J, Yin JQ"),
    ("J. Romero and J. Yin, A title, Nature, 2019.", "J. Romero and J. Yin"),
    ("ROMERO J, YIN J. A title. Nature, 2019.", "ROMERO J, YIN J"),
    ("Romero, J., & Yin, J. (2019). A title. Nature, 3, 1-2.", "Romero, J., & Yin, J"),
    ("张三, 李四. 标题[J]. 软件学报, 2020.", "张三, 李四"),
    ("Pérez-Higueras JJ, de la Macorra JC, Peters OA. A title. J Endod. 2014.",
     "Pérez-Higueras JJ, de la Macorra JC, Peters OA"),
    ("Lakoff, George, and Mark Johnson. Metaphors We Live By. Chicago: Chicago UP, 2003.",
     "Lakoff, George, and Mark Johnson"),
    ("Larry D. Wittie, Gudjun Hermannsson, and Ai Li. Eager sharing. In Proc. of X, 1992.",
     "Larry D. Wittie, Gudjun Hermannsson, and Ai Li"),
    ("Ferren, W. R., Jr. 1976. A title. Bartonia 44: 58-67.", "Ferren, W. R., Jr"),
    ("Nishida, T., & et al. (1991). A title. In Proceedings of AAAI.", "Nishida, T., & et al"),
    ("Boyer, Paul S. Purity in Print. Madison: University of Wisconsin Press, 2002.", "Boyer, Paul S"),
    # initials without their stops, as some computer-science styles write them
    ("Gary B Huang, Honglak Lee, and Erik Learned-Miller. Learning hierarchical representations. "
     "In CVPR, 2012.", "Gary B Huang, Honglak Lee, and Erik Learned-Miller"),
    ("Sida Wang and Christopher D Manning. Baselines and bigrams. In ACL, 2012.",
     "Sida Wang and Christopher D Manning"),
    ("Eric Brown, Eddie Epstein, J William Murdock, and Tong-Haing Fin. Tools and methods for "
     "building watson.", "Eric Brown, Eddie Epstein, J William Murdock, and Tong-Haing Fin"),
])
def test_author_shapes(text, author):
    assert fields(text)["author"] == author


def test_an_initial_without_its_stop_opens_no_list():
    """Only a later name of a given-first list may open with a bare initial: "A Comparative
    Study" at the start is a title."""
    assert "author" not in fields("A Comparative Study of Methods. Journal of Things 12, 1-9 "
                                  "(2001).")


def test_a_title_that_looks_like_a_name_does_not_extend_an_initials_first_list():
    values = fields("H. Fischer, Centre Pompidou, Deutsche Bauzeitung, No. 134, 2000, 20-21")
    assert values["author"] == "H. Fischer"
    assert values["title"] == "Centre Pompidou"


def test_group_author_before_the_date():
    values = fields("World Health Organization (2008). Global burden of disease. Geneva: WHO.")
    assert values["author"] == "World Health Organization"
    assert values["year"] == "2008"


@pytest.mark.parametrize("text, author, title", [
    ("Society of Critical Care Medicine. Guidelines for standards of care. Crit Care Med 1982; "
     "10:1.", "Society of Critical Care Medicine", "Guidelines for standards of care"),
    ("The CAVEAT Study Group. A comparison of directional atherectomy with coronary angioplasty. "
     "N Engl J Med 1993; 329:221-7.", "The CAVEAT Study Group",
     "A comparison of directional atherectomy with coronary angioplasty"),
    ("Canadian Agency for Drugs and Technologies in Health. Economic evaluation: third-line "
     "therapy. Ottawa: CADTH; 2010.", "Canadian Agency for Drugs and Technologies in Health",
     "Economic evaluation: third-line therapy"),
])
def test_a_body_named_in_the_first_sentence_is_the_author(text, author, title):
    values = fields(text)
    assert (values.get("author"), values.get("title")) == (author, title)


@pytest.mark.parametrize("text", [
    "D0 Collaboration, Phys. Rev. Lett. 80, 2063 (1998).",
    "CMS Collaboration, CMS-PAS-TOP-16-022.",
])
def test_a_collaboration_before_a_comma_is_the_author(text):
    assert fields(text)["author"] == text[:text.index(",")]


def test_no_body_in_a_title_or_a_container_is_an_author():
    assert "author" not in fields("L’Inauguration du Centre Georges-Pompidou, Le Monde, 1 "
                                  "febbraio 1977, xx-xx")
    assert "author" not in fields("Annals of the Association of American Geographers. 1990; 80: "
                                  "1-20.")


def test_and_others_in_a_han_list_ends_it():
    for text, author in (("千相默 外 3人. 素問.評熱病論에 대한 硏究. 원광한의학회지. 7(1). 1997.",
                          "千相默 外 3人"),
                         ("王一童 外 5人. 桂芍楮實湯配伍原理及源流初探. 現代中醫藥. 2019. 39(4).",
                          "王一童 外 5人")):
        assert fields(text)["author"] == author


def test_editors_as_authors_and_inside_the_reference():
    assert fields("Bickman, L., & Ellis, H. (Eds.). (1990). A title. Hillsdale, NJ: L. Erlbaum."
                  )["editor"] == "Bickman, L., & Ellis, H. (Eds.)"
    values = fields("Smith J. A chapter title. In: Brown K (ed.) A Book Title. London: Springer, "
                    "2001: 12-19.")
    assert values["editor"] == "Brown K (ed.)"
    assert values["venue"] == "A Book Title"
    assert values["pages"] == "12-19"


def test_gbt_editor_after_double_slash():
    values = fields("张三. 标题[C]//李四. 会议论文集. 北京: 科学出版社, 2001: 12-19.")
    assert values["editor"] == "李四"
    assert values["venue"] == "会议论文集"
    assert (values["location"], values["publisher"]) == ("北京", "科学出版社")


# --- title, venue, publisher and place -----------------------------------------------------

def test_quoted_title_then_venue():
    values = fields('L. Sha, R. Rajkumar, and J. Lehoczky, "Priority Inheritance Protocols: An '
                    'Approach", IEEE Transactions on Computers, Vol. 39, No. 9, 1990, pp. 1175-1185.')
    assert values["title"] == "Priority Inheritance Protocols: An Approach"
    assert values["venue"] == "IEEE Transactions on Computers"


def test_ieee_comma_style_title_ends_before_the_venue():
    values = fields("Feferman, S., Transfinite Recursive Progressions of Axiomatic Theories, "
                    "J. Symbolic Logic, 27, 259-316 (1962).")
    assert values["title"] == "Transfinite Recursive Progressions of Axiomatic Theories"
    assert values["venue"] == "J. Symbolic Logic"
    assert values["year"] == "1962"


def test_book_place_and_publisher():
    values = fields("Stein, Stanley J. Vassouras, a Brazilian Coffee County. Cambridge, MA: "
                    "Harvard University Press, 1957.")
    assert values["title"] == "Vassouras, a Brazilian Coffee County"
    assert values["location"] == "Cambridge, MA"
    assert values["publisher"] == "Harvard University Press"
    assert "venue" not in values


def test_address_after_a_proceedings_title_is_the_location():
    values = fields("M. Gupta and P. Banerjee. Automatic data partitioning. In Proceedings of the "
                    "6th Distributed Memory Computing Conference, Portland, OR, April 1991.")
    assert values["venue"] == "Proceedings of the 6th Distributed Memory Computing Conference"
    assert values["location"] == "Portland, OR"


def test_thesis_genre_and_institution():
    values = fields("Reilly, W. S. (1996). Believable Emotional and Social Agents. Ph.D. thesis, "
                    "School of Computer Science, Carnegie Mellon University.")
    assert values["genre"] == "Ph.D. thesis"
    assert "venue" not in values


def test_edition_stays_out_of_the_title():
    values = fields("Howitt, D., & Cramer, D. (2008). Introduction to research methods in "
                    "psychology (2nd ed.). Harlow, England: FT Prentice Hall.")
    assert values["title"] == "Introduction to research methods in psychology"
    assert values["edition"] == "2nd ed"


def test_second_title_sentence_before_the_journal_stays_in_the_title():
    values = fields("Pittas, A.G.; Lau, J. The role of vitamin D in type 2 diabetes. A systematic "
                    "review and meta-analysis. J. Clin. Endocrinol. Metab. 2007, 92, 2017–2029.")
    assert values["title"] == ("The role of vitamin D in type 2 diabetes. A systematic review and "
                               "meta-analysis")
    assert values["venue"] == "J. Clin. Endocrinol. Metab"


def test_imprint_in_brackets_ends_the_title_but_other_brackets_do_not():
    values = fields("Lingenfelter, S. G., Transforming Culture: A Challenge for Christian Mission "
                    "(Grand Rapids, MI: Baker, 1998).")
    assert values["title"] == "Transforming Culture: A Challenge for Christian Mission"
    assert (values["location"], values["publisher"]) == ("Grand Rapids, MI", "Baker")
    values = fields("Fenda, P., 2010. Mites (Acari: mesostigmata) of the nests in Slovakia. "
                    "Folia faunistica Slovaca, 15, 55-60.")
    assert values["title"] == "Mites (Acari: mesostigmata) of the nests in Slovakia"


def test_a_title_before_the_date_is_no_group_author():
    values = fields("Good chemistry. (1996, September). Wake Forest University Magazine, 44(1), p. 8")
    assert "author" not in values
    assert values["title"] == "Good chemistry"
    assert values["venue"] == "Wake Forest University Magazine"


def test_french_initials_in_brackets():
    values = fields("Amand (M.), Les planétaires rhénans. Latomus, 14, 1955, p. 186-201.")
    assert values["author"] == "Amand (M.)"
    assert values["title"] == "Les planétaires rhénans"


def test_doi_link_announced_as_doi():
    values = fields("Barnes, N. (2010). Publish your code. Nature, 467, 753-753. "
                    "DOI:http://dx.doi.org/10.1038/467753a")
    assert values["doi"] == "http://dx.doi.org/10.1038/467753a"
    assert "url" not in values


def test_mla_volume_dot_issue():
    values = fields('Rockwell, Patricia. "Facial Expression and Sarcasm." Perceptual and Motor '
                    'Skills 93.1 (2001): 47–50.')
    assert values["venue"] == "Perceptual and Motor Skills"
    assert (values["volume"], values["issue"], values["year"]) == ("93", "1", "2001")
    assert values["pages"] == "47–50"


# --- the contract --------------------------------------------------------------------------

def test_one_known_label_and_one_confidence_per_token():
    text = "Romero J, Yin JQ. A title. In: Proc. of X. Renton: USENIX, 2022. 1027–1040."
    tokens = tokenize(text)
    labels, probs = tag(tokens, text)
    assert len(labels) == len(probs) == len(tokens)
    assert set(labels) <= set(LABELS) | {OTHER}
    assert all(0.0 <= p <= 1.0 for p in probs)
    assert tag(tokens, text) == (labels, probs)


def test_pattern_matches_are_surer_than_guesses():
    text = "Smith J. A title. Nature, 2001. doi:10.1038/nature12373"
    tokens = tokenize(text)
    labels, probs = tag(tokens, text)
    doi = probs[labels.index("doi")]
    title = probs[labels.index("title")]
    assert doi > title


def test_empty_reference():
    assert tag([], "") == ([], [])


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("Aa Jj.,;:()[]&-–/∥\"“”'0123456789张三 In")), max_size=80))
def test_never_raises_and_keeps_the_contract(text):
    tokens = tokenize(text)
    labels, probs = tag(tokens, text)
    assert len(labels) == len(probs) == len(tokens)
    assert set(labels) <= set(LABELS) | {OTHER}


def test_long_author_list_in_linear_time():
    text = ", ".join(["Romero J", "Yin JQ"] * 5000) + ". A title. Nature, 2001, 3(4): 1-9."
    tokens = tokenize(text)
    started = time.process_time()
    labels, _ = tag(tokens, text)
    assert time.process_time() - started < 2.0
    assert labels[:3] == ["author"] * 3 and labels[-4] == "pages"


def test_hundred_kilobyte_reference_in_about_a_second():
    text = "Smith, J. (2010). " + "Word another, (1999) pp. 3: In X. " * 3000
    tokens = tokenize(text)
    started = time.process_time()
    tag(tokens, text)
    assert time.process_time() - started < 2.0


def test_an_abbreviated_journal_right_after_the_authors_is_no_title():
    for text, venue in (("P. W. Anderson, Phys. Rev. 109, 1492 (1958)", "Phys. Rev"),
                        ("R. Penrose and M. Floyd, Nature Phys. Sci. 229, 177 (1971)",
                         "Nature Phys. Sci"),
                        ("S. Weinberg, Phys.Rev.Lett.19,1264(1967).", "Phys.Rev.Lett"),
                        ("K. Kaneko, J. Stat. Phys. 54, 1489 (1989)", "J. Stat. Phys")):
        values = parse(text, engine="rules").fields
        assert "title" not in values and values["venue"] == venue
    # a title that merely runs into the venue keeps being the title
    values = parse("J. Nash, Non-cooperative games, Ann. Math. 54, 286 (1951)", engine="rules").fields
    assert values["title"] == "Non-cooperative games" and values["venue"] == "Ann. Math"


@pytest.mark.parametrize("text, author", [
    ("D. K. Belashchenko and B. R. Gelchinski, J. Nonn Cryst.Solids 353 ,3515 ( 2007).",
     "D. K. Belashchenko and B. R. Gelchinski"),
    ("E. W. Becker, K. Bier, and W. Henkes, Z. Physik, 146: 333 (1956)",
     "E. W. Becker, K. Bier, and W. Henkes"),
    ("Smith, J., Jones, K., & Brown, L., Ann. Phys. 12, 3 (1990)", "Smith, J., Jones, K., & Brown, L"),
])
def test_the_name_after_and_is_the_last(text, author):
    """In a given-first or APA list "and" comes before the last name: what follows its comma
    is not one more ("J. Nonn" is a journal's first words)."""
    assert core(text)["author"] == author


@pytest.mark.parametrize("text, author, venue", [
    ("J. F. Morrison, B. J. McKeon, W. Jiang, and A. J. Smits, J. Fluid Mech., 508, 99-131 "
     "(2004).", "J. F. Morrison, B. J. McKeon, W. Jiang, and A. J. Smits", "J. Fluid Mech"),
    ("M. Deutsch, B. Meerson, and J. E. Golub, Phys. Fluids B 3, 1773( 1991).",
     "M. Deutsch, B. Meerson, and J. E. Golub", "Phys. Fluids B"),
])
def test_a_journal_that_spells_one_word_out_is_no_title(text, author, venue):
    values = core(text)
    assert values["author"] == author and values["venue"] == venue and "title" not in values


@pytest.mark.parametrize("text, author", [
    ("Torben Amtoft and Flemming Nielson and Hanne Riis Nielson and Jurgen Ammann: Polymorphic "
     "subtypes for effect analysis. In Analysis, 1997.",
     "Torben Amtoft and Flemming Nielson and Hanne Riis Nielson and Jurgen Ammann"),
    ("Mitterschiffthaler, Martina T., and Cynthia H. Y. Fu, Jeffrey A. Dalton, and Steven C. R. "
     "Williams, “A Functional MRI Study,” Human Brain Mapping 28 (2007): 1150–62.",
     "Mitterschiffthaler, Martina T., and Cynthia H. Y. Fu, Jeffrey A. Dalton, and Steven C. R. "
     "Williams"),
])
def test_names_go_on_after_and_where_the_list_does(text, author):
    """BibTeX joins every name with "and"; Chicago lists may put "and" after the first name."""
    assert core(text)["author"] == author


def test_a_spelled_out_word_in_capitals_is_a_name_not_a_journal():
    values = core("I. A. OGORODNIKOV, S. S. POLYAK et V. YA. SHTERN. Kinet. Katal. 10, 1210 (1969).")
    assert values["venue"] == "Kinet. Katal"


@pytest.mark.parametrize("text, volume, pages", [
    ("Author A. B., 2016, A&A, 594, A13", "594", "A13"),
    ("Asada K., Nakamura M., 2012, ApJ, 745, L28", "745", "L28"),
    ("Arnaud, M., Pratt, G. W., Piffaretti, R., et al. 2010, Astron. Astro-phys.,517 ,A92",
     "517", "A92"),
])
def test_an_article_number_after_the_volume_is_the_pages(text, volume, pages):
    values = fields(text)
    assert values["volume"] == volume and values["pages"] == pages


@pytest.mark.parametrize("text, pages, year", [
    ("J. Smith, Phys. Rev. D 58, 1845 (2011).", "1845", "2011"),
    ("A. BROSSI et S. TEITEL. Chem. Pharm. Bull.21, 1839(1973).", "1839", "1973"),
    ("K. Ito, Ann. Phys. 16 (1975), 2029.", "2029", "1975"),
])
def test_a_page_that_looks_like_a_year_before_the_bracketed_year(text, pages, year):
    values = fields(text)
    assert values["pages"] == pages and values["year"] == year


def test_a_reprint_year_in_brackets_later_is_no_publication_year():
    values = fields("Karl Leyser, Early Medieval Warfare, London, 1993, 87-108 (réédité dans "
                    "Leyser (1994), n° 3).")
    assert values["year"] == "1993"


@pytest.mark.parametrize("text, expected", [
    ("김영기, 박성택, 이승준 (2009). 특허가치평가 요소에 관한 연구. 디지털정책연구, 7(2), 63-70.",
     {"author": "김영기, 박성택, 이승준", "title": "특허가치평가 요소에 관한 연구", "year": "2009"}),
    ("최지수. 윤석민 (2019), 가짜뉴스 거버넌스: 정부규제, 자율규제, 공동규제 모형에 대한 비교를 "
     "중심으로, 사이버커뮤니케이션학보, 제36권 제1호, 127-180쪽.",
     {"author": "최지수. 윤석민", "volume": "제36권", "issue": "제1호", "pages": "127-180쪽"}),
    ("윤민우, '국가안보에 관한 다루어지지 않던 논의들', 한국국가안보, 국민안전학회지, 제1권, "
     "pp. 243-272, 2015.", {"author": "윤민우", "volume": "제1권", "pages": "pp. 243-272"}),
    ("王明, 李华. 基于深度学习的图像识别[J]. 计算机学报, 2019, 第37卷第1期: 11-14.",
     {"volume": "第37卷", "issue": "第1期", "pages": "11-14"}),
    ("陈学斌, 2010, '我国生态补偿机制进展与建议', 宏观经济管理, 第30-32页.", {"pages": "第30-32页"}),
])
def test_korean_names_and_numbers_marked_after_them(text, expected):
    """A Hangul word that begins with a family name heads a Korean list; CJK markers follow
    their number ("제 14 권", "第1期", "86-87쪽"), and "卷 11" before it still counts."""
    assert fields_of(text, expected) == expected


@pytest.mark.parametrize("text, expected", [
    # a body named in Han characters is the author; a standard's number stays in its title
    ("[1] 中华人民共和国国家质量监督检验检疫总局. 信息与文献 参考文献著录规则: GB/T 7714—2015[S]. "
     "北京: 中国标准出版社, 2015.",
     {"author": "中华人民共和国国家质量监督检验检疫总局",
      "title": "信息与文献 参考文献著录规则: GB/T 7714—2015", "year": "2015"}),
    # a year glued to the words of a title is the title's; the web page's date is the year
    ("[10] 国家统计局. 2019年国民经济和社会发展统计公报[EB/OL]. (2020-02-28)[2020-03-01]. "
     "http://www.stats.gov.cn/tjsj/.",
     {"author": "国家统计局", "title": "2019年国民经济和社会发展统计公报", "year": "2020-02-28",
      "note": "2020-03-01"}),
    ("[5] 刘伟. 2008年北京奥运会的经济影响[J]. 经济研究, 2009, 44(3): 12-20.",
     {"title": "2008年北京奥运会的经济影响", "year": "2009", "volume": "44"}),
    # a date in Han after the authors is one, "年" and all
    ("王明. 2019年3月5日. 标题研究. 北京: 出版社.", {"author": "王明", "year": "2019年3月5日",
                                           "title": "标题研究"}),
    # a newspaper's date is no volume and issue
    ("[5] 陈静. 数字经济迈向新阶段[N]. 人民日报, 2021-10-20(5).",
     {"venue": "人民日报", "year": "2021-10-20", "volume": None}),
    # a person's name of two to four characters is no body's
    ("[3] 欧阳修. 新唐书[M]. 北京: 中华书局, 1975.", {"author": "欧阳修", "title": "新唐书"}),
])
def test_gbt_bodies_dates_and_titles_that_open_with_a_year(text, expected):
    assert fields_of(text, expected) == expected


@pytest.mark.parametrize("text, expected", [
    ("Иванов И. И., Петров П. П. Методы машинного обучения // Вестник МГУ. 2018. Т. 42, № 3. "
     "С. 12–20.", {"author": "Иванов И. И., Петров П. П", "title": "Методы машинного обучения",
                   "venue": "Вестник МГУ", "volume": "Т. 42", "pages": "С. 12–20"}),
    ("Халиков А.Х. Приказанская культура // САИ. 1980. Вып. 24.",
     {"issue": "Вып. 24", "volume": None}),
    ("Васильев В.А. и др. Судовой комплекс // Судостроение. 1991. Вып. 2. С. 51–56.",
     {"author": "Васильев В.А. и др", "title": "Судовой комплекс"}),
    # "с" without its stop is a preposition, as German's "S" without one is a letter
    ("Петров П. П. Работа с 1990 года // Вестник. 2001. Т. 5.", {"pages": None}),
])
def test_gost_markers_and_et_al(text, expected):
    """GOST (Russian) marks volume, issue and pages with "Т.", "Вып.", "С." and ends a list
    with "и др." ("and others")."""
    assert fields_of(text, expected) == expected


@pytest.mark.parametrize("text, expected", [
    ("Smith J, Doe A. Title of web article [Internet]. Bethesda (MD): National Library of "
     "Medicine (US); 2020 [cited 2021 Mar 5]. Available from: https://x.org/a/",
     {"location": "Bethesda (MD)", "publisher": "National Library of Medicine (US)",
      "year": "2020"}),
    ("Silver D, Huang A. Mastering Go. Nature. 2016 Jan 28;529(7587):484-9.",
     {"venue": "Nature", "year": "2016 Jan 28", "volume": "529"}),
])
def test_nlm_places_with_their_state_and_dates_with_their_month(text, expected):
    assert fields_of(text, expected) == expected
    assert "[cited" not in text or "cited 2021 Mar 5" in fields(text)["note"]


@pytest.mark.parametrize("text, expected", [
    ("Smith, J. (2015). Deep learning for protein folding (Doctoral dissertation). Stanford "
     "University, Stanford, CA.", {"title": "Deep learning for protein folding",
                                   "genre": "Doctoral dissertation"}),
    ("Shih, S. (2014). Towards Optimal Rhythm (Unpublished doctoral dissertation). Stanford "
     "University.", {"title": "Towards Optimal Rhythm",
                     "note": "Unpublished doctoral dissertation", "genre": None}),
])
def test_apas_bracketed_thesis_is_the_documents_kind(text, expected):
    assert fields_of(text, expected) == expected


def test_a_cjk_marker_before_its_number_still_marks_it():
    values = fields("[86] KOHONEN T. The Self-Organizing Map[C]∥Proceedings of the IEEE: 卷 78. "
                    "1990: 1464-1480.")
    assert values["volume"] == "卷 78" and values["venue"] == "Proceedings of the IEEE"


@pytest.mark.parametrize("text, expected", [
    ("Sambrook et al., Molecular Cloning : a laboratory manual, Cold Spring Harbor laboratory "
     "Press, New York, 1989",
     {"author": "Sambrook et al", "title": "Molecular Cloning : a laboratory manual"}),
    ("Hiei et al., The plant Journal 6 : 271-282, 1994",
     {"author": "Hiei et al", "venue": "The plant Journal", "volume": "6", "pages": "271-282"}),
    ("Davidson et al, Physiology & Behavior; 21: 171, 1978",
     {"author": "Davidson et al", "venue": "Physiology & Behavior", "volume": "21"}),
    ("R. Aaij et al., Performance of the LHCb Vertex Locator, JINST 9 (2014) P09007.",
     {"title": "Performance of the LHCb Vertex Locator", "venue": "JINST"}),
])
def test_one_family_name_and_et_al_and_the_short_journal_after_it(text, expected):
    """Biology's "Hiei et al., The plant Journal 6 : 271": one name and "et al.", then a
    journal of a few words with no title; a title after "et al." stays a title."""
    assert fields_of(text, expected) == expected


@pytest.mark.parametrize("text, author", [
    ("J. Ph. Karr, A. Baas, R. Houdre, and E. Giacobino, Phys. Rev. A, 69, 031802(R)(2004).",
     "J. Ph. Karr, A. Baas, R. Houdre, and E. Giacobino"),
    ("I. A. OGORODNIKOV, S. S. POLYAK et V. YA. SHTERN. Kinet. Katal. 10, 1210 (1969).",
     "I. A. OGORODNIKOV, S. S. POLYAK et V. YA. SHTERN"),
    ("Kim, B. H., Kim, K. J., Park, I. S., Lee, K. J., ... & Lee, H. Y. (1999). A comparison of "
     "things. Journal 3, 1-2.", "Kim, B. H., Kim, K. J., Park, I. S., Lee, K. J., ... & Lee, H. Y"),
    ("D. K. Belashchenko, Zh. Fiz. Khim. 78, 1621 (2004).", "D. K. Belashchenko"),
])
def test_two_letter_initials_and_apa_s_left_out_names(text, author):
    assert fields(text)["author"] == author


def test_a_short_word_before_a_run_of_abbreviations_is_the_journal_s_first():
    values = fields("M. M. ALEKSISHVILI, S. S. POLYAK et V. YA. SHTERN. Réf. Zh. Khim. Abstr. "
                    "n°3, N4 (1972).")
    assert values["venue"] == "Réf. Zh. Khim. Abstr" and "title" not in values


@pytest.mark.parametrize("text, expected", [
    ("J. F. W. KEANA et R. R. SCHUMAKER. Tetrahedron, 26, 5191 (1970).",
     {"venue": "Tetrahedron", "volume": "26", "pages": "5191", "title": None}),
    ("J. J. H. Brouwers, Phys. Fluids, 16, 2300-2308 (2004).",
     {"venue": "Phys. Fluids", "volume": "16", "title": None}),
    ("E. Witten, Perturbative Gauge Theory as a String Theory in Twistor Space, Commun. Math. "
     "Phys. 252 (2004), 189-258",
     {"title": "Perturbative Gauge Theory as a String Theory in Twistor Space",
      "venue": "Commun. Math. Phys"}),
    ("Nahm W 1994 Quasi-rational fusion products Int. J. Mod. Phys. B 08 3693-702",
     {"title": "Quasi-rational fusion products"}),
])
def test_where_a_title_less_or_unpunctuated_journal_begins(text, expected):
    assert fields_of(text, expected) == expected


@pytest.mark.parametrize("text, title", [
    ("A.J. Larkoski, S. Marzani, G. Soyez and J. Thaler, Soft Drop, JHEP 05 (2014) 146.",
     "Soft Drop"),
    ("Malina HZ, Martin XD. Indoleamine 2,3-dioxygenase activity in the aqueous humor of the "
     "bovine eye. Graefes Arch Clin Exp Ophthalmol 1993; 231: 1-5.",
     "Indoleamine 2,3-dioxygenase activity in the aqueous humor of the bovine eye"),
    ("Schultz, P. H., D'Hondt, S., Cretaceous-Tertiary (Chicxulub) impact angle and its "
     "consequences, Geology, vol. 24, No. 11, pp. 963-967. 1996.",
     "Cretaceous-Tertiary (Chicxulub) impact angle and its consequences"),
    ("Schiffman RM, Reis BL. Reliability and validity of the Ocular Surface Disease Index. Arch "
     "Ophthalmol. 2000 May;118(5):615-21.",
     "Reliability and validity of the Ocular Surface Disease Index"),
])
def test_titles_that_only_look_like_journals_stay_titles(text, title):
    assert fields(text)["title"] == title


@pytest.mark.parametrize("text, expected", [
    ("Guy L. Steele Jr. and Jon L. White. How to print floating-point numbers accurately. In "
     "Proc. PLDI, 1990.", {"author": "Guy L. Steele Jr. and Jon L. White",
                            "title": "How to print floating-point numbers accurately"}),
    ("Bandelt H-J, Forster P, Sykes BC, Richards MB. Mitochondrial portraits of human "
     "populations using median networks. Genetics (1995) 141: 743-753.",
     {"author": "Bandelt H-J, Forster P, Sykes BC, Richards MB"}),
    ("W. Labov – J. Waletsky, ‘Narrative Analysis: Oral Version of Personal Experience’, in "
     "J. Helm (ed.), Essays on the Verbal and Visual Arts, Seattle 1967, 12-44.",
     {"author": "W. Labov – J. Waletsky",
      "title": "Narrative Analysis: Oral Version of Personal Experience"}),
    ("Alison MR, Sarraf CE. Apoptosis: regulation and relevance to toxicology Hum Exp Toxicol "
     "1995; 14: 234-247.", {"volume": "14", "pages": "234-247", "year": "1995"}),
    ("Obeid AN, Barnett NJ, Ward G. A critical review of laser Doppler flowmetry, J Med Eng "
     "Technol 1990; 14:178-181.", {"title": "A critical review of laser Doppler flowmetry",
                                   "venue": "J Med Eng Technol"}),
])
def test_suffixes_hyphenated_initials_dashes_between_names_and_vancouver_dates(text, expected):
    assert fields_of(text, expected) == expected


@pytest.mark.parametrize("text, number, author", [
    ("4- Schortgen F, Soubrier N, Delclaux C, et al. Hemodynamic Tolerance of Intermittent "
     "Hemodialysis in ICU. Am J Respir Crit Care Med 2000; 162: 197-202.", "4-",
     "Schortgen F, Soubrier N, Delclaux C, et al"),
    ("26-Vellin J-F, Achim V. Rapidly developing lesions. Auris Nasus Larynx. 2009; 36: 1-2.",
     "26-", "Vellin J-F, Achim V"),
])
def test_a_citation_number_with_a_dash(text, number, author):
    values = fields(text)
    assert values["citation-number"] == number and values["author"] == author


@pytest.mark.parametrize("text, venue, volume, pages", [
    ("G. E. Astrakharchik and L. P. Pitaevskii, Motion of a heavy impurity through a "
     "Bose-Einstein condensate ,Phys .Rev. A70 , 013608( 2004 ).", "Phys .Rev. A", "70", "013608"),
    ("M. Ambrosio et al. Phys. Rev. D60 (1999) 082002.", "Phys. Rev. D", "60", "082002"),
])
def test_a_series_letter_glued_to_the_volume(text, venue, volume, pages):
    values = fields(text)
    assert (values["venue"], values["volume"], values["pages"]) == (venue, volume, pages)


def test_a_letter_and_number_opening_a_title_is_no_volume():
    values = fields("McDermott, J. (1982). R1: A rule-based configurer of computer systems. "
                    "Artificial Intelligence, 19.")
    assert values["volume"] == "19"


def test_a_page_glued_after_the_bracketed_year():
    values = fields("S.S. Gubser, S.S. Pufu and A. Yarom, Sonic booms and diffusion wakes,Phys "
                    ".Rev .Lett .100 ( 2008)012301 .")
    assert (values["volume"], values["year"], values["pages"]) == ("100", "2008", "012301")


@pytest.mark.parametrize("text, title", [
    ("S. Chandrasekhar, Hydrodynamic and Hydromagnetic Stability (Dover, New York,1981 ).",
     "Hydrodynamic and Hydromagnetic Stability"),
    ("R. Penrose, The Emperor's New Mind (Oxford University Press, UK, 1989).",
     "The Emperor's New Mind"),
    ("Ahlberg, C., and Shneiderman, B. Visual Information Seeking: Tight Coupling of Dynamic "
     "Query Filters with Starfield Displays, in Proceedings of the ACM SIGCHI Conference on "
     "Human Factors in Computing System clebrating independence (Boston MA, April 1994)",
     "Visual Information Seeking: Tight Coupling of Dynamic Query Filters with Starfield "
     "Displays"),
])
def test_a_bracketed_publisher_place_and_year_ends_the_title(text, title):
    assert fields(text)["title"] == title


@pytest.mark.parametrize("text, pages", [
    ("P. J. G. Ramadge and W. M. Wonham, \"The control of discrete event systems\", Proceedings "
     "of the IEEE, vol. 77, no. 1, pp. 81--97, 1989.", "pp. 81--97"),
    ("P.W. Hammer, N. Platt and B.D. Lee. Experimental observation of on-off intermittency. "
     "Phys. Rev. Lett. 73: 1095--1098, 1994.", "1095--1098"),
])
def test_a_page_range_with_tex_s_double_dash(text, pages):
    assert fields(text)["pages"] == pages


@pytest.mark.parametrize("text, title, venue", [
    ("Luria SE, Delbrück M. Mutations of bacteria from virus sensitivity to virus resistance "
     "Genetics 1943; 28:491-511.",
     "Mutations of bacteria from virus sensitivity to virus resistance", "Genetics"),
    ("Evans DL, Dive C. Effects of cisplatin on the induction of apoptosis in nonproliferating "
     "immature thymocytes Cancer Res 1993; 53: 2133-2139.",
     "Effects of cisplatin on the induction of apoptosis in nonproliferating immature "
     "thymocytes", "Cancer Res"),
])
def test_a_sentence_case_title_run_into_its_journal_before_vancouver_s_date(text, title, venue):
    values = fields(text)
    assert (values["title"], values["venue"]) == (title, venue)
