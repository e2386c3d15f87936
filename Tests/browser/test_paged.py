"""`rulecheck preview Rules/kasko.yaml` in a real browser: a paged form (six pages), as a wizard
shows it — one page at a time, Next that stays on a page with errors and shows them, Previous, the
steps with their validity — with blocks included under a prefix, phones typed with +7 or 8, dates
typed through their format, help texts and file fields.

Run with `make browser-test` (see test_preview.py).
"""

import os
import tempfile
import unittest

from selenium.webdriver.common.by import By

from preview_harness import PreviewHarness, css

PAGES = ["policyholder", "vehicle", "drivers", "coverage", "documents", "confirm"]


class PagedFormTest(PreviewHarness):
    RULES = "kasko.yaml"
    FIRST_FIELD = "holder.last_name"

    def step(self, page):
        return self.driver.find_element(By.CSS_SELECTOR, "[data-page=%s]" % css(page))

    def current_page(self):
        current = [step.get_attribute("data-page") for step in self.driver.find_elements(By.CSS_SELECTOR, "[data-page]")
                   if step.get_attribute("data-current") == "true"]
        return current[0] if len(current) == 1 else current

    def wait_page(self, page):
        self.until(lambda d: self.current_page() == page, "the page never became %s (it is %s)" % (page, self.current_page()))

    def go_to(self, page):
        self.click(self.step(page))
        self.wait_page(page)

    def caret(self, path):
        return self.driver.execute_script("return arguments[0].selectionStart", self.input(path))

    def fill_the_policyholder_page(self):
        """Every required field of the first page but the last name."""
        self.type("holder.first_name", "Anna")
        self.type("holder.birth_date", "01051990")
        self.choose("home_address.region", "Moscow")
        self.wait_attribute("home_address.city", "enabled", "true")
        self.type("home_address.city", "Moscow")
        self.wait_attribute("home_address.street", "enabled", "true")
        self.type("home_address.street", "Tverskaya")
        self.type("home_address.house", "7")
        self.leave()

    # ------------------------------------------------------------------ the tests

    def test_one_page_at_a_time_with_its_steps(self):
        steps = self.driver.find_elements(By.CSS_SELECTOR, "#pages [data-page]")
        self.assertEqual([step.get_attribute("data-page") for step in steps], PAGES)
        self.assertEqual([step.text for step in steps],
                         ["1 Policyholder", "2 Vehicle", "3 Drivers", "4 Coverage", "5 Documents", "6 Confirm"])
        self.assertEqual(self.current_page(), "policyholder")
        self.assertEqual([step.get_attribute("data-valid") for step in steps], ["false"] * 6)
        self.assertTrue(self.row("holder.last_name").is_displayed())
        self.assertFalse(self.row("vin").is_displayed(), "another page's field shows")
        self.assertEqual(self.attribute("vin", "visible"), "true", "hidden by its page, not by its rules")
        self.assertFalse(self.driver.find_element(By.ID, "sections").is_displayed())
        self.assertEqual(self.driver.find_element(By.ID, "page-number").text, "Page 1 of 6")
        self.assertFalse(self.driver.find_element(By.ID, "previous-page").is_enabled())
        # The work address is another instance of the address block, shown only when it differs.
        self.assertEqual(self.attribute("work_address.city", "visible"), "false")
        self.click(self.input("work_same"))
        self.wait_attribute("work_address.city", "visible", "true")
        self.assertEqual(self.row("work_address.city").find_element(By.TAG_NAME, "label").text, "City")

    def test_next_stays_on_a_page_with_errors_and_shows_them(self):
        self.type("holder.last_name", "Ivanova")
        self.assertEqual(self.issue_codes("holder.first_name"), [], "an untouched field shows nothing")
        self.click(self.driver.find_element(By.ID, "next-page"))
        self.until(lambda d: self.issue_codes("holder.first_name") == ["required"], "Next did not show the page's issues")
        self.assertEqual(self.current_page(), "policyholder")
        self.assertEqual(self.issue_codes("home_address.region"), ["required"])
        self.assertEqual(self.issue_codes("vin"), [], "the next page's fields stay untouched")
        self.assertIn("from 22.11.1926 to 22.11.2008", self.row("holder.birth_date").text, "bounds in the field's format")
        self.driver.execute_script("window.scrollTo(0, 0)")
        self.screenshot("preview-pages.png")
        self.fill_the_policyholder_page()
        self.until(lambda d: self.step("policyholder").get_attribute("data-valid") == "true", "the page is not valid")
        self.assertEqual(self.input("holder.birth_date").get_attribute("value"), "01.05.1990")
        self.wait_values(lambda v: v.get("holder", {}).get("birth_date") == "01.05.1990", "the birth date, in its format")
        self.click(self.driver.find_element(By.ID, "next-page"))
        self.wait_page("vehicle")
        self.assertTrue(self.row("vin").is_displayed())
        self.assertFalse(self.row("holder.last_name").is_displayed())
        self.assertEqual(self.driver.find_element(By.ID, "page-number").text, "Page 2 of 6")
        self.click(self.driver.find_element(By.ID, "previous-page"))
        self.wait_page("policyholder")
        self.assertEqual(self.input("holder.last_name").get_attribute("value"), "Ivanova")

    def test_a_phone_is_typed_with_plus_7_or_8(self):
        phone = self.input("holder.phone")
        self.assertEqual(phone.get_attribute("placeholder"), "+7 (___) ___-__-__")
        self.assertEqual(phone.get_attribute("inputmode"), "tel")
        self.type("holder.phone", "8916")
        self.until(lambda d: phone.get_attribute("value") == "8 (916", "the 8 alternative")
        self.until(lambda d: self.caret("holder.phone") == 6, "the caret after what was typed")
        self.type("holder.phone", "1234567")
        self.until(lambda d: phone.get_attribute("value") == "8 (916) 123-45-67", "the whole number with 8")
        self.wait_values(lambda v: v.get("holder", {}).get("phone") == "8 (916) 123-45-67", "the phone")
        phone.clear()
        self.type("holder.phone", "9161234567")
        self.until(lambda d: phone.get_attribute("value") == "+7 (916) 123-45-67", "+7 written by the mask")
        # A partial number is no error while typing; once left, it is.
        phone.clear()
        self.type("holder.phone", "+7 916")
        self.until(lambda d: phone.get_attribute("value") == "+7 (916", "the partial number")
        self.assertEqual(self.issue_codes("holder.phone"), [])
        self.leave()
        self.until(lambda d: self.issue_codes("holder.phone") == ["mask"], "the partial number's issue once left")
        self.assertIn("The policy is sent here", self.row("holder.email").text, "the block's help text")

    def test_a_drivers_fields_come_from_the_person_block(self):
        self.go_to("drivers")
        self.click(self.find("[data-add=drivers]"))
        self.wait_attribute("drivers[0].driver.last_name", "visible", "true")
        item = self.find('[data-item="drivers[0]"]')
        labels = [label.text for label in item.find_elements(By.TAG_NAME, "label")]
        self.assertEqual(labels, ["Last name", "First name", "Middle name", "Date of birth", "Mobile phone", "E-mail",
                                  "Driving licence", "Licence issued"])
        self.type("drivers[0].driver.last_name", "Petrov")
        self.type("drivers[0].driver.phone", "89031234567")
        self.until(lambda d: self.input("drivers[0].driver.phone").get_attribute("value") == "8 (903) 123-45-67",
                   "the phone mask in a list item")
        self.type("drivers[0].license_number", "9912345678")
        self.wait_values(lambda v: v.get("drivers") == [{"driver": {"last_name": "Petrov", "phone": "8 (903) 123-45-67"},
                                                         "license_number": "99 12 345678"}], "the driver's values")

    def test_file_fields_take_what_an_upload_says_of_a_file(self):
        self.go_to("documents")
        photos = self.input("photos")
        self.assertEqual(photos.get_attribute("accept"), "image/jpeg,image/png,image/heic")
        self.assertIn("up to 8 files, each at most 15 MB", self.row("photos").text)
        with tempfile.TemporaryDirectory() as directory:
            path = os.path.join(directory, "front.jpg")
            with open(path, "wb") as picture:
                picture.write(b"\xff\xd8\xff" + b"\0" * 2045)
            self.visible(photos).send_keys(path)
            self.wait_values(lambda v: v.get("photos") == [{"name": "front.jpg", "size": 2048, "type": "image/jpeg"}],
                             "the chosen file's name, size and type")
        self.until(lambda d: self.issue_codes("photos") == ["items"], "fewer than four photos")
        # A file described by hand.
        self.click(self.row("photos").find_element(By.TAG_NAME, "summary"))
        self.find("[data-file-name=photos]").send_keys("scan.gif")
        self.find("[data-file-size=photos]").send_keys("1000")
        self.find("[data-file-type=photos]").send_keys("image/gif")
        self.click(self.find("[data-file-add=photos]"))
        self.wait_values(lambda v: len(v.get("photos", [])) == 2, "the file described by hand")
        self.until(lambda d: "media_type" in self.issue_codes("photos"), "a GIF is not among the media types")
        self.click(self.find('[data-remove-file=photos][data-index="1"]'))
        self.wait_values(lambda v: [f["name"] for f in v.get("photos", [])] == ["front.jpg"], "the GIF removed")
        self.assertEqual(len(self.row("photos").find_elements(By.CSS_SELECTOR, "[data-files-for=photos] li")), 1)


if __name__ == "__main__":
    unittest.main()
