#!/usr/bin/env bash
# Starts a throw-away PostgreSQL server for the tests, unless TABULA_TEST_POSTGRES already
# names one. Meant to be sourced: it exports TABULA_TEST_POSTGRES (a URL whose user may
# create databases) and defines `stop_test_postgres`. Installs Debian's `postgresql`
# package when no server binaries are found.

find_pg_bin() {
    local dir
    for dir in /usr/lib/postgresql/*/bin; do
        [ -x "$dir/initdb" ] && { echo "$dir"; return 0; }
    done
    command -v initdb >/dev/null 2>&1 && { dirname "$(command -v initdb)"; return 0; }
    return 1
}

stop_test_postgres() { :; }

if [ -z "${TABULA_TEST_POSTGRES:-}" ]; then
    if ! pg_bin=$(find_pg_bin); then
        echo "installing PostgreSQL (Debian package postgresql)" >&2
        if [ "$(id -u)" -eq 0 ]; then
            DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
        else
            sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
        fi
        pg_bin=$(find_pg_bin)
    fi
    pg_dir=$(mktemp -d)
    # The server refuses to run as root: run it as the `postgres` user the package creates.
    as_owner=()
    if [ "$(id -u)" -eq 0 ]; then
        chown postgres "$pg_dir"
        as_owner=(runuser -u postgres --)
    fi
    pg_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    "${as_owner[@]}" "$pg_bin/initdb" -D "$pg_dir/data" -U postgres --auth=trust -E UTF8 >/dev/null
    "${as_owner[@]}" "$pg_bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/server.log" -w \
        -o "-p $pg_port -k $pg_dir -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=on" start >/dev/null
    export TABULA_TEST_POSTGRES="postgres://postgres@127.0.0.1:$pg_port/postgres"
    echo "PostgreSQL for the tests on port $pg_port" >&2
    stop_test_postgres() {
        "${as_owner[@]}" "$pg_bin/pg_ctl" -D "$pg_dir/data" -m immediate stop >/dev/null 2>&1 || true
        rm -rf "$pg_dir"
    }
fi
