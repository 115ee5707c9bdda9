#!/usr/bin/env bash
# track-live.sh - live schema tracking (issue 14, acceptance 3): a private
# MariaDB 10.11 server (own datadir, loopback port SC_TRACK_LIVE_PORT, default
# 33140, stopped by the PID this script started) runs a workload while
# `syscat track --from 127.0.0.1:PORT` follows it; midway the tracker is
# killed (SIGKILL) and started again, and the server is restarted. At the
# end the tracker catches up (`--once`) and `syscat dump --show-create` must
# equal the server's own SHOW CREATE DATABASE/TABLE output in the same
# schema.sql format. Then the binlog file of the saved position is purged and
# the tracker must resume from its saved GTID (a file/position dump could not).
# Needs the mariadb-server package; `make check-track-live`.
# usage: tests/track-live.sh [SYSCAT]
set -u
cd "$(dirname "$0")/.."
SYSCAT=$(realpath "${1:-build/syscat}")
PORT=${SC_TRACK_LIVE_PORT:-33140}
command -v mariadbd >/dev/null || { echo "track-live: skipped: no mariadbd (mariadb-server package)"; exit 0; }
BASE=$(mktemp -d "${TMPDIR:-/tmp}/track-live.XXXXXX")
SOCK=$BASE/s.sock
D=$BASE/catalog
TRK=
SRV=
cleanup() {
    [ -n "$TRK" ] && kill "$TRK" 2>/dev/null
    stop_server
    rm -rf "$BASE"
}
trap cleanup EXIT
cli() { mariadb --no-defaults --protocol=socket --socket="$SOCK" -uroot "$@"; }
start_server() {
    mariadbd --no-defaults --user="$(id -un)" --datadir="$BASE/data" --bind-address=127.0.0.1 \
        --port="$PORT" --socket="$SOCK" --log-bin=binlog --server-id=1 --binlog-format=ROW \
        --character-set-server=utf8mb4 --collation-server=utf8mb4_general_ci \
        --innodb-buffer-pool-size=64M --innodb-flush-log-at-trx-commit=0 \
        --pid-file="$BASE/mariadbd.pid" >>"$BASE/mysqld.log" 2>&1 &
    SRV=$!
    for _ in $(seq 1 120); do
        cli -N -e 'SELECT 1' >/dev/null 2>&1 && return 0
        kill -0 "$SRV" 2>/dev/null || break
        sleep 0.5
    done
    echo "track-live: server did not start: $(tail -5 "$BASE/mysqld.log")"
    exit 1
}
stop_server() {
    [ -n "$SRV" ] || return 0
    cli -e SHUTDOWN >/dev/null 2>&1
    for _ in $(seq 1 60); do kill -0 "$SRV" 2>/dev/null || break; sleep 0.5; done
    kill -0 "$SRV" 2>/dev/null && kill -9 "$SRV"
    SRV=
}
start_tracker() {
    "$SYSCAT" --datadir "$D" track --source live --from "127.0.0.1:$PORT" --user trk \
        --password-file "$BASE/pw" --retry 60 >>"$BASE/track.log" 2>&1 &
    TRK=$!
}
# one workload step: DDL and rows on InnoDB tables
step() {
    local i=$1
    cli <<SQL
CREATE DATABASE IF NOT EXISTS live$((i % 3));
USE live$((i % 3));
CREATE TABLE t$i (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, v VARCHAR(20), n DECIMAL(8,2) DEFAULT 1.5);
INSERT INTO t$i (v) VALUES ('a'), ('b'), ('c');
ALTER TABLE t$i ADD COLUMN c$i INT DEFAULT $i AFTER v, ADD KEY kv (v);
INSERT INTO t$i (id, v) VALUES ($((i * 10 + 5)), 'x');
CREATE TABLE IF NOT EXISTS p$i (id INT PRIMARY KEY, t_id INT, FOREIGN KEY (t_id) REFERENCES t$i (id));
RENAME TABLE p$i TO q$i;
SQL
    if [ $((i % 4)) = 3 ]; then
        cli -e "DROP TABLE live$(((i - 1) % 3)).q$((i - 1)); TRUNCATE TABLE live$(((i - 1) % 3)).t$((i - 1));
            ALTER TABLE live$(((i - 3) % 3)).t$((i - 3)) MODIFY v VARCHAR(40) NOT NULL DEFAULT ''"
    fi
}

mariadb-install-db --no-defaults --user="$(id -un)" --datadir="$BASE/data" \
    --auth-root-authentication-method=normal --skip-test-db >"$BASE/install.log" 2>&1 ||
    { echo "track-live: mariadb-install-db failed"; exit 1; }
start_server
cli -e "CREATE USER trk@'127.0.0.1' IDENTIFIED BY 'trkpw'; GRANT REPLICATION SLAVE, SELECT ON *.* TO trk@'127.0.0.1'"
echo trkpw >"$BASE/pw"
"$SYSCAT" --datadir "$D" init >/dev/null
start_tracker
for i in 1 2 3 4 5; do step $i >>"$BASE/workload.log" 2>&1; done
sleep 1
kill -9 "$TRK"; wait "$TRK" 2>/dev/null   # the tracker dies mid-run
for i in 6 7 8; do step $i >>"$BASE/workload.log" 2>&1; done
start_tracker
for i in 9 10; do step $i >>"$BASE/workload.log" 2>&1; done
stop_server                                 # the server restarts under the tracker
start_server
for i in 11 12 13 14; do step $i >>"$BASE/workload.log" 2>&1; done
sleep 2
kill "$TRK"; wait "$TRK" 2>/dev/null
TRK=
"$SYSCAT" --datadir "$D" track --source live --from "127.0.0.1:$PORT" --user trk \
    --password-file "$BASE/pw" --once >>"$BASE/track.log" 2>&1 ||
    { echo "FAIL track-live: catching up: $(tail -3 "$BASE/track.log")"; exit 1; }
# resuming from the saved GTID: the file of the saved position is purged, so a
# dump by file and position could not start; a GTID dump starts where the state is
cli -e "FLUSH BINARY LOGS"
cli -e "PURGE BINARY LOGS TO '$(cli -N -e 'SHOW MASTER STATUS' | cut -f1)'"
step 15 >>"$BASE/workload.log" 2>&1
"$SYSCAT" --datadir "$D" track --source live --from "127.0.0.1:$PORT" --user trk \
    --password-file "$BASE/pw" --once >>"$BASE/track.log" 2>&1 ||
    { echo "FAIL track-live: resuming by GTID after a purge: $(tail -3 "$BASE/track.log")"; exit 1; }
# the server's own SHOW CREATE output, in the schema.sql format
/usr/bin/python3 - "$SOCK" >"$BASE/server.sql" <<'PY'
import sys, pymysql
c = pymysql.connect(unix_socket=sys.argv[1], user="root", charset="utf8mb4")
cur = c.cursor()
cur.execute("SHOW DATABASES")
dbs = sorted(r[0] for r in cur.fetchall()
             if r[0] not in ("mysql", "information_schema", "performance_schema", "sys"))
out = []
for d in dbs:
    cur.execute("SHOW CREATE DATABASE `%s`" % d)
    out.append(cur.fetchone()[1] + ";\n\n")
    cur.execute("SHOW FULL TABLES FROM `%s` WHERE Table_type = 'BASE TABLE'" % d)
    for t in sorted(r[0] for r in cur.fetchall()):
        cur.execute("SHOW CREATE TABLE `%s`.`%s`" % (d, t))
        out.append(cur.fetchone()[1] + ";\n\n")
sys.stdout.write("".join(out))
PY
"$SYSCAT" --datadir "$D" dump --show-create >"$BASE/syscat.sql"
if ! cmp -s "$BASE/server.sql" "$BASE/syscat.sql"; then
    echo "FAIL track-live: the tracked schema differs from the server's:"
    diff "$BASE/server.sql" "$BASE/syscat.sql" | head -30
    tail -5 "$BASE/track.log"
    exit 1
fi
echo "ok track-live: $(grep -c '^CREATE TABLE' "$BASE/server.sql") tables of $(grep -c '^CREATE DATABASE' "$BASE/server.sql") databases tracked through a tracker kill, a server restart and a purge (GTID resume); $("$SYSCAT" --datadir "$D" track status | sed -n 4p)"
