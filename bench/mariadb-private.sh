#!/usr/bin/env bash
# mariadb-private.sh - a throw-away MariaDB 10.11 server for benchmarks and
# dev comparisons (bench/bench-apply.sh, tests/gen/compare-mariadb.sh).
#
# Unlike tests/oracle/mariadb-server.sh (fixed port 33061, the DDL oracle's
# pinned options), this picks a free loopback port so several can run at
# once, keeps everything under one base directory, and can turn the binary
# log on. Stopped by the PID it started, never by name.
#
# usage: bench/mariadb-private.sh start BASE [extra mariadbd options...]
#        bench/mariadb-private.sh stop BASE
#   start  fresh BASE/data (mariadb-install-db), mariadbd in the background
#          on 127.0.0.1:<free port>; waits until it answers; writes
#          BASE/mysqld.pid, BASE/port; prints the socket path
#   stop   SHUTDOWN, then kill the recorded PID if still alive; removes BASE/data
set -u

cmd=${1:?usage: mariadb-private.sh start|stop BASE [options]}
BASE=${2:?usage: mariadb-private.sh start|stop BASE [options]}
shift 2
SOCK="$BASE/mysqld.sock"
PIDF="$BASE/mysqld.pid"

cli() { mariadb --no-defaults --protocol=socket --socket="$SOCK" -uroot "$@"; }
answers() { cli -N -e 'SELECT 1' >/dev/null 2>&1; }

# MARIADB_PRIVATE_PORT: use this port (a range handed out on a shared machine)
free_port() {
    [ -n "${MARIADB_PRIVATE_PORT:-}" ] && { echo "$MARIADB_PRIVATE_PORT"; return; }
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}

start() {
    mkdir -p "$BASE"
    rm -rf "$BASE/data"
    if ! mariadb-install-db --no-defaults --user="$(id -un)" --datadir="$BASE/data" \
        --auth-root-authentication-method=normal --skip-test-db >"$BASE/install.log" 2>&1; then
        echo "mariadb-private: mariadb-install-db failed, see $BASE/install.log" >&2
        return 1
    fi
    local port
    port=$(free_port)
    echo "$port" >"$BASE/port"
    mariadbd --no-defaults --user="$(id -un)" --datadir="$BASE/data" \
        --bind-address=127.0.0.1 --port="$port" --socket="$SOCK" \
        --character-set-server=utf8mb4 --collation-server=utf8mb4_general_ci \
        --default-storage-engine=InnoDB --lower-case-table-names=0 \
        --max-connections=20 --innodb-buffer-pool-size=256M --innodb-log-file-size=256M \
        --innodb-flush-log-at-trx-commit=0 --innodb-doublewrite=0 --sync-frm=0 \
        --pid-file="$BASE/mariadbd.pid" "$@" >"$BASE/mysqld.log" 2>&1 &
    echo $! >"$PIDF"
    local i
    for i in $(seq 1 240); do
        if answers; then echo "$SOCK"; return 0; fi
        kill -0 "$(cat "$PIDF")" 2>/dev/null || break
        sleep 0.5
    done
    echo "mariadb-private: server did not come up, see $BASE/mysqld.log" >&2
    stop
    return 1
}

stop() {
    local pid i
    pid=$(cat "$PIDF" 2>/dev/null)
    if [ -n "$pid" ]; then
        answers && cli -e 'SHUTDOWN' >/dev/null 2>&1
        for i in $(seq 1 60); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.5
        done
        kill -0 "$pid" 2>/dev/null && kill -9 "$pid" 2>/dev/null
    fi
    rm -rf "$BASE/data" "$PIDF"
}

case "$cmd" in
start) start "$@" ;;
stop) stop ;;
*) echo "usage: $0 start|stop BASE [options]" >&2; exit 2 ;;
esac
