#!/usr/bin/env bash
# Runs esctest2, xterm's own conformance suite (Thomas Dickey's, github.com/ThomasDickey/esctest2),
# against a real xterm under Xvfb and against vtsnap (`vtsnap run`), and prints one line per test
# with both results, then the totals. A development check, not a ctest, like
# test/decoder/check_with_xterm.sh: it needs esctest2's source, python3, xterm and Xvfb (Debian:
# apt-get install xterm xvfb xauth), which the test command does not install.
# docs/conformance.md ("esctest2: xterm's conformance suite") holds the results and how to read them.
#
#   git clone https://github.com/ThomasDickey/esctest2 /tmp/esctest2
#   git -C /tmp/esctest2 checkout 664be3cf2c1e3f06bc93a8bafb48a0db83c607db
#   test/conformance/esctest.sh /tmp/esctest2 build/bin/vtsnap
#
# Both terminals run the same command: esctest.py --expected-terminal=xterm --max-vt-level=4
# --options xtermWinopsEnabled, at 80x25 (the size esctest's reset() asks for), with LANG=C.UTF-8.
# xterm runs with the resources esctest's README names: decTerminalID 420 (a VT420, hence
# --max-vt-level=4), allowWindowOps true and no disallowedWindowOps. Each test runs in its own
# esctest process, one after the other inside one terminal (one xterm, one `vtsnap run`; N of each
# with --jobs N), and pending
# input is flushed before each, so a reply a test did not read cannot fail the next one. esctest
# waits --timeout seconds (default 1) for each reply: a query the terminal does not answer fails its
# test after that long, which bounds the run (568 tests: a few minutes each half; both halves run
# at the same time).
#
# Options (before the arguments):
#   --include REGEX   only the tests whose Class.test_name matches REGEX (Python re.search)
#   --only xterm|vtsnap   run one half; the other column shows "-"
#   --timeout S       esctest's --timeout, seconds per reply (default 1)
#   --jobs N          N terminals of each kind at once, each running every Nth test (default 1):
#                     the vtsnap half spends most of its time waiting for replies it does not get
#   --results DIR     also write results.tsv (test, xterm, vtsnap, vtsnap's cause) and each run's
#                     per-test logfiles to DIR (created); nothing else outside a temporary folder is
#                     written, and that folder is removed at the end
#
# A result is: pass; FAIL (the cause follows in the vtsnap column's note); known (esctest lists the
# test as a known xterm bug and it failed, as expected); skip (needs a higher VT level than 4);
# none (the esctest process wrote no result: it hung for 60 s or crashed). Exits 0 once both
# halves ran, whatever the results; 2 on bad arguments or a missing tool.
set -euo pipefail
usage="usage: esctest.sh [--include REGEX] [--only xterm|vtsnap] [--timeout S] [--jobs N] [--results DIR] ESCTEST2_DIR [VTSNAP]"
include='.*'
only=''
reply_timeout=1
results=''
jobs=1
while [ $# -gt 0 ]; do
  case "$1" in
    --include) include=${2:?$usage}; shift 2 ;;
    --only) only=${2:?$usage}; shift 2 ;;
    --timeout) reply_timeout=${2:?$usage}; shift 2 ;;
    --results) results=${2:?$usage}; shift 2 ;;
    --jobs) jobs=${2:?$usage}; shift 2 ;;
    -h|--help) echo "$usage"; exit 0 ;;
    --) shift; break ;;
    -*) echo "$usage" >&2; echo "esctest.sh: unknown option '$1'" >&2; exit 2 ;;
    *) break ;;
  esac
done
if [ $# -lt 1 ] || [ $# -gt 2 ]; then echo "$usage" >&2; exit 2; fi
[[ "$jobs" =~ ^[1-9][0-9]?$ ]] || { echo "esctest.sh: --jobs '$jobs': expected a number from 1 to 99" >&2; exit 2; }
case "$only" in ''|xterm|vtsnap) ;; *) echo "esctest.sh: --only '$only': expected xterm or vtsnap" >&2; exit 2 ;; esac
esctest_dir=$(cd "$1" 2>/dev/null && pwd) || { echo "esctest.sh: $1: no such folder (esctest2's checkout)" >&2; exit 2; }
[ -f "$esctest_dir/esctest/esctest.py" ] ||
  { echo "esctest.sh: $esctest_dir/esctest/esctest.py not found: is $1 a checkout of esctest2?" >&2; exit 2; }
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
vtsnap=${2:-$root/build/bin/vtsnap}
if [ "$only" != xterm ]; then
  [ -x "$vtsnap" ] || { echo "esctest.sh: $vtsnap not found or not executable (build it: cmake --build build --target vtsnap)" >&2; exit 2; }
  vtsnap=$(cd "$(dirname "$vtsnap")" && pwd)/$(basename "$vtsnap")
fi
need=(python3)
[ "$only" != vtsnap ] && need+=(xterm Xvfb)
for tool in "${need[@]}"; do
  command -v "$tool" >/dev/null || { echo "esctest.sh: $tool not found (Debian: apt-get install xterm xvfb xauth python3)" >&2; exit 2; }
done
# The interpreter itself, not a shim (pyenv's adds a few hundred milliseconds to each of 568 starts).
python=$(python3 -c 'import sys; print(sys.executable)')

tmp=$(mktemp -d "${TMPDIR:-/tmp}/esctest.XXXXXX")
xvfb=''
cleanup() {
  [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT

# The tests, in the order esctest runs them.
(cd "$esctest_dir/esctest" && "$python" - "$include" > "$tmp/tests.txt") <<'EOF'
import inspect, re, sys
import esc, escargs, esccmd, escio, esclog, esctypes, escutil  # esctest.py's import order
escargs.args = escargs.parser.parse_args([])
import tests
for cls in tests.tests:
    for name, _ in inspect.getmembers(cls(), predicate=inspect.ismethod):
        full = cls.__name__ + "." + name
        if name.startswith("test_") and re.search(sys.argv[1], full):
            print(full)
EOF
count=$(wc -l < "$tmp/tests.txt")
[ "$count" -gt 0 ] || { echo "esctest.sh: no esctest test matches --include '$include'" >&2; exit 2; }

# The driver runs inside the terminal: one esctest process per test, input flushed before each.
cat > "$tmp/driver.py" <<'EOF'
import os, subprocess, sys, termios
esctest_dir, tests, logs, timeout = sys.argv[1:5]
os.chdir(os.path.join(esctest_dir, "esctest"))
for name in open(tests).read().split():
    termios.tcflush(0, termios.TCIFLUSH)
    try:
        subprocess.run([sys.executable, "esctest.py", "--expected-terminal=xterm", "--max-vt-level=4",
                        "--options", "xtermWinopsEnabled", "--timeout", timeout, "--no-print-logs",
                        "--logfile", os.path.join(logs, name + ".log"),
                        "--include", "^" + name.replace(".", r"\.") + "$"], timeout=60)
    except subprocess.TimeoutExpired:
        pass
os.write(1, b"\x1b\\\x1bc\r\nESCTEST-" + b"DONE\r\n")
EOF

display=:$((100 + RANDOM % 800))
run_xterm() {
  mkdir -p "$tmp/xterm"
  DISPLAY=$display LANG=C.UTF-8 LC_ALL=C.UTF-8 timeout 1800 xterm -geometry 80x25 \
    -xrm 'XTerm*decTerminalID: 420' -xrm 'XTerm*allowWindowOps: true' \
    -xrm 'XTerm*disallowedWindowOps:' \
    -e "$python" "$tmp/driver.py" "$esctest_dir" "$tmp/shard.$1" "$tmp/xterm" "$reply_timeout" \
    >"$tmp/xterm.out.$1" 2>&1 || echo "esctest.sh: xterm $1 ended with status $? (see the results)" >&2
}
run_vtsnap() {
  mkdir -p "$tmp/vtsnap"
  # --wait-text holds the run until the driver is done (a settled screen alone would end it at the
  # first query vtsnap leaves unanswered, when esctest waits for its reply); --allow-window-ops
  # answers the window reports and --allow-clipboard-read the OSC 52 read, as the xterm half's
  # allowWindowOps does both (esctest's reset asks CSI 18 t before every test).
  timeout 1900 "$vtsnap" run --size 80x25 --timeout 1800 --wait-text "ESCTEST-DONE" \
    --allow-window-ops --allow-clipboard-read --cwd "$tmp" \
    -- "$python" "$tmp/driver.py" "$esctest_dir" "$tmp/shard.$1" "$tmp/vtsnap" "$reply_timeout" \
    >"$tmp/vtsnap.out.$1" 2>&1 || { echo "esctest.sh: vtsnap run $1 ended with status $?:" >&2; tail -5 "$tmp/vtsnap.out.$1" >&2; }
}
echo "esctest.sh: $count tests, esctest2 $(git -C "$esctest_dir" rev-parse HEAD 2>/dev/null || echo '(not a git checkout)')" >&2
start=$SECONDS
pids=()
if [ "$only" != vtsnap ]; then
  Xvfb "$display" -screen 0 1280x1024x24 -nolisten tcp >/dev/null 2>&1 &
  xvfb=$!
  sleep 1
fi
# --jobs N: the tests dealt round-robin into N shards, each in a terminal of its own.
for ((j = 0; j < jobs; j++)); do
  awk -v n="$jobs" -v j="$j" 'NR % n == j' "$tmp/tests.txt" > "$tmp/shard.$j"
  if [ "$only" != vtsnap ]; then run_xterm "$j" & pids+=($!); fi
  if [ "$only" != xterm ]; then run_vtsnap "$j" & pids+=($!); fi
done
wait "${pids[@]}"
echo "esctest.sh: ran in $((SECONDS - start)) s" >&2

# The table: one line per test, then the totals.
"$python" - "$tmp/tests.txt" "$tmp" "$only" "${results:-}" <<'EOF'
import os, re, shutil, sys
tests_file, tmp, only, results = sys.argv[1:5]
names = open(tests_file).read().split()

# The query a test waited for, by the esctest function that waited (the last frame above escio).
QUERIES = [
    ("escutil.GetScreenSize", "CSI 18 t (text area size, asked before every test)"),
    ("escutil.GetChecksumOfRect", "DECRQCRA"), ("decrqm.", "DECRQM"), ("decscl.", "DECRQM"),
    ("decrqss.", "DECRQSS"), ("s8c1t.", "DECRQSS"), ("decdsr.", "DECDSR (CSI ? Ps n)"),
    ("decid.", "DECID"), ("escutil.GetWindowTitle", "CSI 21 t (title)"),
    ("escutil.GetIconTitle", "CSI 20 t (icon label)"),
    ("escutil.GetDisplaySize", "CSI 19 t (screen size in characters)"),
    ("escutil.GetScreenSizePixels", "CSI 15 t (screen size in pixels)"),
    ("escutil.GetWindowSizePixels", "CSI 14 t (window size in pixels)"),
    ("escutil.GetCharSizePixels", "CSI 16 t (cell size in pixels)"),
    ("escutil.GetWindowPosition", "CSI 13 t (window position)"),
    ("escutil.GetIsIconified", "CSI 11 t (window state)"),
    ("change_color.", "OSC 4 (colour query)"), ("reset_color.", "OSC 4 (colour query)"),
    ("change_special_color.", "OSC 5 (special colour query)"),
    ("reset_special_color.", "OSC 5 (special colour query)"),
    ("change_dynamic_color.", "OSC 10-19 (dynamic colour query)"),
    ("manipulate_selection_data.", "OSC 52 (selection query)"),
]

def cause(tb):
    """What a failing test's traceback says went wrong, in a few words."""
    lines = [l.strip() for l in tb.strip().splitlines() if l.strip()]
    last = lines[-1] if lines else "?"
    if "Timeout waiting to read" in tb:
        frames = [m + "." + f for m, f in re.findall(r'File ".*?(\w+)\.py", line \d+, in (\w+)', tb)
                  if m != "escio"]
        asker = frames[-1] if frames else "?"
        for prefix, query in QUERIES:
            if asker.startswith(prefix):
                return "no reply: " + query
        return "no reply to " + asker
    return last.replace("esctypes.", "")[:160]

def result(half, name):
    path = os.path.join(tmp, half, name + ".log")
    if only and only != half:
        return "-", ""
    if not os.path.exists(path):
        return "none", "no log"
    text = open(path, errors="replace").read()
    if "*** TEST %s FAILED:" % name in text:
        tb = text.split("*** TEST %s FAILED:" % name, 1)[1].split("\n*** ", 1)[0]
        return "FAIL", cause(tb)
    if "\nPassed." in text:
        return "pass", ""
    if "Fails as expected" in text:
        return "known", ""
    if "Skipped because" in text:
        return "skip", ""
    return "none", "no result in the log"

rows = []
for n in names:
    x, xc = result("xterm", n)
    v, vc = result("vtsnap", n)
    rows.append((n, x, v, vc if v == "FAIL" else (xc if x == "FAIL" else "")))
w = max(len(r[0]) for r in rows)
print("%-*s  %-6s  %-6s  %s" % (w, "test", "xterm", "vtsnap", "cause of the FAIL (vtsnap's; xterm's when only xterm fails)"))
for n, x, v, c in rows:
    print("%-*s  %-6s  %-6s  %s" % (w, n, x, v, c))
def count(col, val):
    return sum(1 for r in rows if r[col] == val)
print()
print("tests run: %d" % len(rows))
for col, half in ((1, "xterm"), (2, "vtsnap")):
    if only and only != half:
        print("%-6s: not run (--only %s)" % (half, only))
        continue
    print("%-6s: %d pass, %d FAIL, %d known xterm bugs, %d skipped, %d without result" % (
        half, count(col, "pass"), count(col, "FAIL"), count(col, "known"), count(col, "skip"),
        count(col, "none")))
if rows and all(r[3].startswith("no reply: CSI 18 t") for r in rows if r[2] == "FAIL") and \
        count(2, "FAIL") == len(rows):
    print("vtsnap answered no CSI 18 t, which esctest asks before every test: is this vtsnap's\n"
          "run without --allow-window-ops (docs/cli.md)?")
if not only:
    both = sum(1 for r in rows if r[1] == "pass" and r[2] == "pass")
    print("passed by both: %d; by xterm only: %d; by vtsnap only: %d" % (
        both, sum(1 for r in rows if r[1] == "pass" and r[2] != "pass"),
        sum(1 for r in rows if r[2] == "pass" and r[1] != "pass")))
if results:
    os.makedirs(results, exist_ok=True)
    with open(os.path.join(results, "results.tsv"), "w") as f:
        f.write("test\txterm\tvtsnap\tcause\n")
        for r in rows:
            f.write("\t".join(r) + "\n")
    for half in ("xterm", "vtsnap"):
        if os.path.isdir(os.path.join(tmp, half)):
            shutil.rmtree(os.path.join(results, half), ignore_errors=True)
            shutil.copytree(os.path.join(tmp, half), os.path.join(results, half))
EOF
