#!/usr/bin/env bash
# replica-serve.sh - issue 9, acceptance 2 over `syscat serve` (docs/replication.md):
# a replica follows three sources through `--from 127.0.0.1:PORT` of a
# `syscat serve` each, end to end through the CLI.
#
#  * the sources log FULL, MINIMAL and NOBLOB row images (server ids 11-13);
#    every catalog starts with the same ids, so their ids collide; their
#    names collide in the databases shared1 and shared2 (tests/gen/gen_ddl.py
#    --shared 2): s1 keeps them, s2 has rewrite rules (shared1=shared1_b,
#    shared2=shared2_b), s3 the rewrite policy (--on-conflict rewrite:
#    s3_shared1, s3_shared2);
#  * one `syscat replica follow s1 s2 s3` runs from before the first
#    statement to the end, with a poll interval of an hour: it must block on
#    the three binlog dumps and apply each commit the servers push, never
#    poll; the sources run random DDL streams (fixed seeds)
#    through `mariadb` on their server's socket, in two halves: after the
#    first half the follower must have caught up while it keeps running
#    (it applies live), then the second half; then s3's server is stopped
#    under its open dump: s3 stops with the connection's error, s1 goes on;
#  * at the end, per source table, `syscat show create table` on the
#    replica equals the source's (foreign keys into a renamed database name
#    the local name), `syscat idmap --json` maps every source table to that
#    local table, `syscat fsck` passes on the replica, and the follower
#    stops on SIGTERM (exit 1: s3 stopped).
#
# Everything is private: catalogs under a temporary directory, servers on
# free loopback ports (port 0 + --port-file), every process stopped by PID.
# Environment: SC_BUILD (build directory, default build), REPLICA_SERVE_COUNT
# (statements per source, default 150; `make check-replica-serve-long` 2000).
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
BUILD=${SC_BUILD:-build}
case $BUILD in /*) ;; *) BUILD=$ROOT/$BUILD ;; esac
SYSCAT=$BUILD/syscat
COUNT=${REPLICA_SERVE_COUNT:-150}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
[ -x "$SYSCAT" ] || { echo "replica-serve: no CLI at $SYSCAT (run make)" >&2; exit 2; }
for t in mariadb python3; do
    command -v $t >/dev/null || { echo "replica-serve: $t not installed (make deps)" >&2; exit 2; }
done
WORK=$(mktemp -d "${TMPDIR:-/tmp}/syscat-replserve-XXXXXX")
PIDS=""
stop_pid() {
    kill "$1" 2>/dev/null
    for _ in $(seq 1 100); do kill -0 "$1" 2>/dev/null || return 0; sleep 0.1; done
    kill -9 "$1" 2>/dev/null
}
cleanup() {
    for p in $PIDS; do stop_pid "$p"; done
    rm -rf "$WORK"
}
trap cleanup EXIT
fail() {
    echo "replica-serve: FAIL: $*" >&2
    for f in "$WORK"/*.log; do [ -s "$f" ] && { echo "--- $f" >&2; tail -5 "$f" >&2; }; done
    exit 1
}
step() { echo "replica-serve: $*"; }
sc() { "$SYSCAT" --datadir "$@"; }

NAMES="s1 s2 s3"
declare -A IMAGE=([s1]=FULL [s2]=MINIMAL [s3]=NOBLOB)
declare -A SID=([s1]=11 [s2]=12 [s3]=13)
declare -A PREFIX=([s1]=a_ [s2]=b_ [s3]=c_)
declare -A PORT SPID
echo secret >"$WORK/pw"

# ---------------------------------------------------------------- sources
for s in $NAMES; do
    d=$WORK/$s
    sc "$d" init >/dev/null || fail "init $s"
    sc "$d" binlog set binlog.server_id "${SID[$s]}" >/dev/null || fail "server_id $s"
    sc "$d" binlog set binlog.row_image "${IMAGE[$s]}" >/dev/null || fail "row_image $s"
    sc "$d" binlog set binlog.max_file_size 60000 >/dev/null || fail "max_file_size $s"
    # accounts are logged rows too: one name per source, or they clash here (1062)
    sc "$d" user add "repl_$s" --host '%' --password-file "$WORK/pw" --grant 'REPLICATION SLAVE' \
        >/dev/null || fail "user add $s"
    "$SYSCAT" --datadir "$d" serve --port 0 --port-file "$WORK/$s.port" --socket "$WORK/$s.sock" \
        --server-id "${SID[$s]}" 2>"$WORK/serve-$s.log" &
    SPID[$s]=$!
    PIDS="$PIDS ${SPID[$s]}"
    python3 "$ROOT/tests/gen/gen_ddl.py" --seed "${SID[$s]}" --count "$COUNT" \
        --prefix "${PREFIX[$s]}" --shared 2 -o "$WORK/$s.sql" || fail "gen_ddl.py"
    # two halves, cut outside a BEGIN ... COMMIT group
    awk -v half=$((COUNT / 2)) -v a="$WORK/$s.1.sql" -v b="$WORK/$s.2.sql" '
        /^BEGIN/ { grp = 1 } { print > (cut ? b : a) }
        /^COMMIT/ { grp = 0 } NR >= half && !grp { cut = 1 }' "$WORK/$s.sql"
done
for s in $NAMES; do
    for _ in $(seq 1 100); do [ -s "$WORK/$s.port" ] && break; sleep 0.1; done
    [ -s "$WORK/$s.port" ] || fail "syscat serve $s did not start"
    PORT[$s]=$(cat "$WORK/$s.port")
done
my() { mariadb --no-defaults -S "$WORK/$1.sock" -uroot "${@:2}"; }

# ---------------------------------------------------------------- replica
R=$WORK/replica
sc "$R" init >/dev/null || fail "init replica"
sc "$R" binlog set binlog.server_id 99 >/dev/null || fail "replica server id"
for s in $NAMES; do
    case $s in
    s1) extra=() ;;
    s2) extra=(--rewrite-db shared1=shared1_b --rewrite-db shared2=shared2_b) ;;
    s3) extra=(--on-conflict rewrite) ;;
    esac
    sc "$R" replica add-source "$s" --from "127.0.0.1:${PORT[$s]}" --user "repl_$s" \
        --password-file "$WORK/pw" "${extra[@]}" >/dev/null || fail "add-source $s"
done
# s1 owns shared1 and shared2 here (s3's policy then renames its own)
my s1 -e "CREATE DATABASE shared1; CREATE DATABASE shared2" || fail "shared databases"
sc "$R" replica apply s1 >/dev/null || fail "replica apply s1"

# --poll-ms of an hour: only the sources' pushed commits can wake it (a blocking dump each)
"$SYSCAT" --datadir "$R" replica follow --poll-ms 3600000 s1 s2 s3 >"$WORK/follow.out" \
    2>"$WORK/follow.log" &
FPID=$!
PIDS="$PIDS $FPID"

# caught_up TIMEOUT_S: every source's GTID position reached by the replica
caught_up() {
    local until=$((SECONDS + $1)) s want got ok
    while [ $SECONDS -lt $until ]; do
        kill -0 $FPID 2>/dev/null || fail "replica follow exited"
        ok=1
        for s in $NAMES; do
            want=$(my "$s" -N -e 'SELECT @@global.gtid_binlog_pos') || fail "gtid of $s"
            got=$(sc "$R" replica status "$s" --json |
                python3 -c 'import json,sys; print(json.load(sys.stdin)["gtid"])')
            [ "$want" = "$got" ] || { ok=0; break; }
        done
        [ $ok = 1 ] && return 0
        sleep 0.2
    done
    sc "$R" replica status >&2
    fail "the replica did not catch up within $1 s"
}

write_half() { # N: every source runs its half N at once
    local s p pids=""
    for s in $NAMES; do
        my "$s" --force <"$WORK/$s.$1.sql" >/dev/null 2>"$WORK/$s.$1.err" &
        pids="$pids $!"
    done
    for p in $pids; do wait "$p"; done
    for s in $NAMES; do
        local bad total
        bad=$(grep -c '^ERROR' "$WORK/$s.$1.err")
        total=$(grep -c ';$' "$WORK/$s.$1.sql")
        [ $((bad * 10)) -le "$total" ] || fail "$s half $1: $bad of $total statements failed: $(head -3 "$WORK/$s.$1.err")"
    done
}

t0=$SECONDS
write_half 1
caught_up 60
step "first half ($((COUNT / 2)) statements per source) applied by the running follower"
write_half 2
caught_up 120
step "sources written and followed in $((SECONDS - t0)) s"
# s3's server goes away under the open dump: that source stops with the
# connection's error (after its reconnection attempts), the others go on
stop_pid "${SPID[s3]}"
my s1 -e "CREATE DATABASE after_s3_stopped" || fail "a write on s1"
caught_up_one() { # SOURCE: its GTID reached here
    local want
    want=$(my "$1" -N -e 'SELECT @@global.gtid_binlog_pos')
    for _ in $(seq 1 100); do
        sc "$R" replica status "$1" --json | grep -q "\"gtid\": \"$want\"" && return 0
        sleep 0.1
    done
    fail "$1 not applied after s3's server stopped"
}
caught_up_one s1
for _ in $(seq 1 100); do grep -q "source 127.0.0.1:${PORT[s3]}" "$WORK/follow.log" && break; sleep 0.1; done
grep -q "source 127.0.0.1:${PORT[s3]}: connect: " "$WORK/follow.log" ||
    fail "no connection error for s3 after its server stopped: $(cat "$WORK/follow.log")"
kill -0 $FPID 2>/dev/null || fail "replica follow exited when s3's server stopped"
kill -TERM $FPID
wait $FPID
rc=$?
[ $rc = 1 ] || fail "replica follow exited with $rc after SIGTERM (1: s3 stopped)"
step "s3's server stopped: s3 stopped with '$(head -1 "$WORK/follow.log")', s1 went on;" \
    "follow stopped on SIGTERM (exit 1)"
for s in $NAMES; do
    grep -q '"last_error": ""' <(sc "$R" replica status "$s" --json) || [ $s = s3 ] ||
        fail "$s has an error"
done
rules=$(sc "$R" replica status s3 --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["rewrite_db"])')
for db in shared1 shared2; do # the ones s3's stream creates
    grep -q "DATABASE IF NOT EXISTS \`$db\`" "$WORK/s3.sql" || continue
    grep -qx "$db=s3_$db" <<<"$rules" || fail "the rewrite policy did not add $db=s3_$db to s3: $rules"
done

# ---------------------------------------------------------------- compare
for s in $NAMES; do stop_pid "${SPID[$s]}"; done
SYSCAT="$SYSCAT" WORK="$WORK" python3 - <<'EOF' || fail "the replica differs from its sources"
import json, os, subprocess, sys

syscat, work = os.environ["SYSCAT"], os.environ["WORK"]
rep = work + "/replica"
local = {
    "s1": {},
    "s2": {"shared1": "shared1_b", "shared2": "shared2_b"},
    "s3": {"shared1": "s3_shared1", "shared2": "s3_shared2"},
}


def run(d, *args):
    p = subprocess.run([syscat, "--datadir", d, *args], capture_output=True, text=True)
    if p.returncode:
        sys.exit("syscat %s: exit %d: %s" % (" ".join(args), p.returncode, p.stderr))
    return p.stdout


def js(d, *args):
    return json.loads(run(d, *args, "--json"))


bad = 0
for s, rules in local.items():
    src = work + "/" + s
    idmap = {}
    for m in js(rep, "idmap", s):
        if m["kind"] == "table":
            idmap[(m["source_database"], m["source_table"])] = (m["local_database"], m["local_table"])
    n = 0
    for row in js(src, "show", "databases"):
        db = row["Database"]
        if db == "syscat":
            continue
        for trow in js(src, "show", "tables", db):
            t = list(trow.values())[0]
            ldb = rules.get(db, db)
            if idmap.get((db, t)) != (ldb, t):
                print("%s: %s.%s maps to %s, not %s.%s" % (s, db, t, idmap.get((db, t)), ldb, t))
                bad += 1
                continue
            want = run(src, "show", "create", "table", "%s.%s" % (db, t))
            for f, to in rules.items():
                want = want.replace("`%s`." % f, "`%s`." % to)
            got = run(rep, "show", "create", "table", "%s.%s" % (ldb, t))
            if want != got:
                print("%s: %s.%s differs:\n--- source\n%s--- replica (%s.%s)\n%s" % (s, db, t, want, ldb, t, got))
                bad += 1
            n += 1
    extra = len(idmap) - n
    if extra:
        print("%s: the id map has %d table(s) the source does not have" % (s, extra))
        bad += 1
    print("replica-serve: %s (%s): %d tables equal, each in the id map" % (s, {"s1": "FULL", "s2": "MINIMAL", "s3": "NOBLOB"}[s], n))
    if n < 5:
        print("%s: only %d tables: the stream did too little" % (s, n))
        bad += 1
sys.exit(1 if bad else 0)
EOF
sc "$R" fsck >"$WORK/fsck.out" 2>&1 || fail "fsck of the replica: $(cat "$WORK/fsck.out")"
step "$(cat "$WORK/fsck.out")"
for s in $NAMES; do
    sc "$WORK/$s" fsck >/dev/null 2>&1 || fail "fsck of source $s"
done
step "OK"
