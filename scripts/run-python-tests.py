#!/usr/bin/env python3
"""Runs the unittest suites of a folder (Tests/browser, Tests/ci) and fails unless tests really ran.

    scripts/run-python-tests.py Tests/browser

Exits 1 when a test failed or errored, when no test ran, or when any test was skipped: CI runs as
root and installs what every test needs (Chromium, chromedriver, Selenium), so a skip there means
a test that checked nothing and must not pass quietly. The last line is the summary .ci/run reads:
`python-tests: N passed in FOLDER`.
"""
import sys
import unittest


def main(argv):
    if len(argv) != 2:
        print("usage: run-python-tests.py FOLDER", file=sys.stderr)
        return 2
    folder = argv[1]
    suite = unittest.defaultTestLoader.discover(start_dir=folder, top_level_dir=folder)
    result = unittest.TextTestRunner(verbosity=2).run(suite)
    problems = []
    if result.testsRun == 0:
        problems.append("no test ran")
    if result.skipped:
        for test, reason in result.skipped:
            problems.append(f"skipped: {test.id()} ({reason})")
    if result.failures or result.errors:
        problems.append(f"{len(result.failures)} failed, {len(result.errors)} errors")
    if problems:
        for problem in problems:
            print(f"python-tests: {folder}: {problem}", file=sys.stderr)
        return 1
    print(f"python-tests: {result.testsRun} passed in {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
