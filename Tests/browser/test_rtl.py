"""`rulecheck preview Rules/rental-tehran.yaml`: a Persian form (defaults.locale: fa) in a real
browser — right to left, mirrored, with numbers, dates and masks kept left to right inside it.

With RULECHECK_SCREENSHOTS=Docs/images it saves Docs/images/preview-rtl.png.
"""

import unittest

from selenium.webdriver.common.by import By

from preview_harness import PreviewHarness


class RightToLeftTest(PreviewHarness):
    RULES = "rental-tehran.yaml"
    FIRST_FIELD = "city"

    def rect(self, element):
        return element.rect

    def test_the_page_is_persian_and_right_to_left(self):
        root = self.driver.find_element(By.TAG_NAME, "html")
        self.until(lambda d: root.get_attribute("dir") == "rtl", "the page never became right to left")
        self.assertEqual(root.get_attribute("lang"), "fa")
        self.assertEqual(self.driver.execute_script("return getComputedStyle(document.body).direction"), "rtl")

    def test_the_layout_is_mirrored(self):
        self.until(lambda d: self.driver.find_element(By.TAG_NAME, "html").get_attribute("dir") == "rtl")
        # The label is at the right of its input, the panels at the left of the form.
        label = self.row("area").find_element(By.TAG_NAME, "label")
        self.assertGreater(self.rect(label)["x"], self.rect(self.input("area"))["x"])
        side = self.driver.find_element(By.ID, "side")
        form = self.driver.find_element(By.ID, "form")
        self.assertLess(self.rect(side)["x"], self.rect(form)["x"])

    def test_the_stylesheet_has_no_physical_left_or_right(self):
        physical = self.driver.execute_script("""
            const found = [];
            for (const sheet of document.styleSheets) {
              for (const rule of sheet.cssRules) {
                if (/(margin|padding|border)-(left|right)|float:|(^|[^-])(left|right):/.test(rule.cssText)) found.push(rule.cssText);
              }
            }
            return found;""")
        self.assertEqual(physical, [])

    def test_numbers_dates_and_masks_stay_left_to_right(self):
        self.until(lambda d: self.input("mobile").get_attribute("dir") == "ltr", "the masked input is not ltr")
        for path in ["area", "deposit", "available_from"]:
            self.assertEqual(self.input(path).get_attribute("dir"), "ltr", path)
        self.assertEqual(self.input("owner_name").get_attribute("dir"), "auto")
        # Persian digits typed into the mask: the mask writes 0–9, left to right.
        self.type("mobile", "۰۹۱۲۳۴۵۶۷۸۹")
        self.until(lambda d: self.input("mobile").get_attribute("value") == "0912 345 6789", "the mobile mask")
        self.wait_values(lambda v: v.get("mobile") == "0912 345 6789", "mobile not in the values")
        # A Solar Hijri date before today (1405/09/01): its issue, in Persian, with Persian digits.
        self.type("available_from", "۱۴۰۳/۰۵/۱۲")
        self.until(lambda d: self.input("available_from").get_attribute("value") == "1403/05/12", "the date's mask")
        self.wait_values(lambda v: v.get("available_from") == "2024/08/02", "the record holds the Gregorian day")
        self.leave()
        self.until(lambda d: self.issue_codes("available_from") == ["min"], "no min issue")
        issue = self.driver.find_element(By.CSS_SELECTOR, '[data-issues-for="available_from"] [data-code=min]')
        self.assertEqual(issue.text, "تاریخ تحویل نمی\u200cتواند پیش از امروز (۱۴۰۵/۰۹/۰۱) باشد")
        self.assertEqual(issue.get_attribute("dir"), "auto")
        # The bounds under it are Solar Hijri too, in Persian words and digits.
        hint = self.driver.find_element(By.CSS_SELECTOR, '[data-hint-for="available_from"]')
        self.assertEqual(hint.text, "از ۱۴۰۵/۰۹/۰۱ تا ۱۴۰۶/۰۹/۰۱")
        self.assertEqual(self.driver.find_element(By.CSS_SELECTOR, '[data-hint-for="area"]').text, "از ۲۰ تا ۱۰۰۰")

    def test_a_filled_in_persian_form(self):
        self.choose("city", "کرج")
        self.wait_values(lambda v: v.get("city") == "کرج", "city not chosen")
        self.type("area", "۸۵")
        self.wait_values(lambda v: v.get("area") == 85, "Persian digits in a number")
        self.type("owner_name", "علی رضایی")
        self.type("deposit", "500000000")
        self.type("rent", "25000000")
        self.type("mobile", "09123456789")
        self.type("available_from", "1405/08/15")
        self.leave()
        self.until(lambda d: self.issue_codes("available_from") == ["min"], "no min issue")
        self.screenshot("preview-rtl.png")


class ArabicTest(PreviewHarness):
    """An English rules file (Rules/signup.yaml) whose messages are chosen in Arabic, as a Saudi
    team's preview would: the page turns right to left with lang ar-SA, and the bounds and
    messages write Arabic-Indic digits."""
    RULES = "signup.yaml"
    FIRST_FIELD = "email"

    def test_arabic_messages_make_the_page_right_to_left(self):
        root = self.driver.find_element(By.TAG_NAME, "html")
        self.assertEqual(root.get_attribute("dir"), "ltr")
        box = self.driver.find_element(By.ID, "locale")
        box.clear()
        box.send_keys("ar-SA")
        self.leave()
        self.until(lambda d: root.get_attribute("dir") == "rtl", "the page never became right to left")
        self.assertEqual(root.get_attribute("lang"), "ar-SA")
        self.assertEqual(self.driver.execute_script("return getComputedStyle(document.body).direction"), "rtl")
        label = self.row("birth_date").find_element(By.TAG_NAME, "label")
        self.assertGreater(label.rect["x"], self.input("birth_date").rect["x"])
        self.assertEqual(self.input("birth_date").get_attribute("dir"), "ltr")
        hint = self.driver.find_element(By.CSS_SELECTOR, '[data-hint-for="birth_date"]')
        self.until(lambda d: hint.text == "من ١٩٠٦-١١-٢٢ إلى ٢٠٠٨-١١-٢٢", "the bounds are not in Arabic: %r" % hint.text)
        self.type("birth_date", "1800-01-01")
        self.leave()
        self.until(lambda d: self.issue_codes("birth_date") == ["min"], "no min issue")
        issue = self.driver.find_element(By.CSS_SELECTOR, '[data-issues-for="birth_date"] [data-code=min]')
        self.assertEqual(issue.text, "يجب ألا يكون تاريخ «Date of birth» قبل ١٩٠٦-١١-٢٢")
        self.assertEqual(issue.get_attribute("dir"), "auto")
        # Back to English: left to right again.
        box = self.driver.find_element(By.ID, "locale")
        box.clear()
        box.send_keys("en")
        self.leave()
        self.until(lambda d: root.get_attribute("dir") == "ltr", "the page did not turn back")


if __name__ == "__main__":
    unittest.main()
