#!/usr/bin/env bash
# seeds-fuzz_stored_log.sh OUTDIR - seeds for fuzz_stored_log.c: binlog files
# cut into stored-log records the way the log stores them (the header up to
# the first GTID, then one record per transaction), written as flag byte 0
# (records from offset 0) + per record a 2-byte little-endian length and its
# bytes, at most 16 KiB of records per seed. Sources: the oracle binlogs
# ($SC_ORACLE/binlog/*/binlog.0*) and, when the debug CLI is built
# ($SC_BUILD/syscat), a log of our own.
set -euo pipefail
out=$1
mkdir -p "$out"
files=$(ls "${SC_ORACLE:-../shared/oracle}"/binlog/*/binlog.0* 2>/dev/null || true)
cli=${SC_BUILD:-build}/syscat
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -x "$cli" ]; then
    "$cli" --datadir "$tmp/d" init --map-size 16M >/dev/null
    "$cli" --datadir "$tmp/d" exec -e "create database d1; create table d1.t (a int primary key,
        b varchar(20)); alter table d1.t add column c int; drop table d1.t" >/dev/null
    files="$files $(ls "$tmp"/d/binlog/binlog.0*)"
fi
# shellcheck disable=SC2086
python3 - "$out" $files <<'PY'
import hashlib, os, sys
out, paths = sys.argv[1], sys.argv[2:]
def save(data):
    with open(os.path.join(out, hashlib.sha1(data).hexdigest()), "wb") as f:
        f.write(data)
for path in paths:
    d = open(path, "rb").read()
    p, cuts = 4, [0]
    while p + 19 <= len(d):
        n = int.from_bytes(d[p + 9:p + 13], "little")
        if n < 19 or p + n > len(d):
            break
        if d[p + 4] == 162:
            cuts.append(p)
        p += n
    cuts.append(p)
    recs = [d[a:b] for a, b in zip(cuts, cuts[1:]) if b > a]
    for start in range(0, min(len(recs), 60), 6):
        seed, total = bytearray(b"\x00"), 0
        for r in ([recs[0]] if start else []) + recs[max(start, 1) if start else 0:]:
            if len(r) > 65535 or total + len(r) > 16384:
                break
            seed += len(r).to_bytes(2, "little") + r
            total += len(r)
        save(bytes(seed))
PY
