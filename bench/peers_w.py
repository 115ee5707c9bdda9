#!/usr/bin/env python3
"""peers_w.py - workload W for `make bench-peers` (bench/bench-peers.sh).

W: N tables round-robin over ten databases w0..w9 (table i is w<i%10>.t<i>),
8 columns and 2 secondary indexes each (the peer scripts' workload,
shared/peers/README.md). Figures only, never pass/fail.

usage: peers_w.py dbs                     CREATE DATABASE w0..w9 (one a line)
       peers_w.py sql N [--txn] [--from K] the CREATE TABLE statements of tables
                                          K..K+N-1, one a line; --txn wraps
                                          them in BEGIN; ... COMMIT;
       peers_w.py sqlite FILE N auto|txn  python3's sqlite3 (SQLite's defaults:
                                          journal_mode=DELETE, synchronous=FULL):
                                          W as 3 statements a table (SQLite has
                                          no schemas: table w3_t13, two CREATE
                                          INDEX), autocommit or one transaction;
                                          prints tables_per_s
       peers_w.py inserts N [--no-annotate]  w0.r8, FLUSH BINARY LOGS, then N
                                          single-row INSERTs (MariaDB's side of
                                          peers_syscat rows)
       peers_w.py summary RAW.tsv         the table of medians and ratios
"""
import sqlite3
import statistics
import sys
import time

COLS = ("id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY, a INT, b VARCHAR(64), "
        "c DECIMAL(10,2), d DATETIME, e TEXT, f INT UNSIGNED, g VARCHAR(255)")


def create(i):
    return (f"CREATE TABLE w{i % 10}.t{i} ({COLS}, KEY ka (a), UNIQUE KEY ub (b)) "
            "ENGINE=InnoDB;")


def sqlite_run(path, n, mode):
    con = sqlite3.connect(path, isolation_level=None)
    t0 = time.monotonic()
    if mode == "txn":
        con.execute("BEGIN")
    for i in range(n):
        t = f"w{i % 10}_t{i}"
        con.execute(f"CREATE TABLE {t} (id INTEGER PRIMARY KEY AUTOINCREMENT, a INT, "
                    "b VARCHAR(64), c DECIMAL(10,2), d DATETIME, e TEXT, "
                    "f INT UNSIGNED CHECK (f >= 0), g VARCHAR(255))")
        con.execute(f"CREATE INDEX {t}_ka ON {t} (a)")
        con.execute(f"CREATE UNIQUE INDEX {t}_ub ON {t} (b)")
    if mode == "txn":
        con.execute("COMMIT")
    t = time.monotonic() - t0
    con.close()
    print(f"create_s={t:.3f} tables_per_s={n / t:.1f}")


# (label, unit, syscat key, mariadb key, sqlite key, lmdb key, ratio: syscat over what)
ROWS = [
    ("`syscat exec`, sync per statement, tables/s", "cli_sync",
     "syscat_cli_sync", "maria_cli", "sqlite_auto", "lmdb_sync_per_table", "lmdb"),
    ("`syscat exec` inside BEGIN ... COMMIT, tables/s", "cli_txn",
     "syscat_cli_txn", None, "sqlite_txn", "lmdb_sync_one_txn", "lmdb"),
    ("API, one transaction, tables/s", "api",
     "syscat_api", None, None, "lmdb_sync_one_txn", "lmdb"),
    ("lookup p50, default cache, µs", "lookup",
     "syscat_lookup_cache", "maria_show_create", None, "lmdb_range", "lmdb"),
    ("lookup p50, cache off, µs", "lookup",
     "syscat_lookup_nocache", None, None, "lmdb_range", "lmdb"),
    ("binlog bytes per W CREATE TABLE (whole transaction; MariaDB: GTID + Query)", "bytes",
     "syscat_binlog_bytes", "maria_binlog_bytes", None, None, "maria"),
    ("binlog bytes per single-row INSERT transaction (both with ANNOTATE_ROWS)", "bytes",
     "syscat_row_bytes", "maria_row_bytes", None, None, "maria"),
    ("binlog bytes per single-row INSERT transaction (no ANNOTATE_ROWS)", "bytes",
     "syscat_row_bytes_noann", "maria_row_bytes_noann", None, None, "maria"),
]

R8 = ("CREATE TABLE w0.r8 (id INT PRIMARY KEY, a INT, b BIGINT, c VARCHAR(32), d DATETIME, "
      "e DECIMAL(10,2), f DOUBLE, g CHAR(8))")


def insert(i):
    # the same text bench/peers_syscat.c logs as the statement of its data transaction
    return (f"INSERT INTO w0.r8 VALUES ({i}, {i * 7}, {i * 1000003}, 'row-{i}', "
            f"'2024-02-29 23:59:59', 12345.67, 3.14159, 'abcdefgh');")


def fmt(v):
    if v is None:
        return "—"
    if v >= 100:
        return f"{v:,.0f}"
    return f"{v:.2f}"


def summary(path):
    vals = {}  # (key, N) -> [values]
    sizes = {}
    notes = []
    for line in open(path):
        f = line.rstrip("\n").split("\t")
        if f[0] == "#":
            notes.append(f[1])
            continue
        key, n, rep, value = f[0], int(f[1]), f[2], float(f[3])
        vals.setdefault((key, n), []).append(value)
        sizes.setdefault(key, set()).add(n)

    def med(key, n):
        v = vals.get((key, n))
        return statistics.median(v) if v else None

    reps = max((len(v) for v in vals.values()), default=0)
    print(f"| figure (median of {reps}, one run) | N | syscat | MariaDB 10.11 | SQLite | "
          "raw LMDB (30 records a table) | syscat / peer |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for label, _unit, sk, mk, qk, lk, over in ROWS:
        for n in sorted(sizes.get(sk, ())):
            s, m = med(sk, n), med(mk, n) if mk else None
            q, lm = med(qk, n) if qk else None, med(lk, n) if lk else None
            base = lm if over == "lmdb" else m
            ratio = f"{s / base:.2f}× {'LMDB' if over == 'lmdb' else 'MariaDB'}" \
                if s is not None and base else "—"
            print(f"| {label} | {n:,} | {fmt(s)} | {fmt(m)} | {fmt(q)} | {fmt(lm)} | {ratio} |")
    api = sorted(sizes.get("syscat_api", ()))
    if len(api) >= 2 and med("syscat_api", api[0]):
        print(f"\nAPI rate at {api[-1]:,} tables over the rate at {api[0]:,}: "
              f"{med('syscat_api', api[-1]) / med('syscat_api', api[0]):.2f} (raw LMDB: "
              f"{med('lmdb_sync_one_txn', api[-1]) / med('lmdb_sync_one_txn', api[0]):.2f}).")
    for n in notes:
        print(f"\n{n}")


def main(argv):
    if len(argv) >= 2 and argv[1] == "dbs":
        for d in range(10):
            print(f"CREATE DATABASE IF NOT EXISTS w{d};")
    elif len(argv) >= 3 and argv[1] == "sql":
        n, start = int(argv[2]), 0
        if "--from" in argv:
            start = int(argv[argv.index("--from") + 1])
        txn = "--txn" in argv
        if txn:
            print("BEGIN;")
        for i in range(start, start + n):
            print(create(i))
        if txn:
            print("COMMIT;")
    elif len(argv) >= 3 and argv[1] == "inserts":
        print("DROP TABLE IF EXISTS w0.r8;")
        print(R8 + ";")
        print("FLUSH BINARY LOGS;")
        print("SET SESSION binlog_format=ROW;")  # row events, as syscat logs data rows
        if "--no-annotate" in argv:
            print("SET SESSION binlog_annotate_row_events=OFF;")
        for i in range(int(argv[2])):
            print(insert(i))
    elif len(argv) == 5 and argv[1] == "sqlite":
        sqlite_run(argv[2], int(argv[3]), argv[4])
    elif len(argv) == 3 and argv[1] == "summary":
        summary(argv[2])
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
