#!/usr/bin/env bash
# layers.sh - the module dependency graph, derived from the `#include "..."`
# lines of the sources, checked against the layers of docs/architecture.md:
#
#   include/ (public headers)   layer 0: includes only include/
#   catalog/                    layer 1: include/, catalog/
#   ddl/, replicate/            layer 2: the above and itself (not each other)
#   frm/                        layer 2b: include/, catalog/, ddl/ (.frm files in and out,
#                               rendered by the DDL module's SHOW CREATE; nothing includes frm/)
#   server/                     layer 3: include/, server/, and the error table's macros
#                               (catalog/errmsg_gen.h); uses the public API like tools/
#   tools/                      layer 3: include/, tools/ and server/server.h (public API)
#   tests/, bench/              anything, but never a .c file
#
# Fails, naming file and line, when a module includes a layer above it, a
# module beside it, catalog/catalog_priv.h from outside catalog/ (tests and
# benchmarks may look inside), or any .c file. `--graph` prints the module graph
# (module -> modules it includes, with counts) for docs/architecture.md.
set -euo pipefail
cd "$(dirname "$0")/.."

module_of() { # path -> module name
    case $1 in
    include/*) echo include ;;
    catalog/*) echo catalog ;;
    ddl/*) echo ddl ;;
    replicate/*) echo replicate ;;
    frm/*) echo frm ;;
    tools/*) echo tools ;;
    server/*) echo server ;;
    tests/*) echo tests ;;
    bench/*) echo bench ;;
    *) echo other ;;
    esac
}

# allowed FROM TO: may module FROM include module TO?
allowed() {
    [ "$1" = "$2" ] && return 0
    case "$1:$2" in
    catalog:include | ddl:include | ddl:catalog | replicate:include | replicate:catalog) return 0 ;;
    frm:include | frm:catalog | frm:ddl) return 0 ;;
    tools:include | server:include) return 0 ;;
    tests:* | bench:*) return 0 ;;
    esac
    return 1
}

status=0
edges=$(mktemp)
trap 'rm -f "$edges"' EXIT
while IFS= read -r file; do
    from=$(module_of "$file")
    while IFS=: read -r line inc; do
        [ -n "$inc" ] || continue
        if [ -f "$(dirname "$file")/$inc" ] && [ ! -f "$inc" ]; then
            target=$(dirname "$file")/$inc # relative to the including file
        else
            case $inc in
            syscat.h | syscat/*) target=include/$inc ;;
            *) target=$inc ;;
            esac
        fi
        to=$(module_of "$target")
        case $inc in *.c)
            echo "layers: $file:$line includes a .c file ($inc)" >&2
            status=1
            ;;
        esac
        if [ "$target" = catalog/catalog_priv.h ] && [ "$from" != catalog ] &&
            [ "$from" != tests ] && [ "$from" != bench ]; then
            echo "layers: $file:$line: catalog/catalog_priv.h is private to catalog/ (use catalog_int.h)" >&2
            status=1
        fi
        # server/ takes MariaDB's errors from the one table (macros only);
        # tools/ may start the server through server/server.h alone
        if [ "$from:$target" = server:catalog/errmsg_gen.h ] ||
            [ "$from:$target" = tools:server/server.h ]; then
            echo "$from -> $to" >>"$edges"
            continue
        fi
        if ! allowed "$from" "$to"; then
            echo "layers: $file:$line: $from/ includes $inc ($to/ is not below $from/, see docs/architecture.md)" >&2
            status=1
        fi
        [ "$from" = "$to" ] || echo "$from -> $to" >>"$edges"
    done < <(grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$file" |
        sed 's/^\([0-9]*\):.*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1:\2/')
done < <(git ls-files '*.c' '*.h' | grep -v '^build/')

if [ "${1:-}" = "--graph" ]; then
    sort "$edges" | uniq -c | awk '{print $2, $3, $4, "(" $1 " includes)"}'
fi
if [ $status -eq 0 ]; then
    echo "layers: include graph matches docs/architecture.md ($(sort -u "$edges" | wc -l) module edges)"
fi
exit $status
