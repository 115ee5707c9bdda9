#!/usr/bin/env bash
# mariadb-server.sh - start/stop a throw-away MariaDB server for recording
# DDL oracle cases (tests/oracle/record-ddl.sh).
#
# The server runs with exactly the pinned options of the DDL oracle
# (../shared/oracle/README.md, "Pinned server settings"): --no-defaults,
# nothing from any my.cnf, its own data directory under /tmp, its own socket,
# TCP only on 127.0.0.1:33061. It is a developer tool, never a dependency of
# the build or of `make test` (docs/testing.md).
#
# usage: tests/oracle/mariadb-server.sh start|stop|status|socket|restart
#   start    fresh data directory (mariadb-install-db), then mariadbd in the
#            background; waits until the server answers
#   stop     shut the server down (SHUTDOWN through the client), remove the
#            data directory
#   status   exit 0 when the server answers
#   socket   print the socket path
# Environment: SC_MARIADB_DIR (default /tmp/syscat-mariadb-oracle), holding
#   data/, mysqld.sock, mysqld.log and mysqld.pid (the pid of the mariadbd
#   this script started; not a server option); SC_MARIADB_PORT (default
#   33061), the loopback TCP port, so that several private servers can run.
set -u

BASE=${SC_MARIADB_DIR:-/tmp/syscat-mariadb-oracle}
DATA="$BASE/data"
SOCK="$BASE/mysqld.sock"
PIDF="$BASE/mysqld.pid"
LOG="$BASE/mysqld.log"
PORT=${SC_MARIADB_PORT:-33061}

answers() {
    mariadb --no-defaults --protocol=socket --socket="$SOCK" -uroot \
        -N -e 'SELECT 1' >/dev/null 2>&1
}

start() {
    if answers; then echo "mariadb-server: already running ($SOCK)"; return 0; fi
    rm -rf "$DATA"
    mkdir -p "$BASE"
    if ! mariadb-install-db --no-defaults --user=root --datadir="$DATA" \
        --auth-root-authentication-method=normal --skip-test-db >"$BASE/install.log" 2>&1; then
        echo "mariadb-server: mariadb-install-db failed, see $BASE/install.log" >&2
        return 1
    fi
    mariadbd --no-defaults --user=root --datadir="$DATA" \
        --bind-address=127.0.0.1 --port=$PORT --socket="$SOCK" \
        --character-set-server=utf8mb4 --collation-server=utf8mb4_general_ci \
        --default-storage-engine=InnoDB --lower-case-table-names=0 \
        --skip-log-bin --max-connections=20 \
        --innodb-buffer-pool-size=256M --innodb-log-file-size=64M \
        --innodb-flush-log-at-trx-commit=0 --innodb-doublewrite=0 --sync-frm=0 \
        >"$LOG" 2>&1 &
    echo $! >"$PIDF"
    local i
    for i in $(seq 1 120); do
        if answers; then echo "mariadb-server: up ($SOCK, 127.0.0.1:$PORT)"; return 0; fi
        sleep 0.5
    done
    echo "mariadb-server: server did not come up, see $LOG" >&2
    return 1
}

stop() {
    if answers; then
        mariadb --no-defaults --protocol=socket --socket="$SOCK" -uroot -e 'SHUTDOWN' \
            >/dev/null 2>&1
        local i
        for i in $(seq 1 120); do
            kill -0 "$(cat "$PIDF" 2>/dev/null)" 2>/dev/null || break
            sleep 0.5
        done
    fi
    rm -rf "$DATA" "$PIDF"
    echo "mariadb-server: stopped"
}

case "${1:-}" in
start) start ;;
stop) stop ;;
restart) stop && start ;;
status) answers ;;
socket) echo "$SOCK" ;;
*) echo "usage: $0 start|stop|restart|status|socket" >&2; exit 2 ;;
esac
