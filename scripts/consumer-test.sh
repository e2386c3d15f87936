#!/usr/bin/env bash
# An app that depends on the RuleCheck library alone (Tests/consumer, the default package line) must resolve
# RuleCheck and Yams and nothing else — no Hummingbird, SwiftNIO or ArgumentParser — then build and
# run. From a new scratch folder every time, as Xcode's first checkout of an app would; prints the
# packages resolved and the seconds of the resolution and of the first build.
#
# Also checks that Docs/ios.md's Swift block marked `<!-- Tests/consumer/Sources/SignupScreen/Signup.swift -->`
# is that file, word for word, so the documented example is the one compiled here.
#
# RULECHECK_PCRE2=source (with the source fetched: scripts/fetch-pcre2-source.sh) builds it
# against PCRE2 compiled from source, as on iOS.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
consumer="$root/Tests/consumer"
scratch="$consumer/.build-consumer"
example="Tests/consumer/Sources/SignupScreen/Signup.swift"

# 1. The documented example is the compiled one.
python3 - "$root/Docs/ios.md" "$root/$example" "$example" <<'EOF'
import sys
doc, path, name = sys.argv[1:]
text = open(doc, encoding="utf-8").read()
marker = f"<!-- {name} -->"
if marker not in text:
    sys.exit(f"consumer-test: Docs/ios.md has no block marked {marker}")
after = text.split(marker, 1)[1].lstrip("\n")
if not after.startswith("```swift\n"):
    sys.exit(f"consumer-test: the marker {marker} in Docs/ios.md is not followed by a ```swift block")
block = after[len("```swift\n"):].split("\n```", 1)[0] + "\n"
if block != open(path, encoding="utf-8").read():
    sys.exit(f"consumer-test: Docs/ios.md's example differs from {name}: copy the file into the doc")
print(f"consumer-test: Docs/ios.md's example is {name}")
EOF

# 2. A first resolution, from nothing.
rm -rf "$scratch" "$consumer/Package.resolved"
cd "$consumer"
start=$(date +%s.%N)
swift package --scratch-path "$scratch" resolve
resolved=$(date +%s.%N)

pins=$(python3 -c 'import json, sys; print(" ".join(sorted(p["identity"] for p in json.load(open(sys.argv[1]))["pins"])))' Package.resolved)
checkouts=$(ls "$scratch/checkouts" | tr '[:upper:]' '[:lower:]' | sort | tr '\n' ' ' | sed 's/ $//')
echo "consumer-test: resolved packages: ${pins:-none}; checked out: ${checkouts:-none}"
if [ "$pins" != "yams" ] || [ "$checkouts" != "yams" ]; then
    echo "consumer-test: an app using only the RuleCheck library must resolve Yams alone (besides RuleCheck)" >&2
    exit 1
fi

# 3. Its first build, and a run.
swift build --scratch-path "$scratch"
built=$(date +%s.%N)
"$scratch/debug/consumer"
python3 -c 'import sys; a, b, c = map(float, sys.argv[1:]); print(f"consumer-test: resolve {b - a:.1f} s, first build {c - b:.1f} s")' \
    "$start" "$resolved" "$built"
