"""Journal articles as physics, astronomy and chemistry papers cite them: the journal by its
ISO 4 abbreviation ("Phys. Rev. Lett.", "Mon. Not. R. Astron. Soc."), set as
`container-title-short`, which the styles that abbreviate render, and often no title.
Rendered with the journal spelled out, such styles taught nothing that real physics
references need (issue 12)."""

from functools import lru_cache


def as_cited_in_physics(item: dict, rng, short_share: float, untitled_share: float) -> dict:
    """`item` with, for a journal article, its journal's ISO 4 abbreviation (a `short_share`
    of the time) and its title dropped (an `untitled_share` of the time). The random numbers
    are drawn only for a share above 0, so other output stays what the seed gave before."""
    if item.get("type") != "article-journal" or not item.get("container-title"):
        return item
    item = dict(item)
    if short_share > 0 and rng.random() < short_share:
        short = iso4(item["container-title"])
        if short:
            item["container-title-short"] = short
    if untitled_share > 0 and rng.random() < untitled_share:
        item.pop("title", None)
    return item


@lru_cache(maxsize=4096)
def iso4(title: str) -> str | None:
    """The ISO 4 abbreviation of a journal's title (pyiso4, the LTWA), or None where it
    abbreviates nothing."""
    abbreviate = _abbreviator()  # no pyiso4: an ImportError, not a silent full title
    try:
        short = abbreviate(title, remove_part=True)
    except Exception:  # pyiso4 fails on some titles (odd scripts, lone symbols): keep the title
        return None
    return short if short and short.strip() != title.strip() else None


@lru_cache(maxsize=1)
def _abbreviator():
    from pyiso4.ltwa import Abbreviate
    return Abbreviate.create()
