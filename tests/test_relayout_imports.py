"""training/relayout_imports.py rewrites code written against the flat package (a branch merged
after the re-layout) to the subpackages' paths, and leaves code already written for them alone."""

from pathlib import Path

from training.relayout_imports import REPO_ROOT, rewrite

FINDER_FILE = REPO_ROOT / "tagger" / "finder" / "lines.py"  # a file that stayed where it was
MOVED_FILE = REPO_ROOT / "tagger" / "crf" / "finetune.py"  # was tagger/finetune.py


def test_relative_imports_in_a_file_that_stayed():
    old = ("from ..model import load_model\n"
           "from .. import lexicon\n"
           "from ..parse import parse_many\n"
           "from .classify import classify\n"
           "def f():\n"
           "    from .. import find, formats\n")
    assert rewrite(old, FINDER_FILE) == ("from ..crf.model import load_model\n"
                                         "from ..text import lexicon\n"
                                         "from ..parse import parse_many\n"
                                         "from .classify import classify\n"
                                         "def f():\n"
                                         "    from .. import find\n"
                                         "    from ..output import formats\n")


def test_a_moved_file_reads_its_old_lines_from_where_it_stood():
    old = ("from .model import read_weights\n"  # crf/model.py is there: kept
           "from .labels import OTHER\n"  # tagger/labels, from the old place
           "from .corpus import load\n"
           "from ..labels import field_of\n")  # already right where it is now
    assert rewrite(old, MOVED_FILE) == ("from .model import read_weights\n"
                                        "from ..labels import OTHER\n"
                                        "from ..corpora.corpus import load\n"
                                        "from ..labels import field_of\n")


def test_absolute_imports_names_and_paths():
    old = ("import tagger.model\n"
           "from tagger import formats, parse\n"
           "from tagger.layout_tei import (read_segmentation,\n"
           "                               read_reference_section)\n"
           'monkeypatch.setattr("tagger.model.file_sha256", None)  # see tagger/decode.py\n'
           "# words from tagger/lexicons/words.txt; tagger.models and tagger.parse stay\n")
    assert rewrite(old, Path("training/x.py")) == (
        "import tagger.crf.model\n"
        "from tagger import parse\n"
        "from tagger.output import formats\n"
        "from tagger.corpora.layout_tei import (read_segmentation,\n"
        "                               read_reference_section)\n"
        'monkeypatch.setattr("tagger.crf.model.file_sha256", None)  # see tagger/crf/decode.py\n'
        "# words from tagger/text/lexicons/words.txt; tagger.models and tagger.parse stay\n")


def test_the_new_layout_is_left_alone():
    text = MOVED_FILE.read_text(encoding="utf-8")
    assert rewrite(text, MOVED_FILE) == text
    docs = (REPO_ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    assert rewrite(docs, REPO_ROOT / "docs" / "api.md") == docs
