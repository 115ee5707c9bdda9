#!/usr/bin/env bash
# bench/bench-decode.sh [BUILD_DIR] - decode rate of `syscat binlog decode`
# next to `mariadb-binlog -vv --base64-output=decode-rows` on the same files
# in the same run (issue 14, acceptance 5), both writing to /dev/null.
#
# The input: the oracle binlogs ($SC_ORACLE/binlog/*/binlog.0*) as they are,
# and one large file made of their transactions repeated until it reaches
# BENCH_DECODE_MB (default 256) megabytes, positions and CRC32 rewritten so
# that both tools read a sound file. Prints MB/s, wall time and peak RSS per
# tool and file set; the ### lines of both tools are compared on the
# corpus files (same count, else the figures mean nothing).
set -euo pipefail
build=${1:-build/release}
oracle=${SC_ORACLE:-../shared/oracle}
mb=${BENCH_DECODE_MB:-256}
sc=$build/syscat
if ! command -v mariadb-binlog >/dev/null; then
    echo "bench-decode: mariadb-binlog not installed" >&2
    exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 - "$oracle" "$tmp/big.000001" "$mb" <<'PY'
import glob, os, sys, zlib
oracle, out, mb = sys.argv[1], sys.argv[2], int(sys.argv[3])
src = sorted(glob.glob(os.path.join(oracle, "binlog", "crc32-full-full", "binlog.0*")))[0]
d = open(src, "rb").read()
evs, p = [], 4
while p + 19 <= len(d):
    n = int.from_bytes(d[p + 9:p + 13], "little"); evs.append(d[p:p + n]); p += n
head = evs[:3]                          # FDE, Gtid_list, checkpoint
body = [e for e in evs[3:] if e[4] not in (3, 4)]   # up to Stop/Rotate
with open(out, "wb") as f:
    f.write(b"\xfebin"); at = 4
    seq = 0
    def put(ev):
        global at, seq
        ev = bytearray(ev); ev[13:17] = (at + len(ev)).to_bytes(4, "little")
        if ev[4] == 162:                # GTIDs in order, as the tool insists
            seq += 1; ev[19:27] = seq.to_bytes(8, "little")
        ev[-4:] = zlib.crc32(bytes(ev[:-4])).to_bytes(4, "little")
        f.write(ev); at += len(ev)
    for e in head: put(e)
    while at < mb << 20:
        for e in body: put(e)
PY
run() { # label, then the command; prints "label: X MB/s (T s, RSS K KB)"
    local label=$1 bytes=$2; shift 2
    /usr/bin/time -f "%e %M" -o "$tmp/time" "$@" >/dev/null 2>"$tmp/err" || {
        echo "bench-decode: $label failed: $(head -c 300 "$tmp/err")" >&2; return 1; }
    read -r secs rss <"$tmp/time"
    python3 -c "import sys; b,s=int(sys.argv[1]),float(sys.argv[2]); s=max(s,0.01); \
print('%-32s %8.1f MB/s  (%.2f s for %.1f MB, peak RSS %s KB)' % (sys.argv[3], b/s/1e6, s, b/1e6, sys.argv[4]))" \
        "$bytes" "$secs" "$label" "$rss"
}
corpus=$(ls "$oracle"/binlog/*/binlog.0* | sort | tr '\n' ' ')
cbytes=$(cat $corpus | wc -c)
big=$tmp/big.000001
bbytes=$(stat -c %s "$big")
# the same ### lines from both tools on the corpus (file by file)
for f in $corpus; do
    a=$("$sc" binlog decode "$f" | grep -c '^###' || true)
    b=$(mariadb-binlog -vv --base64-output=decode-rows "$f" | grep -c '^###' || true)
    if [ "$a" != "$b" ]; then
        echo "bench-decode: $f: $a ### lines from syscat, $b from mariadb-binlog" >&2
        exit 1
    fi
done
echo "decode rate, corpus files ($(echo $corpus | wc -w) files):"
run "  syscat binlog decode" "$cbytes" sh -c "for f in $corpus; do $sc binlog decode \$f; done"
run "  mariadb-binlog -vv" "$cbytes" sh -c "for f in $corpus; do mariadb-binlog -vv --base64-output=decode-rows \$f; done"
echo "decode rate, one ${mb} MB file:"
run "  syscat binlog decode" "$bbytes" "$sc" binlog decode "$big"
run "  syscat binlog decode --format=json" "$bbytes" "$sc" binlog decode --format=json "$big"
run "  mariadb-binlog -vv" "$bbytes" mariadb-binlog -vv --base64-output=decode-rows "$big"
