"""`rulecheck check --format html` opened in a real browser (headless Chromium through Selenium).

The page's numbers must be the check's: the summary, every bar of the charts and the example rows
are compared with `--format json` of the same check. Values from the data stay text (a cell holding
`<script>` runs nothing), and the page fits a phone's width. Run with `make browser-test`, or:

    RULECHECK=.build/debug/rulecheck python3 -m unittest discover -s Tests/browser -v

With RULECHECK_SCREENSHOTS=Docs/images the test also saves Docs/images/html-report.png.
"""

import collections
import json
import os
import re
import shutil
import subprocess
import tempfile
import unittest

from selenium import webdriver
from selenium.webdriver.common.by import By

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BINARY = os.path.abspath(os.environ.get("RULECHECK", os.path.join(ROOT, ".build", "debug", "rulecheck")))
SCREENSHOTS = os.environ.get("RULECHECK_SCREENSHOTS")

HOSTILE_RULES = """form: people
fields:
  - id: name
    type: text
    required: true
    max_length: 8
  - id: age
    type: integer
    min: 0
"""

HOSTILE_CSV = """name,age,"<img src=x onerror=alert(1)>"
<script>window.pwned=1</script>,-1,x
"Ann ""&"" Bob's <b>",12,
</td></tr></table><h1>broken</h1>,3,
"""


def check(arguments, directory):
    """Runs rulecheck check; returns its standard output and status (1: errors found)."""
    result = subprocess.run([BINARY, "check"] + arguments, cwd=directory, capture_output=True, text=True)
    if result.returncode not in (0, 1):
        raise AssertionError("rulecheck check failed (%d): %s" % (result.returncode, result.stderr))
    return result.stdout


class HTMLReportTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.directory = tempfile.mkdtemp(prefix="rulecheck-html-")
        common = ["--rules", os.path.join(ROOT, "Rules", "osago.yaml"), os.path.join(ROOT, "Rules", "samples", "osago.csv"),
                  "--today", "2026-11-22", "--name", "osago.csv"]
        cls.report = json.loads(check(common + ["--format", "json"], cls.directory))
        cls.page = os.path.join(cls.directory, "report.html")
        with open(cls.page, "w", encoding="utf-8") as target:
            target.write(check(common + ["--format", "html"], cls.directory))
        with open(os.path.join(cls.directory, "people.yaml"), "w", encoding="utf-8") as target:
            target.write(HOSTILE_RULES)
        with open(os.path.join(cls.directory, "people.csv"), "w", encoding="utf-8") as target:
            target.write(HOSTILE_CSV)
        cls.hostile = os.path.join(cls.directory, "hostile.html")
        with open(cls.hostile, "w", encoding="utf-8") as target:
            target.write(check(["--rules", "people.yaml", "people.csv", "--format", "html"], cls.directory))
        options = webdriver.ChromeOptions()
        options.binary_location = shutil.which("chromium") or shutil.which("chromium-browser") or ""
        for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1100,1000",
                         "--force-device-scale-factor=1", "--lang=en-US"]:
            options.add_argument(argument)
        service = webdriver.ChromeService(executable_path=shutil.which("chromedriver"))
        cls.driver = webdriver.Chrome(options=options, service=service)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        shutil.rmtree(cls.directory, ignore_errors=True)

    def open(self, path, width=1100, height=1000):
        self.driver.set_window_size(width, height)
        self.driver.get("file://" + path)

    def number(self, text):
        return int(text.replace(",", "").split()[0])

    # ------------------------------------------------------------------ the tests

    def test_the_summary_is_the_json_reports(self):
        self.open(self.page)
        summary = self.driver.find_element(By.ID, "summary")
        for key in ["files", "records", "valid", "invalid", "errors", "warnings"]:
            self.assertEqual(int(summary.get_attribute("data-" + key)), self.report["summary"][key], key)
        for key in ["records", "valid", "invalid", "errors", "warnings"]:
            card = self.driver.find_element(By.CSS_SELECTOR, '[data-card="%s"] b' % key)
            self.assertEqual(self.number(card.text), self.report["summary"][key], key)
        if SCREENSHOTS:
            self.open(self.page, width=1000, height=1500)
            self.driver.save_screenshot(os.path.join(ROOT, SCREENSHOTS, "html-report.png"))

    def test_every_bar_is_the_json_reports_count(self):
        self.open(self.page)
        violations = self.report["violations"]
        by_code = collections.Counter(v["code"] for v in violations)
        bars = {g.get_attribute("data-code"): int(g.get_attribute("data-count"))
                for g in self.driver.find_elements(By.CSS_SELECTOR, "#by-code svg g[data-code]")}
        self.assertEqual(bars, dict(by_code))
        # The label beside each bar says the same, for people.
        for g in self.driver.find_elements(By.CSS_SELECTOR, "#by-code svg g[data-code]"):
            texts = g.find_elements(By.TAG_NAME, "text")
            self.assertEqual(self.number(texts[1].text), by_code[g.get_attribute("data-code")])
        by_field = collections.Counter(
            re.sub(r"\[\d+\]", "[]", v["field"]) for v in violations if v["field"])
        shown = {g.get_attribute("data-field"): int(g.get_attribute("data-count"))
                 for g in self.driver.find_elements(By.CSS_SELECTOR, "#by-field svg g[data-field]")}
        self.assertEqual(len(shown), min(15, len(by_field)))
        for field, count in shown.items():
            self.assertEqual(count, by_field[field], field)
        self.assertEqual(sorted(shown.values(), reverse=True), list(shown.values()))

    def test_the_examples_are_the_first_failing_records_of_each_code(self):
        self.open(self.page)
        for code in collections.Counter(v["code"] for v in self.report["violations"]):
            expected = []
            records = []
            for violation in self.report["violations"]:
                if violation["code"] != code:
                    continue
                if violation["record"] not in records:
                    if len(records) == 10:
                        continue
                    records.append(violation["record"])
                expected.append((violation["record"], violation["line"], violation["field"]))
            rows = self.driver.find_elements(By.CSS_SELECTOR, 'table[data-examples="%s"] tbody tr' % code)
            got = [(int(r.get_attribute("data-record")), int(r.get_attribute("data-line")),
                    r.find_elements(By.TAG_NAME, "td")[3].text) for r in rows]
            self.assertEqual(got, expected, code)

    def test_values_stay_text(self):
        self.open(self.hostile)
        self.assertEqual(self.driver.execute_script("return document.scripts.length"), 0)
        self.assertIsNone(self.driver.execute_script("return window.pwned === undefined ? null : window.pwned"))
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, "main img, main h1 + h1")), 0)
        self.assertEqual(len(self.driver.find_elements(By.TAG_NAME, "h1")), 1)
        values = [cell.text for cell in self.driver.find_elements(By.CSS_SELECTOR, "table.examples td:nth-child(5)")]
        self.assertIn("<script>window.pwned=1</script>", values)
        self.assertIn("</td></tr></table><h1>broken</h1>", values)
        fields = [g.get_attribute("data-field") for g in self.driver.find_elements(By.CSS_SELECTOR, "#by-field g[data-field]")]
        self.assertIn("<img src=x onerror=alert(1)>", fields)

    def test_the_page_fits_a_phone(self):
        self.open(self.page, width=390, height=844)
        overflow = self.driver.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        self.assertLessEqual(overflow, 0)
        chart = self.driver.find_element(By.CSS_SELECTOR, "#by-code svg")
        self.assertLessEqual(chart.size["width"], 390)


if __name__ == "__main__":
    unittest.main()
