#!/usr/bin/env bash
# bench-follow.sh - commit-to-follower latency over the wire (issue 10,
# acceptance 5 and the stream side's goal p99 < 5 ms): bench/follow.c follows
# the binlog with a blocking COM_BINLOG_DUMP while another connection commits
# BENCH_FOLLOW_COUNT (300) CREATE TABLE statements; first `syscat serve`, then
# a private MariaDB 10.11 with its binary log on (ROW format, sync_binlog=1,
# innodb_flush_log_at_trx_commit=1) measured the same way in the same run.
# Figures only, never pass/fail.
# usage: bench/bench-follow.sh [BUILD_DIR]   (default build/release)
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${1:-build/release}
case "$BUILD" in /*) ;; *) BUILD="$ROOT/$BUILD" ;; esac
COUNT=${BENCH_FOLLOW_COUNT:-300}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/sc-bench-follow.XXXXXX")
PID=""
cleanup() {
    if [ -n "$PID" ]; then kill "$PID" 2>/dev/null; wait "$PID" 2>/dev/null; fi
    bash "$ROOT/bench/mariadb-private.sh" stop "$TMP/mdb" >/dev/null 2>&1
    rm -rf "$TMP"
}
trap cleanup EXIT

cc -std=c11 -D_GNU_SOURCE -O2 $(pkg-config --cflags libmariadb) -o "$TMP/follow" \
    "$ROOT/bench/follow.c" $(pkg-config --libs libmariadb) || exit 1
echo "bench-follow: $COUNT commits each, load average $(cut -d' ' -f1-3 /proc/loadavg)"

"$BUILD/syscat" --datadir "$TMP/cat" init >/dev/null || exit 1
"$BUILD/syscat" --datadir "$TMP/cat" serve --bind '' --socket "$TMP/s.sock" 2>"$TMP/serve.log" &
PID=$!
for _ in $(seq 400); do grep -q "ready for connections" "$TMP/serve.log" && break; sleep 0.025; done
"$TMP/follow" --socket "$TMP/s.sock" --count "$COUNT" --label "syscat serve"
kill -TERM "$PID"
wait "$PID"
PID=""

if SOCK=$(bash "$ROOT/bench/mariadb-private.sh" start "$TMP/mdb" --log-bin="$TMP/mdb/binlog" \
    --server-id=1 --binlog-format=ROW --sync-binlog=1 --innodb-flush-log-at-trx-commit=1); then
    "$TMP/follow" --socket "$SOCK" --count "$COUNT" --label "MariaDB 10.11"
else
    echo "bench-follow: the private MariaDB did not start (make deps installs mariadb-server)"
fi
