"""Training references written again as other bibliographies write them.

Some bibliographies separate fields by spaces alone ("Kohonen, T. Self-Organizing Maps 1995
Springer Berlin"; metadata dumps, some humanities styles), and a model that has only seen
punctuated references then runs the title into the year and the venue. Copies of annotated
references with the commas, full stops, colons and semicolons at their fields' edges removed
teach it to find the boundaries from the words themselves; a third of them write the authors
as Vancouver does, family name and bare initials ("Bourdieu P La distinction Paris Minuit
1979"). Humanities footnotes cite a book by initials, title, place and year alone ("U. Eco,
Opera aperta, Milano 1962."), where a title before a place had been read as a publisher or a
place: half the annotated books with a place get a copy written so, some of them with the
family name first ("Auerbach E., Mimesis. Dargestellte Wirklichkeit…, Bern 1946."), or the
subtitle after a full stop, where a one-word title had been read as another author, or the
publisher between commas after the place, which had been read as a second place ("Torino,
Einaudi, 1976."). Text taken out of a physics PDF loses the spaces in an article's tail
("Phys.Rev.Lett.13,508(1964)."), which a model with a first-token state for the numbers'
labels read as one volume until a tenth of the articles got a copy written so.

    python -m training.models.augment     # writes data/augmented/unpunctuated.jsonl, short_imprint.jsonl, glued.jsonl

The shipped recipe trains on those files (made from its own corpora, so gold.xml is never in
them); cross-validation makes the copies inside each fold instead, from the fold's training
part alone, so no held-out reference is seen in another spelling.
"""

import argparse
import random
import re

from tagger.structure.names import parse_names

SEPARATORS = ",;:"

# The share of training references copied, and the seed that picks them: chosen by 2-of-10-fold
# cross-validation on GROBID's files (training.experiments.cross_corpus): 0.15 lifted it from 0.9368 to
# 0.9412, mostly references in "Authors. Title Year Venue" order.
SHARE = 0.15
SEED = 0
# The share of copies whose authors are written "Family Initials" (Vancouver), and of the
# books with a place that get a short-imprint copy.
INITIALS_SHARE = 1 / 3
IMPRINT_SHARE = 0.5
# Of the short-imprint copies, the share with the family name first ("Eco U."), and of those
# whose title has a subtitle, the share that sets it after a full stop ("Mimesis. Dargestellte…").
FAMILY_FIRST_SHARE = 1 / 3
SUBTITLE_STOP_SHARE = 0.5
# Of the books with a publisher, the share whose copy names it ("Torino, Einaudi, 1976.").
PUBLISHER_SHARE = 0.5
GLUED_SHARE = 0.1
NOT_LATIN = re.compile(r"[^\u0000-\u024f\u1e00-\u1eff\s.,;:'’\-‐]")

# Fields whose final full stop ends a sentence, not an abbreviation ("Dweck, C.", "Phys.").
_SENTENCE_FIELDS = frozenset({"title", "year", "pages", "volume", "issue", "date"})


def unpunctuated(record: dict, year_after_title: bool = False, initials_after: bool = False) -> dict:
    """`record` with the separators at the edges of its fields (and between them) removed,
    fields joined by one space; the spans follow the text. With `year_after_title`, the year
    moves to right after the title, where metadata dumps put it ("… Weak Ties 1973 American
    Journal of Sociology 78 1360--1380"). With `initials_after`, the authors are written as
    Vancouver writes them, family name then bare initials ("Bourdieu P La distinction Paris
    Minuit 1979"), where the name alone must tell the title's first word from the authors."""
    text, pieces, spans = record["text"], [], []
    position = 0
    ordered = sorted(record["spans"])
    labels = [label for _, _, label in ordered]
    if year_after_title and labels.count("year") == 1 and "title" in labels:
        year = ordered.pop(labels.index("year"))
        last_title = max(i for i, (_, _, label) in enumerate(ordered) if label == "title")
        ordered.insert(last_title + 1, year)
    for start, end, label in ordered:
        value = _bare(text[start:end], label)
        if initials_after and label == "author":
            value = vancouver(value) or value
        if not value:
            continue
        if pieces:
            position += 1
        spans.append([position, position + len(value), label])
        pieces.append(value)
        position += len(value)
    return {**record, "id": record.get("id", "") + "-unpunctuated",
            "text": " ".join(pieces), "spans": spans}


def vancouver(names: str) -> str:
    """Authors as "Family Initials, Family Initials" ("Kuhn, Thomas S." → "Kuhn TS"), or ""
    where they are not all people with a given name and a capitalized family name (an
    organisation, a lone family name, "Ressources naturelles canada")."""
    people, et_al = _people(names, capitalized=True)
    if not people:
        return ""
    written = ", ".join(" ".join(filter(None, (person.get("particle"), person["family"],
                                              _initials(person["given"]), person.get("suffix"))))
                        for person in people)
    return written + " et al" if et_al else written


def _initials(given: str) -> str:
    """ "Jean-Claude" → "JC", "T. H." → "TH", "TH" → "TH"."""
    parts = [part for part in re.split(r"[\s.\-‐]+", given) if part]
    return "".join(part if part.isupper() and len(part) <= 3 else part[0].upper() for part in parts)


_IMPRINT_FIELDS = frozenset({"author", "title", "location", "publisher", "year", "citation-number"})


def short_imprint(record: dict, family_first: bool = False, subtitle_stop: bool = False,
                  publisher: bool = False) -> dict | None:
    """A book's copy as humanities footnotes cite it, initials first, no publisher, the
    place and year together ("U. Eco, Opera aperta, Milano 1962."), or None for a record
    that is no such book (a venue, an editor, a field twice, names without initials). With
    `family_first` the names read "Eco U."; with `subtitle_stop` a title's subtitle follows a
    full stop ("Mimesis. Dargestellte Wirklichkeit", not "Mimesis: dargestellte …"); with
    `publisher`, a book that has one names it between commas after the place ("Torino,
    Einaudi, 1976.")."""
    text, parts = record["text"], {}
    for start, end, label in sorted(record["spans"]):
        if label in parts or label not in _IMPRINT_FIELDS:
            return None
        parts[label] = _bare(text[start:end], label)
    if not {"author", "title", "location", "year"} <= parts.keys():
        return None
    authors = (family_first_names(parts["author"]) if family_first
               else initials_first(parts["author"]))
    if not authors or not all(parts.values()):
        return None
    title = parts["title"].rstrip(".")
    if subtitle_stop and title.count(": ") == 1:
        main, subtitle = title.split(": ")
        title = f"{main}. {subtitle[:1].upper()}{subtitle[1:]}"
    pieces = [(f"{authors},", "author"), (f"{title},", "title"),
              (parts["location"], "location"), (f"{parts['year']}.", "year")]
    if publisher and "publisher" in parts:
        pieces[2:3] = [(f"{parts['location']},", "location"),
                       (f"{parts['publisher'].rstrip('.')},", "publisher")]
    if "citation-number" in parts:
        pieces.insert(0, (parts["citation-number"], "citation-number"))
    spans, position = [], 0
    for value, label in pieces:
        spans.append([position, position + len(value), label])
        position += len(value) + 1
    return {**record, "id": record.get("id", "") + "-short-imprint",
            "text": " ".join(value for value, _ in pieces), "spans": spans}


def initials_first(names: str) -> str:
    """Authors as "I. Family, I. Family" ("Eco, Umberto" → "U. Eco", "Gadamer, Hans-Georg"
    → "H.-G. Gadamer"), or "" where they are not all people with a given name."""
    people, et_al = _people(names)
    if not people:
        return ""
    written = ", ".join(" ".join(filter(None, (_dotted(person["given"]), person.get("particle"),
                                              person["family"], person.get("suffix"))))
                        for person in people)
    return written + " et al." if et_al else written


def family_first_names(names: str) -> str:
    """Authors as "Family I., Family I." ("Eco, Umberto" → "Eco U.", "Gadamer, Hans-Georg"
    → "Gadamer H.-G."), or "" where they are not all people with a given name and a
    capitalized family name (a name read wrong: "dir M. E.")."""
    people, et_al = _people(names, capitalized=True)
    if not people:
        return ""
    written = ", ".join(" ".join(filter(None, (person.get("particle"), person["family"],
                                              person.get("suffix"), _dotted(person["given"]))))
                        for person in people)
    return written + " et al." if et_al else written


def _people(names: str, capitalized: bool = False) -> tuple[list, bool]:
    """The people a span names and whether it ends "et al."; no people unless they all have
    a family and a given name (an organisation, a lone family name, names in a script
    without initials) and, if `capitalized`, a family name with a capital (not one read
    wrong: "dir M. E.", "Ressources naturelles canada")."""
    if not names.isascii() and NOT_LATIN.search(names):
        return [], False
    read = parse_names(names)
    people = read["people"]
    if not (people and all(p.get("family") and p.get("given") for p in people)):
        return [], False
    if capitalized and not all(p["family"][:1].isupper() for p in people):
        return [], False
    return people, read["et_al"]


def _dotted(given: str) -> str:
    """ "Hans-Georg" → "H.-G.", "Thomas S." → "T. S.", "TS" → "T. S."."""
    written = ""
    for part in re.findall(r"-?[^\W\d_]+", given):
        hyphen, letters = part.startswith("-"), part.lstrip("-")
        initials = letters if letters.isupper() and len(letters) <= 3 else letters[0].upper()
        for n, letter in enumerate(initials):
            written += ("-" if hyphen and n == 0 else " ") + letter + "."
    return written.strip()


def _bare(value: str, label: str) -> str:
    """A field's text without separators at its edges; a final full stop goes only where it
    cannot be an abbreviation's."""
    value = value.strip().strip(SEPARATORS).strip()
    while value.endswith("."):
        last = value[:-1].split()[-1] if value[:-1].split() else ""
        if not (label in _SENTENCE_FIELDS or last[-1:].isdigit()
                or (last.isalpha() and last.islower() and len(last) >= 3)):
            break
        value = value[:-1].rstrip().rstrip(SEPARATORS).rstrip()
    return value


_TAIL_FIELDS = frozenset({"volume", "issue", "pages", "year"})
_GLUE_AFTER = frozenset(".,:;()")


def glued(record: dict) -> dict | None:
    """An article's copy with the spaces in its tail lost, as text taken out of a physics PDF
    has them ("Nucl. Phys. B 360, 362 (1991)." → "Nucl.Phys.B360,362(1991)."), or None for a
    record whose venue is not followed by a number field. A space goes where a stop, a comma,
    a bracket or a digit is beside it; two words stay apart ("Nature Phys.Sci.229")."""
    ordered = sorted(record["spans"])
    venues = [i for i, (_, _, label) in enumerate(ordered) if label == "venue"]
    if len(venues) != 1 or venues[0] + 1 >= len(ordered) \
            or ordered[venues[0] + 1][2] not in _TAIL_FIELDS:
        return None
    text, start = record["text"], ordered[venues[0]][0]
    lost = {i for i in range(start + 1, len(text) - 1) if text[i] == " "
            and (text[i - 1] in _GLUE_AFTER or text[i - 1].isdigit()
                 or text[i + 1].isdigit() or text[i + 1] == "(")}
    if not lost:
        return None

    def moved(position: int) -> int:
        return position - sum(1 for i in lost if i < position)

    kept = "".join(char for i, char in enumerate(text) if i not in lost)
    return {**record, "id": record.get("id", "") + "-glued", "text": kept,
            "spans": [[moved(a), moved(b), label] for a, b, label in record["spans"]]}


def with_unpunctuated(records: list[dict], share: float = SHARE, seed: int = SEED) -> list[dict]:
    """`records` and, after them, unpunctuated copies of a `share` of them (chosen by `seed`),
    half of them with the year moved after the title, a third with Vancouver names."""
    rng, names_rng = random.Random(seed), random.Random(f"{seed} names")
    chosen = [record for record in records if rng.random() < share]
    return list(records) + [unpunctuated(record, year_after_title=rng.random() < 0.5,
                                         initials_after=names_rng.random() < INITIALS_SHARE)
                            for record in chosen]


def with_short_imprints(records: list[dict], share: float = IMPRINT_SHARE,
                        seed: int = SEED) -> list[dict]:
    """`records` and, after them, short-imprint copies of a `share` of their books with a place."""
    rng, style = random.Random(f"{seed} imprint"), random.Random(f"{seed} imprint style")
    copies = []
    for record in records:
        family_first = style.random() < FAMILY_FIRST_SHARE
        subtitle_stop = style.random() < SUBTITLE_STOP_SHARE
        copy = short_imprint(record, family_first, subtitle_stop,
                             publisher=style.random() < PUBLISHER_SHARE)
        if copy and rng.random() < share:
            copies.append(copy)
    return list(records) + copies


def with_glued_tails(records: list[dict], share: float = GLUED_SHARE,
                     seed: int = SEED) -> list[dict]:
    """`records` and, after them, glued-tail copies of a `share` of their articles."""
    rng = random.Random(f"{seed} glued")
    return list(records) + [copy for copy in map(glued, records)
                            if copy and rng.random() < share]


def with_copies(records: list[dict]) -> list[dict]:
    """`records`, their unpunctuated copies, their short-imprint copies, then their glued-tail
    copies: what the recipe trains on, made from its training records alone."""
    return (with_unpunctuated(records) + with_short_imprints(records)[len(records):]
            + with_glued_tails(records)[len(records):])


def main(argv=None) -> int:
    from tagger.corpora.corpus import load, write_jsonl
    from tagger.crf.train import REPO

    from .build_model import AUGMENTED_FILE, GLUED_FILE, IMPRINT_FILE, SOURCE_FILES, WEIGHTS

    argparse.ArgumentParser(prog="python -m training.models.augment",
                            description=__doc__.splitlines()[0]).parse_args(argv)
    records = [record for name in SOURCE_FILES for record in load(REPO / name)
               * WEIGHTS.get(name, 1)]
    for name, copies, kind in (
            (AUGMENTED_FILE, with_unpunctuated(records)[len(records):], "unpunctuated"),
            (IMPRINT_FILE, with_short_imprints(records)[len(records):], "short-imprint"),
            (GLUED_FILE, with_glued_tails(records)[len(records):], "glued-tail")):
        (REPO / name).parent.mkdir(parents=True, exist_ok=True)
        write_jsonl(copies, REPO / name)
        print(f"{len(copies)} {kind} copies of {len(records)} references → {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
