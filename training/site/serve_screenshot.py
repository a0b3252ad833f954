"""The guide's picture of the `reftag serve` page: docs/serve.png, taken in headless Chromium.

    python -m training.site.serve_screenshot [-o docs/serve.png]

Starts the server on a free loopback port (the tests' helper, so run it from a checkout),
pastes the first references of examples/references.txt, sorts them least confident first,
shows each token's confidence and opens the label picker on an unsure token.
"""

import argparse
import tempfile
import time
from pathlib import Path

from tests.serve_helpers import chromium, running_server

ROOT = Path(__file__).resolve().parents[2]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-o", "--output", default=str(ROOT / "docs" / "serve.png"))
    parser.add_argument("--references", type=int, default=4)
    args = parser.parse_args(argv)
    lines = [line for line in (ROOT / "examples" / "references.txt").read_text("utf-8")
             .splitlines() if line.strip()][:args.references]
    from selenium.webdriver.common.by import By

    Path(args.output).parent.mkdir(parents=True, exist_ok=True)
    with running_server() as base, chromium(tempfile.mkdtemp(), 1100, 1400) as driver:
        driver.get(base + "/")
        while driver.find_element(By.TAG_NAME, "body").get_attribute("data-ready") != "true":
            time.sleep(0.1)
        driver.execute_script("document.getElementById('input').value = arguments[0]",
                              "\n".join(lines))
        driver.find_element(By.ID, "parse").click()
        while len(driver.find_elements(By.CSS_SELECTOR, "#refs .ref")) < len(lines):
            time.sleep(0.1)
        driver.find_element(By.ID, "sort").click()
        driver.find_element(By.ID, "show-p").click()
        unsure = driver.find_elements(By.CSS_SELECTOR, "#refs .tok.unsure, #refs .tok.doubt")
        target = unsure[0] if unsure else driver.find_element(By.CSS_SELECTOR, "#refs .tok")
        driver.execute_script("window.scrollTo(0, 0)")
        target.click()
        time.sleep(0.3)
        driver.save_screenshot(args.output)
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
