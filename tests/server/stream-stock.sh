#!/usr/bin/env bash
# stream-stock.sh - stock MariaDB consumers of `syscat serve`'s binlog stream
# (issue 10, acceptance 3 and 4; docs/server.md "The binlog stream"):
#
#  1. mariadb-binlog --read-from-remote-server --raw --to-last-log fetches
#     every file: byte-identical to the stored files in per-statement mode;
#     in the default mode the same `###` row lines as the stored files, and
#     `mariadb-binlog -R ... | mariadb` into a private MariaDB 10.11 applies
#     every row (the server's syscat.* rows equal the catalog's, row by row);
#     with --stop-never it receives a transaction committed later.
#  2. A stock MariaDB 10.11 server, set up as a replica of `syscat serve`
#     (CHANGE MASTER TO ...; START SLAVE) with the system tables of
#     `syscat dump --system-schema`, replicates a DDL workload
#     (tests/gen/gen_ddl.py, STREAM_COUNT statements, 1,000 by default) run
#     through the server on a default-mode catalog from its first
#     transaction; the replica server is restarted twice midway, resuming
#     once by GTID and once by file and position; at the end its syscat.*
#     rows equal the catalog's row by row and its SQL thread saw no error
#     (nothing lost, nothing applied twice).
#
# Everything is private: the MariaDB server runs on its own data directory
# under a temporary directory, on free loopback ports, and is stopped by
# PID; nothing here touches another server. Row comparison: tests/server/
# sysrows.c (built here from libsyscat.a) prints the catalog's rows as
# `mariadb --batch -N` prints the replica's.
# Environment: SC_BUILD (build directory, default build), STREAM_COUNT.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
BUILD=${SC_BUILD:-build}
case $BUILD in /*) ;; *) BUILD=$ROOT/$BUILD ;; esac
SYSCAT=$BUILD/syscat
COUNT=${STREAM_COUNT:-1000}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
[ -x "$SYSCAT" ] || { echo "stream-stock: no CLI at $SYSCAT (run make)" >&2; exit 2; }
for t in mariadbd mariadb-install-db mariadb mariadb-binlog cc python3; do
    command -v $t >/dev/null || { echo "stream-stock: $t not installed (make deps)" >&2; exit 2; }
done
WORK=$(mktemp -d "${TMPDIR:-/tmp}/syscat-stream-XXXXXX")
PIDS=""
cleanup() {
    for p in $PIDS; do kill "$p" 2>/dev/null; done
    for p in $PIDS; do
        for _ in $(seq 1 100); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
        kill -9 "$p" 2>/dev/null
    done
    rm -rf "$WORK"
}
trap cleanup EXIT
fail() {
    echo "stream-stock: FAIL: $*" >&2
    exit 1
}
step() { echo "stream-stock: $*"; }

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

# ---------------------------------------------------------------- helpers
cc -std=c11 -D_GNU_SOURCE -I"$ROOT/include" -I"$ROOT" -I"$BUILD/gen" "$HERE/sysrows.c" \
    "$BUILD/libsyscat.a" $(pkg-config --libs lmdb libprotobuf-c libdeflate 2>/dev/null || echo -llmdb -lprotobuf-c -ldeflate) \
    -lz -lm $(nm "$BUILD/libsyscat.a" 2>/dev/null | grep -q __asan && echo -fsanitize=address,undefined) \
    $(nm "$BUILD/libsyscat.a" 2>/dev/null | grep -q __gcov_init && echo --coverage) \
    -o "$WORK/sysrows" || fail "cannot build tests/server/sysrows.c"

# serve DATADIR NAME: start `syscat serve` on a free port; sets SPORT, SSOCK
serve() {
    local d=$1 n=$2
    rm -f "$WORK/$n.port"
    "$SYSCAT" --datadir "$d" serve --port 0 --port-file "$WORK/$n.port" \
        --socket "$WORK/$n.sock" 2>"$WORK/$n.log" &
    local pid=$!
    PIDS="$PIDS $pid"
    eval "${n}_PID=$pid"
    for _ in $(seq 1 100); do [ -s "$WORK/$n.port" ] && break; sleep 0.1; done
    [ -s "$WORK/$n.port" ] || fail "syscat serve did not start: $(cat "$WORK/$n.log")"
    SPORT=$(cat "$WORK/$n.port")
    SSOCK=$WORK/$n.sock
}

stop_pid() {
    kill "$1" 2>/dev/null
    for _ in $(seq 1 100); do kill -0 "$1" 2>/dev/null || return 0; sleep 0.1; done
    kill -9 "$1" 2>/dev/null
}

# A private MariaDB server: MD_DIR data, MD_SOCK, MD_PORT, MD_PID.
MD_DIR=$WORK/mariadb
MD_SOCK=$WORK/mariadb.sock
md() { mariadb --no-defaults -S "$MD_SOCK" -uroot "$@"; }
md_launch() { # start mariadbd in the background (MD_PID); md_wait waits until it answers
    MD_PORT=$(free_port)
    mariadbd --no-defaults --user="$(id -un)" --datadir="$MD_DIR/data" --socket="$MD_SOCK" \
        --bind-address=127.0.0.1 --port="$MD_PORT" --server-id=2 --skip-log-bin \
        --relay-log="$MD_DIR/relay" --character-set-server=utf8mb4 \
        --collation-server=utf8mb4_general_ci --innodb-buffer-pool-size=32M \
        --innodb-log-file-size=16M --innodb-flush-log-at-trx-commit=0 --innodb-doublewrite=0 \
        --sync-binlog=0 --sync-master-info=0 --sync-relay-log=0 --sync-relay-log-info=0 \
        >>"$MD_DIR/mysqld.log" 2>&1 &
    MD_PID=$!
    PIDS="$PIDS $MD_PID"
}
md_wait() {
    for _ in $(seq 1 300); do md -e 'SELECT 1' >/dev/null 2>&1 && return 0; sleep 0.1; done
    fail "mariadbd did not start: $(tail -5 "$MD_DIR/mysqld.log")"
}
md_start() {
    md_launch
    md_wait
}
md_stop() { stop_pid "$MD_PID"; }

mkdir -p "$MD_DIR"
mariadb-install-db --no-defaults --user="$(id -un)" --datadir="$MD_DIR/data" \
    --auth-root-authentication-method=normal --skip-test-db >"$MD_DIR/install.log" 2>&1 ||
    fail "mariadb-install-db: $(tail -3 "$MD_DIR/install.log")"
md_launch # it boots while the catalogs are built

# system rows of a catalog vs the server's syscat.* (sorted, so key order rules do not matter)
compare_rows() {
    local d=$1 what=$2 t
    "$WORK/sysrows" "$d" | LC_ALL=C sort >"$WORK/want.txt" || fail "sysrows $d"
    for t in $(md -N -e "SELECT table_name FROM information_schema.tables
                         WHERE table_schema='syscat' AND table_name<>'replica_state'"); do
        md -N --batch -e "SELECT '$t', x.* FROM syscat.\`$t\` x"
    done | LC_ALL=C sort >"$WORK/got.txt"
    if ! cmp -s "$WORK/want.txt" "$WORK/got.txt"; then
        diff "$WORK/want.txt" "$WORK/got.txt" | head -5 >&2
        fail "$what: syscat.* rows differ ($(wc -l <"$WORK/want.txt") in the catalog, $(wc -l <"$WORK/got.txt") in MariaDB)"
    fi
    step "$what: $(wc -l <"$WORK/want.txt") syscat.* rows equal row by row"
}

new_catalog() { # DIR MODE
    "$SYSCAT" --datadir "$1" init >/dev/null || fail "init $1"
    "$SYSCAT" --datadir "$1" binlog set binlog.table_map "$2" >/dev/null || fail "binlog set"
    "$SYSCAT" --datadir "$1" binlog set binlog.max_file_size 150000 >/dev/null || fail "binlog set"
    echo secret >"$WORK/pw"
    "$SYSCAT" --datadir "$1" user add repl --host '%' --password-file "$WORK/pw" \
        --grant 'REPLICATION SLAVE,SELECT' >/dev/null || fail "user add"
}

fetch() { # PORT OUTDIR [mariadb-binlog options...]
    local port=$1 out=$2
    shift 2
    mkdir -p "$out"
    (cd "$out" && timeout 60 mariadb-binlog --read-from-remote-server --host=127.0.0.1 \
        --port="$port" --user=repl --password=secret --raw --to-last-log "$@" binlog.000001) ||
        fail "mariadb-binlog --read-from-remote-server failed"
}

python3 "$ROOT/tests/gen/gen_ddl.py" --seed 23 --count "$COUNT" -o "$WORK/load.sql" ||
    fail "gen_ddl.py"

# ---------------------------------------------------------------- 1. mariadb-binlog
step "1. mariadb-binlog --read-from-remote-server"
new_catalog "$WORK/stmt" statement
"$SYSCAT" --datadir "$WORK/stmt" exec --results "$WORK/load.sql" >/dev/null
serve "$WORK/stmt" s1
fetch "$SPORT" "$WORK/fetch-stmt"
n=0
for f in "$WORK"/stmt/binlog/binlog.[0-9]*; do
    cmp -s "$f" "$WORK/fetch-stmt/$(basename "$f")" ||
        fail "statement mode: $(basename "$f") fetched differs from the stored file"
    n=$((n + 1))
done
[ "$n" -ge 2 ] || fail "statement mode: only $n file(s), expected a rotation"
[ "$(ls "$WORK/fetch-stmt" | wc -l)" = "$n" ] || fail "statement mode: fetched a different number of files"
step "statement mode: $n files fetched, byte-identical to the stored files"
stop_pid "$s1_PID"

new_catalog "$WORK/file" file
"$SYSCAT" --datadir "$WORK/file" exec --results "$WORK/load.sql" >/dev/null
serve "$WORK/file" s2
fetch "$SPORT" "$WORK/fetch-file"
n=0
rows=0
for f in "$WORK"/file/binlog/binlog.[0-9]*; do
    b=$(basename "$f")
    mariadb-binlog -vv --base64-output=decode-rows "$f" | grep -a '^###' >"$WORK/a.txt"
    mariadb-binlog -vv --base64-output=decode-rows "$WORK/fetch-file/$b" 2>"$WORK/err.txt" |
        grep -a '^###' >"$WORK/b.txt"
    [ -s "$WORK/err.txt" ] && fail "default mode: mariadb-binlog on the fetched $b: $(head -2 "$WORK/err.txt")"
    cmp -s "$WORK/a.txt" "$WORK/b.txt" || fail "default mode: $b: ### lines differ"
    rows=$((rows + $(wc -l <"$WORK/a.txt")))
    n=$((n + 1))
done
[ "$n" -ge 2 ] || fail "default mode: only $n file(s), expected a rotation"
step "default mode: $n files fetched, their $rows ### lines equal the stored files'"

md_wait
"$SYSCAT" --datadir "$WORK/file" dump --system-schema | md || fail "the --system-schema DDL failed in MariaDB"
mariadb-binlog --read-from-remote-server --host=127.0.0.1 --port="$SPORT" --user=repl \
    --password=secret --to-last-log binlog.000001 | md || fail "mariadb-binlog -R | mariadb failed"
compare_rows "$WORK/file" "default mode, mariadb-binlog -R | mariadb"

# --stop-never: a transaction committed after the fetch started arrives
(timeout 30 mariadb-binlog --read-from-remote-server --host=127.0.0.1 --port="$SPORT" \
    --user=repl --password=secret --stop-never --stop-never-slave-server-id=77 \
    -vv --base64-output=decode-rows binlog.000001 >"$WORK/follow.txt" 2>&1) &
FOLLOW=$!
PIDS="$PIDS $FOLLOW"
for _ in $(seq 1 100); do grep -q 'binlog dump: slave server id 77' "$WORK/s2.log" && break; sleep 0.1; done
mariadb --no-defaults -S "$SSOCK" -uroot -e 'CREATE DATABASE later_db' || fail "DDL over the wire"
got=no
for _ in $(seq 1 100); do
    grep -q "'later_db'" "$WORK/follow.txt" && { got=yes; break; }
    sleep 0.1
done
kill "$FOLLOW" 2>/dev/null
[ $got = yes ] || fail "--stop-never did not receive the later transaction"
step "--stop-never: the later CREATE DATABASE arrived"
stop_pid "$s2_PID"

# ---------------------------------------------------------------- 2. a stock replica
step "2. a stock MariaDB replica of syscat serve, $COUNT statements"
md -e "DROP DATABASE syscat" || fail "drop"
new_catalog "$WORK/live" file
"$SYSCAT" --datadir "$WORK/live" dump --system-schema | md || fail "system schema"
serve "$WORK/live" s3
W="mariadb --no-defaults -S $SSOCK -uroot --force"
md -e "CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=$SPORT, MASTER_USER='repl',
       MASTER_PASSWORD='secret', MASTER_USE_GTID=slave_pos, MASTER_HEARTBEAT_PERIOD=1,
       MASTER_CONNECT_RETRY=1; START SLAVE" || fail "CHANGE MASTER / START SLAVE"

wait_caught_up() { # the replica has executed everything the server logged
    local want pos i
    for i in $(seq 1 300); do
        want=$(mariadb --no-defaults -S "$SSOCK" -uroot -N -e 'SELECT @@gtid_binlog_pos' 2>/dev/null)
        pos=$(md -N -e 'SELECT @@gtid_slave_pos')
        [ -n "$want" ] && [ "$want" = "$pos" ] && return 0
        if md -e 'SHOW SLAVE STATUS\G' | grep -q 'Last_SQL_Errno: [1-9]'; then
            md -e 'SHOW SLAVE STATUS\G' | grep -E 'Last_(SQL|IO)_Error' >&2
            fail "the replica stopped with an error"
        fi
        sleep 0.1
    done
    md -e 'SHOW SLAVE STATUS\G' | grep -E 'Running|Error|Pos' >&2
    fail "the replica did not catch up ($pos, server at $want)"
}

# three parts of whole statements, never cutting a BEGIN ... COMMIT group
python3 - "$WORK/load.sql" "$WORK/part" <<'EOF'
import sys
stmts = [l for l in open(sys.argv[1]).read().splitlines(keepends=True) if l.strip()]
size, parts, in_txn = (len(stmts) + 2) // 3, [[]], False
for s in stmts:
    word = s.strip().rstrip(';').strip().upper()
    if word in ('BEGIN', 'START TRANSACTION'):
        in_txn = True
    elif word in ('COMMIT', 'ROLLBACK'):
        in_txn = False
    parts[-1].append(s)
    if len(parts[-1]) >= size and not in_txn and len(parts) < 3:
        parts.append([])
while len(parts) < 3:
    parts.append([])
for k, p in enumerate(parts):
    open(f"{sys.argv[2]}{k + 1}.sql", "w").write(''.join(p))
EOF
$W <"$WORK/part1.sql" >/dev/null 2>&1
wait_caught_up
step "part 1 replicated ($(md -N -e 'SELECT @@gtid_slave_pos'))"

# the replica is restarted while the workload runs (it may stop inside a transaction)
$W <"$WORK/part2.sql" >/dev/null 2>&1 &
WRITER=$!
sleep 1
md_stop
md_start # skip-slave-start is off: the replica resumes by GTID (slave_pos)
wait "$WRITER"
wait_caught_up
grep -q "binlog dump: slave server id 2, gtid '0-" "$WORK/s3.log" || fail "the replica did not resume by GTID"
step "replica restarted, resumed by GTID ($(md -N -e 'SELECT @@gtid_slave_pos'))"

md -e "STOP SLAVE; CHANGE MASTER TO MASTER_USE_GTID=no; START SLAVE" || fail "MASTER_USE_GTID=no"
$W <"$WORK/part3.sql" >/dev/null 2>&1 &
WRITER=$!
sleep 1
md_stop
md_start
wait "$WRITER"
wait_caught_up
grep -q "binlog dump: slave server id 2, file 'binlog.0000[0-9]*' pos [1-9]" "$WORK/s3.log" ||
    fail "the replica did not resume by file and position"
step "replica restarted, resumed by file and position ($(md -e 'SHOW SLAVE STATUS\G' | sed -n 's/ *Exec_Master_Log_Pos: //p'))"
md -e 'SHOW SLAVE STATUS\G' | grep -q 'Last_Errno: 0' || fail "replica error"
compare_rows "$WORK/live" "stock replica"
files=$(ls "$WORK"/live/binlog/binlog.[0-9]* | wc -l)
step "ok: $COUNT statements over $files binlog files"
exit 0
