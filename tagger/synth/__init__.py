"""Labelled references without a person: CSL-JSON records rendered in a citation style, each
field's character span recovered exactly, then damaged as real copies are.

    from tagger.synth import generate
    refs = generate("ieee", 200, seed=1, noise=0.3)   # [{"id", "text", "spans"}, ...]
"""

import random

from .generators import apa_item, generated_item, german_item
from .journals import as_cited_in_physics
from .noise import add_noise
from .records import corpus_records
from .rendering import load_style, render, style_name

# Share of records taken from the annotated corpora; the rest are generated.
POOL_SHARE = 0.5


# What records a style is given: the default mixes the corpora's with generated ones; "german"
# and "apa" are generated only, for the styles those records are written in.
ITEM_KINDS = {"german": german_item, "apa": apa_item}


def generate(style, n, seed=0, noise=0.0, short_journals=0.0, untitled=0.0, items="default"):
    """`n` references rendered in `style` (a CSL style name or a .csl path), as JSONL records
    {"id": "synth-<style>-0001", "text", "spans"}; the same seed gives the same output.
    `short_journals` and `untitled`: the shares of journal articles given their journal's
    ISO 4 abbreviation and left without a title, as physics cites them. `items`: "default",
    or one of ITEM_KINDS."""
    if items != "default" and items not in ITEM_KINDS:
        raise ValueError(f"unknown kind of items {items!r}; choose default or {', '.join(ITEM_KINDS)}")
    load_style(style)  # an unknown or broken style fails here, with its own message
    rng = random.Random(seed)
    pool = corpus_records()
    name = style_name(style)
    refs = []
    failures, last_error = 0, "empty output"
    while len(refs) < n:
        item_id = f"item-{len(refs)}"
        item = (ITEM_KINDS[items](rng, item_id) if items in ITEM_KINDS else
                as_cited_in_physics(_pick_item(rng, pool, item_id), rng, short_journals, untitled))
        try:
            text, spans = render(style, item, number=rng.randrange(1, 120))
        except (AttributeError, TypeError, KeyError, IndexError, ValueError) as error:
            # citeproc-py has bugs that some style/record pairs hit: skip those records
            text, spans, last_error = "", [], error
        if not text or not spans:
            failures += 1
            if failures > 20 + n:
                raise ValueError(f"style {name} fails on most records: {last_error}")
            continue
        text, spans = add_noise(text, spans, rng, noise, item.get("DOI"))
        refs.append({"id": f"synth-{name}-{len(refs) + 1:04d}", "text": text, "spans": spans})
    return refs


def _pick_item(rng, pool, item_id):
    if pool and rng.random() < POOL_SHARE:
        return dict(rng.choice(pool), id=item_id)
    return generated_item(rng, item_id)
