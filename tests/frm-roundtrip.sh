#!/usr/bin/env bash
# frm-roundtrip.sh - a real MariaDB 10.11 round trip through the catalog
# (issue 15, acceptance 4):
#   1. a private mariadbd (own datadir under /tmp/frm-rt-*, its own socket,
#      loopback port from SC_MARIADB_PORT, default 33110, the next free one
#      up to 33119; stopped by its PID) creates a schema of varied tables
#      (every column family, defaults, generated columns, CHECKs, invisible
#      columns, prefix/unique/FULLTEXT/SPATIAL keys, InnoDB/MyISAM/Aria,
#      utf8mb3 and latin1 columns, names that need the filename encoding,
#      partitioned, system-versioned, application-period and sequence
#      tables, views, triggers; two views whose source names a table of the
#      creating session's database, not the view's: the import falls back to
#      their stored query, so their source= differs after the export)
#      and prints SHOW CREATE TABLE of each (views and sequences too) and
#      SHOW CREATE TRIGGER of each trigger;
#   2. the server is stopped; `syscat import frm DATADIR` reads its .frm files
#      into a fresh catalog;
#   3. `syscat export frm DATADIR` writes the catalog's .frm, .par, .TRG and
#      .TRN files over the original ones (the count of files identical to
#      MariaDB's, the 16 version bytes and the creation times aside, is
#      printed);
#   4. the server is restarted on that datadir: CHECK TABLE must say OK for
#      every table and SHOW CREATE TABLE / TRIGGER must print the same texts
#      as before.
# Exit 0 when all holds, 1 otherwise; 0 with a printed reason when mariadbd
# is not installed. About 30 s.
#
# usage: tests/frm-roundtrip.sh [-k]   (-k keeps the work directory)
set -u

HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib/mariadbd.sh"
ROOT=$(cd "$HERE/.." && pwd)
SYSCAT=${SYSCAT:-$ROOT/${SC_BUILD:-build}/syscat}
KEEP=0
[ "${1:-}" = -k ] && KEEP=1
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}

if ! command -v mariadbd >/dev/null || ! command -v mariadb-install-db >/dev/null; then
    echo "frm-roundtrip: SKIPPED: mariadbd / mariadb-install-db not installed"
    exit 0
fi

WORK=$(mktemp -d /tmp/frm-rt-XXXXXX)
DATA="$WORK/data"
SOCK="$WORK/mysqld.sock"
PID=""
fail=0

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
PORT=${SC_MARIADB_PORT:-33110}
while ! port_free "$PORT" && [ "$PORT" -lt 33119 ]; do PORT=$((PORT + 1)); done

# utf8mb4 client: the creation context views and triggers record (and export writes)
sql() {
    mariadb --no-defaults --default-character-set=utf8mb4 --protocol=socket --socket="$SOCK" \
        -uroot "$@"
}

start_server() {
    sc_mariadbd_start frm-roundtrip 120 --innodb-buffer-pool-size=32M --innodb-log-file-size=16M
}

stop_server() { sc_mariadbd_stop 120; }

cleanup() {
    stop_server
    if [ $KEEP = 1 ]; then echo "frm-roundtrip: kept $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

SCHEMA=$(cat <<'EOF'
CREATE DATABASE rt1;
CREATE DATABASE `données` CHARACTER SET latin1;
USE rt1;
CREATE TABLE nums (
  id INT NOT NULL AUTO_INCREMENT,
  t TINYINT(1) NOT NULL DEFAULT 1, s SMALLINT UNSIGNED ZEROFILL, m MEDIUMINT DEFAULT -5,
  b BIGINT UNSIGNED NOT NULL DEFAULT 18446744073709551615,
  d DECIMAL(12,4) DEFAULT -1234.5678, du DECIMAL(5,0) UNSIGNED,
  f FLOAT DEFAULT 1.5, f2 FLOAT(7,3), g DOUBLE NOT NULL DEFAULT 0, bt BIT(5) DEFAULT b'10101',
  PRIMARY KEY (id), UNIQUE KEY ub (b), KEY kd (d, m DESC)
) ENGINE=InnoDB COMMENT='numbers';
CREATE TABLE times (
  id INT NOT NULL PRIMARY KEY,
  d DATE DEFAULT '2024-02-29', t TIME(3) DEFAULT '-12:34:56.789', y YEAR DEFAULT 2000,
  dt DATETIME(6) DEFAULT '2001-02-03 04:05:06.123456',
  ts TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  ts2 TIMESTAMP(2) NULL DEFAULT NULL, dn DATETIME DEFAULT CURRENT_TIMESTAMP,
  dd DATE DEFAULT (curdate() + INTERVAL 1 DAY)
);
CREATE TABLE strs (
  id INT NOT NULL,
  c CHAR(10) DEFAULT 'abc', v VARCHAR(300) NOT NULL DEFAULT '', b BINARY(4), vb VARBINARY(20),
  l VARCHAR(20) CHARACTER SET latin1 DEFAULT 'café', u3 CHAR(5) CHARACTER SET utf8mb3,
  tx TEXT, mt MEDIUMTEXT NOT NULL, lb LONGBLOB, tt TINYTEXT COLLATE utf8mb4_bin,
  e ENUM('a','b','c') NOT NULL, e2 ENUM('x','y') DEFAULT 'y', st SET('r','w','x') DEFAULT 'r,x',
  j LONGTEXT CHECK (json_valid(j)),
  PRIMARY KEY (id), KEY kv (v(10)), UNIQUE KEY uc (c, e), FULLTEXT KEY ft (v, tx),
  KEY kt (tx(20)) COMMENT 'prefix'
) ROW_FORMAT=DYNAMIC;
CREATE TABLE gens (
  a INT NOT NULL, b INT AS (a * 2) VIRTUAL, c VARCHAR(20) AS (concat('x', a)) STORED,
  d INT INVISIBLE DEFAULT 7, e INT DEFAULT (a + 1),
  CONSTRAINT pos CHECK (a > 0), CHECK (d < 100), KEY kb (b)
);
CREATE TABLE shapes (id INT NOT NULL PRIMARY KEY, g GEOMETRY NOT NULL, p POINT, SPATIAL KEY sg (g))
  ENGINE=MyISAM;
CREATE TABLE my (id INT NOT NULL, v VARCHAR(30), PRIMARY KEY (id), KEY kv (v)) ENGINE=MyISAM
  PACK_KEYS=1 CHECKSUM=1 MAX_ROWS=1000;
CREATE TABLE ar (id INT NOT NULL PRIMARY KEY, n VARCHAR(10)) ENGINE=Aria TRANSACTIONAL=1;
CREATE TABLE `odd name` (`a b` INT, `c-d` VARCHAR(5)) STATS_PERSISTENT=0;
CREATE TABLE parted (id INT NOT NULL, c VARCHAR(5)) PARTITION BY LIST (id)
  (PARTITION p0 VALUES IN (1,2), PARTITION p1 VALUES IN (3) COMMENT 'three');
CREATE TABLE sub (id INT, d DATE) PARTITION BY RANGE (year(d)) SUBPARTITION BY HASH (id)
  SUBPARTITIONS 2 (PARTITION a VALUES LESS THAN (2000), PARTITION b VALUES LESS THAN MAXVALUE);
CREATE TABLE hist (x INT, y INT WITHOUT SYSTEM VERSIONING) WITH SYSTEM VERSIONING;
CREATE TABLE hist2 (x INT, rs TIMESTAMP(6) AS ROW START, re TIMESTAMP(6) AS ROW END,
  PERIOD FOR SYSTEM_TIME (rs, re)) WITH SYSTEM VERSIONING;
CREATE TABLE ap (id INT, s DATE NOT NULL, e DATE NOT NULL, PERIOD FOR p (s, e),
  UNIQUE KEY u (id, p WITHOUT OVERLAPS), CHECK (id > 0));
CREATE TABLE ap2 (x INT, s TIMESTAMP(3) NOT NULL, e TIMESTAMP(3) NOT NULL, PERIOD FOR q (s, e));
CREATE SEQUENCE sq START WITH 5 INCREMENT BY 2 CACHE 10;
CREATE VIEW v1 AS SELECT id, d FROM nums WHERE id > 1;
CREATE ALGORITHM=MERGE SQL SECURITY INVOKER VIEW v2 AS SELECT v1.id FROM v1 WITH CASCADED CHECK OPTION;
CREATE VIEW v3 AS SELECT count(*) AS n, 'it''s' AS q FROM strs;
CREATE TRIGGER tr1 BEFORE INSERT ON nums FOR EACH ROW SET NEW.m = 1;
CREATE TRIGGER tr2 AFTER DELETE ON nums FOR EACH ROW INSERT INTO `odd name` VALUES (OLD.id, 'x');
CREATE TRIGGER tr0 BEFORE INSERT ON nums FOR EACH ROW PRECEDES tr1 SET NEW.t = 0;
USE `données`;
CREATE TABLE `tête` (id INT NOT NULL PRIMARY KEY, nom VARCHAR(30) DEFAULT 'é') ENGINE=InnoDB;
CREATE TABLE t9 (b INT);
USE rt1;
CREATE TABLE t9 (a INT);
CREATE VIEW `données`.vx AS SELECT a FROM t9;
CREATE VIEW `données`.vy AS SELECT * FROM t9;
EOF
)

tables() {
    sql -N -B -e "SELECT CONCAT(table_schema, '.', table_name) FROM information_schema.TABLES
        WHERE table_schema IN ('rt1', 'données') ORDER BY 1"
}

# CHECK TABLE of every table into $1/check (a sequence's engine "doesn't support
# check": the result must be the same before and after)
check_all() {
    local t
    while IFS= read -r t; do
        echo "$t $(sql -N -B -e "CHECK TABLE \`${t%%.*}\`.\`${t#*.}\`" | awk -F'\t' '{print $3 ": " $4}' | tail -1)"
    done < <(tables) >"$1/check"
}

# SHOW CREATE TABLE of every table (view, sequence), one file each, into $1,
# and SHOW CREATE TRIGGER of every trigger (in firing order) into $1/triggers
show_all() {
    mkdir -p "$1"
    local t db name i=0
    while IFS= read -r t; do
        db=${t%%.*}; name=${t#*.}; i=$((i + 1))
        sql -N -B -r -e "SHOW CREATE TABLE \`$db\`.\`$name\`" | cut -f2 >"$1/$i.sql"
        echo "$t" >>"$1/names"
    done < <(tables)
    sql -N -B -e "SELECT CONCAT(trigger_schema, '.', trigger_name) FROM information_schema.TRIGGERS
        WHERE trigger_schema IN ('rt1', 'données')
        ORDER BY event_object_table, event_manipulation, action_timing, action_order" |
        while IFS= read -r t; do
            sql -N -B -r -e "SHOW CREATE TRIGGER \`${t%%.*}\`.\`${t#*.}\`" | cut -f3
        done >"$1/triggers"
}

cd "$WORK" || exit 1
mariadb-install-db --no-defaults --user="$(id -un)" --datadir="$DATA" \
    --auth-root-authentication-method=normal --skip-test-db >"$WORK/install.log" 2>&1 ||
    { echo "frm-roundtrip: mariadb-install-db failed" >&2; cat "$WORK/install.log" >&2; exit 1; }
start_server || exit 1
if ! sql -e "$SCHEMA" 2>"$WORK/schema.err"; then
    echo "frm-roundtrip: creating the schema failed: $(cat "$WORK/schema.err")" >&2
    exit 1
fi
show_all "$WORK/before"
check_all "$WORK/before"
n_tables=$(wc -l <"$WORK/before/names")
stop_server

# the server's own files, to count identical ones after the export
mkdir -p "$WORK/orig"
(cd "$DATA" && cp --parents rt1/*.frm rt1/*.par rt1/*.TR[GN] rt1/db.opt d*/*.frm d*/db.opt \
    "$WORK/orig/")
# those two views keep the query as their source: not compared
rm -f "$WORK"/orig/d*/vx.frm "$WORK"/orig/d*/vy.frm

"$SYSCAT" --datadir "$WORK/cat" init >/dev/null || exit 1
if ! "$SYSCAT" --datadir "$WORK/cat" import frm "$DATA" >"$WORK/import.out" 2>&1; then
    echo "frm-roundtrip: import failed: $(cat "$WORK/import.out")" >&2
    exit 1
fi
if ! "$SYSCAT" --datadir "$WORK/cat" export frm "$DATA" >"$WORK/export.out" 2>&1; then
    echo "frm-roundtrip: export failed: $(cat "$WORK/export.out")" >&2
    exit 1
fi
same=0 total=0
while IFS= read -r f; do
    total=$((total + 1))
    if python3 - "$WORK/orig/$f" "$DATA/$f" <<'EOF'; then same=$((same + 1)); else echo "frm-roundtrip: differs from MariaDB's: $f"; fi
import re, sys
a, b = (bytearray(open(p, "rb").read()) for p in sys.argv[1:3])
for x in (a, b):
    if x[:2] == b"\xfe\x01" and x[64:66] == b"\x00\x10":
        x[66:82] = bytes(16)
# a view's and a .TRG's creation times are MariaDB's clock (docs/frm.md)
a, b = (re.sub(rb"(?m)^(timestamp|created)=[0-9 ]*$", rb"\1=", bytes(x)) for x in (a, b))
sys.exit(0 if a == b else 1)
EOF
done < <(cd "$WORK/orig" && find . -type f | sed 's|^\./||' | sort)
echo "frm-roundtrip: $same/$total exported files identical to MariaDB's (version bytes and creation times aside)"

start_server || exit 1
show_all "$WORK/after"
check_all "$WORK/after"
if ! cmp -s "$WORK/before/check" "$WORK/after/check" ||
    [ "$(grep -vc -e ' status: OK$' -e "doesn't support check" "$WORK/after/check")" != 0 ]; then
    echo "frm-roundtrip: FAIL CHECK TABLE:"
    diff "$WORK/before/check" "$WORK/after/check"
    grep -v -e ' status: OK$' -e "doesn't support check" "$WORK/after/check"
    fail=1
fi
i=0
while IFS= read -r t; do
    i=$((i + 1))
    if ! cmp -s "$WORK/before/$i.sql" "$WORK/after/$i.sql"; then
        echo "frm-roundtrip: FAIL SHOW CREATE TABLE $t differs:"
        diff "$WORK/before/$i.sql" "$WORK/after/$i.sql" | head -10
        fail=1
    fi
done <"$WORK/before/names"
if ! cmp -s "$WORK/before/names" "$WORK/after/names"; then
    echo "frm-roundtrip: FAIL the tables the restarted server lists differ"
    fail=1
fi
n_triggers=$(wc -l <"$WORK/before/triggers")
if [ "$n_triggers" -lt 3 ] || ! cmp -s "$WORK/before/triggers" "$WORK/after/triggers"; then
    echo "frm-roundtrip: FAIL SHOW CREATE TRIGGER differs ($n_triggers triggers before):"
    diff "$WORK/before/triggers" "$WORK/after/triggers" | head -10
    fail=1
fi
if [ $fail = 0 ]; then
    echo "frm-roundtrip: ok: $n_tables tables, views and sequences, $n_triggers triggers: CHECK TABLE ok, SHOW CREATE TABLE / TRIGGER identical after import + export"
fi
exit $fail
