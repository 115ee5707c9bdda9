#!/usr/bin/env bash
# seeds-fuzz_roundtrip.sh OUTDIR - seed inputs for fuzz_roundtrip.c: the
# same statements as fuzz_ddl (every corpus input.sql, deep and wide cases).
set -euo pipefail
bash "$(dirname "$0")/seeds-fuzz_ddl.sh" "$1"
