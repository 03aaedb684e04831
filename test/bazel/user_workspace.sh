#!/usr/bin/env bash
# Builds and tests examples/bazel_user, a separate Bazel workspace that uses vtsnap as an external
# repository exactly as bazel/README.md tells a user to ("Golden tests"), with Debian's Bazel
# offline: `bazel test //app/ui:menu_test` passes on its golden, a changed golden fails, and
# `UPDATE_GOLDENS=1 bazel run //app/ui:menu_test` writes it back into that workspace.
#
# Not part of .ci/run: vtsnap is compiled again as @vtsnap in the workspace's own output base
# (about 4 minutes on 2 cores), which the CI time budget does not hold. Run it after changing
# bazel/defs.bzl, bazel/system_libs.BUILD, WORKSPACE or the BUILD files' labels.
# Usage: bash test/bazel/user_workspace.sh [BAZEL_OUTPUT_USER_ROOT]
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
output_root=${1:-$root/build-bazel-user}
ws=$root/examples/bazel_user
golden=$ws/app/ui/goldens/menu_test/home.dump
bazel_cmd=(bazel --output_user_root="$output_root")
flags=(--color=no --curses=no)
mkdir -p "$output_root"
log=$output_root/user_workspace.log
saved=$(mktemp)
cp "$golden" "$saved"
cleanup() {
  cp "$saved" "$golden"  # the example's golden, exactly as it was
  rm -f "$saved"
  (cd "$ws" && rm -f bazel-bin bazel-out bazel-testlogs bazel-bazel_user)
}
trap cleanup EXIT
cd "$ws"

failures=0
fail() { echo "user_workspace: FAIL: $*" >&2; failures=$((failures + 1)); }
pass() { echo "user_workspace: ok: $*"; }

rc=0
"${bazel_cmd[@]}" test "${flags[@]}" //app/ui:menu_test > "$log" 2>&1 || rc=$?
if [[ $rc == 0 ]]; then pass "bazel test //app/ui:menu_test passes"; else
  fail "bazel test exited $rc"; tail -n 40 "$log" >&2; fi

sed -i 's/Menu/Main/' "$golden"
rc=0
"${bazel_cmd[@]}" test "${flags[@]}" //app/ui:menu_test > "$log" 2>&1 || rc=$?
if [[ $rc == 3 ]]; then pass "a changed golden fails it"; else fail "bazel test exited $rc, not 3"; fi

if UPDATE_GOLDENS=1 "${bazel_cmd[@]}" run "${flags[@]}" //app/ui:menu_test \
    > "$log" 2>&1 && cmp -s "$golden" "$saved"; then
  pass "UPDATE_GOLDENS=1 bazel run //app/ui:menu_test rewrote the golden in the workspace"
else
  fail "the update run did not restore $golden"; tail -n 20 "$log" >&2
fi

if ((failures > 0)); then
  echo "user_workspace: $failures check(s) failed" >&2
  exit 1
fi
echo "user_workspace: all checks passed"
