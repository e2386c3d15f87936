#!/usr/bin/env python3
"""Fails a build whose log holds a compiler warning in the project's own code.

    swift build --traits Server --build-tests 2>&1 | tee build.log; scripts/no-warnings.py build.log

A warning counts when it points into this repository's Sources/ or Tests/ (`PATH:LINE:COL:
warning: …`); the packages' own warnings (in .build/checkouts) and SwiftPM's notes about them do
not. Prints each warning found and exits 1, or prints how many lines it read and exits 0. The
build must be a whole one (a fresh clone, as CI's) to see every file: an incremental build
compiles, and warns about, only what changed.
"""
import os
import re
import sys

ROOT = os.path.realpath(os.path.join(os.path.dirname(__file__), ".."))
WARNING = re.compile(r"^(?P<path>/[^:]+):\d+:\d+: warning: ")


def main(argv):
    if len(argv) != 2:
        print("usage: no-warnings.py BUILD.log", file=sys.stderr)
        return 2
    try:
        lines = open(argv[1], encoding="utf-8", errors="replace").read().splitlines()
    except OSError as error:
        print(f"no-warnings: cannot read the build log: {error}", file=sys.stderr)
        return 1
    found = []
    for line in lines:
        match = WARNING.match(line)
        if not match:
            continue
        path = os.path.realpath(match.group("path"))
        relative = os.path.relpath(path, ROOT)
        if relative.split(os.sep, 1)[0] in ("Sources", "Tests") and line not in found:
            found.append(line)
    for line in found:
        print(f"no-warnings: {line}", file=sys.stderr)
    if found:
        print(f"no-warnings: {len(found)} compiler warning(s) in Sources/ or Tests/: the build must have none",
              file=sys.stderr)
        return 1
    print(f"no-warnings: no compiler warning in Sources/ or Tests/ ({len(lines)} lines of build log)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
