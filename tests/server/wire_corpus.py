#!/usr/bin/env python3
"""wire_corpus.py - acceptance 1 of issue 10: the stock `mariadb` client runs
DDL corpus cases through `syscat serve`, and the results must be the CLI's.

For every case of the corpus (default $SC_ORACLE/ddl), in fresh temporary
data directories:
  wire: syscat init; syscat serve (own socket, no TCP); the mariadb client
        runs `CREATE DATABASE test`, then input.sql statement by statement
        (the corpus rule: a statement ends with a line ending in ';') in ONE
        session (--force: errors do not stop it), each statement followed by
        a sentinel SELECT so its output can be told apart; the client's
        output (-vvv: "Query OK, n rows affected, w warnings", "ERROR e (s)
        at line l: msg", result tables) becomes results.txt lines; then the
        catalog is dumped over the wire in the schema.sql format (SHOW
        DATABASES, SHOW CREATE DATABASE, SHOW TABLES, SHOW CREATE TABLE,
        through the client, --raw so the CREATE text is byte for byte).
  cli:  syscat init; exec --results of CREATE DATABASE test and of
        input.sql; dump --show-create (DESIGN.md section 8).
Each statement's sentinel is followed by SHOW WARNINGS (a SELECT without a
table keeps the diagnostics, as in MariaDB): for a statement that failed or
had warnings its rows become warnings.txt lines, compared with what
`exec --warnings` wrote on the CLI path.
A case passes when the wire results equal the CLI's line for line (errno,
SQLSTATE, message, warning count), the SHOW WARNINGS rows equal the CLI's
and the wire dump equals the CLI's dump;
for the cases of tests/oracle/expected-pass.txt (where the CLI's dump is
schema.sql) the wire dump must also equal schema.sql byte for byte.

usage: wire_corpus.py [-j N] [--limit N] [CASE-SUBSTRING...]
  SYSCAT=path (default $SC_BUILD/syscat), SC_ORACLE, MARIADB=mariadb
  --limit N   only every k-th case so that N cases run (make test's quick mode)
Exit 0 when every selected case passes, 1 otherwise, 2 when it cannot run.
"""
import concurrent.futures
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SYSCAT = os.environ.get("SYSCAT") or os.path.join(os.environ.get("SC_BUILD", "build"), "syscat")
if not os.path.isabs(SYSCAT):
    SYSCAT = os.path.join(ROOT, SYSCAT)
ORACLE = os.environ.get("SC_ORACLE", "../shared/oracle")
if not os.path.isabs(ORACLE):
    ORACLE = os.path.join(ROOT, ORACLE)
MARIADB = os.environ.get("MARIADB", "mariadb")
SENTINEL = "sc-wire-sentinel-"
ENV = dict(os.environ, ASAN_OPTIONS=os.environ.get("ASAN_OPTIONS", "detect_leaks=0"))


def split_statements(text):
    """The corpus rule: a statement ends with a line that (right-trimmed) ends in ';'."""
    out, cur = [], []
    for line in text.split("\n"):
        cur.append(line)
        if line.rstrip().endswith(";"):
            out.append("\n".join(cur))
            cur = []
    if "".join(cur).strip():
        out.append("\n".join(cur))
    return out


def escape(msg):
    return msg.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t")


def run(args, **kw):
    return subprocess.run(args, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)


class Server:
    def __init__(self, datadir):
        self.sock = os.path.join(datadir, "s.sock")
        self.log = open(os.path.join(datadir, "server.log"), "wb")
        self.proc = subprocess.Popen(
            [SYSCAT, "--datadir", datadir, "serve", "--bind", "", "--socket", self.sock],
            env=ENV, stdout=subprocess.DEVNULL, stderr=self.log)
        self.log_path = os.path.join(datadir, "server.log")
        for _ in range(1000):
            # the socket file exists from bind(); connections work from the ready line on
            with open(self.log_path, "rb") as f:
                if b"ready for connections" in f.read():
                    return
            if self.proc.poll() is not None:
                raise RuntimeError("syscat serve exited at start")
            time.sleep(0.01)
        raise RuntimeError("syscat serve did not start")

    def client(self, *args, stdin=None):
        return run([MARIADB, "--no-defaults", "-S", self.sock, "-uroot"] + list(args),
                   input=stdin)

    def stop(self):
        self.proc.send_signal(signal.SIGTERM)
        try:
            rc = self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            rc = -1
        self.log.close()
        return rc


ERR = re.compile(r"^ERROR (\d+) \(([0-9A-Z]{5})\)(?: at line \d+)?: (.*)$")
OK = re.compile(r"^Query OK, \d+ rows? affected(?:, (\d+) warnings?)?")


def parse_chunk(lines):
    """One statement's client output -> a results.txt line."""
    for i, line in enumerate(lines):
        m = ERR.match(line)
        if m:
            # the message may hold newlines: up to the next separator
            msg = [m.group(3)]
            for rest in lines[i + 1:]:
                if rest == "--------------":
                    break
                msg.append(rest)
            while msg and msg[-1] == "":
                msg.pop()
            return "error %s %s %s" % (m.group(1), m.group(2), escape("\n".join(msg)))
        m = OK.match(line)
        if m:
            return "ok warnings=%s" % m.group(1) if m.group(1) else "ok"
    return "ok"  # USE (a client command) or a result set


def warning_rows(lines):
    """The rows of a SHOW WARNINGS table the client printed."""
    rows, inside = [], False
    for line in lines:
        if line.startswith("| Level "):
            inside = True
        elif inside and line.startswith("| "):
            level, code, msg = line[2:].split(" | ", 2)
            rows.append((level.strip(), code.strip(), msg[:-2].rstrip(" ") if msg.endswith(" |") else msg))
    return rows


def wire_results(srv, stmts):
    """results.txt lines and warnings.txt lines of the statements over the wire."""
    script = []
    for i, s in enumerate(stmts):
        script.append(s)
        script.append("SELECT '%s%d';" % (SENTINEL, i))
        script.append("SHOW WARNINGS;")
    # -n (unbuffered) keeps stdout and stderr in statement order in one pipe
    p = subprocess.run([MARIADB, "--no-defaults", "-S", srv.sock, "-uroot", "--force", "-vvv",
                        "-n", "test"], env=ENV, input="\n".join(script).encode() + b"\n",
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    lines = p.stdout.decode("utf-8", "surrogateescape").split("\n")
    results, warnings, cur = [], [], []

    def end_of_warnings():
        if results and (results[-1].startswith("error") or results[-1].startswith("ok warnings=")):
            for level, code, msg in warning_rows(cur):
                warnings.append("%d %s %s %s" % (len(results), level, code, escape(msg)))

    for i, line in enumerate(lines):
        if line.startswith("SELECT '" + SENTINEL) and i > 0 and lines[i - 1] == "--------------":
            end_of_warnings()
            results.append(parse_chunk(cur))
            cur = []
            continue
        cur.append(line)
    end_of_warnings()
    return results, warnings


def wire_dump(srv):
    p = srv.client("-N", "-B", "--raw", "-e", "SHOW DATABASES")
    # the schema.sql format lists user databases: not syscat, not the virtual information_schema
    dbs = sorted(d for d in p.stdout.decode().split("\n") if d and d not in ("syscat", "information_schema"))
    out = []
    for db in dbs:
        q = "`" + db.replace("`", "``") + "`"
        p = srv.client("-N", "-B", "--raw", "-e", "SHOW CREATE DATABASE " + q)
        text = p.stdout.decode("utf-8", "surrogateescape")
        if "\t" not in text:
            raise RuntimeError("SHOW CREATE DATABASE %s: %s" % (q, p.stderr.decode().strip()))
        out.append(text.split("\t", 1)[1].rstrip("\n") + ";\n\n")
        p = srv.client("-N", "-B", "--raw", "-e", "SHOW TABLES FROM " + q)
        tables = sorted(t for t in p.stdout.decode("utf-8", "surrogateescape").split("\n") if t)
        for t in tables:
            p = srv.client("-N", "-B", "--raw", "-e",
                           "SHOW CREATE TABLE %s.`%s`" % (q, t.replace("`", "``")))
            text = p.stdout.decode("utf-8", "surrogateescape")
            if "\t" not in text:
                raise RuntimeError("SHOW CREATE TABLE %s.%s: %s" % (q, t, p.stderr.decode().strip()))
            out.append(text.split("\t", 1)[1][:-1] + ";\n\n")
    return "".join(out)


def cli_path(tmp, case):
    d = os.path.join(tmp, "cli")
    run([SYSCAT, "--datadir", d, "init"])
    with open(os.path.join(tmp, "create.sql"), "w") as f:
        f.write("CREATE DATABASE test;\n")
    run([SYSCAT, "--datadir", d, "exec", "--results", os.path.join(tmp, "create.sql")])
    wfile = os.path.join(tmp, "warnings.txt")
    r = run([SYSCAT, "--datadir", d, "exec", "--results", "--database", "test",
             "--warnings", wfile, os.path.join(case, "input.sql")])
    dump = run([SYSCAT, "--datadir", d, "dump", "--show-create"])
    with open(wfile, encoding="utf-8", errors="surrogateescape") as f:
        warnings = [l for l in f.read().split("\n") if l]
    return r.stdout.decode("utf-8", "surrogateescape").rstrip("\n").split("\n"), \
        dump.stdout.decode("utf-8", "surrogateescape"), warnings


def one_case(case, must_match_schema):
    tmp = tempfile.mkdtemp(prefix="sc-wire-")
    try:
        cli_results, cli_dump, cli_warnings = cli_path(tmp, case)
        d = os.path.join(tmp, "wire")
        run([SYSCAT, "--datadir", d, "init"])
        srv = Server(d)
        try:
            p = srv.client("-e", "CREATE DATABASE test")
            if p.returncode != 0:
                return "CREATE DATABASE test failed: " + p.stderr.decode()
            with open(os.path.join(case, "input.sql"), encoding="utf-8", errors="surrogateescape") as f:
                stmts = split_statements(f.read())
            results, warnings = wire_results(srv, stmts)
            dump = wire_dump(srv)
        finally:
            rc = srv.stop()
        problems = []
        if rc != 0:
            problems.append("server exit status %d" % rc)
        if results != cli_results[:len(results)] or len(results) != len(cli_results):
            for i, (a, b) in enumerate(zip(results, cli_results)):
                if a != b:
                    problems.append("statement %d: wire %r, cli %r" % (i + 1, a, b))
                    break
            else:
                problems.append("%d wire results, %d cli results" % (len(results), len(cli_results)))
        if warnings != cli_warnings:
            for a, b in zip(warnings + ["<none>"], cli_warnings + ["<none>"]):
                if a != b:
                    problems.append("SHOW WARNINGS: wire %r, cli %r" % (a, b))
                    break
        if dump != cli_dump:
            problems.append("wire dump differs from the CLI's")
        if must_match_schema:
            with open(os.path.join(case, "schema.sql"), encoding="utf-8", errors="surrogateescape") as f:
                if dump != f.read():
                    problems.append("wire dump differs from schema.sql")
        return "; ".join(problems)
    finally:
        if not os.environ.get("SC_KEEP_TMP"):
            shutil.rmtree(tmp, ignore_errors=True)


def main(argv):
    jobs, limit, filters = int(os.environ.get("SC_JOBS", "2")), 0, []
    i = 0
    while i < len(argv):
        if argv[i] == "-j":
            jobs = int(argv[i + 1]); i += 2
        elif argv[i] == "--limit":
            limit = int(argv[i + 1]); i += 2
        else:
            filters.append(argv[i]); i += 1
    corpus = os.path.join(ORACLE, "ddl")
    if not os.path.isdir(corpus) or not os.access(SYSCAT, os.X_OK) or not shutil.which(MARIADB):
        print("wire corpus: cannot run (corpus %s, syscat %s, %s)" % (corpus, SYSCAT, MARIADB))
        return 2
    with open(os.path.join(ROOT, "tests/oracle/expected-pass.txt")) as f:
        expected = {l.strip() for l in f if l.strip() and not l.startswith("#")}
    cases = sorted(c for c in os.listdir(corpus) if os.path.isdir(os.path.join(corpus, c)))
    if filters:
        cases = [c for c in cases if any(s in c for s in filters)]
    if limit and len(cases) > limit:
        step = len(cases) / limit
        cases = [cases[int(k * step)] for k in range(limit)]
    start = time.time()
    failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        futs = {ex.submit(one_case, os.path.join(corpus, c), c in expected): c for c in cases}
        for fut in concurrent.futures.as_completed(futs):
            try:
                why = fut.result()
            except Exception as e:  # a case that cannot even be compared fails, with why
                why = "%s: %s" % (type(e).__name__, e)
            if why:
                failed += 1
                print("wire corpus: FAIL %s: %s" % (futs[fut], why))
    print("wire corpus: %d passed, %d failed (%d cases through the mariadb client, %.0f s)"
          % (len(cases) - failed, failed, len(cases), time.time() - start))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
