#!/usr/bin/env bash
# packaging.sh - `make install` and the README's C example, as a user meets
# them: stages `make install DESTDIR=<tmp> PREFIX=/usr`, checks what was
# installed (release objects, no sanitizer symbols; soname and symlinks;
# syscat.pc; version macros = sc_version()), then takes the first ```c block
# of README.md verbatim and builds it with the README's own `cc ...` link
# lines (pkg-config through PKG_CONFIG_PATH/PKG_CONFIG_SYSROOT_DIR into the
# staged tree), once against the shared library and once statically, runs
# both and compares their output with the README's ```text block.
# Exit 0 when everything holds, 1 with the reason otherwise.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
README="$ROOT/README.md"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/syscat-packaging-XXXXXX")
trap 'rm -rf "$WORK"' EXIT
STAGE="$WORK/stage"
LIBDIR="$STAGE/usr/lib"
fails=0

fail() { echo "packaging: FAIL: $*" >&2; fails=$((fails + 1)); }

# block FENCE: the lines of README.md's first ```FENCE block, verbatim.
block() { awk -v open="\`\`\`$1" '$0 == open { f = 1; next } f && $0 == "```" { exit } f' "$README"; }

block c > "$WORK/example.c"
block text > "$WORK/expected.txt"
block sh | grep '^cc ' > "$WORK/link.sh"
[ -s "$WORK/example.c" ] || { echo "packaging: no \`\`\`c block in README.md" >&2; exit 1; }
[ -s "$WORK/expected.txt" ] || { echo "packaging: no \`\`\`text block in README.md" >&2; exit 1; }
[ "$(wc -l < "$WORK/link.sh")" = 2 ] ||
    { echo "packaging: README.md's \`\`\`sh block needs two 'cc ...' link lines" >&2; exit 1; }

hdr() { sed -n "s/^#define SYSCAT_VERSION_$1 \\([0-9]*\\)\$/\\1/p" "$ROOT/include/syscat.h"; }
major=$(hdr MAJOR); version="$major.$(hdr MINOR).$(hdr PATCH)"
grep -qx "#define SYSCAT_VERSION \"$version\"" "$ROOT/include/syscat.h" ||
    fail "SYSCAT_VERSION in include/syscat.h is not \"$version\" (the MAJOR/MINOR/PATCH macros)"

if ! make -C "$ROOT" --no-print-directory install DESTDIR="$STAGE" PREFIX=/usr \
        > "$WORK/install.log" 2>&1; then
    tail -20 "$WORK/install.log" >&2
    echo "packaging: make install DESTDIR=$STAGE PREFIX=/usr failed" >&2
    exit 1
fi

for f in usr/bin/syscat usr/lib/libsyscat.a "usr/lib/libsyscat.so.$version" \
         usr/lib/pkgconfig/syscat.pc usr/include/syscat.h usr/share/man/man1/syscat.1 \
         usr/share/bash-completion/completions/syscat; do
    [ -f "$STAGE/$f" ] || fail "make install did not install /$f"
done
# The man page renders without a warning; the completion offers the commands.
if command -v nroff >/dev/null 2>&1; then
    warn=$(nroff -man -ww "$STAGE/usr/share/man/man1/syscat.1" 2>&1 >/dev/null)
    [ -z "$warn" ] || fail "the man page has warnings: $warn"
fi
words=$(bash -c '. "$1"; COMP_WORDS=(syscat res); COMP_CWORD=1; _syscat; echo "${COMPREPLY[*]}"' \
    _ "$STAGE/usr/share/bash-completion/completions/syscat")
[ "$words" = "resize" ] || fail "bash completion of 'syscat res' gave '$words', not 'resize'"
words=$(bash -c '. "$1"; COMP_WORDS=(syscat binlog v); COMP_CWORD=2; _syscat; echo "${COMPREPLY[*]}"' \
    _ "$STAGE/usr/share/bash-completion/completions/syscat")
[ "$words" = "verify" ] || fail "bash completion of 'syscat binlog v' gave '$words', not 'verify'"
for h in "$ROOT"/include/syscat/*.h; do
    cmp -s "$h" "$STAGE/usr/include/syscat/$(basename "$h")" ||
        fail "make install did not install include/syscat/$(basename "$h")"
done
[ "$(readlink "$LIBDIR/libsyscat.so.$major")" = "libsyscat.so.$version" ] ||
    fail "libsyscat.so.$major is not a link to libsyscat.so.$version"
[ "$(readlink "$LIBDIR/libsyscat.so")" = "libsyscat.so.$major" ] ||
    fail "libsyscat.so is not a link to libsyscat.so.$major"
soname=$(readelf -d "$LIBDIR/libsyscat.so.$version" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = "libsyscat.so.$major" ] || fail "soname is '$soname', not libsyscat.so.$major"
# Release objects only: the debug flavour's sanitizers would leak into users' programs.
for f in "$LIBDIR/libsyscat.so.$version" "$LIBDIR/libsyscat.a" "$STAGE/usr/bin/syscat"; do
    if nm -A "$f" 2>/dev/null | grep -q '__asan_\|__ubsan_'; then
        fail "$(basename "$f") has sanitizer symbols (debug objects installed)"
    fi
done

export PKG_CONFIG_PATH="$LIBDIR/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$STAGE"
[ "$(pkg-config --modversion syscat 2>&1)" = "$version" ] ||
    fail "pkg-config --modversion syscat: $(pkg-config --modversion syscat 2>&1)"

# The README's link lines, as written, in the directory holding example.c.
while IFS= read -r line; do
    if ! (cd "$WORK" && eval "$line") > "$WORK/cc.log" 2>&1; then
        fail "README link line failed: $line"; sed 's/^/    /' "$WORK/cc.log" >&2
    elif [ -s "$WORK/cc.log" ]; then
        fail "README link line warned: $line"; sed 's/^/    /' "$WORK/cc.log" >&2
    fi
done < "$WORK/link.sh"

# run NAME: run the built example in a fresh data directory, check its output.
run() {
    local bin="$WORK/$1" data="$WORK/data-$1"
    [ -x "$bin" ] || { fail "the README link lines built no $1"; return; }
    if ! LD_LIBRARY_PATH="$LIBDIR" "$bin" "$data" > "$WORK/$1.out" 2> "$WORK/$1.err"; then
        fail "$1 exited non-zero: $(head -c 300 "$WORK/$1.err")"
    elif ! cmp -s "$WORK/expected.txt" "$WORK/$1.out"; then
        fail "$1 output differs from README.md (< README, > $1):"
        diff "$WORK/expected.txt" "$WORK/$1.out" | head -10 | sed 's/^/    /' >&2
    fi
    [ -s "$data/binlog/binlog.000001" ] || fail "$1 left no binlog in $data/binlog"
}
run example
run example-static
if [ -x "$WORK/example" ]; then
    LD_LIBRARY_PATH="$LIBDIR" ldd "$WORK/example" | grep -q "libsyscat.so.$major => $LIBDIR/" ||
        fail "example is not linked against the staged libsyscat.so.$major"
fi
if [ -x "$WORK/example-static" ] && readelf -d "$WORK/example-static" 2>/dev/null | grep -q NEEDED; then
    fail "example-static has dynamic dependencies"
fi

if [ $fails -gt 0 ]; then echo "packaging: $fails check(s) failed" >&2; exit 1; fi
echo "packaging: make install (syscat $version) and the README example (shared, static) work as documented"
