"""Split author, editor and translator spans into people.

Reference lists write names in a few orders: "Family, Given" pairs (APA), "Given Family" (IEEE),
"Family Initials" (Vancouver, GB/T), MLA's "Family, Given, Given Family", French
"FAMILY Given", and Han names without spaces. A span is cut at its separators (commas,
semicolons, "and", "&", ...) into parts; each part is read as a whole name, or paired with the
next part when that part is only the given names of this one ("Romero", "J.").
"""

import re
from functools import lru_cache

# Lower-case words that belong to the family name ("van der Berg", "Pierre-Marc de").
PARTICLES = {
    "van", "von", "der", "den", "de", "del", "della", "dei", "di", "da", "das", "dos", "du",
    "la", "le", "los", "las", "ten", "ter", "vom", "zu", "d'", "d’", "van't",
}
# Lower-case words that only an organisation's name has ("Royal college of physicians").
ORGANISATION_LINKS = {"of", "the", "for", "on", "at", "to", "des", "für", "pour", "per"}
SUFFIXES = {"Jr", "jr", "Sr", "sr", "II", "III", "IV"}
# Irish and Scottish words that open a family name ("Ó Briain", "Ní Dhomhnaill", "Mac Aodha"):
# part of the family name, not initials or given names.
GAELIC_PREFIXES = {"Ó", "Ní", "Nic", "Uí", "Ua", "Mac", "Mag"}
# A slash between two names, as German lists write them ("Müller, Heinz/Schröder, Karl",
# "Beck, U./Giddens, A.": after a word or an initial's stop).
NAME_SLASH = re.compile(r"(?:(?<=[^\W\d_.])|(?<=[\s,][^\W\d_]\.))\s*/\s*(?=[^\W\d_])")

# Words that make a "name" an organisation, kept whole as a literal.
ORGANISATION_WORDS = {
    "group", "committee", "organization", "organisation", "association", "institute",
    "institut", "society", "council", "commission", "agency", "department", "ministry",
    "university", "universität", "université", "bureau", "office", "consortium",
    "collaboration", "foundation", "corporation", "company", "inc", "ltd", "board", "center",
    "centre", "network", "project", "team", "federation", "union", "nations", "bank",
    "service", "services", "administration", "authority", "academy", "laboratory", "trust",
    "fund", "programme", "program", "initiative", "working", "panel", "statistics",
}
ORGANISATION_TERMS = ORGANISATION_WORDS | ORGANISATION_LINKS

# Two-character Chinese family names; every other Han name takes its first character.
COMPOUND_SURNAMES = {
    "欧阳", "司马", "上官", "诸葛", "东方", "皇甫", "尉迟", "公孙", "令狐",
    "慕容", "夏侯", "长孙", "宇文", "司徒", "澹台", "轩辕", "端木", "独孤",
    "南宫", "西门", "百里", "呼延", "闻人", "万俟", "申屠", "歐陽", "司馬",
    "諸葛", "長孫",
}

CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]")
ET_AL = re.compile(
    r"[\s,;]*(?:[\[(]?\b(?:et\.?\s*al(?:ii|ia)?\b\.?|and\s+others\b|u\.\s?a\.|"
    r"et\s+coll\b\.?)[\])]?|等人?|ほか)[\s.,;:]*",
    re.IGNORECASE,
)
DASH = re.compile(r"[-‐‒–—―_]")
ELLIPSIS = re.compile(r"\s*,?\s*(?:…|\.\.\.)\s*,?\s*")
# Role words that mark editors or translators, before the names ("ed.", "Edited by") or after
# them ("(eds.)", ", editors", "主编").
ROLE_WORD = (
    r"(?<!\w)(?:eds?\.|eds\b|edd\.|\(eds?\.?\)|\(editors?\)|editors?\b|edited\s+by\b|ed\.\s+by\b|"
    r"hrsg\.?|\(hrsg\.?\)|hg\.|\(hg\.?\)|éds?\.|\(éds?\.?\)|\(dir\.?\)|dir\.|"
    r"coord\.|\(coord\.?\)|comps?\.|\(comps?\.?\)|a\s+cura\s+di\b|herausgegeben\s+von\b|"
    r"trans\.|transl\.|translated\s+by\b|übers\.|übersetzt\s+von\b|\(trans\.?\)|"
    r"trad\.(?:\s*fr\.)?|trad\s+fr\.|traduit\s+par\b|"
    r"主编|编著|编|译)"
)
ROLE_PREFIX = re.compile(r"^\s*" + ROLE_WORD + r"\s*(?:(?:by|par|von)\s+)?", re.I)
ROLE_SUFFIX = re.compile(r"[\s,;]*(?:" + ROLE_WORD + r"|(?-i:(?<=[\s,(])eds?))[\s.,;:)]*$", re.I)
NAME_OPENERS = "“\"'("  # a given name may open with a nickname's quote: Henry “Box”
LEAD_WORD = re.compile(r"^\s*(?:in:?|by)\s+", re.I)
TRANSLATOR_WORD = re.compile(r"trans|trad|übers|译", re.I)

# Separators between people: punctuation, or a conjunction between spaces. Each starts with a
# character of the lookahead, which lets the scan pass over most of a name at a glance.
SEPARATOR = re.compile(
    r"(?=[\s,&;，；、aAuUew])\s*(?:,?\s*(?:&|(?<!\S)(?:(?i:and|und)|et|e|with)\s)|[,;，；、])\s*"
)
# Where a "K. Teraishi" part splits into the last person's initials and the next family name.
STOP_SEPARATED_PART = re.compile(r"(?<=\.)\s+(?=[^\W\d_][^\s.]+$)")
CONJUNCTION = re.compile(r"\s(?:and|&|et|und)\s")
GROUP_SEPARATOR = re.compile(r"\s*[;；]\s*")
HAN_SEPARATOR = re.compile(r"[\s,;，；、]+")
LATIN_WORD = re.compile(r"[A-Za-z]{2}")
# Scanning for "et al." and role words is slow and most name lists have neither, so a cheap
# test comes first: whatever ET_AL or ROLE_SUFFIX matches holds one of these hints once put in
# lower case. The hints avoid "i" and "s", which re.I also matches as "ı", "İ" and "ſ"; "dir"
# is spelled out in its three lower-case forms. ET_AL's hints are whole enough ("et al", not
# "et") that names like "Bennett" or "Anderson" do not set off its scan.
ET_AL_HINT = re.compile(r"et\.?\s*al|and\s+oth|u\.|et\s+coll|等|ほか")
ROLE_HINT = re.compile(
    r"ed|éd|hr|hg|dir|d\u0131r|di\u0307r|coord|comp|cura|gegeben|tran|über|trad|编|译"
)
INITIAL_AT_END = re.compile(r"\.[\s-]?[^\W\d_]$")

# Spelling slips _repair undoes, in order.
LEADING_BULLET = re.compile(r"^[^\w(“\"'‘]+")
BROKEN_WORD = re.compile(r"(\w)- (?=[a-zß-ÿ])")  # "Mur- phy"
BROKEN_HYPHEN = re.compile(r"(\w)- (?=\w)")  # "Martin- Facklam"
SPACED_HYPHEN = re.compile(r"(\w\.) -(?=\w)")  # "J. -L."
BRACKETED_INITIALS = re.compile(r"\(((?:[A-Z]\.\s?-?)+)\)")  # "ALLEN (J.P.)"
# A collaboration named in brackets after "et al." closes the list: "G. Aad et al. (ATLAS
# Collaboration)", INSPIRE's "R. D. Ball et al. [NNPDF]": a group's word or an acronym, no role.
GROUP_AFTER_ET_AL = re.compile(
    r"(\bet\.?\s*al\.?)\s*[,:]?\s*[\[(]((?:[A-Za-z\d&-]+ )*?(?:[A-Z][A-Za-z\d-]*[A-Z][\w-]*"
    r"|[Cc]ollaborations?|[Gg]roup|[Cc]onsortium|[Tt]eam)(?: [A-Za-z\d&-]+)*)[\])]\s*$")


def parse_names(text: str, role: str | None = None) -> dict:
    """Read a span of names; `role` names the field it came from ("editor"), if not authors.

    Returns {"people": [...], "et_al": bool, "same_as_previous": bool, "role": str | None},
    where role is "editor" or "translator" when the span says so ("(eds.)", "trans.").
    """
    text = " ".join(str(text).split())
    result = {"people": [], "et_al": False, "same_as_previous": False, "role": role}
    if not text:
        return result
    if DASH.search(text) and not any(c.isalnum() for c in text):  # "———."
        result["same_as_previous"] = True
        return result
    text = _repair(text)
    collaboration = GROUP_AFTER_ET_AL.search(text)
    if collaboration:
        text = text[:collaboration.end(1)]
    text, result["et_al"] = _remove_et_al(text)
    if "…" in text or "..." in text:  # APA: "Neylan, T. C., … Mendlowicz, M. V.", some left out
        text, result["et_al"] = ELLIPSIS.sub(", ", text), True
    text, result["role"] = _remove_role(text, role)
    if "/" in text and "://" not in text:
        text = NAME_SLASH.sub("; ", text)  # each slash parts two people, as a semicolon does
    if CJK.search(text) and not LATIN_WORD.search(text):
        result["people"] = [_han_name(part) for part in HAN_SEPARATOR.split(text) if part]
    else:
        groups = GROUP_SEPARATOR.split(text) if ";" in text or "；" in text else [text]
        for group in groups:
            result["people"].extend(_read_group(group))
    result["people"] = [person for person in result["people"] if person]
    if collaboration:
        result["people"].append({"literal": collaboration.group(2).strip()})
    return result


def _remove_et_al(text: str) -> tuple[str, bool]:
    count = 0
    if ET_AL_HINT.search(text.lower()):
        text, count = ET_AL.subn(" ", text)
    return text.strip(" ,;:，、"), count > 0


def _remove_role(text: str, role: str | None) -> tuple[str, str | None]:
    """Strip "In", "ed.", "(eds.)", "trans." and say which role they named."""
    lead = LEAD_WORD.match(text)
    if lead and (role or lead.group(0).strip().lower() == "by"):
        text = text[lead.end():]
    found = ROLE_PREFIX.match(text) or (ROLE_HINT.search(text.lower()) and ROLE_SUFFIX.search(text))
    if found:
        word = found.group(0).strip(" ,;:.()").lower()
        role = "translator" if TRANSLATOR_WORD.match(word) else "editor"
        text = ROLE_SUFFIX.sub("", ROLE_PREFIX.sub("", text, count=1))
    return text.strip(" ,;:()"), role


def _repair(text: str) -> str:
    """Undo line-break hyphens and spacing slips ("Mur- phy", "Martin- Facklam", "J. -L."),
    drop leading bullets, and capitalize a list written all in lower case ("tixier b.")."""
    text = LEADING_BULLET.sub("", text)
    if not any(map(_shows_case, text.split())):
        text = text.title()
    if "- " in text:  # (each scan only when its slip can be there at all)
        text = BROKEN_WORD.sub(r"\1", text)
        text = BROKEN_HYPHEN.sub(r"\1-", text)
    if " -" in text:
        text = SPACED_HYPHEN.sub(r"\1-", text)
    if "(" in text:
        text = BRACKETED_INITIALS.sub(r" \1", text)
    return " ".join(text.split())


def _read_group(group: str) -> list[dict]:
    """Read a run of names between semicolons: pair "Family, Given" parts, read the rest alone."""
    parts = [piece.strip(" ,") for piece in SEPARATOR.split(group) if piece.strip(" .,")]
    if parts and _is_organisation(group, parts):
        return [{"literal": group.strip(" .,;:")}]
    if _stop_separated(parts):
        parts = [half for part in parts for half in STOP_SEPARATED_PART.split(part)]
    only_pair = len(parts) == 2 and "," in group and not CONJUNCTION.search(group)
    words = [part.split() for part in parts]  # each part's words, split once for every test
    people = []
    i = 0
    while i < len(parts):
        part, family = parts[i], words[i]
        given = words[i + 1] if i + 1 < len(parts) else []  # the words of the part after it
        suffix = ""
        if (i + 2 < len(parts) and _is_suffix(parts[i + 1])
                and _pairs_with(family, words[i + 2], False)):
            suffix, given = parts[i + 1], words[i + 2]  # "Lowman, Jr, P.D."
            i += 1
        if given and _pairs_with(family, given, only_pair):
            person = _inverted_name(family, given)
            i += 2
        else:
            person = _read_part(part, family)
            i += 1
        if i < len(parts) and _is_suffix(parts[i]):
            suffix = parts[i]
            i += 1
        if suffix and person and "literal" not in person:
            person["suffix"] = suffix.strip(" ,")
        people.append(person)
    return people


def _is_organisation(group: str, parts: list[str]) -> bool:
    """One organisation whose name has commas or "and" in it ("Ministry of Land, Infrastructure,
    and Tourism", "Royal college of physicians and surgeons"): its words say so, and no part
    after the first has a person's initials."""
    if ORGANISATION_TERMS.isdisjoint(map(_bare_word, group.split())):
        return False
    return not any(_is_initial(t) for part in parts[1:] for t in part.split())


def _stop_separated(parts: list[str]) -> bool:
    """ "Sasayama, D. Hattori, K. Kunugi, H.": people parted by full stops, not commas."""
    if len(parts) < 3 or len(parts[0].split()) > 2 or _is_initial(parts[0].split()[0]):
        return False
    last = parts[-1].split()
    if not (all(map(_is_initial, last)) or (len(last) == 1 and _is_word(last[0]))):
        return False
    return all(STOP_SEPARATED_PART.search(part) for part in parts[1:-1])


def _pairs_with(family: list[str], given: list[str], only_pair: bool) -> bool:
    """True when the words `given` are just the given names of the words `family` ("Romero",
    "J." / "Joshua")."""
    family_tokens = _without_suffixes(family)
    given_tokens = _without_suffixes(given)
    if not family_tokens or not given_tokens:
        return False
    first = family_tokens[0]
    if _capitals_before_initials(family_tokens, given_tokens):
        return True  # "DOE, A", "LEE, K.": a short family name in capitals, then its initials
    if first in GAELIC_PREFIXES and len(family_tokens) > 1:
        first = family_tokens[1]  # "Ó Briain", "Ní Dhomhnaill": the prefix is the name's
    elif _is_initial(first) and ("." in first or len(first) == 1):
        return False  # "J. Romero" is a whole name already
    if _is_initial(family_tokens[-1]):
        return False  # "Romero J" too
    if _is_literal(family_tokens):
        return False
    given_tokens = given_tokens[:_particles_start(given_tokens)]  # "Rouméjoux, A. de."
    if all(map(_is_initial, given_tokens)):
        return True
    if len(given_tokens) > 4 or not all(t[:1].isalpha() or t[:1] in NAME_OPENERS
                                        for t in given_tokens):
        return False
    if len(family_tokens) == 1 or all(map(_is_particle, family_tokens[:-1])):
        return True  # "Romero", "Joshua"; "Pate", "C. Marvin"
    # "Blest Gana", "Alberto": a family of several words, when the span holds one person only
    return (only_pair and len(family_tokens) <= 3 and not any(map(_is_initial, family_tokens))
            and _is_word(given_tokens[0]) and all(map(_is_initial, given_tokens[1:])))


def _capitals_before_initials(family: list[str], given: list[str]) -> bool:
    """ "DOE", "A": one word of two or three capitals without a stop, then initials that are
    one letter or end in a stop. Three capitals are read as initials elsewhere ("JQA")."""
    word = family[0].strip(",;:")
    return (len(family) == 1 and len(word) > 1 and word.isalpha() and word.isupper()
            and all(map(_is_initial, given))
            and (len(_letters(given[0])) == 1 or given[-1].endswith(".")))


def _inverted_name(family_tokens: list[str], given_tokens: list[str]) -> dict:
    """A "Family, Given" pair, as words; lower-case particles may trail the given names
    ("Pierre, de")."""
    suffix = _suffixes(family_tokens[1:] + given_tokens)
    if suffix:
        family_tokens = [t for t in family_tokens if t not in suffix]
        given_tokens = _without_suffixes(given_tokens)
    end = _particles_start(given_tokens)
    particle = [t.rstrip(".") for t in given_tokens[end:]]
    given_tokens = given_tokens[:end]
    person = _family_name(family_tokens)
    if suffix:
        person["suffix"] = " ".join(s.strip(",") for s in suffix)
    if particle:
        person["particle"] = " ".join(particle + [person.get("particle", "")]).strip()
    person["given"] = _clean_given(given_tokens)
    return _normalize_case(person)


def _read_part(part: str, tokens: list[str]) -> dict:
    """One name standing alone, and its words: "Romero J", "J. Romero", "Junqi Yin",
    "KAHAN Marcel", "张三"."""
    suffix = _suffixes(tokens[1:])
    if suffix:
        tokens = [t for t in tokens if t not in suffix]
    if not tokens:
        return {}
    if _is_literal(tokens):
        return {"literal": part.strip(" .,;:")}
    if len(tokens) == 1:
        if CJK.search(tokens[0]):
            return _han_name(tokens[0])
        person = {"family": _clean_family(tokens[0])}
    else:
        person = _split_tokens(tokens)
    if suffix:
        person["suffix"] = " ".join(s.strip(",") for s in suffix)
    return _normalize_case(person)


def _split_tokens(tokens: list[str]) -> dict:
    """A name without commas: capitals mark the family, else trailing initials, else last word."""
    if any(map(_is_capitalized_word, tokens)):  # (most names have no word in capitals)
        capitals = [i for i, t in enumerate(tokens) if _is_capitalized_word(t)]
        first, last = capitals[0], capitals[-1] + 1
        if len(capitals) < len(tokens) and capitals == list(range(first, last)):
            family = tokens[first:last]  # "KAHAN Marcel", "ROMERO J"
            given = tokens[:first] + tokens[last:]
            return {**_family_name(family), "given": _clean_given(given)}
    initials = 0
    while initials < len(tokens) and _is_initial(tokens[len(tokens) - 1 - initials]):
        initials += 1
    if 0 < initials < len(tokens):  # "Romero J", "Chen T Q", "Bregman J.N."
        return {**_family_name(tokens[:-initials]), "given": _clean_given(tokens[-initials:])}
    if initials == len(tokens):  # "LI M", "WANG XY"
        return {**_family_name(tokens[:1]), "given": _clean_given(tokens[1:])}
    start = len(tokens) - 1  # "J. Romero", "Junqi Yin", "B. van der Pol", "S. Ó Briain"
    while start > 1 and (_is_particle(tokens[start - 1]) and tokens[start - 1].islower()
                         or tokens[start - 1] in GAELIC_PREFIXES):
        start -= 1
    return {**_family_name(tokens[start:]), "given": _clean_given(tokens[:start])}


def _suffixes(tokens: list[str]) -> list[str]:
    """The suffixes among the words ("Jr", "III"); the test first, as most names have none."""
    return [t for t in tokens if _is_suffix(t)] if any(map(_is_suffix, tokens)) else []


def _without_suffixes(tokens: list[str]) -> list[str]:
    """The words less their suffixes: the same list when there are none (never change it)."""
    return [t for t in tokens if not _is_suffix(t)] if any(map(_is_suffix, tokens)) else tokens


def _particles_start(given_tokens: list[str]) -> int:
    """Where the lower-case particles trailing given names start ("A. de." → 1); the first
    word always stays a given name."""
    end = len(given_tokens)
    while end > 1 and _is_particle(given_tokens[end - 1].rstrip(".")):
        end -= 1
    return end


def _family_name(tokens: list[str]) -> dict:
    """Family tokens, with leading particles ("van der", "De") set apart."""
    start = 0
    while start < len(tokens) - 1 and _is_particle(tokens[start]):
        start += 1
    person = {"family": _clean_family(" ".join(tokens[start:]))}
    if start:
        person["particle"] = " ".join(tokens[:start])
    return person


def _han_name(name: str) -> dict:
    """Chinese, Japanese or Korean name without spaces: family first (one character, or two)."""
    name = name.strip(" .,;:，。")
    if len(name) < 2 or not CJK.search(name):
        return {"family": name} if name else {}
    size = 2 if name[:2] in COMPOUND_SURNAMES and len(name) > 2 else 1
    return {"family": name[:size], "given": name[size:]}


def _clean_family(text: str) -> str:
    return text.strip(" .,;:")


def _clean_given(tokens: list[str]) -> str:
    """Given names as written; a full word loses its trailing stop, an initial keeps it (and
    gets back the one field trimming took: "D. J" → "D. J.")."""
    given = " ".join(tokens).strip(" ,;:")
    initials = all(map(_is_initial, tokens))
    if initials and INITIAL_AT_END.search(given):
        given += "."
    elif given.endswith(".") and not (_is_initial(tokens[-1]) or _is_suffix(tokens[-1])):
        given = given[:-1]
    return given


def _normalize_case(person: dict) -> dict:
    """Family names written in capitals ("ROMERO J", "KAHAN Marcel") become "Romero", "Kahan"."""
    family = person.get("family", "")
    if person.get("given") and len(family) > 1 and family.isupper():
        person["family"] = family.title()
    if not person.get("given"):
        person.pop("given", None)
    return person


# The word tests below are asked about the same few words again and again ("J.", "and",
# "Smith,"), so they remember their answers.
WORD_CACHE_SIZE = 1 << 14


def _letters(token: str) -> str:
    return "".join(c for c in token if c.isalpha())


@lru_cache(maxsize=WORD_CACHE_SIZE)
def _shows_case(word: str) -> bool:
    """A word of two letters or more with a capital in it: the list is not all lower case."""
    return len(_letters(word)) > 1 and any(c.isupper() for c in word)


@lru_cache(maxsize=WORD_CACHE_SIZE)
def _is_initial(token: str) -> bool:
    """One to three capitals and nothing else: "J", "J.", "JQ", "J.-L.", "Ł", "SC."."""
    token = token.strip(",;:")
    letters = _letters(token)
    if not letters or not letters.isupper() or len(letters) > 3:
        return False
    return all(c.isalpha() or c in ".-‐" for c in token)


@lru_cache(maxsize=WORD_CACHE_SIZE)
def _is_capitalized_word(token: str) -> bool:
    """A word in capitals that is no run of initials: "ROMERO", "KAHAN"."""
    letters = _letters(token)
    return len(letters) > 3 and letters.isupper() and not _is_initial(token)


def _is_word(token: str) -> bool:
    return token[:1].isalpha() and not _is_initial(token)


@lru_cache(maxsize=WORD_CACHE_SIZE)
def _is_particle(token: str) -> bool:
    return token.lower() in PARTICLES


@lru_cache(maxsize=WORD_CACHE_SIZE)
def _is_suffix(token: str) -> bool:
    return token.strip(" .,") in SUFFIXES


@lru_cache(maxsize=WORD_CACHE_SIZE)
def _bare_word(token: str) -> str:
    """The word as the organisation word lists hold it: no punctuation, lower case."""
    return token.strip(".,;:()").lower()


def _is_literal(tokens: list[str]) -> bool:
    """An organisation rather than a person: its words say so, or there are too many of them."""
    words = list(map(_bare_word, tokens))
    if ORGANISATION_TERMS.isdisjoint(words):  # most names: then only their length can tell
        return len(tokens) > 5
    if not ORGANISATION_WORDS.isdisjoint(words):
        return True
    if len(tokens) > 5 or not ORGANISATION_LINKS.isdisjoint(words[1:]):
        return True  # "Bank of Japan"
    # Leading, a link word makes one too ("The Victorian Equal Opportunity"), unless only
    # initials follow: then it is a family name ("To C").
    return (len(tokens) > 1 and words[0] in ORGANISATION_LINKS
            and not all(map(_is_initial, tokens[1:])))
