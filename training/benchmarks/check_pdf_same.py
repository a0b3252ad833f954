"""Does the PDF reader still read every PDF as it did? Snapshots PdfText (text, furniture,
layout, warnings) of every PDF under the given folders and compares with a saved snapshot:
a speed change to tagger/pdf must leave the output byte-identical.

    python -m training.benchmarks.check_pdf_same save before.pickle FOLDER...
    python -m training.benchmarks.check_pdf_same compare before.pickle FOLDER...
"""

import argparse
import dataclasses
import pickle
import sys
from pathlib import Path

from tagger.pdf import PdfError, read_pdf


def snapshot(folders) -> dict:
    result = {}
    for folder in folders:
        for path in sorted(Path(folder).glob("*.pdf")):
            try:
                layout = read_pdf(str(path))
            except PdfError as error:
                result[str(path)] = ("error", str(error))
                continue
            result[str(path)] = (layout.text, layout.furniture, layout.page_count,
                                 layout.pages_read, layout.warnings,
                                 [dataclasses.astuple(item) if item else None
                                  for item in layout.layout])
    return result


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("save", "compare"))
    parser.add_argument("snapshot")
    parser.add_argument("folders", nargs="+")
    args = parser.parse_args(argv)
    now = snapshot(args.folders)
    if args.action == "save":
        Path(args.snapshot).write_bytes(pickle.dumps(now))
        print(f"{len(now)} PDFs saved to {args.snapshot}")
        return 0
    before = pickle.loads(Path(args.snapshot).read_bytes())
    differ = [path for path in sorted(set(before) | set(now)) if before.get(path) != now.get(path)]
    for path in differ:
        print(f"DIFFERS: {path}")
    print(f"{len(now) - len(differ)} of {len(set(before) | set(now))} PDFs read the same")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
