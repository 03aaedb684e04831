#!/bin/sh
# Captures the screens in this folder: htop, mc and nnn run under `vtsnap run`, each twice, a
# minute apart, each time in a new scratch folder (a new name, new file times) with a new HOME.
# Usage: capture.sh VTSNAP OUTDIR   (VTSNAP: build/bin/vtsnap)
set -eu
vtsnap=$1
out=$2
mkdir -p "$out"

# A folder with a subfolder, a 3-byte file and a 120.6K file, all made now.
scratch() {
  dir=$(mktemp -d)
  mkdir "$dir/home" "$dir/work" "$dir/work/docs"
  printf 'hi\n' >"$dir/work/a.txt"
  head -c 123456 /dev/zero >"$dir/work/big.bin"
  echo "$dir"
}

# run NAME SIZE PROGRAM ARGS...: the text screen (trailing blanks trimmed) in OUT/NAME.txt.
run() {
  name=$1
  size=$2
  shift 2
  dir=$(scratch)
  "$vtsnap" run --size "$size" --cwd "$dir/work" --env HOME="$dir/home" --settle quiet \
    --quiet-ms 1200 --format text -- "$@" >"$out/$name.txt" 2>/dev/null || true
  rm -r "$dir"
}

for n in 1 2; do
  run "htop-run$n" 80x12 htop
  run "mc-run$n" 80x12 mc
  run "nnn-run$n" 80x8 nnn -d
  [ "$n" = 2 ] || sleep 61
done
