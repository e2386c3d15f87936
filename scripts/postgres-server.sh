# Sourced by scripts/postgres-test.sh and scripts/load-test.sh: a PostgreSQL server of the
# script's own, in a temporary directory, on a unix socket there (no TCP port).
#
#   . scripts/postgres-server.sh
#   postgres_start            # sets PG_DIR, PG_BIN and PG_URL (a postgres:// URL of the database rulecheck_test)
#   …
#   postgres_stop             # stops it and removes the directory (also on EXIT: trap postgres_stop EXIT)
#
# Installs Debian's `postgresql` package when no initdb is found (as root, with apt-get; otherwise
# it says what to install and fails). PostgreSQL refuses to run as root: as root, the server runs
# as the `postgres` user (the package's).

postgres_find_bin() {
    local dir
    for dir in /usr/lib/postgresql/*/bin; do
        if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then echo "$dir"; return 0; fi
    done
    return 1
}

postgres_start() {
    if ! PG_BIN=$(postgres_find_bin); then
        if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
            echo "postgres: installing postgresql with apt-get…" >&2
            DEBIAN_FRONTEND=noninteractive apt-get update -qq
            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
            PG_BIN=$(postgres_find_bin)
        else
            echo "postgres: needs PostgreSQL's server: run 'sudo apt-get install -y postgresql'" >&2
            return 1
        fi
    fi
    PG_AS_OWNER=()
    if [ "$(id -u)" = "0" ]; then
        id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
        PG_AS_OWNER=(runuser -u postgres --)
    fi
    PG_DIR=$(mktemp -d /tmp/rulecheck-pg.XXXXXX)
    chmod 755 "$PG_DIR"
    [ ${#PG_AS_OWNER[@]} -eq 0 ] || chown postgres "$PG_DIR"
    "${PG_AS_OWNER[@]}" "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres --auth=trust -E UTF8 --no-locale \
        >"$PG_DIR/initdb.log" 2>&1 || { cat "$PG_DIR/initdb.log" >&2; return 1; }
    "${PG_AS_OWNER[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w \
        -o "-k $PG_DIR -c listen_addresses='' -p 5432 -c max_connections=200" start >/dev/null \
        || { cat "$PG_DIR/server.log" >&2; return 1; }
    "$PG_BIN/psql" -h "$PG_DIR" -U postgres -d postgres -qc "CREATE DATABASE rulecheck_test" >/dev/null
    PG_URL="postgres://postgres@/rulecheck_test?host=$PG_DIR"
    echo "postgres: PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on $PG_DIR/.s.PGSQL.5432" >&2
}

postgres_stop() {
    if [ -n "${PG_DIR:-}" ] && [ -d "$PG_DIR" ]; then
        "${PG_AS_OWNER[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true
        rm -rf "$PG_DIR"
    fi
}
