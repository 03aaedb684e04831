#!/usr/bin/env bash
# The benchmarks (bench/README.md): installs what is missing, builds the bench programs in
# build-bench/ (Release), writes the 24 MiB corpora to build-bench/corpus, prints the peer
# comparison table (vtsnap, libvterm, libtsm, xterm.js), then the command table (`vtsnap decode`
# and the peers' programs as whole processes), runs the Google Benchmark programs (decoding,
# goldens, memory, PTY checkpoints) and last the tui-test comparison (bench/tui_compare/).
#
#   bash scripts/bench.sh                    # everything (a few minutes)
#   bash scripts/bench.sh --only sgr         # arguments go to vtsnap_bench_compare and _commands
#   VTSNAP_BENCH_BYTES=4194304 bash scripts/bench.sh   # smaller corpora
#
# The tables are also saved to build-bench/compare.md, build-bench/commands.md and
# build-bench/tui_compare.md, the Google
# Benchmark results (JSON) to build-bench/results/. VTSNAP_BENCH_BUILD chooses another build directory.
set -euo pipefail
VTSNAP_BUILD="${VTSNAP_BENCH_BUILD:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/build-bench}"
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
# shellcheck disable=SC2046  # one word per package
vtsnap_install_missing $(vtsnap_test_packages)
vtsnap_install_oracle_node_modules
vtsnap_configure -DCMAKE_BUILD_TYPE=Release -DVTSNAP_BUILD_BENCH=ON
cmake --build "$VTSNAP_BUILD" -j2 --target vtsnap_bench_corpus vtsnap_bench_compare bench_decode \
  bench_golden bench_memory bench_checkpoint vtsnap_cli vtsnap_bench_commands

bytes="${VTSNAP_BENCH_BYTES:-25165824}"
bin="$VTSNAP_BUILD/bin"
"$bin/vtsnap_bench_corpus" --out "$VTSNAP_BUILD/corpus" --bytes "$bytes" >&2
"$bin/vtsnap_bench_compare" --corpus-dir "$VTSNAP_BUILD/corpus" "$@" | tee "$VTSNAP_BUILD/compare.md"
echo
# The command table (bench/commands.cc) takes the same arguments.
"$bin/vtsnap_bench_commands" --corpus-dir "$VTSNAP_BUILD/corpus" "$@" |
  tee "$VTSNAP_BUILD/commands.md"

mkdir -p "$VTSNAP_BUILD/results"
export VTSNAP_BENCH_BYTES="$bytes"
for program in bench_decode bench_golden bench_memory bench_checkpoint; do
  echo
  "$bin/$program" --benchmark_out_format=json \
    --benchmark_out="$VTSNAP_BUILD/results/$program.json"
done

# vtsnap against @microsoft/tui-test end to end (bench/README.md, "vtsnap and tui-test end to
# end"): the less scenario in both, one test at a time, best of 3; the table is also saved to
# build-bench/tui_compare.md.
vtsnap_install_tui_test_node_modules
cmake --build "$VTSNAP_BUILD" -j2 --target less_test
echo
bash "$VTSNAP_ROOT/bench/tui_compare/run.sh" --less-test "$bin/less_test" --repeat 3 |
  tee "$VTSNAP_BUILD/tui_compare.md"
