"""Papers typeset with LaTeX in real classes, for the paper corpus: `make(index)` → (source, gold).

Each paper is a LaTeX class as journals and conferences ship it (article in one and two
columns, article with natbib's author–year, report (a "Bibliography"), IEEEtran, elsarticle
numbered and author–year, revtex4-2, llncs, amsart, scrartcl), with a few pages of body
text citing its list and a `thebibliography` of references drawn from the training corpora
(data/core.jsonl, data/good.jsonl, data/grobid/*.jsonl; never data/gold.jsonl, the
benchmark). The gold is the list as typeset: each reference's text. Needs pdflatex and
Debian's texlive-latex-extra, -publishers and -science. acmart is left out: it needs the
Libertine fonts of texlive-fonts-extra (tests/fixtures/pdf/acm_sigconf.pdf, set with it, is
in the corpus).
"""

import json
import random
import re
from pathlib import Path

DATA = Path(__file__).resolve().parents[2] / "data"
SOURCES = ("core.jsonl", "good.jsonl", "grobid/cs-bio.jsonl", "grobid/chemistry-fr.jsonl")
YEAR = re.compile(r"\b(1[89]\d\d|20[0-2]\d)")
SPECIAL = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#",
           "_": r"\_", "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\^{}"}

BODY = (
    "The measurements were taken over three seasons at the two sites described below.",
    "Earlier work reported a weaker effect, but on a smaller sample and a shorter period.",
    "We compare both estimators on the same data and report their errors in the table.",
    "The model is fitted by maximum likelihood; its parameters are given in the appendix.",
    "These findings agree with the theory in most respects, with two exceptions.",
    "A sensitivity analysis shows that the conclusions do not depend on the prior chosen.",
    "The code and the data are available from the authors on reasonable request.",
    "Figure 2 shows how the error falls as the number of samples grows.",
    "In the remainder of this section we describe the experimental set-up in detail.",
    "Limitations of the approach are discussed at the end of the paper.",
)

# class name: (preamble, what opens the document, whether its list is author–year)
CLASSES = {
    "article": (r"\documentclass{article}", r"\title{TITLE}\author{AUTHOR}\maketitle", False),
    "article_twocolumn": (r"\documentclass[twocolumn]{article}",
                          r"\title{TITLE}\author{AUTHOR}\maketitle", False),
    "article_natbib": (r"\documentclass{article}\usepackage[authoryear,round]{natbib}",
                       r"\title{TITLE}\author{AUTHOR}\maketitle", True),
    "ieeetran": (r"\documentclass[conference]{IEEEtran}",
                 r"\title{TITLE}\author{\IEEEauthorblockN{AUTHOR}}\maketitle", False),
    "report": (r"\documentclass{report}", r"\title{TITLE}\author{AUTHOR}\maketitle", False),
    "elsarticle": (r"\documentclass[preprint,12pt]{elsarticle}",
                   r"\begin{frontmatter}\title{TITLE}\author{AUTHOR}\end{frontmatter}", False),
    "elsarticle_authoryear": (r"\documentclass[preprint,authoryear]{elsarticle}",
                              r"\begin{frontmatter}\title{TITLE}\author{AUTHOR}"
                              r"\end{frontmatter}", True),
    "revtex": (r"\documentclass[aps,prd,twocolumn,nofootinbib]{revtex4-2}",
               r"\title{TITLE}\author{AUTHOR}\affiliation{Example University}\maketitle", False),
    "llncs": (r"\documentclass{llncs}", r"\title{TITLE}\author{AUTHOR}\institute{Example "
              r"University}\maketitle", False),
    "amsart": (r"\documentclass{amsart}", r"\title{TITLE}\author{AUTHOR}\maketitle", False),
    "scrartcl": (r"\documentclass{scrartcl}", r"\title{TITLE}\author{AUTHOR}\maketitle", False),
}


def references(rng, count: int) -> list:
    """`count` references of the training corpora that Latin fonts set, 40–320 characters."""
    pool = _pool()
    return rng.sample(pool, count)


_POOL = []


def _pool() -> list:
    if not _POOL:
        seen = set()
        for name in SOURCES:
            for line in (DATA / name).read_text(encoding="utf-8").splitlines():
                text = " ".join(json.loads(line)["text"].split())
                if 40 <= len(text) <= 320 and _latin(text) and text not in seen:
                    seen.add(text)
                    _POOL.append(text)
    return _POOL


def _latin(text: str) -> bool:
    try:
        text.encode("latin-1")
    except UnicodeEncodeError:
        return all(char in "–—‘’“”" or ord(char) < 256 for char in text)
    return True


def escape(text: str) -> str:
    return "".join(SPECIAL.get(char, char) for char in text)


def _label(text: str, number: int) -> str:
    """natbib's optional label: Name(Year)."""
    name = re.match(r"[^\W\d_]+", text)
    year = YEAR.search(text)
    return f"{name.group() if name else 'Anon'}({year.group() if year else 2000 + number})"


def kinds() -> tuple:
    return tuple(CLASSES)


def make(index: int) -> tuple:
    """(LaTeX source, gold reference texts) of the index-th paper: the classes in turn."""
    kind = kinds()[index % len(CLASSES)]
    rng = random.Random(f"paper-{index}")
    preamble, opening, author_year = CLASSES[kind]
    listed = references(rng, rng.randint(8, 40))
    keys = [f"r{number}" for number in range(len(listed))]
    paragraphs = []
    for section in ("Introduction", "Methods", "Results", "Discussion"):
        paragraphs.append(f"\\section{{{section}}}")
        for _ in range(rng.randint(2, 4)):
            sentences = rng.sample(BODY, 4)
            cited = rng.sample(keys, min(len(keys), rng.randint(1, 3)))
            paragraphs.append(" ".join(sentences) + f" \\cite{{{','.join(cited)}}}.")
    items = "\n".join(
        (f"\\bibitem[{_label(text, number)}]{{{key}}} " if author_year else f"\\bibitem{{{key}}} ")
        + escape(text) for number, (key, text) in enumerate(zip(keys, listed)))
    appendix = ("\n\\appendix\n\\section{Details of the fit}\n" + " ".join(rng.sample(BODY, 5))
                if rng.random() < 0.3 else "")
    title = rng.choice(("On the estimation of seasonal effects", "A study of two sites",
                        "Errors of simple estimators", "Sampling designs compared"))
    author = rng.choice(("A. Author and B. Writer", "C. Scholar", "D. Reader and E. Critic"))
    source = (f"{preamble}\n\\usepackage[T1]{{fontenc}}\n\\begin{{document}}\n"
              + opening.replace("TITLE", title).replace("AUTHOR", author) + "\n"
              + "\n\n".join(paragraphs)
              + f"\n\\begin{{thebibliography}}{{{len(listed)}}}\n{items}\n\\end{{thebibliography}}"
              + appendix + "\n\\end{document}\n")
    return source, listed
