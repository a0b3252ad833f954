"""Issue 58 on real PDFs (texdocs, docs/evaluation-pdf.md): what manuals and TeX documents
print that papers do not, and what their PDFs' text layers do to it. A web page named by its
title alone, ISO 690's "[online]", a package's version and description, "Title, by Author",
and a DOI or a link set letter by letter. Each pinned with references written for these
tests in the shapes those lists print (none is copied from a document), and one PDF made
here with a DOI drawn glyph by glyph."""

import pytest

from pdf_bytes import one_page_pdf
from tagger import parse
from tagger.doubts.bylines import title_by_author
from tagger.doubts.web import page_title
from tagger.text.normalize import normalize
from tagger.text.tokenize import tokenize
from tests.record_helpers import fields, words_of


# A page named by its title alone: no author, the title the words before the link.

@pytest.mark.parametrize("text, title, year", [
    ("[3] fontspec Package. visited on 2023-05-14. url: https://ctan.org/pkg/fontspec.",
     "fontspec Package", None),
    ("[1] Python Scripting Language. visited on 2021-11-02. url: https://www.python.org/doc/.",
     "Python Scripting Language", None),
    ("[6] Lua and TeX Together. visited on 2023-02-01. 2019. url: https://tug.org/TUGboat/tb40-2/"
     "x.pdf.", "Lua and TeX Together", "2019"),
    ("[2] Fontforge — Free Font Editor\nhttps://fontforge.org/",
     "Fontforge — Free Font Editor", None),
    ("[5] Harfbuzz\nhttps://harfbuzz.github.io/", "Harfbuzz", None),
    ("4. The XeTeX page. http://xetex.sourceforge.net/", "The XeTeX page", None),
    ("[8] Noto Sans font of Google 2.0\nhttps://github.com/notofonts/sans",
     "Noto Sans font of Google 2.0", None),
])
def test_a_page_named_by_its_title_alone(text, title, year):
    got = fields(text)
    assert got["title"] == title
    assert "author" not in got
    assert got.get("year") == year


@pytest.mark.parametrize("text", [
    "Smith J. https://example.org/smith",  # an initial: a person
    "Doe, Jane. https://example.org/doe",  # a comma: a name
    "Hale, R. 2019. Fonts. Journal of Type 3: 4–9. https://doi.org/10.1234/jt.3",
])
def test_a_page_title_is_no_person_nor_an_article(text):
    labels = parse(text).tokens
    words = [token["text"] for token in labels]
    assert page_title(words, [token["label"] for token in labels]) == {}


# ISO 690's medium is no part of the title.

@pytest.mark.parametrize("text, title", [
    ("NOVAK, Karel, 2020. fontools [online]. 2020-04. [visited on 2022-11-08]. Available from: "
     "https://github.com/example/fontools.", "fontools"),
    ("HOLUB, Petr, 2019. The multicol package [online]. [visited on 2021-03-01]. Available "
     "from: https://ctan.org/pkg/multicol.", "The multicol package"),
])
def test_online_is_the_medium(text, title):
    got = fields(text)
    assert got["title"] == title
    assert got["genre"] == "online"
    assert got["year"] == text.split(", ")[2][:4]


# biblatex-chicago's package: the name is the title, the version its edition, the
# description in square brackets a note.

@pytest.mark.parametrize("text, title", [
    ("Meyer, Anna and Roth, Paul, The Tabular package (version 2.1b) [Tables with notes and "
     "rules] (May 3, 2019), http://www.ctan.org/pkg/tabular.", "The Tabular package"),
    ("Brandt, Eva and Moll, Jan, The Sidenotes package (version 1.49) [An\nalternative to "
     "marginal notes for LaTeX] (Apr. 8, 2019), http://www.ctan\n.org/pkg/sidenotes.",
     "The Sidenotes package"),
    ("— The Footmisc package (version 6.0) [A range of footnote options] (Feb. 2, 2021), "
     "http://ctan.org/pkg/footmisc.", "The Footmisc package"),
])
def test_a_package_named_before_its_version(text, title):
    got = fields(text)
    assert got["title"] == title
    assert "2019" in got["year"] or "2021" in got["year"]
    assert "venue" not in got
    assert got["edition"].startswith("version")


# "Title, by Author": the names after "by" are the authors.

@pytest.mark.parametrize("text, author", [
    ("[2] A manual for the mf program, by Donald E. Knuth, Stanford Computer Science Report 1100.",
     "Donald E. Knuth"),
    ("[4] Line breaking in Arabic, by Ahmed K. Saleh and Maria Costa, TUGboat 12, 33–40, 1991.",
     "Ahmed K. Saleh and Maria Costa"),
    ("[3] How to build the format, by The Core Team (Jana Berg and Tom Wu). Version 3, May 2001.",
     "The Core Team (Jana Berg and Tom Wu)"),
])
def test_names_after_by_are_the_authors(text, author):
    got = fields(text)
    assert got["author"] == author
    assert "editor" not in got


def test_by_after_a_role_is_no_author():
    words = words_of("Essays on type, translated by Anna Berg, Oxford, 1990.")
    labels = ["title"] * 3 + ["note"] * 3 + ["translator"] * 3 + ["location"] * 4
    assert title_by_author(words, labels) == {}


# A DOI or a link a PDF's text layer spaced out, read whole.

@pytest.mark.parametrize("raw, repaired", [
    ("doi: 1 0 . 5 5 5 1 2 / a b / 1 2 - 3\n/xyz-widows", "doi: 10.55512/ab/12-3/xyz-widows"),
    ("url: https : / / tex . stackexchange . com /\nquestions/1234.",
     "url: https://tex.stackexchange.com/questions/1234."),
    ("url: https://ctan . org / pkg / lua.", "url: https://ctan.org/pkg/lua."),
    ("Available from: https :\n//doi.org/10.1111/abc.123.", "Available from: https://doi.org/10.1111/abc.123."),
])
def test_a_spaced_out_identifier_is_joined(raw, repaired):
    assert normalize(raw).text == repaired


@pytest.mark.parametrize("raw", [
    "see http://example.org . Accessed 2020",
    "pages 1 0 . 5 in total",
    "at http://x.org/a. The next",
    "http://a.org - the site",
])
def test_text_after_a_link_stays_apart(raw):
    assert normalize(raw).text == raw


def test_a_spaced_doi_gives_the_doi():
    got = fields("2. Berger, K (2021). Widows and orphans. TUGboat, 42(1), 8–19. "
                 "doi: 1 0 . 5 5 5 1 2 / t b / 4 2 - 1\n/berger-widows")
    assert got["doi"] == "10.55512/tb/42-1/berger-widows"


def _line(text: bytes, y: int, size: int = 9) -> bytes:
    return b"BT /F1 %d Tf 72 %d Td (%s) Tj ET\n" % (size, y, text)


@pytest.mark.parametrize("spacing", [1.4, 2.0])
def test_the_reader_joins_a_letter_spaced_doi(spacing):
    """A DOI set letter-spaced after the line's words (Tc: the same gap after each glyph, no
    space typed) is read whole; the words before it keep their spaces."""
    pytest.importorskip("pypdfium2")
    from tagger.pdf import read_pdf

    content = (b"BT /F1 9 Tf 72 670 Td (TUGboat, 43\\(1\\), 28-39, 2022. doi: ) Tj %.1f Tc "
               b"(10.55512/tb/43-1) Tj ET\n" % spacing)
    assert read_pdf(one_page_pdf(content)).text.split() == [
        "TUGboat,", "43(1),", "28-39,", "2022.", "doi:", "10.55512/tb/43-1"]


def test_a_letter_spaced_doi_in_a_pdf():
    from tagger import find

    pytest.importorskip("pypdfium2")
    content = (_line(b"References", 700, 11)
               + _line(b"[1] A. Berger and K. Ito. Setting tables with Lua. TUGboat, 41\\(2\\), "
                       b"112-118, 2020.", 684)
               # the DOI letter-spaced (Tc) after the line's words, as a typewriter font
               # set so draws it: PDFium infers a space between each two of its glyphs
               + b"BT /F1 9 Tf 72 670 Td ([2] M. Novak. Removing widows and orphans. TUGboat, "
                 b"43\\(1\\), 28-39, 2022. doi: ) Tj 1.4 Tc (10.55512/tb/43-1) Tj ET\n"
               + _line(b"[3] P. Olsak. The TeX macro language. Prague: Konvoj, 1997.", 644))
    found = find(one_page_pdf(content))
    assert [reference.fields.get("doi") for reference in found] == [
        None, "10.55512/tb/43-1", None]


# A manual named by its product, with its release after a comma: no author.

@pytest.mark.parametrize("text, title", [
    ("[12] Page Stream Reference Manual, Version 2.1. Soft Logik Publishing, St. Louis, "
     "Missouri. March 1990.", "Page Stream Reference Manual, Version 2.1"),
    ("[3] Desktop Typesetter Language Guide, Version 1.5, Acme Graphics Incorporated, 1994. "
     "Available at http://www.example.com.", "Desktop Typesetter Language Guide"),
])
def test_a_manual_named_by_its_product(text, title):
    """The title is the product's and the kind's words (with the release, where the CRF
    reads it so: docs/design.md keeps an unbracketed version the title's)."""
    got = fields(text)
    assert got["title"].startswith(title)
    assert "author" not in got


def test_a_person_before_a_release_stays_the_author():
    got = fields("[5] J. Berg, The Typesetter's Manual, Version 3. Acme, Boston, 1992.")
    assert got["author"] == "J. Berg"


# A Greek font's Delta mapped to the increment sign reads as the letter beside Greek ones.

def test_the_increment_sign_in_a_greek_word_is_delta():
    assert normalize("Κ. Ι. \u2206ρυλλεράκης (1994)").text == "Κ. Ι. \u0394ρυλλεράκης (1994)"
    assert normalize("x \u2206 y").text == "x \u2206 y"
    got = fields("[2] Κ. Ι. \u2206ρυλλεράκης (1994), GreeKTEX. CTAN: tex-archive/language/greek.")
    assert got["author"] == "Κ. Ι. \u0394ρυλλεράκης" and got["year"] == "1994"


# An alphabetic list's key is the reference's label, with or without digits.

@pytest.mark.parametrize("text, key", [
    ("[TLC] “Tables in LATEX”, tables.tex in the LATEX distribution.", "TLC"),
    ("[AMSX] AMS fonts in OpenType form, AMS web server, URL: http://www.ams.org/fonts.", "AMSX"),
])
def test_an_alphabetic_key_is_the_label(text, key):
    got = fields(text)
    assert got["citation-number"] == key and "author" not in got


def test_a_bracketed_word_is_no_key():
    got = fields("[Anonymous] The book of hours. London: Dent, 1902.")
    assert "citation-number" not in got


# A path on CTAN is the package's link, whole even where a line end broke it.

def test_a_ctan_path_is_the_link():
    got = fields("[9] H. Berg (1996), fontenc tools, vers. 2.1. CTAN: tex-archive/macros/\n"
                 "latex/contrib/fontenc.")
    assert got["url"] == "CTAN: tex-archive/macros/latex/contrib/fontenc"
    assert "venue" not in got
    assert [token.text for token in tokenize("CTAN: tex-archive/macros/latex/base.")][2] == \
        "tex-archive/macros/latex/base"


def test_a_name_read_as_pages_is_the_title():
    from tagger.doubts.untitled import name_as_pages

    words = words_of("P. Lund (1995), ibygrk. CTAN: tex-archive/language/greek/ibygrk.")
    labels = ["author"] * 4 + ["year"] * 4 + ["pages"] * 2 + ["url"] * 4
    assert name_as_pages(words, labels) == {8: "title", 9: "title"}
    labels[8] = "pages"
    words[8] = "xii"  # a roman numeral is a page
    assert name_as_pages(words, labels) == {}
    got = fields("[4] P. Lund (1995), ibygrk. CTAN: tex-archive/language/greek/ibygrk.")
    assert got["title"] == "ibygrk" and "pages" not in got
