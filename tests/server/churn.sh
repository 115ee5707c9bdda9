#!/usr/bin/env bash
# churn.sh - connections that move between `syscat serve`'s main loop and
# its reader loops as fast as they can (tests/server/loadgen.c --mode churn:
# a few SHOW CREATE TABLE, then USE, COM_INIT_DB or a close and a new
# connection), to catch a connection touched by two threads at once (a
# bufferevent handed over from inside its own callback: the clean-clone CI's
# lost connection, 2013, under load). Passes when no client saw an error,
# the server logged no sanitizer report and stopped cleanly (exit 0) on
# SIGTERM. With a ThreadSanitizer build (SC_BUILD=build/tsan, see
# docs/testing.md) a data race fails it at once, whatever the timing.
#
# usage: tests/server/churn.sh   (SC_BUILD, SC_CHURN_SECONDS (5), SC_CHURN_CLIENTS (8),
#                                 SC_CHURN_BURNERS (0: busy loops beside it, as on a loaded
#                                 CI machine), SC_SERVE_OPTS)
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${SC_BUILD:-build}
case "$BUILD" in /*) ;; *) BUILD="$ROOT/$BUILD" ;; esac
SYSCAT="$BUILD/syscat"
SECS=${SC_CHURN_SECONDS:-5}
CLIENTS=${SC_CHURN_CLIENTS:-8}
BURNERS=${SC_CHURN_BURNERS:-0}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=0 second_deadlock_stack=1}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/sc-churn.XXXXXX")
PID=""
BPIDS=()
cleanup() {
    for b in "${BPIDS[@]}"; do kill "$b" 2>/dev/null; wait "$b" 2>/dev/null; done
    if [ -n "$PID" ]; then kill "$PID" 2>/dev/null; wait "$PID" 2>/dev/null; fi
    [ -n "${SC_KEEP_TMP:-}" ] || rm -rf "$TMP"
}
trap cleanup EXIT
fail() {
    echo "churn: FAIL: $*" >&2
    [ -f "$TMP/server.log" ] && grep -v -e 'closed (client quit)' -e 'authenticated' \
        -e ': connect (' "$TMP/server.log" | head -60 >&2
    exit 1
}

cc -std=c11 -O2 -Wall -Wextra -Werror -pthread $(pkg-config --cflags libmariadb) -o "$TMP/loadgen" \
    "$ROOT/tests/server/loadgen.c" $(pkg-config --libs libmariadb) || fail "loadgen does not build"
"$SYSCAT" --datadir "$TMP/cat" init >/dev/null || fail "init"
"$SYSCAT" --datadir "$TMP/cat" serve --bind '' --socket "$TMP/s.sock" --max-connections 200 \
    ${SC_SERVE_OPTS:-} 2>"$TMP/server.log" &
PID=$!
for _ in $(seq 800); do grep -q "ready for connections" "$TMP/server.log" 2>/dev/null && break; sleep 0.025; done
grep -q "ready for connections" "$TMP/server.log" || fail "server did not start"
for _ in $(seq "$BURNERS"); do
    (while :; do :; done) &
    BPIDS+=($!)
done
"$TMP/loadgen" --socket "$TMP/s.sock" --user root --threads "$CLIENTS" --seconds "$SECS" \
    --mode churn --prefix ch | tee "$TMP/loadgen.out"
lg=${PIPESTATUS[0]}
for b in "${BPIDS[@]}"; do kill "$b" 2>/dev/null; wait "$b" 2>/dev/null; done
BPIDS=()
kill -TERM "$PID"
wait "$PID"
st=$?
PID=""
grep -q -e 'WARNING: ThreadSanitizer' -e 'ERROR: AddressSanitizer' -e 'runtime error' \
    -e 'ERROR: LeakSanitizer' -e 'internal error' "$TMP/server.log" && fail "the server's sanitizer report or internal error (above)"
[ "$lg" = 0 ] || fail "clients saw errors"
[ $st = 0 ] || fail "server exit status $st after SIGTERM"
echo "churn: $CLIENTS clients, $SECS s, $BURNERS CPU burners: no error, no sanitizer report," \
    "clean stop"
