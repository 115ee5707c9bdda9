#!/usr/bin/env bash
# run-show-cli.sh - replay the SHOW corpus through the syscat CLI.
#
# For every case directory of the corpus (default ${SC_ORACLE:-../shared/oracle}/show;
# contract in that README, section "SHOW corpus"), in a fresh data directory:
#   syscat init; syscat exec --force (CREATE DATABASE test; USE test; input.sql)
#   syscat exec -B --force --database test statements.sql  (stdout and stderr)
# and the output must equal expected.txt byte for byte. (The contract runs the
# setup as two execs; one exec with USE gives the same catalog and saves a
# process start per case.)
#
# Ratchet, strict: every case of the corpus is listed either in
# show-expected-pass.txt (must pass) or in show-known-differences.txt
# ("<case> <reason>", must fail, reason given). The run fails (exit 1) when a
# listed pass fails, when a known difference passes (remove its entry), when a
# case is in neither list or a listed name is no case; exit 2 when a list is
# missing or the CLI cannot run. --corpus DIR runs another corpus of the same
# format (tests/data/show-extra) with DIR/expected-pass.txt and
# DIR/known-differences.txt.
#
# usage: tests/oracle/run-show-cli.sh [-v] [-j N] [--corpus DIR] [CASE-SUBSTRING...]
#   SYSCAT=path/to/syscat (default ${SC_BUILD:-build}/syscat); -v prints diffs.
set -u

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
ORACLE=${SC_ORACLE:-../shared/oracle}
case "$ORACLE" in /*) ;; *) ORACLE="$ROOT/$ORACLE" ;; esac
CORPUS="$ORACLE/show"
SYSCAT=${SYSCAT:-${SC_BUILD:-build}/syscat}
case "$SYSCAT" in /*) ;; *) SYSCAT="$ROOT/$SYSCAT" ;; esac
if [ "${SC_LEAKS:-0}" != 1 ]; then export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}; fi

verbose=0
jobs=${SC_JOBS:-2}
while [ $# -gt 0 ]; do
    case "$1" in
    -v) verbose=1; shift ;;
    -j) jobs=${2:?-j needs a number}; shift 2 ;;
    --corpus) CORPUS=${2:?--corpus needs a directory}; shift 2 ;;
    *) break ;;
    esac
done
filters=("$@")
case "$CORPUS" in /*) ;; *) CORPUS="$PWD/$CORPUS" ;; esac
if [ "$CORPUS" -ef "$ORACLE/show" ]; then
    PASS="$HERE/show-expected-pass.txt"; KNOWN="$HERE/show-known-differences.txt"
else
    PASS="$CORPUS/expected-pass.txt"; KNOWN="$CORPUS/known-differences.txt"
fi
[ -x "$SYSCAT" ] || { echo "run-show-cli: no CLI at $SYSCAT (run make)" >&2; exit 2; }
[ -d "$CORPUS" ] || { echo "run-show-cli: no corpus at $CORPUS" >&2; exit 2; }
for f in "$PASS" "$KNOWN"; do
    [ -r "$f" ] || { echo "run-show-cli: cannot read $f" >&2; exit 2; }
done
if awk '!/^(#|$)/ && NF < 2 { exit 1 }' "$KNOWN"; then :; else
    echo "run-show-cli: $KNOWN: every line is '<case> <reason>' or a # comment" >&2; exit 2
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/syscat-show-cli-XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cp "$SYSCAT" "$WORK/syscat" && "$WORK/syscat" --version >/dev/null 2>&1 ||
    { echo "run-show-cli: cannot run $SYSCAT" >&2; exit 2; }
SYSCAT="$WORK/syscat"

# run_case NAME: prints "pass NAME" or "fail NAME"
run_case() {
    local name=$1 dir="$CORPUS/$1" w="$WORK/$1"
    mkdir -p "$w"
    { printf 'CREATE DATABASE test;\nUSE test;\n'; cat "$dir/input.sql"; } > "$w/setup.sql"
    "$SYSCAT" --datadir "$w/d" init >/dev/null 2>&1 &&
        "$SYSCAT" --datadir "$w/d" exec --force "$w/setup.sql" >/dev/null 2>&1
    "$SYSCAT" --datadir "$w/d" exec -B --force --database test "$dir/statements.sql" \
        >"$w/out" 2>&1
    if cmp -s "$w/out" "$dir/expected.txt"; then
        echo "pass $name"; rm -rf "$w"
    else
        echo "fail $name"
        [ $verbose = 1 ] && diff "$dir/expected.txt" "$w/out" | head -20 | sed 's/^/    /' >&2
        rm -rf "$w/d"
    fi
}
export -f run_case
export CORPUS WORK SYSCAT verbose

cases=()
for d in "$CORPUS"/*/; do
    n=$(basename "$d")
    [ -f "$d/statements.sql" ] || continue
    if [ ${#filters[@]} -gt 0 ]; then
        keep=0
        for f in "${filters[@]}"; do case "$n" in *"$f"*) keep=1 ;; esac; done
        [ $keep = 1 ] || continue
    fi
    cases+=("$n")
done
[ ${#cases[@]} -gt 0 ] || { echo "run-show-cli: no case selected" >&2; exit 2; }

printf '%s\n' "${cases[@]}" | xargs -P "$jobs" -I{} bash -c 'run_case "$@"' _ {} \
    > "$WORK/results"

status=0
total=${#cases[@]}
passed=$(grep -c '^pass ' "$WORK/results")
echo "run-show-cli: $passed/$total cases byte-identical ($(basename "$CORPUS"))"
listed_pass() { grep -qx -- "$1" "$PASS"; }
listed_known() { awk -v n="$1" '$1 == n { f = 1 } END { exit !f }' "$KNOWN"; }
while read -r st name; do
    if [ "$st" = pass ] && listed_known "$name"; then
        echo "run-show-cli: $name passes but is in $(basename "$KNOWN"): remove it" >&2; status=1
    elif [ "$st" = pass ] && ! listed_pass "$name"; then
        echo "run-show-cli: $name passes but is not in $(basename "$PASS"): add it" >&2; status=1
    elif [ "$st" = fail ] && listed_pass "$name"; then
        echo "run-show-cli: REGRESSION $name (in $(basename "$PASS"))" >&2; status=1
    elif [ "$st" = fail ] && ! listed_known "$name"; then
        echo "run-show-cli: $name fails and is in no list (add it to $(basename "$KNOWN") with a reason)" >&2; status=1
    fi
done < "$WORK/results"
if [ ${#filters[@]} -eq 0 ]; then
    for n in $(grep -v '^#' "$PASS"; awk '!/^#/ && NF { print $1 }' "$KNOWN"); do
        [ -d "$CORPUS/$n" ] || { echo "run-show-cli: listed '$n' is no case" >&2; status=1; }
    done
fi
exit $status
