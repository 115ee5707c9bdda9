#!/bin/bash
# bench/run.sh - run every benchmark program of a build (default build/release).
# Usage: bash bench/run.sh [BUILD_DIR]; BENCH_TABLES=N shortens the catalog bench.
# Then bench/bench-apply.sh (BENCH_APPLY=0 skips it; BENCH_APPLY_TXNS shortens it).
# Prints figures only; a failing program is reported and the others still run.
set -u
build="${1:-build/release}"
status=0
found=0
for prog in "$build"/bench_*; do
    [ -x "$prog" ] || continue
    found=1
    echo "== $(basename "$prog")"
    if ! "$prog"; then
        echo "bench: $(basename "$prog") failed" >&2
        status=1
    fi
done
# The apply-rate bench (syscat replica vs a MariaDB server); BENCH_APPLY=0 skips it.
if [ "${BENCH_APPLY:-1}" != 0 ] && [ -f "$(dirname "$0")/bench-apply.sh" ]; then
    echo "== bench-apply"
    bash "$(dirname "$0")/bench-apply.sh" "$build" || { echo "bench: bench-apply failed" >&2; status=1; }
fi
# syscat serve against a private MariaDB (BENCH_WIRE=0 skips it).
if [ "${BENCH_WIRE:-1}" != 0 ] && [ -f "$(dirname "$0")/bench-wire.sh" ]; then
    echo "== bench-wire"
    bash "$(dirname "$0")/bench-wire.sh" "$build" || { echo "bench: bench-wire failed" >&2; status=1; }
fi
# Commit-to-follower latency over the wire, syscat serve and MariaDB (BENCH_FOLLOW=0 skips it).
if [ "${BENCH_FOLLOW:-1}" != 0 ] && [ -f "$(dirname "$0")/bench-follow.sh" ]; then
    echo "== bench-follow"
    bash "$(dirname "$0")/bench-follow.sh" "$build" || { echo "bench: bench-follow failed" >&2; status=1; }
fi
# .frm files read, imported and written against MariaDB opening the same tables
# (bench/bench-frm.sh; BENCH_FRM=0 skips it). Its datadir has 1,000 tables here to
# keep make bench short; BENCH_FRM_TABLES=10000 gives the issue's figure (minutes
# of setup: mariadbd creates every table).
if [ "${BENCH_FRM:-1}" != 0 ] && [ -f "$(dirname "$0")/bench-frm.sh" ]; then
    echo "== bench-frm"
    BENCH_FRM_TABLES=${BENCH_FRM_TABLES:-1000} bash "$(dirname "$0")/bench-frm.sh" "$build" ||
        { echo "bench: bench-frm failed" >&2; status=1; }
fi
# Binlog decode rate next to mariadb-binlog -vv (BENCH_DECODE=0 skips it).
if [ "${BENCH_DECODE:-1}" != 0 ] && [ -f "$(dirname "$0")/bench-decode.sh" ]; then
    echo "== bench-decode"
    bash "$(dirname "$0")/bench-decode.sh" "$build" || { echo "bench: bench-decode failed" >&2; status=1; }
fi
# --as-of latency at the end of a 10,000-statement log and earlier (BENCH_ASOF=0 skips it).
if [ "${BENCH_ASOF:-1}" != 0 ] && [ -f "$(dirname "$0")/bench-asof.sh" ]; then
    echo "== bench-asof"
    bash "$(dirname "$0")/bench-asof.sh" "$build" || { echo "bench: bench-asof failed" >&2; status=1; }
fi
if [ "$found" = 0 ]; then
    echo "bench: no bench_* programs in $build (run: make bench)" >&2
fi
exit $status
