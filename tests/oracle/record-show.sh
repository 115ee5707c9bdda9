#!/usr/bin/env bash
# record-show.sh - record SHOW corpus cases (../shared/oracle/README.md, "SHOW
# corpus") from a private MariaDB 10.11: for each case directory holding
# input.sql and statements.sql, on a server with no user database but a fresh
# `test`, run input.sql (errors ignored), then statements.sql through one
# `mariadb -B --force --database test` connection (-n: output flushed per
# statement, so stdout and stderr interleave in statement order) into
# expected.txt. One connection, so SHOW WARNINGS sees the statement before it.
#
# usage: tests/oracle/record-show.sh [CASE-DIR...]   (default: tests/data/show-extra/*/)
# Server: tests/oracle/mariadb-server.sh start (or SOCK=path to any server
# started with the pinned options of shared/oracle/README.md).
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
SOCK=${SOCK:-$(bash "$HERE/mariadb-server.sh" socket)}
client() {
    mariadb --no-defaults --protocol=socket --socket="$SOCK" -uroot \
        --default-character-set=utf8mb4 "$@"
}
fresh() {
    local db
    for db in $(client -N -B -e 'SHOW DATABASES' | grep -vxE 'information_schema|mysql|performance_schema|sys'); do
        client -e "SET FOREIGN_KEY_CHECKS=0; DROP DATABASE \`$db\`"
    done
    client -e 'CREATE DATABASE test'
}
[ $# -gt 0 ] || set -- "$HERE"/../data/show-extra/*/
for dir in "$@"; do
    dir=${dir%/}
    [ -f "$dir/input.sql" ] && [ -f "$dir/statements.sql" ] || continue
    fresh
    client --force --database test < "$dir/input.sql" > /dev/null 2>&1 || true
    client -B -n --force --database test < "$dir/statements.sql" > "$dir/expected.txt" 2>&1 || true
    echo "record-show: $(basename "$dir")"
done
