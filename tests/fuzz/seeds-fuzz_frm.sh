#!/usr/bin/env bash
# seeds-fuzz_frm.sh OUTDIR - seed inputs for fuzz_frm.c: every .frm (binary
# tables, text views), .TRG, .TRN and .par file of the oracle corpora
# ($SC_ORACLE/ddl*/CASE/frm/DB/*), one file each, named after case, database
# directory and file.
set -euo pipefail
out=$1
mkdir -p "$out"
for f in "${SC_ORACLE:-../shared/oracle}"/ddl*/*/frm/*/*.frm \
         "${SC_ORACLE:-../shared/oracle}"/ddl*/*/frm/*/*.TR[GN] \
         "${SC_ORACLE:-../shared/oracle}"/ddl*/*/frm/*/*.par; do
    [ -f "$f" ] || continue
    case_dir=$(basename "$(dirname "$(dirname "$(dirname "$f")")")")
    cp -f "$f" "$out/$case_dir-$(basename "$(dirname "$f")")-$(basename "$f")"
done
