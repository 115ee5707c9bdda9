#!/usr/bin/env python3
"""run-frm-export.py - `syscat export frm` against the DDL oracle corpus (issue 15,
acceptance 3): every case is replayed into a fresh catalog (`syscat init`,
`CREATE DATABASE test`, `exec --database test input.sql`, as run-ddl-cli.sh
does), exported with `syscat export frm OUT --skip-bad`, and every file of the
case's frm/ directory (`.frm` and `db.opt`) is compared byte for byte with the
exported one. The 16 bytes of the table definition version (extra2 entry 0 at
offset 66, random in MariaDB, zeroed in the corpus) are zeroed in the exported
file before the comparison; nothing else is masked.

Prints "N/M files byte-identical". The list of identical files is a strict
ratchet (tests/oracle/frm-export-expected-pass.txt, one `CASE/DB/FILE` a
line): a listed file that differs is a regression, an identical file that is
not listed must be added (--update rewrites the list). At least 95% of the
files must be identical; every remaining difference is listed with its
reason in docs/frm.md.

With -v each differing file prints the first differing offset and the
section it falls in (header, extra2, keys, record, extra, forminfo, columns).

usage: run-frm-export.py [-v] [-j N] [--sample N] [--oracle DIR] [--expected FILE] [--update] [CASE...]
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
MIN_SHARE = 0.95


def u16(b, o):
    return b[o] | b[o + 1] << 8


def u32(b, o):
    return u16(b, o) | u16(b, o + 2) << 16


def section(b, off):
    """Name of the part of a .frm image holding offset off."""
    try:
        if off < 64:
            return "header byte %d" % off
        e2 = u16(b, 4)
        if off < 64 + e2 + 4:
            return "extra2 +%d" % (off - 64)
        keys = u16(b, 6)
        kbuf = u32(b, 47)
        if off < keys + kbuf:
            return "key block +%d" % (off - keys)
        rec = keys + kbuf
        if off < rec + u16(b, 16):
            return "record +%d" % (off - rec)
        filepos = u32(b, 64 + e2)
        if off < filepos:
            return "extra block +%d" % (off - rec - u16(b, 16))
        if off < filepos + 288:
            return "forminfo +%d" % (off - filepos)
        nf = u16(b, filepos + 258)
        col = off - filepos - 288
        if col < nf * 17:
            return "column %d entry byte %d" % (col // 17, col % 17)
        return "names/lists/expressions +%d" % (col - nf * 17)
    except IndexError:
        return "?"


TIME_LINE = re.compile(rb"^(timestamp|created)=[0-9 ]*$", re.M)


def mask_version(b):
    b = bytearray(b)
    if len(b) > 82 and b[:2] == b"\xfe\x01" and b[64] == 0 and b[65] == 16:
        b[66:82] = bytes(16)
    return bytes(b)


def mask_times(b):
    """A view's timestamp= and a .TRG's created= values: when MariaDB created the
    object (its clock), which the catalog does not keep; masked like the version."""
    return TIME_LINE.sub(lambda m: m.group(1) + b"=<time>", b)


def describe(want, got, is_frm):
    if got is None:
        return "not exported"
    if not is_frm:
        return "differs: %r vs %r" % (want[:80], got[:80])
    n = min(len(want), len(got))
    first = next((i for i in range(n) if want[i] != got[i]), n)
    return "length %d vs %d, first difference at %d (%s): %s vs %s" % (
        len(want), len(got), first, section(want, first),
        want[first:first + 8].hex(" "), got[first:first + 8].hex(" "))


def run_case(syscat, template, case_dir, tmp_root):
    """(list of (file, problem or None), error or None)."""
    d = tempfile.mkdtemp(dir=tmp_root)
    try:
        data = os.path.join(d, "data")
        shutil.copytree(template, data)
        r = subprocess.run([syscat, "--datadir", data, "exec", "--results", "--database", "test",
                            os.path.join(case_dir, "input.sql")], capture_output=True)
        out = os.path.join(d, "out")
        r = subprocess.run([syscat, "--datadir", data, "export", "frm", out, "--skip-bad"],
                           capture_output=True)
        if r.returncode != 0:
            return [], "export exit %d: %s" % (r.returncode, r.stderr.decode("utf-8", "replace")[:300])
        skipped = r.stderr.decode("utf-8", "replace")
        frm = os.path.join(case_dir, "frm")
        res = []
        for db in sorted(os.listdir(frm)) if os.path.isdir(frm) else []:
            for name in sorted(os.listdir(os.path.join(frm, db))):
                rel = "%s/%s" % (db, name)
                with open(os.path.join(frm, db, name), "rb") as f:
                    want = f.read()
                p = os.path.join(out, db, name)
                got = None
                if os.path.exists(p):
                    with open(p, "rb") as f:
                        got = f.read()
                is_frm = name.endswith(".frm") and want[:2] == b"\xfe\x01"
                if got is not None and is_frm:
                    got = mask_version(got)
                if got is not None and not is_frm and (name.endswith(".frm") or name.endswith(".TRG")):
                    want, got = mask_times(want), mask_times(got)
                why = None if got == want else describe(want, got, is_frm)
                if why == "not exported" and name.endswith(".frm"):
                    tname = name[:-4]
                    for line in skipped.splitlines():
                        if "." + tname + ":" in line:
                            why = "skipped: " + line.split(": ", 1)[1][:200]
                res.append((rel, why))
        return res, None
    finally:
        shutil.rmtree(d, ignore_errors=True)


def refusal_check(syscat, template, tmp_root):
    """A table the writer refuses: without --skip-bad nothing is written and the
    error names it; with --skip-bad the others are. None or the problem."""
    d = tempfile.mkdtemp(dir=tmp_root)
    data = os.path.join(d, "data")
    shutil.copytree(template, data)
    sql = ("CREATE TABLE good (a INT PRIMARY KEY, b VARCHAR(10) DEFAULT 'x');"
           "CREATE TABLE parted (a BLOB, UNIQUE (a)) ENGINE=MyISAM")  # a long UNIQUE hash key
    r = subprocess.run([syscat, "--datadir", data, "exec", "--database", "test", "-e", sql],
                       capture_output=True)
    if r.returncode != 0:
        return "setup: %s" % r.stderr.decode()
    out = os.path.join(d, "out")
    r = subprocess.run([syscat, "--datadir", data, "export", "frm", out], capture_output=True)
    err = r.stderr.decode()
    if r.returncode != 1 or "'parted'" not in err or os.path.exists(out):
        return "without --skip-bad: exit %d, stderr %r, wrote %s" % (r.returncode, err, os.path.exists(out))
    r = subprocess.run([syscat, "--datadir", data, "export", "frm", out, "test.good"], capture_output=True)
    if r.returncode != 0 or sorted(os.listdir(os.path.join(out, "test"))) != ["db.opt", "good.frm"]:
        return "export of test.good: exit %d %r" % (r.returncode, r.stderr.decode())
    r = subprocess.run([syscat, "--datadir", data, "export", "frm", out, "--skip-bad"], capture_output=True)
    if r.returncode != 0 or "skipped test.parted" not in r.stderr.decode():
        return "with --skip-bad: exit %d %r" % (r.returncode, r.stderr.decode())
    r = subprocess.run([syscat, "frm", "show", os.path.join(out, "test", "good.frm")], capture_output=True)
    if b"`b` varchar(10) DEFAULT 'x'" not in r.stdout:
        return "frm show of the exported file: %r" % r.stdout
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
    ap.add_argument("cases", nargs="*")
    args = ap.parse_args()
    syscat = os.path.join(os.environ.get("SC_BUILD", os.path.join(ROOT, "build")), "syscat")
    corpus = os.path.join(args.oracle, args.corpus)
    if args.expected is None:
        args.expected = os.path.join(HERE, "frm-export-expected-pass.txt" if args.corpus == "ddl"
                                     else "frm-export-objects-expected-pass.txt")
    expected = set()
    if not args.update or args.cases:
        try:
            with open(args.expected, encoding="utf-8") as f:
                expected = set(l.strip() for l in f if l.strip())
        except OSError as e:
            if not args.update:
                print("run-frm-export: cannot read %s: %s" % (args.expected, e), file=sys.stderr)
                return 2
    cases = sorted(c for c in os.listdir(corpus) if os.path.isdir(os.path.join(corpus, c)))
    if args.cases:
        cases = [c for c in cases if any(s in c for s in args.cases)]
    elif args.sample > 1:
        cases = cases[::args.sample]
    os.environ.setdefault("ASAN_OPTIONS", "detect_leaks=0")
    tmp_root = tempfile.mkdtemp(prefix="frm-export-")
    try:
        template = os.path.join(tmp_root, "template")
        for cmd in (["init"], ["exec", "-e", "CREATE DATABASE test"]):
            r = subprocess.run([syscat, "--datadir", template] + cmd, capture_output=True)
            if r.returncode != 0:
                print("run-frm-export: cannot prepare a catalog: %s" % r.stderr.decode(), file=sys.stderr)
                return 2
        problem = refusal_check(syscat, template, tmp_root)
        results = {}
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.j) as ex:
            futs = {ex.submit(run_case, syscat, template, os.path.join(corpus, c), tmp_root): c for c in cases}
            for fut in concurrent.futures.as_completed(futs):
                results[futs[fut]] = fut.result()
    finally:
        shutil.rmtree(tmp_root, ignore_errors=True)
    total = same = 0
    passing = set()
    failed = False
    if problem:
        print("FAIL refused tables: %s" % problem)
        failed = True
    for c in cases:
        files, err = results[c]
        if err:
            print("FAIL %s: %s" % (c, err))
            failed = True
            continue
        for rel, why in files:
            key = "%s/%s" % (c, rel)
            total += 1
            if why is None:
                same += 1
                passing.add(key)
                if key not in expected and not args.update and not args.sample > 1 and not args.cases:
                    print("NEW  %s is identical: add it to %s" % (key, os.path.basename(args.expected)))
                    failed = True
            else:
                if key in expected:
                    print("REGRESSION %s: %s" % (key, why))
                    failed = True
                elif args.v:
                    print("DIFF %s: %s" % (key, why))
    print("run-frm-export %s: %d/%d files byte-identical (%.1f%%)%s" % (
        args.corpus, same, total, 100.0 * same / max(total, 1),
        "; creation times (a view's timestamp=, a .TRG's created=) masked" if args.corpus != "ddl" else ""))
    if args.update:
        with open(args.expected, "w", encoding="utf-8") as f:
            for k in sorted(passing | (expected if args.cases else set())):
                f.write(k + "\n")
        return 0
    if not args.cases and args.sample <= 1:
        stale = expected - set("%s/%s" % (c, rel) for c in cases for rel, _ in results[c][0])
        for k in sorted(stale):
            print("STALE %s is no file of the corpus" % k)
            failed = True
        if same < MIN_SHARE * total:
            print("run-frm-export: below the required %d%%" % int(MIN_SHARE * 100))
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
