#!/usr/bin/env bash
# bazel/check_module.sh passes on the repository's files and fails, naming the file and line, on
# one broken copy per check (a)-(f). Usage: check_module_test.sh <repo root>
set -u
src=$(cd "${1:?usage: check_module_test.sh <repo root>}" && pwd)
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
failures=0

# A copy of the files the check reads: MODULE.bazel, bazel/, the version files and every BUILD,
# BUILD.bazel and .bzl file outside the build folders.
copy() {
  local dst=$1
  mkdir -p "$dst"
  (cd "$src" && { printf '%s\0' MODULE.bazel CMakeLists.txt tools/version.h bazel/check_module.sh \
                    bazel/bcr_libs.BUILD bazel/system_libs.BUILD
                  find . \( -path './build*' -o -path './bazel-*' -o -name .git \) -prune -o -type f \
                    \( -name BUILD -o -name BUILD.bazel -o -name '*.bzl' \) -print0; } |
                xargs -0 cp --parents -t "$dst") || { echo "FAIL: cannot copy $src to $dst"; exit 2; }
}
line_of() { grep -n -- "$2" "$1" | head -1 | cut -d: -f1; }

# expect_fail <case> <dir> <expected stderr line>: the check exits 1 and prints the line.
expect_fail() {
  local name=$1 dir=$2 want=$3 out rc
  out=$(bash "$dir/bazel/check_module.sh" "$dir" 2>&1); rc=$?
  if [[ $rc -ne 1 ]] || ! grep -qxF -- "check_module: $want" <<<"$out"; then
    echo "FAIL: $name: want exit 1 and \"check_module: $want\"; got exit $rc:"
    sed 's/^/    /' <<<"$out"
    failures=$((failures + 1))
  else
    echo "ok: $name: $want"
  fi
}

# The real files pass, with the root given and by default (the script's parent folder).
copy "$tmp/good"
for args in "$tmp/good" ""; do
  out=$(cd / && bash "$tmp/good/bazel/check_module.sh" $args 2>&1); rc=$?
  if [[ $rc -ne 0 || $out != "check_module: OK ("* ]]; then
    echo "FAIL: real files (root '${args:-default}'): exit $rc:"; sed 's/^/    /' <<<"$out"
    failures=$((failures + 1))
  else
    echo "ok: real files (root '${args:-default}'): $out"
  fi
done

# (a) a bazel_dep no @system_libs target uses
d=$tmp/a; copy "$d"
echo 'bazel_dep(name = "google_benchmark", version = "1.7.1")' >>"$d/MODULE.bazel"
expect_fail "(a) unused bazel_dep" "$d" \
  "MODULE.bazel:$(line_of "$d/MODULE.bazel" google_benchmark): bazel_dep \"google_benchmark\" is not used by bazel/bcr_libs.BUILD (no @google_benchmark// label)"

# (b) a WORKSPACE-path target the Bzlmod path lacks
d=$tmp/b; copy "$d"
echo 'cc_library(name = "benchmark", linkopts = ["-lbenchmark"])' >>"$d/bazel/system_libs.BUILD"
expect_fail "(b) target only in system_libs.BUILD" "$d" \
  "bazel/system_libs.BUILD:$(line_of "$d/bazel/system_libs.BUILD" '"benchmark"'): target \"benchmark\" has no counterpart in bazel/bcr_libs.BUILD"

# (c) a BUILD file naming an @system_libs target neither path defines
d=$tmp/c; copy "$d"
printf 'cc_library(\n    name = "bench_lib",\n    deps = ["@system_libs//:benchmark"],\n)\n' >>"$d/test/BUILD.bazel"
expect_fail "(c) undefined @system_libs reference" "$d" \
  "test/BUILD.bazel:$(line_of "$d/test/BUILD.bazel" '@system_libs//:benchmark'): @system_libs//:benchmark is not defined in bazel/system_libs.BUILD"

# (d) a label of a module MODULE.bazel does not declare (WORKSPACE-era name of Abseil)
d=$tmp/d; copy "$d"
sed -i 's|"@abseil-cpp//absl/types:span",|&\n        "@com_google_absl//absl/types:optional",|' "$d/bazel/bcr_libs.BUILD"
expect_fail "(d) label of an undeclared module" "$d" \
  "bazel/bcr_libs.BUILD:$(line_of "$d/bazel/bcr_libs.BUILD" com_google_absl): @com_google_absl is not a bazel_dep of MODULE.bazel"

# (e) a module version other than the project's
d=$tmp/e; copy "$d"
want_version=$(sed -n 's/.*kVersion\[\] = "\([0-9.]*\)".*/\1/p' "$d/tools/version.h")
sed -i 's/^\(    version = "\)[0-9.]*"/\19.9.9"/' "$d/MODULE.bazel"
expect_fail "(e) module version differs" "$d" \
  "MODULE.bazel:$(line_of "$d/MODULE.bazel" '"9.9.9"'): module version \"9.9.9\" differs from the project's \"$want_version\" (tools/version.h:$(line_of "$d/tools/version.h" 'kVersion\[\]'))"

# (f) the extension's repository not brought into scope
d=$tmp/f; copy "$d"
sed -i '/^use_repo(/d' "$d/MODULE.bazel"
expect_fail "(f) no use_repo of system_libs" "$d" \
  "MODULE.bazel: no use_repo(<bcr_libs extension>, \"system_libs\"): @system_libs would not resolve"

if ((failures > 0)); then
  echo "check_module_test: $failures case(s) failed"
  exit 1
fi
echo "check_module_test: all cases passed"
