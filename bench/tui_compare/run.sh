#!/usr/bin/env bash
# vtsnap against @microsoft/tui-test end to end (bench/README.md, "vtsnap and tui-test end to
# end"): runs the less scenario of both suites, one test at a time on both sides (tui-test with
# workers: 1, the gtest binary runs its cases in order), each suite as a user starts it (its own
# process, startup included), --repeat times (default 3), and prints a markdown table of the
# best run of each: total seconds for the 10 tests, ms per test, and tui-test's time per test
# over vtsnap's. It also prints gtest's own time for the 10 cases (without process startup).
#
#   bash bench/tui_compare/run.sh --less-test build-bench/bin/less_test [--repeat 3]
#
# Needs the tui-test modules (scripts/setup.sh: vtsnap_install_tui_test_node_modules); without
# them the tui-test rows say so and only vtsnap is timed. Exits 1 when a run fails.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
less_test=""
repeat=3
while [ $# -gt 0 ]; do
  case "$1" in
    --less-test) less_test="$2"; shift 2 ;;
    --repeat) repeat="$2"; shift 2 ;;
    *) echo "run.sh: unknown argument '$1' (--less-test PATH, --repeat N)" >&2; exit 2 ;;
  esac
done
if [ -z "$less_test" ] || [ ! -x "$less_test" ]; then
  echo "run.sh: --less-test must name the built less_test binary (got '$less_test')" >&2
  exit 2
fi
case "$repeat" in '' | *[!0-9]* | 0) echo "run.sh: --repeat must be a positive number" >&2; exit 2 ;; esac
tui_dir="$here/tui-test"
tui_bin="$tui_dir/node_modules/.bin/tui-test"
log="$(mktemp -d)"
trap 'rm -rf "$log"' EXIT

now_ns() { date +%s%N; }

# time_run NAME RUN COMMAND...: runs the command once in its own process and keeps the fastest
# wall time of NAME in best_ns[NAME] (its run in best_run[NAME]). A failed run prints its output
# and exits 1.
declare -A best_ns best_run
time_run() {
  local name="$1" i="$2" start end elapsed
  shift 2
  start=$(now_ns)
  if ! "$@" >"$log/$name.$i.out" 2>&1; then
    echo "run.sh: $name failed (run $i of $repeat):" >&2
    cat "$log/$name.$i.out" >&2
    exit 1
  fi
  end=$(now_ns)
  elapsed=$((end - start))
  echo "run.sh: $name run $i: $((elapsed / 1000000)) ms" >&2
  if [ -z "${best_ns[$name]:-}" ] || [ "$elapsed" -lt "${best_ns[$name]}" ]; then
    best_ns[$name]=$elapsed
    best_run[$name]=$i
  fi
}

# The vtsnap suite: the gtest binary as ctest or a developer starts it, its goldens beside the
# source; no report or outputs folder, so nothing but the comparison is written.
vtsnap_suite() { env -u TEST_UNDECLARED_OUTPUTS_DIR -u VTSNAP_REPORT_DIR "$less_test"; }

# One tui-test file as `npx tui-test <file>` runs it; tui-test.config.ts sets workers: 1. The
# argument is a regular expression on the file's path, in which tui-test doubles every backslash:
# "less.test.ts" does not match less-shell.test.ts.
tui_suite() { (cd "$tui_dir" && "$tui_bin" "$1"); }
tui_variants=("less.test.ts|program: less" "less-shell.test.ts|shell: bash, then less")
tui_note=""
if ! command -v node >/dev/null 2>&1; then
  tui_note="node is not installed: tui-test was not run (scripts/setup.sh installs it)"
  tui_variants=()
elif [ ! -x "$tui_bin" ]; then
  tui_note="$tui_dir/node_modules is not installed: tui-test was not run (scripts/setup.sh, vtsnap_install_tui_test_node_modules)"
  tui_variants=()
fi

# The suites take turns, run after run, so a change in the machine's load falls on all of them.
for ((i = 1; i <= repeat; i++)); do
  time_run vtsnap "$i" vtsnap_suite
  for variant in "${tui_variants[@]}"; do
    time_run "tui-test (${variant#*|})" "$i" tui_suite "${variant%%|*}"
  done
done
vtsnap_ns=${best_ns[vtsnap]}
vtsnap_run=${best_run[vtsnap]}
# gtest's own time for the ten cases of the fastest run: "[==========] 10 tests ... (N ms total)".
gtest_ms=$(sed -n 's/^\[==========\] 10 tests from .* ran\. (\([0-9]*\) ms total)$/\1/p' \
  "$log/vtsnap.$vtsnap_run.out")
if [ -z "$gtest_ms" ]; then
  echo "run.sh: less_test did not run 10 tests:" >&2
  cat "$log/vtsnap.$vtsnap_run.out" >&2
  exit 1
fi
# The slowest and fastest single case of that run, from gtest's "[       OK ] ... (N ms)" lines.
# (No `| head` under pipefail: a SIGPIPE in the writer would end the script.)
case_min=$(sed -n 's/^\[       OK \] .* (\([0-9]*\) ms)$/\1/p' "$log/vtsnap.$vtsnap_run.out" |
  sort -n | sed -n '1p')
case_max=$(sed -n 's/^\[       OK \] .* (\([0-9]*\) ms)$/\1/p' "$log/vtsnap.$vtsnap_run.out" |
  sort -n | sed -n '$p')

tui_rows=()
for variant in "${tui_variants[@]}"; do
  label="${variant#*|}"
  key="tui-test ($label)"
  out="$log/$key.${best_run[$key]}.out"
  # "tests: 10 did not run, 10 passed, 20 total": the other file's tests are filtered out.
  if ! grep -Eq "tests: (.* )?10 passed" "$out" || grep -Eq "failed|flaky" "$out"; then
    echo "run.sh: tui-test ($label) did not pass 10 tests:" >&2
    cat "$out" >&2
    exit 1
  fi
  tui_rows+=("$label|${best_ns[$key]}")
done

tui_version=$(node -p "require('$tui_dir/node_modules/@microsoft/tui-test/package.json').version" \
  2>/dev/null || echo "?")
ms() { awk -v ns="$1" 'BEGIN { printf "%.0f", ns / 1e6 }'; }
row() {  # label, total ns, ratio text
  awk -v label="$1" -v ns="$2" -v ratio="$3" \
    'BEGIN { printf "| %s | %.2f | %.0f | %s |\n", label, ns / 1e9, ns / 1e7, ratio }'
}
echo
echo "### vtsnap and tui-test end to end: less on 200 lines, G, snapshot; 10 tests, one at a time"
echo
echo "Best of $repeat runs; each suite is its own process, startup included; ratio = tui-test's"
echo "time per test over vtsnap's (the vtsnap process row)."
echo
echo "| tool | total s (10 tests) | per test ms | ratio |"
echo "| --- | ---: | ---: | ---: |"
row "vtsnap (less_test, the process)" "$vtsnap_ns" "1.0x"
echo "| vtsnap (gtest's own time for the 10 cases: ${case_min}-${case_max} ms each) | $(awk -v m="$gtest_ms" 'BEGIN { printf "%.2f", m / 1000 }') | $(awk -v m="$gtest_ms" 'BEGIN { printf "%.0f", m / 10 }') | |"
for entry in "${tui_rows[@]}"; do
  label="${entry%%|*}"
  ns="${entry#*|}"
  row "tui-test $tui_version ($label)" "$ns" \
    "$(awk -v t="$ns" -v v="$vtsnap_ns" 'BEGIN { printf "%.1fx", t / v }')"
done
if [ -n "$tui_note" ]; then
  echo
  echo "$tui_note"
fi
echo
echo "vtsnap process startup and exit: $(ms $((vtsnap_ns - gtest_ms * 1000000))) ms of $(ms "$vtsnap_ns") ms."
