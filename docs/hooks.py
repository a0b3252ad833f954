"""MkDocs hook: the CLI reference is written from the argparse definitions at build time.

A page holding the marker `<!-- reftag-cli -->` gets, in its place, `reftag --help` and each
sub-command's `--help` as `tagger.cli.build_parser()` prints them at 100 columns, so the page
cannot drift from the program.
"""

import os

MARKER = "<!-- reftag-cli -->"


def cli_reference() -> str:
    from tagger.cli import build_parser

    columns = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "100"  # argparse wraps help to the terminal's width
    try:
        parser = build_parser()
        (subparsers,) = [action for action in parser._actions
                         if action.__class__.__name__ == "_SubParsersAction"]
        parts = ["## reftag", "", "```text", parser.format_help().rstrip(), "```", ""]
        for name, sub in subparsers.choices.items():
            parts += [f"## reftag {name}", "", "```text", sub.format_help().rstrip(), "```", ""]
    finally:
        if columns is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = columns
    return "\n".join(parts)


def on_page_markdown(markdown, page, config, files):
    if MARKER in markdown:
        return markdown.replace(MARKER, cli_reference())
    return markdown
