"""Where a CRF's labels break a shape no reference has: what `auto` decides however sure
the CRF is.

Each check reads the CRF's labels of one reference and names the tokens it decides, each
with its label, or with None where the rules should decide (parse.py gives them the rules'
labels as overwhelming evidence and decodes again). The checks live by what they look at:
`authors` (where an author list ends), `titles` (where a title ends and its container
begins), `books` (a book's editors, translator, imprint, genre), `dates`, `numbers`,
`identifiers`, `law` (legal citations) and `footnotes` (a footnote's own words). Adding one is a function in one of them and a
line in `doubted`; what must hold of any reading, the final one too, is in `reading_checks`.

Cheap, and they load nothing the parser has not: `auto` asks them of every reference, each
looks for its sign first, and the rule tagger is imported only when it is asked.
"""

from .authors import (author_doubts, body_before_date, footnote_words, group_after_et_al, group_before_title,
                      group_named_again, last_author_after_ellipsis,
                      names_before_colon, numbered_footnote_name,
                      initial_glued_to_title, journal_after_vancouver_list,
                      title_head_glued_to_initial, journal_after_closed_list, same_author_in_container,
                      vancouver_list_before_colon, venue_head)
from .books import (book_after_editors, book_before_imprint, pages_before_in, bracketed_genre, bracketed_imprint, described_in_brackets,
                    editors_before_role, german_book_parts, place_with_its_river,
                    subtitle_before_book_parts, untitled_book, imprint_as_venue, report_number, thesis_as_note,
                    venue_end_before_role,
                    bracketed_translator, imprint_in_venue, publisher_after_place, role_names)
from .dates import (access_date, in_press, missing_year, online_dates, status_as_date,
                    updated_and_cited,
                    vancouver_volume, vancouver_year)
from .footnotes import cited_again, cites_back, footnote_lead_in, footnote_title, short_form
from .identifiers import identifiers, link_word
from .containers import containers, publisher_as_venue
from .law import law_citation
from .software import no_date, release_in_title, software
from .sciences import (book_after_in, book_series, bracketed_citation, collaboration_in_brackets,
                       journal_in_title, second_work, title_in_journal, unpublished_status)
from .numbers import (article_number, lettered_pages, page_of_volume_less_journal, pages_after_year,
                      pages_in_volume, proceedings_of_science, range_as_volume, series_number,
                      supplement_issue, volume_in_pages, year_as_volume, year_volume_pages,
                      issue_in_pages, astronomy_article_id)
from .titles import (bracketed_acronym, container_after_slashes, glued_journal,
                     group_before_journal, japanese_quotes, quoted_journal, quoted_title,
                     quoted_title_whole, title_before_type_code, title_cut_mid_phrase,
                     title_end_before_colon, title_head_left_out,
                     title_past_its_quote, title_sentence_in_journal, in_before_title,
                     journal_head_in_title, title_past_its_closing_stop, journal_at_title_end)

__all__ = ["doubted", "reading_checks", "missing_year", "author_doubts", "group_after_et_al",
           "group_before_title", "venue_head", "book_after_editors", "bracketed_genre",
           "bracketed_imprint", "bracketed_translator", "publisher_after_place", "role_names",
           "access_date", "vancouver_volume", "vancouver_year", "identifiers",
           "container_after_slashes", "glued_journal", "quoted_journal", "quoted_title",
           "bracketed_acronym", "range_as_volume", "japanese_quotes", "law_citation",
           "series_number", "title_end_before_colon", "journal_after_vancouver_list",
           "quoted_title_whole", "title_past_its_quote", "pages_in_volume", "pages_after_year",
           "lettered_pages", "page_of_volume_less_journal", "proceedings_of_science",
           "group_before_journal", "initial_glued_to_title", "title_before_type_code", "online_dates",
           "title_head_left_out", "imprint_in_venue", "footnote_words",
           "described_in_brackets", "names_before_colon", "numbered_footnote_name",
           "german_book_parts", "editors_before_role", "place_with_its_river",
           "subtitle_before_book_parts", "same_author_in_container", "software", "containers", "publisher_as_venue",
           "year_as_volume", "supplement_issue", "volume_in_pages", "no_date",
           "vancouver_list_before_colon", "year_volume_pages", "article_number",
           "in_press", "group_named_again", "title_cut_mid_phrase", "footnote_lead_in",
           "cited_again", "short_form", "footnote_title", "untitled_book",
           "imprint_as_venue", "report_number", "updated_and_cited",
           "last_author_after_ellipsis", "cites_back", "collaboration_in_brackets",
           "bracketed_citation", "book_series", "journal_in_title", "unpublished_status",
           "issue_in_pages", "astronomy_article_id", "title_in_journal", "thesis_as_note",
           "status_as_date", "second_work", "venue_end_before_role",
           "body_before_date", "book_before_imprint",
           "pages_before_in", "link_word",
           "book_after_in", "release_in_title", "title_sentence_in_journal", "in_before_title",
           "journal_head_in_title", "title_past_its_closing_stop",
           "title_head_glued_to_initial", "journal_after_closed_list", "journal_at_title_end"]


def doubted(tokens, labels, words=None) -> dict[int, str | None]:
    """The tokens whose label is decided here (None: by the rules), where the CRF's labels
    break the shape of an author list, run a title into a glued journal or past "//", give
    a place's publisher to the venue, take an access date for the year, a translator or a
    thesis for the title or a book for its editors, read a DOI or an arXiv number as another
    field, break one of the humanities' shapes, a legal citation or a quoted title, or break
    a journal's first word off it, or give a web page's, a program's or a data set's parts a
    journal's fields (software.py), or run a series, an edition or a book's
    publisher into a container (containers.py), end a BMC list of names before its colon, cut
    a group that is named again as the publisher, or end a title mid-phrase, or read a
    footnote's lead-in ("See", "Vgl. hierzu"), back-reference ("Ibid.") or short form
    ("Putnam, Bowling Alone, 45.") as a reference's fields (footnotes.py), or give a title's
    last sentence or a journal's head to the other, run a quoted title past its closing stop
    or a title into a bracketed imprint or an abbreviated journal, or read a journal after a
    closed list of names as an author (GROBID's folds: titles.py, authors.py, containers.py)."""
    words = words or [token.text for token in tokens]
    return ((author_doubts(tokens, labels, words) or group_after_et_al(words, labels)
             or glued_journal(tokens, labels, words)) | identifiers(tokens, labels, words)
            | container_after_slashes(tokens, labels, words) | publisher_after_place(words, labels)
            | access_date(words, labels) | bracketed_translator(words, labels)
            | bracketed_genre(words, labels) | book_after_editors(words, labels)
            | venue_head(tokens, labels, words) | quoted_title(words, labels)
            | role_names(words, labels) | bracketed_imprint(words, labels)
            | quoted_journal(words, labels) | vancouver_year(words, labels)
            | vancouver_volume(words, labels) | group_before_title(words, labels)
            | bracketed_acronym(words, labels) | range_as_volume(words, labels)
            | japanese_quotes(words, labels) | law_citation(words, labels)
            | series_number(words, labels) | title_end_before_colon(words, labels)
            | journal_after_vancouver_list(words, labels)
            | quoted_title_whole(tokens, labels, words)
            | title_past_its_quote(tokens, labels, words)
            | group_before_journal(words, labels)
            | initial_glued_to_title(tokens, labels, words)
            | title_before_type_code(words, labels) | online_dates(words, labels)
            | title_head_left_out(tokens, labels, words) | imprint_in_venue(tokens, labels, words)
            | footnote_words(words, labels) | described_in_brackets(words, labels)
            | names_before_colon(words, labels) | vancouver_list_before_colon(words, labels)
            | group_named_again(words, labels) | title_cut_mid_phrase(words, labels)
            | numbered_footnote_name(words, labels) | title_sentence_in_journal(words, labels)
            | journal_head_in_title(tokens, labels, words)
            | title_past_its_closing_stop(tokens, labels, words)
            | title_head_glued_to_initial(tokens, labels, words)
            | journal_after_closed_list(words, labels) | journal_at_title_end(words, labels)
            | german_book_parts(words, labels) | editors_before_role(words, labels)
            | place_with_its_river(words, labels) | subtitle_before_book_parts(words, labels)
            | same_author_in_container(words, labels) | software(words, labels)
            | containers(words, labels) | supplement_issue(words, labels)
            | footnote_lead_in(words, labels) | cited_again(words, labels)
            | short_form(words, labels) | footnote_title(words, labels)
            | collaboration_in_brackets(words, labels) | bracketed_citation(words, labels)
            | book_series(words, labels) | journal_in_title(words, labels)
            | title_in_journal(words, labels)
            | unpublished_status(words, labels) | thesis_as_note(words, labels)
            | status_as_date(words, labels) | second_work(words, labels)
            | venue_end_before_role(words, labels) | body_before_date(words, labels)
            | book_before_imprint(words, labels) | pages_before_in(words, labels)
            | link_word(words, labels) | book_after_in(words, labels))


def reading_checks(words, labels) -> dict[int, str]:
    """What any reading `auto` decodes must hold, checked once more on the final one: a date
    where it has none, one number for the volume, the page after "volume (year)", a lettered
    range of pages whole, no volume for a journal that numbers none, PoS's code its volume, a
    volume named by its year ("JCAP, 2019(03):017"), a book's publisher no journal, "14:21" no
    range of pages, "n.d." no year, BMC's "2011, 8:e1000393" its year, volume and pages, its list of
    names the authors up to the colon (the rules could cut it at a name without initials),
    Hindawi's "Article ID 240268" the pages, "In press" a note, a footnote's work after its
    lead-in and authors the title, a German book's venue with no title before it its title, its
    subtitle before the volume more of the title, a book's imprint no venue, a report's number
    in brackets the genre, NLM's "[updated …; cited …]" a note, the last author after APA's
    ellipsis an author, no journal's abbreviated name in the title, "private communication" and
    the like a note, INSPIRE's "no.10, 663" its issue and page, ADS's "881, id. 19" and "70, S5"
    their volume and page, "(forthcoming)" where the date stands a note, "URL" before a link
    no publisher's, Zenodo's "Pandas 1.0.3" the title's, a book's "in" no word of its title."""
    return (missing_year(words, labels) | pages_in_volume(words, labels)
            | pages_after_year(words, labels) | lettered_pages(words, labels)
            | page_of_volume_less_journal(words, labels) | proceedings_of_science(words, labels)
            | year_as_volume(words, labels) | publisher_as_venue(words, labels)
            | volume_in_pages(words, labels) | no_date(words, labels)
            | year_volume_pages(words, labels) | vancouver_list_before_colon(words, labels)
            | article_number(words, labels) | in_press(words, labels)
            | footnote_title(words, labels) | untitled_book(words, labels)
            | subtitle_before_book_parts(words, labels) | imprint_as_venue(words, labels)
            | report_number(words, labels) | updated_and_cited(words, labels)
            | last_author_after_ellipsis(words, labels)
            | journal_in_title(words, labels) | unpublished_status(words, labels)
            | issue_in_pages(words, labels) | astronomy_article_id(words, labels)
            | status_as_date(words, labels) | link_word(words, labels)
            | release_in_title(words, labels) | in_before_title(words, labels))
