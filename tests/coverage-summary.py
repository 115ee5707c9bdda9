#!/usr/bin/env python3
"""coverage-summary.py - per-directory line coverage from a gcovr JSON summary.

usage: coverage-summary.py SUMMARY.json DIR...   (run by `make coverage`)

Adds up gcovr's per-file line counts by top-level source directory and prints
one line per DIR plus the total; exits 1 when the summary names no file of a
DIR (a build that did not instrument it).
"""
import json
import sys


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as f:
        files = json.load(f)["files"]
    dirs = argv[2:]
    sums = {d: [0, 0] for d in dirs}
    for entry in files:
        top = entry["filename"].split("/")[0]
        if top in sums:
            sums[top][0] += entry["line_covered"]
            sums[top][1] += entry["line_total"]
    missing = [d for d in dirs if sums[d][1] == 0]
    total = [sum(v[0] for v in sums.values()), sum(v[1] for v in sums.values())]
    print("line coverage (lines run / instrumented lines):")
    for name, (run, lines) in list(sums.items()) + [("total", total)]:
        label = name if name == "total" else name + "/"
        pct = 100.0 * run / lines if lines else 0.0
        print(f"  {label:<11} {pct:5.1f}%  {run:6d} / {lines:6d}")
    if missing:
        print("coverage-summary: no instrumented lines in " + ", ".join(missing), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
