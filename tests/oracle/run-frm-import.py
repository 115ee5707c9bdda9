#!/usr/bin/env python3
"""run-frm-import.py - `syscat import frm` against the DDL oracle corpus (issue 15,
acceptance 2): for every case, a fresh catalog (`syscat init`), then
`syscat import frm CASE/frm`, then `syscat dump --show-create` must print the
case's schema.sql byte for byte

  * without --foreign-keys: apart from the `CONSTRAINT ... FOREIGN KEY` lines,
    which .frm files do not hold (the expected text loses exactly those lines
    and the comma before each; nothing else changes);
  * with `--foreign-keys CASE/schema.sql` (the FK constraints of its CREATE
    TABLE statements): with no exception.

The second form runs for every case; the first only for cases whose
schema.sql has a FOREIGN KEY (for the others both forms import the same
thing). A case passes a form when the dump matches. Both pass lists are
strict ratchets (tests/oracle/frm-import-expected-pass.txt: lines `fk CASE`
and `nofk CASE`): a listed case that fails is a regression, a passing case
that is not listed must be added (--update rewrites the list).

With --sample N only every Nth case (and every case with a foreign key or an
AUTO_INCREMENT=N table option) runs:
`make test` uses --sample 4 to stay within its time budget; the full run is
`python3 tests/oracle/run-frm-import.py` (docs/testing.md).

usage: run-frm-import.py [-v] [-j N] [--sample N] [--oracle DIR] [--expected FILE] [--update]
Environment: SC_BUILD (build directory, default build), SC_ORACLE (corpus root).
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FK_LINE = re.compile(r",\n  CONSTRAINT `(?:[^`]|``)*` FOREIGN KEY [^\n]*?(?=,?\n)")


def first_diff(a, b):
    al, bl = a.split("\n"), b.split("\n")
    for i in range(max(len(al), len(bl))):
        x = al[i] if i < len(al) else "<none>"
        y = bl[i] if i < len(bl) else "<none>"
        if x != y:
            return "line %d:\n  expected: %s\n  got:      %s" % (i + 1, x, y)
    return "identical?"


def run_form(syscat, template, case_dir, with_fk, tmp_root):
    """None when the dump matches, else the first problem."""
    d = tempfile.mkdtemp(dir=tmp_root)
    try:
        data = os.path.join(d, "data")
        shutil.copytree(template, data)
        schema = os.path.join(case_dir, "schema.sql")
        with open(schema, encoding="utf-8") as f:
            want = f.read()
        cmd = [syscat, "--datadir", data, "import", "frm", os.path.join(case_dir, "frm")]
        if with_fk:
            cmd += ["--foreign-keys", schema]
        else:
            want = FK_LINE.sub("", want)
        if os.path.isdir(os.path.join(case_dir, "frm")):
            r = subprocess.run(cmd, capture_output=True)
            if r.returncode != 0:
                return "import exit %d: %s" % (r.returncode, r.stderr.decode("utf-8", "replace").strip()[:400])
        r = subprocess.run([syscat, "--datadir", data, "dump", "--show-create"], capture_output=True)
        got = r.stdout.decode("utf-8", "replace")
        if r.returncode != 0:
            return "dump exit %d: %s" % (r.returncode, r.stderr.decode("utf-8", "replace").strip())
        return None if got == want else first_diff(want, got)
    finally:
        shutil.rmtree(d, ignore_errors=True)


def bad_file_check(syscat, template, corpus, tmp_root, objects):
    """A directory with one damaged .frm: nothing imported, the error names the
    file and offset (a view's text .frm: the line); with --skip-bad the good
    table is imported. None or the problem."""
    d = tempfile.mkdtemp(dir=tmp_root)
    db = os.path.join(d, "frm", "db1")
    os.makedirs(db)
    if objects:  # a table and a view .frm cut inside its query line
        src = os.path.join(corpus, "0035-view-of-view", "frm", "test", "t.frm")
        bad_src, cut, where = os.path.join(corpus, "0035-view-of-view", "frm", "test", "v1.frm"), 40, "bad.frm: line 2"
    else:
        src = os.path.join(corpus, "0007-decimal-types", "frm", "test", "t.frm")
        bad_src, cut, where = src, 300, "bad.frm: offset "  # truncated inside the column block
    shutil.copy(src, os.path.join(db, "good.frm"))
    with open(bad_src, "rb") as f:
        raw = f.read()
    with open(os.path.join(db, "bad.frm"), "wb") as f:
        f.write(raw[:cut])
    data = os.path.join(d, "data")
    shutil.copytree(template, data)
    r = subprocess.run([syscat, "--datadir", data, "import", "frm", os.path.join(d, "frm")], capture_output=True)
    err = r.stderr.decode()
    dump = subprocess.run([syscat, "--datadir", data, "dump", "--show-create"], capture_output=True).stdout
    if r.returncode != 1 or where not in err or dump != b"":
        return "without --skip-bad: exit %d, stderr %r, dump %r" % (r.returncode, err, dump[:80])
    r = subprocess.run([syscat, "--datadir", data, "import", "frm", os.path.join(d, "frm"), "--skip-bad"],
                       capture_output=True)
    dump = subprocess.run([syscat, "--datadir", data, "dump", "--show-create"], capture_output=True).stdout
    if r.returncode != 0 or b"CREATE TABLE `good`" not in dump or b"`bad`" in dump:
        return "with --skip-bad: exit %d, dump %r" % (r.returncode, dump[:200])
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-v", action="store_true")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--oracle", default=os.environ.get("SC_ORACLE", os.path.join(ROOT, "..", "shared", "oracle")))
    ap.add_argument("--corpus", default="ddl", help="ddl or ddl-objects")
    ap.add_argument("--expected", default=None)
    ap.add_argument("--update", action="store_true")
    ap.add_argument("--sample", type=int, default=1)
    args = ap.parse_args()
    syscat = os.path.join(os.environ.get("SC_BUILD", os.path.join(ROOT, "build")), "syscat")
    corpus = os.path.join(args.oracle, args.corpus)
    objects = args.corpus != "ddl"
    if args.expected is None:
        args.expected = os.path.join(HERE, "frm-import-objects-expected-pass.txt" if objects
                                     else "frm-import-expected-pass.txt")
    try:
        with open(args.expected, encoding="utf-8") as f:
            expected = set(l.strip() for l in f if l.strip())
    except OSError as e:
        print("run-frm-import: cannot read %s: %s" % (args.expected, e), file=sys.stderr)
        return 1
    tmp_root = tempfile.mkdtemp(prefix="frm-import-")
    try:
        template = os.path.join(tmp_root, "template")
        r = subprocess.run([syscat, "--datadir", template, "init"], capture_output=True)
        if r.returncode != 0:
            print("run-frm-import: syscat init failed: %s" % r.stderr.decode(), file=sys.stderr)
            return 1
        jobs = []
        cases = [c for c in sorted(os.listdir(corpus)) if os.path.isdir(os.path.join(corpus, c))]
        for n, case in enumerate(cases):
            cdir = os.path.join(corpus, case)
            with open(os.path.join(cdir, "schema.sql"), encoding="utf-8") as f:
                text = f.read()
            has_fk = " FOREIGN KEY " in text
            # AUTO_INCREMENT=N is not in a .frm: it comes from the --foreign-keys file
            has_ai = ") ENGINE=" in text and " AUTO_INCREMENT=" in text
            if n % max(1, args.sample) and not has_fk and not has_ai:
                continue
            jobs.append(("fk", case, cdir, True))
            if has_fk:
                jobs.append(("nofk", case, cdir, False))
        bad = bad_file_check(syscat, template, corpus, tmp_root, objects)
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.j)) as ex:
            results = list(ex.map(lambda j: (j[0], j[1], run_form(syscat, template, j[2], j[3], tmp_root)), jobs))
    finally:
        shutil.rmtree(tmp_root, ignore_errors=True)
    passed = set()
    counts = {"fk": [0, 0], "nofk": [0, 0]}
    regressions = []
    for form, case, problem in results:
        key = "%s %s" % (form, case)
        counts[form][1] += 1
        if problem is None:
            counts[form][0] += 1
            passed.add(key)
        else:
            if key in expected:
                regressions.append(key)
            if args.v or key in expected:
                print("FAIL %s%s: %s" % (key, " (REGRESSION)" if key in expected else "", problem))
    if args.sample > 1:
        print("run-frm-import: sample of every %dth case and every case with a foreign key "
              "(full run: without --sample)" % args.sample)
    print("run-frm-import %s: with --foreign-keys %d/%d cases identical to schema.sql; without, "
          "%d/%d of the cases with foreign keys identical apart from FOREIGN KEY lines"
          % (args.corpus, counts["fk"][0], counts["fk"][1], counts["nofk"][0], counts["nofk"][1]))
    if objects:
        print("run-frm-import %s: sequences take their values from the CREATE SEQUENCE statements of "
              "the --foreign-keys file (a sequence's .frm does not hold them)" % args.corpus)
    if args.update and args.sample == 1:
        with open(args.expected, "w", encoding="utf-8") as f:
            f.write("".join(k + "\n" for k in sorted(passed)))
        return 0
    unlisted = sorted(passed - expected)
    rc = 0
    if bad:
        print("run-frm-import: bad-file directory: %s" % bad, file=sys.stderr)
        rc = 1
    else:
        print("run-frm-import: a directory with a damaged .frm imports nothing (error names file "
              "and offset); --skip-bad imports the rest")
    if regressions:
        print("run-frm-import: %d regression(s): %s" % (len(regressions), " ".join(regressions)), file=sys.stderr)
        rc = 1
    if unlisted:
        print("run-frm-import: passing but not listed in %s: %s" % (args.expected, " ".join(unlisted)), file=sys.stderr)
        rc = 1
    return rc


if __name__ == "__main__":
    sys.exit(main())
