"""The checks of issue 46's styles: GB/T 7714 copied without spaces, its online documents,
and a proceedings' place and publisher run into its name (tagger/doubts)."""

import pytest

from tagger import parse
from tagger.doubts import (described_in_brackets, footnote_words, imprint_in_venue,
                           initial_glued_to_title, names_before_colon, online_dates, title_before_type_code,
                           title_head_left_out)
from tagger.text.normalize import normalize
from tagger.text.tokenize import tokenize


def _tokens(text):
    tokens = tokenize(normalize(text).text)
    return tokens, [token.text for token in tokens]


def test_an_initial_glued_to_the_title_is_the_authors():
    tokens, words = _tokens("Balso M D.Horovod:Fast")
    labels = ["author", "author", "title", "title", "title", "title", "title"]
    assert initial_glued_to_title(tokens, labels, words) == {2: "author", 3: "author"}
    # with a space after its stop, or a word before it, the letter opens the title
    tokens, words = _tokens("Balso M D. Horovod")
    assert initial_glued_to_title(tokens, labels[:5], words) == {}
    tokens, words = _tokens("Balso, and A.Study")
    assert initial_glued_to_title(tokens, ["author", "author", "author", "title", "title",
                                           "title"], words) == {}


def test_words_run_into_a_type_code_are_the_title():
    words = ["Gloo", "[", "EB", "/", "OL", "]", ".", "[", "2021"]
    labels = ["author"] + ["genre"] * 5 + ["O", "O", "note"]
    assert title_before_type_code(words, labels) == {0: "title"}
    # an author list ends at its stop; a reading with a title is left alone
    words = ["Sergeev", "A", ".", "Horovod", "[", "J", "]"]
    assert title_before_type_code(words, ["author"] * 3 + ["author"] + ["genre"] * 3) == {}
    assert title_before_type_code(["Gloo", "[", "J", "]"], ["title"] + ["genre"] * 3) == {}


def test_an_online_documents_dates_are_its_year_and_its_access():
    _, words = _tokens("Gibiansky A.Title[EB/OL].(2017-02-21)[2021-08-12].https://x.org/")
    labels = ["O"] * len(words)
    decided = online_dates(words, labels)
    assert {words[k] for k, label in decided.items() if label == "year"} == {"2017", "-", "02", "21"}
    assert [words[k] for k, label in sorted(decided.items()) if label == "note"] == [
        "2021", "-", "08", "-", "12"]
    # no "/OL" code, nothing decided
    _, words = _tokens("Title[J].(2017-02-21)[2021-08-12]")
    assert online_dates(words, ["O"] * len(words)) == {}


def test_a_title_head_left_to_no_field_is_the_titles():
    tokens, words = _tokens("Ba J.Adam:a method")
    labels = ["author", "author", "O", "O", "O", "title", "title"]
    assert title_head_left_out(tokens, labels, words) == {3: "title", 4: "title"}
    # with a space after the stop it is a container's word ("Dans"); punctuation alone is none
    tokens, words = _tokens("BENSON J. Dans The mechanisms")
    assert title_head_left_out(tokens, ["author"] * 3 + ["O", "title", "title"], words) == {}
    tokens, words = _tokens("Ba J.:a")
    assert title_head_left_out(tokens, ["author", "author", "O", "O", "title"], words) == {}


@pytest.mark.parametrize("text, place, publisher", [
    ("In: Proc. of the 26th ACM SIGKDD Int’l Conf. on Knowledge Discovery & Data Mining. "
     "Virtual Event: ACM, 2020.", "Virtual Event", "ACM"),
    ("In: Proc. of the 27th Int’l Conf. on Software Engineering. St. Louis: ACM, 2005.",
     "St. Louis", "ACM"),
    ("In: Proc. of the 2010 USENIX Annual Technical Conf. USENIX, 2010.", None, "USENIX"),
    ("In: Proc. of the 9th Int’l Conf. on Learning Representations. OpenReview.net, 2021.",
     None, "OpenReview.net"),
])
def test_a_proceedings_imprint_leaves_its_name(text, place, publisher):
    tokens, words = _tokens(text)
    labels = ["venue"] * (len(words) - 2) + ["year", "O"]
    decided = imprint_in_venue(tokens, labels, words)
    norm = normalize(text).text

    def taken(label):
        picked = sorted(k for k, given in decided.items() if given == label)
        return norm[tokens[picked[0]].start:tokens[picked[-1]].end] if picked else None

    assert (taken("location"), taken("publisher")) == (place, publisher)
    assert all(labels[k] == "venue" for k in decided)  # the year stays the reading's


def test_a_proceedings_own_colon_and_abbreviations_are_left_alone():
    for text in ("In: Proc. of the 2019 Conf. of the North American Chapter of the Association "
                 "for Computational Linguistics: Human Language Technologies, 2019.",
                 "Proc. IEEE, 2010.", "Proc. Natl. Acad. Sci. USA 2000, 97, 2017–2022.",
                 "In The Best Short Stories of J. G. Ballard. New York: Holt, 1995",
                 "In: Visualization in Biomedical Computing, Proc. SPIE, 1992."):
        tokens, words = _tokens(text)
        year = next(k for k, word in enumerate(words)
                    if word in ("2019", "2010", "2000", "1995", "1992"))
        labels = ["venue"] * year + ["year"] + ["O"] * (len(words) - year - 1)
        decided = imprint_in_venue(tokens, labels, words)
        assert not decided or " ".join(words[k] for k in sorted(decided)) == "New York Holt"


@pytest.mark.parametrize("text, field, value", [
    ("[1]Sergeev A,Balso M D.Horovod:Fast and easy distributed deep learning in "
     "TensorFlow[J].arXiv:1802.05799,2018.", "author", "Sergeev A,Balso M D"),
    ("[3]Gloo[EB/OL].[2021-08-12].https://github.com/facebookincubator/gloo.", "title", "Gloo"),
    ("[5] Rasley J, Rajbhandari S, Ruwase O, He YX. DeepSpeed: System optimizations enable "
     "training deep learning models with over 100 billion parameters. In: Proc. of the 26th ACM "
     "SIGKDD Int’l Conf. on Knowledge Discovery & Data Mining. Virtual Event: ACM, 2020. "
     "3505–3506.", "venue", "Proc. of the 26th ACM SIGKDD Int’l Conf. on Knowledge Discovery & "
     "Data Mining"),
])
def test_the_issues_examples(text, field, value):
    fields = parse(text).fields
    assert fields[field] == value
    if "Gloo" in text:
        assert "year" not in fields and fields["note"] == "2021-08-12"


def test_a_german_footnotes_own_words_are_a_note():
    _, words = _tokens("2 Ebd., S. 401.")  # docs/design.md: "anything else" is a note
    decided = footnote_words(words, ["title"] * len(words))
    assert decided[0] == "citation-number" and decided[1] == decided[2] == "note"
    assert [words[k] for k, label in sorted(decided.items()) if label == "pages"] == ["S", ".", "401"]
    _, words = _tokens("1 Vgl. Jürgen Habermas, Faktizität und Geltung, Frankfurt a. M. 1992, S. 399.")
    decided = footnote_words(words, ["author"] * len(words))
    assert [decided[k] for k in range(6)] == ["citation-number", "note", "note", "author", "author",
                                              "O"]
    assert "pages" not in decided.values()  # "S. 399" is the CRF's where no "Ebd." cites again
    # "Vgl." deep inside a reference, or no such word, is left alone
    assert footnote_words(["Smith", ",", "vgl", "."], ["author"] * 4) == {}


def test_apas_bracketed_description_ends_the_title():
    _, words = _tokens("Deep learning for protein folding [Doctoral dissertation, Stanford "
                       "University]. ProQuest.")
    labels = ["title"] * 11 + ["publisher"] * (len(words) - 11)
    decided = described_in_brackets(words, labels)
    assert [words[k] for k in sorted(decided) if decided[k] == "genre"] == ["[", "Doctoral",
                                                                            "dissertation"]
    assert [words[k] for k in sorted(decided) if decided[k] == "publisher"] == ["Stanford",
                                                                                "University", "]"]
    _, words = _tokens("The MNIST database [Data set]. http://yann.lecun.com/")
    assert set(described_in_brackets(words, ["title"] * 8 + ["url"] * (len(words) - 8)).values()) \
        == {"genre"}
    # a bracket the title goes on after, or one that describes nothing, stays the title's
    _, words = _tokens("Notes [Data set] on birds")
    assert described_in_brackets(words, ["title"] * len(words)) == {}
    _, words = _tokens("“Communications [letter to the editor].” Perspectives")
    assert described_in_brackets(words, ["title"] * (len(words) - 1) + ["venue"]) == {}
    _, words = _tokens("Proceedings [in Russian]. Moscow")
    assert described_in_brackets(words, ["title"] * 5 + ["location"] * 2) == {}


@pytest.mark.parametrize("text, authors", [
    ("Weber, Max: Wirtschaft und Gesellschaft", 3),
    ("Lepsius, M. Rainer: Parteiensystem und Sozialstruktur", 0),  # as "Sutherland, I. Sketchpad:"
    # … unless the reference's other parts are German: then "Rainer" is a second given name
    ("Lepsius, M. Rainer: Parteiensystem. In: Abel, Wilhelm (Hrsg.): Wirtschaft", 5),
    ("Lepsius, M. Rainer: Parteiensystem. Stuttgart 1966, S. 371–393", 5),
    ("CURRAT, DAMIEN : PICHONNAZ CLAUDE", 0),
    ("Sutherland, I. Sketchpad: A Man-Machine Graphical Communication System", 0),
    ("Berger, Peter L./Luckmann, Thomas: Die gesellschaftliche Konstruktion", 9),
    ("Wehler, Hans-Ulrich: Deutsche Gesellschaftsgeschichte", 5),
    # a title after the given names, and a place before its publisher, are no author's
    ("Diamond, Jared M. Collapse: How Societies Choose", 0),
    ("Hunt, E. B. Concept Learning: An Information", 0),
    ("France, Paris: Les Belles Lettres", 0),
    # a second written-out word the lexicon knows as no given name begins the title
    ("Ford, Lance Unleader: Reimagining Leadership", 0),
    ("NAVA, Mica Visceral Cosmopolitanism: Gender, Culture", 0),
])
def test_german_names_end_at_their_colon(text, authors):
    _, words = _tokens(text)
    labels = ["author", "author"] + ["title"] * (len(words) - 2)
    expected = dict.fromkeys(range(authors), "author") | ({authors: "O"} if authors else {})
    assert names_before_colon(words, labels) == expected


def test_a_numbered_footnotes_given_first_name_ends_at_its_comma():
    from tagger.doubts import numbered_footnote_name
    _, words = _tokens("7 Niklas Luhmann, Soziale Systeme, Frankfurt a. M. 1984, S. 30.")
    labels = ["citation-number"] + ["author"] * 6 + ["location"] * (len(words) - 7)
    decided = numbered_footnote_name(words, labels)
    assert [words[k] for k in sorted(decided) if decided[k] == "author"] == ["Niklas", "Luhmann"]
    assert [words[k] for k in sorted(decided) if decided[k] == "title"] == ["Soziale", "Systeme"]
    # a Vancouver list is family first, hyphens join one name, and "Vgl." is footnote_words'
    for text in ("45. Friis-Møller A,, Lemming LE,, Valerius NH", "144. Baron- Cohen, S. Wheel",
                 "1 Vgl. Jürgen Habermas, Faktizität"):
        _, words = _tokens(text)
        assert numbered_footnote_name(words, ["author"] * len(words)) == {}


def test_a_german_books_edition_volume_and_editors_leave_its_title():
    from tagger.doubts import german_book_parts
    _, words = _tokens("Weber, Max: Gesammelte Aufsätze. Hrsg. v. Johannes Winckelmann. "
                       "7. Aufl. Tübingen: Mohr 1988.")
    decided = german_book_parts(words, ["title"] * len(words))
    assert [words[k] for k in sorted(decided) if decided[k] == "editor"] == [
        "Hrsg", ".", "v", ".", "Johannes", "Winckelmann"]
    assert [words[k] for k in sorted(decided) if decided[k] == "edition"] == ["7", ".", "Aufl", "."]
    _, words = _tokens("Marx, Karl: Das Kapital. Bd. 1. Hamburg: Meissner 1867.")
    assert set(german_book_parts(words, ["title"] * len(words)).values()) == {"volume"}
    # a volume with its own title is the volume's, to the stop or comma that ends it (as
    # AnyStyle's gold has "vol. 1: Writings, 1922–34")
    _, words = _tokens("Nipperdey, Thomas: Deutsche Geschichte. Bd. 1: Arbeitswelt und Bürgergeist, "
                       "München 1990.")
    decided = german_book_parts(words, ["title"] * len(words))
    assert [words[k] for k in sorted(decided)] == ["Bd", ".", "1", ":", "Arbeitswelt", "und",
                                                   "Bürgergeist"]
    assert set(decided.values()) == {"volume"}


def test_editors_named_before_their_role_and_colon():
    from tagger.doubts import editors_before_role
    _, words = _tokens("Brunner, Otto/Conze, Werner (Hg.): Geschichtliche Grundbegriffe. Stuttgart")
    decided = editors_before_role(words, ["author"] + ["title"] * (len(words) - 1))
    assert " ".join(words[k] for k in sorted(decided) if decided[k] == "editor") == \
        "Brunner , Otto / Conze , Werner ( Hg . )"
    assert [words[k] for k in sorted(decided) if decided[k] == "title"] == ["Geschichtliche",
                                                                            "Grundbegriffe"]
    # after "In:" the names are the container's editors and the book after them its venue
    _, words = _tokens("Titel. In: Abel, Wilhelm u.a. (Hrsg.): Ein Sammelband. Berlin: Beck")
    labels = ["title"] * 2 + ["venue"] * 14 + ["publisher"] * 3 + ["location"] * 2 + ["publisher"]
    decided = editors_before_role(words, labels)
    assert [words[k] for k in sorted(decided) if decided[k] == "editor"][:3] == ["In", ":", "Abel"]
    assert [words[k] for k in sorted(decided) if decided[k] == "venue"] == ["Ein", "Sammelband"]
    # a title's words before a bracket, or a role with no colon after it, name no editors
    for text in ("Die Zeit der Gesellschaft (Hg.): X", "Smith, J. (ed.) The book"):
        _, words = _tokens(text)
        assert editors_before_role(words, ["title"] * len(words)) == {}


def test_a_german_place_keeps_its_river():
    from tagger.doubts import place_with_its_river
    for text, place in (("Risikogesellschaft, Frankfurt a. M. 1986", "Frankfurt a . M"),
                        ("Ein Buch. Halle a. d. Saale 1990", "Halle a . d . Saale"),
                        ("Ein Buch. Freiburg i. Br.: Herder", "Freiburg i . Br")):
        _, words = _tokens(text)
        labels = ["title"] * len(words)
        labels[words.index(place.split()[0])] = "location"  # "Halle" is in no list of places
        decided = place_with_its_river(words, labels)
        assert " ".join(words[k] for k in sorted(decided)) == place
        assert set(decided.values()) == {"location"}
    _, words = _tokens("Smith a. B. Jones")  # no place
    assert place_with_its_river(words, ["author"] * len(words)) == {}


def test_a_books_subtitle_before_its_volume_is_no_venue():
    from tagger.doubts import subtitle_before_book_parts
    _, words = _tokens("Marx, Karl: Das Kapital. Kritik der Ökonomie. Bd. 1. Hamburg: Meissner 1867.")
    labels = (["author"] * 4 + ["title"] * 3 + ["venue"] * 4 + ["volume"] * 4 + ["location"] * 2
              + ["publisher", "year", "year"])
    assert subtitle_before_book_parts(words, labels) == dict.fromkeys(range(7, 11), "title")
    # a chapter's book after "In:", or an English reference, is a venue indeed
    _, words = _tokens("Marx, Karl: Das Kapital. In: Kritik der Ökonomie. Bd. 1. Hamburg: X 1867.")
    labels = labels[:7] + ["O", "O"] + labels[7:]
    assert subtitle_before_book_parts(words, labels) == {}
    _, words = _tokens("Smith, J.: The Title. Studies in Logic. Vol. 3. Amsterdam: North-Holland")
    labels = (["author"] * 6 + ["title"] * 3 + ["venue"] * 4 + ["volume"] * 4 + ["location"] * 2
              + ["publisher"] * 3)
    assert subtitle_before_book_parts(words, labels) == {}


def test_the_same_author_in_a_footnotes_container_is_its_editor():
    from tagger.doubts import same_author_in_container
    _, words = _tokens("Kategorien, in: ders., Vergangene Zukunft")
    assert same_author_in_container(words, ["title"] * len(words)) == {2: "O", 3: "O", 4: "editor"}
    _, words = _tokens("Studies in: Derrida")
    assert same_author_in_container(words, ["title"] * len(words)) == {}


@pytest.mark.parametrize("text, expected", [
    # footnotes: "Vgl." (see), "Ebd." (ibid.), "a.a.O." (op. cit.), "Ders." (the same author)
    ("1 Vgl. Jürgen Habermas, Faktizität und Geltung, Frankfurt a. M. 1992, S. 399.",
     {"author": "Jürgen Habermas", "title": "Faktizität und Geltung", "year": "1992",
      "location": "Frankfurt a. M", "pages": "S. 399"}),
    ("12 Vgl. Max Weber, Wirtschaft und Gesellschaft, Tübingen 1972, S. 28.",
     {"author": "Max Weber", "title": "Wirtschaft und Gesellschaft", "year": "1972"}),
    ("2 Ebd., S. 401.", {"citation-number": "2", "pages": "S. 401"}),
    ("8 Luhmann, a.a.O., S. 30 ff.", {"author": "Luhmann", "pages": "S. 30 ff"}),
    ("7 Habermas, Faktizität und Geltung, a.a.O., S. 12.",
     {"author": "Habermas", "title": "Faktizität und Geltung", "pages": "S. 12"}),
    ("9 Ders., Die Gesellschaft der Gesellschaft, Frankfurt a. M. 1997, S. 16.",
     {"author": "Ders", "title": "Die Gesellschaft der Gesellschaft", "year": "1997"}),
    ("Ders.: Soziale Systeme. Grundriß einer allgemeinen Theorie. Frankfurt a.M.: Suhrkamp 1984.",
     {"author": "Ders", "title": "Soziale Systeme. Grundriß einer allgemeinen Theorie",
      "publisher": "Suhrkamp"}),
    ("3 Vgl. Reinhart Koselleck, »Erfahrungsraum« und »Erwartungshorizont« – zwei historische "
     "Kategorien, in: ders., Vergangene Zukunft, Frankfurt a. M. 1979, S. 349–375.",
     {"author": "Reinhart Koselleck", "editor": "ders", "venue": "Vergangene Zukunft",
      "pages": "S. 349–375"}),
    # editors: "(Hrsg.)", "(Hg.)", "hrsg. v."
    ("Meier, Bernd: Der Titel. In: Müller, Hans/Schulz, Eva (Hrsg.): Ein Sammelband. Berlin: "
     "de Gruyter 2005, S. 3–20.",
     {"author": "Meier, Bernd", "title": "Der Titel", "editor": "Müller, Hans/Schulz, Eva (Hrsg.)",
      "venue": "Ein Sammelband", "publisher": "de Gruyter", "pages": "S. 3–20"}),
    ("Kocka, Jürgen (Hrsg.): Bürgertum im 19. Jahrhundert. München: dtv 1988.",
     {"editor": "Kocka, Jürgen (Hrsg.)", "title": "Bürgertum im 19. Jahrhundert"}),
    ("Brunner, Otto/Conze, Werner/Koselleck, Reinhart (Hg.): Geschichtliche Grundbegriffe. "
     "Bd. 1. Stuttgart: Klett-Cotta 1972.",
     {"editor": "Brunner, Otto/Conze, Werner/Koselleck, Reinhart (Hg.)",
      "title": "Geschichtliche Grundbegriffe", "volume": "Bd. 1"}),
    ("Adorno, Theodor W.: Ästhetische Theorie. Hrsg. v. Gretel Adorno u. Rolf Tiedemann. "
     "Frankfurt a.M.: Suhrkamp 1970.",
     {"author": "Adorno, Theodor W", "title": "Ästhetische Theorie",
      "editor": "Hrsg. v. Gretel Adorno u. Rolf Tiedemann"}),
    ("Benjamin, Walter: Gesammelte Schriften. Bd. 1. Hrsg. v. Rolf Tiedemann u. Hermann "
     "Schweppenhäuser. Frankfurt a.M.: Suhrkamp 1974.",
     {"title": "Gesammelte Schriften", "volume": "Bd. 1",
      "editor": "Hrsg. v. Rolf Tiedemann u. Hermann Schweppenhäuser"}),
])
def test_german_footnotes_and_editors_parse(text, expected):
    fields = parse(text).fields
    assert {field: fields.get(field) for field in expected} == expected


@pytest.mark.parametrize("text, field, value", [
    # an ordinal after an article or a preposition ends no sentence
    ("Kocka, Jürgen (Hrsg.): Bürgertum im 19. Jahrhundert. Deutschland im europäischen "
     "Vergleich. München: dtv 1988.", "title",
     "Bürgertum im 19. Jahrhundert. Deutschland im europäischen Vergleich"),
    # a subtitle before the volume, then the imprint, is more title
    ("Marx, Karl: Das Kapital. Kritik der politischen Ökonomie. Bd. 1. Hamburg: Meissner 1867.",
     "title", "Das Kapital. Kritik der politischen Ökonomie."),
    # an initial then a given name before the colon, in a German reference
    ("Lepsius, M. Rainer: Parteiensystem und Sozialstruktur. In: Abel, Wilhelm u.a. (Hrsg.): "
     "Wirtschaft. Stuttgart: Fischer 1966, S. 371–393.", "author", "Lepsius, M. Rainer"),
    ("Sutherland, I. Sketchpad: A man-machine graphical communication system. PhD thesis, MIT, "
     "1963.", "author", "Sutherland, I."),
])
def test_the_rule_tagger_reads_german_books(text, field, value):
    from tagger.rules import tag
    tokens = tokenize(normalize(text).text)
    labels, _ = tag(tokens, normalize(text).text)
    words = [token.text for token in tokens]
    got = [k for k, label in enumerate(labels) if label == field]
    assert text[tokens[got[0]].start:tokens[got[-1]].end] == value
    assert all(labels[k] == field for k in range(got[0], got[-1] + 1)), words
