#!/usr/bin/env bash
# run-clients.sh - acceptance 2 of issue 10: a Connector/C program
# (tests/server/client_c.c) and a PyMySQL program (tests/server/client_py.py)
# against one `syscat serve` with TLS configured (a throw-away self-signed
# certificate), each over TCP and over the Unix socket, with and without
# TLS: 8 runs, each in its own database. The account logs in with a
# password on both transports ('app'@'localhost' also matches the socket).
# Then the column definitions of the session queries are compared with
# MariaDB's (tests/server/coldefs.py), the server is stopped with SIGTERM
# (exit 0 expected) and fsck runs.
#
# usage: tests/server/run-clients.sh   (SC_BUILD, default build)
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${SC_BUILD:-build}
case "$BUILD" in /*) ;; *) BUILD="$ROOT/$BUILD" ;; esac
SYSCAT="$BUILD/syscat"
PY=/usr/bin/python3 # Debian's python3, where python3-pymysql lives
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/sc-clients.XXXXXX")
PID=""
cleanup() {
    if [ -n "$PID" ]; then kill "$PID" 2>/dev/null; wait "$PID" 2>/dev/null; fi
    [ -n "${SC_KEEP_TMP:-}" ] || rm -rf "$TMP"
}
trap cleanup EXIT

fail() { echo "clients: FAIL: $*" >&2; [ -f "$TMP/server.log" ] && tail -20 "$TMP/server.log" >&2; exit 1; }

cc -std=c11 -Wall -Wextra -Werror $(pkg-config --cflags libmariadb) -o "$TMP/client_c" \
    "$ROOT/tests/server/client_c.c" $(pkg-config --libs libmariadb) || fail "client_c does not build"
openssl req -x509 -newkey rsa:2048 -nodes -keyout "$TMP/key.pem" -out "$TMP/cert.pem" -days 2 \
    -subj /CN=localhost >/dev/null 2>&1 || fail "openssl could not make a certificate"
"$SYSCAT" --datadir "$TMP/cat" init >/dev/null || fail "init"
"$SYSCAT" --datadir "$TMP/cat" serve --port 0 --port-file "$TMP/port" --socket "$TMP/s.sock" \
    --ssl-cert "$TMP/cert.pem" --ssl-key "$TMP/key.pem" 2>"$TMP/server.log" &
PID=$!
for _ in $(seq 400); do grep -q "ready for connections" "$TMP/server.log" 2>/dev/null && break; sleep 0.025; done
PORT=$(cat "$TMP/port") || fail "server did not start"
mariadb --no-defaults -S "$TMP/s.sock" -uroot \
    -e "CREATE USER app@localhost IDENTIFIED BY 'app-pw'; GRANT SELECT, CREATE, DROP ON *.* TO app@localhost" ||
    fail "account set-up"

n=0
for client in c py; do
    for via in socket tcp; do
        for tls in no yes; do
            n=$((n + 1))
            db="${client}_${via}_${tls}"
            where=(--port "$PORT")
            [ $via = socket ] && where=(--socket "$TMP/s.sock")
            t=()
            if [ $client = c ]; then
                [ $tls = yes ] && t=(--tls)
                "$TMP/client_c" "${where[@]}" --user app --password app-pw "${t[@]}" "$db" ||
                    fail "client_c $via tls=$tls"
            else
                [ $tls = yes ] && t=(--tls "$TMP/cert.pem")
                "$PY" "$ROOT/tests/server/client_py.py" "${where[@]}" --user app --password app-pw \
                    "${t[@]}" "$db" || fail "client_py $via tls=$tls"
            fi
        done
    done
done
# the session queries' column definitions against MariaDB's (recorded)
"$PY" "$ROOT/tests/server/coldefs.py" "$TMP/s.sock" || fail "column definitions differ from MariaDB's"
kill -TERM "$PID"
wait "$PID"
st=$?
PID=""
[ $st = 0 ] || fail "server exit status $st after SIGTERM"
grep -q "syscat serve: stopped" "$TMP/server.log" || fail "no clean stop in the log"
"$SYSCAT" --datadir "$TMP/cat" fsck >/dev/null || fail "fsck after the runs"
echo "clients: $n runs passed (Connector/C and PyMySQL x TCP/socket x TLS/plain)"
