#!/usr/bin/env bash
# bench-wire.sh - `syscat serve` against a private MariaDB 10.11 in the same
# run (acceptance 5 of issue 10): queries/s and p50/p99 latency of SHOW
# CREATE TABLE and of CREATE TABLE over the wire, BENCH_WIRE_THREADS (8)
# Connector/C clients on the Unix socket for BENCH_WIRE_SECONDS (10) each
# (tests/server/loadgen.c). Both servers are durable: syscat syncs every
# commit (LMDB default), MariaDB runs with innodb_flush_log_at_trx_commit=1
# and sync_frm=1. Figures only, never pass/fail.
# usage: bench/bench-wire.sh [BUILD_DIR]   (default build/release)
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${1:-build/release}
case "$BUILD" in /*) ;; *) BUILD="$ROOT/$BUILD" ;; esac
SECS=${BENCH_WIRE_SECONDS:-10}
THREADS=${BENCH_WIRE_THREADS:-8}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/sc-bench-wire.XXXXXX")
PID=""
cleanup() {
    if [ -n "$PID" ]; then kill "$PID" 2>/dev/null; wait "$PID" 2>/dev/null; fi
    bash "$ROOT/bench/mariadb-private.sh" stop "$TMP/mdb" >/dev/null 2>&1
    rm -rf "$TMP"
}
trap cleanup EXIT

cc -std=c11 -O2 -pthread $(pkg-config --cflags libmariadb) -o "$TMP/loadgen" \
    "$ROOT/tests/server/loadgen.c" $(pkg-config --libs libmariadb) || exit 1
echo "bench-wire: $THREADS clients, $SECS s per figure, load average $(cut -d' ' -f1-3 /proc/loadavg)"

"$BUILD/syscat" --datadir "$TMP/cat" init >/dev/null || exit 1
"$BUILD/syscat" --datadir "$TMP/cat" serve --bind '' --socket "$TMP/s.sock" 2>"$TMP/serve.log" &
PID=$!
for _ in $(seq 400); do grep -q "ready for connections" "$TMP/serve.log" && break; sleep 0.025; done
for mode in show create; do
    "$TMP/loadgen" --socket "$TMP/s.sock" --user root --threads "$THREADS" --seconds "$SECS" \
        --mode $mode --prefix s_$mode | grep -E "SHOW CREATE|CREATE TABLE" | sed 's/^loadgen:/syscat serve   /'
done
kill -TERM "$PID"
wait "$PID"
PID=""

if SOCK=$(bash "$ROOT/bench/mariadb-private.sh" start "$TMP/mdb" --innodb-flush-log-at-trx-commit=1 \
    --sync-frm=1 --max-connections=200); then
    for mode in show create; do
        "$TMP/loadgen" --socket "$SOCK" --user root --threads "$THREADS" --seconds "$SECS" \
            --mode $mode --prefix m_$mode | grep -E "SHOW CREATE|CREATE TABLE" | sed 's/^loadgen:/MariaDB 10.11  /'
    done
else
    echo "bench-wire: the private MariaDB did not start (make deps installs mariadb-server)"
fi
echo "bench-wire: commit-to-follower latency: measured by the replication side's bench (server/binlog_dump.c)"
