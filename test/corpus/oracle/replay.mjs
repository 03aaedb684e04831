// Replays every test/corpus/cases/<name>_<COLS>x<ROWS>.bytes through @xterm/headless (with the
// Unicode 11 width tables) and writes the screen it ends on to cases/<name>_<COLS>x<ROWS>.expected.json,
// and xterm.js's semantic projections of it (semantic.mjs) to cases/<name>.xtermjs.viewport.semantic
// and cases/<name>.xtermjs.buffer.semantic. See docs/differential.md and docs/semantic.md.
//
//   node replay.mjs               # every case
//   node replay.mjs vim_80x24     # only the named cases
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { semanticProjection } from './semantic.mjs';

const require = createRequire(import.meta.url);
const { Terminal } = require('@xterm/headless');
const { Unicode11Addon } = require('@xterm/addon-unicode11');
const headlessVersion = require('@xterm/headless/package.json').version;

const here = dirname(fileURLToPath(import.meta.url));
const casesDir = join(here, '..', 'cases');
const oracleName = `@xterm/headless ${headlessVersion} unicode 11`;

function caseSize(name) {
  const m = /_(\d+)x(\d+)$/.exec(name);
  if (!m) throw new Error(`case name ${name} does not end in _<COLS>x<ROWS>`);
  return { cols: Number(m[1]), rows: Number(m[2]) };
}

async function replay(name) {
  const { cols, rows } = caseSize(name);
  const bytes = readFileSync(join(casesDir, `${name}.bytes`));
  const term = new Terminal({ cols, rows, allowProposedApi: true, scrollback: 1000 });
  term.loadAddon(new Unicode11Addon());
  term.unicode.activeVersion = '11';
  // The terminal's replies to queries (onData) are dropped: the recording was made without them.
  await new Promise((resolve) => term.write(new Uint8Array(bytes), resolve));

  const buffer = term.buffer.active;
  const lines = [];
  for (let i = 0; i < rows; i++) {
    const line = buffer.getLine(buffer.viewportY + i);
    // translateToString(true) drops only never-written cells at the end; spaces a program wrote
    // are kept. vtsnap's RowText trims trailing spaces either way, so trim them here too.
    lines.push(line ? line.translateToString(true).replace(/ +$/, '') : '');
  }
  const cursor = { col: buffer.cursorX, row: buffer.cursorY };
  // Not public API: read defensively, and leave "visible" out if it is not there.
  const hidden = term._core?.coreService?.isCursorHidden;
  if (typeof hidden === 'boolean') cursor.visible = !hidden;

  const expected = {
    oracle: oracleName,
    cols,
    rows,
    alternate: buffer.type === 'alternate',
    cursor,
    lines,
  };
  writeFileSync(join(casesDir, `${name}.expected.json`), JSON.stringify(expected, null, 2) + '\n');
  for (const capture of ['viewport', 'buffer']) {
    writeFileSync(join(casesDir, `${name}.xtermjs.${capture}.semantic`),
                  semanticProjection(term, capture));
  }
  term.dispose();
  return expected;
}

const wanted = process.argv.slice(2);
const names = readdirSync(casesDir)
  .filter((f) => f.endsWith('.bytes'))
  .map((f) => f.slice(0, -'.bytes'.length))
  .filter((n) => wanted.length === 0 || wanted.includes(n))
  .sort();
if (names.length === 0) {
  console.error(`no cases to replay in ${casesDir}`);
  process.exit(1);
}
for (const name of names) {
  const e = await replay(name);
  const c = e.cursor;
  console.log(`${name}: ${e.alternate ? 'alternate' : 'normal'} screen, cursor ${c.col},${c.row}` +
              (c.visible === false ? ' (hidden)' : ''));
}
