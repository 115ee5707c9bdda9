#!/usr/bin/env bash
# record-ddl.sh - record DDL conformance cases from a real MariaDB server, in
# the format of ../shared/oracle/ddl (see ../shared/oracle/README.md).
#
# For every case directory under CASES (a directory holding input.sql), in
# name order: reset the server to the oracle's initial state (only `test`),
# run input.sql on a new connection in `test`, write results.txt,
# warnings.txt and schema.sql. The work is done by record-ddl.c, compiled
# here against libmariadb (Debian libmariadb-dev; dev tool only, see
# docs/testing.md). No frm/ is recorded.
#
# The server is the throw-away one of tests/oracle/mariadb-server.sh (pinned
# oracle options); when it is not running this script starts it and stops it
# again at the end.
#
# usage: tests/oracle/record-ddl.sh [-o OUTDIR] CASES [CASE-SUBSTRING...]
#   -o OUTDIR  write OUTDIR/<case>/{input.sql,results.txt,warnings.txt,
#              schema.sql} instead of recording in place (input.sql copied)
# Example: tests/oracle/record-ddl.sh tests/data/ddl-extra
#          tests/oracle/record-ddl.sh -o /tmp/rerec ../shared/oracle/ddl 0003 0231
set -u

HERE=$(cd "$(dirname "$0")" && pwd)
SERVER="$HERE/mariadb-server.sh"

out=""
if [ "${1:-}" = "-o" ]; then out=${2:?-o needs a directory}; shift 2; fi
cases=${1:?usage: record-ddl.sh [-o OUTDIR] CASES [CASE-SUBSTRING...]}
shift
filters=("$@")

if ! command -v mariadb_config >/dev/null; then
    echo "record-ddl: mariadb_config missing (apt-get install libmariadb-dev)" >&2
    exit 2
fi
BIN=$(mktemp "${TMPDIR:-/tmp}/record-ddl-XXXXXX")
trap 'rm -f "$BIN"' EXIT
# shellcheck disable=SC2046
if ! cc -std=c11 -D_GNU_SOURCE -O1 -Wall -Wextra -o "$BIN" "$HERE/record-ddl.c" \
    $(mariadb_config --cflags --libs); then
    echo "record-ddl: cannot build record-ddl.c" >&2
    exit 2
fi

started=0
if ! "$SERVER" status; then
    "$SERVER" start || exit 2
    started=1
fi
SOCK=$("$SERVER" socket)

wanted() {
    local f
    [ ${#filters[@]} -eq 0 ] && return 0
    for f in "${filters[@]}"; do
        case "$1" in *"$f"*) return 0 ;; esac
    done
    return 1
}

status=0
n=0
for d in "$cases"/*/; do
    d=${d%/}
    name=$(basename "$d")
    [ -f "$d/input.sql" ] || continue
    wanted "$name" || continue
    dest="$d"
    if [ -n "$out" ]; then
        dest="$out/$name"
        mkdir -p "$dest"
        cp "$d/input.sql" "$dest/input.sql"
    fi
    if "$BIN" "$SOCK" "$d/input.sql" "$dest"; then
        n=$((n + 1))
    else
        echo "record-ddl: FAILED $name" >&2
        status=1
    fi
done
echo "record-ddl: $n case(s) recorded"

if [ $started = 1 ]; then "$SERVER" stop >/dev/null; fi
exit $status
