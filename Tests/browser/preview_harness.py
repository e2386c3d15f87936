"""What the browser tests share: `rulecheck preview` on a copy of a rules file, headless Chromium
driven by Selenium, and helpers that drive the page only through its stable DOM: rows
`[data-field=PATH]` with `data-visible`, `data-enabled`, `data-required`; inputs `[data-input=PATH]`;
issues inside `[data-issues-for=PATH]` with `data-code`; gates `[data-gate=NAME]` with `data-open`;
pages `[data-page=ID]` with `data-current`, `data-valid`, `data-shown`; `#values`; `#rules-errors`;
list buttons `[data-add=LIST]`.

With RULECHECK_SCREENSHOTS=Docs/images the tests also save the screenshots the docs show.
"""

import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import unittest

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BINARY = os.path.abspath(os.environ.get("RULECHECK", os.path.join(ROOT, ".build", "debug", "rulecheck")))
SCREENSHOTS = os.environ.get("RULECHECK_SCREENSHOTS")
WAIT = 10


def css(path):
    """A CSS attribute value, quoted."""
    return '"' + path.replace("\\", "\\\\").replace('"', '\\"') + '"'


class PreviewHarness(unittest.TestCase):
    """`rulecheck preview` on a copy of RULES (its directory's blocks/ copied too), for 2026-11-22."""
    RULES = None
    # The directory of RULES, under the repository.
    RULES_DIR = "Rules"
    FIRST_FIELD = None

    @classmethod
    def setUpClass(cls):
        cls.directory = tempfile.mkdtemp(prefix="rulecheck-preview-")
        cls.rules_name = cls.RULES.replace(".yaml", "-preview.yaml")
        cls.rules_path = os.path.join(cls.directory, cls.rules_name)
        with open(os.path.join(ROOT, cls.RULES_DIR, cls.RULES), encoding="utf-8") as source:
            cls.original = source.read()
        cls.write_rules(cls.original)
        if os.path.isdir(os.path.join(ROOT, cls.RULES_DIR, "blocks")):
            shutil.copytree(os.path.join(ROOT, cls.RULES_DIR, "blocks"), os.path.join(cls.directory, "blocks"))
        # Named relative to its directory, as an author types it: errors name it so.
        cls.server = subprocess.Popen(
            [BINARY, "preview", cls.rules_name, "--port", "0", "--today", "2026-11-22"],
            cwd=cls.directory, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        banner = cls.server.stdout.readline()
        match = re.search(r"(http://127\.0\.0\.1:\d+/)", banner)
        if not match:
            cls.server.kill()
            raise RuntimeError("rulecheck preview printed no URL: %r %r" % (banner, cls.server.stderr.read()))
        cls.url = match.group(1)
        options = webdriver.ChromeOptions()
        options.binary_location = shutil.which("chromium") or shutil.which("chromium-browser") or ""
        for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1400,1000",
                         "--force-device-scale-factor=1", "--lang=en-US"]:
            options.add_argument(argument)
        service = webdriver.ChromeService(executable_path=shutil.which("chromedriver"))
        cls.driver = webdriver.Chrome(options=options, service=service)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        # SIGTERM: the server finishes what is under way and exits 0.
        cls.server.send_signal(signal.SIGTERM)
        status = cls.server.wait(timeout=20)
        cls.server.stdout.close()
        cls.server.stderr.close()
        shutil.rmtree(cls.directory, ignore_errors=True)
        if status != 0:
            raise AssertionError("rulecheck preview exited %d on SIGTERM" % status)

    @classmethod
    def write_rules(cls, text):
        # Write and rename, as editors save: the server never reads half a file.
        temporary = cls.rules_path + ".tmp"
        with open(temporary, "w", encoding="utf-8") as target:
            target.write(text)
        os.replace(temporary, cls.rules_path)

    def setUp(self):
        self.driver.get(self.url)
        self.until(lambda d: self.values() is not None and self.find("[data-field=%s]" % css(self.FIRST_FIELD)))
        self.until(lambda d: self.driver.find_element(By.ID, "rules-status").get_attribute("data-status") == "ok")

    # ------------------------------------------------------------------ helpers

    def until(self, condition, message=""):
        def safe(driver):
            try:
                return condition(driver)
            except StaleElementReferenceException:
                return False
        return WebDriverWait(self.driver, WAIT).until(safe, message)

    def find(self, selector):
        found = self.driver.find_elements(By.CSS_SELECTOR, selector)
        return found[0] if found else None

    def row(self, path):
        return self.driver.find_element(By.CSS_SELECTOR, "[data-field=%s]" % css(path))

    def input(self, path):
        return self.driver.find_element(By.CSS_SELECTOR, "[data-input=%s]" % css(path))

    def attribute(self, path, name):
        return self.row(path).get_attribute("data-" + name)

    def wait_attribute(self, path, name, value):
        self.until(lambda d: self.attribute(path, name) == value,
                   "%s data-%s never became %s" % (path, name, value))

    def values(self):
        text = self.driver.find_element(By.ID, "values").text
        try:
            return json.loads(text)
        except ValueError:
            return None

    def wait_values(self, predicate, message):
        self.until(lambda d: predicate(self.values() or {}), message)

    def visible(self, element):
        """Scrolls an element to the middle of the window (clear of the sticky header) and returns it."""
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        return element

    def click(self, element):
        self.visible(element).click()

    def type(self, path, text):
        box = self.visible(self.input(path))
        box.click()
        box.send_keys(text)

    def choose(self, path, title):
        Select(self.input(path)).select_by_visible_text(title)

    def issue_codes(self, path):
        box = self.driver.find_element(By.CSS_SELECTOR, "[data-issues-for=%s]" % css(path))
        return [issue.get_attribute("data-code") for issue in box.find_elements(By.CSS_SELECTOR, "[data-code]")]

    def leave(self):
        """Moves the focus out of the current field (a blur, as the user's next click does)."""
        self.driver.find_element(By.ID, "form-title").click()

    def screenshot(self, name):
        if SCREENSHOTS:
            os.makedirs(SCREENSHOTS, exist_ok=True)
            self.driver.save_screenshot(os.path.join(SCREENSHOTS, name))

