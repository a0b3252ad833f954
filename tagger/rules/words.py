"""Word lists the rules consult, all lower-cased.

The lists the CRF features use too come from `tagger.text.lexicon`, so both taggers read the same
words; the ones only the rules need (name particles, roles, note openers, …) live here,
each with what the lexicon lacks added where the rules need more.
"""

from ..text import lexicon


def _words(text: str) -> frozenset[str]:
    return frozenset(text.lower().split())


def _keywords(kind: str) -> frozenset[str]:
    return frozenset(word for word, what in lexicon.KEYWORDS.items() if what == kind)


MONTHS = lexicon.MONTHS
ACCESS_WORDS = lexicon.ACCESS_WORDS
THESIS_WORDS = lexicon.THESIS_WORDS
VENUE_WORDS = lexicon.VENUE_WORDS
PUBLISHER_WORDS = lexicon.PUBLISHER_WORDS | _words("""
    sons house erlbaum plenum freeman thorsons whurr dunod puf knopf vintage doubleday longman verso
""")
PLACES = lexicon.PLACES

# GB/T 7714 type codes inside brackets, whole: "[J]", "[C]", "[EB/OL]"; any code read online
# takes "/OL" ("[R/OL]", "[D/OL]").
GBT_TYPES = lexicon.GBT_MARKERS | {f"{code}/OL" for code in lexicon.GBT_MARKERS - {"OL"}}

# GOST (Russian) writes "Т. 42", "Вып. 3", "С. 12–20" ("С." only with its stop, as "S.").
PAGE_WORDS = _keywords("pages") | _words("pg pgs ss с стр")
VOLUME_WORDS = _keywords("volume") | _words("v tomo т том")
ISSUE_WORDS = _keywords("issue") | _words("nos fasc вып выпуск")
# Page words that are a letter alone, read as one only with their stop ("S. 12", "С. 12").
LETTER_PAGE_WORDS = ("S", "С")
# Words that announce a number: "pp. 12", "vol. 3", "no. 2".
ANNOUNCING_WORDS = PAGE_WORDS | VOLUME_WORDS | ISSUE_WORDS
# Korean, Chinese and Japanese markers mostly follow their number ("제 14 권", "第37卷",
# "86-87쪽"), though some styles set them first ("卷 11", "권2").
AFTER_NUMBER = {word: kind for word, kind in lexicon.KEYWORDS.items()
                if kind in ("pages", "volume", "issue") and not word.isascii()}
NTH = _keywords("nth")  # "제", "第": the number after them is the nth volume or issue

# Korean family names, one syllable or two: a Hangul word of two to four syllables that begins
# with one, at the head of a reference, is a person's name ("김영기, 박성택, 이승준 (2009)").
KOREAN_FAMILY_NAMES = frozenset("""
    김 이 박 최 정 강 조 윤 장 임 한 오 서 신 권 황 안 송 류 유 전 홍 고 문 양 손 배 백 허 남 심
    노 하 곽 성 차 주 우 구 민 진 나 지 엄 채 원 천 방 공 현 함 변 염 여 추 도 소 석 선 설 마 길
    연 위 표 명 기 반 왕 금 옥 육 인 맹 제 모 탁 국 어 은 편 용 예 경 봉 사 부 태 목 형 계 피
    황보 남궁 제갈 선우 독고 사공 서문
""".split())
EDITION_WORDS = _keywords("edition") | _words("ed éd")
EDITOR_WORDS = _keywords("editor") | _words("ed. eds. éd éds dirs")
TRANSLATOR_WORDS = _keywords("translator")

# Words that open a container after a comma in IEEE style ("…, Proc. of …", "…, J. Logic").
VENUE_OPENERS = _words("""
    proc proceedings journal j jour trans transactions conf conference symp symposium workshop
    ieee acm siam lncs lecture bulletin bull annals ann revue rev zeitschrift acta advances adv
    international intl int annual in
""")

# Korean cities that publishers give as their place ("서울: 박영사"): Hangul has no capitals,
# so the rules know a place there by name.
KOREAN_PLACES = frozenset("서울 부산 대구 인천 광주 대전 울산 세종 파주 성남 수원 고양 춘천 전주 청주 "
                          "제주".split())

# Cities GOST abbreviates before the publisher ("— М.: Наука", "Л.: Изд-во ЛГУ", "СПб.: Питер",
# "Мн.: Выш. шк.", "К.: Наук. думка"): one or three letters, which no capitalized word is.
GOST_PLACES = frozenset("М Л СПб Спб Мн К".split())

# Countries and regions that close an address ("San Jose, CA", "Sandbjerg, Denmark").
COUNTRIES = _words("""
    usa us uk germany france italy spain japan china canada australia netherlands switzerland
    sweden norway denmark finland austria belgium brazil india russia israel korea mexico
    portugal poland greece ireland scotland england wales hungary czech argentina chile taiwan
    california massachusetts ontario quebec texas virginia maryland pennsylvania
""")

NAME_PARTICLES = lexicon.NAME_PARTICLES

NAME_SUFFIXES = _words("jr sr ii iii iv")

# Capitalized words that open titles, never a given name ("Williams, Daniel, The Spirit").
NOT_GIVEN_NAMES = _words("the a an le la les l der die das el il lo los las un une ein eine "
                         "on in of")

# Roles after a name in film and music references: "Yates, D. (Director)".
ROLE_WORDS = _words("director directors producer producers writer composer performer host "
                    "artist photographer narrator")

# Words that join two names in an author list (compared case-sensitively: "E." is an initial).
NAME_JOINERS = frozenset("and & und et y e och og a".split())

# Chinese for "and others" closing an author list.
ET_AL_HAN = frozenset("等")
# Chinese and Korean "and N others" ("千相默 外 3人", "백선영 외 3인"): the word, and the word
# for persons after the number.
AND_OTHERS = frozenset("外외")
PERSONS = frozenset("人인명")

# Words that make a capitalized first sentence a body's name ("Society of Critical Care
# Medicine."), and first words that make it a container's ("Proceedings of the Royal Society.").
BODY_WORDS = _words("""society association organization organisation consortium institute
    institutes committee council department agency center centers centre centres collaboration
    board foundation bureau commission group team panel ministry federation academy network
    alliance administration""")
# What a Chinese or Japanese body's name ends in ("…检验检疫总局", "国家统计局", "…研究院").
HAN_BODY_ENDINGS = ("委员会", "联合会", "基金会", "办公室", "研究院", "研究所", "研究中心", "协会",
                    "学会", "总局", "公司", "集团", "政府", "组织", "中心", "银行", "局", "部", "院",
                    "厅", "署", "会")
CONTAINER_OPENERS = _words("journal proceedings annals transactions bulletin review reports "
                           "report annual")

# Words naming the kind of document, labelled `genre` ("PhD thesis", "Tech. Rep.").
GENRE_WORDS = _words("""
    thesis dissertation diss report tech technical rep phd ph master masters doctoral manuscript
""")

# Words opening a `note` ("Retrieved from", "Available at", "Accessed").
NOTE_WORDS = _words("retrieved available accessed access viewed cited last visited")

