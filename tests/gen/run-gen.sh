#!/usr/bin/env bash
# run-gen.sh - the generated-DDL smoke test of `make test` (tests/run-extra.sh).
#
# For seeds 1 2 3 (GEN_SEEDS) x 500 statements (GEN_COUNT) of
# tests/gen/gen_ddl.py: `syscat exec --results` on a fresh catalog must give
# `ok` for at least 95% of the statements (the ratio is printed; the
# generator emits ~2% deliberately failing ones), `syscat fsck` must pass,
# and the generator must be deterministic (same seed, same bytes) and honour
# --prefix. Seeds run two at a time. The comparison with a real MariaDB is
# the dev tool tests/gen/compare-mariadb.sh (needs a server, not run here).
# Environment: SC_BUILD (build directory, default build).
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
SYSCAT=${SYSCAT:-$ROOT/${SC_BUILD:-build}/syscat}
SEEDS=${GEN_SEEDS:-1 2 3}
COUNT=${GEN_COUNT:-500}
MIN_PERCENT=95
if [ "${SC_LEAKS:-0}" != 1 ]; then export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}; fi
[ -x "$SYSCAT" ] || { echo "run-gen: no CLI at $SYSCAT (run make)" >&2; exit 2; }
WORK=$(mktemp -d "${TMPDIR:-/tmp}/syscat-gen-XXXXXX")
trap 'rm -rf "$WORK"' EXIT
status=0

one_seed() {
    local s=$1 d="$WORK/s$1" ok total
    mkdir -p "$d"
    python3 "$HERE/gen_ddl.py" --seed "$s" --count "$COUNT" -o "$d/in.sql" || return 1
    "$SYSCAT" --datadir "$d/cat" init >/dev/null || return 1
    "$SYSCAT" --datadir "$d/cat" exec --results "$d/in.sql" >"$d/res.txt" || return 1
    total=$(wc -l <"$d/res.txt")
    ok=$(grep -c '^ok' "$d/res.txt")
    if [ "$total" != "$COUNT" ]; then
        echo "seed $s: $total result lines for $COUNT statements"; return 1
    fi
    echo "seed $s: $ok/$total ok ($((ok * 100 / total))%)"
    if [ $((ok * 100)) -lt $((MIN_PERCENT * total)) ]; then
        echo "seed $s: below $MIN_PERCENT% ok; first failures:"
        paste -d'|' "$d/res.txt" "$d/in.sql" | grep '^error' | head -5 | cut -c1-300
        return 1
    fi
    if ! "$SYSCAT" --datadir "$d/cat" fsck >"$d/fsck.txt"; then
        echo "seed $s: fsck failed:"; head -5 "$d/fsck.txt"; return 1
    fi
    echo "seed $s: fsck clean"
}

pids=()
for s in $SEEDS; do
    one_seed "$s" >"$WORK/out.$s" 2>&1 &
    pids+=($!)
    if [ ${#pids[@]} -ge 2 ]; then wait "${pids[0]}" || status=1; pids=("${pids[@]:1}"); fi
done
for p in "${pids[@]}"; do wait "$p" || status=1; done
for s in $SEEDS; do cat "$WORK/out.$s"; done

a=$(python3 "$HERE/gen_ddl.py" --seed 7 --count 300 | md5sum)
b=$(python3 "$HERE/gen_ddl.py" --seed 7 --count 300 | md5sum)
c=$(python3 "$HERE/gen_ddl.py" --seed 8 --count 300 | md5sum)
if [ "$a" != "$b" ] || [ "$a" = "$c" ]; then
    echo "run-gen: the generator is not deterministic per seed"; status=1
fi
if python3 "$HERE/gen_ddl.py" --seed 7 --count 300 --prefix zz_ | grep -q 'CREATE DATABASE `\?db'; then
    echo "run-gen: --prefix zz_ still creates unprefixed databases"; status=1
fi
[ $status = 0 ] && echo "run-gen: passed" || echo "run-gen: FAILED" >&2
exit $status
