#!/usr/bin/python3
"""client_py.py - acceptance 2 of issue 10, the PyMySQL side: log in to
`syscat serve` with a password (TCP or socket, with or without TLS), run
DDL, a multi-statement DDL transaction that rolls back (PyMySQL's begin() /
rollback()), and read result sets with their column descriptions.

usage: client_py.py (--socket PATH | --port N) --user U --password P [--tls CA] DB
Exit 0 and "client_py: ok ..." when every check holds, 1 with the reason.
"""
import ssl
import sys

import pymysql


def main(argv):
    opts, db, i = {}, None, 0
    while i < len(argv):
        if argv[i] in ("--socket", "--port", "--user", "--password", "--tls"):
            opts[argv[i][2:]] = argv[i + 1]
            i += 2
        else:
            db = argv[i]
            i += 1
    kw = dict(user=opts["user"], password=opts["password"])
    if "socket" in opts:
        kw["unix_socket"] = opts["socket"]
    else:
        kw.update(host="127.0.0.1", port=int(opts["port"]))
    if "tls" in opts:
        ctx = ssl.create_default_context(cafile=opts["tls"])
        ctx.check_hostname = False
        kw["ssl"] = ctx
    conn = pymysql.connect(**kw)
    cur = conn.cursor()
    if "tls" in opts:
        cur.execute("SELECT 1")  # the socket is wrapped: PyMySQL negotiated TLS
        assert conn._sock.__class__.__name__ == "SSLSocket", "no TLS"
    cur.execute("CREATE DATABASE %s" % db)
    conn.select_db(db)
    cur.execute("CREATE TABLE items (id BIGINT UNSIGNED PRIMARY KEY, name VARCHAR(40) NOT NULL)")
    try:
        cur.execute("CREATE TABLE items (id INT)")
        raise AssertionError("duplicate CREATE TABLE succeeded")
    except pymysql.err.OperationalError as e:
        assert e.args == (1050, "Table 'items' already exists"), e.args
    cur.execute("SHOW CREATE TABLE items")
    assert [d[0] for d in cur.description] == ["Table", "Create Table"], cur.description
    name, text = cur.fetchone()
    assert name == "items" and text.startswith("CREATE TABLE `items` (\n  `id` bigint(20) unsigned NOT NULL"), text
    cur.execute("SELECT @@version_comment, DATABASE(), CONNECTION_ID()")
    comment, current, cid = cur.fetchone()
    assert current == db and isinstance(cid, int) and comment, (comment, current, cid)
    # a multi-statement DDL transaction that rolls back
    conn.begin()
    cur.execute("CREATE TABLE a (x INT)")
    cur.execute("CREATE TABLE b (y INT)")
    cur.execute("DROP TABLE items")
    conn.rollback()
    cur.execute("SHOW TABLES")
    assert [r[0] for r in cur.fetchall()] == ["items"], "ROLLBACK did not undo"
    conn.begin()
    cur.execute("CREATE TABLE c (z INT)")
    conn.commit()
    cur.execute("SHOW TABLES")
    assert sorted(r[0] for r in cur.fetchall()) == ["c", "items"]
    conn.close()
    print("client_py: ok (%s%s)" % ("socket" if "socket" in opts else "TCP", ", TLS" if "tls" in opts else ""))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except Exception as e:  # a failed check or a client error: say which
        print("client_py: %s: %s" % (type(e).__name__, e), file=sys.stderr)
        sys.exit(1)
