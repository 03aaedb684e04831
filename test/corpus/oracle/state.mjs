// The xterm.js oracle of differential testing (docs/differential.md): replays bytes through
// @xterm/headless (Unicode 11 widths, as replay.mjs) and prints the partial state dump of
// docs/state-dump.md that xterm.js can know.
//
// Long-lived: one JSON request per stdin line, one compact JSON answer per stdout line:
//   {"cols":80,"rows":24,"bytes":"<base64>"}            (optionally "scrollback":1000)
//   optionally "resize":[{"cols":40,"rows":24,"bytes":"<base64>"},...]: after the bytes, each
//   step resizes the terminal (xterm.js re-wraps its normal buffer) and then writes its own
//   bytes (optional); the dump is of the last size
//   -> {"cols":80,"rows":24,"cursor":{...},...}  or  {"error":"..."}
// One shot (pretty-printed):
//   node state.mjs --size 80x24 FILE
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';

const require = createRequire(import.meta.url);
let Terminal;
let Unicode11Addon;
try {
  ({ Terminal } = require('@xterm/headless'));
  ({ Unicode11Addon } = require('@xterm/addon-unicode11'));
} catch (e) {
  process.stderr.write(
    `state.mjs: cannot load @xterm/headless and @xterm/addon-unicode11 (${e.message.split('\n')[0]}); ` +
      'run `npm ci` in test/corpus/oracle (or scripts/test.sh)\n');
  process.exit(2);
}

const kMaxDimension = 4096;  // base/size.h kMaxTerminalDimension
const kDefaultFg = 13421772;  // 0xcccccc, the schema's default foreground
const kDefaultBg = 0;

// xterm's default 256-colour palette (not xterm.js's theme): the 16 colours of xterm's
// resources, the 6x6x6 cube and the 24 greys.
const kXtermPalette = (() => {
  const base = [0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd, 0x00cdcd, 0xe5e5e5,
                0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00, 0x5c5cff, 0xff00ff, 0x00ffff, 0xffffff];
  const levels = [0, 95, 135, 175, 215, 255];
  const palette = base.slice();
  for (let r = 0; r < 6; r++) {
    for (let g = 0; g < 6; g++) {
      for (let b = 0; b < 6; b++) palette.push((levels[r] << 16) | (levels[g] << 8) | levels[b]);
    }
  }
  for (let i = 0; i < 24; i++) {
    const v = 8 + 10 * i;
    palette.push((v << 16) | (v << 8) | v);
  }
  return palette;
})();

function resolveColor(isDefault, isPalette, isRgb, value, fallback) {
  if (isDefault) return fallback;
  if (isPalette) return kXtermPalette[value] ?? fallback;
  if (isRgb) return value & 0xffffff;
  return fallback;
}

// The schema's attrs, in its order. xterm.js has no rapid blink.
function cellAttrs(cell) {
  const attrs = [];
  if (cell.isBold()) attrs.push('bold');
  if (cell.isDim()) attrs.push('faint');
  if (cell.isItalic()) attrs.push('italics');
  // The underline style is not public API: CellData.getUnderlineStyle() (0 none, 1 single,
  // 2 double, 3 curly, 4 dotted, 5 dashed) reads the SGR underline. isUnderline() alone also
  // reports the dashed underline xterm.js gives every OSC 8 link cell (how it draws links, not an
  // SGR the program wrote), so it is the fallback only. Double is the schema's dbl_underline,
  // every other style is "underline".
  const style = typeof cell.getUnderlineStyle === 'function' ? cell.getUnderlineStyle()
                                                             : (cell.isUnderline() ? 1 : 0);
  const underlined = style !== 0;
  const doubleUnderline = style === 2;
  if (underlined && !doubleUnderline) attrs.push('underline');
  if (cell.isBlink()) attrs.push('blink');
  if (cell.isInverse()) attrs.push('inverse');
  if (cell.isInvisible()) attrs.push('invisible');
  if (cell.isStrikethrough()) attrs.push('crossed_out');
  if (doubleUnderline) attrs.push('dbl_underline');
  if (cell.isOverline()) attrs.push('overline');
  return attrs;
}

// xterm.js keeps a charset as a translation table (undefined for US-ASCII). Only the two the
// schema names are recognized: "B" (no table) and "0" (DEC special graphics, which maps q to ─
// and ` to ◆). Anything else (the UK and NRC sets) is left out.
function charsetName(table) {
  if (table === undefined || table === null) return 'B';
  if (table['q'] === '\u2500' && table['`'] === '\u25c6') return '0';
  return undefined;
}

function dumpState(term, cols, rows) {
  const buffer = term.buffer.active;
  const core = term._core;  // private: read defensively below
  const dump = { cols, rows };

  const x = buffer.cursorX;
  const cursor = { row: buffer.cursorY, col: x };
  const hidden = core?.coreService?.isCursorHidden;
  if (typeof hidden === 'boolean') cursor.visible = !hidden;
  cursor.pending_wrap = x >= cols;
  dump.cursor = cursor;

  const internal = core?.buffers?.active;
  if (Number.isInteger(internal?.scrollTop) && Number.isInteger(internal?.scrollBottom)) {
    dump.scroll_region = [internal.scrollTop, internal.scrollBottom];
  }

  const modes = term.modes;
  dump.modes = { origin: modes.originMode, autowrap: modes.wraparoundMode };
  // xterm.js implements LNM (SM/RM 20) by switching its convertEol option, which is therefore
  // the mode's state (RIS does not reset it, unlike xterm).
  if (typeof term.options.convertEol === 'boolean') dump.modes.lnm = term.options.convertEol;

  const tabs = internal?.tabs;
  if (tabs && typeof tabs === 'object') {
    dump.tabstops = Object.keys(tabs)
      .filter((k) => tabs[k])
      .map(Number)
      .filter((c) => Number.isInteger(c) && c >= 0 && c < cols)
      .sort((a, b) => a - b);
  }

  const charsetService = core?._charsetService;
  if (charsetService && Array.isArray(charsetService._charsets)) {
    const g0 = charsetName(charsetService._charsets[0]);
    const g1 = charsetName(charsetService._charsets[1]);
    const charsets = {};
    if (g0 !== undefined) charsets.g0 = g0;
    if (g1 !== undefined) charsets.g1 = g1;
    if (charsetService.glevel === 0 || charsetService.glevel === 1) {
      charsets.active = charsetService.glevel;
    }
    if (Object.keys(charsets).length > 0) dump.charsets = charsets;
  }

  const cells = [];
  const scratch = buffer.getNullCell();
  for (let r = 0; r < rows; r++) {
    const line = buffer.getLine(buffer.baseY + r);
    const row = [];
    for (let c = 0; c < cols; c++) {
      const cell = line?.getCell(c, scratch);
      if (!cell) {
        row.push({ ch: ' ', fg: kDefaultFg, bg: kDefaultBg, attrs: [] });
        continue;
      }
      const width = cell.getWidth();
      let ch = cell.getChars();
      if (width === 0) {
        ch = '';  // the right half of a wide character
      } else if (ch === '') {
        ch = ' ';  // never written or erased
      }
      row.push({
        ch,
        fg: resolveColor(cell.isFgDefault(), cell.isFgPalette(), cell.isFgRGB(), cell.getFgColor(),
                         kDefaultFg),
        bg: resolveColor(cell.isBgDefault(), cell.isBgPalette(), cell.isBgRGB(), cell.getBgColor(),
                         kDefaultBg),
        attrs: cellAttrs(cell),
      });
    }
    cells.push(row);
  }
  dump.cells = cells;

  // The normal buffer's scrollback, also while the alternate screen is active.
  const normal = term.buffer.normal;
  dump.scrollback_len = Math.max(0, normal.length - rows);
  return dump;
}

function checkDimension(name, value) {
  if (!Number.isInteger(value) || value < 1 || value > kMaxDimension) {
    throw new Error(`${name} must be an integer in 1..${kMaxDimension}, not ${JSON.stringify(value)}`);
  }
}

async function replay(cols, rows, bytes, scrollback, resize = []) {
  checkDimension('cols', cols);
  checkDimension('rows', rows);
  if (!Number.isInteger(scrollback) || scrollback < 0) {
    throw new Error(`scrollback must be a non-negative integer, not ${JSON.stringify(scrollback)}`);
  }
  const term = new Terminal({ cols, rows, allowProposedApi: true, scrollback });
  try {
    term.loadAddon(new Unicode11Addon());
    term.unicode.activeVersion = '11';
    // Replies to queries (onData) are dropped: nobody listens.
    await new Promise((resolve) => term.write(bytes, resolve));
    for (const step of resize) {
      term.resize(step.cols, step.rows);
      await new Promise((resolve) => term.write(step.bytes, resolve));
    }
    return dumpState(term, term.cols, term.rows);
  } finally {
    term.dispose();
  }
}

const kBase64 = /^[A-Za-z0-9+/]*={0,2}$/;

async function answer(line) {
  let request;
  try {
    request = JSON.parse(line);
  } catch (e) {
    return { error: `request is not JSON: ${e.message}` };
  }
  if (request === null || typeof request !== 'object' || Array.isArray(request)) {
    return { error: 'request must be a JSON object' };
  }
  if (typeof request.bytes !== 'string' || request.bytes.length % 4 !== 0 ||
      !kBase64.test(request.bytes)) {
    return { error: 'request.bytes must be a base64 string' };
  }
  const resize = request.resize ?? [];
  if (!Array.isArray(resize)) return { error: 'request.resize must be an array' };
  const steps = [];
  for (const step of resize) {
    if (step === null || typeof step !== 'object') return { error: 'a resize step must be an object' };
    const stepBytes = step.bytes ?? '';
    if (typeof stepBytes !== 'string' || stepBytes.length % 4 !== 0 || !kBase64.test(stepBytes)) {
      return { error: 'resize[].bytes must be a base64 string' };
    }
    try {
      checkDimension('resize[].cols', step.cols);
      checkDimension('resize[].rows', step.rows);
    } catch (e) {
      return { error: e.message };
    }
    steps.push({ cols: step.cols, rows: step.rows,
                 bytes: new Uint8Array(Buffer.from(stepBytes, 'base64')) });
  }
  try {
    const bytes = new Uint8Array(Buffer.from(request.bytes, 'base64'));
    return await replay(request.cols, request.rows, bytes, request.scrollback ?? 1000, steps);
  } catch (e) {
    return { error: e.message };
  }
}

async function serve() {
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
  for await (const line of rl) {
    if (line.trim() === '') continue;
    process.stdout.write(JSON.stringify(await answer(line)) + '\n');
  }
}

function usage(message) {
  process.stderr.write(`state.mjs: ${message}\nusage: node state.mjs [--size COLSxROWS] FILE\n` +
                       '       node state.mjs   (JSON requests on stdin, one per line)\n');
  process.exit(2);
}

async function oneShot(args) {
  let size = '80x24';
  let file;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--size') {
      if (i + 1 >= args.length) usage('--size needs COLSxROWS');
      size = args[++i];
    } else if (args[i].startsWith('--size=')) {
      size = args[i].slice('--size='.length);
    } else if (file === undefined) {
      file = args[i];
    } else {
      usage(`unexpected argument ${args[i]}`);
    }
  }
  const m = /^([1-9][0-9]*)[xX]([1-9][0-9]*)$/.exec(size);
  if (!m) usage(`bad size ${size} (want COLSxROWS, such as 80x24)`);
  if (file === undefined) usage('no input file');
  let bytes;
  try {
    bytes = readFileSync(file === '-' ? 0 : file);
  } catch (e) {
    process.stderr.write(`state.mjs: ${e.message}\n`);
    process.exit(1);
  }
  try {
    const dump = await replay(Number(m[1]), Number(m[2]), new Uint8Array(bytes), 1000);
    process.stdout.write(JSON.stringify(dump, null, 2) + '\n');
  } catch (e) {
    process.stderr.write(`state.mjs: ${e.message}\n`);
    process.exit(1);
  }
}

const args = process.argv.slice(2);
if (args.length === 0) {
  await serve();
} else {
  await oneShot(args);
}
