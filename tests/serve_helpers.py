"""A real `reftag serve` on a free loopback port, and a headless Chromium to drive its page.

Shared by the service's API and page tests (and nothing else imports it)."""

import contextlib
import json
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

# Three references in three styles, for the API and the page tests alike.
REFERENCES = [
    "Smith J, Jones A. A study of things. J Appl Phys. 2020;12(3):45-67.",
    "[2] He K, Zhang X. Deep residual learning[C]//Proc of CVPR, 2016: 770-778.",
    "Brown P. Reading the unread. London: Penguin, 1999.",
]

CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromedriver")
CHROMIUM_FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                  "--disable-quic", "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def running_server(*arguments, timeout=60):
    """The base URL of a `reftag serve` subprocess, stopped (by its own id) afterwards."""
    with serving(*arguments, timeout=timeout) as (base, _):
        yield base


@contextlib.contextmanager
def serving(*arguments, timeout=60):
    """(base URL, process) of a `reftag serve` subprocess answering, stopped afterwards."""
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "tagger", "serve", "--port", str(port),
                                *arguments], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"reftag serve exited: {process.stdout.read().decode()}")
            try:
                with urllib.request.urlopen(base + "/api/health", timeout=5):
                    break
            except urllib.error.HTTPError:  # answering, if only to say it cannot serve
                break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                if time.monotonic() > deadline:
                    raise RuntimeError("reftag serve did not answer in time") from None
                time.sleep(0.2)
        yield base, process
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        process.stdout.close()


def request(base, path, body=None, content_type=None, method=None, headers=None):
    """(status, content type, body bytes) of one HTTP request; HTTP errors included."""
    headers = dict(headers or {})
    if content_type:
        headers["Content-Type"] = content_type
    if isinstance(body, str):
        body = body.encode("utf-8")
    req = urllib.request.Request(base + path, data=body, headers=headers, method=method)
    try:
        with urllib.request.urlopen(req, timeout=60) as response:
            return response.status, response.headers.get("Content-Type", ""), response.read()
    except urllib.error.HTTPError as error:
        with error:
            return error.code, error.headers.get("Content-Type", ""), error.read()


def post_json(base, path, value):
    status, _, body = request(base, path, json.dumps(value), "application/json")
    return status, json.loads(body)


def chromium_missing() -> str | None:
    """Why no browser test can run here, or None."""
    missing = [path for path in CHROMIUM if not shutil.which(path)]
    if missing:
        return f"{' and '.join(missing)} not installed (apt-get install chromium chromium-driver)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    return None


@contextlib.contextmanager
def chromium(download_dir, width=1200, height=900):
    """A headless Chromium (Debian's, through its chromedriver) with a fresh profile, whose
    downloads go to `download_dir`."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="reftag-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM[0]
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    options.add_argument(f"--window-size={width},{height}")
    options.add_experimental_option("prefs", {"download.default_directory": str(download_dir),
                                              "download.prompt_for_download": False})
    driver = webdriver.Chrome(options=options, service=Service(CHROMIUM[1]))
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
