#!/usr/bin/env bash
# Makes sure the system libraries RuleCheck builds against are installed: PCRE2 (8-bit), zlib and
# zstd (gzip and zstd inputs of `rulecheck check`, `infer` and `split`), pkg-config, and python3 (the
# make targets' own checks); on a Mac,
# PCRE2's source instead of the library (scripts/fetch-pcre2-source.sh), and zstd from Homebrew
# (macOS has zlib in its SDK). As root on Debian/Ubuntu it installs them with apt; otherwise it
# says, in one line, what to install, and fails.
set -euo pipefail

if [ "$(uname -s)" = "Darwin" ]; then
    # Package.swift compiles PCRE2 from its source on a Mac (Docs/ios.md) unless RULECHECK_PCRE2=system.
    needed="libzstd"
    if [ "${RULECHECK_PCRE2:-}" = "system" ]; then needed="libpcre2-8 libzstd"; fi
    # shellcheck disable=SC2086
    if ! { command -v pkg-config >/dev/null 2>&1 && pkg-config --exists $needed; }; then
        echo "rulecheck needs ${needed/libpcre2-8/PCRE2,} zstd and pkg-config: run 'brew install zstd pkg-config${RULECHECK_PCRE2:+ pcre2}'" >&2
        exit 1
    fi
    if [ "${RULECHECK_PCRE2:-}" != "system" ]; then
        exec "$(dirname "$0")/fetch-pcre2-source.sh"
    fi
    exit 0
fi

# python3 runs the make targets' own checks (scripts/*.py): test counts, warnings, CI's guards.
if command -v python3 >/dev/null 2>&1 && command -v pkg-config >/dev/null 2>&1 \
    && pkg-config --exists libpcre2-8 libzstd zlib; then
    exit 0
fi

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing libpcre2-dev, libzstd-dev, zlib1g-dev, pkg-config and python3 with apt-get…" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq libpcre2-dev libzstd-dev zlib1g-dev pkg-config python3 >/dev/null
    exit 0
fi

echo "rulecheck needs PCRE2, zstd, zlib, pkg-config and python3: run 'sudo apt-get install -y libpcre2-dev libzstd-dev zlib1g-dev pkg-config python3'" >&2
exit 1
