#!/usr/bin/env bash
# track-corpus.sh - the schema tracker's contract (issue 14, acceptance 2)
# over the binlog corpus: for every variant of ../shared/oracle/binlog/
# (or the directories given), `init`, `track --source s1` with the variant's
# binlog files in order (binlog.index order), then `dump --show-create`
# must equal schema-final.sql byte for byte, and `dump --show-create --as-of
# GTID` must equal schema-history/GTID.sql for every file there. A second
# `track` call on the same files must change nothing (it resumes).
# Prints one line per variant with the number of history files that match.
# usage: tests/track-corpus.sh [SYSCAT] [VARIANT_DIR...]
set -u
cd "$(dirname "$0")/.."
SYSCAT=${1:-build/syscat}
shift || true
CORPUS=${SC_BINLOG_CORPUS:-../shared/oracle/binlog}
if [ $# -eq 0 ]; then
    set -- "$CORPUS"/*/
fi
[ -x "$SYSCAT" ] || { echo "track-corpus: $SYSCAT not built" >&2; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/track-corpus.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
for v in "$@"; do
    v=${v%/}
    name=$(basename "$v")
    [ -d "$v/schema-history" ] || { echo "track-corpus: $name: no schema-history, skipped"; continue; }
    files=()
    while IFS= read -r f; do
        f=${f##*/}
        [ -n "$f" ] && files+=("$v/$f")
    done <"$v/binlog.index"
    D=$tmp/$name
    if ! "$SYSCAT" --datadir "$D" init >/dev/null 2>"$tmp/err" ||
        ! "$SYSCAT" --datadir "$D" track --source s1 "${files[@]}" 2>"$tmp/err"; then
        echo "FAIL $name: track failed: $(cat "$tmp/err")"
        fail=1
        continue
    fi
    ok=1
    "$SYSCAT" --datadir "$D" dump --show-create >"$tmp/final.sql" 2>"$tmp/err"
    if ! cmp -s "$tmp/final.sql" "$v/schema-final.sql"; then
        echo "FAIL $name: schema-final.sql differs:"
        diff "$v/schema-final.sql" "$tmp/final.sql" | head -20
        ok=0
    fi
    n=0
    match=0
    for h in "$v"/schema-history/*.sql; do
        g=$(basename "$h" .sql)
        n=$((n + 1))
        "$SYSCAT" --datadir "$D" dump --show-create --as-of "$g" >"$tmp/h.sql" 2>"$tmp/err"
        if cmp -s "$tmp/h.sql" "$h"; then
            match=$((match + 1))
        else
            echo "FAIL $name: as-of $g differs from schema-history/$g.sql: $(head -c 300 "$tmp/err")"
            diff "$h" "$tmp/h.sql" | head -10
            ok=0
        fi
    done
    # rows decode with the column names of their time (the tracked table history)
    if "$SYSCAT" --datadir "$D" binlog decode --source s1 --format=json "${files[@]}" \
        >"$tmp/$name.json" 2>"$tmp/err"; then
        grep -q '^binlog_row_metadata[[:space:]]FULL' "$v/settings.txt" && cp "$tmp/$name.json" "$tmp/full.json.$name"
        if ! msg=$(python3 - "$tmp/$name.json" <<'PY'
import json, sys
maps = rows = 0
for n, line in enumerate(open(sys.argv[1]), 1):
    o = json.loads(line)
    if o.get("database") in (None, "mysql") or o["type"] not in ("Table_map",) and "rows" not in o:
        continue
    where = "%s at %s (%s.%s)" % (o["file"], o["pos"], o["database"], o["table"])
    if "catalog_table_id" not in o:
        sys.exit("no catalog table id: " + where)
    if o["type"] == "Table_map":
        maps += 1
        if any("name" not in c for c in o["columns"]):
            sys.exit("a column without a name: " + where)
    else:
        for r in o["rows"]:
            for img in r.values():
                if any(k.startswith("@") for k in img):
                    sys.exit("a value without a column name: " + where)
        rows += 1
print("%d maps, %d rows events named" % (maps, rows))
PY
        ); then
            echo "FAIL $name: decode --source: $msg"
            ok=0
        fi
    else
        echo "FAIL $name: decode --source failed: $(head -c 300 "$tmp/err")"
        ok=0
    fi
    # a second call on the same files resumes: nothing applied again
    "$SYSCAT" --datadir "$D" track --source s1 "${files[@]}" 2>"$tmp/err2" || ok=0
    if ! grep -q ' 0 event groups' "$tmp/err2"; then
        echo "FAIL $name: second track call did not resume: $(cat "$tmp/err2")"
        ok=0
    fi
    "$SYSCAT" --datadir "$D" dump --show-create >"$tmp/final2.sql" 2>&1
    cmp -s "$tmp/final2.sql" "$v/schema-final.sql" || { echo "FAIL $name: second call changed the schema"; ok=0; }
    echo "$([ $ok = 1 ] && echo ok || echo FAIL) $name: schema-final $(cmp -s "$tmp/final.sql" "$v/schema-final.sql" && echo matches || echo differs), schema-history $match/$n match, ${msg:-no rows check}"
    [ $ok = 1 ] || fail=1
done
# the same workload with and without names in the log: the same names, map by map
for j in "$tmp"/*.json; do
    name=$(basename "$j" .json)
    for f in "$tmp"/full.json.*; do
        [ -e "$f" ] || continue
        full=${f##*.json.}
        [ "$full" = "$name" ] && continue
        wl=$(grep '^# workloads:' "$CORPUS/$name/settings.txt" 2>/dev/null | cut -d' ' -f3)
        wf=$(grep '^# workloads:' "$CORPUS/$full/settings.txt" 2>/dev/null | cut -d' ' -f3)
        [ -n "$wl" ] && [ "${wf#"$wl"}" != "$wf" ] || continue
        if ! msg=$(python3 - "$j" "$f" <<'PY'
import json, sys
def maps(p):
    return [(o["database"], o["table"], [c.get("name") for c in o["columns"]])
            for o in map(json.loads, open(p)) if o["type"] == "Table_map"]
a, b = maps(sys.argv[1]), maps(sys.argv[2])
for i, (x, y) in enumerate(zip(a, b)):
    if x != y:
        sys.exit("map %d: %s against %s" % (i + 1, x, y))
if len(a) > len(b):
    sys.exit("more maps (%d) than the longer workload (%d)" % (len(a), len(b)))
print("%d maps" % len(a))
PY
        ); then
            echo "FAIL $name: column names differ from $full's logged ones: $msg"
            fail=1
        else
            echo "ok $name: column names of all $msg equal $full's logged names"
        fi
    done
done
exit $fail
