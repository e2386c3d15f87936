#!/usr/bin/env bash
# Puts PCRE2's source where Package.swift's source target reads it (Sources/CPCRE2Source/pcre2,
# git-ignored), for builds that compile PCRE2 themselves: Apple platforms (Xcode, iOS) and
# RULECHECK_PCRE2=source on Linux (`make pcre2-source-test`). Nothing of PCRE2 is committed.
#
#   scripts/fetch-pcre2-source.sh                  Debian's source package where apt-get is, else the release on GitHub
#   scripts/fetch-pcre2-source.sh --from debian    `apt-get source pcre2=10.42-1` (a private apt state: the system's is untouched)
#   scripts/fetch-pcre2-source.sh --from github    curl the release tarball from github.com/PCRE2Project/pcre2
#   scripts/fetch-pcre2-source.sh --tarball FILE   a pcre2-10.42.tar.gz obtained some other way
#
# Whatever the way, the tarball must have the SHA-256 below (Debian's pcre2_10.42.orig.tar.gz is
# upstream's pcre2-10.42.tar.gz), or nothing is unpacked. Then, as PCRE2's NON-AUTOTOOLS-BUILD says,
# config.h, pcre2.h and pcre2_chartables.c are made from their .generic/.dist files. Running it
# again with the source in place and unchanged does nothing.
set -euo pipefail

version=10.42
debian_version=10.42-1
sha256=c33b418e3b936ee3153de2c61cc638e7e4fe3156022a5c77d0711bcbb9d64f1f
github_url="https://github.com/PCRE2Project/pcre2/releases/download/pcre2-$version/pcre2-$version.tar.gz"

root="$(cd "$(dirname "$0")/.." && pwd)"
dest="$root/Sources/CPCRE2Source/pcre2"
stamp="$dest/.rulecheck-source"

from=""
tarball=""
while [ $# -gt 0 ]; do
    case "$1" in
        --from) from="${2:?--from needs debian or github}"; shift 2 ;;
        --tarball) tarball="${2:?--tarball needs a file}"; from=file; shift 2 ;;
        -h | --help) sed -n '2,15p' "$0"; exit 0 ;;
        *) echo "fetch-pcre2-source: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done
if [ -z "$from" ]; then
    if command -v apt-get >/dev/null 2>&1; then from=debian; else from=github; fi
fi

if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "pcre2-$version $sha256" ]; then
    echo "fetch-pcre2-source: PCRE2 $version already in ${dest#"$root"/}"
    exit 0
fi

sha256_of() {
    if command -v sha256sum >/dev/null 2>&1; then sha256sum "$1" | cut -d' ' -f1; else shasum -a 256 "$1" | cut -d' ' -f1; fi
}

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

case "$from" in
    debian)
        # A private apt state (sources, lists, cache in $work) with only Debian bookworm's source
        # index, checked against Debian's archive key like any apt download.
        keyring=/usr/share/keyrings/debian-archive-keyring.gpg
        [ -f "$keyring" ] || { echo "fetch-pcre2-source: $keyring is missing (apt-get install debian-archive-keyring), or use --from github" >&2; exit 1; }
        mkdir -p "$work/lists/partial" "$work/cache/archives/partial" "$work/download"
        echo "deb-src [signed-by=$keyring] http://deb.debian.org/debian bookworm main" >"$work/sources.list"
        apt_options=(-o "Dir::Etc::SourceList=$work/sources.list" -o "Dir::Etc::SourceParts=/dev/null"
            -o "Dir::State::Lists=$work/lists" -o "Dir::Cache=$work/cache" -o "APT::Sandbox::User=root")
        echo "fetch-pcre2-source: apt-get source pcre2=$debian_version (Debian bookworm)" >&2
        apt-get "${apt_options[@]}" -qq update
        (cd "$work/download" && apt-get "${apt_options[@]}" -qq source --download-only "pcre2=$debian_version")
        tarball="$work/download/pcre2_$version.orig.tar.gz"
        ;;
    github)
        echo "fetch-pcre2-source: $github_url" >&2
        curl --fail --location --silent --show-error --output "$work/pcre2-$version.tar.gz" "$github_url"
        tarball="$work/pcre2-$version.tar.gz"
        ;;
    file) ;;
    *) echo "fetch-pcre2-source: --from takes debian or github, not '$from'" >&2; exit 2 ;;
esac

[ -f "$tarball" ] || { echo "fetch-pcre2-source: no tarball at $tarball" >&2; exit 1; }
actual="$(sha256_of "$tarball")"
if [ "$actual" != "$sha256" ]; then
    echo "fetch-pcre2-source: $tarball has SHA-256 $actual, expected $sha256 (PCRE2 $version): not unpacked" >&2
    exit 1
fi

mkdir -p "$work/unpacked"
tar -xzf "$tarball" -C "$work/unpacked"
src="$work/unpacked/pcre2-$version"
[ -f "$src/src/pcre2_compile.c" ] || { echo "fetch-pcre2-source: the tarball holds no pcre2-$version/src/pcre2_compile.c" >&2; exit 1; }
cp "$src/src/config.h.generic" "$src/src/config.h"
cp "$src/src/pcre2.h.generic" "$src/src/pcre2.h"
cp "$src/src/pcre2_chartables.c.dist" "$src/src/pcre2_chartables.c"

rm -rf "$dest"
mv "$src" "$dest"
echo "pcre2-$version $sha256" >"$stamp"
echo "fetch-pcre2-source: PCRE2 $version (SHA-256 $sha256) in ${dest#"$root"/}"
