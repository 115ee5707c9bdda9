#!/usr/bin/env bash
# upgrade-from-main.sh - a catalog made by another syscat (by default the
# `main` branch's, format 1.2) opened by this build's (format 2.2,
# docs/storage.md "Format version and upgrade"):
#   - the old syscat fills a catalog: the DDL corpus cases (SC_ORACLE/ddl and
#     ddl-objects) in database test, plus foreign keys, checks, partitions, a
#     sequence, a view and a trigger;
#   - this syscat reads it read-only (no conversion) with the same dump;
#   - its first read-write open converts it: format 2.2, same dump, fsck and
#     binlog verify clean, the binlog files byte for byte as before;
#   - DDL goes on; the old syscat refuses the converted catalog as newer.
# Not in `make test`: building the old syscat takes minutes. `make
# check-upgrade-main`; SC_MAIN_SYSCAT=PATH uses a built one instead,
# SC_MAIN_REF (main) names the commit to build.
set -euo pipefail
build=${SC_BUILD:-build}
oracle=${SC_ORACLE:-../shared/oracle}
new=$(cd "$(dirname "$build/syscat")" && pwd)/syscat
work=$(mktemp -d /tmp/syscat-upgrade-main-XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() { echo "upgrade-from-main: FAILED: $*" >&2; exit 1; }

old=${SC_MAIN_SYSCAT:-}
if [ -z "$old" ]; then
    ref=${SC_MAIN_REF:-main}
    echo "upgrade-from-main: building syscat at $ref (release) in $work/src"
    mkdir "$work/src"
    git archive "$ref" | tar -x -C "$work/src"
    make -C "$work/src" -s MODE=release -j2 build/release/syscat >"$work/build.log" 2>&1 ||
        { tail -20 "$work/build.log"; fail "cannot build $ref"; }
    old=$work/src/build/release/syscat
fi
d=$work/data
"$old" --datadir "$d" init >/dev/null
echo "CREATE DATABASE test;" >"$work/setup.sql"
"$old" --datadir "$d" exec --results "$work/setup.sql" >/dev/null
n=0
for f in "$oracle"/ddl/*/input.sql "$oracle"/ddl-objects/*/input.sql; do
    [ -f "$f" ] || continue
    "$old" --datadir "$d" exec --results --database test "$f" >/dev/null 2>&1 || true
    n=$((n + 1))
done
"$old" --datadir "$d" exec -e "CREATE DATABASE app; USE app;
CREATE TABLE p (id INT PRIMARY KEY, a VARCHAR(20), KEY ka (a(5)), CHECK (id > 0));
CREATE TABLE c (id INT, pid INT, CONSTRAINT f1 FOREIGN KEY (pid) REFERENCES p (id));
CREATE TABLE h (id INT) PARTITION BY HASH (id) PARTITIONS 3;
CREATE SEQUENCE s START WITH 7; CREATE VIEW v AS SELECT id FROM p;
CREATE TRIGGER tr BEFORE INSERT ON p FOR EACH ROW SET NEW.a = 'x';" >/dev/null
"$old" --datadir "$d" dump --show-create >"$work/before.sql"
"$old" --datadir "$d" stats | grep -q '^format  *1\.' || fail "the old syscat did not make format 1.x"
cp -a "$d/binlog" "$work/binlog-before"

# Read-only: read in format 1's layout, nothing converted.
"$new" --datadir "$d" dump --show-create >"$work/ro.sql"
cmp -s "$work/before.sql" "$work/ro.sql" || fail "read-only dump differs"
"$new" --datadir "$d" stats | grep -q '^format  *1\.' || fail "a read-only command converted it"

# The first read-write open converts it.
"$new" --datadir "$d" exec -e ';' 2>"$work/notice.txt" >/dev/null
grep -q "upgraded the catalog" "$work/notice.txt" || fail "no upgrade notice: $(cat "$work/notice.txt")"
"$new" --datadir "$d" stats | grep -q '^format  *2\.2$' || fail "not format 2.2 after the upgrade"
"$new" --datadir "$d" dump --show-create >"$work/after.sql"
cmp -s "$work/before.sql" "$work/after.sql" || fail "dump differs after the upgrade"
"$new" --datadir "$d" fsck >/dev/null || fail "fsck after the upgrade"
"$new" --datadir "$d" binlog verify >/dev/null || fail "binlog verify after the upgrade"
diff -r "$work/binlog-before" "$d/binlog" >/dev/null || fail "the upgrade changed the binlog files"

# Life goes on; the old syscat refuses the new format.
"$new" --datadir "$d" exec -e "ALTER TABLE app.p ADD COLUMN z INT FIRST; DROP TABLE app.c;
CREATE TABLE app.n (id INT PRIMARY KEY)" >/dev/null
"$new" --datadir "$d" fsck >/dev/null || fail "fsck after DDL on the upgraded catalog"
"$new" --datadir "$d" binlog verify >/dev/null || fail "binlog verify after DDL"
# (read-only, format 1.2's syscat finds databases missing and says "incomplete";
# read-write it checks the format first and says "newer": both refuse, nothing changes)
"$new" --datadir "$d" dump --show-create >"$work/now.sql"
if "$old" --datadir "$d" stats >"$work/old.txt" 2>&1; then
    fail "the old syscat opened format 2.2 read-only"
fi
if "$old" --datadir "$d" exec -e ';' >"$work/old.txt" 2>&1; then
    fail "the old syscat opened format 2.2 read-write"
fi
grep -q "is newer than this syscat supports" "$work/old.txt" || fail "old syscat: $(cat "$work/old.txt")"
"$new" --datadir "$d" fsck >/dev/null || fail "fsck after the old syscat's attempts"
"$new" --datadir "$d" dump --show-create >"$work/now2.sql"
cmp -s "$work/now.sql" "$work/now2.sql" || fail "the old syscat's attempts changed the catalog"
echo "upgrade-from-main: $n corpus cases + app: read-only read, converted, dump/fsck/binlog identical, DDL goes on, old syscat refuses 2.2: passed"
