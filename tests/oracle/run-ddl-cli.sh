#!/usr/bin/env bash
# run-ddl-cli.sh - replay the DDL oracle corpus through the syscat CLI.
#
# For every case directory of ${SC_ORACLE:-../shared/oracle}/ddl, exactly as
# DESIGN.md section 8 says, in a fresh temporary data directory:
#   syscat init; syscat exec --results (CREATE DATABASE test;);
#   syscat exec --results --database test input.sql; syscat dump --show-create
# A case passes when (primary, shared/oracle/README.md) the dump is
# byte-identical to schema.sql and every statement's outcome matches
# results.txt (success vs failure and errno; `ok warnings=n` counts as `ok`).
# SQLSTATE and message equality (after the `#sql-` masking) are reported as
# secondary scores. Prints the first differences of failing cases and
# `N passed, M failed`. Exit status is non-zero only when a case listed in
# tests/oracle/expected-pass.txt (one case directory name per line) fails,
# or when the CLI cannot be run at all.
#
# usage: tests/oracle/run-ddl-cli.sh [-v] [-j N] [--corpus DIR] [--expected FILE]
#                                   [CASE-SUBSTRING...]
#   SYSCAT=path/to/syscat (default ${SC_BUILD:-build}/syscat)
#   -v               print every case's status, not only the failures
#   -j N             run N cases at a time (default $SC_JOBS, else 2)
#   --corpus DIR     replay the cases of DIR (same format; default $SC_ORACLE/ddl),
#                    e.g. tests/data/ddl-backend
#   --expected FILE  the cases that must pass (default tests/oracle/expected-pass.txt
#                    for the oracle corpus, DIR/expected-pass.txt for another corpus)
# LeakSanitizer's exit-time scan triples the run time of a sanitizer build,
# so it is off here unless SC_LEAKS=1 (or ASAN_OPTIONS is set by the
# caller); with it on, a leak fails the case (non-zero exit of the CLI).
# check_tools runs the CLI with leak checking on.
set -u

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
ORACLE=${SC_ORACLE:-../shared/oracle}
case "$ORACLE" in /*) ;; *) ORACLE="$ROOT/$ORACLE" ;; esac
CORPUS="$ORACLE/ddl"
EXPECTED=""
SYSCAT=${SYSCAT:-${SC_BUILD:-build}/syscat}
case "$SYSCAT" in /*) ;; *) SYSCAT="$ROOT/$SYSCAT" ;; esac
STMT_TIMEOUT=${SC_CASE_TIMEOUT:-60}
if [ "${SC_LEAKS:-0}" != 1 ]; then export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}; fi

verbose=0
jobs=${SC_JOBS:-2}
while [ $# -gt 0 ]; do
    case "$1" in
    -v) verbose=1; shift ;;
    -j) jobs=${2:?-j needs a number}; shift 2 ;;
    -j*) jobs=${1#-j}; shift ;;
    --corpus) CORPUS=${2:?--corpus needs a directory}; shift 2 ;;
    --expected) EXPECTED=${2:?--expected needs a file}; shift 2 ;;
    *) break ;;
    esac
done
filters=("$@")
case "$CORPUS" in /*) ;; *) CORPUS="$PWD/$CORPUS" ;; esac
case "$EXPECTED" in /*|"") ;; *) EXPECTED="$PWD/$EXPECTED" ;; esac
if [ -z "$EXPECTED" ]; then
    if [ "$CORPUS" -ef "$ORACLE/ddl" ]; then EXPECTED="$HERE/expected-pass.txt"
    else EXPECTED="$CORPUS/expected-pass.txt"; fi
fi

if [ ! -x "$SYSCAT" ]; then echo "run-ddl-cli: no CLI at $SYSCAT (run make)" >&2; exit 2; fi
if [ ! -d "$CORPUS" ]; then echo "run-ddl-cli: no corpus at $CORPUS" >&2; exit 2; fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/syscat-ddl-cli-XXXXXX")
trap 'rm -rf "$WORK"' EXIT
printf 'CREATE DATABASE test;\n' > "$WORK/setup.sql"

# Run a private copy: a concurrent `make` may relink the binary mid-run.
for attempt in 1 2 3 4 5 6 7 8 9 10; do
    if cp "$SYSCAT" "$WORK/syscat" 2>/dev/null && "$WORK/syscat" --version > /dev/null 2>&1; then
        break
    fi
    [ $attempt = 10 ] && { echo "run-ddl-cli: cannot run $SYSCAT" >&2; exit 2; }
    sleep 1
done
SYSCAT="$WORK/syscat"

# compare_results EXPECTED GOT -> one line:
# "<primary 0|1> <stmts> <errno-ok> <sqlstate-ok> <message-ok> <first difference>"
compare_results() {
    awk -v got="$2" '
    function kind(line,   f) {
        if (line ~ /^ok( warnings=[0-9]+)?$/) return "ok"
        if (line ~ /^error /) { split(line, f, " "); return "error " f[2] }
        return "bad:" line
    }
    function state(line,   f) { split(line, f, " "); return f[3] }
    function msg(line) { sub(/^error [^ ]* [^ ]* /, "", line); return line }
    # README masking: the hex suffix after #sql- / #sql-<word>- becomes *
    function mask(s,   out, i, rest) {
        out = ""
        while ((i = index(s, "#sql-")) > 0) {
            out = out substr(s, 1, i + 4); rest = substr(s, i + 5)
            if (match(rest, /^[a-z]+-/) && substr(rest, 1, RLENGTH - 1) !~ /^[0-9a-f]+$/) {
                out = out substr(rest, 1, RLENGTH); rest = substr(rest, RLENGTH + 1)
            }
            if (match(rest, /^[0-9a-f]+([-_][0-9a-f]+)*/)) {
                out = out "*"; rest = substr(rest, RLENGTH + 1)
            }
            s = rest
        }
        return out s
    }
    BEGIN { n = 0; eok = 0; sok = 0; mok = 0; nerr = 0; first = "" }
    {
        n++
        if ((getline g < got) <= 0) g = "<missing>"
        ke = kind($0); kg = kind(g)
        if (ke == kg) eok++
        else if (first == "") first = "stmt " n ": expected `" $0 "` got `" g "`"
        if (ke ~ /^error/) {
            nerr++
            if (ke == kg && state($0) == state(g)) sok++
            if (ke == kg && msg($0) == mask(msg(g))) mok++
        }
    }
    END {
        extra = 0
        while ((getline g < got) > 0) extra++
        if (extra > 0 && first == "") first = extra " extra result line(s)"
        printf "%d %d %d %d %d %d %s\n", (eok == n && extra == 0), n, eok, nerr, sok, mok, first
    }' "$1"
}

is_expected() { [ -f "$EXPECTED" ] && grep -qxF "$1" "$EXPECTED"; }

selected() {
    local name=$1 f
    [ ${#filters[@]} -eq 0 ] && return 0
    for f in "${filters[@]}"; do case "$name" in *"$f"*) return 0 ;; esac; done
    return 1
}

# run_case DIR NAME: replay one case in $WORK/NAME; sets case_detail and
# score; returns 0 when the case passes.
run_case() {
    local dir=$1 d="$WORK/$2"
    rm -rf "$d"; mkdir -p "$d"
    case_detail=""
    if ! "$SYSCAT" --datadir "$d/data" init > "$d/init.out" 2>&1; then
        case_detail="init failed: $(head -c 300 "$d/init.out")"; return 1
    fi
    timeout "$STMT_TIMEOUT" "$SYSCAT" --datadir "$d/data" exec --results "$WORK/setup.sql" \
        > "$d/setup.out" 2>&1
    if [ "$(cat "$d/setup.out")" != ok ]; then
        case_detail="CREATE DATABASE test: $(head -c 300 "$d/setup.out")"; return 1
    fi
    timeout "$STMT_TIMEOUT" "$SYSCAT" --datadir "$d/data" exec --results --database test \
        "$dir/input.sql" > "$d/results.txt" 2> "$d/exec.err"
    local exec_rc=$?
    timeout "$STMT_TIMEOUT" "$SYSCAT" --datadir "$d/data" dump --show-create \
        > "$d/schema.sql" 2> "$d/dump.err"
    local dump_rc=$?
    score=$(compare_results "$dir/results.txt" "$d/results.txt")
    local primary=${score%% *} ok=1
    if [ $exec_rc -ne 0 ]; then
        case_detail="exec exit $exec_rc: $(head -c 300 "$d/exec.err" | head -3)"; ok=0
    elif [ "$primary" != 1 ]; then
        case_detail="results: $(echo "$score" | cut -d' ' -f7-)"; ok=0
    fi
    if [ $dump_rc -ne 0 ]; then
        case_detail="${case_detail:+$case_detail; }dump exit $dump_rc: $(head -c 300 "$d/dump.err" | head -3)"
        ok=0
    elif ! cmp -s "$dir/schema.sql" "$d/schema.sql"; then
        case_detail="${case_detail:+$case_detail; }schema.sql differs (< oracle, > syscat):
$(diff "$dir/schema.sql" "$d/schema.sql" | head -6 | sed 's/^/      /')"
        ok=0
    fi
    [ $ok = 1 ]
}

# case_job DIR NAME: run one case, leaving "<pass|fail>\n<score>\n<detail>"
# in $WORK/NAME.res and removing its data directory.
case_job() {
    local status=fail
    score="0 0 0 0 0 0"
    if run_case "$1" "$2"; then status=pass; fi
    printf '%s\n%s\n%s\n' "$status" "$score" "$case_detail" > "$WORK/$2.res.tmp"
    mv "$WORK/$2.res.tmp" "$WORK/$2.res"
    rm -rf "${WORK:?}/$2"
}

names=()
running=0
for dir in "$CORPUS"/*/; do
    dir=${dir%/}; name=$(basename "$dir")
    [ -f "$dir/input.sql" ] || continue
    selected "$name" || continue
    names+=("$name")
    case_job "$dir" "$name" &
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
done
wait

passed=0; failed=0; regressions=0
stmts=0; errno_ok=0; errs=0; state_ok=0; msg_ok=0
for name in "${names[@]}"; do
    res="$WORK/$name.res"
    if [ ! -f "$res" ]; then printf 'fail\n0 0 0 0 0 0\nrunner: no result\n' > "$res"; fi
    status=$(sed -n 1p "$res"); score=$(sed -n 2p "$res"); detail=$(sed -n '3,$p' "$res")
    if [ "$status" = pass ]; then
        passed=$((passed + 1))
        [ $verbose = 1 ] && echo "pass $name"
    else
        failed=$((failed + 1))
        mark=""
        if is_expected "$name"; then regressions=$((regressions + 1)); mark=" (REGRESSION: listed in expected-pass.txt)"; fi
        echo "FAIL $name$mark"
        echo "     $detail"
    fi
    read -r _ n e ne s m _ <<< "$score"
    stmts=$((stmts + n)); errno_ok=$((errno_ok + e)); errs=$((errs + ne))
    state_ok=$((state_ok + s)); msg_ok=$((msg_ok + m))
done

echo "$(basename "$CORPUS") corpus via CLI ($CORPUS): statements: outcome+errno $errno_ok/$stmts;" \
     "of $errs expected errors: sqlstate $state_ok, message $msg_ok"
# A failure outside the expected-pass list is information, not a failed run:
# say so on the summary line, so that nobody (human or CI) reads it as one.
if [ $failed -gt 0 ] && [ $regressions -eq 0 ]; then
    echo "$passed passed, $failed failed (none of them listed in $(basename "$EXPECTED"): not gated)"
else
    echo "$passed passed, $failed failed"
fi
if [ $regressions -gt 0 ]; then
    echo "run-ddl-cli: $regressions case(s) of expected-pass.txt failed" >&2
    exit 1
fi
exit 0
