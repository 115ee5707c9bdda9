#!/usr/bin/env bash
# track-binlog-flashback.sh - `syscat binlog flashback` against MariaDB
# (issue 14): the statement blocks of its output equal those of the stock
# `mariadb-binlog --flashback` (event bytes, CRC32 aside: the stock tool
# leaves the old one) on every corpus variant with FULL images, a
# MINIMAL-image variant is refused naming file and offset, and on a private
# MariaDB 10.11 (own datadir, loopback port SC_FLASHBACK_PORT, default 33130,
# stopped by the PID this script started) a DML workload undone by running
# the output through the `mariadb` client brings every table back to its
# earlier content. Needs mariadb-server; `make check-binlog-flashback`.
# usage: tests/track-binlog-flashback.sh [SYSCAT]
set -u
cd "$(dirname "$0")/.."
SYSCAT=$(realpath "${1:-build/syscat}")
PORT=${SC_FLASHBACK_PORT:-33130}
CORPUS=${SC_BINLOG_CORPUS:-../shared/oracle/binlog}
BASE=$(mktemp -d "${TMPDIR:-/tmp}/binlog-flashback.XXXXXX")
SOCK=$BASE/s.sock
SRV=
fail=0
cleanup() {
    stop_server
    rm -rf "$BASE"
}
trap cleanup EXIT
# The BINLOG blocks of a flashback script, Format_description blocks left out
# (we give each file's before its transactions, the stock tool all at the
# start), each event without its last 4 bytes when the file has CRC32.
blocks() {
    python3 - "$1" "$2" <<'PY'
import base64, re, struct, sys
crc = sys.argv[2] == "1"
for m in re.finditer(r"BINLOG '\n(.*?)'/\*!\*/;", open(sys.argv[1], encoding="latin1").read(), re.S):
    evs, acc = [], ""
    for line in m.group(1).split("\n"):
        acc += line
        if not line or len(acc) % 4:
            continue
        d = base64.b64decode(acc)
        if len(d) >= 13 and struct.unpack_from("<I", d, 9)[0] == len(d):
            evs.append(d[:-4] if crc else d)
            acc = ""
    if evs and evs[0][4] != 15:
        print(" ".join(e.hex() for e in evs))
PY
}
for v in "$CORPUS"/*/; do
    v=${v%/}
    name=$(basename "$v")
    files=()
    while IFS= read -r f; do [ -n "$f" ] && files+=("$v/${f##*/}"); done <"$v/binlog.index"
    crc=0
    grep -q '^binlog_checksum[[:space:]]CRC32' "$v/settings.txt" && crc=1
    if grep -q '^binlog_row_image[[:space:]]FULL' "$v/settings.txt"; then
        "$SYSCAT" binlog flashback --result-file "$BASE/ours.sql" "${files[@]}" ||
            { echo "FAIL $name: flashback failed"; fail=1; continue; }
        mariadb-binlog --flashback "${files[@]}" >"$BASE/stock.sql" 2>/dev/null
        blocks "$BASE/ours.sql" $crc >"$BASE/ours.b"
        blocks "$BASE/stock.sql" $crc >"$BASE/stock.b"
        if cmp -s "$BASE/ours.b" "$BASE/stock.b" && [ -s "$BASE/ours.b" ]; then
            echo "ok $name: $(wc -l <"$BASE/ours.b") statement blocks equal mariadb-binlog --flashback's"
        else
            echo "FAIL $name: blocks differ from mariadb-binlog --flashback's"
            fail=1
        fi
    else
        if "$SYSCAT" binlog flashback --result-file "$BASE/x.sql" "${files[@]}" 2>"$BASE/err" ||
            ! grep -q 'event at offset [0-9]*.*MINIMAL or NOBLOB' "$BASE/err" || [ -e "$BASE/x.sql" ]; then
            echo "FAIL $name: a MINIMAL image was not refused clearly: $(cat "$BASE/err")"
            fail=1
        else
            echo "ok $name: refused: $(cat "$BASE/err")"
        fi
    fi
done

command -v mariadbd >/dev/null || { echo "binlog-flashback: server part skipped: no mariadbd"; exit $fail; }
cli() { mariadb --no-defaults --protocol=socket --socket="$SOCK" -uroot "$@"; }
stop_server() {
    [ -n "$SRV" ] || return 0
    cli -e SHUTDOWN >/dev/null 2>&1
    for _ in $(seq 1 60); do kill -0 "$SRV" 2>/dev/null || break; sleep 0.5; done
    kill -0 "$SRV" 2>/dev/null && kill -9 "$SRV"
    SRV=
}
mariadb-install-db --no-defaults --user="$(id -un)" --datadir="$BASE/data" \
    --auth-root-authentication-method=normal --skip-test-db >"$BASE/install.log" 2>&1 ||
    { echo "binlog-flashback: mariadb-install-db failed"; exit 1; }
mariadbd --no-defaults --user="$(id -un)" --datadir="$BASE/data" --bind-address=127.0.0.1 \
    --port="$PORT" --socket="$SOCK" --log-bin=binlog --server-id=1 --binlog-format=ROW \
    --binlog-row-image=FULL --binlog-checksum=CRC32 --innodb-buffer-pool-size=64M \
    --innodb-flush-log-at-trx-commit=0 --pid-file="$BASE/mariadbd.pid" >>"$BASE/mysqld.log" 2>&1 &
SRV=$!
for _ in $(seq 1 120); do cli -N -e 'SELECT 1' >/dev/null 2>&1 && break; sleep 0.5; done
cli <<'SQL' || { echo "binlog-flashback: setup failed"; exit 1; }
CREATE DATABASE f;
USE f;
CREATE TABLE a (id INT PRIMARY KEY, v VARCHAR(20), n DECIMAL(8,2), t DATETIME(3), b BLOB, u BIGINT UNSIGNED);
CREATE TABLE c (id INT AUTO_INCREMENT PRIMARY KEY, x INT, s SET('p','q','r'), e ENUM('k','l'), j JSON);
INSERT INTO a VALUES (1, 'one', 1.50, '2024-01-01 10:00:00.123', 'blob1', 18446744073709551615),
  (2, NULL, NULL, NULL, NULL, NULL), (3, 'three', -3.25, '1999-12-31 23:59:59', REPEAT('z', 3000), 0);
INSERT INTO c (x, s, e, j) VALUES (1, 'p,r', 'l', '{"a": 1}'), (2, '', 'k', NULL), (3, 'q', NULL, '[1, 2]');
FLUSH BINARY LOGS;
SQL
dump() { cli -N -e "SELECT * FROM f.a ORDER BY id; SELECT * FROM f.c ORDER BY id; CHECKSUM TABLE f.a, f.c"; }
dump >"$BASE/before.txt"
file=$(cli -N -e 'SHOW MASTER STATUS' | cut -f1)
cli f <<'SQL'
INSERT INTO a VALUES (4, 'four', 4.00, NOW(3), 'b4', 4), (5, 'five', 5.00, NULL, NULL, 5);
UPDATE a SET v = CONCAT(v, '!'), n = n * 2 WHERE id IN (1, 3);
DELETE FROM a WHERE id = 2;
BEGIN; UPDATE c SET x = x + 10, s = 'q'; DELETE FROM c WHERE id = 3; INSERT INTO c (x) VALUES (99); COMMIT;
UPDATE a SET b = REPEAT('y', 60000) WHERE id = 1;
DELETE FROM a WHERE id > 3;
INSERT INTO a SELECT id + 100, v, n, t, b, u FROM a;
SQL
cli -e 'FLUSH BINARY LOGS'
dump >"$BASE/after.txt"
cmp -s "$BASE/before.txt" "$BASE/after.txt" && { echo "binlog-flashback: the workload changed nothing"; exit 1; }
"$SYSCAT" binlog flashback --result-file "$BASE/undo.sql" "$BASE/data/$file" ||
    { echo "FAIL server: flashback failed"; exit 1; }
cli <"$BASE/undo.sql" || { echo "FAIL server: the mariadb client refused the script"; exit 1; }
dump >"$BASE/undone.txt"
if cmp -s "$BASE/before.txt" "$BASE/undone.txt"; then
    echo "ok server: $(grep -c 'START TRANSACTION' "$BASE/undo.sql") transactions undone, tables f.a and f.c equal their earlier content (rows and CHECKSUM TABLE)"
else
    echo "FAIL server: the tables differ from their earlier content:"
    diff "$BASE/before.txt" "$BASE/undone.txt" | head -20
    fail=1
fi
exit $fail
