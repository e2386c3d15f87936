#!/usr/bin/env python3
"""Shows which share of seeded cases the property tests tried, and fails a run that did not try
the share it was meant to: `make test` the quick one, `make test-deep` the deep one.

    scripts/property-cases.py quick|deep LOG [TESTS_DIR]

Each call of `PropertyRuns.count(quick:deep:)` in a test adds `path:line chosen quick deep` to
LOG (the file `RULECHECK_PROPERTY_LOG` names, Sources/_RuleCheckTestSupport/PropertyRuns.swift).
This script finds every such call in TESTS_DIR (default Tests/) and fails when
  * the log is missing or empty (the tests ran without logging, or not at all),
  * a call in the sources never logged (its test did not run),
  * a line's chosen count is not the share of this run (`deep` chose `quick`, or the reverse),
  * a line names a call that is not in the sources (a stale build ran).
It prints, per call, the count chosen, and the totals: cases a deep run tries, beside a quick one.
"""
import os
import re
import sys

CALL = re.compile(r"PropertyRuns\.count\(")


def sites(tests_dir):
    """`relative/path.swift:line` of every call of PropertyRuns.count( in the test sources."""
    found = set()
    for root, _, files in os.walk(tests_dir):
        for name in files:
            if not name.endswith(".swift"):
                continue
            path = os.path.join(root, name)
            with open(path, encoding="utf-8") as handle:
                for number, line in enumerate(handle, start=1):
                    if CALL.search(line):
                        found.add(f"{os.path.relpath(path)}:{number}")
    return found


def main(argv):
    if len(argv) not in (3, 4) or argv[1] not in ("quick", "deep"):
        print("usage: property-cases.py quick|deep LOG [TESTS_DIR]", file=sys.stderr)
        return 2
    mode, log = argv[1], argv[2]
    expected = sites(argv[3] if len(argv) == 4 else "Tests")
    failures = []
    logged = {}
    try:
        with open(log, encoding="utf-8") as handle:
            lines = [line.split() for line in handle if line.strip()]
    except OSError as error:
        lines = []
        failures.append(f"{log}: {error.strerror}: the property tests logged nothing")
    for parts in lines:
        if len(parts) != 4:
            failures.append(f"{log}: a line that is not 'path:line chosen quick deep': {' '.join(parts)}")
            continue
        where, chosen, quick, deep = parts[0], int(parts[1]), int(parts[2]), int(parts[3])
        site = os.path.relpath(where.rsplit(":", 1)[0]) + ":" + where.rsplit(":", 1)[1]
        if chosen != (deep if mode == "deep" else quick):
            failures.append(f"{site}: chose {chosen} cases in a {mode} run (quick {quick}, deep {deep})")
        logged[site] = (chosen, quick, deep)
    if lines and not logged:
        failures.append(f"{log}: no line could be read")
    for site in sorted(expected - logged.keys()):
        failures.append(f"{site}: this property test did not run (no line in {log})")
    for site in sorted(logged.keys() - expected):
        failures.append(f"{site}: logged, but no PropertyRuns.count( is there (a stale build?)")
    for site in sorted(logged):
        chosen, quick, deep = logged[site]
        print(f"  {site}: {chosen} (quick {quick}, deep {deep})")
    quick_total = sum(value[1] for value in logged.values())
    deep_total = sum(value[2] for value in logged.values())
    chosen_total = sum(value[0] for value in logged.values())
    print(f"property tests, {mode} run: {len(logged)} of {len(expected)} calls, {chosen_total} cases "
          f"(a quick run: {quick_total}, a deep run: {deep_total})")
    for failure in failures:
        print("error: " + failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
