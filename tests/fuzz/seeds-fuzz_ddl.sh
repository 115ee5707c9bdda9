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
# Deep and wide statements near and past the limits (issue 8): nesting at
# and over 1000 levels, a long operator chain, many columns and ENUM values.
python3 - "$out" <<'PY'
import sys
out = sys.argv[1]
cases = {
    "deep-parens": "CREATE TABLE d (a INT DEFAULT (" + "(" * 1200 + "1" + ")" * 1200 + "));\n",
    "deep-calls": "CREATE TABLE d (a INT DEFAULT (" + "abs(" * 990 + "1" + ")" * 990 + "));\n",
    "deep-not": "CREATE TABLE d (a INT, CHECK (" + "NOT " * 990 + "a));\n",
    "long-chain": "CREATE TABLE d (a INT, b INT AS (" + "+".join(["a"] * 1500) + "));\n",
    "wide-table": "CREATE TABLE d (" + ",".join("c%d INT" % i for i in range(1100)) + ");\n",
    "wide-enum": "CREATE TABLE d (a ENUM(" + ",".join("'v%d'" % i for i in range(3000)) + "));\n",
}
for name, sql in cases.items():
    with open("%s/%s.sql" % (out, name), "w") as f:
        f.write(sql)
PY
