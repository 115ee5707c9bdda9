#!/usr/bin/env python3
"""record-infoschema-meta.py - write ddl/infoschema.def from a private MariaDB 10.11.

The column metadata (name, protocol type, length, flags, charset number,
decimals) that MariaDB sends for the information_schema tables syscat
answers, read with `mariadb --column-type-info` from `SELECT * ... LIMIT 0`.
SHOW statements are projections of these tables, so their metadata follows.

usage: tests/oracle/record-infoschema-meta.py SOCKET > ddl/infoschema.def
(start a server first: tests/oracle/mariadb-server.sh start; any server
started with the pinned options of shared/oracle/README.md will do).
"""
import re
import subprocess
import sys

TABLES = ["SCHEMATA", "TABLES", "COLUMNS", "STATISTICS", "KEY_COLUMN_USAGE",
          "REFERENTIAL_CONSTRAINTS", "TABLE_CONSTRAINTS", "CHECK_CONSTRAINTS",
          "SESSION_VARIABLES", "GLOBAL_VARIABLES", "CHARACTER_SETS", "COLLATIONS",
          "ENGINES", "TRIGGERS", "VIEWS"]
FLAGS = {"NOT_NULL": 1, "PRI_KEY": 2, "UNIQUE_KEY": 4, "MULTIPLE_KEY": 8, "BLOB": 16,
         "UNSIGNED": 32, "ZEROFILL": 64, "BINARY": 128, "ENUM": 256, "AUTO_INCREMENT": 512,
         "TIMESTAMP": 1024, "SET": 2048, "NO_DEFAULT_VALUE": 4096, "ON_UPDATE_NOW": 8192,
         "NUM": 32768}


def meta(sock, query):
    out = subprocess.run(["mariadb", "--no-defaults", "-S", sock, "-uroot", "-t",
                          "--column-type-info", "-e", query],
                         check=True, capture_output=True, text=True).stdout
    cols = []
    for block in re.split(r"\n(?=Field +\d+:)", out):
        f = dict(re.findall(r"^(\w+):\s+(.*?)\s*$", block, re.M))
        if "Type" not in f:
            continue
        name = re.match(r"Field +\d+:\s+`(.*)`", block).group(1)
        flags = sum(FLAGS[w] for w in f["Flags"].split())
        cs = int(re.search(r"\((\d+)\)", f["Collation"]).group(1))
        cols.append((name, f["Type"], int(f["Length"]), flags, cs, int(f["Decimals"])))
    return cols


def main():
    sock = sys.argv[1]
    print("/* DO NOT EDIT: written by tests/oracle/record-infoschema-meta.py from MariaDB")
    print(" * 10.11 (`mariadb --column-type-info`, SELECT * FROM information_schema.T LIMIT 0).")
    print(" * SC_IS_TABLE(TABLE) starts a table; SC_IS_COL(TABLE, NAME, TYPE, LENGTH, FLAGS,")
    print(" * CHARSETNR, DECIMALS) is one of its columns, in order. */")
    for t in TABLES:
        print(f"SC_IS_TABLE({t})")
        for name, typ, length, flags, cs, dec in meta(sock, f"SELECT * FROM information_schema.{t} LIMIT 0"):
            print(f'SC_IS_COL({t}, "{name}", {typ}, {length}u, 0x{flags:04x}u, {cs}u, {dec}u)')


main()
