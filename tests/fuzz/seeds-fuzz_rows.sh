#!/usr/bin/env bash
# seeds-fuzz_rows.sh OUTDIR - seed inputs for fuzz_rows.c: the rows of a
# catalog built by the CLI from a few oracle DDL corpus cases ($SC_ORACLE/ddl,
# FUZZ_ROWS_CASES of them, default 6), one file per distinct row: a byte
# with the system table id - 1, then the packed row as LMDB holds it
# (read with mdb_dump from lmdb-utils, decoded with python3).
set -euo pipefail
out=$1
mkdir -p "$out"
cli=${SC_BUILD:-build}/syscat
[ -x "$cli" ] || make -s "$cli" >/dev/null
work=$(mktemp -d /tmp/syscat-fuzz-rows-seeds-XXXXXX)
trap 'rm -rf "$work"' EXIT
"$cli" --datadir "$work/d" init >/dev/null
echo "CREATE DATABASE test;" > "$work/setup.sql"
"$cli" --datadir "$work/d" exec --results "$work/setup.sql" >/dev/null
n=0
corpus=${SC_ORACLE:-../shared/oracle}/ddl
# Cases with foreign keys and checks first, so every system table gets rows.
cases=$( (grep -lis 'foreign key' "$corpus"/*/input.sql | head -4
          grep -lis 'check *(' "$corpus"/*/input.sql | head -2
          ls "$corpus"/*/input.sql 2>/dev/null) | awk '!seen[$0]++')
for f in $cases; do
    [ -f "$f" ] || continue
    [ "$n" -lt "${FUZZ_ROWS_CASES:-6}" ] || break
    "$cli" --datadir "$work/d" exec --results --database test "$f" >/dev/null 2>&1 || true
    n=$((n + 1))
done
# Each system table's values (mdb_dump hex lines), in systables.def order: from the
# table's own database, or from sys.table_rows where the kind byte (the key's 9th
# byte, docs/storage.md) names the table.
dump_rows() { # DB TABLE_ID NAME: the values of DB (of kind TABLE_ID when DB is sys.table_rows)
    mdb_dump -s "$1" "$work/d/catalog.mdb" 2>/dev/null |
        python3 -c '
import hashlib, sys
db, tid, name, out = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
lines = sys.stdin.read().split("\n")
if "HEADER=END" not in lines:
    sys.exit(0)  # no such database in this layout
data = lines[lines.index("HEADER=END") + 1 : lines.index("DATA=END")]
pairs = [(bytes.fromhex(k.strip()), v) for k, v in zip(data[0::2], data[1::2])]
if db == "sys.table_rows":
    pairs = [(k, v) for k, v in pairs if len(k) > 8 and k[8] == tid]
for _, hexval in pairs[:40]:
    row = bytes([tid - 1]) + bytes.fromhex(hexval.strip())
    with open("%s/row-%s-%s" % (out, name, hashlib.md5(row).hexdigest()[:12]), "wb") as f:
        f.write(row)
' "$1" "$2" "$3" "$out" || true
}
grep -o 'SC_SYSTABLE(SC_SYS_[A-Z_]*, [0-9]*, "[a-z_]*"' catalog/systables.def |
    sed 's/.*, \([0-9]*\), "\([a-z_]*\)"/\1 \2/' |
    while read -r id name; do
        dump_rows "$name" "$id" "$name"
        dump_rows sys.table_rows "$id" "$name"
    done
echo "seeds-fuzz_rows: $(ls "$out" | grep -c '^row-') rows from $n oracle cases"
