#!/usr/bin/env python3
"""Fails a test run that ran nothing: the JUnit XML of `swift test --xunit-output` must hold at
least one passing test for every test target of Package.swift, and no failure.

    scripts/test-counts.py RESULTS.xml TARGET...        # the targets: every test target's name
    scripts/test-counts.py --not-run 'NAME=WHY' RESULTS.xml TARGET...

`--not-run NAME=WHY` (repeatable) names the suites a run leaves out on purpose (`swift test --skip
NAME`): each is reported as not run, with why, so that nothing is left out silently; a test
whose name holds NAME that ran anyway is a failure (the skip did not work).

Swift Testing names a test case's class `Module.Suite` (or just `Module` for a free function),
so the module is the part before the first dot. Prints one line per target with its count, then
exits 1 when a target ran no test, when a test failed, errored or was skipped, or when the file holds no test
at all (an empty or missing report is a failure, never a pass).
"""
import os
import sys
import xml.etree.ElementTree as ElementTree


def counts(path, targets):
    """Per target: (passed, failed, skipped); and the modules found that are not targets."""
    tree = ElementTree.parse(path)
    found = {target: [0, 0, 0] for target in targets}
    strangers = set()
    for case in tree.iter("testcase"):
        module = case.get("classname", "").split(".", 1)[0]
        if module not in found:
            strangers.add(module)
            continue
        if case.find("failure") is not None or case.find("error") is not None:
            found[module][1] += 1
        elif case.find("skipped") is not None:
            found[module][2] += 1
        else:
            found[module][0] += 1
    return found, strangers


def left_out(path, names):
    """Per name left out: how many tests of the report hold it in their class or name."""
    tree = ElementTree.parse(path)
    found = {name: 0 for name in names}
    for case in tree.iter("testcase"):
        label = case.get("classname", "") + "." + case.get("name", "")
        for name in names:
            if name in label:
                found[name] += 1
    return found


def main(argv):
    not_run = {}
    while len(argv) > 2 and argv[1] == "--not-run":
        name, _, why = argv[2].partition("=")
        not_run[name] = why or "left out of this run"
        argv = argv[:1] + argv[3:]
    if len(argv) < 3:
        print("usage: test-counts.py [--not-run NAME=WHY]... RESULTS.xml TARGET...", file=sys.stderr)
        return 2
    path, targets = argv[1], argv[2:]
    # SwiftPM writes Swift Testing's report beside XCTest's, named NAME-swift-testing.xml, when
    # it runs both; with --disable-xctest it writes NAME.xml. Read whichever this run wrote.
    sibling = path[:-4] + "-swift-testing.xml" if path.endswith(".xml") else None
    if not os.path.exists(path) and sibling and os.path.exists(sibling):
        path = sibling
    try:
        found, strangers = counts(path, targets)
    except (OSError, ElementTree.ParseError) as error:
        print(f"test-counts: cannot read the test results {path}: {error}", file=sys.stderr)
        return 1
    problems = []
    for target in targets:
        passed, failed, skipped = found[target]
        print(f"test-counts: {target}: {passed} passed, {failed} failed, {skipped} skipped")
        if passed == 0:
            problems.append(f"{target} ran no test")
        if failed:
            problems.append(f"{target}: {failed} failed")
        if skipped:
            problems.append(f"{target}: {skipped} skipped (a skip hides a test that did not run)")
    for module in sorted(strangers):
        problems.append(f"tests of '{module}', which is not a test target named here")
    for name, ran in left_out(path, list(not_run)).items():
        print(f"test-counts: {name}: not run here: {not_run[name]}")
        if ran:
            problems.append(f"{ran} tests of {name} ran, which this run leaves out")
    if problems:
        for problem in problems:
            print(f"test-counts: {problem}", file=sys.stderr)
        return 1
    total = sum(found[target][0] for target in targets)
    print(f"test-counts: {total} tests passed in {len(targets)} test targets")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
