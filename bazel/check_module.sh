#!/usr/bin/env bash
# Offline checks that MODULE.bazel (Bzlmod, Bazel 7+) stays in step with the WORKSPACE path
# (Debian's Bazel 4.2.3), which cannot be built here (no registry access, no newer Bazel):
#   (a) every bazel_dep of MODULE.bazel is used by bazel/bcr_libs.BUILD (an @<module>// label)
#   (b) bazel/bcr_libs.BUILD defines the same target names as bazel/system_libs.BUILD
#   (c) every @system_libs//:<name> of a BUILD, BUILD.bazel or .bzl file exists in both
#   (d) every @<repo>// label of bazel/bcr_libs.BUILD and bazel/bcr_libs.bzl is a bazel_dep
#   (e) module(version) equals the project version of CMakeLists.txt (tools/version.h)
#   (f) MODULE.bazel brings the extension's system_libs into scope (use_extension + use_repo)
# Usage: bazel/check_module.sh [repo root, default: this script's folder's parent]
# Prints one line per problem, "file:line: what", and exits 1 if there is any.
set -u
root=${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
cd "$root" || { echo "check_module: cannot enter $root" >&2; exit 2; }
module=MODULE.bazel bcr=bazel/bcr_libs.BUILD bzl=bazel/bcr_libs.bzl sys=bazel/system_libs.BUILD
for f in "$module" "$bcr" "$bzl" "$sys"; do
  [[ -f $f ]] || { echo "check_module: $root/$f: missing" >&2; exit 2; }
done
errors=0
fail() { echo "check_module: $*" >&2; errors=$((errors + 1)); }

# "line name" for each bazel_dep(name = "...") of MODULE.bazel (comments stripped).
deps=$(sed 's/#.*//' "$module" | awk '/bazel_dep\(/ { d = 1 }
  d && match($0, /name *= *"[^"]*"/) { s = substr($0, RSTART, RLENGTH); sub(/^name *= *"/, "", s);
                                       sub(/"$/, "", s); print NR, s; d = 0 }')
# "line name" for each name = "..." of a BUILD file.
targets() { sed 's/#.*//' "$1" | awk 'match($0, /name *= *"[^"]*"/) {
  s = substr($0, RSTART, RLENGTH); sub(/^name *= *"/, "", s); sub(/"$/, "", s); print NR, s }'; }
# "line repo" for each @repo// label of a file.
repos() { sed 's/#.*//' "$1" | awk '{ while (match($0, /@[A-Za-z0-9_.~+-]+\/\//)) {
  print NR, substr($0, RSTART + 1, RLENGTH - 3); $0 = substr($0, RSTART + RLENGTH) } }'; }
# has "<line name> list" name: whether the list holds name.
has() { [[ $'\n'$1$'\n' == *" $2"$'\n'* ]]; }

# (a)
bcr_repos=$(repos "$bcr")
while read -r line name; do
  [[ -n $name ]] || continue
  has "$bcr_repos" "$name" || fail "$module:$line: bazel_dep \"$name\" is not used by $bcr (no @$name// label)"
done <<<"$deps"

# (b)
bcr_targets=$(targets "$bcr") sys_targets=$(targets "$sys")
while read -r line name; do
  [[ -n $name ]] || continue
  has "$bcr_targets" "$name" || fail "$sys:$line: target \"$name\" has no counterpart in $bcr"
done <<<"$sys_targets"
while read -r line name; do
  [[ -n $name ]] || continue
  has "$sys_targets" "$name" || fail "$bcr:$line: target \"$name\" is not in $sys"
done <<<"$bcr_targets"

# (c)
refs=0
while IFS= read -r -d '' file; do
  file=${file#./}
  while IFS=: read -r line label; do
    refs=$((refs + 1))
    name=${label#@system_libs//:}
    has "$sys_targets" "$name" || fail "$file:$line: $label is not defined in $sys"
    has "$bcr_targets" "$name" || fail "$file:$line: $label is not defined in $bcr"
  done < <(sed 's/#.*//' "$file" | grep -no '@system_libs//:[A-Za-z0-9_.+-]*')
done < <(find . \( -path './build*' -o -path './bazel-*' -o -name .git \) -prune -o -type f \
              \( -name BUILD -o -name BUILD.bazel -o -name '*.bzl' \) -print0 | sort -z)

# (d)
for f in "$bcr" "$bzl"; do
  while read -r line repo; do
    [[ -n $repo && $repo != bazel_tools ]] || continue
    has "$deps" "$repo" || fail "$f:$line: @$repo is not a bazel_dep of $module"
  done <<<"$(repos "$f")"
done

# (e) The root CMakeLists.txt reads its project version from tools/version.h, or spells it out.
mod_version=$(sed 's/#.*//' "$module" | awk '/module\(/ { m = 1 }
  m && match($0, /version *= *"[^"]*"/) { s = substr($0, RSTART, RLENGTH); sub(/^version *= *"/, "", s);
                                          sub(/"$/, "", s); print NR, s; exit }')
project_version=$(sed -n 's/^project([^)]*VERSION \([0-9][0-9.]*\).*/CMakeLists.txt:\1/p' CMakeLists.txt 2>/dev/null)
if [[ -z $project_version ]] && grep -q 'tools/version.h' CMakeLists.txt 2>/dev/null; then
  project_version=$(grep -n 'kVersion\[\] = "' tools/version.h 2>/dev/null |
    sed 's/^\([0-9]*\):.*"\([0-9.]*\)".*/tools\/version.h:\1:\2/')
fi
if [[ -z $project_version ]]; then
  echo "check_module: (e) skipped: no project(... VERSION x.y.z) in CMakeLists.txt" >&2
elif [[ -z $mod_version ]]; then
  fail "$module: module() has no version (the project's is ${project_version##*:})"
elif [[ ${mod_version#* } != "${project_version##*:}" ]]; then
  fail "$module:${mod_version%% *}: module version \"${mod_version#* }\" differs from the project's \"${project_version##*:}\" (${project_version%:*})"
fi

# (f)
uses=$(sed 's/#.*//' "$module" | tr -d ' \n')
[[ $uses == *'=use_extension("//bazel:bcr_libs.bzl","bcr_libs")'* ]] ||
  fail "$module: no use_extension(\"//bazel:bcr_libs.bzl\", \"bcr_libs\")"
[[ $uses =~ use_repo\([A-Za-z_]+,\"system_libs\"\) ]] ||
  fail "$module: no use_repo(<bcr_libs extension>, \"system_libs\"): @system_libs would not resolve"

if ((errors > 0)); then
  echo "check_module: $errors problem(s); see bazel/README.md (\"With the Bazel Central Registry\")" >&2
  exit 1
fi
echo "check_module: OK ($(grep -c . <<<"$deps") bazel_deps, $(grep -c . <<<"$sys_targets") @system_libs targets, $refs references)"
