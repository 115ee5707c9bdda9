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
#   - the server stops cleanly on SIGTERM (exit 0; LeakSanitizer would fail it);
#   - SC_LOAD_FOLLOWERS (4) binlog followers (tests/server/follower.c, a
#     blocking COM_BINLOG_DUMP from the first file, connected before the load
#     starts) received the whole log and nothing else: the odd ones announce
#     stable table ids and must hold the catalog's binlog files byte for
#     byte; the even ones are stock clients and receive the stream image,
#     whose `mariadb-binlog -vv` row lines must equal the stored files'; in
#     each follower's stream every acknowledged table is created exactly once
#     and the tables created and not dropped are exactly the acknowledged
#     ones; each follower ends without an error at the server's clean stop.
#
# usage: tests/server/load.sh   (SC_BUILD, SC_SERVE_OPTS, SC_LOAD_SECONDS, SC_LOAD_CLIENTS,
#                                SC_LOAD_FOLLOWERS)
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${SC_BUILD:-build}
case "$BUILD" in /*) ;; *) BUILD="$ROOT/$BUILD" ;; esac
SYSCAT="$BUILD/syscat"
SECONDS_=${SC_LOAD_SECONDS:-30}
CLIENTS=${SC_LOAD_CLIENTS:-64}
FOLLOWERS=${SC_LOAD_FOLLOWERS:-4}
RSS_MAX=${SC_LOAD_RSS_MB:-1536}
# a small ASan quarantine, so freed memory does not count as growth
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:quarantine_size_mb=8}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/sc-load.XXXXXX")
PID=""
FPIDS=()
cleanup() {
    if [ -n "$PID" ]; then kill "$PID" 2>/dev/null; wait "$PID" 2>/dev/null; fi
    for f in "${FPIDS[@]}"; do kill "$f" 2>/dev/null; wait "$f" 2>/dev/null; done
    [ -n "${SC_KEEP_TMP:-}" ] || rm -rf "$TMP"
}
trap cleanup EXIT
fail() {
    echo "load: FAIL: $*" >&2
    if [ -f "$TMP/server.log" ]; then
        # what the server said of connections that ended otherwise than by the client's quit
        grep -v -e 'closed (client quit)' -e 'authenticated' -e 'closed (server shutdown)' -e ': connect (' \
            "$TMP/server.log" | tail -20 >&2
        tail -5 "$TMP/server.log" >&2
    fi
    exit 1
}

cc -std=c11 -O2 -Wall -Wextra -Werror -pthread $(pkg-config --cflags libmariadb) -o "$TMP/loadgen" \
    "$ROOT/tests/server/loadgen.c" $(pkg-config --libs libmariadb) || fail "loadgen does not build"
cc -std=c11 -O2 -Wall -Wextra -Werror $(pkg-config --cflags libmariadb) -o "$TMP/follower" \
    "$ROOT/tests/server/follower.c" $(pkg-config --libs libmariadb) || fail "follower does not build"
"$SYSCAT" --datadir "$TMP/cat" init >/dev/null || fail "init"
"$SYSCAT" --datadir "$TMP/cat" serve --bind '' --socket "$TMP/s.sock" --max-connections 200 \
    ${SC_SERVE_OPTS:-} 2>"$TMP/server.log" &
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
for i in $(seq "$FOLLOWERS"); do
    mkdir "$TMP/f$i"
    stable=""
    [ $((i % 2)) = 1 ] && stable=--stable
    "$TMP/follower" --socket "$TMP/s.sock" --user root --out "$TMP/f$i" --server-id $((100 + i)) \
        $stable >"$TMP/f$i.out" 2>"$TMP/f$i.err" &
    FPIDS+=($!)
done
# every follower has received the bootstrap transaction before the load starts
for i in $(seq "$FOLLOWERS"); do
    for _ in $(seq 400); do [ -s "$TMP/f$i/binlog.000001" ] && break; sleep 0.025; done
    [ -s "$TMP/f$i/binlog.000001" ] || fail "follower $i received nothing: $(cat "$TMP/f$i.err")"
done
"$TMP/loadgen" --socket "$TMP/s.sock" --user root --threads "$CLIENTS" --seconds "$SECONDS_" \
    --mode mixed --prefix lg --acked "$TMP/acked" | tee "$TMP/loadgen.out"
lg=${PIPESTATUS[0]}
kill "$SAMPLER" 2>/dev/null
wait "$SAMPLER" 2>/dev/null
[ "$lg" = 0 ] || fail "clients saw errors"

# the followers catch up with the end of the log (SHOW MASTER STATUS in each
# kind of client's coordinates), then the server stops under them
my() { mariadb -S "$TMP/s.sock" -u root -N -B -e "$1"; }
read -r img_file img_pos _ <<<"$(my 'SHOW MASTER STATUS')"
read -r st_file st_pos _ <<<"$(my 'SET @syscat_stable_table_ids=1; SHOW MASTER STATUS')"
t0=$(date +%s.%N)
for i in $(seq "$FOLLOWERS"); do
    f=$img_file p=$img_pos
    [ $((i % 2)) = 1 ] && f=$st_file p=$st_pos
    for _ in $(seq 1200); do
        [ "$(stat -c %s "$TMP/f$i/$f" 2>/dev/null)" = "$p" ] && break
        sleep 0.05
    done
    [ "$(stat -c %s "$TMP/f$i/$f" 2>/dev/null)" = "$p" ] ||
        fail "follower $i did not reach $f:$p in 60 s: $(cat "$TMP/f$i.err")"
done
echo "load: $FOLLOWERS followers at the end of the log ($img_file:$img_pos stock," \
    "$st_file:$st_pos stable) $(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN {printf "%.1f", b - a}') s after the load"

kill -TERM "$PID"
wait "$PID"
st=$?
PID=""
[ $st = 0 ] || fail "server exit status $st after SIGTERM"
for i in $(seq "$FOLLOWERS"); do
    wait "${FPIDS[$((i - 1))]}"
    fst=$?
    [ $fst = 0 ] && [ ! -s "$TMP/f$i.err" ] || fail "follower $i: exit $fst: $(cat "$TMP/f$i.err")"
    cat "$TMP/f$i.out"
done
FPIDS=()

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

# what each follower received: the stored files (stable ids) or rows equal to
# theirs (stream image), and in it every acknowledged table created exactly once
rows() { (cd "$1" && mariadb-binlog -vv $(ls binlog.[0-9]*) | grep '^###'); }
# "db.table" of every table the stream creates (I) and drops (D): the rows
# of syscat.schemata (@1 id, @2 name) and syscat.tables (@2 schema id, @3 name)
tables_of() {
    awk -v pfx="lg_" '
        /^### (INSERT INTO|DELETE FROM|UPDATE) / {
            what = ""
            if ($0 ~ /`syscat`.`schemata`$/ && $2 == "INSERT") what = "S"
            if ($0 ~ /`syscat`.`tables`$/) what = ($2 == "INSERT") ? "I" : ($2 == "DELETE") ? "D" : ""
            next
        }
        /^###   @[0-9]+=/ && what != "" {
            split($2, kv, "="); k = kv[1]; v = substr($2, length(k) + 2); gsub(/\x27/, "", v)
            if (what == "S" && k == "@1") sid = v
            if (what == "S" && k == "@2") schema[sid] = v
            if (what != "S" && k == "@2") ts = v
            if (what != "S" && k == "@3" && index(schema[ts], pfx) == 1) print schema[ts] "." v, what
        }' "$1"
}
rows "$TMP/cat/binlog" >"$TMP/rows.stored"
for i in $(seq "$FOLLOWERS"); do
    if [ $((i % 2)) = 1 ]; then
        for f in $(cd "$TMP/cat/binlog" && ls binlog.[0-9]*); do
            cmp -s "$TMP/cat/binlog/$f" "$TMP/f$i/$f" || fail "follower $i: $f differs from the stored file"
        done
        [ "$(ls "$TMP/f$i" | wc -l)" = "$(cd "$TMP/cat/binlog" && ls binlog.[0-9]* | wc -l)" ] ||
            fail "follower $i: not the same files as the log"
    fi
    rows "$TMP/f$i" >"$TMP/rows.f$i"
    cmp -s "$TMP/rows.stored" "$TMP/rows.f$i" || fail "follower $i: its row lines differ from the log's"
    tables_of "$TMP/rows.f$i" >"$TMP/tables.f$i"
    created=$(awk '$2 == "I"' "$TMP/tables.f$i" | sort | uniq -d | wc -l)
    [ "$created" = 0 ] || fail "follower $i: $created tables created more than once in its stream"
    awk '{n[$1] += ($2 == "I") ? 1 : -1} END {for (t in n) if (n[t] == 1) print t}' \
        "$TMP/tables.f$i" | sort >"$TMP/live.f$i"
    if ! cmp -s "$TMP/want" "$TMP/live.f$i"; then
        diff "$TMP/want" "$TMP/live.f$i" | head -10 >&2
        fail "follower $i: the tables its stream creates and keeps are not the acknowledged ones"
    fi
    [ -s "$TMP/live.f$i" ] || fail "follower $i: no table in its stream"
done
echo "load: each of $FOLLOWERS followers received the whole log ($(wc -l <"$TMP/rows.stored") row" \
    "lines, $(wc -l <"$TMP/tables.f1") table creations and drops), every acknowledged table" \
    "created exactly once"
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
echo "load: passed ($CLIENTS clients, $FOLLOWERS followers, ${SECONDS_} s)"
