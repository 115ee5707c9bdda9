#!/usr/bin/env bash
# track-asof.sh - `--as-of` against the dump taken live (issue 14, acceptance 5):
# a catalog runs a random DDL stream (tests/gen/gen_ddl.py, fixed seed) in
# chunks; after each chunk it records the live `dump --show-create`,
# `dump --json` and `show create table` of a few tables, with the point
# there in its three forms (the last GTID, FILE:POS at the end of the
# current file, the time: the next chunk waits for the next second). Then
# every sample is asked for `--as-of` each form and must equal what was
# recorded, byte for byte: from the newest sample to the oldest (the first
# call writes the checkpoints, the later ones start from them), and one
# sample once more with the checkpoints removed (replay from the start).
# usage: tests/track-asof.sh [SYSCAT]
#   ASOF_COUNT=N statements (default 1000; the acceptance size: 10000)
#   ASOF_SAMPLES=N samples (default 4), ASOF_SEED=N (default 11)
set -u
cd "$(dirname "$0")/.."
SYSCAT=${1:-build/syscat}
COUNT=${ASOF_COUNT:-1000}
SAMPLES=${ASOF_SAMPLES:-4}
SEED=${ASOF_SEED:-11}
[ -x "$SYSCAT" ] || { echo "track-asof: $SYSCAT not built" >&2; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/track-asof.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
D=$tmp/d
S="$SYSCAT --datadir $D"
python3 tests/gen/gen_ddl.py --seed "$SEED" --count "$COUNT" --no-txn -o "$tmp/all.sql"
total=$(wc -l <"$tmp/all.sql")
$S init >/dev/null || exit 1

# The point now: the last GTID, FILE:POS and the time, one per line.
point_now() {
    $S binlog show --json | python3 -c '
import json, sys
ev = json.load(sys.stdin)
g = [e["Info"].split()[-1] for e in ev if e["Event_type"] == "Gtid"]
last = ev[-1]
print(g[-1] if g else "")
print("%s:%d" % (last["Log_name"], last["End_log_pos"]))'
    date -u +%s
}

fail=0
start=1
for s in $(seq 1 "$SAMPLES"); do
    end=$((total * s / SAMPLES))
    sed -n "${start},${end}p" "$tmp/all.sql" >"$tmp/chunk.sql"
    $S exec --force --results "$tmp/chunk.sql" >"$tmp/res$s.txt" 2>&1
    start=$((end + 1))
    P=$tmp/s$s
    mkdir "$P"
    point_now >"$P/point"
    $S dump --show-create >"$P/sql"
    $S dump --json >"$P/json"
    awk -F'`' '/^CREATE DATABASE/ { db = $2 } /^CREATE TABLE/ { print db "." $2 }' "$P/sql" |
        awk 'NR % 7 == 1' | head -n 3 >"$P/tables"
    while read -r t; do $S show create table "$t" >"$P/t-$t"; done <"$P/tables"
    echo "sample $s: $end statements, point $(tr '\n' ' ' <"$P/point")"
    sleep 1.1 # the next transactions get a later second than this sample's time
done

# Compare every form of sample s with what was recorded.
check_sample() {
    local s=$1 how=$2 P=$tmp/s$1 form r=ok n=0
    while read -r form; do
        $S dump --show-create --as-of "$form" >"$tmp/got" 2>&1 || r=FAIL
        cmp -s "$P/sql" "$tmp/got" || { r=FAIL; echo "sample $s --as-of $form: dump --show-create differs"; diff "$P/sql" "$tmp/got" | head -5; }
        $S dump --json --as-of "$form" >"$tmp/got" 2>&1 || r=FAIL
        cmp -s "$P/json" "$tmp/got" || { r=FAIL; echo "sample $s --as-of $form: dump --json differs"; }
        while read -r t; do
            $S show create table "$t" --as-of "$form" >"$tmp/got" 2>&1
            cmp -s "$P/t-$t" "$tmp/got" || { r=FAIL; echo "sample $s --as-of $form: show create table $t differs"; }
            n=$((n + 1))
        done <"$P/tables"
    done <"$P/point"
    echo "$r sample $s ($how): 3 forms x (dump --show-create, dump --json, $((n / 3)) x show create table)"
    [ $r = ok ] || fail=1
}

for s in $(seq "$SAMPLES" -1 1); do
    check_sample "$s" "$(ls "$D/asof" 2>/dev/null | grep -c '^ckpt-') checkpoints stored before"
done
# a checkpoint every 128 transactions of the log, written by the first call
seq=$(head -n 1 "$tmp/s$SAMPLES/point" | cut -d- -f3)
n=$(ls "$D/asof" 2>/dev/null | grep -c '^ckpt-')
[ "$n" = $((seq / 128)) ] || { echo "FAIL: $n checkpoints stored, $((seq / 128)) expected for $seq transactions"; fail=1; }
rm -rf "$D/asof"
check_sample $(((SAMPLES + 1) / 2)) "checkpoints removed: replay from the start"
ok=$(cat "$tmp"/res*.txt | grep -c '^ok')
echo "track-asof: seed $SEED, $total statements ($ok ok), $SAMPLES samples: $([ $fail = 0 ] && echo ok || echo FAIL)"
exit $fail
