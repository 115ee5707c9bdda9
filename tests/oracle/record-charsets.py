#!/usr/bin/env python3
"""record-charsets.py - write ddl/infoschema_charsets.def from a private MariaDB 10.11.

The rows of information_schema.CHARACTER_SETS and COLLATIONS in the server's
order (SHOW CHARACTER SET / SHOW COLLATION print them unsorted, in this
order). syscat lists the ones its catalog knows (catalog/charset.c).

usage: tests/oracle/record-charsets.py SOCKET > ddl/infoschema_charsets.def
"""
import subprocess
import sys


def rows(sock, query):
    out = subprocess.run(["mariadb", "--no-defaults", "-S", sock, "-uroot", "-N", "-B", "-e", query],
                         check=True, capture_output=True, text=True).stdout
    return [line.split("\t") for line in out.splitlines()]


def c(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def main():
    sock = sys.argv[1]
    print("/* DO NOT EDIT: written by tests/oracle/record-charsets.py from MariaDB 10.11.")
    print(" * SC_IS_CHARSET(NAME, DEFAULT_COLLATION, DESCRIPTION, MAXLEN) and")
    print(" * SC_IS_COLLATION(NAME, CHARSET, ID, IS_DEFAULT, SORTLEN), in the server's order")
    print(" * (collations without a character set, 10.11's bare uca1400_* names, left out). */")
    for name, coll, desc, maxlen in rows(sock, "SELECT CHARACTER_SET_NAME, DEFAULT_COLLATE_NAME,"
                                         " DESCRIPTION, MAXLEN FROM information_schema.CHARACTER_SETS"):
        print(f"SC_IS_CHARSET({c(name)}, {c(coll)}, {c(desc)}, {maxlen})")
    for name, cs, cid, dflt, sortlen in rows(sock, "SELECT COLLATION_NAME, CHARACTER_SET_NAME, ID,"
                                             " IS_DEFAULT, SORTLEN FROM information_schema.COLLATIONS"):
        if cs == "NULL":  # 10.11's charset-less uca1400 names: not a column collation
            continue
        print(f"SC_IS_COLLATION({c(name)}, {c(cs)}, {cid}, {'true' if dflt == 'Yes' else 'false'}, {sortlen})")


main()
