#!/bin/bash
# bench-peers.sh - `make bench-peers`: workload W (bench/peers_w.py: tables of 8
# columns and 2 secondary indexes over ten databases) through syscat (the CLI
# and the C API), MariaDB 10.11 (a private server, bench/mariadb-private.sh,
# stopped by its PID), SQLite (python3's sqlite3) and raw LMDB
# (bench/peers_lmdb.c), in one run, REPS repetitions of each figure
# interleaved; prints one table of medians and ratios (issue 13). Figures
# only, never pass/fail. docs/performance.md keeps the latest table.
#
# usage: bash bench/bench-peers.sh [BUILD_DIR]     (default build/release; needs
#        BUILD_DIR/syscat, peers_syscat, peers_lmdb, peers_maria: make bench-peers)
# Environment: BENCH_PEERS_REPS (3), BENCH_PEERS_CLI (1000: tables per CLI,
# MariaDB and SQLite run), BENCH_PEERS_API ("10000 100000": catalog sizes of the
# API and lookup figures), BENCH_PEERS_LOOKUPS (20000 a run), BENCH_PEERS_ROWS (200
# single-row data transactions a run, for their binlog bytes),
# BENCH_PEERS_BUSY (0: that many CPU-burning processes run beside the bench,
# started and stopped by it, for the "machine busy" figures), BENCH_PEERS_MARIADB
# (1; 0 skips the server), BENCH_KEEP=1 keeps the work directory.
set -u
build=${1:-build/release}
here=$(cd "$(dirname "$0")" && pwd)
REPS=${BENCH_PEERS_REPS:-3}
N_CLI=${BENCH_PEERS_CLI:-1000}
N_API=${BENCH_PEERS_API:-"10000 100000"}
LOOKUPS=${BENCH_PEERS_LOOKUPS:-20000}
N_ROWS=${BENCH_PEERS_ROWS:-200}
BUSY=${BENCH_PEERS_BUSY:-0}
SC=$build/syscat
for p in syscat peers_syscat peers_lmdb peers_maria; do
    [ -x "$build/$p" ] || { echo "bench-peers: no $build/$p (run: make bench-peers)" >&2; exit 1; }
done
work=$(mktemp -d "${TMPDIR:-/tmp}/syscat-bench-peers-XXXXXX")
raw=$work/raw.tsv
: >"$raw"
busy_pids=""
maria_base=""

cleanup() {
    local p
    for p in $busy_pids; do kill "$p" 2>/dev/null; done
    [ -n "$maria_base" ] && bash "$here/mariadb-private.sh" stop "$maria_base"
    [ "${BENCH_KEEP:-0}" = 1 ] && echo "bench-peers: kept $work" >&2 || rm -rf "$work"
}
trap cleanup EXIT

rec() { printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" >>"$raw"; }
note() { printf '#\t%s\n' "$1" >>"$raw"; }
field() { sed -n "s/.*$1=\([0-9.]*\).*/\1/p" | head -1; }
now_ns() { date +%s%N; }
rate() { awk -v n="$1" -v ns="$2" 'BEGIN { printf "%.1f", n / (ns / 1e9) }'; }
binlog_size() { cat "$1"/binlog/binlog.0* 2>/dev/null | wc -c; }
loadavg() { cut -d' ' -f1-3 /proc/loadavg; }
# Lookups with the default cache (1) and without (0): which runs first alternates with
# the repetition, so neither always meets the map right after the catalog was written.
cache_order() { [ $(($1 % 2)) = 1 ] && echo "1 0" || echo "0 1"; }

note "Load average at the start: $(loadavg) (2 cores); BENCH_PEERS_BUSY=$BUSY CPU burners ran beside it."
for _ in $(seq 1 "$BUSY"); do
    (while :; do :; done) &
    busy_pids="$busy_pids $!"
done

python3 "$here/peers_w.py" dbs >"$work/dbs.sql"
python3 "$here/peers_w.py" sql "$N_CLI" >"$work/cli.sql"
python3 "$here/peers_w.py" sql "$N_CLI" --txn >"$work/cli-txn.sql"

# MariaDB 10.11 with its durable defaults (the private script relaxes them for other
# benches: put back InnoDB's flush at commit, the doublewrite buffer, synced .frm) and
# the binary log on, so its statement events can be measured.
maria_sock=""
if [ "${BENCH_PEERS_MARIADB:-1}" != 0 ]; then
    maria_base=$work/mariadb
    maria_sock=$(bash "$here/mariadb-private.sh" start "$maria_base" \
        --innodb-flush-log-at-trx-commit=1 --innodb-doublewrite=1 --sync-frm=1 \
        --log-bin="$maria_base/mysql-bin" --server-id=1) || {
        echo "bench-peers: MariaDB did not start; its figures are left out" >&2
        maria_base=""
        maria_sock=""
    }
fi
maria() { mariadb --no-defaults --protocol=socket --socket="$maria_sock" -uroot "$@"; }
maria_binlog_bytes() { maria -N -e 'SHOW BINARY LOGS' | awk '{ s += $2 } END { print s + 0 }'; }

syscat_cli() { # rep
    local d=$work/cli-$1 t0 ns b0
    rm -rf "$d"
    "$SC" --datadir "$d" init >/dev/null && "$SC" --datadir "$d" exec "$work/dbs.sql" || return 1
    b0=$(binlog_size "$d")
    t0=$(now_ns)
    "$SC" --datadir "$d" exec "$work/cli.sql" || return 1
    ns=$(($(now_ns) - t0))
    rec syscat_cli_sync "$N_CLI" "$1" "$(rate "$N_CLI" "$ns")"
    rec syscat_binlog_bytes "$N_CLI" "$1" $((($(binlog_size "$d") - b0) / N_CLI))
    for ann in 1 0; do
        rm -rf "$d.rows"
        out=$(PEERS_ANNOTATE=$ann "$build/peers_syscat" rows "$d.rows" "$N_ROWS") || return 1
        rec "syscat_row_bytes$([ $ann = 0 ] && echo _noann)" "$N_ROWS" "$1" \
            "$(echo "$out" | field bytes_per_txn)"
    done
    rm -rf "$d.rows"
    rm -rf "$d.txn"
    "$SC" --datadir "$d.txn" init >/dev/null && "$SC" --datadir "$d.txn" exec "$work/dbs.sql"
    t0=$(now_ns)
    "$SC" --datadir "$d.txn" exec "$work/cli-txn.sql" || return 1
    ns=$(($(now_ns) - t0))
    rec syscat_cli_txn "$N_CLI" "$1" "$(rate "$N_CLI" "$ns")"
    for c in $(cache_order "$1"); do
        out=$("$build/peers_syscat" lookup "$d" "$N_CLI" "$LOOKUPS" "$1" "$c") || return 1
        rec "$([ $c = 1 ] && echo syscat_lookup_cache || echo syscat_lookup_nocache)" "$N_CLI" \
            "$1" "$(echo "$out" | field p50_us)"
    done
    rm -rf "$d" "$d.txn"
}

maria_cli() { # rep
    local t0 ns b0
    [ -n "$maria_sock" ] || return 0
    for i in $(seq 0 9); do echo "DROP DATABASE IF EXISTS w$i;"; done | maria || return 1
    maria <"$work/dbs.sql" && maria -e 'FLUSH BINARY LOGS' || return 1
    b0=$(maria_binlog_bytes)
    t0=$(now_ns)
    maria <"$work/cli.sql" || return 1
    ns=$(($(now_ns) - t0))
    rec maria_cli "$N_CLI" "$1" "$(rate "$N_CLI" "$ns")"
    rec maria_binlog_bytes "$N_CLI" "$1" $((($(maria_binlog_bytes) - b0) / N_CLI))
    for ann in "" --no-annotate; do
        python3 "$here/peers_w.py" inserts "$N_ROWS" $ann >"$work/inserts.sql"
        head -3 "$work/inserts.sql" | maria || return 1
        b0=$(maria_binlog_bytes)
        tail -n +4 "$work/inserts.sql" | maria || return 1
        rec "maria_row_bytes${ann:+_noann}" "$N_ROWS" "$1" \
            $((($(maria_binlog_bytes) - b0) / N_ROWS))
    done
    out=$("$build/peers_maria" "$maria_sock" "$N_CLI" "$LOOKUPS" "$1") || return 1
    rec maria_show_create "$N_CLI" "$1" "$(echo "$out" | field p50_us)"
}

sqlite_cli() { # rep
    local mode out
    for mode in auto txn; do
        rm -f "$work/w.db"
        out=$(python3 "$here/peers_w.py" sqlite "$work/w.db" "$N_CLI" "$mode") || return 1
        rec "sqlite_$mode" "$N_CLI" "$1" "$(echo "$out" | field tables_per_s)"
    done
    rm -f "$work/w.db"
}

lmdb_n() { # rep N [per-table too]
    local d=$work/lmdb out
    if [ "${3:-0}" = 1 ]; then
        rm -rf "$d" && mkdir -p "$d"
        out=$("$build/peers_lmdb" insert "$d" "$2" 1) || return 1
        rec lmdb_sync_per_table "$2" "$1" "$(echo "$out" | field tables_per_s)"
    fi
    rm -rf "$d" && mkdir -p "$d"
    out=$("$build/peers_lmdb" insert "$d" "$2" 0) || return 1
    rec lmdb_sync_one_txn "$2" "$1" "$(echo "$out" | field tables_per_s)"
    out=$("$build/peers_lmdb" lookup "$d" "$2" "$LOOKUPS" "$1") || return 1
    rec lmdb_range "$2" "$1" "$(echo "$out" | field p50_us)"
    rm -rf "$d"
}

syscat_api() { # rep N
    local d=$work/api out c
    rm -rf "$d"
    out=$("$build/peers_syscat" create "$d" "$2") || return 1
    rec syscat_api "$2" "$1" "$(echo "$out" | field tables_per_s)"
    for c in $(cache_order "$1"); do
        out=$("$build/peers_syscat" lookup "$d" "$2" "$LOOKUPS" "$1" "$c") || return 1
        rec "$([ $c = 1 ] && echo syscat_lookup_cache || echo syscat_lookup_nocache)" "$2" "$1" \
            "$(echo "$out" | field p50_us)"
    done
    rm -rf "$d"
}

status=0
for rep in $(seq 1 "$REPS"); do
    echo "bench-peers: repetition $rep of $REPS (load $(loadavg))" >&2
    syscat_cli "$rep" || { echo "bench-peers: syscat CLI run failed" >&2; status=1; }
    maria_cli "$rep" || { echo "bench-peers: MariaDB run failed" >&2; status=1; }
    sqlite_cli "$rep" || { echo "bench-peers: SQLite run failed" >&2; status=1; }
    lmdb_n "$rep" "$N_CLI" 1 || { echo "bench-peers: LMDB run failed" >&2; status=1; }
    for n in $N_API; do
        syscat_api "$rep" "$n" || { echo "bench-peers: syscat API run failed" >&2; status=1; }
        lmdb_n "$rep" "$n" || { echo "bench-peers: LMDB run failed" >&2; status=1; }
    done
done
note "Load average at the end: $(loadavg). syscat: a catalog with its log on, fsync at commit (the CLI and the API alike). MariaDB 10.11: InnoDB, innodb_flush_log_at_trx_commit=1, doublewrite on, sync_frm on, log-bin on (sync_binlog=0), statements through one mariadb client process; lookups are SHOW CREATE TABLE over its unix socket. SQLite: 3 statements a table, synchronous=FULL. raw LMDB: 30 records (16-byte keys, 200-byte values) a table, synced commits; lookups are a read transaction plus a cursor range. syscat lookups: sc_table_lookup() in its own read transaction."
python3 "$here/peers_w.py" summary "$raw"
exit $status
