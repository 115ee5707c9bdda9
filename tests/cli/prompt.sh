#!/usr/bin/env bash
# prompt.sh - the interactive prompt of `syscat exec` driven as a user
# drives it, on a real terminal: tmux (a private server on its own socket)
# runs the CLI, send-keys types, capture-pane reads the screen. Checks Ctrl-C
# (clears the input; interrupts a running statement, which commits nothing),
# history across sessions, DELIMITER with a trigger body and with several
# statements, boxed rows and counts, \G, \c, source, USE, help, \s and tab
# completion; Ctrl-C during `source` of a long script stops the script.
# Run by tests/run-extra.sh; SC_BUILD names the build directory.
# Skips, saying why, when tmux is missing (make deps installs it).
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
BUILD=${SC_BUILD:-build}
case $BUILD in /*) ;; *) BUILD="$HERE/../../$BUILD" ;; esac
SC="$BUILD/syscat"
if ! command -v tmux >/dev/null 2>&1; then
    echo "prompt.sh: SKIPPED: tmux is not installed (make deps installs it)"
    exit 0
fi
WORK=$(mktemp -d /tmp/syscat-prompt.XXXXXX)
SOCK="$WORK/tmux.sock"
export HOME="$WORK" SYSCAT_DATADIR="$WORK/data" ASAN_OPTIONS=detect_leaks=0
T() { tmux -S "$SOCK" "$@"; }
cleanup() { T kill-server >/dev/null 2>&1; rm -rf "$WORK"; }
trap cleanup EXIT
fails=0
fail() { echo "prompt.sh: FAIL: $*" >&2; T capture-pane -p -t "${PANE:-a}:" -S -60 >&2; fails=$((fails + 1)); }

# start NAME: a session running the prompt in its own window (200x50).
start() {
    T new-session -d -s "$1" -x 200 -y 50 "cd '$WORK' && '$SC' exec; echo EXITED \$?; sleep 30"
    PANE=$1
    wait_for "$1" 'syscat [(none)]>' || fail "$1: no prompt"
}
# type NAME TEXT: literal text then Enter (a trailing ';' is escaped for tmux).
type() {
    local s=$2
    [ "${s: -1}" = ";" ] && s="${s%;}\\;"
    T send-keys -t "$1:" -l -- "$s"
    T send-keys -t "$1:" Enter
}
# wait_for NAME TEXT [SECONDS]: until the screen (with scrollback) shows TEXT.
wait_for() {
    local i
    for ((i = 0; i < ${3:-10} * 20; i++)); do
        T capture-pane -p -t "$1:" -S -200 | grep -qF -- "$2" && return 0
        sleep 0.05
    done
    return 1
}
screen() { T capture-pane -p -t "$1:" -S -200; }
expect() { wait_for "$1" "$2" "${3:-10}" || PANE=$1 fail "$1: no '$2' on the screen"; }

"$SC" init --map-size 64M >/dev/null || { echo "prompt.sh: init failed" >&2; exit 1; }
"$SC" exec -e 'create database shop; create table shop.orders (id int primary key,
    customer_id int, total decimal(10,2))' || exit 1

# --- session a: USE, completion, Ctrl-C clears, \c, DELIMITER, source, help, \s
start a
type a "use shop"
expect a 'Database changed'
expect a 'syscat [shop]>'
T send-keys -t a: -l "describe ord"
T send-keys -t a: Tab
expect a 'describe orders'
T send-keys -t a: C-u
T send-keys -t a: -l "select cust"
T send-keys -t a: Tab
expect a 'select customer_id'
T send-keys -t a: C-u
T send-keys -t a: -l "us"
T send-keys -t a: Tab
expect a 'syscat [shop]> use'
T send-keys -t a: C-u
# Ctrl-C drops a statement being typed over two lines, and the session goes on
type a "create table never"
expect a '    ->'
T send-keys -t a: -l "  (a int"
T send-keys -t a: C-c
expect a '^C'
type a "create table c1 (a int) \\c"
type a "create table kept (a int);"
expect a 'Query OK, 0 rows affected'
# rows: boxed with a count at the prompt, vertical with \G
type a "show tables like 'or%';"
expect a '| Tables_in_shop (or%) |'
expect a '1 row in set ('
type a "show tables like 'kept'\\G"
expect a '*************************** 1. row ***************************'
expect a 'Tables_in_shop (kept): kept'
type a "show tables like 'zz%';"
expect a 'Empty set ('
# DELIMITER: a trigger body with ';' inside goes whole; other text splits at ';'
type a "delimiter //"
type a "create trigger trg before insert on kept for each row begin set @x = 1; set @y = 2; end//"
type a "create table m1 (a int); create table m2 (a int)//"
type a "delimiter ;"
printf 'create table s1 (a int);\ncreate table s1 (a int);\ncreate table s2 (a int);\n' \
    > "$WORK/src.sql"
type a "source $WORK/src.sql"
expect a "ERROR 1050 (42S01) at line 2 in file: '$WORK/src.sql': Table 's1' already exists"
type a "help"
expect a 'List of all client commands'
type a '\s'
expect a 'Current database:       shop'
type a "quit"
expect a 'Bye'
expect a 'EXITED 0'
tables=$("$SC" dump --show-create shop | sed -n 's/^CREATE TABLE `\(.*\)` (/\1/p' | tr '\n' ' ')
[ "$tables" = "kept m1 m2 orders s1 s2 " ] || fail "tables after session a: '$tables'"
"$SC" dump --show-create | grep -qi 'trigger trg before insert on kept for each row begin set @x = 1; set @y = 2; end;' ||
    fail "the trigger body was not sent whole: $("$SC" dump --show-create | grep -i trigger)"
grep -q 'kept' "$WORK/.syscat_history" || fail "history not written as typed"

# --- session b: history from session a; Ctrl-C interrupts a running statement
start b
T send-keys -t b: Up
expect b 'syscat [(none)]> quit'
T send-keys -t b: C-u
# hold the write lock from session h (an open transaction), so b's statement waits
start h
type h "begin;"
type h "create table shop.h1 (a int);"
expect h 'Query OK'
type b "create table shop.waits (a int);"
expect b 'waiting for the catalog write lock' 5
T send-keys -t b: C-c
expect b 'Ctrl-C -- query killed. Continuing normally.'
type h "rollback;"
expect b 'ERROR 1317 (70100): Query execution was interrupted'
type b "show tables from shop;"
expect b 's2'
"$SC" dump --show-create shop | grep -q 'CREATE TABLE `waits`' &&
    fail "the interrupted statement was committed"
type b '\q'
expect b 'EXITED 0'

# --- session c: Ctrl-C during `source` of a long script stops the script at
# once: the running statement commits nothing and no later statement runs
"$SC" exec -e 'create database big' || exit 1
for ((i = 1; i <= 20000; i++)); do echo "create table big.t$i (a int, b varchar(20), key (b));"; done \
    > "$WORK/big.sql"
start c
type c "source $WORK/big.sql"
expect c 'Query OK' 20
sleep 0.5
T send-keys -t c: C-c
expect c 'ERROR 1317 (70100) at line' 10
expect c "in file: '$WORK/big.sql': Query execution was interrupted" 5
type c "show databases;"
expect c 'information_schema' 10
n1=$("$SC" exec -N -e 'select count(*) from information_schema.tables where table_schema = "big"')
sleep 1
n2=$("$SC" exec -N -e 'select count(*) from information_schema.tables where table_schema = "big"')
[ "$n1" = "$n2" ] || fail "the script went on after Ctrl-C ($n1, then $n2 tables)"
[ "${n1:-20000}" -lt 20000 ] || fail "Ctrl-C did not stop the script ($n1 tables)"
"$SC" fsck >/dev/null || fail "fsck after the interrupted script"
type c '\q'
expect c 'EXITED 0'

if [ "$fails" -ne 0 ]; then
    echo "prompt.sh: $fails failure(s)" >&2
    exit 1
fi
echo "prompt.sh: all prompt checks passed"
