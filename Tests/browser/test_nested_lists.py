"""`rulecheck preview` of a list inside a list's item (Tests/fixtures/browser/fleet.yaml) in a real
browser: an inner list's Add and Remove act on their own outer item, inner fields are typed and
checked, and a depends_on inside an inner item clears only that item's note.

Run with `make browser-test` (see test_preview.py).
"""

import os
import unittest

from preview_harness import PreviewHarness


class NestedListTest(PreviewHarness):
    RULES = "fleet.yaml"
    RULES_DIR = os.path.join("Tests", "fixtures", "browser")
    FIRST_FIELD = "fleet_name"

    def test_inner_items_are_added_edited_and_removed_in_their_own_outer_item(self):
        self.click(self.find("[data-add=drivers]"))
        self.click(self.find("[data-add=drivers]"))
        self.wait_attribute("drivers[1].name", "visible", "true")
        self.type("drivers[1].name", "Ann")
        # The second driver's violations, not the first's.
        self.click(self.find('[data-add="drivers[1].violations"]'))
        self.wait_attribute("drivers[1].violations[0].code", "visible", "true")
        self.assertIsNone(self.find('[data-field="drivers[0].violations[0].code"]'))
        self.type("drivers[1].violations[0].code", "S1")
        self.type("drivers[1].violations[0].note", "speeding")
        self.wait_values(
            lambda v: v.get("drivers") == [{"violation_count": 0}, {"name": "Ann", "violation_count": 1,
                                                                   "violations": [{"code": "S1", "note": "speeding"}]}],
            "the second driver's violation")
        # A code that breaks the pattern is an issue of that inner field, once it is left.
        self.type("drivers[1].violations[0].code", "x")
        self.leave()
        self.until(lambda d: "pattern" in self.issue_codes("drivers[1].violations[0].code"), "the pattern issue")
        # depends_on inside the inner item: a new code cleared its note.
        self.wait_values(lambda v: v.get("drivers")[1]["violations"][0].get("note") is None, "the note cleared")
        self.click(self.find('[data-remove="drivers[1].violations"][data-index="0"]'))
        self.until(lambda d: self.find('[data-field="drivers[1].violations[0].code"]') is None, "the inner item removed")
        self.wait_values(lambda v: v.get("drivers")[1].get("violations") in (None, []), "no violation left")


if __name__ == "__main__":
    unittest.main()
