#!/usr/bin/env bash
# run.sh - build and run every libFuzzer target tests/fuzz/fuzz_*.c for
# $FUZZ_SECONDS seconds each (default 60), with clang and
# -fsanitize=fuzzer,address,undefined.
#
# Each target is compiled with the library sources it names on its
# "fuzz-sources:" lines (default: all of catalog/ ddl/ replicate/), so one
# module's work in progress does not break another module's target.
# A target may also name extra libraries ("fuzz-libs: -ljansson") and cap its
# smoke time ("fuzz-max-seconds: 3", for targets too small to need more).
# Seeds for target NAME come from
#   tests/fuzz/seeds/NAME/            (checked-in files), and/or
#   tests/fuzz/seeds-NAME.sh OUTDIR   (a generator, e.g. cutting the oracle
#                                      corpus into inputs; gets $SC_ORACLE)
# and are copied into build/fuzz/corpus/NAME, which also keeps what the run
# finds. Crashes are written to build/fuzz/artifacts/NAME/ and fail the run.
#
# FUZZ_SEED fixes libFuzzer's random seed (the smoke run of `make test` sets
# it, so that on one machine it walks the same mutations every time and a red
# CI run reproduces; `make fuzz` leaves it unset: a new walk each run).
#
# Usage: FUZZ_SECONDS=10 [FUZZ_SEED=N] bash tests/fuzz/run.sh [NAME...]
set -euo pipefail
cd "$(dirname "$0")/../.."

FUZZ_SECONDS=${FUZZ_SECONDS:-60}
FUZZ_SEED=${FUZZ_SEED:-}
seed_arg=()
if [ -n "$FUZZ_SEED" ]; then seed_arg=(-seed="$FUZZ_SEED"); fi
SC_ORACLE=${SC_ORACLE:-../shared/oracle}
export SC_ORACLE
CLANG=${CLANG:-clang}
OUT=build/fuzz

if ! command -v "$CLANG" >/dev/null 2>&1; then
    echo "fuzz: $CLANG not found (make deps installs clang)" >&2
    exit 1
fi

# Generated headers (catalog/syscat.pb-c.h) through make, alone: the rule is not -j safe.
make -s BUILD=$OUT $OUT/gen/catalog/syscat.pb-c.h

# Sources a target links: lines "fuzz-sources: a.c dir/*.c" in the target
# name them (so a target does not depend on modules it does not exercise);
# without it the target gets every library source.
target_sources() {
    local line
    line=$(grep -o 'fuzz-sources:.*' "$1" | sed 's/fuzz-sources://; s/\*\/.*//' | tr '\n' ' ' || true)
    if [ -n "$line" ]; then
        # shellcheck disable=SC2086
        ls $line
    else
        ls catalog/*.c ddl/*.c replicate/*.c $OUT/gen/catalog/syscat.pb-c.c 2>/dev/null
    fi
}

# The value of a "KEY:" line of a target, or nothing.
target_tag() {
    grep -o "$2:.*" "$1" | sed "s/$2://; s/\*\/.*//" | tr '\n' ' ' || true
}

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    for src in tests/fuzz/fuzz_*.c; do
        targets+=("$(basename "$src" .c)")
    done
fi

status=0
for name in "${targets[@]}"; do
    src=tests/fuzz/$name.c
    bin=$OUT/$name
    corpus=$OUT/corpus/$name
    artifacts=$OUT/artifacts/$name
    mkdir -p "$corpus" "$artifacts"
    echo "fuzz: building $name"
    # shellcheck disable=SC2046
    "$CLANG" -std=c11 -D_GNU_SOURCE -g -O1 -w -Iinclude -I. -I$OUT/gen \
        $(pkg-config --cflags libmariadb 2>/dev/null) \
        -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
        "$src" $(target_sources "$src") \
        $(pkg-config --libs lmdb libprotobuf-c libmariadb libdeflate 2>/dev/null || echo -llmdb -lprotobuf-c -lmariadb -ldeflate) \
        $(target_tag "$src" fuzz-libs) -lz -lm -o "$bin"
    if [ -d "tests/fuzz/seeds/$name" ]; then
        cp -f tests/fuzz/seeds/"$name"/* "$corpus"/ 2>/dev/null || true
    fi
    if [ -f "tests/fuzz/seeds-$name.sh" ]; then
        bash "tests/fuzz/seeds-$name.sh" "$corpus"
    fi
    seconds=$FUZZ_SECONDS
    cap=$(target_tag "$src" fuzz-max-seconds | tr -d ' ')
    if [ -n "$cap" ] && [ "$cap" -lt "$seconds" ]; then seconds=$cap; fi
    echo "fuzz: running $name for ${seconds}s ($(ls "$corpus" | wc -l) inputs in corpus)"
    if ! "$bin" "${seed_arg[@]}" -max_total_time="$seconds" -print_final_stats=1 \
        -artifact_prefix="$artifacts/" "$corpus" 2>"$OUT/$name.log"; then
        echo "fuzz: $name FAILED, see $OUT/$name.log and $artifacts/" >&2
        tail -40 "$OUT/$name.log" >&2
        status=1
    else
        grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb" "$OUT/$name.log" | sed "s/^/fuzz: $name /"
    fi
done
exit $status
