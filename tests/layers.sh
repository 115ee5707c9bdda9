#!/usr/bin/env bash
# layers.sh - the module dependency graph, derived from the `#include "..."`
# lines of the sources, checked against the rules docs/architecture.md states.
#
# The rules are read from the ```layers block of docs/architecture.md (section
# "Modules and dependency direction"), one line per module:
#
#   MODULE : TARGET...
#
# A module (a top-level directory) may include its own files and each TARGET:
# a module name (any file of it), a file path (that file only) or `*` (anything).
# Fails, naming file and line, when
#   - a file includes something its module's line does not allow;
#   - a file lies in a module the block has no line for;
#   - the block allows a target no file includes (the doc draws an edge the
#     code does not have; `*` is exempt);
#   - a file outside catalog/, tests/ and bench/ includes catalog/catalog_priv.h;
#   - any file includes a .c file.
# `--graph` prints the module graph (module -> modules it includes, with counts).
# LAYERS_ROOT=DIR checks another git work tree (tests/layers-selftest.sh).
set -euo pipefail
set -f # `*` in the rules is a word, not a glob
cd "${LAYERS_ROOT:-$(dirname "$0")/..}"
DOC=docs/architecture.md

declare -A rule=() # module -> " target target ... "
declare -A used=() # "module target" -> 1 once an include used that allowance
while IFS= read -r line; do
    line=${line%%#*}
    [[ $line =~ ^[[:space:]]*([a-z_]+)[[:space:]]*:(.*)$ ]] || continue
    read -ra words <<<"${BASH_REMATCH[2]}"
    rule[${BASH_REMATCH[1]}]=" ${words[*]} "
done < <(sed -n '/^```layers$/,/^```$/p' "$DOC")
if [ ${#rule[@]} -eq 0 ]; then
    echo "layers: no \`\`\`layers block in $DOC" >&2
    exit 1
fi

status=0
fail() {
    echo "layers: $*" >&2
    status=1
}

# target_of FILE INC: sets $target (path) and $to (module) for `#include "INC"` in FILE
target_of() {
    local dir=${1%/*}
    if [ -f "$dir/$2" ] && [ ! -f "$2" ]; then
        target=$dir/$2 # relative to the including file
    else
        case $2 in
        syscat.h | syscat/*) target=include/$2 ;;
        *) target=$2 ;;
        esac
    fi
    case $target in */*) to=${target%%/*} ;; *) to="?" ;; esac
}

edges=$(mktemp)
trap 'rm -f "$edges"' EXIT
declare -A nomodule
files=$(git ls-files '*.c' '*.h' | grep -v '^build/')
for file in $files; do
    case $file in */*) from=${file%%/*} ;; *) from="?" ;; esac
    if [ -z "${rule[$from]+x}" ] && [ -z "${nomodule[$from]+x}" ]; then
        fail "$file: module $from/ has no line in the \`\`\`layers block of $DOC"
        nomodule[$from]=1
    fi
done
while IFS=: read -r file line inc; do
    case $file in */*) from=${file%%/*} ;; *) from="?" ;; esac
    [ -n "${rule[$from]+x}" ] || continue
    target_of "$file" "$inc"
    case $inc in *.c) fail "$file:$line includes a .c file ($inc)" ;; esac
    if [ "$target" = catalog/catalog_priv.h ] && [ "$from" != catalog ] &&
        [ "$from" != tests ] && [ "$from" != bench ]; then
        fail "$file:$line: catalog/catalog_priv.h is private to catalog/ (use catalog_int.h)"
    fi
    [ "$from" = "$to" ] && continue
    echo "$from -> $to" >>"$edges"
    allow=${rule[$from]}
    if [[ $allow == *" $target "* ]]; then
        used["$from $target"]=1
    elif [[ $allow == *" $to "* ]]; then
        used["$from $to"]=1
    elif [[ $allow != *" * "* ]]; then
        fail "$file:$line: $from/ includes $inc, which the \`\`\`layers block of $DOC does not allow ($from :${allow% })"
    fi
done < <(echo "$files" | xargs grep -Hn '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' /dev/null |
    sed 's/^\([^:]*\):\([0-9]*\):.*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1:\2:\3/')

# every allowance the doc draws must be an edge the code has
for from in "${!rule[@]}"; do
    for t in ${rule[$from]}; do
        [ "$t" = "*" ] || [ -n "${used["$from $t"]+x}" ] ||
            fail "$DOC allows $from -> $t but no file of $from/ includes it (remove it from the doc, or the drawing is stale)"
    done
done

if [ "${1:-}" = "--graph" ]; then
    sort "$edges" | uniq -c | awk '{print $2, $3, $4, "(" $1 " includes)"}'
fi
if [ $status -eq 0 ]; then
    echo "layers: include graph matches docs/architecture.md ($(sort -u "$edges" | wc -l) module edges)"
fi
exit $status
