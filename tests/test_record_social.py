"""Social science's footnotes and German lists (issue 58): each shape pinned with references
written for these tests as footnotes and lists print them (none is in a corpus or in
data/families/social-science.jsonl). By docs/design.md a footnote's lead-in ("See", "Cf.",
"Vgl. hierzu") and its back-reference ("Ibid.", "Ebd.", "a.a.O.") are a `note`."""

import pytest

from tagger import parse


def fields(text, engine="auto"):
    return parse(text, engine=engine).fields


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
