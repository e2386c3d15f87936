"""`rulecheck preview Rules/osago.yaml` in a real browser (headless Chromium through Selenium).

Run with `make browser-test` (it installs Chromium, chromedriver and Selenium when missing), or:

    RULECHECK=.build/debug/rulecheck python3 -m unittest discover -s Tests/browser -v

With RULECHECK_SCREENSHOTS=Docs/images the tests also save the screenshots the docs show.

The tests drive the page only through its stable DOM: rows `[data-field=PATH]` with
`data-visible`, `data-enabled`, `data-required`; inputs `[data-input=PATH]`; issues inside
`[data-issues-for=PATH]` with `data-code`; gates `[data-gate=NAME]` with `data-open`; `#values`;
`#rules-errors`; list buttons `[data-add=LIST]`.
"""

import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
import unittest

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BINARY = os.path.abspath(os.environ.get("RULECHECK", os.path.join(ROOT, ".build", "debug", "rulecheck")))
SCREENSHOTS = os.environ.get("RULECHECK_SCREENSHOTS")
WAIT = 10


def css(path):
    """A CSS attribute value, quoted."""
    return '"' + path.replace("\\", "\\\\").replace('"', '\\"') + '"'


class PreviewTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.directory = tempfile.mkdtemp(prefix="rulecheck-preview-")
        cls.rules_path = os.path.join(cls.directory, "osago-preview.yaml")
        with open(os.path.join(ROOT, "Rules", "osago.yaml"), encoding="utf-8") as source:
            cls.original = source.read()
        cls.write_rules(cls.original)
        # Named relative to its directory, as an author types it: errors name it so.
        cls.server = subprocess.Popen(
            [BINARY, "preview", "osago-preview.yaml", "--port", "0", "--today", "2026-11-22"],
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
        self.until(lambda d: self.values() is not None and self.find('[data-field="vin"]'))
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

    # ------------------------------------------------------------------ the tests

    def test_every_row_carries_the_stable_attributes(self):
        for path in ["insurant.last_name", "insurant_age", "doc_type", "doc_number", "vin", "make", "model", "plate",
                     "region", "city", "unlimited_drivers", "drivers", "driver_count", "start_date", "term_months"]:
            for name in ["visible", "enabled", "required"]:
                self.assertIn(self.attribute(path, name), ["true", "false"], "%s data-%s" % (path, name))
        self.assertEqual(self.attribute("doc_number", "visible"), "false")
        self.assertFalse(self.row("doc_number").is_displayed())
        self.assertEqual(self.attribute("model", "enabled"), "false")
        self.assertEqual(self.attribute("vin", "required"), "true")
        for gate in ["submit", "calculate"]:
            self.assertEqual(self.find("[data-gate=%s]" % gate).get_attribute("data-open"), "false")
        self.assertEqual(self.values(), {"driver_count": 0, "no_plate_yet": False, "term_months": 12,
                                         "unlimited_drivers": False})
        self.assertFalse(self.driver.find_element(By.ID, "rules-errors").is_displayed())
        self.assertIsNotNone(self.find("[data-add=drivers]"))

    def test_typing_goes_through_the_mask_and_dependents_appear_and_clear(self):
        self.choose("doc_type", "Russian passport")
        self.wait_attribute("doc_number", "visible", "true")
        self.assertEqual(self.attribute("doc_number", "required"), "true")
        self.type("doc_number", "4509123456")
        self.until(lambda d: self.input("doc_number").get_attribute("value") == "4509 123456",
                   "the passport mask was not applied while typing")
        self.wait_values(lambda v: v.get("doc_number") == "4509 123456", "doc_number not in the values")
        self.type("plate", "А123ВС77")
        self.until(lambda d: self.input("plate").get_attribute("value") == "А 123 ВС 77", "the plate mask")
        self.choose("doc_type", "Residence permit")
        self.until(lambda d: self.input("doc_number").get_attribute("value") == "", "doc_number was not cleared")
        self.wait_values(lambda v: "doc_number" not in v and v.get("doc_type") == "residence_permit",
                         "the values still hold doc_number")
        self.assertEqual(self.input("doc_number").get_attribute("placeholder"), "00 0000000")

    def test_choices_offer_filtered_options_and_a_new_make_clears_the_model(self):
        self.choose("make", "LADA")
        self.wait_attribute("model", "enabled", "true")
        titles = lambda: [o.text for o in Select(self.input("model")).options]
        self.until(lambda d: titles() == ["—", "Granta", "Vesta", "Largus", "Niva Legend"], "LADA's models")
        self.choose("model", "Vesta")
        self.wait_values(lambda v: v.get("model") == "lada_vesta", "the model was not set")
        self.choose("make", "Kia")
        self.until(lambda d: titles() == ["—", "Rio", "Ceed", "Sportage"], "Kia's models")
        self.wait_values(lambda v: v.get("make") == "kia" and "model" not in v, "the model was not cleared")
        self.assertEqual(Select(self.input("model")).first_selected_option.text, "—")

    def test_issues_show_once_a_field_is_left(self):
        self.type("engine_power", "5")
        self.wait_values(lambda v: v.get("engine_power") == 5, "engine_power not set")
        self.leave()
        self.until(lambda d: self.issue_codes("engine_power") == ["min"], "no min issue after blur")
        self.type("vin", "abc")
        self.leave()
        self.until(lambda d: self.issue_codes("vin") == ["pattern"], "no pattern issue for the VIN")
        self.assertEqual(self.issue_codes("make"), [], "an untouched field shows nothing")
        self.driver.find_element(By.ID, "touch-all").click()
        self.until(lambda d: self.issue_codes("make") == ["required"], "submit shows every issue")

    def test_a_gate_opens_when_its_fields_are_valid(self):
        gate = lambda name: self.find("[data-gate=%s]" % name)
        self.choose("region", "Moscow")
        self.type("vin", "XTA210990Y2765432")
        self.type("engine_power", "120")
        self.click(self.input("unlimited_drivers"))
        self.wait_attribute("drivers", "visible", "false")
        self.until(lambda d: gate("calculate").get_attribute("data-open") == "true", "the calculate gate stayed closed")
        self.assertTrue(gate("calculate").is_enabled())
        self.assertEqual(gate("submit").get_attribute("data-open"), "false")
        self.click(gate("calculate"))
        self.until(lambda d: "finds 0 problems in the gate's fields" in self.driver.find_element(By.ID, "check-result").text,
                   "the gate's server-side check did not show")
        self.screenshot("preview-gate.png")

    def test_list_items_are_added_and_removed(self):
        self.click(self.find("[data-add=drivers]"))
        self.wait_attribute("drivers[0].full_name", "visible", "true")
        self.type("drivers[0].full_name", "Ivanov Ivan")
        self.type("drivers[0].license_number", "9912345678")
        self.until(lambda d: self.input("drivers[0].license_number").get_attribute("value") == "99 12 345678",
                   "the license mask")
        self.wait_values(lambda v: v.get("drivers") == [{"full_name": "Ivanov Ivan", "license_number": "99 12 345678"}]
                         and v.get("driver_count") == 1, "the first driver")
        self.click(self.find("[data-add=drivers]"))
        self.wait_attribute("drivers[1].full_name", "visible", "true")
        self.wait_values(lambda v: v.get("driver_count") == 2, "two drivers")
        self.screenshot("preview-form.png")
        self.click(self.find('[data-remove=drivers][data-index="0"]'))
        self.wait_values(lambda v: v.get("driver_count") == 1 and v.get("drivers") == [{}], "the first driver removed")
        self.until(lambda d: self.find('[data-field="drivers[1].full_name"]') is None, "the second item's rows remain")
        self.assertEqual(self.input("drivers[0].full_name").get_attribute("value"), "")

    def test_the_switch_shows_hidden_fields_greyed_out(self):
        self.click(self.input("no_plate_yet"))
        self.wait_attribute("plate", "visible", "false")
        self.assertFalse(self.row("plate").is_displayed())
        self.driver.find_element(By.ID, "show-hidden").click()
        self.until(lambda d: self.row("plate").is_displayed(), "the hidden plate is not shown")
        self.assertLess(float(self.row("plate").value_of_css_property("opacity")), 1)
        self.screenshot("preview-hidden.png")
        self.driver.find_element(By.ID, "show-hidden").click()
        self.until(lambda d: not self.row("plate").is_displayed(), "the plate is still shown")

    def test_why_explains_a_field(self):
        self.click(self.find('[data-why="model"]'))
        self.until(lambda d: "enabled: no — enabled_if: make != null, reading make = (empty)"
                   in self.driver.find_element(By.ID, "why").text, "no explanation")

    def test_locale_and_today_evaluate_everything_again(self):
        self.type("insurant.birth_date", "1990-05-01")
        self.wait_values(lambda v: v.get("insurant_age") == 36, "the age for 2026-11-22")
        self.type("vin", "X")
        today = self.driver.find_element(By.ID, "today")
        today.clear()
        today.send_keys("2030-06-01", Keys.ENTER)
        self.wait_values(lambda v: v.get("insurant_age") == 40 and v.get("vin") == "X", "the age for 2030-06-01")
        locale = self.driver.find_element(By.ID, "locale")
        locale.clear()
        locale.send_keys("ru", Keys.ENTER)
        self.until(lambda d: self.driver.find_element(By.ID, "locale").get_attribute("value") == "ru"
                   and self.values().get("vin") == "X", "the form in Russian")
        self.driver.find_element(By.ID, "touch-all").click()
        self.until(lambda d: "Заполните поле «Make»" in self.row("make").text, "Russian messages")

    def restore_rules(self, status):
        """Puts the original rules back and waits until the page has them (so no reload comes mid-test later)."""
        self.write_rules(self.original)
        self.until(lambda d: self.driver.find_element(By.ID, "rules-status").text == status, "the original rules")

    def test_a_broken_rules_file_shows_its_errors_until_it_compiles_again(self):
        self.addCleanup(self.restore_rules, self.driver.find_element(By.ID, "rules-status").text)
        self.type("vin", "XTA210990Y2765432")
        self.type("insurant.middle_name", "Petrovich")
        self.wait_values(lambda v: v.get("insurant", {}).get("middle_name") == "Petrovich", "the middle name")
        broken = self.original.replace("      - id: make\n        type: choice", "      - id: make\n        type: choise")
        self.assertNotEqual(broken, self.original)
        self.write_rules(broken)
        errors = self.driver.find_element(By.ID, "rules-errors")
        self.until(lambda d: errors.is_displayed(), "the errors did not show")
        text = self.driver.find_element(By.ID, "rules-errors-text").text
        line = broken.split("\n").index("        type: choise") + 1
        self.assertTrue(text.startswith("osago-preview.yaml:%d:15: error: unknown type 'choise'" % line), text)
        self.assertIn("        type: choise\n", text)
        self.assertRegex(text, r"\n {18}\^")
        self.assertFalse(self.driver.find_element(By.ID, "form").is_displayed())
        self.screenshot("preview-errors.png")
        # Fixed, with the middle name gone and the VIN retitled: the form is back with what still fits.
        fixed = re.sub(r"          - id: middle_name\n(            .*\n)+", "", self.original)
        fixed = fixed.replace("        title: VIN\n", "        title: VIN code\n")
        self.write_rules(fixed)
        self.until(lambda d: not errors.is_displayed() and self.driver.find_element(By.ID, "form").is_displayed(),
                   "the form did not come back")
        self.until(lambda d: self.row("vin").find_element(By.TAG_NAME, "label").text == "VIN code", "the new title")
        self.assertEqual(self.input("vin").get_attribute("value"), "XTA210990Y2765432")
        self.wait_values(lambda v: v.get("vin") == "XTA210990Y2765432" and "insurant" not in v, "the values kept")
        self.until(lambda d: "insurant.middle_name" in self.driver.find_element(By.ID, "notice").text,
                   "the dropped value is not reported")

    def test_zz_screenshot_of_a_form_being_filled(self):
        """The README's picture: a form half filled, issues showing, the values beside it."""
        self.type("insurant.last_name", "Ivanova")
        self.type("insurant.first_name", "Anna")
        self.type("insurant.birth_date", "1990-05-01")
        self.choose("doc_type", "Russian passport")
        self.wait_attribute("doc_number", "visible", "true")
        self.type("doc_number", "45091234")
        self.leave()
        self.until(lambda d: self.issue_codes("doc_number") == ["mask"], "the partial passport number")
        self.click(self.find('[data-why="doc_number"]'))
        self.until(lambda d: "doc_number" in self.driver.find_element(By.ID, "why").text, "why")
        self.driver.execute_script("window.scrollTo(0, 0)")
        self.screenshot("preview.png")


if __name__ == "__main__":
    unittest.main()
