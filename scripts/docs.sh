#!/usr/bin/env bash
# make docs: the DocC documentation of the RuleCheck library (Sources/RuleCheck/RuleCheck.docc and
# the symbols' own comments), built with the toolchain's `docc` and refused on any warning — a
# broken symbol link, an undocumented parameter. The symbol graph comes from SwiftPM's own
# `dump-symbol-graph` (public symbols), so no documentation plugin joins the package's dependencies.
# The site is written to .build/docs (DOCS_OUT to change); `docc preview` serves the same catalogue.
set -euo pipefail
cd "$(dirname "$0")/.."
swift=${SWIFT:-swift}
docc=${DOCC:-$(dirname "$(command -v "$swift")")/docc}
[ -x "$docc" ] || docc=$(command -v docc) || { echo "docs: no docc next to $swift or on PATH" >&2; exit 1; }
out=${DOCS_OUT:-.build/docs}
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT

"$swift" package --traits Server dump-symbol-graph --minimum-access-level public > "$graphs/dump.log" 2>&1 || { cat "$graphs/dump.log"; exit 1; }
dir=$(sed -n 's/^Files written to //p' "$graphs/dump.log" | tail -1)
[ -n "$dir" ] && [ -f "$dir/RuleCheck.symbols.json" ] || { cat "$graphs/dump.log"; echo "docs: no symbol graph of RuleCheck" >&2; exit 1; }
mkdir "$graphs/RuleCheck"
cp "$dir"/RuleCheck.symbols.json "$graphs/RuleCheck/"
cp "$dir"/RuleCheck@*.symbols.json "$graphs/RuleCheck/" 2>/dev/null || true

"$docc" convert Sources/RuleCheck/RuleCheck.docc \
  --additional-symbol-graph-dir "$graphs/RuleCheck" \
  --fallback-display-name RuleCheck --fallback-bundle-identifier dev.rulecheck.RuleCheck \
  --output-path "$out" --warnings-as-errors
echo "docs: RuleCheck's documentation in $out, without warnings"
