#!/usr/bin/env bash
# seeds-fuzz_event.sh OUTDIR - seed inputs for fuzz_event.c cut from the
# oracle binlogs ($SC_ORACLE/binlog/*/binlog.0*): for every transaction
# (GTID up to the next GTID) one input = flag byte (1 = CRC32 trailers,
# 0 = none) + its events verbatim; plus each TABLE_MAP followed by the rows
# events that use it. The FDE and the file magic are left out (the target
# adds its own).
set -euo pipefail
out=$1
mkdir -p "$out"
python3 - "$out" "${SC_ORACLE:-../shared/oracle}" <<'PY'
import glob, hashlib, os, sys
out, oracle = sys.argv[1], sys.argv[2]
def save(flag, chunks):
    data = bytes([flag]) + b"".join(chunks)
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(out, name), "wb") as f:
        f.write(data)
for path in sorted(glob.glob(os.path.join(oracle, "binlog", "*", "binlog.0*"))):
    d = open(path, "rb").read()
    crc = 1 if d[4 + 19 + 57 + 171] == 1 else 0
    p, events = 4, []
    while p + 19 <= len(d):
        n = int.from_bytes(d[p + 9:p + 13], "little")
        events.append(d[p:p + n])
        p += n
    txn = []
    for ev in events[1:]:
        if ev[4] == 162 and txn:
            save(crc, txn)
            txn = []
        txn.append(ev)
    if txn:
        save(crc, txn)
    for i, ev in enumerate(events):
        if ev[4] == 19:
            j = i + 1
            group = [ev]
            while j < len(events) and events[j][4] in (23, 24, 25, 30, 31, 32):
                group.append(events[j]); j += 1
            save(crc, group)
PY
