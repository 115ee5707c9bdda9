#!/usr/bin/env bash
# compare-mariadb.sh - replay generated DDL streams (tests/gen/gen_ddl.py) on
# syscat and on a real MariaDB 10.11 server, and measure how often they agree.
#
# Developer tool, not part of `make test` (it needs a running server, ~1 s
# per 100 statements). For each seed: the stream is recorded on a private
# server (bench/mariadb-private.sh, free loopback port, stopped by PID) with
# tests/oracle/record-ddl.c, exactly like a DDL corpus case (start in
# `test`, results.txt + schema.sql), and replayed with `syscat exec
# --results --database test` on a fresh catalog. Prints, per seed and in
# total: statements whose outcome agrees (ok vs error, and the errno), the
# ones with equal message too, and tables whose SHOW CREATE TABLE text is
# byte-identical in the final `syscat dump --show-create` vs the server's.
# The first differences are printed; -k keeps the work directory.
#
# usage: tests/gen/compare-mariadb.sh [-k] [-n COUNT] [SEED...]   (default: 1 2 3, 500)
#   SYSCAT=path (default build/syscat); extra generator options in GEN_OPTS
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
SYSCAT=${SYSCAT:-$ROOT/build/syscat}
keep=0
count=500
while [ $# -gt 0 ]; do
    case "$1" in
    -k) keep=1; shift ;;
    -n) count=${2:?-n needs a number}; shift 2 ;;
    *) break ;;
    esac
done
seeds=("$@")
[ ${#seeds[@]} -eq 0 ] && seeds=(1 2 3)

command -v mariadb_config >/dev/null || { echo "compare-mariadb: needs libmariadb-dev" >&2; exit 2; }
[ -x "$SYSCAT" ] || { echo "compare-mariadb: no $SYSCAT (run make)" >&2; exit 2; }
WORK=$(mktemp -d "${TMPDIR:-/tmp}/syscat-gencmp-XXXXXX")
cleanup() {
    bash "$ROOT/bench/mariadb-private.sh" stop "$WORK/server"
    if [ $keep = 1 ]; then echo "compare-mariadb: kept $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
# shellcheck disable=SC2046
cc -std=c11 -D_GNU_SOURCE -O1 -o "$WORK/record-ddl" "$ROOT/tests/oracle/record-ddl.c" \
    $(mariadb_config --cflags --libs) || exit 2
SOCK=$(bash "$ROOT/bench/mariadb-private.sh" start "$WORK/server") || exit 2
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}

for s in "${seeds[@]}"; do
    c="$WORK/seed$s"
    mkdir -p "$c/my" "$c/sc"
    # shellcheck disable=SC2086
    python3 "$HERE/gen_ddl.py" --seed "$s" --count "$count" ${GEN_OPTS:-} -o "$c/input.sql" || exit 2
    "$WORK/record-ddl" "$SOCK" "$c/input.sql" "$c/my" || { echo "seed $s: recording failed" >&2; exit 2; }
    "$SYSCAT" --datadir "$c/cat" init >/dev/null || exit 2
    echo 'CREATE DATABASE test;' | "$SYSCAT" --datadir "$c/cat" exec --results - >/dev/null
    "$SYSCAT" --datadir "$c/cat" exec --results --database test "$c/input.sql" > "$c/sc/results.txt"
    "$SYSCAT" --datadir "$c/cat" dump --show-create > "$c/sc/schema.sql"
    "$SYSCAT" --datadir "$c/cat" fsck >/dev/null || echo "seed $s: fsck FAILED"
done

python3 - "$WORK" "${seeds[@]}" <<'PY'
import re, sys
work, seeds = sys.argv[1], sys.argv[2:]
def outcome(l):
    return "ok" if l.startswith("ok") else " ".join(l.split(" ")[:2])
def tables(path):
    text = open(path, encoding="utf-8", errors="replace").read()
    res, db = {}, None
    for blk in text.split(";\n\n"):
        m = re.match(r"CREATE DATABASE `([^`]*)`", blk)
        if m: db = m.group(1); continue
        m = re.match(r"CREATE TABLE `([^`]*)`", blk)
        if m: res[(db, m.group(1))] = blk
    return res
T = [0] * 6
for s in seeds:
    c = "%s/seed%s" % (work, s)
    stmts = open(c + "/input.sql").read().splitlines()
    my = open(c + "/my/results.txt").read().splitlines()
    sc = open(c + "/sc/results.txt").read().splitlines()
    agree = sum(outcome(a) == outcome(b) for a, b in zip(my, sc))
    exact = sum(a.split(" warnings")[0] == b.split(" warnings")[0] for a, b in zip(my, sc))
    myok = sum(l.startswith("ok") for l in my)
    tm, ts = tables(c + "/my/schema.sql"), tables(c + "/sc/schema.sql")
    same = sum(1 for k in tm if ts.get(k) == tm[k])
    print("seed %s: %d statements, MariaDB ok %d; outcome agrees %d/%d, message too %d; "
          "tables %d on MariaDB, %d on syscat, SHOW CREATE identical %d"
          % (s, len(stmts), myok, agree, len(my), exact, len(tm), len(ts), same))
    shown = 0
    for i, (a, b) in enumerate(zip(my, sc)):
        if outcome(a) != outcome(b) and shown < 8:
            print("  stmt %d: %s\n    mariadb: %s\n    syscat:  %s" % (i + 1, stmts[i][:300], a[:200], b[:200]))
            shown += 1
    shown = 0
    for k in sorted(tm):
        if ts.get(k) != tm[k] and shown < 3:
            a, b = tm[k].splitlines(), (ts.get(k) or "(missing)").splitlines()
            diff = [(x, y) for x, y in zip(a, b) if x != y][:2]
            print("  table %s.%s differs: %s" % (k[0], k[1], diff or (len(a), len(b))))
            shown += 1
    for k in sorted(set(ts) - set(tm))[:3]:
        print("  table %s.%s only on syscat" % k)
    T = [x + y for x, y in zip(T, [len(my), agree, exact, len(tm), same, myok])]
print("total: outcome agreement %d/%d (%.1f%%), message too %d; SHOW CREATE identical %d/%d tables; MariaDB ok %d"
      % (T[1], T[0], 100.0 * T[1] / max(T[0], 1), T[2], T[4], T[3], T[5]))
PY
