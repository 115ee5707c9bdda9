#!/usr/bin/env bash
# seeds-fuzz_apply.sh OUTDIR - seed inputs for fuzz_apply.c from our own
# logs: a source catalog is made with the CLI ($SC_BUILD/syscat, else
# build/syscat) under each row image (FULL, MINIMAL, NOBLOB), a DDL script is
# run, and its binlog.000001 is cut after the file header: one input per
# prefix ending at a transaction's XID (the bootstrap transaction first, so
# the TABLE_MAPs are there), as flag byte (1 = CRC32) + events.
set -euo pipefail
out=$1
mkdir -p "$out"
cli=${SC_BUILD:-build}/syscat
if [ ! -x "$cli" ]; then
    echo "seeds-fuzz_apply: $cli not built; no seeds" >&2
    exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for image in FULL MINIMAL NOBLOB; do
    d=$work/$image
    "$cli" --datadir "$d" init >/dev/null
    "$cli" --datadir "$d" binlog set binlog.row_image "$image"
    "$cli" --datadir "$d" exec -e "CREATE DATABASE f; CREATE TABLE f.p (id INT PRIMARY KEY, a VARCHAR(9) DEFAULT 'x' COMMENT 'c', b TEXT, KEY ka (a)); CREATE TABLE f.c (id INT, pid INT, CHECK (id > 0), FOREIGN KEY (pid) REFERENCES p (id) ON DELETE CASCADE); ALTER TABLE f.p ADD COLUMN z INT, DROP INDEX ka, ADD UNIQUE KEY u (a, z); ALTER TABLE f.p MODIFY b MEDIUMTEXT; RENAME TABLE f.c TO f.c2; CREATE DATABASE g; RENAME TABLE f.c2 TO g.c3; DROP TABLE g.c3; DROP DATABASE f" >/dev/null
    python3 - "$d/binlog/binlog.000001" "$out" "$image" <<'PY'
import hashlib, os, sys
path, out, tag = sys.argv[1:4]
d = open(path, "rb").read()
p, events = 4, []
while p + 19 <= len(d):
    n = int.from_bytes(d[p + 9:p + 13], "little")
    events.append(d[p:p + n]); p += n
body = [e for e in events if e[4] not in (15, 163, 161)]  # FDE, GTID_LIST, checkpoint
for i, e in enumerate(body):
    if e[4] == 16:  # XID: a prefix of whole transactions
        data = bytes([1]) + b"".join(body[:i + 1])
        with open(os.path.join(out, hashlib.sha1(data).hexdigest()), "wb") as f:
            f.write(data)
PY
done
