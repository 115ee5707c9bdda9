#!/usr/bin/env bash
# bench-wire.sh - `syscat serve` against a private MariaDB 10.11 in the same
# run (acceptance 5 of issue 10): queries/s and p50/p99 latency of SHOW
# CREATE TABLE and of CREATE TABLE over the wire, BENCH_WIRE_THREADS (8)
# Connector/C clients on the Unix socket for BENCH_WIRE_SECONDS (10) each
# (tests/server/loadgen.c). Both servers are durable: syscat syncs every
# commit (LMDB default), MariaDB runs with innodb_flush_log_at_trx_commit=1
# and sync_frm=1. Both run side by side for the whole bench and every figure
# is measured BENCH_WIRE_RUNS (3) times, the two servers taking turns (so
# that the load of a shared machine drifts over both alike); the medians are
# printed. BENCH_WIRE_BEFORE=OTHER_BUILD_DIR adds a third server, another
# build of syscat (e.g. main before a change), taking its turn in the same
# runs. BENCH_WIRE_MARIADB_OPTS adds mariadbd options (e.g. --port=N to pin
# the private server's port); BENCH_WIRE_SERVE_OPTS adds `syscat serve`
# options (e.g. --reader-threads 2). Figures only, never pass/fail.
# usage: bench/bench-wire.sh [BUILD_DIR]   (default build/release)
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${1:-build/release}
case "$BUILD" in /*) ;; *) BUILD="$ROOT/$BUILD" ;; esac
SECS=${BENCH_WIRE_SECONDS:-10}
THREADS=${BENCH_WIRE_THREADS:-8}
RUNS=${BENCH_WIRE_RUNS:-3}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/sc-bench-wire.XXXXXX")
BEFORE=${BENCH_WIRE_BEFORE:-}
PID=""
BPID=""
cleanup() {
    if [ -n "$PID" ]; then kill "$PID" 2>/dev/null; wait "$PID" 2>/dev/null; fi
    if [ -n "$BPID" ]; then kill "$BPID" 2>/dev/null; wait "$BPID" 2>/dev/null; fi
    bash "$ROOT/bench/mariadb-private.sh" stop "$TMP/mdb" >/dev/null 2>&1
    rm -rf "$TMP"
}
trap cleanup EXIT

cc -std=c11 -O2 -pthread $(pkg-config --cflags libmariadb) -o "$TMP/loadgen" \
    "$ROOT/tests/server/loadgen.c" $(pkg-config --libs libmariadb) || exit 1
echo "bench-wire: $THREADS clients, $SECS s per figure, median of $RUNS runs," \
    "load average $(cut -d' ' -f1-3 /proc/loadavg)"

"$BUILD/syscat" --datadir "$TMP/cat" init >/dev/null || exit 1
"$BUILD/syscat" --datadir "$TMP/cat" serve --bind '' --socket "$TMP/s.sock" \
    ${BENCH_WIRE_SERVE_OPTS:-} 2>"$TMP/serve.log" &
PID=$!
for _ in $(seq 400); do grep -q "ready for connections" "$TMP/serve.log" && break; sleep 0.025; done
if [ -n "$BEFORE" ]; then
    "$BEFORE/syscat" --datadir "$TMP/catb" init >/dev/null || exit 1
    "$BEFORE/syscat" --datadir "$TMP/catb" serve --bind '' --socket "$TMP/b.sock" \
        2>"$TMP/serveb.log" &
    BPID=$!
    for _ in $(seq 400); do grep -q "ready for connections" "$TMP/serveb.log" && break; sleep 0.025; done
fi
MSOCK=""
if MSOCK=$(bash "$ROOT/bench/mariadb-private.sh" start "$TMP/mdb" --innodb-flush-log-at-trx-commit=1 \
    --sync-frm=1 --max-connections=200 ${BENCH_WIRE_MARIADB_OPTS:-}); then
    :
else
    MSOCK=""
    echo "bench-wire: the private MariaDB did not start (make deps installs mariadb-server)"
fi

# one figure: "q/s p50 p99" appended to $TMP/<server>.<mode>
measure() { # server socket mode run
    "$TMP/loadgen" --socket "$2" --user root --threads "$THREADS" --seconds "$SECS" \
        --mode "$3" --prefix "${1}_${3}_$4" | awk -v f="$TMP/$1.$3" '
        /SHOW CREATE|CREATE TABLE/ {
            for (i = 1; i <= NF; i++) {
                if ($i == "q/s") q = $(i - 1)
                if ($i == "p50") p50 = $(i + 1)
                if ($i == "p99") p99 = $(i + 1)
            }
            print q, p50, p99 >>f
        }'
}
for run in $(seq "$RUNS"); do
    for mode in show create; do
        measure syscat "$TMP/s.sock" $mode "$run"
        [ -n "$BEFORE" ] && measure before "$TMP/b.sock" $mode "$run"
        [ -n "$MSOCK" ] && measure mariadb "$MSOCK" $mode "$run"
    done
done
kill -TERM "$PID"
wait "$PID"
PID=""
if [ -n "$BPID" ]; then
    kill -TERM "$BPID"
    wait "$BPID"
    BPID=""
fi

median() { sort -n | awk '{v[NR] = $1} END {if (NR) print v[int((NR + 1) / 2)]; else print "-"}'; }
printf '%-20s %-16s %12s %12s %12s   %s\n' statement server "q/s" "p50 us" "p99 us" "runs (q/s)"
for mode in show create; do
    stmt="SHOW CREATE TABLE"
    [ $mode = create ] && stmt="CREATE TABLE"
    for s in syscat before mariadb; do
        f="$TMP/$s.$mode"
        [ -s "$f" ] || continue
        name="syscat serve"
        [ $s = before ] && name="syscat (before)"
        [ $s = mariadb ] && name="MariaDB 10.11"
        printf '%-20s %-16s %12s %12s %12s   %s\n' "$stmt" "$name" \
            "$(cut -d' ' -f1 "$f" | median)" "$(cut -d' ' -f2 "$f" | median)" \
            "$(cut -d' ' -f3 "$f" | median)" "$(cut -d' ' -f1 "$f" | tr '\n' ' ')"
    done
done
grep "stopped (" "$TMP/serve.log" | sed 's/^.*syscat serve: /bench-wire: syscat serve /'
echo "bench-wire: commit-to-follower latency: measured by bench/bench-follow.sh"
