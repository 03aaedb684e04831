#!/usr/bin/env bash
# The formatting gate (docs/contributing.md): every tracked .cc and .h file is as Debian 12's
# clang-format 14 writes it under the repository's .clang-format. Prints each file it would change
# and the command that fixes it; exits 1 when there is one.
#
# Usage: scripts/check_format.sh [ROOT]
#   ROOT: a git work tree (default: this repository); its tracked .cc and .h files are checked
#   against ROOT/.clang-format. CLANG_FORMAT names another clang-format binary.
set -euo pipefail
root="${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"
clang_format="${CLANG_FORMAT:-clang-format-14}"
if ! command -v "$clang_format" >/dev/null 2>&1; then
  echo "check_format: $clang_format not found; install it with:" \
       "sudo apt-get install clang-format-14" >&2
  exit 2
fi
cd "$root"
mapfile -t files < <(git ls-files -- '*.cc' '*.h')
if [ ${#files[@]} -eq 0 ]; then
  echo "check_format: no tracked .cc or .h file under $root" >&2
  exit 2
fi
# One clang-format for all files; each difference is a line "FILE:LINE:COL: error: code should be
# clang-formatted [-Wclang-format-violations]".
report=$(printf '%s\0' "${files[@]}" |
         xargs -0 "$clang_format" --style=file --dry-run --Werror 2>&1 || true)
mapfile -t bad < <(grep -oE '^[^:]+:[0-9]+:[0-9]+: error: code should be clang-formatted' \
                     <<<"$report" | cut -d: -f1 | sort -u || true)
if [ ${#bad[@]} -eq 0 ]; then
  if grep -q 'error' <<<"$report"; then  # clang-format itself failed (a bad .clang-format, ...)
    echo "$report" >&2
    exit 2
  fi
  echo "check_format: ${#files[@]} files formatted as clang-format 14 writes them"
  exit 0
fi
for f in "${bad[@]}"; do
  echo "check_format: $f: not formatted as clang-format 14 writes it"
done
echo "check_format: ${#bad[@]} of ${#files[@]} files differ; to fix them, run from $root:"
echo "  $clang_format -i ${bad[*]}"
echo "(or run it on the lines you changed: $clang_format -i --lines=A:B FILE)"
exit 1
