"""Where a CRF's labels break a shape no reference has: what `auto` decides however sure
the CRF is.

Each check reads the CRF's labels of one reference and names the tokens it decides, each
with its label, or with None where the rules should decide (parse.py gives them the rules'
labels as overwhelming evidence and decodes again). The checks live by what they look at:
`authors` (where an author list ends), `titles` (where a title ends and its container
begins), `books` (a book's editors, translator, imprint, genre), `dates`, `numbers`,
`identifiers`, `law`, `footnotes` (a footnote's own words), `sciences`, `software`, `web`,
`containers`; each says in its docstring which shape it knows. `DOUBTS` lists the checks asked
of the CRF's first reading, `READING` what must hold of any reading, the final one too: adding
a check is a function in its module and its name in one of them. Order matters: where two
checks decide the same token, the later one wins.

Cheap, and they load nothing the parser has not: `auto` asks them of every reference, each
looks for its sign first, and the rule tagger is imported only when it is asked.
"""

import inspect

from .authors import (author_doubts, body_before_date, footnote_words, group_after_et_al, group_before_title,
                      group_named_again, last_author_after_ellipsis,
                      names_before_colon, numbered_footnote_name,
                      initial_glued_to_title, journal_after_vancouver_list,
                      title_head_glued_to_initial, journal_after_closed_list, same_author_in_container,
                      vancouver_list_before_colon, venue_head)
from .books import (book_after_editors, book_before_imprint, pages_before_in, bracketed_genre, bracketed_imprint, described_in_brackets,
                    editors_before_role, german_book_parts, place_with_its_river,
                    subtitle_before_book_parts, untitled_book, imprint_as_venue, report_number, paper_series,
                    german_thesis, parliamentary_paper, volume_with_title,
                    thesis_as_note,
                    venue_end_before_role,
                    bracketed_translator, imprint_in_venue, publisher_after_place, role_names)
from .dates import (access_date, in_press, missing_year, no_place_or_year, online_dates,
                    status_as_date,
                    updated_and_cited,
                    vancouver_volume, vancouver_year)
from .footnotes import cited_again, cites_back, footnote_lead_in, footnote_title, short_form
from .identifiers import identifiers, link_word
from .containers import containers, publisher_as_venue
from .law import law_citation
from .software import no_date, product_manual, release_in_title, software
from .web import web
from .bylines import title_by_author
from .keys import author_year_label, bracketed_key
from .untitled import name_as_pages
from .sciences import (book_after_in, book_after_title, book_part_in_title, book_series,
                       bracketed_citation, collaboration_in_brackets, journal_head_as_title,
                       journal_in_title, place_after_journal, publisher_opening_imprint,
                       second_work, series_after_editors, title_in_journal,
                       unpublished_status)
from .numbers import (acm_article, article_number, cited_on_pages, volume_alone_at_end, lettered_pages, lettered_volume, page_of_volume_less_journal,
                      pages_after_year, pages_in_volume, proceedings_of_science, range_as_volume,
                      series_number, supplement_issue, volume_in_pages, year_as_volume,
                      year_volume_pages, issue_in_pages, astronomy_article_id)
from .titles import (bracketed_acronym, container_after_slashes, glued_journal,
                     group_before_journal, japanese_quotes, quoted_journal, quoted_title,
                     quoted_title_whole, title_before_type_code, title_cut_mid_phrase,
                     title_end_before_colon, title_head_left_out,
                     title_past_its_quote, title_sentence_in_journal, in_before_title,
                     journal_head_in_title, title_past_its_closing_stop, journal_at_title_end)

__all__ = ["doubted", "reading_checks", "DOUBTS", "READING", "cites_back"]


def author_list_end(tokens, labels, words):
    """Where an author list ends: the first of the three checks that finds a break decides."""
    return (author_doubts(tokens, labels, words) or group_after_et_al(words, labels)
            or glued_journal(tokens, labels, words))


DOUBTS = (
    author_list_end, identifiers, container_after_slashes, publisher_after_place, access_date,
    bracketed_translator, bracketed_genre, book_after_editors, venue_head, quoted_title,
    role_names, bracketed_imprint, quoted_journal, vancouver_year, vancouver_volume,
    group_before_title, bracketed_acronym, range_as_volume, japanese_quotes, law_citation,
    series_number, title_end_before_colon, journal_after_vancouver_list, quoted_title_whole,
    title_past_its_quote, group_before_journal, initial_glued_to_title, title_before_type_code,
    online_dates, title_head_left_out, imprint_in_venue, footnote_words, described_in_brackets,
    names_before_colon, vancouver_list_before_colon, group_named_again, title_cut_mid_phrase,
    numbered_footnote_name, title_sentence_in_journal, journal_head_in_title,
    title_past_its_closing_stop, title_head_glued_to_initial, journal_after_closed_list,
    journal_at_title_end, german_book_parts, editors_before_role, place_with_its_river,
    subtitle_before_book_parts, same_author_in_container, software, containers,
    supplement_issue, footnote_lead_in, cited_again, short_form, footnote_title,
    collaboration_in_brackets, bracketed_citation, book_series, journal_in_title,
    title_in_journal, unpublished_status, thesis_as_note, status_as_date, second_work,
    venue_end_before_role, body_before_date, book_before_imprint, pages_before_in, link_word,
    book_after_in, paper_series, german_thesis, no_place_or_year, parliamentary_paper,
    volume_with_title, web, title_by_author, bracketed_key, journal_head_as_title,
    book_after_title, series_after_editors, place_after_journal, book_part_in_title,
    publisher_opening_imprint, lettered_volume, acm_article, cited_on_pages,
    volume_alone_at_end, author_year_label,
)
# The checks that read the tokens (their spacing, their offsets) besides the words: their
# first parameter says so.
READS_TOKENS = frozenset(check for check in DOUBTS
                         if next(iter(inspect.signature(check).parameters)) == "tokens")

READING = (
    missing_year, pages_in_volume, pages_after_year, lettered_pages,
    page_of_volume_less_journal, proceedings_of_science, year_as_volume, publisher_as_venue,
    volume_in_pages, no_date, year_volume_pages, vancouver_list_before_colon, article_number,
    in_press, footnote_title, untitled_book, subtitle_before_book_parts, imprint_as_venue,
    report_number, updated_and_cited, last_author_after_ellipsis, journal_in_title,
    unpublished_status, issue_in_pages, astronomy_article_id, status_as_date, link_word,
    release_in_title, volume_with_title, product_manual, name_as_pages, book_after_title,
    book_part_in_title, in_before_title,
)


def doubted(tokens, labels, words=None) -> dict[int, str | None]:
    """The tokens whose label `DOUBTS` decide (None: the rules should), the later check winning."""
    words = words or [token.text for token in tokens]
    decided = {}
    for check in DOUBTS:
        decided |= check(tokens, labels, words) if check in READS_TOKENS else check(words, labels)
    return decided


def reading_checks(words, labels) -> dict[int, str]:
    """What any reading `auto` decodes must hold (`READING`), checked of the final one too."""
    decided = {}
    for check in READING:
        decided |= check(words, labels)
    return decided
