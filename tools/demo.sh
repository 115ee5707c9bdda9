#!/usr/bin/env bash
# demo.sh - the end-to-end scenario of `make demo` (grows with each issue).
set -euo pipefail
SYSCAT=${1:-build/syscat}
DIR=$(mktemp -d "${TMPDIR:-/tmp}/syscat-demo-XXXXXX")
trap 'rm -rf "$DIR"' EXIT
echo "syscat demo: placeholder (catalog under construction)"
