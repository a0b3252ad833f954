"""What a PDF's fonts say, read where they say it least: TeX's.

- LaTeX's `\\usepackage[T1]{fontenc}` sets text in TeX's EC fonts. Where cm-super's Type 1
  versions are not installed (Debian's texlive-latex-base alone, many authors' machines),
  pdflatex embeds them as bitmaps (Type 3) with no name and no Unicode map, and PDFium hands
  over their codes as they are: "ff" is 0x1B, a control character, and "Duffy" read "Du y",
  "45--67" read "45 67", "Łukasz" read "ukasz". The codes are read in TeX's T1 encoding.
- TeX's bold (CMBX, EC's ecbx, cm-super's SFBX) reports a normal weight: its name says bold.

The papers are typeset here by pdflatex (skipped without it), a few kilobytes each.
"""

import shutil
import subprocess

import pytest

pytest.importorskip("pypdfium2", reason="PDF input needs the pdf extra (pypdfium2)")

import tagger  # noqa: E402
from tagger.pdf.characters import T1  # noqa: E402
from tagger.pdf.document import read_pdf  # noqa: E402
from tagger.pdf.extract import BOLD, ITALIC, font_style  # noqa: E402

PAPER = r"""\documentclass{article}
%(preamble)s
\begin{document}
\section{Introduction}
Fitting the office staff with efficient waffles, fluffy baffles and difficult affluent
offers, as ``Duffy'' says --- and so on.
\begin{thebibliography}{9}
\bibitem{a} J.~Duffy and R.~Griffin. Efficient fitting of affine flows. \emph{Journal of
Official Statistics}, 12(3):45--67, 2001.
\bibitem{b} \L{}ukasz Dvo\v{r}\'ak and Karl Stra\ss{}er. Offline reflow of baffled fluids.
\emph{Physics of Fluids}, 8:101--117, 2015.
\end{thebibliography}
\end{document}
"""


def _typeset(tmp_path, preamble: str):
    if not shutil.which("pdflatex"):
        pytest.skip("pdflatex missing (Debian texlive-latex-base, installed by .ci/run)")
    (tmp_path / "paper.tex").write_text(PAPER % {"preamble": preamble}, "utf-8")
    done = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error",
                           "paper.tex"], cwd=tmp_path, capture_output=True, timeout=300)
    pdf = tmp_path / "paper.pdf"
    if done.returncode or not pdf.exists():
        pytest.skip(f"pdflatex could not typeset the paper: {done.stdout[-300:]!r}")
    return pdf


def _heading_texts(text) -> list:
    return [text.lines[index].text.strip() for index in text.headings]


def test_tex_t1_fonts_read_with_their_ligatures_dashes_and_accents(tmp_path):
    pdf = _typeset(tmp_path, r"\usepackage[T1]{fontenc}")
    text = read_pdf(pdf).text
    for word in ("Fitting", "office", "staff", "efficient", "waffles", "fluffy", "baffles",
                 "difficult", "affluent", "offers", "Duffy", "Griffin", "affine", "flows",
                 "Official", "Offline", "reflow", "baffled", "fluids"):
        assert word in text.split() or f"{word}." in text or f"{word}," in text, word
    assert "“Duffy”" in text and "—" in text
    assert "45–67" in text and "101–117" in text
    assert "Łukasz Dvořák" in text and "Straßer" in text
    assert not any(char < " " and char not in "\n\f" for char in text)
    found = tagger.find(pdf, engine="rules")
    assert [ref.fields.get("year") for ref in found] == ["2001", "2015"]
    assert found[0].fields.get("pages") == "45–67"
    assert "Duffy" in found[0].fields.get("author", "")


def test_tex_bold_headings_are_bold(tmp_path):
    """Computer Modern's bold (Type 1 CMBX12 for \\section, CMBX for "References")."""
    pdf = _typeset(tmp_path, "")
    text = read_pdf(pdf)
    assert _heading_texts(text) == ["1 Introduction", "References"]
    bold = [line for line in text.layout if line is not None and line.bold]
    assert len(bold) == 2  # the references' lines are not


@pytest.mark.parametrize("name, style", [
    ("CMBX10", BOLD), ("CMBX12", BOLD), ("cmbxti10", BOLD), ("CMSSBX10", BOLD), ("cmb10", BOLD),
    ("SFBX1000", BOLD), ("ecbx1200", BOLD), ("sfrb0900", BOLD), ("SFSX1000", BOLD),
    ("Helvetica-Bold", BOLD), ("Frutiger-BdCn", BOLD), ("Univers-Blk", BOLD),
    ("MyriadPro-Semibold", BOLD), ("Arial,BoldItalic", BOLD | ITALIC),
    ("AdvTTaf7f9f4f.B", BOLD), ("AdvTT7329fd89.I", ITALIC), ("Minion-Black", BOLD),
    ("CMR10", 0), ("SFRM1000", 0), ("ecrm1000", 0), ("cmbr10", 0), ("cmfib8", 0),
    ("CMTI10", 0), ("Helvetica-Medium", 0), ("AdvTT86d47313", 0), ("Bembo-Book", 0),
    ("TimesNewRoman", 0), ("", 0),
])
def test_a_fonts_name_says_its_style(name, style):
    assert font_style(name) == style


def test_the_t1_table_is_tex_s_cork_encoding():
    assert [T1[chr(code)] for code in range(0x1B, 0x20)] == ["ff", "fi", "fl", "ffi", "ffl"]
    assert (T1["\x15"], T1["\x16"], T1["\x10"], T1["\x11"]) == ("–", "—", "“", "”")
    assert (T1["\x80"], T1["\x8a"], T1["\x9f"], T1["\xa0"], T1["\xaa"], T1["\xbf"]) == (
        "Ă", "Ł", "§", "ă", "ł", "£")
    assert (T1["\xdf"], T1["\xff"], T1["\x7f"]) == ("SS", "ß", "-")
