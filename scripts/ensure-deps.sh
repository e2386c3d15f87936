#!/usr/bin/env bash
# Makes sure the system libraries RuleCheck builds against are installed: PCRE2 (8-bit) and
# pkg-config; on a Mac, PCRE2's source instead (scripts/fetch-pcre2-source.sh). As root on
# Debian/Ubuntu it installs them with apt; otherwise it says, in one line, what to install, and fails.
set -euo pipefail

# On a Mac, Package.swift compiles PCRE2 from its source (Docs/ios.md) unless RULECHECK_PCRE2=system.
if [ "$(uname -s)" = "Darwin" ] && [ "${RULECHECK_PCRE2:-}" != "system" ]; then
    exec "$(dirname "$0")/fetch-pcre2-source.sh"
fi

if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libpcre2-8; then
    exit 0
fi

if [ "$(uname -s)" = "Darwin" ]; then
    echo "RULECHECK_PCRE2=system needs PCRE2 and pkg-config: run 'brew install pcre2 pkg-config'" >&2
    exit 1
fi

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing libpcre2-dev and pkg-config with apt-get…" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq libpcre2-dev pkg-config >/dev/null
    exit 0
fi

echo "rulecheck needs PCRE2 and pkg-config: run 'sudo apt-get install -y libpcre2-dev pkg-config'" >&2
exit 1
