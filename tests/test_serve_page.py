"""The page of `reftag serve` in a real headless Chromium (Debian's chromium and
chromium-driver, through selenium): paste, see the fields, relabel by mouse and keyboard,
download, and `reftag train` takes the download."""

import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the serve extra is not installed")

from tagger.corpora.corpus import load  # noqa: E402
from tests.serve_helpers import REFERENCES, chromium, chromium_missing, running_server  # noqa: E402

MISSING = chromium_missing()
pytestmark = pytest.mark.skipif(MISSING is not None, reason=f"no browser: {MISSING}")

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def server():
    with running_server() as base:
        yield base


def wait_for(condition, timeout=20, what="the page"):
    """condition()'s first true value; an element replaced while read (the page re-renders
    a reference after each relabel) means "not yet"."""
    from selenium.common.exceptions import StaleElementReferenceException

    deadline = time.monotonic() + timeout
    while True:
        try:
            value = condition()
        except StaleElementReferenceException:
            value = None
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.1)


def open_page(driver, base):
    from selenium.webdriver.common.by import By

    driver.get(base + "/")
    wait_for(lambda: driver.find_element(By.TAG_NAME, "body").get_attribute("data-ready"),
             what="the page to start")


def paste_and_parse(driver, references):
    from selenium.webdriver.common.by import By

    box = driver.find_element(By.ID, "input")
    box.send_keys("\n".join(references))
    driver.find_element(By.ID, "parse").click()
    return wait_for(lambda: len(driver.find_elements(By.CSS_SELECTOR, "#refs .ref"))
                    == len(references) and driver.find_elements(By.CSS_SELECTOR, "#refs .ref"),
                    what="the references")


def ref_item(driver, number):
    from selenium.webdriver.common.by import By

    return driver.find_element(By.CSS_SELECTOR, f'#refs .ref[data-index="{number}"]')


def test_paste_relabel_download_and_train(server, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    downloads = tmp_path / "downloads"
    downloads.mkdir()
    with chromium(downloads) as driver:
        open_page(driver, server)
        items = paste_and_parse(driver, REFERENCES)

        # Fields are coloured with the palette, and every token shows its confidence.
        tokens = items[0].find_elements(By.CSS_SELECTOR, ".tok")
        labelled = [t for t in tokens if t.get_attribute("data-label") != "O"]
        assert labelled and all(t.value_of_css_property("border-bottom-color") != "rgba(0, 0, 0, 0)"
                                for t in labelled)
        assert all(t.get_attribute("title").split(" · p ")[1] for t in tokens)
        assert items[0].find_elements(By.CSS_SELECTOR, "dl.fields dt")
        driver.find_element(By.ID, "show-p").click()
        assert "show-p" in driver.find_element(By.TAG_NAME, "body").get_attribute("class")

        # A click on "1999" and a click on "note" in the picker relabel it; the fields follow.
        year = next(t for t in ref_item(driver, 2).find_elements(By.CSS_SELECTOR, ".tok")
                    if t.text == "1999")
        year.click()
        picker = driver.find_element(By.ID, "picker")
        assert picker.is_displayed()
        picker.find_element(By.CSS_SELECTOR, 'button[data-label="note"]').click()
        wait_for(lambda: "1999" in " ".join(
            dd.text for dd in ref_item(driver, 2).find_elements(By.CSS_SELECTOR,
                                                                'dd[data-label="note"]')),
            what="the note field")

        # The keyboard alone: →, Shift+→ select tokens 1-2, Enter opens the picker, "n"
        # goes to "note", Enter applies it.
        first = ref_item(driver, 0).find_element(By.CSS_SELECTOR, '.tok[data-i="0"]')
        first.click()
        driver.switch_to.active_element.send_keys(Keys.ESCAPE)
        assert not picker.is_displayed()
        driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
        driver.switch_to.active_element.send_keys(Keys.SHIFT, Keys.ARROW_RIGHT)
        driver.switch_to.active_element.send_keys(Keys.ENTER)
        assert picker.is_displayed()
        driver.switch_to.active_element.send_keys("n")
        assert driver.switch_to.active_element.get_attribute("data-label") == "note"
        driver.switch_to.active_element.send_keys(Keys.ENTER)
        wait_for(lambda: [t.get_attribute("data-label") for t in ref_item(driver, 0)
                          .find_elements(By.CSS_SELECTOR, ".tok")][1:3] == ["note", "note"],
                 what="the keyboard relabel")

        # Least confident first reorders the list by confidence.
        driver.find_element(By.ID, "sort").click()
        shown = [float(item.find_element(By.CSS_SELECTOR, ".confidence").text.split()[1])
                 for item in driver.find_elements(By.CSS_SELECTOR, "#refs .ref")]
        assert shown == sorted(shown)

        driver.find_element(By.ID, "download-xml").click()
        xml = wait_for(lambda: (downloads / "references.xml").is_file()
                       and downloads / "references.xml", what="the XML download")
        driver.find_element(By.ID, "download-jsonl").click()
        jsonl = wait_for(lambda: (downloads / "references.jsonl").is_file()
                         and downloads / "references.jsonl", what="the JSONL download")

    records = load(xml)
    assert [r["text"] for r in records] == REFERENCES
    assert any(label == "note" and "1999" in records[2]["text"][start:end]
               for start, end, label in records[2]["spans"])
    assert [r["text"] for r in load(jsonl)] == REFERENCES
    model = tmp_path / "mine.crfsuite"
    trained = subprocess.run([sys.executable, "-m", "tagger", "train", str(xml), "-o", str(model),
                              "--base", "none", "--max-iterations", "5"],
                             capture_output=True, text=True, timeout=300)
    assert trained.returncode == 0, trained.stderr
    assert model.is_file()


def test_readable_on_a_narrow_screen(server, tmp_path):
    from selenium.webdriver.common.by import By

    with chromium(tmp_path, width=380, height=800) as driver:
        open_page(driver, server)
        paste_and_parse(driver, REFERENCES)
        width = driver.execute_script("return document.documentElement.clientWidth")
        assert driver.execute_script("return document.documentElement.scrollWidth") <= width
        driver.find_element(By.CSS_SELECTOR, "#refs .tok").click()
        picker = driver.find_element(By.ID, "picker")
        assert picker.is_displayed() and picker.rect["width"] <= width


def test_upload_a_text_file_and_a_pdf(server, tmp_path):
    from selenium.webdriver.common.by import By

    from tests.serve_helpers import request

    listing = tmp_path / "refs.txt"
    listing.write_text("\n".join(REFERENCES) + "\n", encoding="utf-8")
    with chromium(tmp_path) as driver:
        open_page(driver, server)
        driver.find_element(By.ID, "file").send_keys(str(listing))
        wait_for(lambda: len(driver.find_elements(By.CSS_SELECTOR, "#refs .ref")) == 3,
                 what="the uploaded references")
        pdf = REPO / "data" / "finder" / "pdf" / "ieee_two_column.pdf"
        if request(server, "/api/find", pdf.read_bytes(), "application/pdf")[0] == 415:
            return  # no PDF input in this install: the text upload is all there is to see
        driver.find_element(By.ID, "file").send_keys(str(pdf))
        wait_for(lambda: len(driver.find_elements(By.CSS_SELECTOR, "#refs .ref")) > 5,
                 what="the references of the PDF")
        # A PDF is searched as a document, and the choice on the page says so.
        assert driver.find_element(By.CSS_SELECTOR, 'input[name="mode"][value="document"]').is_selected()
        assert not driver.find_element(By.CSS_SELECTOR, 'input[name="mode"][value="lines"]').is_selected()


def test_a_document_without_references_is_said_so(server, tmp_path):
    from selenium.webdriver.common.by import By

    with chromium(tmp_path) as driver:
        open_page(driver, server)
        driver.find_element(By.CSS_SELECTOR, 'input[name="mode"][value="document"]').click()
        driver.find_element(By.ID, "input").send_keys(
            "This essay cites nothing; it is body text from its first line\n"
            "to its last, and the page must say that no list was found.")
        driver.find_element(By.ID, "parse").click()
        status = driver.find_element(By.ID, "status")
        wait_for(lambda: "No reference section found" in status.text, what="the message")
        assert "error" in status.get_attribute("class")
        assert not driver.find_elements(By.CSS_SELECTOR, "#refs .ref")


def test_what_is_no_reference_is_marked_on_the_page(server, tmp_path):
    from selenium.webdriver.common.by import By

    with chromium(tmp_path) as driver:
        open_page(driver, server)
        items = paste_and_parse(driver, ["hello world", REFERENCES[0]])
        assert items[0].find_elements(By.CSS_SELECTOR, ".not-reference")
        assert not items[1].find_elements(By.CSS_SELECTOR, ".not-reference")


def picker_box(driver):
    """The picker's box and the window's, in the window's coordinates."""
    return driver.execute_script(
        "const box = document.getElementById('picker').getBoundingClientRect();"
        "return {top: box.top, bottom: box.bottom, left: box.left, right: box.right,"
        "        width: document.documentElement.clientWidth, height: window.innerHeight};")


@pytest.mark.parametrize("where", ["last", "first"])
def test_the_picker_stays_inside_the_window(server, tmp_path, where):
    """A token at the window's bottom edge opens the picker above it; one at the top, below."""
    from selenium.webdriver.common.by import By

    with chromium(tmp_path, width=900, height=600) as driver:
        open_page(driver, server)
        items = paste_and_parse(driver, REFERENCES * 6)
        token = items[-1].find_elements(By.CSS_SELECTOR, ".tok")[-1 if where == "last" else 0]
        driver.execute_script("arguments[0].scrollIntoView({block: arguments[1]});", token,
                              "end" if where == "last" else "start")
        token.click()
        wait_for(lambda: driver.find_element(By.ID, "picker").is_displayed(), what="the picker")
        box = picker_box(driver)
        assert 0 <= box["top"] and box["bottom"] <= box["height"], box
        assert 0 <= box["left"] and box["right"] <= box["width"], box
        anchor = token.rect
        scrolled = driver.execute_script("return window.scrollY")
        token_top = anchor["y"] - scrolled
        if where == "last":  # no room below the last row: above it, not over it
            assert box["bottom"] <= token_top, (box, token_top)
        else:
            assert box["top"] >= token_top + anchor["height"], (box, token_top)


def test_the_header_shows_the_default_engines_gold_score(server, tmp_path):
    import json

    from selenium.webdriver.common.by import By

    gold = json.loads((REPO / "models" / "default.json").read_text())["scores"]["data/gold.jsonl"]
    with chromium(tmp_path) as driver:
        open_page(driver, server)
        header = driver.find_element(By.ID, "model-info").text
    assert header.startswith("engine auto")
    assert f"gold core F1 {gold['auto']['core_micro_f1']}" in header, header
