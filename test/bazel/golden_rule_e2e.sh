#!/usr/bin/env bash
# vtsnap_golden_test end to end under Debian's Bazel (bazel/README.md): copies the package
# test/bazel/golden_rule to a scratch package beside it and checks, with `bazel test` and
# `UPDATE_GOLDENS=1 bazel run`, that
#   - a deleted golden fails the test (in the one shard that holds it), and `vtsnap review` (run
#     with `bazel run //:vtsnap_cli`) finds its .actual in bazel-testlogs and writes it back into
#     the workspace, byte for byte;
#   - a changed golden fails, and the update run rewrites it;
#   - an orphan golden fails the whole test, and exactly one of three shards (no false orphan);
#   - examples/menu_app's golden, changed, is rewritten by
#     `UPDATE_GOLDENS=1 bazel run //examples/menu_app:menu_app_test` (then restored from a copy);
#   - `bazel test //examples/...` fails on a deleted golden and on an orphan golden (both undone).
# Usage: bash test/bazel/golden_rule_e2e.sh [BAZEL_OUTPUT_USER_ROOT]  (from anywhere)
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
output_root=${1:-$root/build-bazel}
bazel_cmd=(bazel --output_user_root="$output_root")
flags=(--color=no --curses=no)
pkg=test/bazel/golden_rule_scratch
menu_golden=examples/menu_app/goldens/menu_app_test/home.dump
work=$(mktemp -d)
cp "$menu_golden" "$work/menu_home.dump"

moved_golden=examples/menu_app/goldens/menu_app_test/moved_down.dump
example_orphan=examples/presenter_app/goldens/presenter_app_test/old.dump
cp "$moved_golden" "$work/menu_moved_down.dump"

cleanup() {
  rm -rf "$root/$pkg"
  # The examples' goldens are the user's files: put back exactly what was there.
  cp "$work/menu_home.dump" "$root/$menu_golden"
  cp "$work/menu_moved_down.dump" "$root/$moved_golden"
  rm -f "$root/$example_orphan"
  rm -rf "$work"
}
trap cleanup EXIT

failures=0
fail() {
  echo "golden_rule_e2e: FAIL: $*" >&2
  failures=$((failures + 1))
}
pass() { echo "golden_rule_e2e: ok: $*"; }

# `bazel test TARGETS...`, its exit code in $rc (0 passed, 3 a test failed).
run_test() {
  rc=0
  "${bazel_cmd[@]}" test "${flags[@]}" "$@" > "$work/bazel.log" 2>&1 || rc=$?
}
# `UPDATE_GOLDENS=1 bazel run TARGET`, failing the script when it does not pass. Without CI in
# the environment: `bazel run` hands the binary the caller's environment, and CI refuses
# UPDATE_GOLDENS=1 (docs/goldens.md), as it should for a developer's CI job.
run_update() {
  if ! env -u CI UPDATE_GOLDENS=1 "${bazel_cmd[@]}" run "${flags[@]}" "$1" > "$work/update.log" 2>&1; then
    fail "UPDATE_GOLDENS=1 bazel run $1 failed:"
    tail -n 30 "$work/update.log" >&2
  fi
}
log_of() { echo "bazel-testlogs/$pkg/$1/test.log"; }
shard_log() { echo "bazel-testlogs/$pkg/sharded_test/shard_$1_of_3/test.log"; }
expect_rc() {  # expect_rc WANT WHAT
  if [[ $rc != "$1" ]]; then
    fail "$2: bazel test exited $rc, expected $1"
    grep -v linux-sandbox "$work/bazel.log" | tail -n 30 >&2
  else
    pass "$2"
  fi
}
expect_in() {  # expect_in FILE TEXT WHAT
  if grep -qF -- "$2" "$1"; then pass "$3"; else fail "$3: \"$2\" not in $1"; fi
}
expect_not_in() {  # expect_not_in FILE TEXT WHAT
  if grep -qF -- "$2" "$1"; then fail "$3: \"$2\" in $1"; else pass "$3"; fi
}

rm -rf "${pkg:?}"
cp -r test/bazel/golden_rule "$pkg"
originals="$work/originals"
cp -r "$pkg/goldens" "$originals"

# 0. As copied, both pass.
run_test "//$pkg:all"
expect_rc 0 "the copied package passes, whole and sharded"

# 1. A deleted golden fails the sharded test only in the shard of rule_b_test.cc, and the whole
#    test. (The sharded test passes again before the whole one fails, so that its testlogs hold no
#    second .actual for the golden: two for one golden are the user's to choose between.)
rm "$pkg/goldens/rule_b_test/screen_2.dump"
run_test "//$pkg:sharded_test"
expect_rc 3 "a deleted golden fails the sharded test"
expect_in "$(shard_log 2)" "screen_2.dump does not exist" "shard 2 (rule_b_test.cc) fails"
expect_not_in "$(shard_log 1)" "FAILED" "shard 1 passes"
expect_not_in "$(shard_log 3)" "FAILED" "shard 3 passes"
cp "$originals/rule_b_test/screen_2.dump" "$pkg/goldens/rule_b_test/"
run_test "//$pkg:sharded_test"
expect_rc 0 "the sharded test passes with the golden back"
rm "$pkg/goldens/rule_b_test/screen_2.dump"
run_test "//$pkg:whole_test"
expect_rc 3 "a deleted golden fails the whole test"
expect_in "$(log_of whole_test)" "goldens/rule_b_test/screen_2.dump does not exist" \
  "the failure names the missing golden"
expect_in "$(log_of whole_test)" "UPDATE_GOLDENS=1 bazel run //$pkg:whole_test -- --gtest_filter=RuleB.Screen2" \
  "the failure names the bazel run command that accepts it"

# 2. `vtsnap review` in the workspace finds the .actual in bazel-testlogs (inside outputs.zip, all
#    Bazel 4.2.3 keeps), and accepting it writes the golden back into the workspace.
review() {
  "${bazel_cmd[@]}" run "${flags[@]}" //:vtsnap_cli -- review "$@" --filter "$pkg/goldens/" \
    2> "$work/review.err"
}
listed=$(review --list) || true
if grep -qxF "$pkg/goldens/rule_b_test/screen_2.dump: new" <<< "$listed"; then
  pass "vtsnap review lists the missing golden from bazel-testlogs"
else
  fail "vtsnap review --list printed: $listed"
  tail -n 20 "$work/review.err" >&2
fi
accepted=$(review --accept-all) || true
if cmp -s "$pkg/goldens/rule_b_test/screen_2.dump" "$originals/rule_b_test/screen_2.dump"; then
  pass "vtsnap review --accept-all wrote the golden back into the workspace"
else
  fail "vtsnap review --accept-all did not write it back: $accepted"
  tail -n 20 "$work/review.err" >&2
fi
run_test "//$pkg:all"
expect_rc 0 "after the review both pass"

# 3. A changed golden fails; the update run rewrites it.
sed -i 's/|rule a screen 1 |/|rule a screen 9 |/' "$pkg/goldens/rule_a_test/screen_1.dump"
run_test "//$pkg:whole_test"
expect_rc 3 "a changed golden fails the test"
expect_in "$(log_of whole_test)" "rule a screen 9" "the diff shows the golden's text"
run_update "//$pkg:whole_test"
if cmp -s "$pkg/goldens/rule_a_test/screen_1.dump" "$originals/rule_a_test/screen_1.dump"; then
  pass "UPDATE_GOLDENS=1 bazel run rewrote the changed golden"
else
  fail "the changed golden was not rewritten"
fi

# 4. An orphan fails the whole test, and exactly the one shard that runs rule_b_test.cc.
cp "$pkg/goldens/rule_b_test/screen_1.dump" "$pkg/goldens/rule_b_test/old.dump"
run_test "//$pkg:all"
expect_rc 3 "an orphan golden fails the test"
expect_in "$(log_of whole_test)" "orphan: goldens/rule_b_test/old.dump" "the whole test names the orphan"
expect_in "$(shard_log 2)" "orphan: goldens/rule_b_test/old.dump" "shard 2 names the orphan"
expect_not_in "$(shard_log 1)" "orphan" "shard 1 reports no orphan"
expect_not_in "$(shard_log 3)" "orphan" "shard 3 reports no orphan"
rm "$pkg/goldens/rule_b_test/old.dump"
run_test "//$pkg:all"
expect_rc 0 "without the orphan both pass again"

# 5. The example: a changed golden rewritten in the workspace by the update run.
sed -i '0,/^|/s/^|\(.\)/|X/' "$menu_golden"
if cmp -s "$menu_golden" "$work/menu_home.dump"; then fail "could not change $menu_golden"; fi
run_test //examples/menu_app:menu_app_test
expect_rc 3 "examples/menu_app fails on its changed golden"
run_update //examples/menu_app:menu_app_test
if cmp -s "$menu_golden" "$work/menu_home.dump"; then
  pass "UPDATE_GOLDENS=1 bazel run //examples/menu_app:menu_app_test rewrote $menu_golden"
else
  fail "$menu_golden was not rewritten"
fi

# 6. `bazel test //examples/...`: a deleted golden fails it, an orphan golden fails it.
rm "$moved_golden"
run_test //examples/...
expect_rc 3 "bazel test //examples/... fails without $moved_golden"
expect_in "bazel-testlogs/examples/menu_app/menu_app_test/test.log" "moved_down.dump does not exist" \
  "menu_app_test names the missing golden"
cp "$work/menu_moved_down.dump" "$moved_golden"
cp examples/presenter_app/goldens/presenter_app_test/home.dump "$example_orphan"
run_test //examples/...
expect_rc 3 "bazel test //examples/... fails with an orphan golden"
expect_in "bazel-testlogs/examples/presenter_app/presenter_app_test/test.log" \
  "orphan: goldens/presenter_app_test/old.dump" "presenter_app_test names the orphan"
rm "$example_orphan"
run_test //examples/...
expect_rc 0 "bazel test //examples/... passes again"

rm -f bazel-bin bazel-out bazel-testlogs "bazel-$(basename "$root")"
if ((failures > 0)); then
  echo "golden_rule_e2e: $failures check(s) failed" >&2
  exit 1
fi
echo "golden_rule_e2e: all checks passed"
