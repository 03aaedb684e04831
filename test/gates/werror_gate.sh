#!/usr/bin/env bash
# gates.werror_fails_on_planted_warning (test/gates/CMakeLists.txt): one compiler invocation of a
# tiny source with the compile options of the library layers (vtsnap_base's, -Werror among them
# when VTSNAP_WERROR is on) succeeds, and fails naming the source once an unused variable is
# planted in it.
# Usage: werror_gate.sh SCRATCH_DIR COMPILER FLAG...
set -euo pipefail
scratch="$1"
compiler="$2"
shift 2
case " $* " in
  *" -Werror "*) ;;
  *)
    echo "werror_gate: skipped: the library's flags have no -Werror here (VTSNAP_WERROR is off," \
         "or the compiler is not GCC): $*"
    exit 77
    ;;
esac
rm -rf "$scratch"
mkdir -p "$scratch"
source_file="$scratch/planted.cc"
write_source() {  # $1: a line of the function's body
  printf 'int PlantedValue() {\n  %s\n  return 1;\n}\n' "$1" >"$source_file"
}
write_source "// nothing planted"
if ! out=$("$compiler" "$@" -c "$source_file" -o "$scratch/planted.o" 2>&1); then
  echo "$out"
  echo "werror_gate: the source without the plant fails already"
  exit 1
fi
write_source "int unused = 0;  // the plant: -Wunused-variable"
set +e
out=$("$compiler" "$@" -c "$source_file" -o "$scratch/planted.o" 2>&1)
status=$?
set -e
echo "$out"
if [ "$status" -eq 0 ]; then
  echo "werror_gate: the planted warning compiled: the library's flags do not fail on a warning"
  exit 1
fi
if ! grep -q "planted\\.cc:[0-9]*:[0-9]*: error: unused variable" <<<"$out"; then
  echo "werror_gate: the compiler did not name planted.cc with the unused variable as an error"
  exit 1
fi
echo "werror_gate: ok: the planted warning fails the build under the library's flags," \
     "naming planted.cc"
