#!/usr/bin/env python3
"""The names of the package's test targets, one per line, from `swift package dump-package` on
standard input (what scripts/test-counts.py expects to find tests of)."""
import json
import sys

package = json.load(sys.stdin)
names = [target["name"] for target in package["targets"] if target.get("type") == "test"]
if not names:
    sys.exit("test-targets: the package has no test target")
print("\n".join(names))
