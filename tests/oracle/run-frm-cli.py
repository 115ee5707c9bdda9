#!/usr/bin/env python3
"""run-frm-cli.py - the .frm reader against the DDL oracle corpus (issue 15,
acceptance 1): for every case, `syscat frm show` of each table's .frm file
(frm/<dbdir>/<table>.frm, as MariaDB 10.11 wrote it) must print that table's
SHOW CREATE TABLE text from the case's schema.sql byte for byte.

One exception, because .frm files do not hold foreign keys (InnoDB keeps them
in its own dictionary): the expected text loses exactly its
`CONSTRAINT ... FOREIGN KEY ...` lines, each with the comma that ends the line
before it. Nothing else is changed.

A case passes when every table of it passes. The list of passing cases is a
strict ratchet (tests/oracle/frm-expected-pass.txt): the run fails when a
listed case fails (a regression) and when a case passes that is not listed
(add it). Prints table and case pass counts.

usage: run-frm-cli.py [-v] [--oracle DIR] [--expected FILE] [--update]
Environment: SC_BUILD (build directory, default build), SC_ORACLE (corpus root).
"""
import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FK_LINE = re.compile(r",\n  CONSTRAINT `(?:[^`]|``)*` FOREIGN KEY [^\n]*?(?=,?\n)")
CREATE_TABLE = re.compile(r"CREATE TABLE `((?:[^`]|``)*)`")
CREATE_DB = re.compile(r"CREATE DATABASE `((?:[^`]|``)*)`")


def expected_tables(schema_sql):
    """{(db, table): SHOW CREATE TABLE text without FK lines} from schema.sql."""
    out, db = {}, None
    for stmt in schema_sql.split(";\n\n"):
        m = CREATE_DB.match(stmt)
        if m:
            db = m.group(1).replace("``", "`")
            continue
        m = CREATE_TABLE.match(stmt)
        if m:
            out[(db, m.group(1).replace("``", "`"))] = FK_LINE.sub("", stmt)
    return out


def show(syscat, *paths):
    r = subprocess.run([syscat, "frm", "show"] + list(paths), capture_output=True)
    return r.returncode, r.stdout.decode("utf-8", "replace"), r.stderr.decode("utf-8", "replace")


def run_case(syscat, case_dir, verbose):
    """(tables passed, tables, first problem or None)."""
    with open(os.path.join(case_dir, "schema.sql"), encoding="utf-8") as f:
        want = expected_tables(f.read())
    frm_root = os.path.join(case_dir, "frm")
    files = []
    if os.path.isdir(frm_root):
        for d in sorted(os.listdir(frm_root)):
            for name in sorted(os.listdir(os.path.join(frm_root, d))):
                if name.endswith(".frm"):
                    files.append(os.path.join(frm_root, d, name))
    ok, problem, seen = 0, None, set()
    # one call for the whole case; per file only when it fails (to name the file)
    rc, out, err = show(syscat, *files) if files else (0, "", "")
    texts = out.split(";\n\n")[:-1] if rc == 0 else []
    for i, path in enumerate(files):
        if len(texts) == len(files):
            text = texts[i]
        else:
            rc, out, err = show(syscat, path)
            text = out[:-3] if out.endswith(";\n\n") else out
        m = CREATE_TABLE.match(text)
        key = None
        if m:
            name = m.group(1).replace("``", "`")
            db = os.path.basename(os.path.dirname(path))
            keys = [k for k in want if k[1] == name and k not in seen]
            if len(keys) > 1:
                keys = [k for k in keys if k[0] == db]
            key = keys[0] if len(keys) == 1 else None
        if rc == 0 and key and want[key] == text:
            ok += 1
            seen.add(key)
            continue
        if problem is None:
            rel = os.path.relpath(path, case_dir)
            if rc != 0:
                problem = "%s: exit %d: %s" % (rel, rc, err.strip())
            elif not key:
                problem = "%s: no table of schema.sql matches %r" % (rel, text[:60])
            else:
                problem = "%s: differs:\n%s" % (rel, diff(want[key], text))
    if len(files) != len(want) and problem is None:
        problem = "%d .frm files for %d tables in schema.sql" % (len(files), len(want))
    return ok, len(want), problem


def diff(a, b):
    al, bl = a.split("\n"), b.split("\n")
    lines = []
    for i in range(max(len(al), len(bl))):
        x = al[i] if i < len(al) else "<none>"
        y = bl[i] if i < len(bl) else "<none>"
        if x != y:
            lines.append("  expected: %s\n  got:      %s" % (x, y))
    return "\n".join(lines[:4])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-v", action="store_true")
    ap.add_argument("--oracle", default=os.environ.get("SC_ORACLE", os.path.join(ROOT, "..", "shared", "oracle")))
    ap.add_argument("--expected", default=os.path.join(HERE, "frm-expected-pass.txt"))
    ap.add_argument("--update", action="store_true", help="rewrite the expected-pass list")
    args = ap.parse_args()
    syscat = os.path.join(os.environ.get("SC_BUILD", os.path.join(ROOT, "build")), "syscat")
    corpus = os.path.join(args.oracle, "ddl")
    if not os.path.isdir(corpus):
        print("run-frm-cli: no corpus at %s" % corpus, file=sys.stderr)
        return 1
    try:
        with open(args.expected, encoding="utf-8") as f:
            expected = set(l.strip() for l in f if l.strip())
    except OSError as e:
        print("run-frm-cli: cannot read %s: %s" % (args.expected, e), file=sys.stderr)
        return 1
    passed, t_ok, t_all, regressions, unlisted = [], 0, 0, [], []
    cases = sorted(d for d in os.listdir(corpus) if os.path.isdir(os.path.join(corpus, d)))
    for case in cases:
        ok, n, problem = run_case(syscat, os.path.join(corpus, case), args.v)
        t_ok, t_all = t_ok + ok, t_all + n
        if problem is None:
            passed.append(case)
            if case not in expected:
                unlisted.append(case)
        else:
            if case in expected:
                regressions.append(case)
            if args.v or case in expected:
                print("FAIL %s%s: %s" % (case, " (REGRESSION)" if case in expected else "", problem))
    print("run-frm-cli: tables %d/%d, cases %d/%d pass (FOREIGN KEY lines removed from the "
          "expected text: .frm files do not hold them)" % (t_ok, t_all, len(passed), len(cases)))
    if args.update:
        with open(args.expected, "w", encoding="utf-8") as f:
            f.write("".join(c + "\n" for c in passed))
        return 0
    rc = 0
    if regressions:
        print("run-frm-cli: %d regression(s) of listed cases" % len(regressions), file=sys.stderr)
        rc = 1
    if unlisted:
        print("run-frm-cli: passing case(s) missing from %s (the ratchet must list every pass): %s"
              % (args.expected, " ".join(unlisted)), file=sys.stderr)
        rc = 1
    return rc


if __name__ == "__main__":
    sys.exit(main())
