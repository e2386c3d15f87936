#!/usr/bin/env bash
# Makes sure the Spark recipe's test can run: Java (17 or later, for Spark 4), GNU parallel, and
# PySpark 4.3.0 for the python3 in PATH. As root on Debian it installs what is missing (apt-get
# for Java, Python and parallel, pip for PySpark); otherwise it says, in one line, what to
# install, and fails.
set -euo pipefail

have_java() { command -v java >/dev/null 2>&1; }
have_parallel() { command -v parallel >/dev/null 2>&1 && parallel --version 2>/dev/null | grep -q "GNU parallel"; }
have_python() { command -v python3 >/dev/null 2>&1 && python3 -m pip --version >/dev/null 2>&1; }
have_pyspark() { python3 -c 'import pyspark, sys; sys.exit(pyspark.__version__ != "4.3.0")' >/dev/null 2>&1; }

packages=()
have_java || packages+=(openjdk-17-jre-headless)
have_parallel || packages+=(parallel)
have_python || packages+=(python3 python3-pip)
if [ ${#packages[@]} -gt 0 ]; then
    if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
        echo "Installing ${packages[*]} with apt-get…" >&2
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq "${packages[@]}" >/dev/null
    else
        echo "the Spark test needs ${packages[*]}: run 'sudo apt-get install -y ${packages[*]}'" >&2
        exit 1
    fi
fi

if ! have_pyspark; then
    echo "Installing pyspark 4.3.0 with pip (about 450 MB)…" >&2
    python3 -m pip install -q pyspark==4.3.0 2>/dev/null || python3 -m pip install -q --break-system-packages pyspark==4.3.0
fi
have_pyspark || { echo "the Spark test needs PySpark 4.3.0: run 'python3 -m pip install pyspark==4.3.0'" >&2; exit 1; }
