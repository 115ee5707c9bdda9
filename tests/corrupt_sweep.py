#!/usr/bin/env python3
"""corrupt_sweep.py - random byte flips in a data directory, then every read
command of the CLI (issue 8, docs/testing.md "Corruption sweep").

A base data directory is made once (init, DDL over two log files). Each round
copies it, flips one byte (xor a random non-zero value) at a random offset of
catalog.mdb/data.mdb or of a binlog file, and runs fsck, binlog
verify/show/decode/list, show databases/tables/create, describe, dump,
dump --json and stats on the copy. A round passes when
  * no command crashed (signal), timed out or left a sanitizer report, and
    every exit status is 0 or 1; and
  * the damage was reported (fsck or binlog verify exit 1), or it is provably
    harmless: every listing and dump (SQL and JSON), the binlog events and
    decoded rows are byte-identical to those of the undamaged directory (a
    byte in LMDB free space, or in bytes no reader uses).
Environment: SC_BUILD (build directory, default build), SWEEP_SEED (the
random seed, printed; default: a fresh one), SWEEP_ROUNDS (default 16),
SWEEP_LONG=1 (400 rounds: `make sweep-long`), SWEEP_ROUND=N (only round N
of the seed, e.g. to repeat a failure), SWEEP_KEEP=1 (keep the
directories of failed rounds). Ends with "sweep: N passed, N failed".
"""
import os
import random
import shutil
import subprocess
import sys
import tempfile

CLI = os.path.join(os.environ.get("SC_BUILD", "build"), "syscat")
WORKLOAD = [
    "create database shop; create database hr",
    "create table shop.customer (id int primary key, name varchar(40) not null comment 'who',"
    " email varchar(80), unique key (email)) comment 'customers'",
    "create table shop.orders (id bigint primary key auto_increment, cust int not null,"
    " total decimal(10,2) default 0, placed datetime(3), check (total >= 0),"
    " key (cust), foreign key (cust) references shop.customer (id))",
    "create table hr.emp (id int primary key, boss int, salary double, note text,"
    " kind enum('a','b') default 'a', key (boss))",
    "ROTATE",
    "alter table shop.customer add column phone char(20) after name, add index (name)",
    "rename table hr.emp to hr.staff",
    "create table hr.tmp (x int); drop table hr.tmp",
    "create table shop.item (sku varchar(20) primary key, price int unsigned, g json)",
]


# Bytes found in live rows and log records of the base directory (names, comments, SQL text).
LIVE_WORDS = [b"customer", b"customers", b"orders", b"staff", b"email", b"salary",
              b"create table", b"rename table", b"syscat", b"binlog.0000", b"shop", b"who"]


def run(args, datadir, timeout=60):
    env = dict(os.environ, SYSCAT_DATADIR=datadir)
    try:
        p = subprocess.run([CLI] + args, env=env, capture_output=True, timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return "timeout", b"", b""


def make_base(datadir):
    steps = [["init", "--map-size", "16M"]]
    for sql in WORKLOAD:
        steps.append(["binlog", "rotate"] if sql == "ROTATE" else ["exec", "-e", sql])
    for args in steps:
        rc, out, err = run(args, datadir)
        if rc != 0:
            sys.exit("sweep: setup failed: %s: %s" % (" ".join(args), err.decode(errors="replace")))


def commands(tables):
    cmds = [["fsck"], ["binlog", "verify"], ["binlog", "list"], ["binlog", "show"],
            ["binlog", "decode"], ["show", "databases"], ["show", "tables"], ["dump"],
            ["dump", "--json"], ["stats"]]
    for t in tables:
        cmds += [["show", "create", "table", t], ["describe", t]]
    cmds += [["show", "create", "database", "shop"], ["show", "tables", "hr"]]
    return cmds


# Outputs that must be identical to the undamaged directory's when nothing was reported.
# (stats is left out: it prints the directory's path.)
def harmless_view(cmd):
    return cmd[0] in ("dump", "show", "describe") or cmd[:2] in (
        ["binlog", "show"], ["binlog", "decode"], ["binlog", "list"])


def flip(datadir, rng):
    targets = [os.path.join("catalog.mdb", "data.mdb")] * 3
    targets += sorted(os.path.join("binlog", f) for f in os.listdir(os.path.join(datadir, "binlog"))
                      if f.startswith("binlog.0"))
    rel = rng.choice(targets)
    path = os.path.join(datadir, rel)
    size = os.path.getsize(path)
    off = rng.randrange(size)
    if rel.startswith("catalog") and rng.random() < 0.6:
        # most of data.mdb is free space: aim near bytes the catalog and its log use
        with open(path, "rb") as f:
            data = f.read()
        word = rng.choice(LIVE_WORDS)
        hits = [i for i in range(len(data)) if data.startswith(word, i)]
        if hits:
            off = min(size - 1, max(0, rng.choice(hits) + rng.randrange(-48, 48)))
    x = rng.randrange(1, 256)
    with open(path, "r+b") as f:
        f.seek(off)
        b = f.read(1)[0]
        f.seek(off)
        f.write(bytes([b ^ x]))
    return "%s@%d^%02x" % (rel, off, x)


def check_round(rnd, what, datadir, cmds, base_out):
    problems, results = [], {}
    for cmd in cmds:
        rc, out, err = run(cmd, datadir)
        results[tuple(cmd)] = (rc, out)
        name = " ".join(cmd)
        if rc == "timeout":
            problems.append("%s: timed out" % name)
        elif rc not in (0, 1):
            problems.append("%s: exit %s" % (name, rc))
        if b"runtime error" in err or b"Sanitizer" in err:
            problems.append("%s: sanitizer report: %s" % (name, err[:300].decode(errors="replace")))
    reported = results[("fsck",)][0] == 1 or results[("binlog", "verify")][0] == 1
    verdict = "reported"
    if not reported:
        differ = [" ".join(c) for c in cmds if harmless_view(c) and
                  results[tuple(c)] != base_out[tuple(c)]]
        if differ:
            problems.append("damage not reported by fsck or binlog verify, yet these differ: %s"
                            % ", ".join(differ))
        else:
            verdict = "harmless (outputs identical)"
    print("sweep: round %d: %s: %s%s" % (rnd, what, verdict if not problems else "FAILED",
                                         "".join("\n  " + p for p in problems)))
    return not problems


def main():
    seed = int(os.environ.get("SWEEP_SEED") or random.SystemRandom().randrange(1 << 31))
    rounds = int(os.environ.get("SWEEP_ROUNDS") or (400 if os.environ.get("SWEEP_LONG") else 16))
    print("sweep: seed %d (SWEEP_SEED=%d repeats it), %d rounds" % (seed, seed, rounds))
    if not os.access(CLI, os.X_OK):
        sys.exit("sweep: %s not built" % CLI)
    top = tempfile.mkdtemp(prefix="syscat-sweep-")
    passed = failed = 0
    try:
        base = os.path.join(top, "base")
        make_base(base)
        tables = ["shop.customer", "shop.orders", "shop.item", "hr.staff"]
        cmds = commands(tables)
        base_out = {}
        for cmd in cmds:
            rc, out, err = run(cmd, base)
            if rc != 0:
                sys.exit("sweep: %s fails on the undamaged directory: %s"
                         % (" ".join(cmd), err.decode(errors="replace")))
            base_out[tuple(cmd)] = (rc, out)
        only = os.environ.get("SWEEP_ROUND")
        for rnd in ([int(only)] if only else range(rounds)):
            rng = random.Random(seed * 1000003 + rnd)
            work = os.path.join(top, "round%d" % rnd)
            shutil.copytree(base, work)
            what = flip(work, rng)
            if check_round(rnd, what, work, cmds, base_out):
                passed += 1
                shutil.rmtree(work)
            else:
                failed += 1
                if not os.environ.get("SWEEP_KEEP"):
                    shutil.rmtree(work)
                else:
                    print("sweep: kept %s" % work)
    finally:
        if not os.environ.get("SWEEP_KEEP") or not failed:
            shutil.rmtree(top, ignore_errors=True)
    print("sweep: seed %d" % seed)
    print("sweep: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
