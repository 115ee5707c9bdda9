#!/usr/bin/env bash
# seeds-fuzz_split.sh OUTDIR - seed inputs for fuzz_split.c: the DDL seeds
# (every corpus input.sql) and a few hand-made quoting/comment cases.
set -euo pipefail
out=$1
bash "$(dirname "$0")/seeds-fuzz_ddl.sh" "$out"
printf "a;'b;c';\"d\\\\\";\";\`e;\`;# f;\n-- g;\n--h;/* i; */ /*!j;*/ k" >"$out/quotes-comments.sql"
