"""A reference the CRF left with no title, whose "pages" hold no number: "C. Beccari (1997),
grhyph.tex (1997). CTAN: tex-archive/…", "P. A. MacKay (1995), ibygrk. CTAN: …", where a
package or a file is cited by its name. Pages are numbers (or roman numerals); a name in
their place is the work's, its title."""

import re

from .words import PAGES, TITLE, run_end

_NUMBER = re.compile(r"\d|^[ivxlcdm]+$", re.IGNORECASE)


def name_as_pages(words, labels) -> dict[int, str]:
    """The run read as the pages is the title, where it holds no number and the reading has
    no title."""
    if PAGES not in labels or TITLE in labels:
        return {}
    start = labels.index(PAGES)
    end = run_end(labels, start, PAGES)
    if any(_NUMBER.search(word) for word in words[start:end]):
        return {}
    if not any(word[:1].isalpha() for word in words[start:end]):
        return {}
    return dict.fromkeys(range(start, end), TITLE)
