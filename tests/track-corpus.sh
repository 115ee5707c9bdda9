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
    # a second call on the same files resumes: nothing applied again
    "$SYSCAT" --datadir "$D" track --source s1 "${files[@]}" 2>"$tmp/err2" || ok=0
    if ! grep -q ' 0 event groups' "$tmp/err2"; then
        echo "FAIL $name: second track call did not resume: $(cat "$tmp/err2")"
        ok=0
    fi
    "$SYSCAT" --datadir "$D" dump --show-create >"$tmp/final2.sql" 2>&1
    cmp -s "$tmp/final2.sql" "$v/schema-final.sql" || { echo "FAIL $name: second call changed the schema"; ok=0; }
    echo "$([ $ok = 1 ] && echo ok || echo FAIL) $name: schema-final $(cmp -s "$tmp/final.sql" "$v/schema-final.sql" && echo matches || echo differs), schema-history $match/$n match"
    [ $ok = 1 ] || fail=1
done
exit $fail
