#!/usr/bin/env bash
# seeds-fuzz_binlog_file.sh OUTDIR - whole-file seeds for fuzz_binlog_file.c:
# small valid binlog files cut from the oracle binlogs
# ($SC_ORACLE/binlog/*/binlog.0*): the file's own header events (magic, FDE
# and what follows up to the first GTID) plus one transaction, with log_pos
# and CRC32 rewritten so the framing is sound; the first 16 KiB of each file
# as it is; and, when the debug CLI is built ($SC_BUILD/syscat), the files of
# a log of our own (CRC32 and NONE).
set -euo pipefail
out=$1
mkdir -p "$out"
python3 - "$out" "${SC_ORACLE:-../shared/oracle}" <<'PY'
import glob, hashlib, os, sys, zlib
out, oracle = sys.argv[1], sys.argv[2]
def save(data):
    with open(os.path.join(out, hashlib.sha1(data).hexdigest()), "wb") as f:
        f.write(data)
def events(d):
    p, evs = 4, []
    while p + 19 <= len(d):
        n = int.from_bytes(d[p + 9:p + 13], "little")
        if n < 19 or p + n > len(d):
            break
        evs.append(d[p:p + n]); p += n
    return evs
def relay(evs, crc):
    f = bytearray(b"\xfebin")
    for ev in evs:
        ev = bytearray(ev); at = len(f)
        ev[13:17] = (at + len(ev)).to_bytes(4, "little")
        if crc or ev[4] == 15:
            ev[-4:] = zlib.crc32(bytes(ev[:-4])).to_bytes(4, "little")
        f += ev
    return bytes(f)
for path in sorted(glob.glob(os.path.join(oracle, "binlog", "*", "binlog.0*"))):
    d = open(path, "rb").read()
    save(d[:16384])
    evs = events(d)
    if not evs:
        continue
    fde = evs[0]
    crc = fde[-5] == 1
    head = [fde]
    i = 1
    while i < len(evs) and evs[i][4] != 162:
        head.append(evs[i]); i += 1
    txns, cur = [], []
    for ev in evs[i:]:
        if ev[4] == 162 and cur:
            txns.append(cur); cur = []
        cur.append(ev)
    if cur:
        txns.append(cur)
    step = max(1, len(txns) // 40)
    for t in txns[::step]:
        save(relay(head + t, crc))
PY
cli=${SC_BUILD:-build}/syscat
if [ -x "$cli" ]; then
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    "$cli" --datadir "$tmp/d" init --map-size 16M >/dev/null
    "$cli" --datadir "$tmp/d" exec -e "create database d1; create table d1.t (a int primary key,
        b varchar(20) default 'x', c decimal(10,2), key(b)) comment 'two
        lines'; alter table d1.t add column d json; rename table d1.t to d1.u" >/dev/null
    "$cli" --datadir "$tmp/d" binlog set binlog.checksum NONE >/dev/null
    "$cli" --datadir "$tmp/d" binlog rotate >/dev/null
    "$cli" --datadir "$tmp/d" exec -e "drop database d1" >/dev/null
    for f in "$tmp"/d/binlog/binlog.0*; do
        cp "$f" "$out/syscat-$(basename "$f")"
    done
fi
