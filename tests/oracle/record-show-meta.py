#!/usr/bin/env python3
"""record-show-meta.py - record the result set metadata MariaDB 10.11 sends.

For each statement of STATEMENTS below, run on a private server after the
SETUP statements, the column definitions (`mariadb --column-type-info`):
name, org_name, table, org_table, schema, type number, length, flags,
charset number, decimals, with the pinned client character set utf8mb4
(text columns come in character_set_results), and a few statements under
another one (a "names CS" line before them). tests/check_ddl_showstmt.c
replays SETUP and the statements through sc_ddl_exec() (SET NAMES as given)
and compares field by field.

usage: tests/oracle/record-show-meta.py SOCKET > tests/data/show-meta.txt
"""
import re
import subprocess
import sys

SETUP = [
    "DROP DATABASE IF EXISTS test",
    "CREATE DATABASE test",
    "CREATE TABLE test.t (a INT NOT NULL PRIMARY KEY, b VARCHAR(10) UNIQUE, c TEXT,"
    " d DECIMAL(10,2) UNSIGNED, KEY (c(5)))",
    "CREATE VIEW test.v AS SELECT a, b FROM test.t",
    "CREATE TRIGGER test.tr BEFORE INSERT ON test.t FOR EACH ROW SET NEW.b = 'x'",
]
STATEMENTS = [
    "SHOW DATABASES",
    "SHOW DATABASES LIKE 't%'",
    "SHOW TABLES",
    "SHOW FULL TABLES",
    "SHOW TABLES LIKE 't%'",
    "SHOW CREATE TABLE t",
    "SHOW CREATE DATABASE test",
    "SHOW COLUMNS FROM t",
    "SHOW FULL COLUMNS FROM t",
    "DESCRIBE t",
    "SHOW INDEX FROM t",
    "SHOW TABLE STATUS",
    "SHOW VARIABLES LIKE 'sql_mode'",
    "SHOW GLOBAL VARIABLES LIKE 'sql_mode'",
    "SHOW CHARACTER SET LIKE 'utf8mb4'",
    "SHOW COLLATION LIKE 'utf8mb4_bin'",
    "SHOW ENGINES",
    "SHOW TRIGGERS",
    "SHOW WARNINGS",
    "SHOW ERRORS",
    "SHOW COUNT(*) WARNINGS",
    "SELECT * FROM information_schema.SCHEMATA",
    "SELECT * FROM information_schema.TABLES",
    "SELECT * FROM information_schema.COLUMNS",
    "SELECT * FROM information_schema.STATISTICS",
    "SELECT * FROM information_schema.KEY_COLUMN_USAGE",
    "SELECT * FROM information_schema.REFERENTIAL_CONSTRAINTS",
    "SELECT * FROM information_schema.TABLE_CONSTRAINTS",
    "SELECT * FROM information_schema.CHECK_CONSTRAINTS",
    "SELECT table_name, Column_Name AS c FROM information_schema.columns WHERE table_schema = 'test'",
    "SELECT k.COLUMN_NAME FROM information_schema.KEY_COLUMN_USAGE k",
    "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'test'",
    "SHOW CREATE VIEW v",
    "SHOW CREATE TABLE v",
    "SHOW CREATE TRIGGER tr",
    "SELECT * FROM information_schema.VIEWS",
    "SELECT * FROM information_schema.TRIGGERS",
    ("latin1", "SHOW TABLES"),
    ("latin1", "SHOW WARNINGS"),
    ("utf8mb3", "SHOW FULL COLUMNS FROM t"),
    ("utf8mb3", "SHOW CREATE TABLE t"),
]
TYPES = {"DECIMAL": 0, "TINY": 1, "SHORT": 2, "LONG": 3, "FLOAT": 4, "DOUBLE": 5, "NULL": 6,
         "TIMESTAMP": 7, "LONGLONG": 8, "INT24": 9, "DATE": 10, "TIME": 11, "DATETIME": 12,
         "YEAR": 13, "NEWDATE": 14, "VARCHAR": 15, "BIT": 16, "NEWDECIMAL": 246, "ENUM": 247,
         "SET": 248, "TINY_BLOB": 249, "MEDIUM_BLOB": 250, "LONG_BLOB": 251, "BLOB": 252,
         "VAR_STRING": 253, "STRING": 254, "GEOMETRY": 255}
FLAGS = {"NOT_NULL": 1, "PRI_KEY": 2, "UNIQUE_KEY": 4, "MULTIPLE_KEY": 8, "BLOB": 16,
         "UNSIGNED": 32, "ZEROFILL": 64, "BINARY": 128, "ENUM": 256, "AUTO_INCREMENT": 512,
         "TIMESTAMP": 1024, "SET": 2048, "NO_DEFAULT_VALUE": 4096, "ON_UPDATE_NOW": 8192,
         "NUM": 32768}


def client(sock, *args, charset="utf8mb4"):
    return subprocess.run(["mariadb", "--no-defaults", "-S", sock, "-uroot",
                           "--default-character-set=" + charset, *args],
                          check=True, capture_output=True, text=True).stdout


def main():
    sock = sys.argv[1]
    for s in SETUP:
        client(sock, "-e", s)
        print("setup " + s)
    for q in STATEMENTS:
        cs, q = q if isinstance(q, tuple) else ("utf8mb4", q)
        if cs != "utf8mb4":
            print("names " + cs)
        print("stmt " + q)
        out = client(sock, "-D", "test", "-t", "--column-type-info", "-e", q, charset=cs)
        for block in re.split(r"\n(?=Field +\d+:)", out):
            if not re.match(r"Field +\d+:", block):
                continue
            f = {k: v for k, v in re.findall(r"^(\w+):[ \t]+(.*?)[ \t]*$", block, re.M)}
            name = re.match(r"Field +\d+:\s+`(.*)`", block).group(1)
            bt = lambda k: re.match(r"`(.*)`", f[k]).group(1)
            flags = sum(FLAGS[w] for w in f["Flags"].split())
            cs = int(re.search(r"\((\d+)\)", f["Collation"]).group(1))
            print("col " + "|".join([name, bt("Org_field"), bt("Table"), bt("Org_table"),
                                     bt("Database"), str(TYPES[f["Type"]]), f["Length"],
                                     "0x%04x" % flags, str(cs), f["Decimals"]]))


main()
