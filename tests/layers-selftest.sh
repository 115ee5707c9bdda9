#!/usr/bin/env bash
# layers-selftest.sh - tests/layers.sh fails on each kind of include the
# ```layers block of docs/architecture.md does not allow, and on a block that
# draws an edge the code does not have. Each case copies the tracked sources
# and the doc into a scratch git tree, breaks one thing, and expects layers.sh
# to exit 1 with a message naming the offence. Run by tests/run-extra.sh.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/layers-selftest.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
status=0

fresh() { # a scratch tree equal to the real one (tracked .c/.h + the doc)
    rm -rf "$TMP/t"
    mkdir -p "$TMP/t"
    (cd "$ROOT" && git ls-files '*.c' '*.h' docs/architecture.md | xargs cp --parents -t "$TMP/t")
    git -C "$TMP/t" init -q
}
track() { git -C "$TMP/t" add -A; }

# expect_fail NAME PATTERN: layers.sh on the scratch tree exits 1 and says PATTERN
expect_fail() {
    track
    if out=$(LAYERS_ROOT="$TMP/t" bash "$HERE/layers.sh" 2>&1); then
        echo "layers-selftest: $1: layers.sh passed, expected a failure" >&2
        status=1
    elif ! grep -q -- "$2" <<<"$out"; then
        echo "layers-selftest: $1: no line matching '$2' in:" >&2
        echo "$out" >&2
        status=1
    else
        echo "ok: $1"
    fi
}

fresh
track
if ! LAYERS_ROOT="$TMP/t" bash "$HERE/layers.sh" >/dev/null; then
    echo "layers-selftest: the unchanged copy fails" >&2
    exit 1
fi
echo "ok: unchanged copy passes"

fresh
printf '#include "ddl/ast.h"\n' >"$TMP/t/replicate/zz_side.c"
expect_fail "replicate/ includes ddl/" 'replicate/zz_side.c:1: replicate/ includes ddl/ast.h'

fresh
printf '/* x */\n#include "catalog/catalog_int.h"\n' >"$TMP/t/server/zz_cat.c"
expect_fail "server/ includes a catalog header other than errmsg_gen.h" 'server/zz_cat.c:2: server/ includes catalog/catalog_int.h'

fresh
printf '#include "server/srv_int.h"\n' >"$TMP/t/tools/zz_srv.c"
expect_fail "tools/ includes a server header other than server.h" 'tools/zz_srv.c:1: tools/ includes server/srv_int.h'

fresh
printf '#include "tools/cli.h"\n' >"$TMP/t/catalog/zz_up.c"
expect_fail "catalog/ includes a layer above" 'catalog/zz_up.c:1: catalog/ includes tools/cli.h'

fresh
printf '#include "catalog/catalog_priv.h"\n' >"$TMP/t/ddl/zz_priv.c"
expect_fail "ddl/ includes catalog_priv.h" 'ddl/zz_priv.c:1: catalog/catalog_priv.h is private'

fresh
printf '#include "zz_other.c"\n' >"$TMP/t/tests/zz_inc.c"
expect_fail "a .c file included" 'tests/zz_inc.c:1 includes a .c file'

fresh
mkdir -p "$TMP/t/common"
printf 'int zz;\n' >"$TMP/t/common/zz.c"
expect_fail "a module the doc does not name" 'module common/ has no line'

fresh
sed -i 's/^tools     : include server\/server.h$/tools     : include server\/server.h ddl/' "$TMP/t/docs/architecture.md"
expect_fail "the doc allows an edge no file has" 'allows tools -> ddl but no file'

fresh
sed -i '/^```layers$/,/^```$/d' "$TMP/t/docs/architecture.md"
expect_fail "the doc has no layers block" 'no ```layers block'

exit $status
