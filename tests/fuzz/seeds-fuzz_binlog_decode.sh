#!/usr/bin/env bash
# seeds-fuzz_binlog_decode.sh OUTDIR - seeds for fuzz_binlog_decode.c: the
# whole-file seeds of fuzz_binlog_file (small valid files cut from the oracle
# binlogs, one transaction each, framing and CRC32 rewritten) plus, per cut
# file, a truncated copy, one with a flipped byte, so that the error paths
# (truncation, bad checksum, length past the end) start out covered, and one
# with its Query and rows events compressed as log_bin_compress writes them.
set -euo pipefail
out=$1
here=$(dirname "$0")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bash "$here/seeds-fuzz_binlog_file.sh" "$tmp"
python3 - "$tmp" "$out" <<'PY'
import hashlib, os, sys
src, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
def save(data):
    with open(os.path.join(out, hashlib.sha1(data).hexdigest()), "wb") as f:
        f.write(data)
import zlib
def compress_part(raw):
    n = len(raw)
    ll = 4 if n > 0xFFFFFF else 3 if n > 0xFFFF else 2 if n > 0xFF else 1
    return bytes([0x80 | ll]) + n.to_bytes(ll, "big") + zlib.compress(raw)
def compressed(d):
    if len(d) < 100 or d[4 + 4] != 15:
        return None
    out, p = bytearray(d[:4]), 4
    while p + 19 <= len(d):
        n = int.from_bytes(d[p + 9:p + 13], "little")
        if n < 19 or p + n > len(d):
            return None
        ev, t, at = d[p:p + n], d[p + 4], 0
        if t == 2:
            b = ev[19:]
            at = 19 + 13 + int.from_bytes(b[11:13], "little") + b[8] + 1
        elif 23 <= t <= 25:
            at = 27
            w = ev[at] if ev[at] < 251 else int.from_bytes(ev[at + 1:at + 3], "little")
            at += (1 if ev[at] < 251 else 3) + (w + 7) // 8 * (2 if t == 24 else 1)
        if at and at < n - 4:
            ev = bytearray(ev[:at] + compress_part(ev[at:n - 4]) + b"\0\0\0\0")
            ev[4] = 165 if t == 2 else t - 23 + 166
        ev = bytearray(ev)
        ev[9:13] = len(ev).to_bytes(4, "little")
        ev[13:17] = (len(out) + len(ev)).to_bytes(4, "little")
        ev[-4:] = zlib.crc32(bytes(ev[:-4])).to_bytes(4, "little")
        out += ev
        p += n
    return bytes(out)
for name in sorted(os.listdir(src)):
    d = open(os.path.join(src, name), "rb").read()
    if len(d) > 65536:
        continue
    save(d)
    if len(d) > 40:
        save(d[: len(d) - 7])
        b = bytearray(d)
        b[len(b) // 2] ^= 0x41
        save(bytes(b))
    # CRC32 files only (the trailer is rewritten), cut ones with sound framing
    if not name.startswith("syscat-") and len(d) > 100:
        fde = 4 + int.from_bytes(d[13:17], "little")
        if fde <= len(d) and d[fde - 5] == 1:
            c = compressed(d)
            if c:
                save(c)
PY
