#!/usr/bin/env bash
# gates.tidy_fails_on_planted_finding (test/gates/CMakeLists.txt): scripts/check_tidy.sh passes a
# tiny source compiled with the library's own command (base/utf8.cc's, from the build's
# compile_commands.json), and fails naming it once a use after std::move is planted in it
# (bugprone-use-after-move).
# Usage: tidy_gate.sh SOURCE_DIR BUILD_DIR SCRATCH_DIR
set -euo pipefail
src="$1"
build="$2"
scratch="$3"
command -v "${CLANG_TIDY:-clang-tidy-14}" >/dev/null 2>&1 || {
  echo "tidy_gate: skipped: clang-tidy-14 is not installed"
  exit 77
}
if [ ! -f "$build/compile_commands.json" ]; then
  echo "tidy_gate: skipped: no $build/compile_commands.json (configure with" \
       "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON, as scripts/test.sh does)"
  exit 77
fi
# CMake writes each entry's "command" on the line before its "file".
command_line=$(grep -B1 -E "^  \"file\": \".*/base/utf8\\.cc\",?$" "$build/compile_commands.json" |
               grep -E '^  "command": ' | head -n 1 || true)
if [ -z "$command_line" ]; then
  echo "tidy_gate: no command for base/utf8.cc in $build/compile_commands.json"
  exit 1
fi
rm -rf "$scratch"
mkdir -p "$scratch"
source_file="$scratch/planted.cc"
command_line=$(sed -E "s# -o [^ ]+ -c [^ \"]+# -o planted.o -c $source_file#" <<<"$command_line")
cat >"$scratch/compile_commands.json" <<JSON
[
{
  "directory": "$scratch",
$command_line
  "file": "$source_file"
}
]
JSON

write_source() {  # $1: what Joined returns
  cat >"$source_file" <<CC
#include <string>
#include <utility>

namespace vtsnap_gate {

std::string Joined(std::string a) {
  std::string b = std::move(a);
  return $1;
}

}  // namespace vtsnap_gate
CC
}
write_source "b"
if ! out=$(bash "$src/scripts/check_tidy.sh" -p "$scratch" "$source_file" 2>&1); then
  echo "$out"
  echo "tidy_gate: the source without the plant fails already"
  exit 1
fi
write_source "b + a"  # the plant: a is read after it was moved from
set +e
out=$(bash "$src/scripts/check_tidy.sh" -p "$scratch" "$source_file" 2>&1)
status=$?
set -e
echo "$out"
if [ "$status" -ne 1 ]; then
  echo "tidy_gate: check_tidy.sh exited $status on the planted finding, not 1"
  exit 1
fi
if ! grep -q "planted\\.cc:[0-9]*:[0-9]*: .*\\[bugprone-use-after-move" <<<"$out"; then
  echo "tidy_gate: check_tidy.sh did not name planted.cc with bugprone-use-after-move"
  exit 1
fi
echo "tidy_gate: ok: the planted use after move fails the gate, naming planted.cc"
