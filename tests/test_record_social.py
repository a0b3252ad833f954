"""Social science's footnotes and German lists (issue 58): each shape pinned with references
written for these tests as footnotes and lists print them (none is in a corpus or in
data/families/social-science.jsonl). By docs/design.md a footnote's lead-in ("See", "Cf.",
"Vgl. hierzu") and its back-reference ("Ibid.", "Ebd.", "a.a.O.") are a `note`."""

import pytest

from tagger import parse
from tests.record_helpers import fields


@pytest.mark.parametrize("text, lead_in, author, title", [
    ("7. See Richard Sennett, The Corrosion of Character: The Personal Consequences of Work in "
     "the New Capitalism (New York: Norton, 1998), 31.", "See", "Richard Sennett",
     "The Corrosion of Character: The Personal Consequences of Work in the New Capitalism"),
    ("12. Cf. Karl Polanyi, The Great Transformation (Boston: Beacon Press, 1957), 57.", "Cf",
     "Karl Polanyi", "The Great Transformation"),
    ("3. See also Peter L. Berger and Thomas Luckmann, The Social Construction of Reality "
     "(Garden City, NY: Doubleday, 1966), 54.", "See also", "Peter L. Berger and Thomas Luckmann",
     "The Social Construction of Reality"),
    ("4 Vgl. hierzu etwa Georg Simmel, Philosophie des Geldes, Leipzig 1900, S. 33.",
     "Vgl. hierzu etwa", "Georg Simmel", "Philosophie des Geldes"),
    ("9 Vgl. Elias, Norbert: Die höfische Gesellschaft, Neuwied 1969, S. 70.", "Vgl",
     "Elias, Norbert", "Die höfische Gesellschaft"),
    ("6 Zit. nach Jürgen Habermas/Niklas Luhmann, Theorie der Gesellschaft oder "
     "Sozialtechnologie, Frankfurt a. M. 1971, S. 12.", "Zit. nach",
     "Jürgen Habermas/Niklas Luhmann", "Theorie der Gesellschaft oder Sozialtechnologie"),
])
def test_a_footnotes_lead_in_is_a_note_and_the_names_after_it_the_authors(text, lead_in, author,
                                                                            title):
    got = fields(text)
    assert got["note"] == lead_in
    assert got["author"] == author
    assert got["title"] == title
    assert "venue" not in got


@pytest.mark.parametrize("text, note, pages", [
    ("3. Ibid., 88.", "Ibid", "88"),
    ("14 Ebd., S. 71 f.", "Ebd", "S. 71 f"),
    ("21 A.a.O., S. 140–142.", "A.a.O", "S. 140–142"),
])
def test_a_back_reference_is_a_note_and_keeps_only_its_page(text, note, pages):
    got = fields(text)
    assert got == {"citation-number": text.split()[0].rstrip("."), "note": note, "pages": pages}


def test_ibid_alone_names_no_field_but_its_number():
    assert fields("10. Ibid.") == {"citation-number": "10", "note": "Ibid"}


@pytest.mark.parametrize("text, author, title, pages", [
    ("8. Sennett, Corrosion of Character, 44.", "Sennett", "Corrosion of Character", "44"),
    ("15 Simmel, Philosophie des Geldes, S. 41.", "Simmel", "Philosophie des Geldes", "S. 41"),
    ('5. Merton, "Social Structure and Anomie," 677.', "Merton", "Social Structure and Anomie",
     "677"),
])
def test_a_short_form_is_the_family_name_the_short_title_and_the_page(text, author, title, pages):
    got = fields(text)
    assert (got["author"], got["title"], got["pages"]) == (author, title, pages)
    assert "venue" not in got


def test_a_family_name_before_a_back_reference_is_the_author():
    got = fields("11 Weber, a.a.O., S. 19.")
    assert (got["author"], got["pages"]) == ("Weber", "S. 19")


def test_a_family_name_that_looks_like_a_lead_in_stays_the_authors():
    got = fields("See, J. A. (2011). Voting and turnout in rural districts. Electoral Studies, "
                 "30(2), 112–124.")
    assert got["author"].startswith("See")
    assert "note" not in got


def test_a_book_in_a_list_is_no_short_form():
    got = fields("Sterne, Laurence. The Life and Opinions of Tristram Shandy, Gentleman. Edited by "
                 "Ian Campbell Ross. Oxford: Oxford University Press, 1983.")
    assert got["author"] == "Sterne, Laurence"
    assert got["year"] == "1983"
    assert "pages" not in got


@pytest.mark.parametrize("text, title, volume", [
    ("Münch, Richard: Soziologische Theorie. Band 2: Handlungstheorie. Frankfurt/New York: "
     "Campus 2004.", "Soziologische Theorie", "Band 2: Handlungstheorie"),
    ("Wehler, Hans-Ulrich: Deutsche Gesellschaftsgeschichte. Erster Teil. Bd. 3: Von der "
     "„Deutschen Doppelrevolution“ bis zum Beginn des Ersten Weltkrieges. München: Beck 1995.",
     "Deutsche Gesellschaftsgeschichte. Erster Teil",
     "Bd. 3: Von der „Deutschen Doppelrevolution“ bis zum Beginn des Ersten Weltkrieges"),
])
def test_a_german_books_parts_before_its_volume_are_its_title(text, title, volume):
    got = fields(text)
    assert (got["title"], got["volume"]) == (title, volume)
    assert "venue" not in got


def test_a_body_as_editor_and_a_books_imprint_are_no_title_or_venue():
    got = fields("Deutsches Institut für Wirtschaftsforschung (Hrsg.): Wochenbericht zur "
                 "Einkommensverteilung. Ein Überblick in Zahlen. Berlin: DIW 2019.")
    assert got["editor"] == "Deutsches Institut für Wirtschaftsforschung (Hrsg.)"
    assert got["title"] == "Wochenbericht zur Einkommensverteilung. Ein Überblick in Zahlen"
    assert (got["location"], got["publisher"]) == ("Berlin", "DIW")
    assert "venue" not in got


def test_a_works_edition_and_its_volume_are_the_series():
    got = fields("Weber, Max: Die protestantische Ethik und der Geist des Kapitalismus. "
                 "Gesamtausgabe Bd. 18. Hrsg. von Wolfgang Schluchter. Tübingen: Mohr Siebeck 2016.")
    assert got["title"] == "Die protestantische Ethik und der Geist des Kapitalismus"
    assert got["series"] == "Gesamtausgabe Bd. 18"
    assert got["editor"] == "Hrsg. von Wolfgang Schluchter"


@pytest.mark.parametrize("text", [
    "Friends of the Earth. (n.d.). Plastic in our oceans. Retrieved from https://foe.example.org/p",
    "Okafor, C. (n.d.). Notes on rural credit unions. Retrieved from https://example.org/credit",
])
def test_the_rule_tagger_reads_no_date_as_a_note_not_a_year(text):
    got = fields(text, engine="rules")
    assert "year" not in got
    assert got["note"].startswith("(n.d.)")


def test_a_bibtex_entry_over_several_lines_is_one_record():
    import json

    from cli_helpers import reftag

    entry = ("@book{esping1990,\n  author = {Esping-Andersen, G{\\o}sta},\n"
             "  title = {The Three Worlds of Welfare Capitalism},\n"
             "  publisher = {Polity Press},\n  year = 1990\n}\n")
    lines = entry + "Smith, J. (2001). A title. Journal of Things, 3, 4-5.\n"
    code, out, _ = reftag("parse", "-", "--format", "jsonl", stdin=lines.encode())
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(records) == 2
    assert records[0]["engine"] == "bibtex"
    assert records[0]["fields"]["title"] == "The Three Worlds of Welfare Capitalism"
    assert records[0]["fields"]["author"] == "Esping-Andersen, Gøsta"
    assert records[1]["fields"]["venue"] == "Journal of Things"


def test_an_entry_left_open_ends_at_a_blank_line():
    from tagger.text.bibtex import entry_lines

    lines = [("@misc{k,", None), (" title = {Open", None), ("", None), ("Next, A. (2001). T.", None)]
    assert [(text, first) for text, _, first in entry_lines(lines)] == [
        ("@misc{k,\n title = {Open", 1), ("", 3), ("Next, A. (2001). T.", 4)]


@pytest.mark.parametrize("text, publisher", [
    ("Lopez, M. H., & Krogstad, J. M. (2017, September 29). Puerto Ricans leave in record "
     "numbers for mainland U.S. Pew Research Center. https://www.pewresearch.org/p/puerto-rico",
     "Pew Research Center"),
    ("Lumley, T. (2020). Survey: Analysis of complex survey samples. R Foundation for "
     "Statistical Computing. https://cran.example.org/package=survey",
     "R Foundation for Statistical Computing"),
])
def test_a_body_after_the_title_is_the_publisher_not_a_journal(text, publisher):
    got = fields(text)
    assert got["publisher"] == publisher
    assert "venue" not in got


def test_a_group_before_no_date_stays_the_author_when_the_rules_read_no_year():
    got = fields("Mozilla Inc. [n.d.]. Firefox release notes. Retrieved March 3, 2023 from "
                 "https://www.mozilla.example.org/firefox/notes/")
    assert (got["author"], got["title"]) == ("Mozilla Inc", "Firefox release notes")
    assert "year" not in got


def test_a_group_named_again_keeps_its_date_apart_from_the_title():
    got = fields("International Monetary Fund. (2020). World economic outlook: The great lockdown. "
                 "International Monetary Fund.")
    assert (got["author"], got["year"]) == ("International Monetary Fund", "2020")
    assert got["title"] == "World economic outlook: The great lockdown"


def test_a_working_papers_number_in_brackets_ends_the_title():
    got = fields("Autor, D. H. (2019). Work of the past, work of the future (NBER Working Paper "
                 "No. 25588). National Bureau of Economic Research.")
    assert got["title"] == "Work of the past, work of the future"
    assert got["genre"] == "NBER Working Paper No. 25588"
    assert got["publisher"] == "National Bureau of Economic Research"


def test_a_town_named_by_its_city_is_one_place():
    got = fields("Gehlen, Arnold: Die Seele im technischen Zeitalter. Sozialpsychologische Probleme "
                 "in der industriellen Gesellschaft. Reinbek bei Hamburg: Rowohlt 1957.")
    assert got["location"] == "Reinbek bei Hamburg"
    assert got["title"].endswith("in der industriellen Gesellschaft")


def test_a_vancouver_web_page_by_a_body_with_its_updated_and_cited_dates():
    got = fields("4. National Institute for Health and Care Excellence. Depression in adults: "
                 "treatment and management [Internet]. London: NICE; [updated 2022 Jun 29; cited "
                 "2023 Jan 10]. Available from: https://www.nice.example.org/guidance/ng222")
    assert got["author"] == "National Institute for Health and Care Excellence"
    assert got["title"] == "Depression in adults: treatment and management"
    assert got["note"] == "updated 2022 Jun 29; cited 2023 Jan 10"
    assert "year" not in got


@pytest.mark.parametrize("text, last, title, venue", [
    ("Wickham, H., Averick, M., Bryan, J., Chang, W., McGowan, L. D., François, R., … Yutani, H. "
     "(2019). Welcome to the tidyverse. Journal of Open Source Software, 4(43), 1686. "
     "https://doi.org/10.21105/joss.01686", "Yutani, H", "Welcome to the tidyverse",
     "Journal of Open Source Software"),
    ("Harris, C. R., Millman, K. J., van der Walt, S. J., Gommers, R., … NumPy Developers "
     "(2020). Array programming with NumPy. Nature, 585(7825), 357–362. "
     "https://doi.org/10.1038/s41586-020-2649-2", "NumPy Developers",
     "Array programming with NumPy", "Nature"),
])
def test_the_last_author_after_apas_ellipsis_is_an_author(text, last, title, venue):
    got = fields(text)
    assert got["author"].endswith(last)
    assert (got["title"], got["venue"]) == (title, venue)


@pytest.mark.parametrize("text, flagged", [
    ("3. Ibid., 88.", True), ("14 Ebd., S. 71 f.", True), ("a.a.O.", True), ("10. Ibid.", True),
    ("11 Weber, a.a.O., S. 19.", False),  # names its author: a reference cut short
    ("8. Sennett, Corrosion of Character, 44.", False),
])
def test_a_back_reference_alone_is_no_reference(text, flagged):
    assert parse(text).not_reference is flagged
