"""Running the `reftag` command inside the test process, for the CLI and terminal tests."""

import io
import os
import sys
import warnings
from unittest import mock

from tagger.cli import main


class TerminalBytes(io.BytesIO):
    def isatty(self):
        return True


def reftag(*argv, stdin=b"", stdout_encoding="utf-8", stderr=None, terminal=False,
           environ=None):
    """Run the command in this process: (exit code, stdout text, stderr text). `terminal`
    makes stdout a terminal; `environ`, when given, is the whole environment."""
    out = TerminalBytes() if terminal else io.BytesIO()
    stdout = io.TextIOWrapper(out, encoding=stdout_encoding, write_through=True)
    stderr = stderr if stderr is not None else io.StringIO()
    stdin = io.TextIOWrapper(io.BytesIO(stdin))
    with warnings.catch_warnings(), mock.patch.multiple(sys, stdin=stdin, stdout=stdout,
                                                        stderr=stderr), \
            mock.patch.dict(os.environ, environ or {}, clear=environ is not None):
        warnings.simplefilter("default")
        try:
            code = main(list(argv))
        except SystemExit as exit_:
            code = exit_.code
        stdout.flush()
    return code, out.getvalue().decode("utf-8"), stderr.getvalue()
