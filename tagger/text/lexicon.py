"""Word lists shared by the CRF features and the rule tagger.

A word's classes tell the model what the word usually is ("Press" is a publisher word,
"Proc" a venue word, "septembre" a month) where the training data is too small to learn it.
Lists hold lower-cased words, without trailing periods.
"""

from functools import lru_cache
from importlib import resources


def _words(text: str) -> frozenset[str]:
    return frozenset(text.lower().split())


MONTHS = _words("""
    january february march april may june july august september october november december
    jan feb mar apr jun jul aug sep sept oct nov dec
    janvier février fevrier mars avril mai juin juillet août aout septembre octobre novembre décembre
    januar februar märz maerz juni juli oktober dezember
    enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre noviembre diciembre
    gennaio febbraio aprile maggio giugno luglio settembre ottobre dicembre
    janeiro fevereiro março maio junho julho setembro outubro novembro dezembro
    januari februari maart mei augustus
    spring summer autumn fall winter
""")

# Words that open or name a container: journals, proceedings, books in a series.
VENUE_WORDS = _words("""
    journal journals j jour revue review reviews rev rivista zeitschrift zeitschr tijdschrift
    proceedings proc conference conf congress symposium symp workshop colloquium meeting
    transactions trans letters lett bulletin bull annals ann annales annual quarterly
    magazine mag newsletter gazette acta archives arch arxiv preprint research studies
    science sciences sci natl acad int international intl nature communications commun
    advances adv reports rep research letters physics phys chemistry chem medicine med
    engineering eng computing comput computer systems syst society soc association assoc
    american am european eur british br proc. ieee acm siam ifac lncs lecture notes
""")

# The venue words above that are whole words, not abbreviations, and no one's name ("Bull",
# "Ann"), and "cimento": capitalized words among them make a list item a journal's name
# ("Physical Review B", "Nuovo Cimento B"), not a person's.
JOURNAL_WORDS = _words("""
    journal revue review reviews rivista zeitschrift tijdschrift proceedings conference
    congress symposium workshop colloquium transactions letters bulletin annals annales
    quarterly magazine newsletter gazette acta archives nature communications advances
    reports physics chemistry medicine engineering computing systems society association
    ieee acm siam lncs cimento
""")

PUBLISHER_WORDS = _words("""
    press publisher publishers publishing publications pub publ verlag editions éditions edition
    books book inc ltd llc co corp corporation company gmbh ag sa srl plc
    university univ universität université universidad università institute inst
    springer elsevier wiley routledge pergamon sage taylor francis mcgraw hill harper penguin
    cambridge oxford princeton harvard yale mit chicago blackwell academic kluwer birkhäuser
    usenix curran associates addison wesley pearson prentice morgan kaufmann crc dover norton
    macmillan palgrave gallimard seuil flammarion suhrkamp beck metzler vandenhoeck
    peter lang brill mouton gruyter ieee acm
""")

PLACES = _words("""
    london paris new york boston cambridge oxford chicago amsterdam berlin
    heidelberg munich münchen frankfurt leipzig stuttgart hamburg wien vienna zürich zurich basel
    geneva genève bern leiden dordrecht utrecht rotterdam brussels bruxelles madrid barcelona
    rome roma milano milan torino bologna firenze lisboa lisbon moscow moscou tokyo beijing
    shanghai singapore sydney melbourne toronto montreal montréal ottawa washington philadelphia
    princeton baltimore berkeley stanford los angeles san francisco diego seattle renton hoboken
    englewood cliffs upper saddle river reading menlo park norwood thousand oaks newbury
    abingdon basingstoke chichester edinburgh glasgow dublin manchester bristol lyon toulouse
    göttingen tübingen köln cologne bonn dresden hannover mainz freiburg stockholm oslo copenhagen
    helsinki warsaw prague budapest athens istanbul delhi mumbai calcutta kolkata seoul taipei
    wiesbaden darmstadt erlangen würzburg jena marburg münster weinheim lanham ithaca columbus
    pittsburgh haven bloomington urbana minneapolis pasadena aldershot farnham cheltenham harlow
    leeds sheffield exeter cork bari napoli naples padova padua pisa venezia venice messina
    palermo urbino pavia genova turin praha moskva leningrad petersburg warszawa kraków krakow
    uppsala göteborg gothenburg aarhus københavn reykjavik salamanca sevilla seville coimbra
    granada groningen nijmegen tilburg maastricht delft eindhoven louvain leuven gent ghent
    antwerpen antwerp liège namur marseille bordeaux strasbourg lausanne luzern fribourg
    neuchâtel innsbruck graz salzburg linz bucharest beograd belgrade zagreb ljubljana
    thessaloniki ankara tehran cairo jerusalem québec quebec vancouver canberra auckland kyoto
    osaka nanjing wuhan hangzhou guangzhou bombay madras chennai kiev kyiv
    ny ma ca nj uk usa germany france italy spain netherlands switzerland china japan canada
""")

# Words that announce a field or join its parts.
KEYWORDS = {
    "in": "in", "im": "in", "dans": "in", "en": "in",
    "pp": "pages", "p": "pages", "s": "pages", "pages": "pages", "page": "pages", "seiten": "pages",
    "vol": "volume", "volume": "volume", "vols": "volume", "bd": "volume", "band": "volume",
    "tome": "volume", "t": "volume", "jg": "volume", "jahrgang": "volume",
    "no": "issue", "nr": "issue", "num": "issue", "number": "issue", "issue": "issue",
    "heft": "issue", "h": "issue", "iss": "issue", "n": "issue",
    "ed": "editor", "eds": "editor", "editor": "editor", "editors": "editor", "hrsg": "editor",
    "hg": "editor", "hgg": "editor", "dir": "editor", "coord": "editor", "edited": "editor",
    "trans": "translator", "transl": "translator", "translated": "translator", "übers": "translator",
    "doi": "doi", "url": "url", "available": "url", "retrieved": "url", "accessed": "url",
    "online": "url", "isbn": "isbn", "issn": "isbn",
    "et": "etal", "al": "etal", "others": "etal", "等": "etal",
    "and": "and", "und": "and", "y": "and", "e": "and",
    "phd": "genre", "thesis": "genre", "dissertation": "genre", "diss": "genre", "master": "genre",
    "report": "genre", "technical": "genre", "tech": "genre", "rep": "genre", "working": "genre",
    "paper": "genre", "preprint": "genre",
    "edn": "edition", "edition": "edition", "auflage": "edition", "aufl": "edition",
    "nd": "edition", "rd": "edition", "th": "edition", "st": "edition",
    "forthcoming": "date", "n.d": "date",
    # Korean, Chinese and Japanese markers, tokens of their own after the tokenizer's cuts
    # ("제", "32", "집"; "122", "-", "129", "쪽"; "2016", "년"): 제/第 number a volume or issue.
    "권": "volume", "卷": "volume", "집": "volume", "輯": "volume", "辑": "volume",
    "호": "issue", "號": "issue", "号": "issue", "期": "issue", "통권": "issue",
    "쪽": "pages", "면": "pages", "页": "pages", "頁": "pages",
    "년": "date", "年": "date", "월": "date", "月": "date",
    "제": "nth", "第": "nth",
}

# Words before the date on which a reference was read ("[cited 2021 Mar 5]", "Accessed May 2"),
# which is a note, not the date of publication.
ACCESS_WORDS = _words("cited accessed retrieved viewed visited consulté abgerufen zugegriffen")

# Words that make a bracket the document's kind: "(Doctoral dissertation)", "(Master's thesis)".
THESIS_WORDS = _words("thesis dissertation diss")

# GB/T 7714 document-type codes found inside [brackets] ("[J]", "[C]", "[EB/OL]").
# Words that mark a reference as written to German conventions ("(Hrsg.)", "Bd. 1", "5. Aufl.",
# "Jg. 36", "Übers. v.", "Vgl.", "Ebd."): the checks and the rule tagger read the same ones.
GERMAN_SIGNS = frozenset(("hrsg", "hg", "bd", "aufl", "jg", "übers", "vgl", "ebd"))
GBT_MARKERS = frozenset("J C M D R S P N A G Z K EB OL DB CP DS CM".split())

# Common Han characters in Chinese venue and publisher names.
HAN_VENUE = frozenset("学报刊志杂研究科技术会议论文集计算机软件工程通信电子自动化中国")
HAN_PUBLISHER = frozenset("出版社局")

# How Korean journal names end ("사이버커뮤니케이션학보", "보존과학회지", "경제학연구"): a word
# longer than its ending, since a title's last word is often "연구" (a study) alone.
HANGUL_VENUE_ENDINGS = ("학회지", "학보", "논총", "논집", "논문집", "연구", "저널", "회지",
                        "학술지", "회보", "포럼", "리뷰", "총서")
# How the names of the societies, institutes and universities that publish them end
# ("해양환경안전학회", "국립문화재연구소"): in "Society, Journal" the journal is the venue.
HANGUL_ORGANIZATION_ENDINGS = ("학회", "협회", "연구소", "연구원", "학교", "재단", "위원회")

# Words naming a group of authors after "et al." ("et al. (CDF Collaboration)", "et al.:
# PREX Collaboration", "et al., Particle Data Group").
GROUP_WORDS = _words("collaboration collaborations group consortium team investigators "
                     "collaborators committee")


def group_end(words, i: int) -> int:
    """End of a group named at words[i], right after an "et al.", in brackets or after a comma
    or colon ("(CDF Collaboration)", ": PREX Collaboration", ", Particle Data Group"), or i
    where there is none: the rule tagger and `auto`'s doubts read it alike."""
    def word(k):
        return words[k] if k < len(words) else ""

    begin = i + 1 if word(i) in (",", ":") else i
    bracket = word(begin) in ("(", "[")
    if begin == i and not bracket:
        return i  # "et al. The Group of Seven …" is a title
    j = begin + bracket
    while j - begin < 7 and (word(j)[:1].isupper() or word(j) == "-"
                             or j > begin + bracket and word(j)[:1].isdigit()):
        j += 1
    if not any(words[k].lower() in GROUP_WORDS for k in range(begin + bracket, j)):
        return i
    if bracket:
        if word(j) not in (")", "]"):
            return i
        j += 1
    return j


# Lower-case words inside family names ("van der Berg", "de la Macorra").
NAME_PARTICLES = _words("van von der den de del della dela di da das dos du la le les ten ter "
                        "vander")

# Frequent given names help split "Romero, Joshua" from "Romero, J.".
GIVEN_NAMES = _words("""
    john james robert michael william david richard joseph thomas charles christopher daniel
    matthew anthony mark donald steven paul andrew joshua kenneth kevin brian george timothy
    ronald edward jason jeffrey ryan jacob gary nicholas eric jonathan stephen larry justin scott
    brandon benjamin samuel frank gregory raymond alexander patrick jack dennis jerry tyler aaron
    jose henry adam douglas nathan peter zachary kyle walter harold jeremy ethan carl keith roger
    gerald christian terry sean arthur austin noah lawrence jesse joe bryan billy jordan albert
    dylan bruce willie gabriel alan juan logan wayne ralph roy eugene randy vincent russell louis
    philip bobby johnny bradley mary patricia jennifer linda elizabeth barbara susan jessica sarah
    karen nancy lisa margaret betty sandra ashley dorothy kimberly emily donna michelle carol
    amanda melissa deborah stephanie rebecca laura sharon cynthia kathleen amy shirley angela
    helen anna brenda pamela nicole samantha katherine emma ruth christine catherine debra rachel
    carolyn janet virginia maria heather diane julie joyce victoria kelly christina joan evelyn
    lauren judith olivia frances martha cheryl megan andrea hannah jacqueline ann jean alice
    kathryn gloria teresa doris sara janice julia marie madison grace judy theresa beverly
    denise marilyn amber danielle abigail brittany rose diana natalie sophia alexis lori kayla jane
    hans klaus jürgen wolfgang michael stefan thomas andreas peter frank uwe karl heinz günter
    pierre jean jacques michel philippe alain françois louis marie claude bernard henri
    giovanni giuseppe antonio mario luigi francesco marco paolo carlo luca andrea
    carlos luis manuel javier miguel pedro jorge alberto fernando rafael
    wei li ming hui jun jian hong ying yan lei jing xiao yu hao chen yang lin
    hiroshi takashi kenji yuki akira satoshi
""")


# ISO 4 abbreviations of journal-title words ("phys", "astrophys", "lett"): made from the
# LTWA by training/corpora/make_iso4.py.
ISO4 = frozenset(resources.files("tagger.text").joinpath("lexicons/iso4.txt")
                 .read_text(encoding="utf-8").split())

# Journals cited by a code, not an abbreviation (tokens as the tokenizer makes them: "A&A"
# stays whole): physics, astronomy and chemistry, with the bibstems of the astrophysics data
# system ("PhRvA", "HEDP", "SSRv"); medicine; computer-science venues; classics
# (L'Année philologique: "TAPhA", "AJPh").
VENUE_CODES = _words("""
    a&a a&as a&ar ara&a aj apj apjl apjs mnras pasp pasj pasa baas aas icarus aipc
    prl pra prb prc prd pre prx prl jhep jcap epjc epja epjb plb npb npa cqg jpa jpb jpg rmp
    jcp jacs jpc jpcb jpcl pnas nar aap aapr jgr grl ptep ptp jetp jetpl
    phrva phrvb phrvc phrvd phrve phrvl phrvx phrvr prapplied rvmp phr phlb nupha nuphb natur
    ssrv p&ss soph icar hedp phpl phfl jphcs jinst nimpa nimpb jqsrt cqgra pthph lrr
    aspc iaus raa rmxaa newa newar mmsai epsl georl jgra jgre aipcp epl
    jama bmj nejm mmwr plos lncs pos cvpr iccv eccv pami ijcv nips neurips icml iclr aaai
    ijcai emnlp naacl kdd sigir sigmod vldb icde tapha ajph cph grbs hscph jrs jhs zpe
""")

# Classes looked up by the lower-cased word without a final stop, and by the word as written.
_LOWER_CASE_CLASSES = (("month", MONTHS), ("venue", VENUE_WORDS),
                       ("publisher", PUBLISHER_WORDS), ("place", PLACES), ("given", GIVEN_NAMES),
                       ("iso4", ISO4), ("venue-code", VENUE_CODES))
_HANGUL_ENDINGS = (("hangul-venue", HANGUL_VENUE_ENDINGS),
                   ("hangul-organization", HANGUL_ORGANIZATION_ENDINGS))
_EXACT_CLASSES = (("gbt", GBT_MARKERS), ("han-venue", HAN_VENUE), ("han-publisher", HAN_PUBLISHER))


@lru_cache(maxsize=1 << 14)
def classes(word: str) -> tuple[str, ...]:
    """The lexicon classes of one token, e.g. ("month",) for "Sept" or ("venue",) for "Proc"."""
    lower = word.lower().rstrip(".")
    found = [name for name, words in _LOWER_CASE_CLASSES if lower in words]
    if lower in KEYWORDS:
        found.append("kw-" + KEYWORDS[lower])
    found += [name for name, words in _EXACT_CLASSES if word in words]
    if "\uac00" <= word[-1] <= "\ud7af":
        found += [name for name, endings in _HANGUL_ENDINGS
                  if any(word.endswith(end) and len(word) > len(end) for end in endings)]
    return tuple(found)
