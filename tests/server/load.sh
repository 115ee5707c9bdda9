#!/usr/bin/env bash
# load.sh - acceptance 5 of issue 10: SC_LOAD_CLIENTS (64) Connector/C
# clients run a mixed SHOW/DDL load against one `syscat serve` for
# SC_LOAD_SECONDS (30) seconds (tests/server/loadgen.c: SHOW CREATE TABLE,
# SHOW TABLES, CREATE TABLE, DROP TABLE). Passes when:
#   - no client saw an error (every statement is valid when sent);
#   - every acknowledged DDL is in the catalog exactly once: the tables of
#     every client database after the run are exactly those the clients
#     created, were told OK for, and did not drop (nothing lost, nothing
#     extra), compared with `syscat dump --show-create` after the stop;
#   - the log agrees with the catalog (`syscat binlog verify`, `fsck`);
#   - the server's RSS, sampled every 0.5 s, stays under SC_LOAD_RSS_MB
#     (default 1536: the debug build carries ASan's shadow memory) and does
#     not grow by more than half between the first and the last third;
#   - the server stops cleanly on SIGTERM (exit 0; LeakSanitizer would fail it).
# Binlog followers (4 in the acceptance) join when the replication side
# lands: SC_LOAD_FOLLOWERS is reserved for it.
#
# usage: tests/server/load.sh   (SC_BUILD, SC_LOAD_SECONDS, SC_LOAD_CLIENTS)
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${SC_BUILD:-build}
case "$BUILD" in /*) ;; *) BUILD="$ROOT/$BUILD" ;; esac
SYSCAT="$BUILD/syscat"
SECONDS_=${SC_LOAD_SECONDS:-30}
CLIENTS=${SC_LOAD_CLIENTS:-64}
RSS_MAX=${SC_LOAD_RSS_MB:-1536}
# a small ASan quarantine, so freed memory does not count as growth
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:quarantine_size_mb=8}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/sc-load.XXXXXX")
PID=""
cleanup() {
    if [ -n "$PID" ]; then kill "$PID" 2>/dev/null; wait "$PID" 2>/dev/null; fi
    [ -n "${SC_KEEP_TMP:-}" ] || rm -rf "$TMP"
}
trap cleanup EXIT
fail() { echo "load: FAIL: $*" >&2; [ -f "$TMP/server.log" ] && tail -5 "$TMP/server.log" >&2; exit 1; }

cc -std=c11 -O2 -Wall -Wextra -Werror -pthread $(pkg-config --cflags libmariadb) -o "$TMP/loadgen" \
    "$ROOT/tests/server/loadgen.c" $(pkg-config --libs libmariadb) || fail "loadgen does not build"
"$SYSCAT" --datadir "$TMP/cat" init >/dev/null || fail "init"
"$SYSCAT" --datadir "$TMP/cat" serve --bind '' --socket "$TMP/s.sock" --max-connections 200 \
    2>"$TMP/server.log" &
PID=$!
for _ in $(seq 400); do grep -q "ready for connections" "$TMP/server.log" 2>/dev/null && break; sleep 0.025; done
grep -q "ready for connections" "$TMP/server.log" || fail "server did not start"

# RssAnon: the server's own memory (buffers, sessions, caches); the LMDB map's
# file-backed pages grow with the catalog and are reported beside it
rss() { awk '/^RssAnon/ {a=$2} /^RssFile/ {f=$2} END {print int(a / 1024), int(f / 1024)}' \
    "/proc/$PID/status" 2>/dev/null; }
(
    while kill -0 "$PID" 2>/dev/null; do rss; sleep 0.5; done
) >"$TMP/rss" &
SAMPLER=$!
"$TMP/loadgen" --socket "$TMP/s.sock" --user root --threads "$CLIENTS" --seconds "$SECONDS_" \
    --mode mixed --prefix lg --acked "$TMP/acked" | tee "$TMP/loadgen.out"
lg=${PIPESTATUS[0]}
kill "$SAMPLER" 2>/dev/null
wait "$SAMPLER" 2>/dev/null
[ "$lg" = 0 ] || fail "clients saw errors"

kill -TERM "$PID"
wait "$PID"
st=$?
PID=""
[ $st = 0 ] || fail "server exit status $st after SIGTERM"

# the catalog's tables of the client databases, as "db.table"
"$SYSCAT" --datadir "$TMP/cat" dump --show-create >"$TMP/dump.sql" || fail "dump"
awk '/^CREATE DATABASE `/ {db=$3; gsub(/`/, "", db)}
     /^CREATE TABLE `/ {t=$3; gsub(/`/, "", t); print db "." t}' "$TMP/dump.sql" | sort >"$TMP/have"
sort "$TMP/acked" >"$TMP/want"
if ! cmp -s "$TMP/have" "$TMP/want"; then
    diff "$TMP/want" "$TMP/have" | head -10 >&2
    fail "catalog tables differ from the acknowledged DDL"
fi
dups=$(uniq -d "$TMP/have" | wc -l)
[ "$dups" = 0 ] || fail "$dups tables twice"
"$SYSCAT" --datadir "$TMP/cat" binlog verify >/dev/null || fail "binlog verify"
"$SYSCAT" --datadir "$TMP/cat" fsck >/dev/null || fail "fsck"

n=$(wc -l <"$TMP/rss")
max=$(cut -d' ' -f1 "$TMP/rss" | sort -n | tail -1)
fmax=$(cut -d' ' -f2 "$TMP/rss" | sort -n | tail -1)
third=$((n / 3))
early=$(head -n "$((third > 0 ? third : 1))" "$TMP/rss" | cut -d' ' -f1 | sort -n | tail -1)
late=$(tail -n "$((third > 0 ? third : 1))" "$TMP/rss" | cut -d' ' -f1 | sort -n | tail -1)
echo "load: $(wc -l <"$TMP/want") acknowledged tables present exactly once; server anonymous RSS" \
    "max ${max} MiB (first third ${early} MiB, last third ${late} MiB; $n samples), mapped" \
    "catalog pages max ${fmax} MiB"
[ "${max:-0}" -le "$RSS_MAX" ] || fail "RSS ${max} MiB over ${RSS_MAX} MiB"
[ "$late" -le $((early + early / 2 + 16)) ] || fail "RSS grew from ${early} to ${late} MiB"
echo "load: passed ($CLIENTS clients, ${SECONDS_} s)"
