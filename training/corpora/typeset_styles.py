"""Short papers typeset in real publishers' classes and BibTeX styles, with the gold of the
reference lists they print: the `data/typeset` PDF folder (scored like real-pdf-dev).

    python -m training.corpora.typeset_styles            # rebuild the PDFs and gold.jsonl
    python -m training.corpora.typeset_styles --check    # rebuild elsewhere, compare, report

Each paper cites part of data/typeset/references.bib (real works, written by hand) with its
journals in the form its community prints (journals.tsv: full names, ISO 4, AAS), and is set
by pdflatex + bibtex with the publisher's class and .bst. The gold is what the style printed:
the .bbl says which entries were printed, in which order, and which fields each shows (a
field is printed when the letters of its .bib value are in the entry); the values are then
read, as printed, out of the PDF's text (`pdftotext`): each entry's text is found by its
.bbl letters, and each field is the span of that text holding the .bib value's letters
(case and accents aside, so a style's case changes and abbreviations are what is kept).
The authors are the printed span from the entry's start to its title, venue, year or DOI,
whichever comes first. A field the .bbl shows but the PDF text does not hold is an error, reported.
Needs pdflatex, bibtex (Debian's texlive-publishers, -science, -latex-extra) and pdftotext.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unicodedata
from pathlib import Path

FOLDER = Path(__file__).resolve().parents[2] / "data" / "typeset"
BIB, JOURNALS, GOLD = "references.bib", "journals.tsv", "gold.jsonl"
EPOCH = "1733011200"  # SOURCE_DATE_EPOCH: the PDFs' dates, so a rebuild is byte-stable

# Papers: (name, preamble, front matter, bibliography style, journal form, key prefixes).
# The preamble's class and the .bst are the publisher's; "article" where Debian has no class.
# The front matter runs from \begin{document} (or before it, where the class wants its title
# there) to the end of the abstract.
TIMES = r"\usepackage[T1]{fontenc}\usepackage{mathptmx}"
ARTICLE_FRONT = (r"\title{TITLE}\author{A. Author}\date{}\begin{document}\maketitle"
                 r"\begin{abstract}ABSTRACT\end{abstract}")
ELSARTICLE_FRONT = (r"\begin{document}\begin{frontmatter}\title{TITLE}\author{A. Author}"
                    r"\affiliation{organization={Example University}}"
                    r"\begin{abstract}ABSTRACT\end{abstract}\end{frontmatter}")
PAPERS = (
    ("aastex-aasjournal", r"\documentclass[twocolumn]{aastex631}",
     r"\begin{document}\title{TITLE}\author{A. Author}\affiliation{Example University}"
     r"\begin{abstract}ABSTRACT\end{abstract}", "aasjournal", "aas",
     ("astro-", "stat-", "web-rcore", "web-grobid")),
    ("mnras", r"\documentclass[usenatbib]{mnras}",
     r"\title{TITLE}\author[A. Author]{A. Author\thanks{E-mail: author@example.org}\\"
     r"Example University}\date{}\pubyear{2024}\begin{document}\label{firstpage}\maketitle"
     r"\begin{abstract}ABSTRACT\end{abstract}", "mnras", "aas", ("astro-", "phys-")),
    ("ieeetran", r"\documentclass[conference]{IEEEtran}",
     r"\begin{document}\title{TITLE}\author{\IEEEauthorblockN{A. Author}"
     r"\IEEEauthorblockA{Example University}}\maketitle"
     r"\begin{abstract}ABSTRACT\end{abstract}", "IEEEtran", "iso4",
     ("cs-", "web-keras", "web-pep8", "web-crossref")),
    ("llncs-splncs04", r"\documentclass{llncs}",
     r"\begin{document}\title{TITLE}\author{A. Author}\institute{Example University}"
     r"\maketitle\begin{abstract}ABSTRACT\end{abstract}", "splncs04", "iso4",
     ("cs-", "stat-breiman", "stat-hastie")),
    ("revtex-apsrev", r"\documentclass[aps,prl,twocolumn,nofootinbib]{revtex4-2}",
     r"\begin{document}\title{TITLE}\author{A. Author}\affiliation{Example University}"
     r"\begin{abstract}ABSTRACT\end{abstract}\maketitle", "apsrev4-2", "iso4",
     ("phys-", "astro-")),
    ("elsarticle-harv", r"\documentclass[preprint,authoryear]{elsarticle}", ELSARTICLE_FRONT,
     "elsarticle-harv", "full", ("econ-", "stat-")),
    ("elsarticle-num", r"\documentclass[preprint]{elsarticle}", ELSARTICLE_FRONT,
     "elsarticle-num", "iso4",
     ("bio-", "stat-benjamini", "stat-kaplan", "stat-cox", "stat-bates", "stat-carpenter",
      "cs-pedregosa", "cs-harris", "cs-lecun2015", "web-rcore", "web-pep8")),
    ("article-naturemag", r"\documentclass{article}" + TIMES +
     r"\usepackage[numbers,sort&compress]{natbib}", ARTICLE_FRONT, "naturemag", "iso4",
     ("bio-", "phys-")),
    ("article-vancouver", r"\documentclass{article}" + TIMES, ARTICLE_FRONT,
     "vancouver", "nlm", ("bio-", "stat-")),
    ("article-plainnat", r"\documentclass{article}" + TIMES +
     r"\usepackage{natbib}\usepackage{url}", ARTICLE_FRONT, "plainnat", "full",
     ("stat-", "econ-", "web-")),
    ("article-apalike", r"\documentclass{article}" + TIMES + r"\usepackage{url}",
     ARTICLE_FRONT, "apalike", "full",
     ("econ-", "cs-vaswani", "cs-he2016", "cs-lecun", "cs-turing", "cs-shannon", "cs-page",
      "cs-rumelhart", "cs-knuth", "cs-cormen", "web-")),
)

TWO_COLUMNS = {"aastex-aasjournal", "mnras", "ieeetran", "revtex-apsrev"}

TITLE = "Reading reference lists as publishers print them"
ABSTRACT = ("We describe a short study whose only purpose is to carry a reference list set in "
            "a publisher's own bibliography style.")
BODY = (
    "The question of how a reference list is read has a long history \\cite{FIRST}. Earlier "
    "work relied on hand-written rules, while later systems learned from annotated examples "
    "\\cite{SECOND,THIRD}.",
    "Our data come from several sources described in the literature \\cite{FOURTH}. We "
    "follow the usual practice of holding out a development set and report errors on it; "
    "related measurements are given elsewhere \\cite{FIFTH,SIXTH}.",
    "Every work listed below is cited for its method or its data; the remaining entries "
    "are background reading for the interested reader.",
)

# A .bib value's TeX, as printed: what its letters are.
_TEX_LETTERS = {r"\L": "Ł", r"\l": "ł", r"\o": "ø", r"\O": "Ø", r"\ss": "ß", r"\ae": "æ",
                r"\TeX": "TeX", r"\Omega": "Ω", r"\Lambda": "Λ", r"\&": "&"}
_ACCENT = re.compile(r"\\(?:[\"'`^~=.]|[uvHc](?![A-Za-z]))\s*\{?\s*(\\?[A-Za-z])\}?")


def tex_text(value: str) -> str:
    """A .bib value as the reader sees it: accents and logos resolved, braces and $ gone."""
    value = _ACCENT.sub(lambda m: m.group(1).lstrip("\\") + "\u0301", value)
    for macro, text in sorted(_TEX_LETTERS.items(), key=lambda item: -len(item[0])):
        value = re.sub(re.escape(macro) + r"(?![A-Za-z])", text, value)
    value = re.sub(r"\\[A-Za-z@]+\*?|\\[^A-Za-z]", " ", value)  # what is left: no letters
    return re.sub(r"\s+", " ", value.replace("{", "").replace("}", "").replace("$", "")
                  .replace("--", "–").replace("~", " ")).strip()


def letters(text: str) -> list:
    """(letter, position) for each letter or digit of `text`, case and accents dropped: how a
    .bib value is found in what a style printed."""
    out = []
    for position, char in enumerate(text):
        for part in unicodedata.normalize("NFKD", char).casefold():
            if part.isalnum():
                out.append((part, position))
    return out


def find_span(value: str, text: str, start: int = 0, suffix: bool = False):
    """(start, end) of the first span of `text` from `start` whose letters are `value`'s and
    which starts and ends at word edges ("777" is not the end of "47, 777"); `suffix` lets a
    year keep the letter an author-year style adds to it."""
    needle = "".join(char for char, _ in letters(value))
    stream = letters(text)
    key = "".join(char for char, _ in stream)
    where = next((i for i, (_, position) in enumerate(stream) if position >= start), len(key))
    while needle and (where := key.find(needle, where)) >= 0:
        begin, end = stream[where][1], stream[where + len(needle) - 1][1] + 1
        if suffix and re.match(r"[a-z](?![a-z])", text[end:end + 2]):  # natbib's "1950a"
            end += 1
        if not (begin and text[begin - 1].isalnum()) and not text[end:end + 1].isalnum():
            closing = re.search(r"[^\w\s]+$", value)  # a closing ")" or "?" is the value's
            if closing and text.startswith(closing.group(0), end):
                end += len(closing.group(0))
            return begin, end
        where += 1
    return None


# ---------------------------------------------------------------------------- the .bib

_ENTRY = re.compile(r"@(\w+)\s*\{\s*([^,\s]+)\s*,", re.S)
_FIELD = re.compile(r"\s*(\w+)\s*=\s*")


def _braced(text: str, i: int) -> tuple:
    depth, j = 0, i
    while True:
        depth += {"{": 1, "}": -1}.get(text[j], 0)
        j += 1
        if depth == 0:
            return text[i + 1:j - 1], j


def read_bib(text: str) -> dict:
    """{key: {"entry_type", field: value}}, values raw TeX; macros left as {"macro": name}."""
    entries = {}
    for match in _ENTRY.finditer(text):
        entry, i = {"entry_type": match.group(1).lower()}, match.end()
        while True:
            field = _FIELD.match(text, i)
            if not field:
                break
            i = field.end()
            if text[i] == "{":
                value, i = _braced(text, i)
            else:
                word = re.match(r"[\w-]+", text[i:]).group(0)
                value, i = ({"macro": word} if not word.isdigit() else word), i + len(word)
            entry[field.group(1).lower()] = value
            i = re.match(r"\s*,?", text[i:]).end() + i
        entries[match.group(2)] = entry
    return entries


def journal_forms(path: Path) -> dict:
    """{form: {macro: printed name}} from journals.tsv; "nlm" is ISO 4 without its dots."""
    rows = [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()[1:]]
    forms = {"full": {r[0]: r[1] for r in rows}, "iso4": {r[0]: r[2] for r in rows},
             "aas": {r[0]: r[3] for r in rows}}
    forms["nlm"] = {macro: name.replace(".", "") for macro, name in forms["iso4"].items()}
    return forms


def cited(entries: dict, prefixes) -> list:
    return [key for key in entries if key.startswith(tuple(prefixes))]


# ---------------------------------------------------------------------------- typesetting

def paper_source(preamble: str, front: str, style: str, keys: list) -> str:
    shown = dict(zip(("FIRST", "SECOND", "THIRD", "FOURTH", "FIFTH", "SIXTH"), keys))
    body = "\n\n".join(re.sub(r"\b(FIRST|SECOND|THIRD|FOURTH|FIFTH|SIXTH)\b",
                              lambda m: shown[m.group(1)], paragraph) for paragraph in BODY)
    front = front.replace("TITLE", TITLE).replace("ABSTRACT", ABSTRACT)
    return (f"\\pdftrailerid{{reftag-typeset}}\n{preamble}\n{front}\n"
            f"\\section{{Introduction}}\n{body}\n\n\\nocite{{{','.join(keys)}}}\n"
            f"\\bibliographystyle{{{style}}}\n\\bibliography{{journals,references}}\n"
            "\\end{document}\n")


def typeset(name: str, source: str, bib: str, strings: dict, out: Path) -> tuple:
    """(pdf bytes, bbl text) of one paper, set in a scratch folder."""
    env = {**os.environ, "SOURCE_DATE_EPOCH": EPOCH, "FORCE_SOURCE_DATE": "1"}
    with tempfile.TemporaryDirectory(prefix="reftag-typeset-") as scratch:
        work = Path(scratch)
        (work / f"{name}.tex").write_text(source, encoding="utf-8")
        (work / "references.bib").write_text(bib, encoding="utf-8")
        (work / "journals.bib").write_text(
            "".join(f"@string{{{macro} = {{{printed}}}}}\n" for macro, printed in strings.items()),
            encoding="utf-8")
        latex = ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", name]
        for command in (latex, ["bibtex", name], latex, latex):
            run = subprocess.run(command, cwd=work, env=env, capture_output=True, text=True,
                                 errors="replace")
            if run.returncode != 0 and command[0] == "pdflatex":
                raise SystemExit(f"{name}: pdflatex failed:\n{run.stdout[-2000:]}")
        (out / f"{name}.tex").write_text(source, encoding="utf-8")
        shutil.copyfile(work / f"{name}.bbl", out / f"{name}.bbl")
        return (work / f"{name}.pdf").read_bytes(), (work / f"{name}.bbl").read_text(
            encoding="utf-8", errors="replace")


# ---------------------------------------------------------------------------- gold

_PREFIXES = {r"\DOIprefix": " doi:", r"\ArXivprefix": " arXiv:", r"\URLprefix": " URL: "}
_DIMEN = r"\s*-?[\d.]+\s*[a-z]{2}"
_GLUE = re.compile(rf"\\penalty\s*-?\d+|\\kern{_DIMEN}|\\hskip{_DIMEN}(?:\s*plus{_DIMEN})?"
                   rf"(?:\s*minus{_DIMEN})?")  # spacing: no letters
_DETEX_ARG2 = re.compile(r"\\(?:bibinfo|bibfield|href)\s*\{[^{}]*\}")


def bbl_entries(bbl: str) -> list:
    """[(key, the entry's letters as TeX prints them, roughly)] in printed order."""
    body = bbl.split("\\end{thebibliography}")[0]
    out = []
    for chunk in re.split(r"\\bibitem(?![A-Za-z@])", body)[1:]:
        chunk = chunk.lstrip()
        if chunk.startswith("["):
            depth, i = 0, 0
            while True:
                depth += {"[": 1, "]": -1, "{": 1, "}": -1}.get(chunk[i], 0)
                i += 1
                if depth == 0:
                    break
            chunk = chunk[i:].lstrip()
        key, i = _braced(chunk, 0)
        text = re.sub(r"%[^\n]*", "", chunk[i:])
        text = _DETEX_ARG2.sub("", text)
        text = re.sub(r"\\mn@doi\s*\[([^\]]*)\]\s*\{[^{}]*\}", r"\1", text)  # a link, not shown
        text = _GLUE.sub(" ", text)
        for macro, printed in _PREFIXES.items():
            text = text.replace(macro, printed)
        text = re.sub(r"\\(?:BibitemShut|bibAnnoteFile|selectlanguage)\s*\{[^{}]*\}", " ", text)
        out.append((key.strip(), tex_text(text)))
    return out


def pdf_text(pdf: Path, columns: int) -> str:
    """The PDF's text as `pdftotext -layout` gives it, or in reading order for two columns
    (which -layout prints side by side)."""
    layout = ["-layout"] if columns == 1 else []
    return subprocess.run(["pdftotext", *layout, "-enc", "UTF-8", str(pdf), "-"],
                          capture_output=True, text=True, check=True).stdout


# What a style prints before an entry: "[12]", "12.", "[12] ——," or apalike's "[Nash, 1950b]".
_LABEL = re.compile(r"(?:\[[^\[\]]{1,80}\]|\d{1,3}\.)[^\w]*")


def printed_text(text: str) -> str:
    """Lines joined as real-pdf-dev's raw is: a line-end hyphen kept and the word closed up."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    lines = [line for line in lines if not re.fullmatch(r"\d{1,3}", line)]  # page numbers
    joined = ""
    for line in lines:
        glue = "" if not joined or joined.endswith(("-", "/")) else " "
        joined += glue + line
    return re.sub(r"\s+", " ", joined.replace("\f", ""))


def entry_spans(text: str, entries: list, problems: list) -> list:
    """(start, end) in `text` of each .bbl entry: it starts where its first letters are found,
    in order, and ends at its last letters before the next entry starts."""
    stream = letters(text)
    key = "".join(char for char, _ in stream)
    starts, at = [], 0
    for bib_key, printed in entries:
        start = key.find("".join(char for char, _ in letters(printed))[:24], at)
        if start < 0:
            problems.append(f"{bib_key}: its text is not found in the PDF")
        starts.append(start if start >= 0 else None)
        at = start + 1 if start >= 0 else at
    spans = []
    for i, ((bib_key, printed), start) in enumerate(zip(entries, starts)):
        if start is None:
            spans.append(None)
            continue
        following = next((s for s in starts[i + 1:] if s is not None), len(key))
        tail = "".join(char for char, _ in letters(printed))[-8:]
        end = key.rfind(tail, start, following)
        end = end + len(tail) if end >= 0 else following
        begin = stream[start][1]
        line_start = text.rfind("\n", 0, begin) + 1
        if _LABEL.fullmatch(text[line_start:begin].strip()):
            begin = line_start
        finish = stream[end - 1][1] + 1
        while finish < len(text) and not text[finish].isspace():
            finish += 1
        spans.append((begin, finish))
    return spans


def _first_surname(author: str) -> str:
    first = re.split(r"\s+and\s+", author)[0]
    return tex_text(first.split(",")[0] if "," in first else first.split()[-1])


def gold_record(doc: str, n: int, raw: str, entry: dict, forms: dict, bbl_letters: str,
                problems: list) -> dict:
    """One printed reference: its core fields as printed, found by their .bib values."""
    def value(field):
        got = entry.get(field)
        if isinstance(got, dict):
            return forms[got["macro"]]
        return tex_text(got) if got else None

    def shown(field):  # the .bbl printed it: its letters are in the entry
        text = value(field)
        if field == "pages" and text:
            text = text.split("–")[0]
        return text and "".join(c for c, _ in letters(text)) in bbl_letters

    kind = entry["entry_type"]
    label = _LABEL.match(raw)
    body = label.end() if label else 0
    spans, fields = {}, dict.fromkeys(("author", "title", "venue", "year", "pages", "doi"))

    def locate(name, field, after=0):
        if not shown(field):
            return
        span = find_span(value(field), raw, after)
        if span is None:
            problems.append(f"{doc} #{n}: the .bbl prints its {field} but the PDF text has not "
                            f"{value(field)!r}")
            return
        spans[name] = span
        fields[name] = raw[span[0]:span[1]]

    locate("title", "title", body)
    venue_field = {"article": "journal", "inproceedings": "booktitle",
                   "incollection": "booktitle"}.get(kind)
    if venue_field:
        locate("venue", venue_field, spans.get("title", (body, body))[1])
    locate("doi", "doi", body)
    after_venue = spans.get("venue", spans.get("title", (body, body)))[1]
    pages = value("pages")
    whole = pages and shown("pages") and find_span(pages, raw, after_venue)
    first = whole or (pages and shown("pages") and
                      find_span(pages.split("–")[0], raw, after_venue))
    if first:  # the range as printed, or the first page and what follows it ("267-88")
        more = re.match(r"\s*[-–—]\s*[A-Za-z]?\d+", raw[first[1]:])
        spans["pages"] = first[0], first[1] + (more.end() if more else 0)
        fields["pages"] = raw[spans["pages"][0]:spans["pages"][1]]
    taken = list(spans.values())
    year, at = value("year"), body
    while year:
        span = find_span(year, raw, at, suffix=True)
        if span is None:
            problems.append(f"{doc} #{n}: no year {year} in the PDF text")
            break
        if not any(a <= span[0] < b for a, b in taken):
            spans["year"], fields["year"] = span, raw[span[0]:span[1]]
            break
        at = span[1]
    ends = [spans[name][0] for name in ("title", "venue", "year", "doi") if name in spans]
    if ends:
        author = raw[body:min(ends)].rstrip(" .,:;(“\"'‘")
        fields["author"] = author or None
        if letters(author) and not find_span(_first_surname(entry["author"]), author):
            problems.append(f"{doc} #{n}: the author span does not hold the first surname")
    extra = {name: raw[s[0]:s[1]] for name, field in (("volume", "volume"), ("issue", "number"))
             if shown(field) and (s := find_span(value(field), raw, after_venue))}
    return {"doc": doc, "n": n, "raw": raw, "fields": fields, "fields_extra": extra,
            "source": {"bib_key": entry["key"], "type": kind}}


def build(out: Path, folder: Path = FOLDER) -> list:
    """Typeset every paper into `out` (PDF, .tex) and write its gold.jsonl: the problems."""
    bib = (folder / BIB).read_text(encoding="utf-8")
    entries = read_bib(bib)
    forms = journal_forms(folder / JOURNALS)
    out.mkdir(parents=True, exist_ok=True)
    records, problems = [], []
    for name, preamble, front, style, form, prefixes in PAPERS:
        keys = cited(entries, prefixes)
        pdf, bbl = typeset(name, paper_source(preamble, front, style, keys), bib, forms[form],
                           out)
        doc = f"{name}.pdf"
        (out / doc).write_bytes(pdf)
        printed = bbl_entries(bbl)
        text = pdf_text(out / doc, 2 if name in TWO_COLUMNS else 1)
        start = max(text.rfind("References"), text.rfind("REFERENCES"))
        text = text[start:] if start >= 0 else text
        spans = entry_spans(text, printed, problems)
        for n, ((key, bbl_printed), span) in enumerate(zip(printed, spans), 1):
            if span is None:
                continue
            raw = printed_text(text[span[0]:span[1]])
            bbl_letters = "".join(char for char, _ in letters(bbl_printed))
            records.append(gold_record(doc, n, raw, {**entries[key], "key": key},
                                       forms[form], bbl_letters, problems))
        if len(printed) != len(keys):
            problems.append(f"{name}: {len(keys)} cited, {len(printed)} printed")
    (out / GOLD).write_text("".join(json.dumps(record, ensure_ascii=False) + "\n"
                                    for record in records), encoding="utf-8")
    return problems


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="rebuild in a scratch folder and say what differs from data/typeset")
    args = parser.parse_args(argv)
    for tool in ("pdflatex", "bibtex", "pdftotext"):
        if not shutil.which(tool):
            print(f"typeset_styles: {tool} is not installed", file=sys.stderr)
            return 2
    if args.check:
        with tempfile.TemporaryDirectory(prefix="reftag-typeset-check-") as scratch:
            problems = build(Path(scratch))
            differ = [path.name for path in sorted(Path(scratch).iterdir())
                      if not (FOLDER / path.name).is_file()
                      or (FOLDER / path.name).read_bytes() != path.read_bytes()]
        print("differs: " + (", ".join(differ) if differ else "nothing"))
    else:
        problems = build(FOLDER)
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
