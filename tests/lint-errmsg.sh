#!/usr/bin/env bash
# lint-errmsg.sh - the error table stays the only place that spells out a
# MariaDB error (catalog/errmsg.def, docs/architecture.md "Errors"):
#   1. catalog/errmsg_gen.h is exactly what catalog/errmsg.def generates
#      (`bash tests/lint-errmsg.sh --update` rewrites it);
#   2. no SQLSTATE string literal ("42S02", "HY000", ...) appears in the C
#      sources of catalog/, ddl/, replicate/ or tools/ outside the table;
#      a line that needs one for another reason (a display default) says
#      so with the marker `lint: sqlstate-ok`.
# Run by tests/run-extra.sh (make test). Exit 1 with file:line on failure.
set -u
cd "$(dirname "$0")/.."
DEF=catalog/errmsg.def
GEN=catalog/errmsg_gen.h
status=0

generate() {
    echo "/* DO NOT EDIT: generated from $DEF by tests/lint-errmsg.sh --update."
    echo " * Each entry is a macro for the three leading arguments of an error"
    echo " * setter: errno, SQLSTATE, printf format (see catalog/errmsg.h). */"
    echo "/* clang-format off */"
    echo "#ifndef SC_CATALOG_ERRMSG_GEN_H"
    echo "#define SC_CATALOG_ERRMSG_GEN_H"
    echo
    sed -n 's/^SC_ER\(_VARIANT\)\{0,1\}(\([A-Z0-9_]*\), \(.*\))$/#define SC_ER_\2 \3/p' "$DEF"
    echo
    echo "#endif /* SC_CATALOG_ERRMSG_GEN_H */"
}

if [ "${1:-}" = "--update" ]; then
    generate > "$GEN" && echo "lint-errmsg: wrote $GEN" && exit 0
fi

if ! diff -u "$GEN" <(generate) >/dev/null; then
    echo "lint-errmsg: $GEN is stale; run: bash tests/lint-errmsg.sh --update" >&2
    diff -u "$GEN" <(generate) | head -20 >&2
    status=1
fi
n=$(grep -c '^SC_ER' "$DEF")
m=$(grep -c '^#define SC_ER_' "$GEN")
if [ "$n" != "$m" ]; then
    echo "lint-errmsg: $DEF has $n entries but only $m became macros (one entry per line)" >&2
    status=1
fi

# SQLSTATE: class (two digits/capitals, or HY/XA) + three more; at least one digit.
hits=$(grep -nE '"(HY|XA|[0-9][0-9A-Z])[0-9A-Z]{3}"' \
        catalog/*.c catalog/*.h ddl/*.c ddl/*.h frm/*.c frm/*.h replicate/*.c replicate/*.h tools/*.c tools/*.h \
        server/*.c server/*.h \
        2>/dev/null | grep -v "^$GEN:" | grep -v 'lint: sqlstate-ok')
if [ -n "$hits" ]; then
    echo "lint-errmsg: hand-written SQLSTATE outside $DEF (add an entry, use SC_ER_<NAME>):" >&2
    echo "$hits" >&2
    status=1
fi
[ $status = 0 ] && echo "lint-errmsg: $n errors in $DEF, no SQLSTATE written elsewhere"
exit $status
