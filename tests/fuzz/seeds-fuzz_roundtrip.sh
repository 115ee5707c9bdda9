#!/usr/bin/env bash
# seeds-fuzz_roundtrip.sh OUTDIR - seed inputs for fuzz_roundtrip.c: one in
# three of fuzz_ddl's seeds (corpus input.sql files, deep and wide cases).
# Each input replays a whole dump, so the smoke run's first pass over the
# seeds is kept short; `make fuzz` grows the corpus from there.
set -euo pipefail
out=$1
tmp=$(mktemp -d)
bash "$(dirname "$0")/seeds-fuzz_ddl.sh" "$tmp"
mkdir -p "$out"
i=0
for f in "$tmp"/*; do
    if [ $((i % 3)) -eq 0 ] || [[ $f == *deep* ]]; then cp -f "$f" "$out/"; fi
    i=$((i + 1))
done
rm -rf "$tmp"
