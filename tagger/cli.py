"""The `reftag` command: one sub-command per module in tagger.commands.

Each command module has `configure(parser)` and `run(args) -> exit code`. Errors reach the
user as one line on stderr, never as a traceback.
"""

import argparse
import importlib
import re
import sys
import warnings

# Sub-command name → module in tagger.commands, in the order `reftag --help` lists them.
COMMANDS = {
    "parse": "parse",
    "find": "find",
    "train": "train",
    "evaluate": "evaluate",
    "label": "label",
    "synth": "synth",
    "benchmark": "benchmark",
    "info": "info",
    "serve": "serve",
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="reftag", description="Tag the fields of bibliographic references.")
    parser.add_argument("--version", action="version", version=f"reftag {_version()}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, module_name in COMMANDS.items():
        try:
            module = importlib.import_module(f"tagger.commands.{module_name}")
        except ImportError as error:  # a command whose module is missing or needs an extra
            missing = str(error)
            sub = subparsers.add_parser(name, help=f"(unavailable: {missing})")
            # Whatever arguments it is given, the answer is how to get the command.
            sub.set_defaults(run=lambda args, missing=missing: _unavailable(missing),
                             unavailable=True)
            continue
        doc = (module.__doc__ or "").strip()
        # The description is shown as written (its exit-status tables keep their lines).
        sub = subparsers.add_parser(name, help=summary(doc), description=doc,
                                    formatter_class=argparse.RawDescriptionHelpFormatter)
        module.configure(sub)
        sub.set_defaults(run=module.run)
    return parser


def summary(doc: str, width: int = 90) -> str | None:
    """A module docstring's first sentence, for `reftag --help`'s list of commands: whole,
    never cut mid-sentence; a long one is cut at its first colon or semicolon instead."""
    paragraph = " ".join(doc.split("\n\n", 1)[0].split())
    if not paragraph:
        return None
    sentence = re.split(r"(?<=[.!?])\s", paragraph, maxsplit=1)[0]
    if len(sentence) > width:
        head = re.split(r"[:;]\s", sentence, maxsplit=1)[0]
        sentence = head if head == sentence else head + "."
    return sentence


def _version() -> str:
    """The installed package's version (pyproject.toml), not a copy kept in the code."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("reftag")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "(not installed)"


def _unavailable(reason: str) -> int:
    print(f"reftag: this command is unavailable: {reason}", file=sys.stderr)
    return 1


def _show_warning(message, category, filename, lineno, file=None, line=None):
    print(f"reftag: warning: {message}", file=sys.stderr)


def main(argv=None) -> int:
    parser = build_parser()
    try:
        args, unknown = parser.parse_known_args(argv)
        if unknown and not getattr(args, "unavailable", False):
            parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    except SystemExit as exit_:  # argparse's usage error (2) is our exit 1; --help stays 0
        return 1 if exit_.code else 0
    warnings.showwarning = _show_warning
    if hasattr(sys.stdout, "reconfigure"):
        # Output is UTF-8 whatever the locale says; a character that cannot be written (a
        # lone surrogate half from a PDF's text layer) becomes "?" rather than ending the run.
        sys.stdout.reconfigure(encoding="utf-8", errors="replace")
    try:
        return args.run(args)
    except KeyboardInterrupt:
        print("reftag: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        sys.stderr.close()  # the reader went away (`| head`): nothing more to say
        return 0
    except Exception as error:  # noqa: BLE001 - the last line of defence against tracebacks
        print(f"reftag: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
