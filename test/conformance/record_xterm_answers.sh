#!/usr/bin/env bash
# Records what a real xterm answers to test/conformance/queries.txt, into xterm_answers.txt, which
# queries_test.cc compares with what `vtsnap run` answers to the same program. A development
# script, not a ctest: it needs xterm and Xvfb (Debian: apt-get install xterm xvfb xauth).
# xterm runs with its default resources plus the two vtsnap's profile names (docs/replies.md):
# decTerminalID 420 and utf8 1, at 80x24.
#
#   cmake --build build --target query_asker
#   test/conformance/record_xterm_answers.sh build/test/conformance/query_asker
set -euo pipefail
asker=${1:?usage: record_xterm_answers.sh QUERY_ASKER}
here=$(cd "$(dirname "$0")" && pwd)
for tool in xterm Xvfb; do
  command -v "$tool" >/dev/null || { echo "record_xterm_answers.sh: $tool not found" >&2; exit 2; }
done
display=:$((100 + RANDOM % 800))
Xvfb "$display" -screen 0 1024x768x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null' EXIT
sleep 1
out=$(mktemp)
DISPLAY=$display timeout 120 xterm -geometry 80x24 -xrm 'XTerm*decTerminalID: 420' \
  -xrm 'XTerm*utf8: 1' -e "$(realpath "$asker")" "$here/queries.txt" "$out"
{
  echo "# What xterm 379 (Debian 12) answered to queries.txt, recorded by record_xterm_answers.sh."
  cat "$out"
} > "$here/xterm_answers.txt"
rm -f "$out"
echo "wrote $here/xterm_answers.txt ($(grep -vc '^#' "$here/xterm_answers.txt") answers)"
