#!/usr/bin/env bash
# record-objects.sh - record DDL cases in the ddl-objects format (the oracle
# README, section "DDL objects corpus") from the throw-away MariaDB 10.11 of
# tests/oracle/mariadb-server.sh: record-ddl.sh writes results.txt,
# warnings.txt and the base-table part of schema.sql; then schema.sql is
# written again in the extended form from the server's state right after the
# case (record-ddl.c resets the server only when a case starts): per
# database, its base tables, sequences, views (second column of SHOW CREATE
# VIEW on a connection with no current database) and triggers (third column
# of SHOW CREATE TRIGGER, ordered by table, ACTION_TIMING, EVENT_MANIPULATION,
# ACTION_ORDER). One case at a time, so the state read is that case's.
#
# usage: tests/oracle/record-objects.sh CASES [CASE-SUBSTRING...]
# Example: tests/oracle/record-objects.sh tests/data/ddl-objects-extra 50
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
SERVER="$HERE/mariadb-server.sh"
cases=${1:?usage: record-objects.sh CASES [CASE-SUBSTRING...]}
shift
filters=("$@")

started=0
if ! "$SERVER" status; then
    "$SERVER" start || exit 2
    started=1
fi
SOCK=$("$SERVER" socket)

wanted() {
    local f
    [ ${#filters[@]} -eq 0 ] && return 0
    for f in "${filters[@]}"; do case "$1" in *"$f"*) return 0 ;; esac; done
    return 1
}

status=0
for d in "$cases"/*/; do
    d=${d%/}
    name=$(basename "$d")
    [ -f "$d/input.sql" ] || continue
    wanted "$name" || continue
    if ! bash "$HERE/record-ddl.sh" "$cases" "$name" >/dev/null ||
        ! python3 "$HERE/record_objects_schema.py" "$SOCK" >"$d/schema.sql.tmp"; then
        echo "record-objects: FAILED $name" >&2
        rm -f "$d/schema.sql.tmp"
        status=1
        continue
    fi
    mv "$d/schema.sql.tmp" "$d/schema.sql"
    echo "record-objects: $name"
done
if [ $started = 1 ]; then "$SERVER" stop >/dev/null; fi
exit $status
