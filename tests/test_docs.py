"""The README and the documentation site: the site builds offline with no warnings, the README
stays short, and no link or path they give points at a file the repository does not hold."""

import importlib.util
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
DOCS = REPO / "docs"
README = REPO / "README.md"

# Pages the site's nav lists that other branches are writing (pdf, finder, retrain, styles):
# allowed to be missing until they land. Empty this once they are in.
PLANNED = set()

# A code span that names something in the repository: it starts with one of its folders.
REPO_PATH = re.compile(r"`((?:tagger|training|tests|data|models|docs|examples|\.ci)/[^`\s*{}<>]*)`")
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)|!\[[^\]]*\]\(([^)\s]+)\)")
MODULE = re.compile(r"python -m ((?:tagger|training)(?:\.\w+)*)")
FENCE = re.compile(r"^(```|~~~).*?^\1", re.S | re.M)


def pages():
    return [README, *sorted(DOCS.glob("*.md"))]


def prose(text: str) -> str:
    """The text outside fenced code blocks, where a path is a claim and not a command's output."""
    return FENCE.sub("", text)


def test_readme_is_short():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 250, f"README.md has {len(lines)} lines: move detail into docs/"


@pytest.mark.parametrize("page", pages(), ids=lambda p: p.relative_to(REPO).as_posix())
def test_links_point_at_files_in_the_repository(page):
    missing = []
    for match in LINK.finditer(prose(page.read_text(encoding="utf-8"))):
        target = (match.group(1) or match.group(2)).split("#")[0]
        if not target or re.match(r"[a-z]+:", target):  # a web address or an anchor here
            continue
        if not (page.parent / target).exists() and target not in PLANNED:
            missing.append(target)
    assert not missing, f"{page.name} links to files not in the repository: {missing}"


@pytest.mark.parametrize("page", [p for p in pages() if p.name != "history.md"],
                         ids=lambda p: p.relative_to(REPO).as_posix())
def test_paths_and_modules_named_exist(page):
    """history.md is exempt from the path check: it records where things were at the time."""
    text = page.read_text(encoding="utf-8")
    missing = [path for path in REPO_PATH.findall(prose(text))
               if not (REPO / path.rstrip("/")).exists()]
    for module in MODULE.findall(text):
        base = REPO.joinpath(*module.split("."))
        if not (base.with_suffix(".py").exists() or (base / "__init__.py").exists()):
            missing.append(f"python -m {module}")
    assert not missing, f"{page.name} names what the repository does not hold: {missing}"


def test_nav_lists_pages_that_exist():
    nav = re.findall(r":\s*([\w.-]+\.md)\s*$", (REPO / "mkdocs.yml").read_text(), re.M)
    assert "index.md" in nav
    missing = [name for name in nav if not (DOCS / name).exists() and name not in PLANNED]
    assert not missing, f"mkdocs.yml's nav lists pages that are not in docs/: {missing}"
    unlisted = {p.name for p in DOCS.glob("*.md")} - set(nav)
    assert not unlisted, f"pages in docs/ that the nav does not list: {sorted(unlisted)}"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The site as `mkdocs build --strict` writes it."""
    for module in ("mkdocs", "material"):
        pytest.importorskip(module, reason="the docs extra is not installed")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [
        str(REPO), os.environ.get("PYTHONPATH")])), "NO_MKDOCS_2_WARNING": "1"}
    site = tmp_path_factory.mktemp("docs") / "site"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(REPO / "mkdocs.yml"),
         "-d", str(site)], cwd=REPO, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "WARNING" not in done.stderr, done.stderr[-3000:]
    return site


def test_site_builds_offline_without_warnings(site):
    # The CLI reference is the program's own help: every command, with its options.
    from tagger.cli import COMMANDS

    cli = (site / "cli.html").read_text(encoding="utf-8")
    for command in COMMANDS:
        assert f"usage: reftag {command}" in cli, command
    assert "--format" in cli and "--engine" in cli
    # The library reference is read from the docstrings.
    api = (site / "api.html").read_text(encoding="utf-8")
    for name in ("tagger.parse.parse", "tagger.parse.parse_many", "tagger.find", "Reference"):
        assert name in api, name
    # Nothing is fetched from the web when a page opens: no script or stylesheet elsewhere.
    for page in site.glob("*.html"):
        remote = re.findall(r'<(?:script|link)[^>]+(?:src|href)="(https?:[^"]+)"',
                            page.read_text(encoding="utf-8"))
        assert not remote, f"{page.name} loads {remote}"


def test_search_works_from_disk(site, tmp_path):
    """Opened as file://, with no server, the search box finds a word of a page."""
    from tests.serve_helpers import chromium, chromium_missing

    if chromium_missing():
        pytest.skip(chromium_missing())
    from selenium.webdriver.common.by import By

    with chromium(tmp_path) as driver:
        driver.get((site / "index.html").as_uri())
        box = driver.find_element(By.CSS_SELECTOR, "input.md-search__input")
        driver.execute_script("arguments[0].focus();", box)  # the index loads on first focus
        meta = driver.find_element(By.CSS_SELECTOR, ".md-search-result__meta")
        deadline = time.monotonic() + 20
        while "Initializing" in meta.get_attribute("textContent"):
            assert time.monotonic() < deadline, "search is stuck on 'Initializing search'"
            time.sleep(0.2)
        box.send_keys("deuteranopia")
        deadline = time.monotonic() + 20
        while not driver.find_elements(By.CSS_SELECTOR, ".md-search-result__item"):
            assert time.monotonic() < deadline, meta.get_attribute("textContent")
            time.sleep(0.2)
        found = driver.find_element(By.CSS_SELECTOR, ".md-search-result__item").get_attribute("textContent")
    assert "Using reftag" in found


def written_reference():
    """docs/reference.py, the script that writes docs/cli.md and docs/api.md."""
    spec = importlib.util.spec_from_file_location("docs_reference", DOCS / "reference.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", ["cli.md", "api.md"])
def test_reference_pages_are_what_the_program_says_now(name):
    reference = written_reference()
    written = (DOCS / name).read_text(encoding="utf-8")
    assert written == reference.PAGES[name](), (
        f"docs/{name} is out of date with the program: run `python docs/reference.py`")


def test_command_line_help_fits_the_page():
    reference = written_reference()
    text = (DOCS / "cli.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```text\n(.*?)^```", text, re.S | re.M)
    assert len(blocks) >= 2
    wide = [line for block in blocks for line in block.splitlines() if len(line) > reference.WIDTH]
    assert not wide, f"help lines wider than {reference.WIDTH} columns: {wide[:3]}"


def readme_pages():
    links = LINK.findall(prose(README.read_text(encoding="utf-8")))
    targets = {(a or b).split("#")[0] for a, b in links}
    return sorted(REPO / t for t in targets if t.endswith(".md") and not re.match(r"[a-z]+:", t))


@pytest.mark.parametrize("page", readme_pages(), ids=lambda p: p.relative_to(REPO).as_posix())
def test_pages_the_readme_links_read_as_prose(page):
    """Outside the site too (GitHub, an editor): no plugin's directive, no placeholder for
    text a build would put in, and no build hook that could rewrite a page at all."""
    assert "hooks:" not in (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    text = prose(page.read_text(encoding="utf-8"))
    directives = re.findall(r"^:::.*$", text, re.M)
    markers = re.findall(r"^\s*<!--\s*[\w.-]+\s*-->\s*$", text, re.M)  # e.g. <!-- reftag-cli -->
    assert not directives and not markers, f"{page.name}: {directives + markers}"
    words = len(re.findall(r"[A-Za-z]{3,}", page.read_text(encoding="utf-8")))
    assert words >= 150, f"{page.name} has {words} words: a page with little to read"


def test_readme_scores_are_the_harness_output():
    """The README's gold rows are copied from docs/results.md, which training/site/write_results.py
    writes from `reftag evaluate`: a row that differs was typed or is stale."""
    results = (DOCS / "results.md").read_text(encoding="utf-8").splitlines()
    assert "Written by `python -m training.site.write_results`" in "\n".join(results[:5])
    readme = README.read_text(encoding="utf-8")
    table = readme[readme.index("| label | precision | recall | F1 | support |"):]
    rows = []
    for line in table.splitlines():
        if not line.startswith("|"):
            break  # the table ends at its first line that is not a row
        rows.append(line)
    assert len(rows) >= 9  # the header, its rule, the six core fields, core micro
    for row in rows:
        assert row in results, f"README row not in docs/results.md: {row}"
