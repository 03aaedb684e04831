#!/usr/bin/env bash
# Replays the cases fidelity_test.cc dumped (VTSNAP_DUMP_CASES=DIR) in a real xterm and compares
# xterm's screen with each case's expected rows. A development check, not a ctest: it needs
# xterm and Xvfb (Debian: apt-get install xterm xvfb xauth), which the test command does not
# install. xterm prints its screen through its media copy (`CSI i`, the whole screen with
# printerExtent) to printerCommand; the bytes reach xterm unchanged (`stty -opost`: no CR added
# before LF).
#
#   VTSNAP_DUMP_CASES=/tmp/cases build/bin/fidelity_test && test/decoder/check_with_xterm.sh /tmp/cases
#
# Prints one line per case (ok or DIFFERS, with both screens) and exits 1 if any case differs.
set -euo pipefail
dir=${1:?usage: check_with_xterm.sh DIR}
for tool in xterm Xvfb; do
  command -v "$tool" >/dev/null || { echo "check_with_xterm.sh: $tool not found" >&2; exit 2; }
done
display=:$((100 + RANDOM % 800))
Xvfb "$display" -screen 0 1024x768x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null' EXIT
sleep 1
# xterm prints a base and its combining mark precomposed where Unicode has a precomposed form.
nfc() { python3 -c 'import sys, unicodedata; sys.stdout.write(unicodedata.normalize("NFC", sys.stdin.read()))'; }
status=0
out=$(mktemp)
for bytes in "$dir"/*.bytes; do
  base=${bytes%.bytes}
  size=${base##*.}
  cols=${size%x*}
  rows=${size#*x}
  rm -f "$out"
  DISPLAY=$display timeout 20 xterm -geometry "${cols}x${rows}" \
    -xrm "XTerm*printerCommand: cat > $out" -xrm 'XTerm*printAttributes: 0' \
    -xrm 'XTerm*printerFormFeed: false' -xrm 'XTerm*utf8: 1' -xrm 'XTerm*decTerminalID: 420' \
    -xrm 'XTerm*printerExtent: true' \
    -e sh -c "stty -opost; cat '$bytes'; printf '\\033[i'; sleep 0.3" 2>/dev/null || true
  # xterm prints blank cells as spaces and the right half of a wide character as U+FFFF;
  # compare without those and without trailing blanks and trailing empty rows.
  got=$(sed -e 's/\xef\xbf\xbf//g; s/[[:space:]]*$//' "$out" 2>/dev/null | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' | nfc)
  want=$(sed -e 's/[[:space:]]*$//' "$base.expected" | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' | nfc)
  name=$(basename "$base")
  if [[ "$got" == "$want" ]]; then
    echo "ok       $name"
  else
    echo "DIFFERS  $name"
    diff <(echo "$want") <(echo "$got") | sed 's/^/         /' || true
    status=1
  fi
done
rm -f "$out"
exit $status
