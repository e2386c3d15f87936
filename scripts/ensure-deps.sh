#!/usr/bin/env bash
# Makes sure the system libraries RuleCheck builds against are installed: PCRE2 (8-bit), zlib and
# zstd (gzip and zstd inputs of `rulecheck check`, `infer` and `split`), and pkg-config. As root
# on Debian/Ubuntu it installs them with apt; otherwise it says, in one line, what to install, and
# fails. (macOS has zlib in its SDK.)
set -euo pipefail

if [ "$(uname -s)" = "Darwin" ]; then
    if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libpcre2-8 libzstd; then
        exit 0
    fi
    echo "rulecheck needs PCRE2, zstd and pkg-config: run 'brew install pcre2 zstd pkg-config'" >&2
    exit 1
fi

if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libpcre2-8 libzstd zlib; then
    exit 0
fi

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing libpcre2-dev, libzstd-dev, zlib1g-dev and pkg-config with apt-get…" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq libpcre2-dev libzstd-dev zlib1g-dev pkg-config >/dev/null
    exit 0
fi

echo "rulecheck needs PCRE2, zstd, zlib and pkg-config: run 'sudo apt-get install -y libpcre2-dev libzstd-dev zlib1g-dev pkg-config'" >&2
exit 1
