#!/usr/bin/env bash
# seeds-fuzz_ddl.sh OUTDIR - seed inputs for fuzz_ddl.c: every input.sql of
# the oracle DDL corpus ($SC_ORACLE/ddl) and of our recorded extra corpus
# (tests/data/ddl-extra), one file per case.
set -euo pipefail
out=$1
mkdir -p "$out"
for f in "${SC_ORACLE:-../shared/oracle}"/ddl/*/input.sql tests/data/ddl-extra/*/input.sql; do
    [ -f "$f" ] || continue
    cp -f "$f" "$out/$(basename "$(dirname "$f")").sql"
done
