#!/usr/bin/env bash
# bench/bench-asof.sh [BUILD_DIR] - latency of `--as-of` (issue 14, acceptance 5):
# a catalog runs BENCH_ASOF_COUNT (default 10000) random DDL statements
# (tests/gen/gen_ddl.py --seed 7), then `show create table DB.T --as-of GTID`
# and `dump --show-create --as-of GTID` are timed at the end of the log and
# at 75%, 50%, 25% and 1% of its transactions: BENCH_ASOF_RUNS (default 15)
# runs each: p50 and max of the wall time of the whole `syscat` process
# (process start, about 2-5 ms, is in every figure) and the p50 of its CPU time. The first call on a log
# with no checkpoints replays it all and writes them: timed once, as "cold".
# The same commands without --as-of are the live reference. Figures only.
set -euo pipefail
build=${1:-build/release}
count=${BENCH_ASOF_COUNT:-10000}
runs=${BENCH_ASOF_RUNS:-15}
here=$(cd "$(dirname "$0")/.." && pwd)
sc=$build/syscat
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-asof.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
S="$sc --datadir $tmp/d"

python3 "$here/tests/gen/gen_ddl.py" --seed 7 --count "$count" --no-txn -o "$tmp/all.sql"
$S init >/dev/null
t0=$(date +%s%N)
$S exec --force --results "$tmp/all.sql" >"$tmp/res.txt"
t1=$(date +%s%N)
last=$($S binlog show --json | python3 -c '
import json, sys
print([e["Info"].split()[-1] for e in json.load(sys.stdin) if e["Event_type"] == "Gtid"][-1])')
seq=${last##*-}
echo "log: $count statements ($(grep -c '^ok' "$tmp/res.txt") ok) in $(((t1 - t0) / 1000000)) ms," \
    "$seq transactions, $(du -k "$tmp/d/binlog" | cut -f1) KB of binlog"

# "p50 .. max .. cpu .." of $runs runs of "$@": wall ms of the process, and its
# user+sys CPU ms (p50), which a loaded machine inflates less than the wall time
series() {
    python3 - "$runs" "$@" <<'PY'
import resource, subprocess, sys, time
runs, cmd = int(sys.argv[1]), sys.argv[2:]
wall, cpu = [], []
for _ in range(runs):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)
    wall.append((time.perf_counter() - t0) * 1000)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu.append((r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime) * 1000)
wall.sort(); cpu.sort()
print("p50 %6.1f max %6.1f cpu %5.1f" % (wall[len(wall) // 2], wall[-1], cpu[len(cpu) // 2]))
PY
}
ms() { # wall ms of one run
    local a b
    a=$(date +%s%N)
    "$@" >/dev/null
    b=$(date +%s%N)
    echo $(((b - a) / 1000000))
}

rm -rf "$tmp/d/asof"
echo "cold (no checkpoints; replays all $seq transactions, writes them): dump --show-create" \
    "--as-of $last: $(ms $S dump --show-create --as-of "$last") ms;" \
    "$(ls "$tmp/d/asof" | grep -c '^ckpt-') checkpoints and the index, $(du -k "$tmp/d/asof" | cut -f1) KB"
# the first table of a dump
first_table() {
    awk -F'`' '/^CREATE DATABASE/ { db = $2 } /^CREATE TABLE/ { print db "." $2; exit }' "$1"
}
$S dump --show-create >"$tmp/dump"
table=$(first_table "$tmp/dump")
echo "ms per syscat process, $runs runs: wall p50 and max, CPU (user+sys) p50"
printf '%-28s %-40s %s\n' "point" "show create table" "dump --show-create"
printf '%-28s %-40s %s\n' "live (no --as-of)" "$(series $S show create table "$table")" \
    "$(series $S dump --show-create)"
for pct in 100 75 50 25 1; do
    g="0-1-$((seq * pct / 100))"
    [ "$pct" = 100 ] && g=$last
    $S dump --show-create --as-of "$g" >"$tmp/dump"
    t=$(first_table "$tmp/dump")
    printf '%-28s %-40s %s\n' "--as-of $g ($pct%)" "$(series $S show create table "$t" --as-of "$g")" \
        "$(series $S dump --show-create --as-of "$g")"
done
