#!/usr/bin/env bash
# run-extra.sh - the script-based tests `make test` runs after the Check
# suites: corpus runners that drive the built CLI. Each runner prints its
# scores; this script fails when any runner fails (a regression of a case
# listed as expected to pass, or a CLI that cannot run).
# Environment: SC_BUILD (build directory), SC_ORACLE (corpus root).
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
status=0

run() {
    echo "== $*"
    if ! "$@"; then
        echo "== FAILED: $*" >&2
        status=1
    fi
}

# The error table is the only place that spells out a MariaDB error.
run bash "$HERE/lint-errmsg.sh"
# The DDL oracle corpus through the CLI (design section 8), then the cases
# we recorded ourselves (same format, their own expected-pass.txt).
run bash "$HERE/oracle/run-ddl-cli.sh"
run bash "$HERE/oracle/run-ddl-cli.sh" --corpus "$HERE/data/ddl-extra"
# The objects corpus (partitions, sequences, versioning, views, triggers,
# CREATE ... SELECT): its list is tests/oracle/ddl-objects/expected-pass.txt.
run bash "$HERE/oracle/run-ddl-cli.sh" --oracle ddl-objects
run bash "$HERE/oracle/run-ddl-cli.sh" --corpus "$HERE/data/ddl-objects-extra"
# The .frm reader over every case's frm/ files against schema.sql (issue 15;
# FOREIGN KEY lines dropped from the expected text), strict ratchet
# tests/oracle/frm-expected-pass.txt.
run python3 "$HERE/oracle/run-frm-cli.py"
# ... and over ddl-objects (views, .TRG triggers, partitioned, versioned and sequence
# tables; ratchet tests/oracle/frm-objects-expected-pass.txt)
run python3 "$HERE/oracle/run-frm-cli.py" --corpus ddl-objects
# `syscat import frm CASE/frm` then `dump --show-create` against schema.sql, with
# and without --foreign-keys (issue 15, acceptance 2); a sample of the cases
# here (every case with a foreign key, every 8th other), the full run without --sample.
run python3 "$HERE/oracle/run-frm-import.py" --sample 8
run python3 "$HERE/oracle/run-frm-import.py" --corpus ddl-objects --sample 2
# Every case replayed, `syscat export frm`, every file of its frm/ compared byte
# for byte (acceptance 3); ratchet tests/oracle/frm-export-expected-pass.txt.
run python3 "$HERE/oracle/run-frm-export.py"
# ... and of ddl-objects (views, .TRG/.TRN, .par; creation times masked); ratchet
# tests/oracle/frm-export-objects-expected-pass.txt
run python3 "$HERE/oracle/run-frm-export.py" --corpus ddl-objects
# A private mariadbd creates a schema; its datadir is imported, exported over
# the original .frm files, and the restarted server must CHECK and SHOW CREATE
# every table as before (acceptance 4; about 20 s).
run bash "$HERE/frm-roundtrip.sh"
# The SHOW corpus through `exec -B --force` (byte-identical client output),
# with its ratchet (tests/oracle/show-expected-pass.txt, show-known-differences.txt),
# then our own recordings (tests/data/show-extra, tests/oracle/record-show.sh).
run bash "$HERE/oracle/run-show-cli.sh"
run bash "$HERE/oracle/run-show-cli.sh" --corpus "$HERE/data/show-extra"
# The schema tracker's contract (issue 14): every binlog variant tracked, schema-final.sql
# and every schema-history/GTID.sql through dump --show-create [--as-of] (docs/tracking.md).
run bash "$HERE/track-corpus.sh"
# Flashback after random DDL (issue 14, acceptance 4; FLASHBACK_COUNT=1000 for the full size).
run bash "$HERE/track-flashback.sh"
# --as-of against dumps taken live at sampled points of a random DDL log, from stored
# checkpoints and from the start (issue 14, acceptance 5; ASOF_COUNT=10000 for the full size).
run bash "$HERE/track-asof.sh"
# `make install` staged in a temporary directory and the README's C example
# built with its own pkg-config link lines, shared and static.
run bash "$HERE/packaging.sh"
# Random DDL streams (tests/gen/gen_ddl.py): >= 95% ok, fsck clean.
run bash "$HERE/gen/run-gen.sh"
# The include graph against the layers of docs/architecture.md.
run bash "$HERE/layers.sh"
run bash "$HERE/layers-selftest.sh"
# Random byte flips in catalog.mdb and the binlog files, then every read
# command: reported by fsck/verify or provably harmless. A fixed seed here, so
# CI is repeatable (SWEEP_SEED overrides it); `make sweep-long` runs 400
# rounds from a fresh seed (docs/testing.md lists what it has found).
run env SWEEP_SEED="${SWEEP_SEED:-1}" SWEEP_ROUNDS="${SWEEP_ROUNDS:-8}" python3 "$HERE/corrupt_sweep.py"
# The interactive prompt on a real terminal (tmux): Ctrl-C, history, DELIMITER, completion.
run bash "$HERE/cli/prompt.sh"
# syscat serve (docs/server.md): Connector/C and PyMySQL over TCP/socket with
# and without TLS; a sample of the DDL corpus through the stock mariadb client
# (every case: make check-server-corpus); the load test (SC_LOAD_SECONDS).
run bash "$HERE/server/run-clients.sh"
run /usr/bin/python3 "$HERE/server/wire_corpus.py" --limit "${SC_WIRE_CASES:-24}"
run env SC_LOAD_SECONDS="${SC_LOAD_SECONDS:-30}" bash "$HERE/server/load.sh"
# Connections moving between the main and the reader loops as fast as they can (a
# hand-over from inside a callback aborts the debug build); make check-server-tsan for TSan.
run env SC_CHURN_SECONDS="${SC_CHURN_SECONDS:-5}" bash "$HERE/server/churn.sh"
# syscat serve's binlog stream read by stock MariaDB tools: mariadb-binlog
# --read-from-remote-server and a MariaDB 10.11 replica restarted midway (issue 10).
run bash "$HERE/server/stream-stock.sh"
# A replica following three `syscat serve` sources over HOST:PORT (FULL, MINIMAL,
# NOBLOB; colliding ids and names) while they write: SHOW CREATE, idmap, fsck (issue 9).
run bash "$HERE/replica-serve.sh"
# The README's `make demo` scenario (tools/demo.sh): exit 0, key lines, clean-up.
run bash "$HERE/demo-check.sh"
exit $status
