"""The `auto` engine: the CRF answers; a reference it is unsure of (mean confidence under the
manifest's `rules_evidence.below`) or whose author list it ended where no list can end
(tagger/doubts/) is decoded again with the rule labels as evidence ("crf+rules"); a model that
cannot load leaves the rules to answer, after one warning."""

import json
import warnings

import numpy as np
import pycrfsuite
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagger import parse, parse_many
from tagger.crf.decode import viterbi
from tagger.doubts import (access_date, author_doubts, book_after_editors, bracketed_acronym,
                           bracketed_genre, bracketed_imprint, bracketed_translator,
                           container_after_slashes, doubted, glued_journal, group_after_et_al,
                           group_before_journal, group_before_title, identifiers, japanese_quotes,
                           journal_after_vancouver_list, law_citation, lettered_pages, missing_year,
                           page_of_volume_less_journal, pages_after_year, pages_in_volume,
                           proceedings_of_science, publisher_after_place, quoted_journal,
                           quoted_title, quoted_title_whole, range_as_volume, reading_checks,
                           role_names, series_number, title_end_before_colon, title_past_its_quote,
                           vancouver_volume, vancouver_year, venue_head)
from tagger.evaluate import evaluate
from tagger.crf.features import featurize
from tagger.crf.model import ModelError, load_model, manifest_path, read_weights
from tagger.text.normalize import normalize
from tagger.parse import ModelWarning
from tagger.text.tokenize import tokenize
from tagger.crf.train import REPO


APA = ("Brischoux, F., Chakraborty, S., Brierley, D.I., and Ungless, M.A. (2009). Phasic "
       "excitation of dopamine neurons in ventral VTA by noxious stimuli. Proc Natl Acad Sci "
       "U S A 106, 4894–4899.")
# (No check's shape but "(n.d.)": "[private communication]", which stood here, is now a note.)
ODD = "Dr. K. Hui.?? (n.d.) see: sec 4 — notes ... [personal remark] ~ 12 / 3"


def labels_of(reference):
    return [token["label"] for token in reference.tokens]


def test_a_threshold_above_every_confidence_consults_the_rules_on_every_reference(evidence_model):
    model = evidence_model(1.01)
    refs = [parse(text, engine="auto", model=model) for text in (APA, ODD)]
    assert [ref.engine for ref in refs] == ["crf+rules", "crf+rules"]


def test_overwhelming_evidence_gives_the_rules_labels_and_none_the_crfs(tiny_model, evidence_model):
    """The bonus really reaches the decoding: worth nothing, the CRF's own path comes back
    (our Viterbi is crfsuite's); worth everything, the rules' labels do, but where what any
    reading must hold (doubts.reading_checks: ODD's "(n.d.)" is no year) decides."""
    for text in (APA, ODD):
        crf = labels_of(parse(text, engine="crf", model=str(tiny_model)))
        rules = parse(text, engine="rules")
        ruled = labels_of(rules)
        nothing, everything = (
            parse(text, engine="auto", model=evidence_model(1.01, weight))
            for weight in (0.0, 1e4))
        assert labels_of(nothing) == crf
        known = set(read_weights(tiny_model).labels)
        held = reading_checks([token["text"] for token in rules.tokens], ruled)
        assert [label for k, (label, rule) in enumerate(zip(labels_of(everything), ruled))
                if rule in known and k not in held] == \
            [rule for k, rule in enumerate(ruled) if rule in known and k not in held]


def test_a_zero_threshold_keeps_the_crf(evidence_model):
    model = evidence_model(0.0)
    refs = [parse(text, engine="auto", model=model) for text in (APA, ODD)]
    assert [ref.engine for ref in refs] == ["crf", "crf"]
    assert refs[0].fields == parse(APA, engine="crf", model=model).fields


def test_no_rules_evidence_in_the_manifest_keeps_the_crf(evidence_model):
    model = evidence_model(None)
    assert "rules_evidence" not in load_model(model).manifest
    assert parse(ODD, engine="auto", model=model).engine == "crf"


def test_the_threshold_is_applied_per_reference(tiny_model, evidence_model):
    confidences = {text: parse(text, engine="crf", model=str(tiny_model)).confidence
                   for text in (APA, ODD)}
    low, high = sorted(confidences, key=confidences.get)
    assert confidences[low] < confidences[high]
    model = evidence_model((confidences[low] + confidences[high]) / 2)
    assert parse(low, engine="auto", model=model).engine == "crf+rules"
    assert parse(high, engine="auto", model=model).engine == "crf"


def test_a_malformed_rules_evidence_is_a_clear_model_error(evidence_model):
    model = evidence_model(0.9)
    manifest = json.loads(manifest_path(model).read_text(encoding="utf-8"))
    manifest["rules_evidence"] = {"below": "high"}
    manifest_path(model).write_text(json.dumps(manifest), encoding="utf-8")
    with pytest.raises(ModelError, match="rules_evidence"):
        load_model(model)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ModelWarning)
        assert parse(APA, engine="auto", model=model).engine == "rules"


def test_engine_crf_ignores_the_rules_evidence(evidence_model):
    model = evidence_model(1.01, 1e4)
    assert parse(APA, engine="crf", model=model).engine == "crf"


def test_weights_read_from_the_file_are_crfsuites(tiny_model):
    tagger = pycrfsuite.Tagger()
    tagger.open(str(tiny_model))
    info, weights = tagger.info(), read_weights(tiny_model)
    assert weights.labels == tagger.labels()
    for (attribute, label), weight in info.state_features.items():  # the dump has 6 decimals
        assert weights.state[weights.row[attribute], weights.column[label]] == \
            pytest.approx(weight, abs=1e-6)
    assert sum(1 for w in weights.state.flat if w) == len(info.state_features)
    for (before, after), weight in info.transitions.items():
        assert weights.transition[weights.column[before], weights.column[after]] == \
            pytest.approx(weight, abs=1e-6)


def test_our_viterbi_finds_crfsuites_path(tiny_model):
    tagger = pycrfsuite.Tagger()
    tagger.open(str(tiny_model))
    weights = read_weights(tiny_model)
    for line in (REPO / "data" / "gold.jsonl").read_text(encoding="utf-8").splitlines()[:50]:
        norm = normalize(json.loads(line)["text"])
        sequence = featurize(tokenize(norm.text), norm.text)
        expected = tagger.tag(pycrfsuite.ItemSequence(sequence))
        assert weights.decode(sequence, [("O", 0.0)] * len(sequence)) == expected


def test_threads_sharing_the_model_get_what_one_thread_gets(gold_sample):
    """The model's one crfsuite Tagger holds one sequence at a time; re-decoding an unsure
    reference must not use another thread's."""
    from concurrent.futures import ThreadPoolExecutor

    texts = [json.loads(line)["text"] for line in gold_sample[:120]]
    alone = [parse(text).to_dict() for text in texts]
    assert {ref["engine"] for ref in alone} == {"crf", "crf+rules"}
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(lambda text: parse(text).to_dict(), texts * 3))
    assert together == alone * 3


def test_viterbi_by_hand():
    """Two tokens, two labels: the second token prefers label 1, unless switching costs more
    than it gains."""
    scores = np.array([[2.0, 0.0], [0.0, 1.5]])
    assert viterbi(scores, np.array([[0.0, 0.0], [0.0, 0.0]])) == [0, 1]
    assert viterbi(scores, np.array([[0.0, -2.0], [0.0, 0.0]])) == [0, 0]  # 2 + 0 > 2 - 2 + 1.5


@pytest.fixture(scope="module")
def gold_sample():
    return (REPO / "data" / "gold.jsonl").read_text(encoding="utf-8").splitlines()[:300]


def test_shipped_auto_is_not_worse_than_the_crf_on_a_fixed_gold_sample(gold_sample):
    records = [json.loads(line) for line in gold_sample]
    load_model.cache_clear()
    scores = {engine: evaluate(records, engine=engine).core_f1
              for engine in ("auto", "crf", "rules")}
    assert load_model().manifest["rules_evidence"]
    assert scores["auto"] >= scores["crf"] - 0.002
    assert scores["crf"] >= 0.95 and scores["rules"] >= 0.85


def test_a_broken_model_under_auto_warns_once_for_many_references(tiny_model, tmp_path):
    model = tmp_path / "broken.crfsuite"
    model.write_bytes(tiny_model.read_bytes()[:100])  # truncated: its sha256 no longer matches
    manifest_path(model).write_text(manifest_path(tiny_model).read_text(encoding="utf-8"))
    load_model.cache_clear()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        refs = [parse(APA, engine="auto", model=str(model)) for _ in range(30)]
        refs += list(parse_many([ODD] * 30, engine="auto", model=str(model)))
    assert {ref.engine for ref in refs} == {"rules"} and len(refs) == 60
    model_warnings = [w for w in caught if issubclass(w.category, ModelWarning)]
    assert len(model_warnings) == 1
    assert "does not match its manifest" in str(model_warnings[0].message)


def test_calibration_keeps_the_best_pair_and_the_lowest_threshold_among_equals():
    """A reference the rules put right at confidence 0.9 and one they would spoil at 0.99:
    every weight does the same, so the pair is the lowest threshold above 0.9 that re-decodes
    the first alone, with the lowest weight."""
    from training.models.calibrate_auto import WEIGHTS, choose

    helped = {"confidence": 0.9, "held": (0, 1, 1), **{w: (1, 0, 0) for w in WEIGHTS}}
    spoilt = {"confidence": 0.99, "held": (1, 0, 0), **{w: (0, 1, 1) for w in WEIGHTS}}
    assert choose([helped, spoilt]) == (0.91, 0.25)
    assert choose([spoilt]) == (0.8, 0.25)  # no help anywhere: re-decode as little as can be


def tokens_and_labels(text, *runs):
    """`text`'s tokens, and labels given as (label, how many tokens) runs."""
    tokens = tokenize(normalize(text).text)
    labels = [label for label, count in runs for _ in range(count)]
    assert len(labels) == len(tokens), [token.text for token in tokens]
    return tokens, labels


@pytest.mark.parametrize("text, runs, doubted", [
    # the last initial taken by the journal: "…; Xia," has no initials left
    ("Matyjaszewski, K.; Xia, J. Chem. Rev. 2001",
     [("author", 7), ("venue", 6), ("year", 1)], ["J", "."]),
    ("Xia, J. Chem. Rev. 2001", [("author", 2), ("venue", 6), ("year", 1)], ["J", "."]),
    # a one-word journal read as a given name after the initials, a number after it
    ("Grubbs, R. H. Tetrahedron 2004, 60", [("author", 7), ("year", 2), ("volume", 1)],
     ["Tetrahedron"]),
    ("Corey, E. J.; Kim, C. U. Tetrahedron 1972",
     [("author", 14), ("year", 1)], ["Tetrahedron"]),
    # "et al." ends a list
    ("Yu, et al., Drugs & Aging, 1997", [("author", 9), ("year", 2)], ["Drugs", "&", "Aging"]),
])
def test_an_author_list_ended_where_no_list_can_end_is_doubted(text, runs, doubted):
    tokens, labels = tokens_and_labels(text, *runs)
    doubts = author_doubts(tokens, labels)
    assert [tokens[i].text for i in doubts] == doubted
    assert set(doubts.values()) == {None}  # the rules decide


@pytest.mark.parametrize("text, runs, decided", [
    # names given first, the last item initials alone: the next word is its family name…
    ("M. Holst and G. Tsogtgerel The Lichnerowicz equation",
     [("author", 5), ("title", 5)],
     [(".", "author"), ("Tsogtgerel", "author"), ("The", "title")]),
    ("A. Janvier, J. Lantos Ethics and etiquette",
     [("author", 5), ("title", 5)],
     [(".", "author"), ("Lantos", "author"), ("Ethics", "title")]),
    ("S. Davis, K. McDougall Diabetes education",
     [("author", 5), ("title", 5)],
     [(".", "author"), ("Mc", "author"), ("Dougall", "author"), ("Diabetes", "title")]),
    ("I. Cherednik, B. Feigin, Rogers-Ramanujan type",
     [("author", 5), ("title", 7)], [(".", "author"), ("Feigin", "author")]),
    # a given name cut to two letters ("Yu.", "YA."), and a list of initials alone
    ("A.N. Zotova and D.Yu. Vodolazov, Intrinsic detection",
     [("author", 9), ("title", 5)], [(".", "author"), ("Vodolazov", "author")]),
    ("S. S. POLYAK et V. YA. SHTERN. Kinet. Katal.",
     [("author", 9), ("venue", 7)], [(".", "author"), ("SHTERN", "author")]),
    ("J. Isenberg Constant mean curvature",
     [("author", 1), ("title", 5)],
     [(".", "author"), ("Isenberg", "author"), ("Constant", "title")]),
    # a quote opened after a comma in the authors' run opens the title
    ("심병연, '가. 의사가 환자에게', 대법원",
     [("author", 4), ("title", 4), ("venue", 2)], [("'", "title"), ("가", "title")]),
    ('Smith, J., "A study of things", Nature',
     [("author", 7), ("title", 4), ("venue", 2)], [('"', "title"), ("A", "title")]),
    # …unless it is a journal's abbreviated word: then the initials open the journal
    ("A. Kolmogoroff, C. R. Acad. Sci., 30",
     [("author", 7), ("venue", 6), ("volume", 1)],
     [("C", "venue"), (".", "venue"), ("R", "venue"), (".", "venue")]),
    # a whole last name, its stop, then words no name is made of: they open the next field
    ("R. G. SALOMON et J. K. KOCHI. J. Am. Chem. Soc. 96",
     [("author", 13), ("venue", 7), ("volume", 1)], [("J", "venue")]),
    ("J. P. DOUCET et R. UZAN. C. R. Acad. Sci.",
     [("author", 13), ("venue", 5)],
     [("C", "venue"), (".", "venue"), ("R", "venue")]),
    ("P. Cousot and R. Cousot.A unified lattice",
     [("author", 9), ("title", 2)], [("A", "title")]),
])
def test_where_an_author_list_ends_is_decided(text, runs, decided):
    tokens, labels = tokens_and_labels(text, *runs)
    doubts = author_doubts(tokens, labels)
    assert [(tokens[i].text, label) for i, label in sorted(doubts.items())] == decided


@pytest.mark.parametrize("text, runs", [
    ("Matyjaszewski, K.; Xia, J. Chem. Rev. 2001", [("author", 9), ("venue", 4), ("year", 1)]),
    ("Heck, R. F.; Nolley, J. P., Jr. J. Org. Chem. 1972",
     [("author", 16), ("venue", 6), ("year", 1)]),
    # names given first: "R. Keucheyan" and "X. Poux" are whole names before the year
    ("Cédric Durand, R. Keucheyan 2012", [("author", 6), ("year", 1)]),
    ("M. Leroy, X. Poux 2005", [("author", 7), ("year", 1)]),
    ("P. W. Anderson, Phys. Rev. 109, 1492 (1958)",
     [("author", 6), ("venue", 4), ("volume", 1), ("O", 1), ("pages", 1), ("year", 3)]),
    ("No authors here 2004", [("title", 3), ("year", 1)]),
    ("A. Kolmogoroff, C. R. Acad. Sci., 30", [("author", 4), ("venue", 9), ("volume", 1)]),
    # family names first: "Smith, J." is a whole item
    ("Smith, J., Jones, K. Phys. Rev.", [("author", 9), ("venue", 4)]),
    ("M. Holst and G. Tsogtgerel The Lichnerowicz", [("author", 7), ("title", 2)]),
    # a body's name
    ("U.S. Department of the Interior, National", [("author", 3), ("title", 7)]),
    # a given name abbreviated to two letters, and names glued to "et", are names
    ("V. YA. SHTERN. The gas phase", [("author", 6), ("title", 3)]),
    ("R. J. GALLETC. A. KOYAL. J. Am.", [("author", 9), ("venue", 5)]),
    ("A. DEHNELETG. LAVIELLE. Bull. Soc.", [("author", 6), ("venue", 4)]),
    # a group's name or more names after "et al." are the authors' too
    ("Abrahamyan, S., et al.: PREX Collaboration. Phys. Rev.", [("author", 11), ("venue", 5)]),
    ("S. Kneip et al.P. Rajeev, J. Schreiber,Phys", [("author", 14), ("venue", 1)]),
])
def test_a_whole_author_list_is_not_doubted(text, runs):
    assert author_doubts(*tokens_and_labels(text, *runs)) == {}


def test_chemistrys_author_lists_come_out_whole_under_auto():
    """The shipped model reads "Xia, J. Chem. Rev." as "Xia" and "J. Chem. Rev.", and is sure
    of it; `auto` doubts a list ended in a bare family name and lets the rules decide."""
    for text, author, venue in (
            ("Matyjaszewski, K.; Xia, J. Chem. Rev. 2001, 101, 2921–2990.",
             "Matyjaszewski, K.; Xia, J", "Chem. Rev"),
            ("Kresse, G.; Furthmüller, J. Phys. Rev. B 1996, 54, 11169–11186.",
             "Kresse, G.; Furthmüller, J", "Phys. Rev. B"),
            ("Grubbs, R. H. Tetrahedron 2004, 60, 7117–7140.", "Grubbs, R. H", "Tetrahedron"),
            # a last name's second initial before a journal of one whole word: no "J." journal
            ("Rosen, R. K.; Timmers, F. J. Organometallics 1996, 15, 1518–1520.",
             "Rosen, R. K.; Timmers, F. J", "Organometallics")):
        ref = parse(text)
        assert ref.engine == "crf+rules"
        assert (ref.fields["author"], ref.fields["venue"]) == (author, venue)


def test_a_last_author_of_initials_alone_gets_its_family_name_under_auto():
    """The shipped model ends these lists at the last initials and gives the family name to
    the title, sure of it; `auto` gives the name back to the authors."""
    for text, author, title in (
            ("M. Holst and G. Tsogtgerel The Lichnerowicz equation on compact manifolds with "
             "boundary. Class.Quantum Grav .30 ( 2013),1 -31.", "M. Holst and G. Tsogtgerel",
             "The Lichnerowicz equation on compact manifolds with boundary"),
            ("I. Cherednik, B. Feigin, Rogers-Ramanujan type identities and Nil-DAHA, Adv. Math. "
             "248 (2013), 1050-1088.", "I. Cherednik, B. Feigin",
             "Rogers-Ramanujan type identities and Nil-DAHA")):
        assert parse(text, engine="crf").fields["author"] != author
        ref = parse(text)
        assert ref.engine == "crf+rules"
        assert (ref.fields["author"], ref.fields["title"]) == (author, title)


@pytest.mark.parametrize("text, runs, journal_words", [
    ("Monolithic geometric anti-spring bladesNucl .Instrum .Methods Phys .Res .A 540",
     [("title", 10), ("venue", 6), ("volume", 1)], ["Nucl", ".", "Instrum", "."]),
    ("on elliptic curves,Progr .Math .213", [("title", 6), ("venue", 2), ("volume", 1)],
     ["Progr", "."]),
])
def test_a_journal_glued_to_the_title_in_pdf_text_is_given_back(text, runs, journal_words):
    tokens, labels = tokens_and_labels(text, *runs)
    decided = glued_journal(tokens, labels)
    assert [tokens[i].text for i in sorted(decided)] == journal_words
    assert set(decided.values()) == {"venue"}


@pytest.mark.parametrize("text, runs", [
    # a word set as a stop ends a sentence, not as PDF text sets a journal's abbreviations
    ("recommendations of European LeukemiaNet. Blood. Sep 15",
     [("title", 6), ("venue", 4)]),
    ("depends on Rho-GTPase .Mol .Biol .Cell", [("title", 5), ("venue", 6)]),
])
def test_a_title_ending_in_a_glued_capital_is_left_alone(text, runs):
    assert glued_journal(*tokens_and_labels(text, *runs)) == {}


def test_a_bare_arxiv_number_read_as_pages_is_decided_as_arxiv():
    text = "O. Bär, Phys. Rev. D87, 014505 (2013), 1209.2258"
    tokens, labels = tokens_and_labels(text, ("author", 4), ("venue", 5), ("volume", 1),
                                       ("pages", 2), ("year", 4), ("pages", 1))
    assert doubted(tokens, labels) == {len(tokens) - 1: "arxiv"}
    # numbers not dated as arXiv dates its numbers: a year, a page, "2016.1234", "0013.4567"
    for word in ("2013", "014505", "2016.1234", "0013.4567", "1213.4567"):
        tokens, labels = tokens_and_labels(word, ("pages", 1))
        assert identifiers(tokens, labels, [word]) == {}
    tokens, labels = tokens_and_labels("1209.2258", ("arxiv", 1))
    assert identifiers(tokens, labels, ["1209.2258"]) == {}
    tokens, labels = tokens_and_labels("0706.0312v2", ("pages", 1))
    assert identifiers(tokens, labels, ["0706.0312v2"]) == {0: "arxiv"}


def test_a_doi_read_as_another_field_is_decided_unless_a_url_holds_it():
    text = "Journal of the Korean Geotechnical Society, 31(11), 41-48. 10.7843/kgs.2015.31.11.41."
    tokens, labels = tokens_and_labels(text, ("venue", 7), ("volume", 1), ("issue", 3),
                                       ("pages", 5), ("publisher", 2))
    assert doubted(tokens, labels) == {len(tokens) - 2: "doi"}
    glued = "http ://dx.doi.org/10.5170/CERN-1975-005"
    tokens = tokenize(normalize(glued).text)
    labels = ["url"] * len(tokens)
    assert identifiers(tokens, labels, [t.text for t in tokens]) == {}


def test_a_named_issn_read_as_pages_is_a_note():
    """ISO 690 (texlive-doc's Zpravodaj article): "…, pp. 246–251. issn 0896-3207." read the
    ISSN's two groups of digits as more pages. AnyStyle's corpora label an ISSN isbn: kept."""
    text = "TUGboat. Vol. 39, no. 3, pp. 246–251. issn 0896-3207."
    tokens, labels = tokens_and_labels(text, ("venue", 2), ("volume", 4), ("issue", 4),
                                       ("pages", 11))
    words = [token.text for token in tokens]
    issn = words.index("issn")
    assert identifiers(tokens, labels, words) == {issn + k: "note" for k in range(4)}
    assert identifiers(tokens, labels[:issn] + ["isbn"] * 4 + ["pages"], words) == {}
    # a number after the word that is no ISSN (not eight digits) is left alone
    tokens, labels = tokens_and_labels("ISSN 12-34", ("pages", 4))
    assert identifiers(tokens, labels, [token.text for token in tokens]) == {}


def test_auto_labels_the_arxiv_number_ending_a_physics_reference():
    for text in ("O. Bär, M. Golterman, Phys. Rev. D87, 014505 (2013), 1209.2258",
                 "S. Syritsyn, PoS LATTICE2013, 009 (2014), 1403.4686"):
        ref = parse(text)
        assert ref.fields.get("arxiv") == text[-9:] and text[-9:] not in ref.fields.get("pages", "")
        assert parse(text, engine="rules").fields.get("arxiv") == text[-9:]


def test_a_year_read_as_a_volume_or_a_type_where_no_date_was_found_is_the_year():
    words = ["经济研究", ",", "2009", ",", "44", "(", "3", ")"]
    assert missing_year(words, ["venue", "O", "volume", "volume", "volume", "issue", "issue",
                                "issue"]) == {2: "year"}
    # a date found elsewhere leaves the volume alone, and a volume not shaped like a year too
    assert missing_year(["2009", "2010"], ["year", "volume"]) == {}
    assert missing_year(["44", "2009a"], ["volume", "genre"]) == {1: "year"}
    assert missing_year(["44", "2100"], ["volume", "volume"]) == {}
    # a volume a word announces is one ("Volume 2000 N°1"); a date's month and day go with it
    assert missing_year(["Volume", "2000"], ["volume", "volume"]) == {}
    assert missing_year(["vol", ".", "1999"], ["volume"] * 3) == {}
    assert missing_year(["(", "2019", "-", "05", "-", "01", ")"], ["genre"] * 7) == dict.fromkeys(
        range(1, 6), "year")
    # a note's date after "Published" is the year, the word no field's; an access date is not
    assert missing_year(["Published", "2020", ".", "Accessed", "2021"], ["note"] * 5) == {
        0: "O", 1: "year"}


@pytest.mark.parametrize("text, year", [
    # GB/T 7714: a title that opens with a year made the journal's year its volume
    ("[5] 刘伟. 2008年北京奥运会的经济影响[J]. 经济研究, 2009, 44(3): 12-20.", "2009"),
    # GB/T 7714's web page: its date ran into the document type
    ("[9] Zhang Y, Wang L. Fuzzing: a survey[EB/OL]. (2019-05-01)[2020-03-04]. "
     "https://example.org/fuzz.", "2019-05-01"),
    # the same, where the CRF's own year ("2019年国…") was lost to the title when the rules'
    # evidence was added: the last reading is checked
    ("[10] 国家统计局. 2019年国民经济和社会发展统计公报[EB/OL]. (2020-02-28)[2020-03-01]. "
     "http://www.stats.gov.cn/tjsj/.", "2020-02-28"),
])
def test_auto_finds_the_year_the_crf_gave_another_field(text, year):
    fields = parse(text).fields
    assert fields["year"] == year
    assert year not in fields.get("volume", "") + fields.get("genre", "")


def test_a_title_run_past_double_slashes_gives_what_follows_them_to_the_venue():
    text = "Смирнов К.Ф. Звериный стиль // Скифо-сибирский звериный стиль. М., 1976."
    tokens = tokenize(normalize(text).text)
    words = [token.text for token in tokens]
    k = words.index("/")
    end = words.index(".", k)
    labels = ["author"] * 5 + ["title"] * (end - 5) + ["location"] * (len(words) - end)
    decided = container_after_slashes(tokens, labels, words)
    assert decided == {k: "title", k + 1: "title", **dict.fromkeys(range(k + 2, end), "venue")}
    # a URL's slashes are inside one token, and "//" with no title on both sides is left alone
    assert container_after_slashes(tokens, ["venue"] * len(words), words) == {}
    # an author run past "//" took the title too: the rules decide where the names end
    labels = ["author"] * end + ["location"] * (len(words) - end)
    decided = container_after_slashes(tokens, labels, words)
    assert all(decided[i] is None for i in range(k)) and decided[k + 2] == "venue"


@pytest.mark.parametrize("text, title, venue", [
    ("Иванов И. И., Петров П. П. Методы машинного обучения // Вестник МГУ. 2018. Т. 42, № 3. "
     "С. 12–20.", "Методы машинного обучения", "Вестник МГУ"),
    ("Jekeli Сh. Potential Theory and Static Gravity Field of the Earth // Treatise on geophysics."
     " Elsevier. 2009. Vol. 3. P. 11–42.", "Potential Theory and Static Gravity Field of the "
     "Earth", "Treatise on geophysics"),
])
def test_gost_references_end_the_title_at_double_slashes_under_auto(text, title, venue):
    """(The CRF knows no Cyrillic volume marker: "Вестник МГУ. Т" may keep the "Т".)"""
    fields = parse(text).fields
    assert fields["title"] == title and fields["venue"].startswith(venue)
    assert "/" not in fields["title"] + fields.get("author", "")


def test_what_follows_a_place_and_its_colon_is_the_publisher():
    words = ["前沿", ".", "北京", ":", "科学出版社", ",", "2019"]
    labels = ["venue", "venue", "location", "O", "venue", "O", "year"]
    assert publisher_after_place(words, labels) == {4: "publisher"}
    # a venue's own colon ("Proc.: Math.") and a place without one are left alone
    assert publisher_after_place(words, ["venue"] * 5 + ["O", "year"]) == {}
    assert publisher_after_place(["Paris", ",", "Nature"], ["location", "O", "venue"]) == {}
    fields = parse("[6] 刘洋. 深度学习在医学影像中的应用[M]//王伟. 人工智能前沿. 北京: 科学出版社, "
                   "2019: 45-67.").fields
    assert (fields["venue"], fields["location"], fields["publisher"]) == (
        "人工智能前沿", "北京", "科学出版社")


def test_a_date_after_cited_is_a_note():
    words = ["2020", "[", "cited", "2021", "Mar", "5", "]"]
    labels = ["year", "note", "note", "year", "year", "year", "year"]
    assert access_date(words, labels) == {2: "note", 3: "note", 4: "note", 5: "note"}
    # the only date the reference prints is a note too, when it is the access date
    words = ["Accessed", ":", "May", "3", ",", "2019", "."]
    labels = ["note", "note", "note", "note", "year", "year", "year"]
    assert access_date(words, labels) == dict.fromkeys(range(7), "note")
    assert access_date(["2019", "."], ["year", "year"]) == {}
    fields = parse("Smith J, Doe A. Title of web article [Internet]. Bethesda (MD): National "
                   "Library of Medicine (US); 2020 [cited 2021 Mar 5]. Available from: "
                   "https://www.ncbi.nlm.nih.gov/books/NBK12345/").fields
    # (the rules' place and publisher leave NLM's "(US);" to the year's brackets, "(US); 2020")
    assert fields["year"].endswith("2020") and "2021" not in fields["year"]
    assert "2021 Mar 5" in fields["note"]


def test_apas_bracketed_translator_leaves_the_title():
    words = ["Basic", "writings", "(", "D", ".", "F", ".", "Krell", ",", "Trans", ".", ")", "."]
    labels = ["title"] * 9 + ["translator"] * 2 + ["O"] * 2
    assert bracketed_translator(words, labels) == dict.fromkeys(range(2, 12), "translator")
    # a bracket in a title that names no translator stays the title's
    words = ["Iliad", "(", "Books", "1", ",", "2", ")"]
    assert bracketed_translator(words, ["title"] * 7) == {}
    fields = parse("Piaget, J. (1952). The origins of intelligence in children (M. Cook, Trans.)."
                   " International Universities Press.").fields
    assert fields["title"] == "The origins of intelligence in children"
    assert fields["translator"].startswith("M. Cook")


def test_apas_bracketed_thesis_ending_a_title_is_its_genre():
    words = ["Rhythm", "(", "Doctoral", "dissertation", ")", ".", "Stanford"]
    labels = ["title"] * 6 + ["publisher"]
    assert bracketed_genre(words, labels) == dict.fromkeys(range(1, 5), "genre")
    # inside the title, or naming no thesis, a bracket stays the title's
    assert bracketed_genre(words, ["title"] * 7) == {}
    assert bracketed_genre(["A", "(", "review", ")", "."], ["title"] * 4 + ["O"]) == {}
    ref = parse("Smith, J. (2015). Deep learning for protein folding (Doctoral dissertation). "
                "Stanford University, Stanford, CA.")
    assert ref.fields["title"] == "Deep learning for protein folding"
    assert ref.fields["genre"] == "Doctoral dissertation" and ref.type == "thesis"


@pytest.mark.parametrize("text, editor, venue", [
    ("Jones, K. and White, L. (2015) 'Chapter title', in Green, P. (ed.) Edited book. Oxford: "
     "Oxford University Press, pp. 10–25.", "Green, P. (ed.)", "Edited book"),
    ("Müller, T., Schmidt, A.: Titel des Aufsatzes. In: Meier, B. (Hrsg.) Sammelband, S. 12–34. "
     "Springer, Berlin (2015)", "Meier, B. (Hrsg.)", "Sammelband"),
])
def test_the_book_after_its_editors_role_is_the_venue(text, editor, venue):
    fields = parse(text).fields
    assert fields["editor"] == editor and fields["venue"].startswith(venue)
    words = ["Green", ",", "P", ".", "(", "ed", ".", ")", "Edited", "book", "."]
    labels = ["editor"] * 10 + ["O"]
    assert book_after_editors(words, labels) == {8: "venue", 9: "venue"}
    # a role word that closes the editor run leaves nothing to give
    assert book_after_editors(words[:8], labels[:8]) == {}


def _words_and_runs(text, runs):
    """The words of `text` and a labelling of them: (label, how many words) runs, the last
    run taking what is left."""
    words = [token.text for token in tokenize(normalize(text).text)]
    labels = [label for label, count in runs[:-1] for _ in range(count)]
    return words, labels + [runs[-1][0]] * (len(words) - len(labels))


def test_a_journals_first_word_taken_as_a_last_author_is_the_journals():
    words, labels = _words_and_runs("Grøn Ø., Am. J. Phys., 50 (1982) 1144.",
                                    [("author", 6), ("venue", 5), ("volume", 1)])
    tokens = tokenize(normalize("Grøn Ø., Am. J. Phys., 50 (1982) 1144.").text)
    assert venue_head(tokens, labels, words) == {4: "venue", 5: "venue"}
    # a name's suffix ("JR."), and a word no journal abbreviates, are the authors'
    for text, authors in (("E. W. GARBISCH, JR. J. Org. Chem. 30", 8),
                          ("Grøn Ø., Xq. J. Phys., 50", 6)):
        tokens = tokenize(normalize(text).text)
        words = [token.text for token in tokens]
        labels = ["author"] * authors + ["venue"] * (len(words) - authors)
        assert venue_head(tokens, labels, words) == {}


def test_a_quoted_title_ends_at_its_quote_where_the_book_follows():
    text = ('Eliot, T. S. "Tradition and the Individual Talent." Selected Essays. London: Faber, '
            '1932.')
    words, labels = _words_and_runs(text, [("author", 6), ("title", 11), ("location", 1),
                                           ("O", 1), ("publisher", 1), ("O", 1), ("year", 1)])
    assert quoted_title(words, labels) == {14: "venue", 15: "venue", 16: "venue"}
    # a quoted phrase opening a title whose journal the reading has is the title's own
    assert quoted_title(words, labels[:17] + ["venue"] * (len(words) - 17)) == {}
    fields = parse(text).fields
    assert (fields["title"], fields["venue"]) == ("Tradition and the Individual Talent",
                                                  "Selected Essays")


@pytest.mark.parametrize("text, translator", [
    ("Jaeger, W., Paideia: The Ideals of Greek Culture, trans. G. Highet, 3 vols (Oxford, "
     "1939–45).", "trans. G. Highet"),
    ("Bloch, M., Feudal Society, trans. L. A. Manyon, 2 vols (London, 1961).",
     "trans. L. A. Manyon"),
])
def test_a_translators_name_and_a_bracketed_imprint_come_out_whole(text, translator):
    fields = parse(text).fields
    assert fields["translator"] == translator and "venue" not in fields
    assert fields["location"] in ("Oxford", "London") and "issue" not in fields


def test_a_family_first_list_ends_at_its_initials_where_no_name_follows():
    text = "Silva, J. A. Reforma agrária no Brasil. Revista Brasileira de Economia, v. 45"
    words, labels = _words_and_runs(text, [("author", 11), ("title", 5), ("venue", 1)])
    tokens = tokenize(normalize(text).text)
    assert author_doubts(tokens, labels, words) == dict.fromkeys(range(6, 10), "title") | {10: None}
    text = "Jaeger W., Paideia. Die Formung des griechischen Menschen, Berlin 1934."
    words, labels = _words_and_runs(text, [("author", 6), ("title", 6), ("location", 1)])
    tokens = tokenize(normalize(text).text)
    assert author_doubts(tokens, labels, words) == {4: "title", 5: "title"}
    # a second family-first name, and a given-first list's second name, are names
    for text, count in (("Jaeger W., Paideia K. Die Formung des", 8),
                        ("A. Momigliano, Alien Wisdom. The Limits of", 7)):
        words, labels = _words_and_runs(text, [("author", count), ("title", 1)])
        tokens = tokenize(normalize(text).text)
        assert author_doubts(tokens, labels, words) == {}
    for text, fields in (
            ("Silva, J. A. Reforma agrária no Brasil. Revista Brasileira de Economia, Rio de "
             "Janeiro, v. 45, n. 2, p. 123-145, 1991.",
             {"author": "Silva, J. A", "title": "Reforma agrária no Brasil"}),
            ("Ginzburg, C., Spie. Radici di un paradigma indiziario, Torino, Einaudi, 1979.",
             {"author": "Ginzburg, C", "title": "Spie. Radici di un paradigma indiziario"})):
        parsed = parse(text).fields
        assert {key: parsed.get(key) for key in fields} == fields


def test_an_italian_journal_in_quotes_after_the_title_is_the_venue():
    text = "Rossi, M., La crisi del debito sovrano, «Rivista di Politica Economica», 101, n. 3"
    words, labels = _words_and_runs(text, [("author", 5), ("title", 12), ("volume", 2),
                                           ("issue", 3)])
    assert quoted_journal(words, labels) == dict.fromkeys(range(11, 17), "venue")
    # a quoted title right after the authors (French style) is the title
    words, labels = _words_and_runs("Dupont, P., « Les politiques », Revue, 53",
                                    [("author", 5), ("title", 6), ("venue", 1)])
    assert quoted_journal(words, labels) == {}
    fields = parse(text + " (2011), pp. 45-78.").fields
    assert (fields["title"], fields["venue"]) == ("La crisi del debito sovrano",
                                                  "Rivista di Politica Economica")
    # the venue's "in" goes, and with it the quotes it held inside
    assert parse("Bianchi, L., Il Rinascimento italiano, in «Studi Storici», 45, 2004, "
                 "pp. 113-140.").fields["venue"] == "Studi Storici"


def test_vancouvers_year_before_the_volume_is_the_year_where_the_title_holds_another():
    text = ("Zhu N, Zhang D, Wang W, et al. A novel coronavirus from patients with pneumonia in "
            "China, 2019. N Engl J Med. 2020;382(8):727-733.")
    words, labels = _words_and_runs(text, [("author", 12), ("title", 10), ("year", 2),
                                           ("venue", 5), ("volume", 3), ("issue", 3),
                                           ("pages", 4)])
    year = words.index("2020")
    assert vancouver_year(words, labels) == {22: None, 23: None, year: "year"}
    # a volume the year does not stand before ("Med. 382;2020") is left
    assert vancouver_year(words[:year] + ["382", ";", "2020"], labels[:year + 3]) == {}
    fields = parse(text).fields
    assert (fields["year"], fields["volume"]) == ("2020", "382")
    assert fields["title"].endswith("China, 2019")


def test_vancouvers_bare_number_between_the_date_and_the_pages_is_the_volume():
    words = ["Biochem", ".", "1976", "May", "7", ";", "72", ":", "248", "-", "54"]
    labels = ["venue"] * 2 + ["year"] * 3 + ["issue"] * 3 + ["pages"] * 3
    assert vancouver_volume(words, labels) == {6: "volume"}
    # a reading with a volume keeps its issue ("2021;44(5):12" has both)
    assert vancouver_volume(words, labels[:6] + ["volume"] + labels[7:]) == {}
    assert parse("Bradford MM. A rapid and sensitive method for the quantitation of protein. "
                 "Anal Biochem. 1976 May 7;72:248-54.").fields["volume"] == "72"


def test_a_group_named_before_the_title_is_the_authors():
    text = ("GBD 2019 Diseases and Injuries Collaborators. Global burden of 369 diseases and "
            "injuries in 204 countries and territories, 1990–2019. Lancet 2020; 396: 1204–22.")
    words, labels = _words_and_runs(text, [("title", 25), ("venue", 1), ("year", 2),
                                           ("volume", 2), ("pages", 4)])
    assert group_before_title(words, labels) == dict.fromkeys(range(7), "author")
    # a title whose first sentence names a group is a title where authors come first
    assert group_before_title(words, ["author"] + labels[1:]) == {}
    assert parse(text).fields["author"] == "GBD 2019 Diseases and Injuries Collaborators"


def test_a_titles_bracketed_acronym_stays_the_titles_where_no_venue_follows():
    text = ("World Health Organization. (2020). Coronavirus disease 2019 (COVID-19): Situation "
            "report, 72. https://apps.who.int/iris/handle/10665/331685")
    words, labels = _words_and_runs(text, [("author", 4), ("year", 4), ("title", 3),
                                           ("note", 11), ("url", 1)])
    assert bracketed_acronym(words, labels) == dict.fromkeys(range(11, 21), "title")
    # a publisher's "(CUP, 1977)" and a note's words in brackets are no acronym of the title
    for tail in (["(", "CUP", ",", "1977", ")", "."], ["(", "in", "Russian", ")", "."]):
        assert bracketed_acronym(["Practice"] + tail, ["title"] + ["note"] * len(tail)) == {}
    fields = parse(text).fields
    assert fields["title"] == "Coronavirus disease 2019 (COVID-19): Situation report, 72"
    fields = parse("Centers for Disease Control and Prevention. Coronavirus Disease 2019 "
                   "(COVID-19). Published 2020. Accessed May 1, 2020. "
                   "https://www.cdc.gov/coronavirus/2019-ncov/index.html").fields
    assert fields["title"] == "Coronavirus Disease 2019 (COVID-19)"
    assert (fields["year"], fields["note"]) == ("2020", "Accessed May 1, 2020")


def test_a_range_read_as_the_volume_where_no_pages_were_found_is_the_pages():
    words = ["Demonstrations", "38", "–", "45", "(", "ACL", ",", "2020", ")"]
    labels = ["venue"] + ["volume"] * 3 + ["O", "publisher", "O", "year", "O"]
    assert range_as_volume(words, labels) == {1: "pages", 2: "pages", 3: "pages"}
    # volumes a word announces ("Vol. 1-3") and days before a month are no pages
    assert range_as_volume(["Vol", "."] + words[1:], ["volume"] * 5 + labels[4:]) == {}
    assert range_as_volume(["Conference", "24", "-", "25", "janvier", "2014"],
                           ["venue", "volume", "volume", "volume", "year", "year"]) == {}
    assert parse("Wolf, T. et al. Transformers: state-of-the-art natural language processing. "
                 "In Proc. 2020 Conference on Empirical Methods in Natural Language Processing: "
                 "System Demonstrations 38–45 (Association for Computational Linguistics, "
                 "2020).").fields["pages"] == "38–45"


def test_japaneses_brackets_tell_the_title_from_the_journal():
    words = ["太郎", "(", "2015", ")", "「", "日本語", "」", "『", "言語研究", "』", "45"]
    labels = ["author"] + ["year"] * 4 + ["venue"] * 5 + ["volume"]
    assert japanese_quotes(words, labels) == {4: "title", 5: "title", 6: "title", 7: "venue",
                                              8: "venue", 9: "venue"}
    # a book's title in 『』 alone is the title, as the CRF reads it
    assert japanese_quotes(words[:4] + words[7:], labels[:4] + ["title"] * 3 + ["volume"]) == {}
    fields = parse("田中太郎 (2015)「日本語の文法」『言語研究』45(2), 12-34.").fields
    assert (fields["year"], fields["title"], fields["venue"]) == ("2015", "日本語の文法", "言語研究")


def test_a_role_words_initials_and_family_name_are_one_name():
    words = ["Society", ",", "trans", ".", "L", ".", "A", ".", "Manyon", ",", "2", "vols"]
    labels = ["title"] * 2 + ["translator"] * 6 + ["venue"] * 2 + ["volume"] * 2
    assert role_names(words, labels) == dict.fromkeys(range(2, 9), "translator")
    # an abbreviated journal word after "Trans." is a journal's ("Phil. Trans. R. Soc.")
    words = ["Phil", ".", "Trans", ".", "R", ".", "Soc", ".", "A"]
    assert role_names(words, ["venue"] * 2 + ["translator"] * 7) == {}


def test_places_and_a_year_in_brackets_are_the_imprint():
    words = ["Horace", "(", "Berkeley", "and", "Los", "Angeles", ",", "1964", ")", "."]
    labels = ["title", "O", "publisher", "publisher", "publisher", "publisher", "O", "year",
              "year", "O"]
    assert bracketed_imprint(words, labels) == {2: "location", 3: "location", 4: "location",
                                                5: "location", 7: "year"}
    # a publisher's name is no place; a bracket inside the title is the title's
    words[2:6] = ["Oxford", "University", "Press", "Ltd"]
    assert bracketed_imprint(words, labels) == {}
    assert bracketed_imprint(["Cartan", "(", "Lyon", ",", "1984", ")", ","],
                             ["title"] * 7) == {}



@pytest.mark.parametrize("text, fields", [
    ("Cass R. Sunstein, Nudges.gov: Behavioral Economics and Regulation, 64 Stan. L. Rev. 1 "
     "(2011).", {"author": "Cass R. Sunstein", "volume": "64", "venue": "Stan. L. Rev",
                 "pages": "1", "year": "2011"}),
    ("Eugene Volokh, Cheap Speech and What It Will Do, 104 Yale L.J. 1805, 1833–38 (1995).",
     {"title": "Cheap Speech and What It Will Do", "pages": "1805, 1833–38"}),
    ("Frank H. Easterbrook, Cyberspace and the Law of the Horse, 1996 U. Chi. Legal F. 207.",
     {"year": "1996", "venue": "U. Chi. Legal F", "pages": "207"}),
    ("Roe v. Wade, 410 U.S. 113, 153 (1973).",
     {"title": "Roe v. Wade", "volume": "410", "venue": "U.S", "pages": "113, 153"}),
    ("United States v. Microsoft Corp., 253 F.3d 34 (D.C. Cir. 2001).",
     {"title": "United States v. Microsoft Corp", "venue": "F.3d", "note": "D.C. Cir",
      "year": "2001"}),
    ("Donoghue v Stevenson [1932] AC 562 (HL).",
     {"title": "Donoghue v Stevenson", "year": "1932", "venue": "AC", "pages": "562"}),
    ("Jeremy Waldron, 'The Core of the Case Against Judicial Review' (2006) 115 Yale LJ 1346.",
     {"title": "The Core of the Case Against Judicial Review", "volume": "115",
      "venue": "Yale LJ", "pages": "1346"}),
])
def test_legal_citations_put_the_volume_before_the_source_and_the_year_last(text, fields):
    got = parse(text).fields
    assert {name: got.get(name) for name in fields} == fields


def test_the_legal_shape_needs_a_law_review_a_case_or_a_quoted_title():
    words, labels = _words_and_runs("A. Smith, Title, 64 Stan. L. Rev. 1 (2011).",
                                    [("author", 4), ("title", 2), ("volume", 1), ("venue", 6),
                                     ("pages", 1), ("year", 4)])
    assert law_citation(words, labels) == {}  # the CRF's reading already
    labels[6] = "title"
    decided = law_citation(words, labels)
    assert (decided[4], decided[6], decided[13], decided[15]) == ("title", "volume", "pages",
                                                                  "year")
    # "Phys. Rev. Lett." is no law review; a "v." particle of a name is no case
    words[7:13] = ["Phys", ".", "Rev", ".", "Lett", "."]
    assert law_citation(words, labels) == {}
    assert law_citation(*_words_and_runs("J. v. d. Berg [1932] AC 562.",
                                         [("author", 8), ("year", 3)])) == {}


def test_a_journals_bracketed_series_is_the_journals_and_the_number_after_it_the_volume():
    words, labels = _words_and_runs("J. Nash, Non-cooperative games, Ann. of Math. (2) 54 (1951), "
                                    "286–295.", [("author", 4), ("title", 5), ("venue", 5),
                                                 ("volume", 4)])
    series = words.index("2")
    assert series_number(words, labels) == {series - 1: "venue", series: "venue",
                                            series + 1: "venue", series + 2: "volume"}
    wiles = ("A. Wiles, Modular elliptic curves and Fermat's last theorem, Ann. of Math. (2) 141 "
             "(1995), no. 3, 443–551.")
    assert parse(wiles).fields["volume"] == "141"


def test_gosts_title_after_the_initials_is_the_title_and_its_imprint_stays_the_crfs():
    fields = parse("Иванов И. И. Теория вероятностей. — М.: Наука, 1985. — 320 с.").fields
    assert (fields["author"], fields["title"]) == ("Иванов И. И", "Теория вероятностей")
    assert (fields.get("location"), fields.get("publisher"), fields["year"]) == ("М", "Наука",
                                                                              "1985")


def test_gsas_title_ends_at_its_colon_before_the_journal():
    words, labels = _words_and_runs("Hoffman, P.F., 1998, A Neoproterozoic snowball Earth: "
                                    "Science, v. 281, p. 1342–1346.",
                                    [("author", 7), ("year", 2), ("title", 3), ("venue", 4),
                                     ("volume", 4), ("pages", 6)])
    earth = words.index("Earth")
    assert title_end_before_colon(words, labels) == {earth: "title", earth + 1: "title"}
    # a journal's own colon ("Proteins: Structure, Function and Genetics") has no "v." after
    assert title_end_before_colon(words[:earth + 4] + ["2001"], labels[:earth + 5]) == {}
    assert parse("Molnar, P., and Tapponnier, P., 1975, Cenozoic tectonics of Asia: Effects of "
                 "a continental collision: Science, v. 189, p. 419–426.").fields["venue"] == (
                     "Science")


@pytest.mark.parametrize("text, venue", [
    ("Zhang X,Wang Y.Chin Phys C,2018,42(1):013101", "Chin Phys C"),
    ("Zhang X, Wang Y. Chin Phys C, 2018, 42(1): 013101", "Chin Phys C"),
    ("Chiba, D.; Kobayashi, K.;Ono ,T .Nat Mater 2011 ,10 ,853 -856.", "Nat Mater")])
def test_a_journal_without_stops_after_a_vancouver_or_acs_list_is_the_venue(text, venue):
    fields = parse(text).fields
    assert (fields["venue"], fields.get("title")) == (venue, None)
    assert fields["author"] == text[:text.index(venue)].rstrip(" .")


def test_words_after_a_vancouver_list_are_a_journal_only_if_one_is_abbreviated():
    words, labels = _words_and_runs("Smith J. Modern Physics, 2018, 12: 34",
                                    [("author", 3), ("title", 3), ("year", 2)])
    assert journal_after_vancouver_list(words, labels) == {}
    words[3] = "Mod"
    assert journal_after_vancouver_list(words, labels) == {3: "venue", 4: "venue"}


@pytest.mark.parametrize("text, title", [
    ('T. Dierks and E. Rescorla, "The Transport Layer Security (TLS) Protocol Version 1.2," '
     "RFC 5246, Aug. 2008.", "The Transport Layer Security (TLS) Protocol Version 1.2"),
    ('R. Fielding, J. Gettys, and T. Berners-Lee, "Hypertext Transfer Protocol -- HTTP/1.1," '
     "RFC 2616, Jun. 1999.", "Hypertext Transfer Protocol -- HTTP/1.1"),
])
def test_a_quoted_title_is_whole_whatever_numbers_it_holds(text, title):
    assert parse(text).fields["title"] == title


def test_a_quoted_title_ends_at_its_quote_unless_pdf_text_glued_the_journal_to_it():
    text = '"A study of things 2," Journal of Stuff, vol. 3'
    tokens = tokenize(text)
    words = [token.text for token in tokens]
    labels = ["title"] * 5 + ["volume"] + ["title"] * 2 + ["venue"] * 3 + ["volume"] * 4
    assert quoted_title_whole(tokens, labels, words) == dict.fromkeys(range(1, 8), "title")
    glued = tokenize(text.replace('," ', ',"'))
    assert quoted_title_whole(glued, labels, words) == dict.fromkeys(range(1, 6), "title")
    assert quoted_title_whole(tokens, ["title"] * 8 + labels[8:], words) == {}


def test_a_quoted_title_ends_at_its_quote_where_in_opens_the_container():
    text = ("M. Artzy, ‘Nomads of the Sea’, in Res maritimae. Cyprus and the Eastern "
            "Mediterranean, Atlanta 1997, 1–16.")
    tokens = tokenize(text)
    words = [token.text for token in tokens]
    quote = words.index("’")
    labels = ["author"] * 4 + ["title"] * (quote + 4 - 4) + ["venue"] * 6
    labels += ["location"] * (len(words) - len(labels))
    assert title_past_its_quote(tokens, labels, words) == dict.fromkeys(
        range(quote + 2, quote + 4), "venue")
    # an apostrophe closes nothing, and words other than "in" may be the title's own
    words[quote + 2] = "Das"
    assert title_past_its_quote(tokens, labels, words) == {}


def test_a_page_read_into_the_volume_before_it_is_the_page():
    words = ["Nature", "248", ",", "30", "(", "1974", ")", "."]
    labels = ["venue", "volume", "volume", "volume", "year", "year", "year", "year"]
    assert pages_in_volume(words, labels) == {2: "O", 3: "pages"}
    assert pages_in_volume(words[:3] + ["R36"] + words[4:], labels) == {2: "O", 3: "pages"}
    # a reading with pages, or a volume's words ("Vol. 9, No. 2"), is left as it is
    assert pages_in_volume(words, labels[:3] + ["pages"] + labels[4:]) == {}
    assert pages_in_volume(words[:3] + ["No"] + words[4:], labels) == {}
    # an article number the tokenizer cut ("50,R36")
    cut = words[:3] + ["R", "36"] + words[4:]
    assert pages_in_volume(cut, labels[:3] + ["volume"] + labels[3:]) == {2: "O", 3: "pages",
                                                                          4: "pages"}


def test_the_number_after_volume_and_bracketed_year_is_the_page():
    words = ["Lett", ".", "66", "(", "1991", ")", "1951", "."]
    labels = ["venue", "venue", "volume", "year", "year", "year", "year", "year"]
    assert pages_after_year(words, labels) == {6: "pages"}
    words[6:] = [",", "1656", "-", "1658", "."]
    assert pages_after_year(words, labels[:6] + ["year"] * 5) == {7: "pages", 8: "pages",
                                                                 9: "pages"}
    # an arXiv number's halves ("( 2014),1209 .1687") and a reading with pages are left
    words[6:] = [",", "1209", ".", "1687"]
    assert pages_after_year(words, labels[:6] + ["year"] * 4) == {}
    assert pages_after_year(["Lett", "66", "(", "1991", ")", "1951"],
                            ["venue", "volume", "year", "year", "year", "pages"]) == {}


def test_a_lettered_range_of_pages_is_whole_where_the_crf_read_numbers():
    words = ["279", ":", "C", "1880", "-", "C", "1888", "."]
    labels = ["volume", "O", "pages", "pages", "pages", "pages", "year", "year"]
    assert lettered_pages(words, labels) == dict.fromkeys(range(2, 7), "pages")
    assert lettered_pages(words, labels[:6] + ["pages"] * 2) == {}  # the reading's already
    assert lettered_pages(words, ["title"] * 8) == {}  # "M7-M8 : Transmission …"


@pytest.mark.parametrize("venue", [["J", ".", "Chem", ".", "Soc", ".", "Chem", ".", "Commun", "."],
                                   ["Synthesis", ","], ["Bull", ".", "Soc", ".", "Chim", ".",
                                                        "Fr", ".", "Il", ","]])
def test_a_journal_that_numbers_no_volumes_has_a_page_where_the_crf_saw_a_volume(venue):
    words = venue + ["117", "(", "1980", ")"]
    labels = ["venue"] * len(venue) + ["volume", "year", "year", "year"]
    assert page_of_volume_less_journal(words, labels) == {len(venue): "pages"}
    words[:len(venue)] = ["Nature"] + [","] * (len(venue) - 1)
    assert page_of_volume_less_journal(words, labels) == {}


@pytest.mark.parametrize("text, volume, pages", [
    ("M. Lüscher, PoS LATTICE2013, 016 (2014), 1308.5598", "LATTICE2013", "016"),
    ("M. Lüscher, PoS(LATTICE2013)016.", "LATTICE2013", "016"),
    ("M. Bona et al., Latest results, PoS CKM2016 ( 2017)96 .", "CKM2016", "96"),
])
def test_proceedings_of_sciences_code_is_the_volume_and_its_number_the_page(text, volume, pages):
    fields = parse(text).fields
    assert (fields["venue"], fields["volume"], fields["pages"]) == ("PoS", volume, pages)
    assert proceedings_of_science(["Smith", ",", "PoS", "is", "a", "title"], ["author"] * 6) == {}


def test_a_group_named_between_title_and_journal_is_no_field():
    text = "Abrahamyan, S., et al.: PREX Collaboration. Phys. Rev. Lett. 108, 112502 (2012)"
    words, labels = _words_and_runs(text, [("author", 9), ("venue", 10), ("volume", 2),
                                           ("pages", 1), ("year", 3)])
    assert group_before_journal(words, labels) == dict.fromkeys(range(9, 12), "O")
    # a journal's own words ("J. Am. Chem. Soc.", "Society") are the journal's
    words[10] = "Society"
    assert group_before_journal(words, labels) == {}
    assert parse(text).fields["venue"] == "Phys. Rev. Lett"


@pytest.mark.parametrize("text, venue", [
    ("Grau, et al., N. Engl. J. Med. 320(24), 1586-1591 (1989)", "N. Engl. J. Med"),
    ("Boswas, et al., J. Acquired Immune Deficiency Syndrome 1993, 6, 778-786",
     "J. Acquired Immune Deficiency Syndrome"),
])
def test_a_journal_after_et_al_opening_with_an_initial_is_no_more_names(text, venue):
    fields = parse(text).fields
    assert (fields["author"], fields["venue"]) == (text.split(" et al.")[0] + " et al", venue)


def test_a_one_sentence_title_the_vancouver_authors_ran_on_to_before_a_journal():
    fields = parse("Wilhelm MP. Vancomycin. Mayo Clin Proc 1991; 66:1165-1170.").fields
    assert (fields["author"], fields["title"], fields["venue"]) == ("Wilhelm MP", "Vancomycin",
                                                                    "Mayo Clin Proc")
    # a publisher is no journal ("… 3rd ed. Oxford University Press 2009.")
    words, labels = _words_and_runs("McWhinney IR. Textbook 3rd ed. Oxford University Press "
                                    "2009.", [("author", 3), ("title", 5), ("publisher", 3)])
    assert journal_after_vancouver_list(words, labels) == {}

_PIECES = ["A", ".", "Smith", ",", "and", "et", "al", "J", "Yu", "'", "外", "3", "Nucl", "(",
           "blades", "Phys", ";", "2001", "x", "trans", "Am", '"', "Oxford", ")", "–", "v", "[",
           "]", "L", "’", "Rev"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(_PIECES), st.booleans(),
                          st.sampled_from(["author", "title", "venue", "year", "O"])),
                min_size=1, max_size=30))
def test_doubts_answer_any_labelling_within_the_reference(pieces):
    """Whatever the CRF says, the shape checks name only tokens of the reference."""
    text = "".join(word + (" " if spaced else "") for word, spaced, _ in pieces)
    tokens = tokenize(text)
    labels = [label for _, _, label in pieces][:len(tokens)]
    labels += ["O"] * (len(tokens) - len(labels))
    decided = doubted(tokens, labels)
    assert all(0 <= i < len(tokens) for i in decided)


@pytest.mark.parametrize("text, group", [
    ("T. Aaltonen et al. (CDF Collaboration), arXiv:1111.0485.", "(CDF Collaboration)"),
    ("C. Amsler et al., Particle Data Group, Phys. Lett. B 667 (2008), 1.", "Particle Data Group"),
    ("Abrahamyan, S., et al.: PREX Collaboration. Phys. Rev. Lett. 108, 112502 (2012)",
     "PREX Collaboration"),
])
def test_a_group_named_after_et_al_is_the_authors(text, group):
    assert parse(text, engine="rules").fields["author"].endswith(group)
    tokens = tokenize(normalize(text).text)
    words = [token.text for token in tokens]
    end = words.index("al") + 1 + (words[words.index("al") + 1] == ".")
    labels = ["author"] * end + ["title"] * (len(words) - end)
    decided = group_after_et_al(words, labels)
    assert decided and set(decided.values()) == {"author"}
    assert " ".join(words[i] for i in sorted(decided)).replace(" ", "").strip(",:") \
        == group.replace(" ", "")


def test_a_title_after_et_al_that_names_a_group_stays_the_title():
    text = "Smith J, et al. The Group of Seven and trade. Econ J 2001;3:1-9"
    assert parse(text, engine="rules").fields["title"] == "The Group of Seven and trade"
    tokens = tokenize(normalize(text).text)
    words = [token.text for token in tokens]
    labels = ["author"] * 7 + ["title"] * (len(words) - 7)
    assert group_after_et_al(words, labels) == {}
