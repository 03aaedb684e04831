// The @xterm/headless side of vtsnap_bench_compare (bench/compare.cc): decodes one corpus file
// --repeat times on fresh terminals and prints one JSON line with the best time and the final
// screen's hash.
//
//   node bench/xterm_headless.mjs --size 80x24 --repeat 3 --modules test/corpus/oracle FILE
//       [--screen OUT]   (also writes the final screen's text to OUT)
//   -> {"bytes":25165824,"best_seconds":1.234,"mbps":20.39,"hash":"1a2b3c4d","unicode":"11"}
//
//   node bench/xterm_headless.mjs --text --size 80x24 --modules test/corpus/oracle FILE
//   -> the final screen's text and one "\n", as `vtsnap decode --format text` prints it: the
//      whole process is the measurement (bench/commands.cc times it from outside); one run.
//
// The file is written in 64 KiB chunks as Uint8Array, queued 16 MiB at a time; the time runs from
// the first write until the final write's callback (xterm.js parses in 12 ms slices between event
// loop turns, as it does for a real program). Widths are Unicode 11 (@xterm/addon-unicode11, as
// the differential oracle uses) when the addon is installed. The hash is FNV-1a 64 over the
// screen text (each row's characters left to right, the right half of a wide character skipped,
// trailing spaces trimmed, rows joined by "\n", trailing empty rows dropped), its first 8 hex
// digits, as bench/corpus.h ScreenHash computes it for vtsnap and libvterm.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';

function fail(message, status = 1) {
  process.stderr.write(`xterm_headless.mjs: ${message}\n`);
  process.exit(status);
}

let size = '80x24';
let repeat = 3;
let chunkBytes = 65536;
let modules = '';
let screenFile = '';
let textMode = false;
let file;
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const value = () => {
    if (i + 1 >= args.length) fail(`${args[i]} needs a value`, 2);
    return args[++i];
  };
  if (args[i] === '--size') size = value();
  else if (args[i] === '--repeat') repeat = Number(value());
  else if (args[i] === '--chunk') chunkBytes = Number(value());
  else if (args[i] === '--modules') modules = value();
  else if (args[i] === '--screen') screenFile = value();
  else if (args[i] === '--text') textMode = true;
  else if (file === undefined && !args[i].startsWith('--')) file = args[i];
  else fail(`unexpected argument ${args[i]}`, 2);
}
const m = /^([1-9][0-9]*)x([1-9][0-9]*)$/.exec(size);
if (!m) fail(`bad --size ${size} (want COLSxROWS)`, 2);
if (!Number.isInteger(repeat) || repeat < 1) fail(`bad --repeat ${repeat}`, 2);
if (!Number.isInteger(chunkBytes) || chunkBytes < 1) fail(`bad --chunk ${chunkBytes}`, 2);
if (file === undefined) fail('no corpus file', 2);
if (textMode) repeat = 1;
const cols = Number(m[1]);
const rows = Number(m[2]);

// Resolve the packages from the directory holding node_modules (the oracle's pinned install).
const require = createRequire(join(resolve(modules || '.'), 'package.json'));
let Terminal;
let Unicode11Addon;
try {
  ({ Terminal } = require('@xterm/headless'));
} catch (e) {
  fail(`cannot load @xterm/headless from ${modules}/node_modules (${e.message.split('\n')[0]})`);
}
let xtermVersion = '?';
try {
  xtermVersion = require('@xterm/headless/package.json').version;
} catch {
  // the version is informational
}
try {
  ({ Unicode11Addon } = require('@xterm/addon-unicode11'));
} catch {
  Unicode11Addon = undefined;
}

let bytes;
try {
  bytes = readFileSync(file);
} catch (e) {
  fail(`cannot read ${file}: ${e.message}`);
}
const chunks = [];
for (let at = 0; at < bytes.length; at += chunkBytes) {
  const n = Math.min(chunkBytes, bytes.length - at);
  chunks.push(new Uint8Array(bytes.buffer, bytes.byteOffset + at, n));
}

function screenText(term) {
  const buffer = term.buffer.active;
  const scratch = buffer.getNullCell();
  const lines = [];
  for (let r = 0; r < rows; r++) {
    const line = buffer.getLine(buffer.baseY + r);
    let text = '';
    for (let c = 0; line && c < cols; c++) {
      const cell = line.getCell(c, scratch);
      if (!cell || cell.getWidth() === 0) continue;  // the right half of a wide character
      text += cell.getChars() || ' ';
    }
    lines.push(text.replace(/ +$/, ''));
  }
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.join('\n');
}

function fnv1a64Prefix(text) {
  let h = 0xcbf29ce484222325n;
  for (const byte of Buffer.from(text, 'utf8')) {
    h ^= BigInt(byte);
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return (h >> 32n).toString(16).padStart(8, '0');
}

const kBatch = Math.max(1, Math.floor((16 << 20) / chunkBytes));
let best = Infinity;
let hash = '';
let finalText = '';
for (let run = 0; run < repeat; run++) {
  const term = new Terminal({ cols, rows, scrollback: 1000, allowProposedApi: true });
  if (Unicode11Addon) {
    term.loadAddon(new Unicode11Addon());
    term.unicode.activeVersion = '11';
  }
  const start = performance.now();
  // At most kBatch chunks (16 MiB) queued at a time: xterm.js refuses writes once 50 MB wait.
  for (let first = 0; first < chunks.length; first += kBatch) {
    const last = Math.min(first + kBatch, chunks.length) - 1;
    await new Promise((done) => {
      for (let i = first; i <= last; i++) term.write(chunks[i], i === last ? done : undefined);
    });
  }
  const seconds = (performance.now() - start) / 1000;
  best = Math.min(best, seconds);
  if (run === repeat - 1) {
    const text = screenText(term);
    finalText = text;
    hash = fnv1a64Prefix(text);
    if (screenFile) writeFileSync(screenFile, text);
  }
  term.dispose();
}
if (textMode) {
  process.stdout.write(finalText + '\n');
} else {
  process.stdout.write(JSON.stringify({
    bytes: bytes.length,
    best_seconds: best,
    mbps: bytes.length / best / 1e6,
    hash,
    unicode: Unicode11Addon ? '11' : '6',
    xterm: xtermVersion,
    node: process.version,
  }) + '\n');
}
