#!/usr/bin/env bash
# gates.format_fails_on_planted_change (test/gates/CMakeLists.txt): scripts/check_format.sh passes
# a scratch git work tree that holds one tracked file of the repository as it is, and fails naming
# that file once a formatting change is planted in it.
# Usage: format_gate.sh SOURCE_DIR SCRATCH_DIR
set -euo pipefail
src="$1"
scratch="$2"
file=base/fnv1a.h
command -v "${CLANG_FORMAT:-clang-format-14}" >/dev/null 2>&1 || {
  echo "format_gate: skipped: clang-format-14 is not installed"
  exit 77
}
rm -rf "$scratch"
mkdir -p "$scratch/$(dirname "$file")"
cp "$src/.clang-format" "$scratch/.clang-format"
cp "$src/$file" "$scratch/$file"
git -C "$scratch" init -q
git -C "$scratch" add .clang-format "$file"
if ! out=$(bash "$src/scripts/check_format.sh" "$scratch" 2>&1); then
  echo "$out"
  echo "format_gate: the unchanged copy of $file fails already"
  exit 1
fi
# The plant: a declaration with its spaces doubled, which clang-format would rewrite.
printf 'int  planted_violation  =  1;\n' >>"$scratch/$file"
set +e
out=$(bash "$src/scripts/check_format.sh" "$scratch" 2>&1)
status=$?
set -e
echo "$out"
if [ "$status" -ne 1 ]; then
  echo "format_gate: check_format.sh exited $status on the planted change, not 1"
  exit 1
fi
if ! grep -q "^check_format: $file: " <<<"$out"; then
  echo "format_gate: check_format.sh did not name $file"
  exit 1
fi
echo "format_gate: ok: the planted change fails the gate, naming $file"
