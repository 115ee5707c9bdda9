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


CREATE_SEQ = re.compile(r"CREATE SEQUENCE `((?:[^`]|``)*)`")
CREATE_VIEW = re.compile(r"CREATE ALGORITHM=\w+ DEFINER=\S+ SQL SECURITY \w+ VIEW `((?:[^`]|``)*)`\.`((?:[^`]|``)*)`")
CREATE_TRIGGER = re.compile(r"CREATE DEFINER=\S+ TRIGGER ")
SEQ_TABLE = re.compile(r"CREATE TABLE `((?:[^`]|``)*)` \(\n  `next_not_cached_value` bigint\(21\) NOT NULL,\n.*\) ENGINE=\w+ SEQUENCE=1$", re.S)


def unq(s):
    return s.replace("``", "`")


def expected_objects(schema_sql):
    """{(kind, db, name): SHOW CREATE text without FK lines} from schema.sql; kind is
    table, sequence, view or trigger (a trigger's name is its whole statement)."""
    out, db = {}, None
    for stmt in schema_sql.split(";\n\n"):
        m = CREATE_DB.match(stmt)
        if m:
            db = unq(m.group(1))
            continue
        for kind, rx in (("table", CREATE_TABLE), ("sequence", CREATE_SEQ)):
            m = rx.match(stmt)
            if m:
                out[(kind, db, unq(m.group(1)))] = FK_LINE.sub("", stmt)
        m = CREATE_VIEW.match(stmt)
        if m:
            out[("view", unq(m.group(1)), unq(m.group(2)))] = stmt
        if CREATE_TRIGGER.match(stmt):
            out[("trigger", db, stmt)] = stmt
    return out


def show(syscat, *paths):
    r = subprocess.run([syscat, "frm", "show"] + list(paths), capture_output=True)
    return r.returncode, r.stdout.decode("utf-8", "replace"), r.stderr.decode("utf-8", "replace")


def case_files(case_dir):
    frm_root = os.path.join(case_dir, "frm")
    files = []
    if os.path.isdir(frm_root):
        for d in sorted(os.listdir(frm_root)):
            for name in sorted(os.listdir(os.path.join(frm_root, d))):
                if name.endswith(".frm") or name.endswith(".TRG"):
                    files.append(os.path.join(frm_root, d, name))
    return files


def identify(text, db):
    """The keys of expected_objects a printed text stands for."""
    m = CREATE_VIEW.match(text)
    if m:
        return [("view", unq(m.group(1)), unq(m.group(2)))]
    if CREATE_TRIGGER.match(text):
        return [("trigger", db, t) for t in text.split(";\n\n")]
    m = SEQ_TABLE.match(text)
    if m:  # a sequence's .frm holds its table, not its values (see the module doc)
        return [("sequence", db, unq(m.group(1)))]
    m = CREATE_TABLE.match(text)
    if m:
        return [("table", db, unq(m.group(1)))]
    return []


def run_case(syscat, case_dir, verbose):
    """(objects passed, objects, first problem or None)."""
    with open(os.path.join(case_dir, "schema.sql"), encoding="utf-8") as f:
        want = expected_objects(f.read())
    files = case_files(case_dir)
    ok, problem, seen = 0, None, set()
    # one call for the whole case; per file only when it fails (to name the file)
    rc, out, err = show(syscat, *files) if files else (0, "", "")
    texts = []
    if rc == 0:
        pieces = out.split(";\n\n")[:-1]
        # a .TRG prints several statements: regroup by file
        for path in files:
            if path.endswith(".TRG"):
                n = 0
                while n < len(pieces) and CREATE_TRIGGER.match(pieces[n]):
                    n += 1
                texts.append(";\n\n".join(pieces[:n]))
                pieces = pieces[n:]
            else:
                texts.append(pieces.pop(0) if pieces else "")
    for i, path in enumerate(files):
        if len(texts) == len(files):
            text = texts[i]
        else:
            rc, out, err = show(syscat, path)
            text = out[:-3] if out.endswith(";\n\n") else out
        db = os.path.basename(os.path.dirname(path))
        keys = identify(text, db) if rc == 0 else []
        # the directory name is in MariaDB's filename encoding: when it is not the
        # database's name, take the one object of that kind and name
        for j, k in enumerate(keys):
            if k not in want:
                alt = [w for w in want if w[0] == k[0] and w[2] == k[2] and w not in seen]
                if len(alt) == 1:
                    keys[j] = alt[0]
        good = [k for k in keys if k in want and k not in seen and
                (k[0] == "sequence" or want[k] == (text if k[0] != "trigger" else k[2]))]
        if rc == 0 and keys and len(good) == len(keys):
            ok += len(keys)
            seen.update(keys)
            continue
        if problem is None:
            rel = os.path.relpath(path, case_dir)
            if rc != 0:
                problem = "%s: exit %d: %s" % (rel, rc, err.strip())
            elif not keys or not all(k in want for k in keys):
                problem = "%s: nothing of schema.sql matches %r" % (rel, text[:60])
            else:
                k = [k for k in keys if k not in good][0]
                problem = "%s: differs:\n%s" % (rel, diff(want[k], text))
    missing = [k for k in want if k not in seen]
    if missing and problem is None:
        problem = "%d object(s) of schema.sql printed by no file, e.g. %s" % (len(missing), missing[0][:2] + (missing[0][2][:40],))
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
    ap.add_argument("--corpus", default="ddl", help="ddl or ddl-objects")
    ap.add_argument("--expected", default=None)
    ap.add_argument("--update", action="store_true", help="rewrite the expected-pass list")
    args = ap.parse_args()
    syscat = os.path.join(os.environ.get("SC_BUILD", os.path.join(ROOT, "build")), "syscat")
    corpus = os.path.join(args.oracle, args.corpus)
    if args.expected is None:
        args.expected = os.path.join(HERE, "frm-expected-pass.txt" if args.corpus == "ddl"
                                     else "frm-objects-expected-pass.txt")
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
    print("run-frm-cli %s: objects %d/%d, cases %d/%d pass (FOREIGN KEY lines removed from the "
          "expected text: .frm files do not hold them; a sequence's .frm holds its table, not its "
          "values: it must print as that table)" % (args.corpus, t_ok, t_all, len(passed), len(cases)))
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
