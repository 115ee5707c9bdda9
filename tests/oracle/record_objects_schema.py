#!/usr/bin/env python3
"""record_objects_schema.py - print the extended schema.sql of the oracle
README ("DDL objects corpus") for the current state of a MariaDB server,
through the stock `mariadb` client (raw batch mode) on a connection with no
current database. Used by tests/oracle/record-objects.sh.
usage: record_objects_schema.py SOCKET"""
import subprocess
import sys

SOCK = sys.argv[1]
SYSTEM = {"mysql", "information_schema", "performance_schema", "sys"}


def q(name):
    return "`" + name.replace("`", "``") + "`"


def rows(sql):
    out = subprocess.run(
        ["mariadb", "--no-defaults", "--protocol=socket", "--socket=" + SOCK, "-uroot",
         "--default-character-set=utf8mb4", "-N", "-B", "-r", "-e", sql],
        check=True, capture_output=True).stdout.decode("utf-8")
    if out.endswith("\n"):
        out = out[:-1]
    return out


def lines(sql):
    text = rows(sql)
    return [line.split("\t") for line in text.split("\n")] if text else []


def column(sql, index):
    """One row whose value at index may span lines: split on tabs only."""
    return rows(sql).split("\t")[index]


def key(s):
    return s.encode("utf-8")


out = []
for (db,) in sorted(lines("SHOW DATABASES"), key=lambda r: key(r[0])):
    if db in SYSTEM:
        continue
    out.append(column("SHOW CREATE DATABASE " + q(db), 1) + ";\n\n")
    objects = lines("SHOW FULL TABLES FROM " + q(db))
    for kind, show in (("BASE TABLE", "TABLE"), ("SEQUENCE", "SEQUENCE"), ("VIEW", "VIEW")):
        for name in sorted((r[0] for r in objects if r[1] == kind), key=key):
            text = column("SHOW CREATE %s %s.%s" % (show, q(db), q(name)), 1)
            out.append(text + ";\n\n")
    trig = lines("SELECT TRIGGER_NAME, EVENT_OBJECT_TABLE, ACTION_TIMING, EVENT_MANIPULATION, "
                 "ACTION_ORDER FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = '%s'"
                 % db.replace("'", "''"))
    trig.sort(key=lambda r: (key(r[1]), r[2], r[3], int(r[4])))
    for r in trig:
        out.append(column("SHOW CREATE TRIGGER %s.%s" % (q(db), q(r[0])), 2) + ";\n\n")
sys.stdout.write("".join(out))
