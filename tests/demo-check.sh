#!/usr/bin/env bash
# demo-check.sh - runs the README's end-to-end scenario (tools/demo.sh, what
# `make demo` runs) against the built CLI and checks that it exits 0, prints
# the key lines of each part (the single catalog, then the two-source
# replica: translated ids, identical SHOW CREATE, fsck, the origin's server
# id in the replica's log) and removes its data directory; then that a
# failing step (a syscat that fails `replica apply b`) makes it exit non-zero.
# Environment: SC_BUILD (build directory, default build).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
SYSCAT=$(realpath "${SC_BUILD:-build}/syscat")
WORK=$(mktemp -d "${TMPDIR:-/tmp}/syscat-demo-check-XXXXXX")
trap 'rm -rf "$WORK"' EXIT
fail=0

bad() {
    echo "demo-check: $*" >&2
    fail=1
}

mkdir "$WORK/tmp"
TMPDIR="$WORK/tmp" bash tools/demo.sh "$SYSCAT" >"$WORK/out" 2>&1
rc=$?
[ "$rc" -eq 0 ] || bad "tools/demo.sh exited $rc; its output ends with: $(tail -5 "$WORK/out")"
[ -z "$(ls -A "$WORK/tmp")" ] || bad "tools/demo.sh left its data directory: $(ls "$WORK/tmp")"

# expect COUNT LINE: LINE (fixed string, whole line) appears COUNT times.
expect() {
    local n
    n=$(grep -cxF -- "$2" "$WORK/out")
    [ "$n" -eq "$1" ] || bad "expected $1 line(s) '$2' in the demo's output, found $n"
}
T=$'\t'
expect 1 "ERROR 1050 (42S01) at line 1: Table 'orders' already exists"
expect 1 "| 10.11.19-MariaDB-syscat | app@localhost |"
expect 1 "syscat serve: stopped"
expect 1 "###   @3='reviews' /* VARSTRING(1020) meta=1020 nullable=0 is_null=0 */"
expect 1 "a${T}table${T}256 -> 256${T}\`shop\`.\`customers\` -> \`shop\`.\`customers\`"
expect 1 "b${T}table${T}256 -> 259${T}\`shop\`.\`items\` -> \`shop_b\`.\`items\`"
expect 1 "b${T}database${T}256 -> 257${T}\`shop\` -> \`shop_b\`"
expect 2 "  lag: 0 bytes, 0 transactions"
expect 2 "identical: a's shop.orders and the replica's shop.orders"
expect 1 "identical: b's shop.items and the replica's shop_b.items"
expect 1 "  CONSTRAINT \`fk_customer\` FOREIGN KEY (\`customer_id\`) REFERENCES \`clients\` (\`id\`)"
expect 1 "a${T}table${T}256 -> 256${T}\`shop\`.\`clients\` -> \`shop\`.\`clients\`"
expect 1 "fsck: catalog in 'replica' is clean (4 schemas, 21 tables, 156 columns, 24 indexes)"
expect 1 "###   @3='import_tmp' /* VARSTRING(1020) meta=1020 nullable=0 is_null=0 */"
grep -qE '^#.* server id 11 .*GTID 0-11-[0-9]+ ddl trans$' "$WORK/out" ||
    bad "no GTID event with source a's server id 11 in the replica's log excerpt"
grep -q '^demo finished' "$WORK/out" || bad "the demo did not reach its end"

# A failing step stops the demo with a non-zero status (and it still cleans up).
cat >"$WORK/syscat-failing" <<SH
#!/usr/bin/env bash
case " \$* " in *" replica apply b "*) echo "injected failure" >&2; exit 1 ;; esac
exec "$SYSCAT" "\$@"
SH
chmod +x "$WORK/syscat-failing"
if TMPDIR="$WORK/tmp" bash tools/demo.sh "$WORK/syscat-failing" >"$WORK/out2" 2>&1; then
    bad "tools/demo.sh exited 0 although 'replica apply b' failed"
fi
grep -q '^demo finished' "$WORK/out2" && bad "tools/demo.sh went on after a failing step"
[ -z "$(ls -A "$WORK/tmp")" ] || bad "tools/demo.sh left its data directory after a failure"

[ "$fail" -eq 0 ] && echo "demo-check: tools/demo.sh ran clean, key lines present; a failing step fails it"
exit "$fail"
