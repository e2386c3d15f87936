"""`rulecheck preview Rules/osago.yaml` in a real browser (headless Chromium through Selenium).

Run with `make browser-test` (it installs Chromium, chromedriver and Selenium when missing), or:

    RULECHECK=.build/debug/rulecheck python3 -m unittest discover -s Tests/browser -v

With RULECHECK_SCREENSHOTS=Docs/images the tests also save the screenshots the docs show. The
tests drive the page only through its stable DOM (see preview_harness.py); test_paged.py drives a
paged form, Rules/kasko.yaml.
"""

import re
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from preview_harness import PreviewHarness


class PreviewTest(PreviewHarness):
    RULES = "osago.yaml"
    FIRST_FIELD = "vin"

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
        self.assertEqual(self.input("doc_number").get_attribute("data-mask"), "00 0000000")
        self.assertEqual(self.input("doc_number").get_attribute("placeholder"), "__ _______")
        self.assertEqual(self.input("doc_number").get_attribute("inputmode"), "numeric")

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

    def test_a_pattern_error_waits_for_the_user_to_leave_unless_the_text_can_no_longer_match(self):
        # Typing the start of a VIN: more typing may still make it one, so no error while the field is edited.
        self.type("vin", "XTA21")
        self.wait_values(lambda v: v.get("vin") == "XTA21", "the typed VIN did not reach the form")
        self.assertEqual(self.issue_codes("vin"), [], "a pattern error shown while the text may still match")
        # An I can never be in a VIN: the text can no longer match, so the error shows at once.
        self.input("vin").send_keys("I")
        self.wait_values(lambda v: v.get("vin") == "XTA21I", "the I did not reach the form")
        self.until(lambda d: self.issue_codes("vin") == ["pattern"], "no pattern error for a text that cannot match")
        # Back to a prefix: the error is held again while typing, and shows when the user leaves.
        self.input("vin").send_keys(Keys.BACK_SPACE)
        self.wait_values(lambda v: v.get("vin") == "XTA21", "the backspace did not reach the form")
        self.until(lambda d: self.issue_codes("vin") == [], "the error stayed while the text may match again")
        self.leave()
        self.until(lambda d: self.issue_codes("vin") == ["pattern"], "no pattern error on leaving the field")

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
