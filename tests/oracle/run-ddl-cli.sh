#!/usr/bin/env bash
# run-ddl-cli.sh - replay a recorded DDL corpus through the syscat CLI.
#
# For every case directory of the corpus (default ${SC_ORACLE:-../shared/oracle}/ddl;
# format in docs/background.md section 2), in a fresh temporary data directory,
# as design section 8 says:
#   syscat init; syscat exec --results (CREATE DATABASE test;);
#   syscat exec --results --database test input.sql; syscat dump --show-create
# A case passes when the dump is byte-identical to schema.sql AND every line
# of the CLI's results equals results.txt after the `#sql-` masking: outcome
# and errno (the oracle README's primary rule), but also SQLSTATE, message
# text and `ok warnings=n` counts (design section 5 asks for MariaDB's
# messages). Scores per statement are printed for outcome+errno, SQLSTATE,
# message and warning counts.
#
# warnings.txt is scored too: `exec --warnings` writes the SHOW WARNINGS
# rows of every statement that failed or raised any (Level, Code, Message,
# after the same masking), compared line by line with the case's
# warnings.txt. That comparison has its own strict ratchet, the list
# <expected-pass list without .txt>-warnings.txt (e.g.
# tests/oracle/expected-pass-warnings.txt): every case whose warnings.txt
# matches must be listed, and a listed case whose rows differ fails the run.
#
# known-differences.txt beside the list names single statements of listed
# cases ("<case> <statement> <why>") where syscat's line is known to differ
# from MariaDB's in SQLSTATE, message or warning count only; there outcome
# and errno are still gated, and a statement that matches again fails the
# run until its entry is removed.
# The expected-pass list is a ratchet and must be exact: the run fails
# (exit 1) when a listed case fails, when a case passes without being listed
# (add it), or when a listed name is no case of the corpus; a missing or
# unreadable list is an error (exit 2), never "nothing gated". Cases not
# listed are known failures, documented in the corpus README. Exit 2 also
# when the CLI cannot be run at all.
#
# usage: tests/oracle/run-ddl-cli.sh [-v] [-j N] [--corpus DIR] [--expected FILE]
#                                   [CASE-SUBSTRING...]
#   SYSCAT=path/to/syscat (default ${SC_BUILD:-build}/syscat)
#   -v               print every case's status, not only the failures
#   -j N             run N cases at a time (default $SC_JOBS, else 2)
#   --corpus DIR     replay the cases of DIR (same format; default $SC_ORACLE/ddl),
#                    e.g. tests/data/ddl-extra
#   --oracle NAME    replay the oracle corpus $SC_ORACLE/NAME, e.g. ddl-objects
#                    (its list: tests/oracle/NAME/expected-pass.txt)
#   --expected FILE  the cases that must pass (default tests/oracle/expected-pass.txt
#                    for the oracle corpus, DIR/expected-pass.txt for another corpus)
# With CASE-SUBSTRING filters only the selected cases run, and only their
# own results are gated (unlisted passes and stale names are not checked).
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
    --oracle) CORPUS="$ORACLE/${2:?--oracle needs a corpus name}"; shift 2 ;;
    --expected) EXPECTED=${2:?--expected needs a file}; shift 2 ;;
    *) break ;;
    esac
done
filters=("$@")
case "$CORPUS" in /*) ;; *) CORPUS="$PWD/$CORPUS" ;; esac
case "$EXPECTED" in /*|"") ;; *) EXPECTED="$PWD/$EXPECTED" ;; esac
if [ -z "$EXPECTED" ]; then
    if [ "$CORPUS" -ef "$ORACLE/ddl" ]; then EXPECTED="$HERE/expected-pass.txt"
    elif [ "$CORPUS" -ef "$ORACLE/ddl-objects" ]; then EXPECTED="$HERE/ddl-objects/expected-pass.txt"
    else EXPECTED="$CORPUS/expected-pass.txt"; fi
fi

if [ ! -x "$SYSCAT" ]; then echo "run-ddl-cli: no CLI at $SYSCAT (run make)" >&2; exit 2; fi
if [ ! -d "$CORPUS" ]; then echo "run-ddl-cli: no corpus at $CORPUS" >&2; exit 2; fi
# Statements of listed cases where syscat is known to differ from MariaDB in
# SQLSTATE, message or warning count only: "<case> <statement number> <why>".
KNOWN="$(dirname "$EXPECTED")/known-differences.txt"
if [ -f "$KNOWN" ] && awk '!/^(#|$)/ && !($1 ~ /^[0-9]+-/ && $2 ~ /^[1-9][0-9]*$/ && NF >= 3) { exit 1 }' "$KNOWN"; then :
elif [ -f "$KNOWN" ]; then
    echo "run-ddl-cli: $KNOWN: every line is '<case> <statement number> <reason>' or a # comment" >&2
    exit 2
fi
if [ ! -f "$EXPECTED" ] || [ ! -r "$EXPECTED" ]; then
    echo "run-ddl-cli: cannot read the expected-pass list $EXPECTED (an empty file gates nothing; a missing one is an error)" >&2
    exit 2
fi
WEXPECTED="${EXPECTED%.txt}-warnings.txt"
if [ ! -f "$WEXPECTED" ] || [ ! -r "$WEXPECTED" ]; then
    echo "run-ddl-cli: cannot read the warnings ratchet $WEXPECTED (an empty file gates nothing; a missing one is an error)" >&2
    exit 2
fi
if grep -q $'\r\| $' "$EXPECTED" "$WEXPECTED"; then
    echo "run-ddl-cli: $EXPECTED has CR or trailing blanks: one case directory name per line" >&2
    exit 2
fi

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

# compare_results EXPECTED GOT KNOWN -> one line:
# "<exact 0|1> <stmts> <errno-ok> <errors> <sqlstate-ok> <message-ok> <oks> <warnings-ok>
#  <first difference>"; exact = every line equal after masking, no line missing or
# extra, except at the statement numbers in KNOWN (the case's entries of
# known-differences.txt), which must differ, and only in SQLSTATE, message or
# warning count.
compare_results() {
    awk -v got="$2" -v known="$3" '
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
    function note(what) { if (first == "") first = "stmt " n " " what ": expected `" $0 "` got `" g "`" }
    BEGIN {
        n = 0; eok = 0; sok = 0; mok = 0; nerr = 0; nok = 0; wok = 0; exact = 1; first = ""
        split(known, ka, " "); for (i in ka) isknown[ka[i]] = 1
    }
    {
        n++
        if ((getline g < got) <= 0) g = "<missing>"
        else g = mask(g)
        ke = kind($0); kg = kind(g)
        if (ke == kg) eok++
        if (ke ~ /^error/) {
            nerr++
            if (ke == kg && state($0) == state(g)) sok++
            if (ke == kg && msg($0) == msg(g)) mok++
        } else if (ke == "ok") {
            nok++
            if (g == $0) wok++
        }
        if (g == $0) {
            if (n in isknown) {
                exact = 0
                if (first == "") first = "stmt " n " matches MariaDB now: remove it from known-differences.txt"
            }
        } else if (!(ke == kg && (n in isknown))) {
            exact = 0
            if (ke != kg) note("outcome")
            else if (ke ~ /^error/ && state($0) != state(g)) note("SQLSTATE")
            else if (ke ~ /^error/) note("message")
            else if (ke == "ok") note("warning count")
            else note("line")
        }
    }
    END {
        extra = 0
        while ((getline g < got) > 0) extra++
        if (extra > 0) { exact = 0; if (first == "") first = extra " extra result line(s)" }
        for (k in isknown) if (k + 0 > n) { exact = 0; if (first == "") first = "known difference at stmt " k ": no such statement" }
        printf "%d %d %d %d %d %d %d %d %s\n", exact, n, eok, nerr, sok, mok, nok, wok, first
    }' "$1"
}

is_expected() { grep -qxF "$1" "$EXPECTED"; }
is_wexpected() { grep -qxF "$1" "$WEXPECTED"; }

# compare_warnings EXPECTED GOT -> "<exact 0|1> <expected rows> <rows equal at their
# place> <first difference>", GOT masked as in compare_results.
compare_warnings() {
    awk -v got="$2" '
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
    BEGIN { n = 0; ok = 0; first = "" }
    {
        n++
        if ((getline g < got) <= 0) g = "<missing>"; else g = mask(g)
        if (g == $0) ok++
        else if (first == "") first = "row " n ": expected `" $0 "` got `" g "`"
    }
    END {
        extra = 0
        while ((getline g < got) > 0) { extra++; if (first == "") first = "extra row `" g "`" }
        printf "%d %d %d %s\n", (ok == n && extra == 0), n, ok, first
    }' "$1"
}

# known_stmts NAME: the statement numbers known-differences.txt lists for NAME.
known_stmts() { [ -f "$KNOWN" ] && awk -v c="$1" '$1 == c { printf "%s ", $2 }' "$KNOWN"; }

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
        --warnings "$d/warnings.txt" "$dir/input.sql" > "$d/results.txt" 2> "$d/exec.err"
    local exec_rc=$?
    if [ -f "$dir/warnings.txt" ]; then
        wscore=$(compare_warnings "$dir/warnings.txt" "$d/warnings.txt")
    else
        wscore="0 0 0 no warnings.txt in the case"
    fi
    timeout "$STMT_TIMEOUT" "$SYSCAT" --datadir "$d/data" dump --show-create \
        > "$d/schema.sql" 2> "$d/dump.err"
    local dump_rc=$?
    score=$(compare_results "$dir/results.txt" "$d/results.txt" "$(known_stmts "$2")")
    local exact=${score%% *} ok=1
    if [ $exec_rc -ne 0 ]; then
        case_detail="exec exit $exec_rc: $(head -c 300 "$d/exec.err" | head -3)"; ok=0
    elif [ "$exact" != 1 ]; then
        case_detail="results: $(echo "$score" | cut -d' ' -f9-)"; ok=0
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

# case_job DIR NAME: run one case, leaving "<pass|fail>\n<score>\n<warnings
# score>\n<detail>" in $WORK/NAME.res and removing its data directory.
case_job() {
    local status=fail
    score="0 0 0 0 0 0 0 0"
    wscore="0 0 0 not run"
    if run_case "$1" "$2"; then status=pass; fi
    printf '%s\n%s\n%s\n%s\n' "$status" "$score" "$wscore" "$case_detail" > "$WORK/$2.res.tmp"
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

passed=0; failed=0; regressions=0; unlisted=0
stmts=0; errno_ok=0; errs=0; state_ok=0; msg_ok=0; oks=0; warn_ok=0
wpassed=0; wrows=0; wrows_ok=0; wregressions=0; wunlisted=0
for name in "${names[@]}"; do
    res="$WORK/$name.res"
    if [ ! -f "$res" ]; then printf 'fail\n0 0 0 0 0 0 0 0\n0 0 0 not run\nrunner: no result\n' > "$res"; fi
    status=$(sed -n 1p "$res"); score=$(sed -n 2p "$res"); wsc=$(sed -n 3p "$res")
    detail=$(sed -n '4,$p' "$res")
    read -r wexact wn wok wfirst <<< "$wsc"
    wrows=$((wrows + wn)); wrows_ok=$((wrows_ok + wok))
    if [ "$wexact" = 1 ]; then
        wpassed=$((wpassed + 1))
        if ! is_wexpected "$name"; then
            wunlisted=$((wunlisted + 1))
            echo "NEW WARNINGS PASS $name (warnings.txt matches: add it to $(basename "$WEXPECTED"))"
        fi
    elif is_wexpected "$name"; then
        wregressions=$((wregressions + 1))
        echo "WARNINGS FAIL $name (REGRESSION: listed in $(basename "$WEXPECTED")): $wfirst"
    elif [ $verbose = 1 ]; then
        echo "warnings differ $name: $wfirst"
    fi
    if [ "$status" = pass ]; then
        passed=$((passed + 1))
        if ! is_expected "$name"; then
            unlisted=$((unlisted + 1))
            echo "NEW PASS $name (not in $(basename "$EXPECTED"): add it there, and drop it from the README's known failures)"
        elif [ $verbose = 1 ]; then echo "pass $name"; fi
    else
        failed=$((failed + 1))
        mark=""
        if is_expected "$name"; then regressions=$((regressions + 1)); mark=" (REGRESSION: listed in expected-pass.txt)"; fi
        echo "FAIL $name$mark"
        echo "     $detail"
    fi
    read -r _ n e ne s m no w _ <<< "$score"
    stmts=$((stmts + n)); errno_ok=$((errno_ok + e)); errs=$((errs + ne))
    state_ok=$((state_ok + s)); msg_ok=$((msg_ok + m)); oks=$((oks + no)); warn_ok=$((warn_ok + w))
done

# A listed name that is no case of the corpus would gate nothing.
stale=0
if [ ${#filters[@]} -eq 0 ]; then
    while IFS= read -r name; do
        [ -z "$name" ] && continue
        if [ ! -f "$CORPUS/$name/input.sql" ]; then
            echo "STALE $name: listed in $(basename "$EXPECTED") but no case of $CORPUS"
            stale=$((stale + 1))
        fi
    done < "$EXPECTED"
    while IFS= read -r name; do
        [ -z "$name" ] && continue
        if [ ! -f "$CORPUS/$name/input.sql" ]; then
            echo "STALE $name: listed in $(basename "$WEXPECTED") but no case of $CORPUS"
            stale=$((stale + 1))
        fi
    done < "$WEXPECTED"
    if [ -f "$KNOWN" ]; then
        while read -r name _; do
            case "$name" in "#"*|"") continue ;; esac
            is_expected "$name" && continue
            echo "STALE $name: in $(basename "$KNOWN") but not in $(basename "$EXPECTED")"
            stale=$((stale + 1))
        done < "$KNOWN"
    fi
else
    unlisted=0
    wunlisted=0
fi

echo "$(basename "$CORPUS") corpus via CLI ($CORPUS): statements: outcome+errno $errno_ok/$stmts;" \
     "of $errs expected errors: sqlstate $state_ok, message $msg_ok;" \
     "of $oks successes: warning count $warn_ok"
known=$((failed - regressions))
echo "warnings.txt: $wpassed of ${#names[@]} cases identical; rows $wrows_ok/$wrows equal at their place"
echo "$passed passed, $failed failed"
if [ $known -gt 0 ]; then
    echo "($known of the failures are known failures, not in $(basename "$EXPECTED"); the corpus README says why)"
fi
rc=0
if [ $regressions -gt 0 ]; then
    echo "run-ddl-cli: $regressions case(s) of $EXPECTED failed" >&2; rc=1
fi
if [ $unlisted -gt 0 ]; then
    echo "run-ddl-cli: $unlisted passing case(s) missing from $EXPECTED (the ratchet must list every pass)" >&2; rc=1
fi
if [ $wregressions -gt 0 ]; then
    echo "run-ddl-cli: $wregressions case(s) of $WEXPECTED have other warnings.txt rows now" >&2; rc=1
fi
if [ $wunlisted -gt 0 ]; then
    echo "run-ddl-cli: $wunlisted case(s) with matching warnings.txt missing from $WEXPECTED (the ratchet must list every pass)" >&2; rc=1
fi
if [ $stale -gt 0 ]; then
    echo "run-ddl-cli: $stale stale name(s) in $EXPECTED or its known-differences.txt" >&2; rc=1
fi
exit $rc
