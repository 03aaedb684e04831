#!/usr/bin/env bash
# The clang-tidy gate (docs/contributing.md): Debian 12's clang-tidy 14, with the checks of the
# repository's .clang-tidy, over the sources of the library layers and the tools (not the tests,
# examples or benchmarks), reading the compile commands of a build configured with
# CMAKE_EXPORT_COMPILE_COMMANDS=ON (scripts/test.sh's build/ is). Prints each finding and then
# the files that have one; exits 1 when there is one.
#
# Usage: scripts/check_tidy.sh [-p BUILD] [FILE...]
#   BUILD: the folder of compile_commands.json (default: $VTSNAP_BUILD, else build/)
#   FILE: the sources to check (default: the tracked .cc files of the library folders and tools/)
#   VTSNAP_TIDY_JOBS: clang-tidy processes at once (default 2); CLANG_TIDY: another clang-tidy
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${VTSNAP_BUILD:-$root/build}"
if [ "${1:-}" = "-p" ]; then
  build="$2"
  shift 2
fi
clang_tidy="${CLANG_TIDY:-clang-tidy-14}"
jobs="${VTSNAP_TIDY_JOBS:-2}"
if ! command -v "$clang_tidy" >/dev/null 2>&1; then
  echo "check_tidy: $clang_tidy not found; install it with: sudo apt-get install clang-tidy-14" >&2
  exit 2
fi
if [ ! -f "$build/compile_commands.json" ]; then
  echo "check_tidy: no $build/compile_commands.json; configure that build with" \
       "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON (scripts/test.sh does)" >&2
  exit 2
fi
if [ $# -gt 0 ]; then
  files=("$@")
else
  # The library layers (ncurses/ when present) and the tools.
  mapfile -t files < <(cd "$root" &&
    git ls-files -- base decoder snapshot pty ncurses matchers tools | grep '\.cc$' |
    sed "s|^|$root/|")
fi

# The commands as GCC ran them, less what clang cannot read: CMake's precompiled headers (GCC's
# .gch format; the sources include what they use without them, as the Bazel build shows).
db=$(mktemp -d)
trap 'rm -rf "$db"' EXIT
sed -e 's# -include [^ "]*cmake_pch\.hxx##g' -e 's# -Winvalid-pch##g' \
  "$build/compile_commands.json" >"$db/compile_commands.json"

# --quiet: no count of the warnings suppressed in system headers. -w: the compiler's own warnings
# are the GCC build's business (VTSNAP_WERROR); clang-tidy reports only its checks, and flags GCC
# knows and clang does not are no error.
set +e
printf '%s\0' "${files[@]}" |
  xargs -0 -P "$jobs" -n 1 "$clang_tidy" -p "$db" --config-file="$root/.clang-tidy" --quiet \
    --extra-arg=-w \
    --extra-arg=-Wno-unknown-warning-option >"$db/out.txt" 2>&1
status=$?
set -e
# A finding is "FILE:LINE:COL: warning|error: TEXT [CHECK]"; one in a header is reported by every
# source that includes it: each is printed once. A header is named as the build's include folders
# reach it, <build>/vtsnap-include/<dir>/vtsnap/<folder>/x.h, a link to <root>/<folder>/x.h: the
# repository's path is printed.
grep -E '^[^ :]+:[0-9]+:[0-9]+: (warning|error): ' "$db/out.txt" |
  sed -E "s|^[^:]*/vtsnap-include/[^/]+/vtsnap/|$root/|" | sort -u >"$db/findings.txt" || true
if [ "$status" -eq 0 ] && [ ! -s "$db/findings.txt" ]; then
  echo "check_tidy: ${#files[@]} sources, no finding"
  exit 0
fi
if [ ! -s "$db/findings.txt" ]; then  # clang-tidy failed without a finding: show what it said
  cat "$db/out.txt" >&2
  echo "check_tidy: clang-tidy failed (exit $status)" >&2
  exit 2
fi
cat "$db/findings.txt"
echo "check_tidy: $(wc -l <"$db/findings.txt") findings, in these files (fix each, or silence an" \
     "intended one on its line with // NOLINT(check-name): why):"
cut -d: -f1 "$db/findings.txt" | sed "s|^$root/||" | sort -u | sed 's/^/  /'
exit 1
