#!/usr/bin/env bash
# record-builtin-funcs.sh - record which function names MariaDB 10.11 knows
# as built-in, and write ddl/builtin_funcs.h (the list ddl/expr_walk.c
# consults: a call of any other name is a stored-function call, which
# DEFAULT, GENERATED ALWAYS AS and CHECK refuse with 1901 and a view with
# 1305, since syscat keeps no routines).
#
# Developer tool, never run by the build or `make test` (docs/testing.md).
# Candidates are every identifier-like string in the server binary and
# every suffix of one (the linker stores a name that ends another string
# inside it). The private server (tests/oracle/mariadb-server.sh) answers
# `SELECT name(...)` for each: 1305/1630 (FUNCTION ... does not exist) means
# not built in; anything else (a result, 1582 wrong parameter count, 1064
# for a keyword form such as CAST) means built in.
#
# usage: tests/oracle/record-builtin-funcs.sh [OUT.h]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/../../ddl/builtin_funcs.h}
bin=$(command -v mariadbd || echo /usr/sbin/mariadbd)
work=$(mktemp -d)
export SC_MARIADB_DIR=$work/server SC_MARIADB_PORT=${SC_MARIADB_PORT:-33179}
trap 'bash "$here/mariadb-server.sh" stop >/dev/null 2>&1 || true; rm -rf "$work"' EXIT

strings -n 2 "$bin" | grep -E '^[A-Za-z][A-Za-z0-9_]{1,40}$' | tr a-z A-Z |
    awk '{ for (i = 1; i < length($0); i++) { s = substr($0, i); if (s ~ /^[A-Z][A-Z0-9_]+$/) print s } }' |
    sort -u > "$work/cand"
bash "$here/mariadb-server.sh" start >/dev/null
sock=$(bash "$here/mariadb-server.sh" socket)
mariadb --no-defaults -S "$sock" -uroot -e 'CREATE DATABASE IF NOT EXISTS test'
awk '{ print "SELECT " $1 "();" }' "$work/cand" |
    mariadb --no-defaults -S "$sock" -uroot test --force -N -s >/dev/null 2>"$work/err" || true
# Line N of the input is candidate N. A name is unknown when every call of
# it with 0 to 4 arguments is refused with 1305 or 1630 (1630: a keyword
# that is no function, such as ACTION): POINT() is refused, POINT(1, 1) is
# built in.
unknown_of() { # names-file args: the names whose call with args is refused
    awk -v a="$2" '{ print "SELECT " $1 "(" a ");" }' "$1" |
        mariadb --no-defaults -S "$sock" -uroot test --force -N -s >/dev/null 2>"$work/err" || true
    awk 'NR == FNR { if (match($0, /^ERROR (1305|1630) .* at line [0-9]+:/)) {
                       sub(/^.* at line /, ""); sub(/:.*/, ""); bad[$0] = 1 } next }
         (FNR in bad) { print $1 }' "$work/err" "$1"
}
cp "$work/cand" "$work/unknown"
for args in "" 1 1,1 1,1,1 1,1,1,1; do
    unknown_of "$work/unknown" "$args" > "$work/still"
    mv "$work/still" "$work/unknown"
done
comm -23 "$work/cand" "$work/unknown" | tr A-Z a-z > "$work/known"
n=$(wc -l < "$work/known")
# Arity: each built-in called with 0 to 8 arguments; the counts refused with
# 1582 (a native function's parameter count) and with 1064 (a grammar rule's,
# as REPLACE(a, b)) become two bit masks (bit k: k arguments; bit 8: 8 or
# more). Names no count of which is taken (MATCH, CAST: other syntax) are left out.
: > "$work/arity"
for k in 0 1 2 3 4 5 6 7 8; do
    args=$(seq -s, 1 $k | sed 's/[0-9][0-9]*/1/g')
    awk -v a="$args" '{ print "SELECT " $1 "(" a ");" }' "$work/known" |
        mariadb --no-defaults -S "$sock" -uroot test --force -N -s >/dev/null 2>"$work/err" || true
    # the first " at line N:" is the client's (a 1064 message ends in one of its own)
    awk -v k=$k 'NR == FNR { if ($0 ~ /^ERROR (1582|1064) / && match($0, / at line [0-9]+:/))
                               code[substr($0, RSTART + 9, RLENGTH - 10)] = substr($0, 7, 4)
                             next }
                 { print $1, k, (FNR in code) ? code[FNR] : "ok" }' "$work/err" "$work/known" >> "$work/arity"
done
awk '{ if ($3 == 1582) m82[$1] += 2 ^ $2; else if ($3 == 1064) m64[$1] += 2 ^ $2; else ok[$1] = 1 }
     END { for (f in ok) if (m82[f] + m64[f] > 0) printf "    {\"%s\", 0x%03x, 0x%03x},\n", f, m82[f], m64[f] }' \
    "$work/arity" | LC_ALL=C sort > "$work/arity.h"
{
    echo "/* DO NOT EDIT: written by tests/oracle/record-builtin-funcs.sh from"
    echo " * $(mariadbd --version | sed 's/^.*Ver //; s/ for.*//'): built-ins whose plain call refuses some argument"
    echo " * counts, as {name, 1582 mask, 1064 mask} (bit k: k arguments, bit 8: 8 or more),"
    echo " * sorted; the initializer of an array (ddl/parse_expr.c). */"
    cat "$work/arity.h"
} > "$(dirname "$out")/builtin_arity.h"
{
    echo "/* DO NOT EDIT: written by tests/oracle/record-builtin-funcs.sh from"
    echo " * $(mariadbd --version | sed 's/^.*Ver //; s/ for.*//'): the $n names whose calls MariaDB does"
    echo " * not take for stored functions (keywords among them), sorted; the
 * initializer of a const char *[] (ddl/expr_walk.c). */"
    LC_ALL=C sort "$work/known" | awk '{ printf "    \"%s\",\n", $0 }'
} > "$out"
echo "record-builtin-funcs: $n names -> $out, $(wc -l < "$work/arity.h") arities -> $(dirname "$out")/builtin_arity.h"
