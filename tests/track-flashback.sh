#!/usr/bin/env bash
# track-flashback.sh - flashback after random DDL (issue 14, acceptance 4):
# per seed, a catalog gets a random starting schema (the first 150 statements
# of a tests/gen/gen_ddl.py stream), then the N statements that follow; `flashback --to` the point between them
# must give `dump --show-create` and `dump --json` identical to the start,
# `fsck` clean, and `binlog rebuild` byte-identical files.
# usage: tests/track-flashback.sh [SYSCAT]   (FLASHBACK_COUNT=N statements, default 300;
#        FLASHBACK_SEEDS="1 2 3"; the acceptance run: FLASHBACK_COUNT=1000)
set -u
cd "$(dirname "$0")/.."
SYSCAT=${1:-build/syscat}
COUNT=${FLASHBACK_COUNT:-300}
SEEDS=${FLASHBACK_SEEDS:-1 2 3}
[ -x "$SYSCAT" ] || { echo "track-flashback: $SYSCAT not built" >&2; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/track-flashback.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
for seed in $SEEDS; do
    D=$tmp/d$seed
    S="$SYSCAT --datadir $D"
    # one stream, cut in two: the later statements work on the starting schema too
    python3 tests/gen/gen_ddl.py --seed "$seed" --count "$((COUNT + 150))" --no-txn >"$tmp/all.sql"
    head -n 150 "$tmp/all.sql" >"$tmp/start.sql"
    tail -n +151 "$tmp/all.sql" >"$tmp/more.sql"
    $S init >/dev/null
    $S exec --force --results "$tmp/start.sql" >/dev/null
    $S dump --show-create >"$tmp/start-sql.txt"
    $S dump --json >"$tmp/start-json.txt"
    point=$($S binlog list --json | python3 -c 'import json,sys; f=json.load(sys.stdin)[-1]; print("%s:%s" % (f["file"] if "file" in f else f["Log_name"], f["size"] if "size" in f else f["File_size"]))')
    $S exec --force --results "$tmp/more.sql" >"$tmp/more-results.txt"
    ok=$(grep -c '^ok' "$tmp/more-results.txt")
    $S flashback --to "$point" >"$tmp/fb.txt" 2>&1 || { echo "FAIL seed $seed: flashback: $(cat "$tmp/fb.txt")"; fail=1; continue; }
    $S dump --show-create >"$tmp/back-sql.txt"
    $S dump --json >"$tmp/back-json.txt"
    r=ok
    cmp -s "$tmp/start-sql.txt" "$tmp/back-sql.txt" || { r=FAIL; diff "$tmp/start-sql.txt" "$tmp/back-sql.txt" | head -10; }
    cmp -s "$tmp/start-json.txt" "$tmp/back-json.txt" || { r=FAIL; diff "$tmp/start-json.txt" "$tmp/back-json.txt" | head -10; }
    $S fsck >"$tmp/fsck.txt" 2>&1 || { r=FAIL; echo "fsck: $(tail -3 "$tmp/fsck.txt")"; }
    cp -r "$D/binlog" "$tmp/binlog-before"
    $S binlog rebuild >/dev/null 2>&1 || r=FAIL
    diff -r "$tmp/binlog-before" "$D/binlog" >/dev/null || { r=FAIL; echo "binlog rebuild is not byte-identical"; }
    rm -rf "$tmp/binlog-before"
    echo "$r seed $seed: $COUNT random DDL ($ok ok) undone: $(cat "$tmp/fb.txt")"
    [ $r = ok ] || fail=1
done
exit $fail
