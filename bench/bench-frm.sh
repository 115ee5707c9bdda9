#!/usr/bin/env bash
# bench-frm.sh - .frm files in, next to MariaDB opening the same tables
# (issue 15, acceptance 6). A private mariadbd (own datadir under
# /tmp/frm-bench-*, socket, loopback port SC_MARIADB_PORT or 33110-33119,
# stopped by its PID) creates BENCH_FRM_TABLES tables (default 10,000; ten
# shapes of 4-12 columns with keys, defaults, ENUMs, generated columns) in
# one database and is stopped. Then, in the same run:
#   syscat frm show   every .frm file (decode + SHOW CREATE), files/s
#   syscat import frm the datadir into a fresh catalog (decode, create, log,
#                     one commit), tables/s
#   syscat export frm the catalog back to .frm files, tables/s
#   MariaDB           restarted on the datadir, then
#                     SELECT COUNT(*) FROM information_schema.COLUMNS (opens
#                     every table's .frm), tables/s
# Each figure is wall time of the whole command. Prints figures only.
#
# usage: bash bench/bench-frm.sh [BUILD_DIR]   (default build/release)
# Environment: BENCH_FRM_TABLES (table count), SC_MARIADB_PORT.
set -u
. "$(cd "$(dirname "$0")" && pwd)/../tests/lib/mariadbd.sh"

BUILD=${1:-build/release}
SYSCAT=$(cd "$BUILD" 2>/dev/null && pwd)/syscat
N=${BENCH_FRM_TABLES:-10000}
if [ ! -x "$SYSCAT" ]; then
    echo "bench-frm: no $SYSCAT (run: make bench)" >&2
    exit 1
fi
if ! command -v mariadbd >/dev/null || ! command -v mariadb-install-db >/dev/null; then
    echo "bench-frm: SKIPPED: mariadbd / mariadb-install-db not installed"
    exit 0
fi

WORK=$(mktemp -d /tmp/frm-bench-XXXXXX)
DATA="$WORK/data"
SOCK="$WORK/mysqld.sock"
PID=""
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
PORT=${SC_MARIADB_PORT:-33110}
while ! port_free "$PORT" && [ "$PORT" -lt 33119 ]; do PORT=$((PORT + 1)); done

sql() { mariadb --no-defaults --protocol=socket --socket="$SOCK" -uroot "$@"; }

start_server() {
    sc_mariadbd_start bench-frm 240 --innodb-buffer-pool-size=128M --innodb-log-file-size=128M \
        --sync-frm=0 --innodb-file-per-table=0 --table-open-cache=2000 \
        --table-definition-cache=2000
}

stop_server() { sc_mariadbd_stop 240; }
trap 'stop_server; rm -rf "$WORK"' EXIT

now() { date +%s.%N; }
rate() { python3 -c "import sys; n, t = int(sys.argv[1]), float(sys.argv[2]); print('%8.0f /s  (%d in %.2f s)' % (n / t, n, t))" "$1" "$2"; }

# ten table shapes, cycled
shape() {
    local i=$1 t="t$1"
    case $((i % 10)) in
    0) echo "CREATE TABLE $t (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, a VARCHAR(64) NOT NULL DEFAULT '', b INT, KEY kb (b));" ;;
    1) echo "CREATE TABLE $t (id BIGINT UNSIGNED NOT NULL PRIMARY KEY, d DECIMAL(12,2) DEFAULT 0.00, c CHAR(10), ts TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP);" ;;
    2) echo "CREATE TABLE $t (id INT NOT NULL PRIMARY KEY, e ENUM('a','b','c') DEFAULT 'b', s SET('x','y') DEFAULT 'x', t TEXT, KEY kt (t(20)));" ;;
    3) echo "CREATE TABLE $t (a INT NOT NULL, b INT NOT NULL, c INT AS (a + b) VIRTUAL, d DATETIME(3), PRIMARY KEY (a, b), KEY kc (c));" ;;
    4) echo "CREATE TABLE $t (id INT NOT NULL PRIMARY KEY, n VARCHAR(255) CHARACTER SET latin1, u VARCHAR(100), UNIQUE KEY uu (u), KEY kn (n(30))) COMMENT='shape 4';" ;;
    5) echo "CREATE TABLE $t (id SMALLINT NOT NULL PRIMARY KEY, f FLOAT, g DOUBLE DEFAULT 1.5, h TINYINT(1) NOT NULL DEFAULT 0, dt DATE DEFAULT '2020-01-01');" ;;
    6) echo "CREATE TABLE $t (id INT NOT NULL PRIMARY KEY, j LONGTEXT CHECK (json_valid(j)), v INT INVISIBLE DEFAULT 3, b BLOB, CONSTRAINT ck CHECK (id > 0));" ;;
    7) echo "CREATE TABLE $t (k VARCHAR(40) NOT NULL PRIMARY KEY, v1 INT, v2 INT, v3 INT, v4 VARCHAR(20), v5 DATETIME, v6 BIGINT, v7 DECIMAL(5,1), v8 CHAR(2), v9 TIME, KEY k1 (v1, v2), KEY k2 (v4));" ;;
    8) echo "CREATE TABLE $t (id INT NOT NULL PRIMARY KEY, body TEXT, title VARCHAR(200), FULLTEXT KEY ft (title, body)) ENGINE=MyISAM;" ;;
    9) echo "CREATE TABLE $t (id INT UNSIGNED NOT NULL PRIMARY KEY, y YEAR, bt BIT(8) DEFAULT b'101', m MEDIUMINT DEFAULT -1) ENGINE=MyISAM;" ;;
    esac
}

cd "$WORK" || exit 1
mariadb-install-db --no-defaults --user="$(id -un)" --datadir="$DATA" \
    --auth-root-authentication-method=normal --skip-test-db >"$WORK/install.log" 2>&1 ||
    { echo "bench-frm: mariadb-install-db failed" >&2; exit 1; }
start_server || exit 1
{
    echo "CREATE DATABASE bench; USE bench; SET SESSION innodb_strict_mode=0;"
    for i in $(seq 1 "$N"); do shape "$i"; done
} >"$WORK/schema.sql"
t0=$(now)
sql <"$WORK/schema.sql" || { echo "bench-frm: creating the tables failed" >&2; exit 1; }
t1=$(now)
echo "setup: mariadbd created $N tables in $(python3 -c "print('%.1f' % ($t1 - $t0))") s"
stop_server

t0=$(now)
find "$DATA/bench" -name '*.frm' -print0 | xargs -0 "$SYSCAT" frm show >/dev/null ||
    { echo "bench-frm: frm show failed" >&2; exit 1; }
t1=$(now)
echo "syscat frm show (read .frm files):        $(rate "$N" "$(python3 -c "print($t1 - $t0)")")"

"$SYSCAT" --datadir "$WORK/cat" init >/dev/null || exit 1
t0=$(now)
"$SYSCAT" --datadir "$WORK/cat" import frm "$DATA/bench" >/dev/null ||
    { echo "bench-frm: import failed" >&2; exit 1; }
t1=$(now)
echo "syscat import frm (one transaction):      $(rate "$N" "$(python3 -c "print($t1 - $t0)")")"

t0=$(now)
"$SYSCAT" --datadir "$WORK/cat" export frm "$WORK/export" >/dev/null ||
    { echo "bench-frm: export failed" >&2; exit 1; }
t1=$(now)
echo "syscat export frm (write .frm files):     $(rate "$N" "$(python3 -c "print($t1 - $t0)")")"

start_server || exit 1
t0=$(now)
cols=$(sql -N -B -e "SELECT COUNT(*) FROM information_schema.COLUMNS WHERE table_schema = 'bench'")
t1=$(now)
echo "mariadbd after restart, I_S.COLUMNS ($cols columns): $(rate "$N" "$(python3 -c "print($t1 - $t0)")")"
