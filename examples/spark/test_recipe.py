#!/usr/bin/env python3
"""The proof of Docs/scale-out.md: the Spark recipe (local[2]) and the GNU parallel one give, byte
for byte, the report of one `rulecheck check` over the whole file, in every format.

    RULECHECK=.build/debug/rulecheck python3 examples/spark/test_recipe.py

The files are generated here from a fixed seed: CSV with quoted line breaks (LF and CRLF), a
byte-order mark, columns that match no field, malformed records; JSON Lines and a JSON array with
keys that match no field first seen in different slices; errors in every slice. Then the recipe's
failures: each gives rulecheck's status (2 or 3, never 1) and one line, no Python traceback; and a
JSON report on standard output under spark-submit stays valid JSON, the messages in --log. Run by
`make spark-test`, which installs PySpark, Java and GNU parallel when they are missing.

    RULECHECK=… python3 examples/spark/test_recipe.py [STEP…]    # some steps only (see STEPS)

The checks raise TestFailure rather than `assert`, which `python3 -O` (PYTHONOPTIMIZE) would skip.
"""

import glob
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
RULECHECK = os.path.abspath(os.environ.get("RULECHECK", shutil.which("rulecheck") or "rulecheck"))
FORMATS = ["text", "json", "jsonl", "junit", "sarif"]


def find_spark_submit():
    """spark-submit from PATH, or from the pyspark package (pip may put scripts off PATH)."""
    import pyspark

    return shutil.which("spark-submit") or os.path.join(os.path.dirname(pyspark.__file__), "bin", "spark-submit")


SPARK_SUBMIT = find_spark_submit()
TODAY = "2026-11-22"
PARTS = 4

RULES = """\
form: people
fields:
  - id: name
    type: text
    required: true
    max_length: 20
  - id: birth_date
    type: date
    max: today - 18y
  - id: has_car
    type: bool
  - id: plate
    visible_if: has_car
    required: true
    mask: 'A 000 AA 009'
"""


def csv_file(path, records, rng):
    """CSV: a byte-order mark, CRLF and LF, quoted cells with line breaks and quotes, columns
    'note' and 'extra' that match no field, and mistakes all along."""
    rows = ["\ufeffname,birth_date,has_car,plate,note,extra"]
    for number in range(records):
        name = rng.choice(["Ann", "", "Bartholomew Archibald Junior", '"Multi\nline"', '"Ro, ""Bo"""', '"a\r\nb"'])
        birth = rng.choice(["1990-05-01", "2015-01-01", "1985-13-01", ""])
        car = rng.choice(["yes", "no", "maybe"])
        plate = rng.choice(["А 123 ВС 77", "123", ""])
        note = rng.choice(["", "x", '"n\nb"'])
        row = f"{name},{birth},{car},{plate},{note},"
        if number % 97 == 5:
            row = '"stray,1990-01-01,no,,,'  # a quote never closed on its line
        if number % 89 == 7:
            row = "Ann,1990-01-01"  # two cells short
        rows.append(row)
    ends = ["\n", "\r\n"]
    with open(path, "w", encoding="utf-8", newline="") as output:
        output.write("".join(row + rng.choice(ends) for row in rows))


def people(rng, number, extra_keys):
    record = {
        "name": rng.choice(["Ann", "", "Bartholomew Archibald Junior", "a\nb"]),
        "birth_date": rng.choice(["1990-05-01", "2015-01-01", "1985-13-01", None]),
        "has_car": rng.choice([True, False, "maybe"]),
        "plate": rng.choice(["А 123 ВС 77", "123"]),
    }
    for key, since in extra_keys.items():
        if number >= since and rng.random() < 0.3:
            record[key] = 1
    return record


# Keys that match no field, first seen in different slices of 4.
EXTRA_KEYS = {"note": 0, "x": 0.4, "y": 0.6, "z": 0.9}


def jsonl_file(path, records, rng):
    keys = {key: int(share * records) for key, share in EXTRA_KEYS.items()}
    with open(path, "w", encoding="utf-8", newline="") as output:
        for number in range(records):
            line = json.dumps(people(rng, number, keys), ensure_ascii=False)
            if number % 101 == 3:
                line = '{"name": "unterminated'
            output.write(line + rng.choice(["\n", "\r\n"]))


def json_file(path, records, rng):
    keys = {key: int(share * records) for key, share in EXTRA_KEYS.items()}
    elements = [json.dumps(people(rng, number, keys), ensure_ascii=False, indent=rng.choice([None, 2])) for number in range(records)]
    for number in range(11, records, 131):
        elements[number] = '{"name": "no closing brace", {"name": "next"}'
    with open(path, "w", encoding="utf-8", newline="") as output:
        output.write("[\n" + ",\n".join(elements) + "\n]\n")


class TestFailure(Exception):
    """A check of this test that did not hold."""


def expect(condition, message):
    """Fails the test with `message` unless `condition` holds (an `assert` that -O keeps)."""
    if not condition:
        raise TestFailure(message() if callable(message) else message)


def run(command, **options):
    return subprocess.run(command, capture_output=True, **options)


def output(result):
    """What a run printed: under spark-submit the driver's standard error is in its standard output."""
    return (result.stdout + result.stderr).decode("utf-8", "replace")


def whole(rules, path, report_format):
    result = run([RULECHECK, "check", "--rules", rules, path, "--format", report_format, "--today", TODAY])
    expect(result.returncode == 1, lambda: f"check {path}: status {result.returncode}: {result.stderr.decode()}")
    return result.stdout


def spark(rules, path, directory, *extra, rulecheck=RULECHECK, reports=FORMATS):
    """Runs the recipe as Docs/scale-out.md shows it; gives the exit status and the reports."""
    work = os.path.join(directory, "work-" + os.path.basename(path) + str(len(os.listdir(directory))))
    outputs = {report_format: os.path.join(directory, f"{os.path.basename(path)}.{report_format}") for report_format in reports}
    command = [SPARK_SUBMIT, "--master", "local[2]", "--files", rules, os.path.join(HERE, "rulecheck_spark.py"),
               "--rules", rules, "--input", path, "--parts", str(PARTS), "--rulecheck", rulecheck, "--work", work, *extra]
    for report_format, output in outputs.items():
        command += ["--report", f"{report_format}={output}"]
    result = run(command + ["--", "--today", TODAY], cwd=directory)
    produced = {}
    for report_format, output in outputs.items():
        if os.path.exists(output):
            with open(output, "rb") as report:
                produced[report_format] = report.read()
    return result, produced, work


def expect_same(rules, path, produced, label):
    for report_format in FORMATS:
        expected = whole(rules, path, report_format)
        expect(produced.get(report_format) == expected, lambda: (
            f"{label}: the merged {report_format} report differs from one check's\n"
            f"--- one check\n{expected.decode()[:3000]}\n--- merged\n{(produced.get(report_format) or b'').decode()[:3000]}"))


def expect_errors_in_every_slice(work):
    totals = []
    for part in sorted(glob.glob(os.path.join(work, "reports", "part-*"))):
        with open(part, encoding="utf-8") as report:
            totals += [json.loads(line)["totals"] for line in report if line.startswith('{"totals"')]
    expect(len(totals) == PARTS, f"{len(totals)} slices, not {PARTS}")
    expect(all(slice_totals["invalid"] > 0 for slice_totals in totals), lambda: str(totals))


def expect_failure(result, status, says, label):
    """A run that failed with rulecheck's `status`, saying `says`, without a Python traceback of
    the driver (under spark-submit in its standard output; Spark's own log, on standard error,
    may quote a failed task's)."""
    printed = output(result)
    expect(result.returncode == status, lambda: f"{label}: status {result.returncode}, not {status}\n{printed[-3000:]}")
    expect(says in printed, lambda: f"{label}: no {says!r} in\n{printed[-3000:]}")
    expect(b"Traceback" not in result.stdout, lambda: f"{label}: a Python traceback\n{result.stdout.decode()[-3000:]}")


def recipe(*arguments, rules="people.yaml", rulecheck=RULECHECK):
    """spark-submit of the recipe with `arguments`, from the test's directory."""
    return run([SPARK_SUBMIT, "--master", "local[2]", "--files", rules, os.path.join(HERE, "rulecheck_spark.py"),
                "--rules", rules, "--rulecheck", rulecheck, "--parts", "2", *arguments])


def merged_reports(directory, files):
    """The recipe on every file, every format: the one check's reports; keys reported once."""
    merged = {}
    for name in files:
        extra = ["--ship-binary"] if name == "export.json" else []
        result, merged[name], work = spark("people.yaml", name, directory, *extra)
        expect(result.returncode == 1, lambda: f"{name}: status {result.returncode}\n{result.stderr.decode()[-3000:]}")
        expect_same("people.yaml", name, merged[name], f"Spark local[2], {name}")
        expect_errors_in_every_slice(work)
        print(f"ok: Spark local[2], {name} in {PARTS} slices: every format is the one check's report")

    # A key that matches no field is reported once, where it is first seen.
    for name in ["export.jsonl", "export.json"]:
        report = json.loads(merged[name]["json"])
        findings = [violation["field"] for violation in report["violations"] if violation["record"] == 0]
        expect(sorted(findings) == sorted(EXTRA_KEYS), lambda: str(findings))
    print("ok: keys that match no field, first seen in different slices, are reported once")


def failing_checks(directory, files):
    """Status 2 (an argument error in every slice's check) fails the tasks, and so the job; so
    does status 3 (an input that cannot be read)."""
    rules = os.path.join(directory, "people.yaml")
    bad = run([SPARK_SUBMIT, "--master", "local[2]", os.path.join(HERE, "rulecheck_spark.py"), "--rules", rules,
               "--input", "export.csv", "--parts", "2", "--rulecheck", RULECHECK, "--", "--today", "not-a-date"])
    expect_failure(bad, 2, "rulecheck check exited with status 2", "--today not-a-date")
    # A rulecheck whose checks all exit 3.
    failing = os.path.join(directory, "rulecheck-failing-checks")
    with open(failing, "w", encoding="utf-8") as script:
        script.write(f'#!/bin/sh\nif [ "$1" = check ]; then echo "cannot read" >&2; exit 3; fi\nexec {RULECHECK} "$@"\n')
    os.chmod(failing, 0o755)
    result, _, _ = spark("people.yaml", "export.csv", directory, rulecheck=failing, reports=["json"])
    expect_failure(result, 3, "rulecheck check exited with status 3", "checks that exit 3")
    print("ok: status 1 is a result; 2 and 3 fail the Spark job with that status")


def failures_before_checking(directory, files):
    """What is wrong before any slice is checked gives rulecheck's status and one line, never 1
    ("errors found") with a Python traceback."""
    expect_failure(recipe("--input", "missing.csv"), 3, "cannot open 'missing.csv'", "a missing input")
    expect_failure(recipe("--input", "export.csv", rules="missing.yaml"), 2, "cannot read the rules file 'missing.yaml'",
                   "a missing rules file")
    expect_failure(recipe("--input", "export.csv", rulecheck=os.path.join(directory, "no-such-rulecheck")), 2,
                   "no rulecheck binary at", "a missing rulecheck")
    expect_failure(recipe("--input", "export.csv", "--report", "json=-", "--report", "junit=-"), 2,
                   "only one report can go to standard output", "two reports on standard output")
    print("ok: a missing input, rules file or rulecheck gives rulecheck's status and one line, no traceback")


def reports_apart_from_logs(directory, files):
    """Under spark-submit the driver's standard error is merged into its standard output: a JSON
    report there stays JSON, with the messages in --log, and without --log it is refused."""
    refused = recipe("--input", "export.csv", "--report", "json=-", "--timings", "--", "--today", TODAY)
    expect_failure(refused, 2, "needs --log FILE", "a JSON report on standard output without --log")
    log = os.path.join(directory, "recipe.log")
    result = recipe("--input", "export.csv", "--report", "json=-", "--timings", "--log", log, "--", "--today", TODAY)
    expect(result.returncode == 1, lambda: f"status {result.returncode}\n{output(result)[-3000:]}")
    try:
        report = json.loads(result.stdout)
    except ValueError as error:
        raise TestFailure(f"the JSON report on standard output is not JSON ({error}):\n{result.stdout.decode()[:3000]}")
    expect(result.stdout == whole("people.yaml", "export.csv", "json"), "the JSON report is not the one check's")
    expect(report["summary"]["errors"] > 0, lambda: str(report["summary"]))
    with open(log, encoding="utf-8") as written:
        expect("split " in written.read(), "no timings in the log")
    print("ok: under spark-submit a JSON report on standard output is JSON; messages go to --log")


def gnu_parallel(directory, files):
    """The one-machine form: GNU parallel."""
    for name in files:
        for report_format in ["json", "junit"]:
            parallel = run([os.path.join(HERE, "rulecheck-parallel.sh"), "people.yaml", name, str(PARTS), report_format,
                            "--", "--today", TODAY], env={**os.environ, "RULECHECK": RULECHECK})
            expect(parallel.returncode == 1, lambda: parallel.stderr.decode())
            expect(parallel.stdout == whole("people.yaml", name, report_format), f"GNU parallel, {name}, {report_format}")
    bad = run([os.path.join(HERE, "rulecheck-parallel.sh"), "people.yaml", "export.csv", "2", "--", "--today", "x"],
              env={**os.environ, "RULECHECK": RULECHECK})
    expect(bad.returncode == 2, lambda: bad.stderr.decode())
    missing = run([os.path.join(HERE, "rulecheck-parallel.sh"), "people.yaml", "missing.csv", "2"],
                  env={**os.environ, "RULECHECK": RULECHECK})
    expect_failure(missing, 3, "cannot open 'missing.csv'", "GNU parallel, a missing input")
    print("ok: GNU parallel gives the one check's report; a failing slice stops it with its status")


STEPS = {
    "reports": merged_reports,
    "failing-checks": failing_checks,
    "failures": failures_before_checking,
    "logs": reports_apart_from_logs,
    "parallel": gnu_parallel,
}


def main(steps):
    unknown = [step for step in steps if step not in STEPS]
    if unknown:
        print(f"unknown step {unknown[0]!r}; the steps: {', '.join(STEPS)}", file=sys.stderr)
        return 2
    directory = tempfile.mkdtemp(prefix="rulecheck-spark-test-")
    try:
        rng = random.Random(20261122)
        rules = os.path.join(directory, "people.yaml")
        with open(rules, "w", encoding="utf-8") as output_file:
            output_file.write(RULES)
        files = {"export.csv": csv_file, "export.jsonl": jsonl_file, "export.json": json_file}
        for name, make in files.items():
            make(os.path.join(directory, name), 3000, rng)
        os.chdir(directory)
        for step in steps or STEPS:
            STEPS[step](directory, files)
    except TestFailure as failure:
        print(f"FAILED: {failure}", file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
