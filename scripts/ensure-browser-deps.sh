#!/usr/bin/env bash
# Makes sure the browser tests can run: Chromium, its WebDriver (chromedriver) and Selenium for the
# python3 in PATH. As root on Debian it installs what is missing (apt-get for the browser, pip for
# Selenium); otherwise it says, in one line, what to install, and fails.
set -euo pipefail

have_browser() { command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; }
have_selenium() { python3 -c 'import selenium' >/dev/null 2>&1; }

if ! have_browser; then
    if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
        echo "Installing chromium and chromium-driver with apt-get…" >&2
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq chromium chromium-driver >/dev/null
    else
        echo "the browser tests need Chromium and chromedriver: run 'sudo apt-get install -y chromium chromium-driver'" >&2
        exit 1
    fi
fi

if ! have_selenium; then
    echo "Installing selenium with pip…" >&2
    python3 -m pip install -q selenium 2>/dev/null || python3 -m pip install -q --break-system-packages selenium
fi
have_selenium || { echo "the browser tests need Selenium: run 'python3 -m pip install selenium'" >&2; exit 1; }
