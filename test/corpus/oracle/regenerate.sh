#!/bin/sh
# Recomputes test/corpus/cases/*.expected.json from the recordings with the pinned xterm.js
# (see docs/differential.md). Installs the pinned packages from package-lock.json on first use.
#   test/corpus/oracle/regenerate.sh              # every case
#   test/corpus/oracle/regenerate.sh vim_80x24    # only the named cases
set -eu
cd "$(dirname "$0")"
if [ ! -d node_modules/@xterm/headless ] || [ ! -d node_modules/@xterm/addon-unicode11 ]; then
  npm ci --no-audit --no-fund
fi
exec node replay.mjs "$@"
