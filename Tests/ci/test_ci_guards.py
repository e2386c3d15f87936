"""The guards that keep CI from passing on a suite that ran nothing (scripts/test-counts.py and
scripts/run-python-tests.py), each shown failing on the run it must refuse."""
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

SCRIPTS = os.path.join(os.path.dirname(__file__), "..", "..", "scripts")


def run(script, *arguments):
    return subprocess.run(
        [sys.executable, os.path.join(SCRIPTS, script), *arguments], capture_output=True, text=True)


def junit(*cases):
    """A Swift Testing JUnit report of (classname, outcome) cases: outcome '', 'failure' or 'skipped'."""
    body = "".join(
        f'<testcase classname="{classname}" name="t{index}()">' + (f"<{outcome}/>" if outcome else "") + "</testcase>"
        for index, (classname, outcome) in enumerate(cases))
    return f'<?xml version="1.0"?><testsuites><testsuite name="TestResults">{body}</testsuite></testsuites>'


class TestCountsTests(unittest.TestCase):
    def counts(self, report, *targets, options=()):
        with tempfile.NamedTemporaryFile("w", suffix=".xml", delete=False) as file:
            file.write(report)
        try:
            return run("test-counts.py", *options, file.name, *targets)
        finally:
            os.unlink(file.name)

    def test_a_suite_left_out_on_purpose_is_reported_as_not_run(self):
        result = self.counts(
            junit(("ATests.Suite", "")), "ATests", options=("--not-run", "PostgresStore=needs a PostgreSQL"))
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("test-counts: PostgresStore: not run here: needs a PostgreSQL", result.stdout)

    def test_a_suite_left_out_that_ran_anyway_fails(self):
        result = self.counts(
            junit(("ATests.Suite", ""), ("ATests.PostgresStoreTests", "")), "ATests",
            options=("--not-run", "PostgresStore=needs a PostgreSQL"))
        self.assertEqual(result.returncode, 1)
        self.assertIn("1 tests of PostgresStore ran, which this run leaves out", result.stderr)

    def test_every_target_with_a_passing_test_passes(self):
        result = self.counts(junit(("ATests.Suite", ""), ("BTests", "")), "ATests", "BTests")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("test-counts: 2 tests passed in 2 test targets", result.stdout)

    def test_a_target_that_ran_no_test_fails(self):
        result = self.counts(junit(("ATests.Suite", "")), "ATests", "BTests")
        self.assertEqual(result.returncode, 1)
        self.assertIn("BTests ran no test", result.stderr)

    def test_a_target_whose_tests_were_all_skipped_fails(self):
        result = self.counts(junit(("ATests.Suite", ""), ("BTests.Suite", "skipped")), "ATests", "BTests")
        self.assertEqual(result.returncode, 1)
        self.assertIn("BTests ran no test", result.stderr)

    def test_a_skipped_test_fails_even_beside_passing_ones(self):
        # As a skipped browser test does: a skip hides a test that did not run.
        result = self.counts(junit(("ATests.Suite", ""), ("ATests.Suite", "skipped")), "ATests")
        self.assertEqual(result.returncode, 1)
        self.assertIn("ATests: 1 skipped", result.stderr)

    def test_a_failure_fails(self):
        result = self.counts(junit(("ATests.Suite", ""), ("ATests.Suite", "failure")), "ATests")
        self.assertEqual(result.returncode, 1)
        self.assertIn("ATests: 1 failed", result.stderr)

    def test_an_empty_or_missing_report_fails(self):
        self.assertEqual(self.counts(junit(), "ATests").returncode, 1)
        self.assertEqual(run("test-counts.py", "/nonexistent/results.xml", "ATests").returncode, 1)
        self.assertEqual(self.counts("<testsuites", "ATests").returncode, 1)


class PropertyCasesTests(unittest.TestCase):
    """scripts/property-cases.py: each property test's share of seeded cases, per run."""

    def check(self, mode, log_lines):
        with tempfile.TemporaryDirectory() as folder:
            tests = os.path.join(folder, "Tests")
            os.makedirs(tests)
            with open(os.path.join(tests, "A.swift"), "w") as file:
                file.write("let a = 1\nlet n = PropertyRuns.count(quick: 2, deep: 9)\n")
                file.write("for _ in 0..<PropertyRuns.count(quick: 1, deep: 4) {}\n")
            log = os.path.join(folder, "cases.log")
            if log_lines is not None:
                with open(log, "w") as file:
                    file.write("".join(line.replace("TESTS", tests) + "\n" for line in log_lines))
            return subprocess.run(
                [sys.executable, os.path.join(SCRIPTS, "property-cases.py"), mode, log, tests],
                capture_output=True, text=True, cwd=folder)

    def test_a_deep_run_that_chose_every_deep_share_passes(self):
        result = self.check("deep", ["TESTS/A.swift:2 9 2 9", "TESTS/A.swift:3 4 1 4"])
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("deep run: 2 of 2 calls, 13 cases (a quick run: 3, a deep run: 13)", result.stdout)

    def test_a_deep_run_that_chose_a_quick_share_fails(self):
        result = self.check("deep", ["TESTS/A.swift:2 9 2 9", "TESTS/A.swift:3 1 1 4"])
        self.assertEqual(result.returncode, 1)
        self.assertIn("A.swift:3: chose 1 cases in a deep run (quick 1, deep 4)", result.stderr)

    def test_a_property_test_that_did_not_run_fails(self):
        result = self.check("quick", ["TESTS/A.swift:2 2 2 9"])
        self.assertEqual(result.returncode, 1)
        self.assertIn("A.swift:3: this property test did not run", result.stderr)

    def test_a_missing_log_fails(self):
        result = self.check("quick", None)
        self.assertEqual(result.returncode, 1)
        self.assertIn("the property tests logged nothing", result.stderr)

    def test_a_call_that_is_not_in_the_sources_fails(self):
        result = self.check("quick", ["TESTS/A.swift:2 2 2 9", "TESTS/A.swift:3 1 1 4", "TESTS/A.swift:7 1 1 4"])
        self.assertEqual(result.returncode, 1)
        self.assertIn("A.swift:7: logged, but no PropertyRuns.count( is there", result.stderr)


class PythonTestsRunnerTests(unittest.TestCase):
    def suite(self, source):
        folder = tempfile.mkdtemp()
        if source is not None:
            with open(os.path.join(folder, "test_example.py"), "w") as file:
                file.write(textwrap.dedent(source))
        return run("run-python-tests.py", folder), folder

    def test_tests_that_pass_pass(self):
        result, folder = self.suite("""
            import unittest
            class T(unittest.TestCase):
                def test_one(self): self.assertEqual(1 + 1, 2)
        """)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn(f"python-tests: 1 passed in {folder}", result.stdout)

    def test_a_folder_without_tests_fails(self):
        result, _ = self.suite(None)
        self.assertEqual(result.returncode, 1)
        self.assertIn("no test ran", result.stderr)

    def test_a_skipped_test_fails(self):
        result, _ = self.suite("""
            import unittest
            class T(unittest.TestCase):
                @unittest.skip("no browser")
                def test_one(self): pass
        """)
        self.assertEqual(result.returncode, 1)
        self.assertIn("skipped: ", result.stderr)
        self.assertIn("(no browser)", result.stderr)

    def test_a_failing_test_fails(self):
        result, _ = self.suite("""
            import unittest
            class T(unittest.TestCase):
                def test_one(self): self.assertEqual(1, 2)
        """)
        self.assertEqual(result.returncode, 1)
        self.assertIn("1 failed, 0 errors", result.stderr)


class ReleaseSmokeTests(unittest.TestCase):
    def test_two_builds_that_fail_alike_fail_it(self):
        """Both 'builds' answer every command the same way — exit 2 and one line — which the old
        comparison called the same, and so a pass."""
        folder = tempfile.mkdtemp()
        binary = os.path.join(folder, "rulecheck")
        with open(binary, "w") as file:
            file.write('#!/bin/sh\nif [ "$1" = sample ]; then echo "a,b"; exit 0; fi\necho "Fatal error: crashed" >&2; exit 2\n')
        os.chmod(binary, 0o755)
        result = subprocess.run(
            ["bash", os.path.join(SCRIPTS, "release-smoke.sh")], capture_output=True, text=True,
            env={**os.environ, "DEBUG_BIN": binary, "RELEASE_BIN": binary})
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertIn("release-smoke: osago-csv: the debug build exited 2 (expected 0,1)", result.stdout)
        self.assertIn("release-smoke: osago-lint: the debug build exited 2 (expected 0,quiet)", result.stdout)


class NoWarningsTests(unittest.TestCase):
    ROOT = os.path.realpath(os.path.join(os.path.dirname(__file__), "..", ".."))

    def check(self, log):
        with tempfile.NamedTemporaryFile("w", suffix=".log", delete=False) as file:
            file.write(log)
        try:
            return run("no-warnings.py", file.name)
        finally:
            os.unlink(file.name)

    def test_a_warning_in_the_sources_or_tests_fails(self):
        for folder in ["Sources/RuleCheck/Form", "Tests/RuleCheckTests"]:
            result = self.check(f"[3/9] Compiling\n{self.ROOT}/{folder}/X.swift:3:7: warning: variable 'a' was never used\n")
            self.assertEqual(result.returncode, 1, folder)
            self.assertIn("X.swift:3:7: warning: variable 'a' was never used", result.stderr)

    def test_the_packages_warnings_and_a_clean_log_pass(self):
        log = (f"warning: 'swift-distributed-tracing': found 1 file(s) which are unhandled\n"
               f"{self.ROOT}/.build/checkouts/yams/Sources/Yams/A.swift:1:1: warning: deprecated\n"
               "[9/9] Linking rulecheck\n")
        result = self.check(log)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("no compiler warning", result.stdout)


class DemoTests(unittest.TestCase):
    ROOT = os.path.join(os.path.dirname(__file__), "..", "..")

    def demo(self, script):
        folder = tempfile.mkdtemp()
        binary = os.path.join(folder, "rulecheck-lite")
        with open(binary, "w") as file:
            file.write("#!/bin/sh\n" + script)
        os.chmod(binary, 0o755)
        return subprocess.run(["make", "--no-print-directory", "-C", self.ROOT, "demo-run", "DEMO_BIN=" + binary],
                              capture_output=True, text=True)

    def test_a_command_that_finds_errors_passes(self):
        result = self.demo('echo report; [ "$1" = check ] && exit 1; exit 0\n')
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)

    def test_a_command_that_fails_before_a_pipe_fails_the_demo(self):
        # The signup check's output goes through `| tail -3`: its exit status must not be lost there.
        result = self.demo('case "$*" in *signup.jsonl*) echo crashed >&2; exit 3;; esac; echo report; [ "$1" = check ] && exit 1; exit 0\n')
        self.assertNotEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("crashed", result.stderr)


class FuzzTests(unittest.TestCase):
    ROOT = DemoTests.ROOT

    def test_a_failed_fuzz_build_runs_no_binary_of_an_earlier_one(self):
        scratch = tempfile.mkdtemp()
        os.makedirs(os.path.join(scratch, "release"))
        stale = os.path.join(scratch, "release", "RuleCheckFuzz")
        with open(stale, "w") as file:
            file.write("#!/bin/sh\necho the stale fuzzer ran\n")
        os.chmod(stale, 0o755)
        result = subprocess.run(["make", "--no-print-directory", "-C", self.ROOT, "fuzz", "SWIFT=false",
                                 "FUZZ_SCRATCH=" + scratch], capture_output=True, text=True)
        self.assertNotEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertNotIn("the stale fuzzer ran", result.stdout)


if __name__ == "__main__":
    unittest.main()
