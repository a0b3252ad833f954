"""BibTeX written without optional libraries: LaTeX escapes, unique keys, arXiv eprints, and
every gold reference read back by bibtexparser and by BibTeX itself."""

import io
import re
import shutil
import subprocess
import sys
import warnings
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagger import parse_many
from tagger.output import formats, latex
from tagger.corpora.corpus import read_jsonl
from tagger.labels.fields import field_values
from tagger.output.reference import Reference
from tagger.structure import structure

GOLD = Path(__file__).resolve().parent.parent / "data" / "gold.jsonl"


def written(refs, fmt="bibtex"):
    stream = io.StringIO()
    formats.write(iter(refs), fmt, stream)
    return stream.getvalue()


def braces_balanced(text: str) -> bool:
    """As BibTeX counts them: a backslash does not hide a brace from it."""
    depth = 0
    for c in text:
        depth += (c == "{") - (c == "}")
        if depth < 0:
            return False
    return depth == 0


# --- LaTeX escapes -------------------------------------------------------------------------------

@pytest.mark.parametrize("text, tex", [
    ("50% & $5 #1 a_b", r"50\% \& \$5 \#1 a\_b"),
    ("{x} ~ ^ \\ < > |", r"\textbraceleft{}x\textbraceright{} \textasciitilde{} "
                         r"\textasciicircum{} \textbackslash{} \textless{} \textgreater{} \textbar{}"),
    ("Müller Çelik Dvořák naïve Ångström Łódź", r'M{\"u}ller {\c{C}}elik Dvo{\v{r}}{\'a}k '
                                                 r'na{\"{\i}}ve {\AA}ngstr{\"o}m {\L}{\'o}d{\'z}'),
    ("Straße Œuvre Søren", r"Stra{\ss}e {\OE}uvre S{\o}ren"),
    ("1990–2000 — “quoted” ‘it’s’", "1990--2000 --- ``quoted'' `it's'"),
    ("张三 Ελληνικά Русский", "张三 Ελληνικά Русский"),  # UTF-8 LaTeX reads them as they are
    ("", ""),
])
def test_escapes(text, tex):
    assert latex.escape(text) == tex


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_any_text_escapes_to_balanced_braces(text):
    assert braces_balanced(latex.escape(text))


# --- entries -----------------------------------------------------------------------------------

def by_hand(key_word="Attention", **extra):
    return Reference(raw="...", fields={"author": "Vaswani A", "title": f"{key_word} is all you need"},
                     authors=[{"family": "Vaswani", "given": "A"}], type="preprint",
                     extra={"issued": {"year": 2017, "month": 6}, **extra})


def test_written_with_no_optional_library():
    blocked = dict.fromkeys(["bibtexparser", "pylatexenc", "pylatexenc.latexencode"])
    with mock.patch.dict(sys.modules, blocked):  # an import of any of them now fails
        for fmt in ("bibtex", "ris", "csl"):
            assert "Vaswani" in written([by_hand()], fmt)


def test_arxiv_is_an_eprint():
    entry = written([by_hand(arxiv="hep-th/9711200")])
    assert "  eprint = {hep-th/9711200},\n" in entry
    assert "  archivePrefix = {arXiv},\n" in entry
    assert "eprint" not in written([by_hand()])


def test_entry_layout_and_month_macro():
    assert written([by_hand()]) == (
        "@misc{vaswani2017attention,\n"
        "  author = {Vaswani, A},\n"
        "  title = {Attention is all you need},\n"
        "  year = {2017},\n"
        "  month = jun,\n"
        "}\n\n")  # a blank line after each entry


def test_keys_are_unique_within_a_run():
    keys = re.findall(r"^@\w+\{([^,]+),", written([by_hand() for _ in range(3)]), re.M)
    assert keys == ["vaswani2017attention", "vaswani2017attentiona", "vaswani2017attentionb"]


def test_a_comma_or_and_inside_a_name_part_is_braced():
    ref = Reference(raw="...", fields={"title": "T"}, type="book", authors=[
        {"family": "Procter and Gamble", "given": "X"}, {"family": "Smith, Jones", "given": "Y"},
        {"literal": "World Health Organization"}])
    assert ("  author = {{Procter and Gamble}, X and {Smith, Jones}, Y and "
            "{World Health Organization}},\n") in written([ref])


# --- all of gold, read back ----------------------------------------------------------------------

@pytest.fixture(scope="module")
def gold_refs():
    """Every gold reference twice: as the parser reads it (the shipped model helped by the
    rules, or the rules alone while no model can load), and with its gold fields."""
    if not GOLD.exists():
        pytest.skip("data/gold.jsonl not built")
    records = read_jsonl(GOLD)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a model being retrained: the rules answer
        parsed = list(parse_many(record["text"] for record in records))
    assert len(parsed) == len(records)
    return parsed + [annotated(record) for record in records]


def annotated(record) -> Reference:
    fields = field_values(record["text"], record["spans"])
    extra = structure(fields)
    return Reference(raw=record["text"], fields=fields, authors=extra.pop("authors"),
                     type=extra.pop("type"), extra=extra, engine="gold")


@pytest.fixture(scope="module")
def gold_bibtex(gold_refs):
    text = written(gold_refs)
    keys = re.findall(r"^@\w+\{([^,]+),$", text, re.M)
    assert len(keys) == len([ref for ref in gold_refs if not ref.error])
    assert len(set(keys)) == len(keys)
    assert braces_balanced(text)
    return text, keys


def test_gold_reads_back_in_bibtexparser(gold_bibtex):
    bibtexparser = pytest.importorskip("bibtexparser")
    text, keys = gold_bibtex
    library = bibtexparser.parse_string(text)
    assert not library.failed_blocks
    assert [entry.key for entry in library.entries] == keys


# A style that only reads: every entry's key out, and each name list split and formatted, so
# BibTeX's own name parser sees every author and editor.
READ_ALL_BST = r"""
ENTRY { author editor title journal booktitle } {} {}
INTEGERS { n i }
STRINGS { s }
FUNCTION {names} {
  's := s num.names$ 'n := #1 'i :=
  { i n #1 + < } { s i "{vv~}{ll}{, jj}{, f.}" format.name$ pop$ i #1 + 'i := } while$
}
FUNCTION {default.type} {
  cite$ write$ newline$
  author empty$ 'skip$ { author names } if$
  editor empty$ 'skip$ { editor names } if$
  title empty$ 'skip$ { title "t" change.case$ purify$ pop$ } if$
}
"""
READ_ALL_BST += "".join(f"FUNCTION {{{kind}}} {{ default.type }}\n" for kind in sorted(
    set(formats.BIBTEX_TYPES.values()) | {"misc", "mastersthesis"}))
READ_ALL_BST += "READ\nITERATE {call.type$}\n"


def test_gold_reads_back_in_bibtex_itself(gold_bibtex, tmp_path):
    if shutil.which("bibtex") is None:
        pytest.skip("bibtex is not installed (Debian's texlive-binaries, which .ci/run installs)")
    text, keys = gold_bibtex
    (tmp_path / "gold.bib").write_text(text, encoding="utf-8")
    (tmp_path / "readall.bst").write_text(READ_ALL_BST, encoding="utf-8")
    (tmp_path / "job.aux").write_text("\\citation{*}\n\\bibstyle{readall}\n\\bibdata{gold}\n",
                                      encoding="utf-8")
    here = {"BIBINPUTS": str(tmp_path), "BSTINPUTS": str(tmp_path), "PATH": "/usr/bin:/bin"}
    result = subprocess.run(["bibtex", "job"], cwd=tmp_path, env=here, capture_output=True,
                            timeout=120, check=False)
    log = (tmp_path / "job.blg").read_text(encoding="utf-8", errors="replace")
    assert result.returncode == 0, log[-3000:]  # 1: warnings, 2: errors
    assert "Warning--" not in log and "error message" not in log, log[-3000:]
    assert (tmp_path / "job.bbl").read_text(encoding="utf-8").split() == keys
