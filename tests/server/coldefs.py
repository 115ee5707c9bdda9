#!/usr/bin/python3
"""coldefs.py - the column definitions `syscat serve` sends for the session
queries clients and connectors send on connect must be MariaDB's.

tests/server/coldefs-mariadb.txt holds what MariaDB 10.11.19 sent for each
query of QUERIES (recorded with `coldefs.py --record SOCKET` against a
private server; one line per column: query, name, org_name, table,
org_table, schema, type, length, charset, flags, decimals). This script runs
the same queries through PyMySQL against a syscat server's socket and
compares every field of every column definition (values are not compared:
versions and ids differ).

usage: coldefs.py SOCKET                 compare (exit 1 on a difference)
       coldefs.py --record SOCKET        print MariaDB's definitions
"""
import sys

import pymysql

QUERIES = [
    "SELECT @@version_comment LIMIT 1",
    "SELECT DATABASE()",
    "SELECT VERSION(), USER(), CONNECTION_ID(), CURRENT_USER()",
    "SELECT @@max_allowed_packet, @@server_id, @@autocommit, @@sql_mode, @@session.sql_mode",
    "SELECT 1, 'abc', @unset_var, UNIX_TIMESTAMP()",
    "SELECT @x, @x AS y, 2 AS n",
    "SELECT @@character_set_client, @@collation_connection, @@wait_timeout, @@tx_isolation, "
    "@@lower_case_table_names, @@foreign_key_checks, @@version",
    "SHOW WARNINGS",
    "SHOW VARIABLES LIKE 'server_id'",
    "SHOW CREATE TABLE coldefs_db.t",
    "SHOW CREATE DATABASE coldefs_db",
    "SHOW DATABASES LIKE 'coldefs_db'",
    "SHOW TABLES FROM coldefs_db",
    "SHOW FULL TABLES FROM coldefs_db",
]
CHARSETS = ["utf8mb4", "utf8"]  # a utf8mb4 client (PyMySQL's default) and a utf8mb3 one (mariadb's)


def describe(sock):
    lines = []
    for cs in CHARSETS:
        lines += describe_cs(sock, cs)
    return lines


def describe_cs(sock, charset):
    conn = pymysql.connect(unix_socket=sock, user="root", charset=charset)
    cur = conn.cursor()
    cur.execute("SET @x = 'hi'")
    cur.execute("CREATE DATABASE IF NOT EXISTS coldefs_db DEFAULT CHARACTER SET utf8mb4")
    cur.execute("CREATE TABLE IF NOT EXISTS coldefs_db.t (a INT PRIMARY KEY) DEFAULT CHARSET=utf8mb4")
    lines = []
    for q in QUERIES:
        if q == "SHOW WARNINGS":
            try:
                cur.execute("SELECT @@no_such_variable_here")
            except pymysql.err.MySQLError:
                pass
        cur.execute(q)
        for f in cur._result.fields:
            lines.append("\t".join(str(x) for x in (
                charset, q, f.name, f.org_name, f.table_name, f.org_table, f.db.decode() if isinstance(f.db, bytes) else f.db,
                f.type_code, f.length, f.charsetnr, hex(f.flags), f.scale)))
        cur.fetchall()
    conn.close()
    return lines


def main(argv):
    if argv and argv[0] == "--record":
        print("\n".join(describe(argv[1])))
        return 0
    with open(__file__.rsplit("/", 1)[0] + "/coldefs-mariadb.txt") as f:
        want = [l.rstrip("\n") for l in f if l.strip() and not l.startswith("#")]
    have = describe(argv[0])
    bad = 0
    for w, h in zip(want, have):
        if w != h:
            print("coldefs: MariaDB %r\n         syscat  %r" % (w, h))
            bad += 1
    if len(want) != len(have):
        print("coldefs: %d columns from MariaDB, %d from syscat" % (len(want), len(have)))
        bad += 1
    print("coldefs: %d column definitions compared, %d differ" % (len(want), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
