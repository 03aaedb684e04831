#!/usr/bin/env bash
# Shared by scripts/demo.sh and scripts/test.sh: installs what is missing on Debian 12, then
# configures the CMake + Ninja build in build/. Sourced, not run.
set -euo pipefail

VTSNAP_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VTSNAP_BUILD="${VTSNAP_BUILD:-$VTSNAP_ROOT/build}"

# Debian packages the build and the tests need (README.md, "Set up on a fresh Debian 12 machine").
VTSNAP_PACKAGES=(g++ cmake ninja-build pkg-config libabsl-dev libre2-dev libutf8proc-dev libpng-dev
                 libgtest-dev libgmock-dev nlohmann-json3-dev libsixel-bin)

vtsnap_install_missing() {
  local missing=()
  local p
  for p in "${VTSNAP_PACKAGES[@]}" "$@"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$p")
    fi
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -ne 0 ]; then
    echo "vtsnap: missing Debian packages; install them with:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
  echo "vtsnap: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q >&2
  apt-get install -y -q --no-install-recommends "${missing[@]}" >&2
}

# The extra Debian packages of scripts/test.sh: for the differential oracles (docs/differential.md),
# libvterm-dev, and Debian's nodejs and npm only when node or npm is not on PATH already (a newer
# Node that brings its own npm conflicts with Debian's npm package); for the PTY tests that drive
# real programs (test/pty/programs_test.cc, docs/pty-recipes.md), less, vim-tiny and dialog, and vim
# (vim.basic, for the termguicolors of test/pty/truecolor_test.cc); for the benchmarks and their
# smoke tests (bench/README.md), libbenchmark-dev and libtsm-dev (a peer decoder beside libvterm);
# for the vttest conformance suite (docs/conformance.md), vttest and tmux; for `vtsnap render
# --format png` and its tests (docs/render.md), unifont (GNU Unifont's bitmap font); for the HTML
# failure report's browser check (test/report/, docs/goldens.md), chromium; for the toolkit recipes
# (examples/recipes/, docs/pty-recipes.md), libncurses-dev, golang-go with Debian's Bubble Tea
# and lipgloss sources, python3-urwid, python3-textual, and neovim and vim for the editors that
# ask the terminal's colours (Ink comes from npm: vtsnap_install_recipe_node_modules); for the
# format and clang-tidy gates and their tests (docs/contributing.md), clang-format-14 and
# clang-tidy-14.
vtsnap_test_packages() {
  local packages=(libvterm-dev less vim-tiny dialog libbenchmark-dev libtsm-dev vttest tmux unifont
                  chromium nano libncurses-dev golang-go golang-github-charmbracelet-bubbletea-dev
                  golang-github-charmbracelet-lipgloss-dev python3-urwid python3-textual zip vim
                  neovim git clang-format-14 clang-tidy-14)
  if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    packages+=(nodejs npm)
  fi
  echo "${packages[@]}"
}

# Installs the pinned xterm.js of the oracle (test/corpus/oracle/package-lock.json) when missing.
vtsnap_install_oracle_node_modules() {
  local dir="$VTSNAP_ROOT/test/corpus/oracle"
  if [ ! -d "$dir/node_modules/@xterm/headless" ] ||
     [ ! -d "$dir/node_modules/@xterm/addon-unicode11" ]; then
    echo "vtsnap: installing the xterm.js oracle (npm ci in test/corpus/oracle)" >&2
    (cd "$dir" && npm ci --no-audit --no-fund >&2)
  fi
}

# Installs the pinned Ink and React of the Ink recipe (examples/recipes/ink/package-lock.json)
# when missing.
vtsnap_install_recipe_node_modules() {
  local dir="$VTSNAP_ROOT/examples/recipes/ink"
  if [ ! -d "$dir/node_modules/ink" ] || [ ! -d "$dir/node_modules/react" ]; then
    echo "vtsnap: installing the Ink recipe's modules (npm ci in examples/recipes/ink)" >&2
    (cd "$dir" && npm ci --no-audit --no-fund >&2)
  fi
}

# Installs the pinned @microsoft/tui-test of the end-to-end comparison
# (bench/tui_compare/tui-test/package-lock.json) when missing. Its node-pty ships a linux-x64
# prebuild, so nothing is compiled.
vtsnap_install_tui_test_node_modules() {
  local dir="$VTSNAP_ROOT/bench/tui_compare/tui-test"
  if [ ! -d "$dir/node_modules/@microsoft/tui-test" ] || [ ! -d "$dir/node_modules/node-pty" ]; then
    echo "vtsnap: installing tui-test (npm ci in bench/tui_compare/tui-test)" >&2
    (cd "$dir" && npm ci --prefer-offline --no-audit --no-fund >&2)
  fi
}

# The default build type is RelWithDebInfo (CMakeLists.txt); its flags here keep -O2 but carry line
# tables only (-g1): stack traces and profiles keep file:line, and the tree compiles about a third
# faster than with full debug information (terminal_test.cc: 23 s against 36 s). An argument
# given to vtsnap_configure comes later and wins.
vtsnap_configure() {
  cmake -S "$VTSNAP_ROOT" -B "$VTSNAP_BUILD" -G Ninja \
    "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG" "$@" >&2
}

# The configuration of scripts/test.sh (and of .ci/run's clang-tidy step, which reads the same
# build): the tests; the library and the tools with GCC's warnings as errors (VTSNAP_WERROR=OFF in
# the environment turns that off); the compile commands for scripts/check_tidy.sh
# (docs/contributing.md).
vtsnap_configure_tests() {
  vtsnap_configure -DVTSNAP_BUILD_TESTS=ON "-DVTSNAP_WERROR=${VTSNAP_WERROR:-ON}" \
    -DCMAKE_EXPORT_COMPILE_COMMANDS=ON "$@"
}
