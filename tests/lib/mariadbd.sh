# mariadbd.sh - start and stop a private mariadbd, sourced by scripts that
# need a real server (tests/frm-roundtrip.sh, bench/bench-frm.sh).
#
# The caller sets DATA (an initialised data directory), PORT (a free loopback
# port), SOCK, WORK (where mysqld.pid and mysqld.log go) and defines sql()
# (the mariadb client on SOCK). The server takes no option file, listens on
# 127.0.0.1 only, and is stopped by its PID (SHUTDOWN first, then signals).
#
#   sc_mariadbd_start NAME TRIES [OPTION...]  NAME prefixes messages; waits
#                                             TRIES x 0.5 s; sets PID
#   sc_mariadbd_stop TRIES                    clears PID

sc_mariadbd_start() {
    local name=$1 tries=$2
    shift 2
    mariadbd --no-defaults --user="$(id -un)" --datadir="$DATA" \
        --bind-address=127.0.0.1 --port="$PORT" --socket="$SOCK" \
        --character-set-server=utf8mb4 --collation-server=utf8mb4_general_ci \
        --skip-log-bin --innodb-flush-log-at-trx-commit=0 --innodb-doublewrite=0 \
        "$@" --pid-file="$WORK/mysqld.pid" >>"$WORK/mysqld.log" 2>&1 &
    PID=$!
    for _ in $(seq 1 "$tries"); do
        sql -N -e 'SELECT 1' >/dev/null 2>&1 && return 0
        kill -0 "$PID" 2>/dev/null || break
        sleep 0.5
    done
    echo "$name: mariadbd did not come up; log:" >&2
    tail -20 "$WORK/mysqld.log" >&2
    return 1
}

sc_mariadbd_stop() {
    [ -n "${PID:-}" ] || return 0
    sql -e 'SHUTDOWN' >/dev/null 2>&1 || kill "$PID" 2>/dev/null
    for _ in $(seq 1 "$1"); do
        kill -0 "$PID" 2>/dev/null || break
        sleep 0.5
    done
    kill -0 "$PID" 2>/dev/null && kill -9 "$PID" 2>/dev/null
    wait "$PID" 2>/dev/null
    PID=""
}
