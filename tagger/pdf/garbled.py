"""Pages whose text layer is garbage: a font whose encoding maps its codes to the wrong letters.

A PDF shows glyphs; what a reader gets as text comes from each font's map of codes to
Unicode, and some writers get that map wrong, so a page that looks right reads "Wkh
uhvxowv" (each letter shifted), "DQGLQ" (lower case sent to capitals) or "(K + > -..8)& -)"
(letters sent to punctuation). The finder would take such text for anything. Two signs tell
it, neither tied to one language:

- vowels: in the Latin-script languages the references are in, a third or more of the
  letters are vowels (accents taken off); a shifted map leaves far fewer (under VOWELS);
- letters and digits: where a map sends letters to punctuation, they are fewer than even a
  page of code or a table of symbols holds (ALPHANUMERIC of what is printed, an index's
  leader dots left out).

Measured on the corpora of training.corpora.paper_corpora (docs/evaluation-pdf.md): of the 3,244
pages of papers and manuals with 200 letters or more, the fewest vowels were 0.178 (a table
of glyph names), shifted pages had 0.14–0.155; the fewest letters and digits were 0.445 (a
form's blanks), and pages of letters sent to punctuation had none.
"""

import re
import unicodedata

LATIN = re.compile(r"[A-Za-z]")
LEADERS = str.maketrans("", "", ".·…")
MIN_LETTERS = 200  # letters a page needs for its vowels to tell anything
VOWELS = 0.165
ALPHANUMERIC = 0.25


def page_texts(layout) -> dict:
    """{page: its text}, page furniture left out."""
    pages = {}
    for line, entry in zip(layout.text.split("\n"), layout.layout):
        if entry is not None and not entry.furniture:
            pages.setdefault(entry.page, []).append(line)
    return {page: "\n".join(lines) for page, lines in pages.items()}


def is_garbled(text: str) -> bool:
    """Does the text read as a broken font encoding's?"""
    letters = LATIN.findall(unicodedata.normalize("NFD", text))
    if len(letters) >= MIN_LETTERS:
        vowels = sum(letter in "aeiouyAEIOUY" for letter in letters)
        if vowels < VOWELS * len(letters):
            return True
    visible = "".join(text.split()).translate(LEADERS)  # an index's leader dots aside
    return len(visible) >= MIN_LETTERS and (
        sum(char.isalnum() for char in visible) < ALPHANUMERIC * len(visible))


def garbled_pages(layout) -> list:
    """The 1-based pages whose text reads as garbage, in order."""
    return sorted(page for page, text in page_texts(layout).items() if is_garbled(text))


def warning(pages: list) -> str:
    """The warning for garbled pages, naming them."""
    named = ", ".join(map(str, pages))
    return (f"the text of page{'s' if len(pages) > 1 else ''} {named} is garbled (a font with a "
            "broken encoding?): not read for references")
