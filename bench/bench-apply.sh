#!/usr/bin/env bash
# bench-apply.sh - apply rate of a 100,000-transaction catalog log (issue 9,
# acceptance 7): syscat's replica applier next to a MariaDB 10.11 server
# applying the same log (`mariadb-binlog binlog.* | mariadb`), in the same
# run; then the lag of a replica following a source that writes as fast as it
# can. Prints figures (medians of BENCH_APPLY_RUNS runs), never pass/fail;
# exits non-zero only when the work itself fails.
#
# 1. The log: tests/gen/gen_ddl.py (seed 42) drives bench/applylog.c `gen`,
#    which runs the statements in one process through the C API on a new
#    catalog (NOSYNC) with binlog.table_map=statement (every statement maps its
#    tables, as a server applying mariadb-binlog output needs) until the log
#    holds BENCH_APPLY_TXNS (100000) DDL transactions.
# 2. MariaDB: a private mariadbd (bench/mariadb-private.sh: own datadir, free
#    loopback port, no binlog, innodb_flush_log_at_trx_commit=0, stopped by its
#    PID). Per run: DROP DATABASE syscat, the syscat.* tables from SHOW CREATE
#    TABLE with ENGINE=LMDB rewritten to InnoDB, the bootstrap rows (only when
#    the log does not start with its own bootstrap transaction: then they are
#    INSERTed from the fresh catalog's rows, and the bench says so), then
#    `mariadb-binlog SRC/binlog/binlog.0* | mariadb`, timed. The server's row
#    counts of syscat.tables / columns / indexes are checked against the source.
# 3. syscat: per run a new replica catalog (NOSYNC, the same durability as the
#    server's setting) with the source added, one sc_replica_apply(), timed
#    (with its reading thread, as by default; SC_REPLICA_THREADS=1 measures one
#    thread; its CPU seconds are the process's, both threads).
# 4. Lag: `applylog lag` (BENCH_LAG_TXNS transactions, default 20000): a forked
#    writer runs the stream on a new source as fast as it can; the bench applies in
#    a loop; per GTID, the time of the applier's per-transaction callback (right
#    after the local commit holding it) minus the writer's commit time.
# 5. Lag over HOST:PORT: `applylog lag-net` (BENCH_LAG_NET_TXNS, default 5000): the
#    source is a `syscat serve`, written through its socket by a forked Connector/C
#    client as fast as it can; the replica follows 127.0.0.1:PORT with one blocking
#    dump (sc_replica_follower_fd in poll(2), as `syscat replica follow`); per GTID,
#    the applier's callback time minus the time the client's statement returned.
# Environment: BENCH_APPLY_TXNS, BENCH_APPLY_RUNS (3), BENCH_LAG_TXNS,
# BENCH_LAG_NET_TXNS, BENCH_KEEP=1.
# usage: bash bench/bench-apply.sh [BUILD_DIR]   (default build/release)
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
BUILD=${1:-build/release}
case "$BUILD" in /*) ;; *) BUILD="$ROOT/$BUILD" ;; esac
APPLYLOG="$BUILD/applylog"
SYSCAT="$BUILD/syscat"
N=${BENCH_APPLY_TXNS:-100000}
RUNS=${BENCH_APPLY_RUNS:-3}
LAG_N=${BENCH_LAG_TXNS:-20000}
LAG_NET_N=${BENCH_LAG_NET_TXNS:-5000}

for x in "$APPLYLOG" "$SYSCAT"; do
    [ -x "$x" ] || { echo "bench-apply: no $x (run: make bench)" >&2; exit 2; }
done
for x in mariadbd mariadb mariadb-binlog mariadb-install-db; do
    command -v $x >/dev/null || { echo "bench-apply: $x missing (Debian mariadb-server, mariadb-client)" >&2; exit 2; }
done
WORK=$(mktemp -d "${TMPDIR:-/tmp}/syscat-bench-apply-XXXXXX")
cleanup() {
    bash "$HERE/mariadb-private.sh" stop "$WORK/server"
    if [ "${BENCH_KEEP:-0}" = 1 ]; then echo "bench-apply: kept $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

now() { date +%s.%N; }
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
rate() { awk -v n="$1" -v t="$2" 'BEGIN {printf "%.0f", n / t}'; }
# CPU seconds (user + system) a running process has used so far
pid_cpu() { awk -v hz="$(getconf CLK_TCK)" '{printf "%.3f", ($14 + $15) / hz}' "/proc/$1/stat"; }
# CPU seconds of a finished command timed by /usr/bin/time -f '%U %S' -o FILE
time_cpu() { awk '{printf "%.3f", $1 + $2}' "$1"; }

# ---------------------------------------------------------------- the log
stmts=$((N * 13 / 10 + 2000))
python3 "$ROOT/tests/gen/gen_ddl.py" --seed 42 --count "$stmts" --databases 5 --no-errors \
    -o "$WORK/stream.sql" || exit 1
t0=$(now)
"$APPLYLOG" gen "$WORK/src" "$N" "$WORK/stream.sql" "$WORK/boot" >"$WORK/gen.txt" || exit 1
t1=$(now)
boot_logged=$(awk '$1 == "bootstrap_logged" {print $2}' "$WORK/gen.txt")
read -r _ txns _ rows_events < <("$APPLYLOG" count "$WORK/src") || exit 1
log_bytes=$(du -cb "$WORK"/src/binlog/binlog.0* | tail -1 | cut -f1)
echo "log: $txns transactions, $rows_events row events, $((log_bytes / 1048576)) MiB," \
     "binlog.table_map=statement (built in $(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.1f", b - a}') s" \
     "from $(awk '$1 == "gen_statements" {print $2}' "$WORK/gen.txt") generated statements)"
expect=$("$SYSCAT" --datadir "$WORK/src" stats --json | python3 -c \
    'import json,sys; s=json.load(sys.stdin); print(s["tables"], s["columns"], s["indexes"])')

# ---------------------------------------------------------------- MariaDB
SOCK=$(bash "$HERE/mariadb-private.sh" start "$WORK/server") || exit 1
my() { mariadb --no-defaults --protocol=socket --socket="$SOCK" -uroot "$@"; }
my_times=()
my_cpus=()
MYPID=$(cat "$WORK/server/mysqld.pid")
for r in $(seq 1 "$RUNS"); do
    my -e 'DROP DATABASE IF EXISTS syscat' || exit 1
    my <"$WORK/boot.ddl" || exit 1
    if [ "$boot_logged" = 0 ]; then my <"$WORK/boot.rows" || exit 1; fi
    c0=$(pid_cpu "$MYPID")
    t0=$(now)
    if ! /usr/bin/time -f '%U %S' -o "$WORK/client.time" bash -c \
        'mariadb-binlog --no-defaults "$0"/src/binlog/binlog.0* |
         mariadb --no-defaults --protocol=socket --socket="$1" -uroot syscat' "$WORK" "$SOCK"; then
        echo "bench-apply: the server failed to apply the log (run $r)" >&2; exit 1
    fi
    t1=$(now)
    my_times+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.3f", b - a}')")
    my_cpus+=("$(awk -v a="$c0" -v b="$(pid_cpu "$MYPID")" -v c="$(time_cpu "$WORK/client.time")" \
        'BEGIN {printf "%.3f", b - a + c}')")
    got=$(my -N -e 'SELECT (SELECT COUNT(*) FROM syscat.tables), (SELECT COUNT(*) FROM syscat.columns),
                           (SELECT COUNT(*) FROM syscat.indexes)' | tr '\t' ' ')
    if [ "$got" != "$expect" ]; then
        echo "bench-apply: server rows (tables columns indexes) $got, source $expect" >&2; exit 1
    fi
done
my_t=$(median "${my_times[@]}")

# ---------------------------------------------------------------- syscat
sc_line=""
sc_times=()
sc_cpus=()
for r in $(seq 1 "$RUNS"); do
    out=$(/usr/bin/time -f '%U %S' -o "$WORK/sc.time" "$APPLYLOG" apply "$WORK/replica$r" "$WORK/src")
    st=$?
    [ $st = 0 ] && sc_cpus+=("$(time_cpu "$WORK/sc.time")")
    if [ $st = 3 ]; then sc_line="$out"; break; fi
    [ $st = 0 ] || { echo "bench-apply: syscat apply failed: $out" >&2; exit 1; }
    sc_times+=("$(echo "$out" | awk '{for (i = 1; i < NF; i++) if ($i == "apply_seconds") print $(i + 1)}')")
    sc_txns=$(echo "$out" | awk '{for (i = 1; i < NF; i++) if ($i == "apply_txns") print $(i + 1)}')
    sc_rows=$(echo "$out" | awk '{for (i = 1; i < NF; i++) if ($i == "apply_rows_events") print $(i + 1)}')
    rm -rf "$WORK/replica$r"
done

echo "apply of the same log (median of $RUNS; runs in s):"
if [ -z "$sc_line" ]; then
    sc_t=$(median "${sc_times[@]}")
    printf '  %-40s %8s txn/s %9s row events/s  (%s txns, %s row events; %s)\n' \
        "syscat replica apply (C API, NOSYNC)" "$(rate "$sc_txns" "$sc_t")" "$(rate "$sc_rows" "$sc_t")" \
        "$sc_txns" "$sc_rows" "${sc_times[*]}"
else
    echo "  syscat replica apply: $sc_line"
fi
printf '  %-40s %8s txn/s %9s row events/s  (%s txns, %s row events; %s)\n' \
    "MariaDB 10.11 (mariadb-binlog | mariadb)" "$(rate "$txns" "$my_t")" "$(rate "$rows_events" "$my_t")" \
    "$txns" "$rows_events" "${my_times[*]}"
if [ "$boot_logged" = 0 ]; then
    echo "  note: the log has no bootstrap transaction; the server got the fresh catalog's" \
         "$(awk '$1 == "bootstrap_rows" {print $2}' "$WORK/gen.txt") rows as INSERTs first"
else
    echo "  note: the log starts with its bootstrap transaction (counted in the figures)"
fi
# Wall time on a shared machine is mostly waiting for a core: CPU seconds say what each
# side costs (MariaDB: mariadbd's own, plus the mariadb-binlog | mariadb pipeline's).
my_c=$(median "${my_cpus[@]}")
echo "CPU seconds of the same applies (median of $RUNS; user + system):"
if [ -z "$sc_line" ]; then
    sc_c=$(median "${sc_cpus[@]}")
    printf '  %-40s %8s s  %8s txn per CPU s  (%s)\n' "syscat replica apply" "$sc_c" \
        "$(rate "$sc_txns" "$sc_c")" "${sc_cpus[*]}"
fi
printf '  %-40s %8s s  %8s txn per CPU s  (%s)\n' "MariaDB 10.11 (server + client pipeline)" \
    "$my_c" "$(rate "$txns" "$my_c")" "${my_cpus[*]}"

# ---------------------------------------------------------------- lag
if [ -z "$sc_line" ]; then
    lag=$("$APPLYLOG" lag "$WORK/lagsrc" "$WORK/lagrep" "$LAG_N" "$WORK/stream.sql") || exit 1
    echo "lag of a replica following a source writing as fast as it can ($LAG_N transactions," \
         "source commit -> replica commit of the same GTID):"
    echo "$lag" | sed 's/^/  /'
    python3 "$ROOT/tests/gen/gen_ddl.py" --seed 43 --count $((LAG_NET_N * 13 / 10 + 500)) \
        --databases 5 --no-errors --no-txn -o "$WORK/stream-net.sql" || exit 1
    lag=$("$APPLYLOG" lag-net "$SYSCAT" "$WORK/lagnetsrc" "$WORK/lagnetrep" "$LAG_NET_N" \
        "$WORK/stream-net.sql") || exit 1
    echo "lag over HOST:PORT: \`syscat serve\` written through its socket as fast as a client" \
         "can ($LAG_NET_N transactions), the replica on one blocking dump:"
    echo "$lag" | sed 's/^/  /'
else
    echo "lag: not measured (syscat applier not available)"
fi
