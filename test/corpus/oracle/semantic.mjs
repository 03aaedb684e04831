// The `vtsnap-semantic 1` projection (docs/semantic.md) of an @xterm/headless terminal, built from
// xterm.js's buffer API alone, so test/corpus/semantic_agreement_test.cc can check that vtsnap's
// projection of a recording is the one an independent emulator's state gives. Written from the
// format's documentation, not from vtsnap's code.
//
// Public API where xterm.js has one (buffer lines, cells, IModes). Four things xterm.js keeps only
// internally are read defensively: the cursor's visibility and DECSCUSR shape (coreService), the
// mouse encoding (coreMouseService), and the extended attributes of a cell (underline style and
// colour, OSC 8 link id).

const COLOR_NAMES = [
  'black', 'red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white',
  'bright-black', 'bright-red', 'bright-green', 'bright-yellow', 'bright-blue', 'bright-magenta',
  'bright-cyan', 'bright-white',
];

// xterm.js's colour modes (Attributes.CM_*).
const CM_P16 = 0x1000000;
const CM_P256 = 0x2000000;
const CM_RGB = 0x3000000;
const CM_MASK = 0x3000000;

function colorName(mode, value) {
  if (mode === CM_P16 || mode === CM_P256) {
    return value < 16 ? COLOR_NAMES[value] : String(value);
  }
  if (mode === CM_RGB) return '#' + (value & 0xffffff).toString(16).padStart(6, '0');
  return null;
}

const UNDERLINE_WORDS = ['', 'underline', 'underline=double', 'underline=curly',
                         'underline=dotted', 'underline=dashed'];
const MOUSE_TRACKING = { none: 'off', x10: 'x10', vt200: 'normal', drag: 'button-event',
                         any: 'any-event' };
const MOUSE_ENCODING = { DEFAULT: 'default', SGR: 'sgr', SGR_PIXELS: 'sgr-pixels' };

function escapeLink(uri) {
  let out = '';
  for (const byte of Buffer.from(uri, 'utf8')) {
    if (byte === 0x5c) out += '\\\\';
    else if (byte <= 0x20 || byte >= 0x7f) out += '\\x' + byte.toString(16).padStart(2, '0');
    else out += String.fromCharCode(byte);
  }
  return out;
}

// The style words of one cell ('' for the default style), in the documented order.
function styleWords(term, cell) {
  const words = [];
  if (cell.isBold()) words.push('bold');
  if (cell.isDim()) words.push('dim');
  if (cell.isItalic()) words.push('italic');
  const underline = cell.isUnderline()
    ? (typeof cell.getUnderlineStyle === 'function' ? cell.getUnderlineStyle() : 1) : 0;
  if (underline) words.push(UNDERLINE_WORDS[underline] ?? 'underline');
  if (cell.isBlink()) words.push('blink');
  if (cell.isInverse()) words.push('reverse');
  if (cell.isInvisible()) words.push('invisible');
  if (cell.isStrikethrough()) words.push('strike');
  if (cell.isOverline()) words.push('overline');
  const fg = colorName(cell.getFgColorMode(), cell.getFgColor());
  if (fg) words.push('fg=' + fg);
  const bg = colorName(cell.getBgColorMode(), cell.getBgColor());
  if (bg) words.push('bg=' + bg);
  const extended = typeof cell.hasExtendedAttrs === 'function' && cell.hasExtendedAttrs()
    ? cell.extended : undefined;
  if (underline && extended && extended.underlineColor !== -1) {
    const ul = colorName(extended.underlineColor & CM_MASK, extended.underlineColor & 0xffffff);
    if (ul) words.push('underline-color=' + ul);
  }
  const urlId = extended?.urlId ?? 0;
  if (urlId) {
    const uri = term._core?._oscLinkService?.getLinkData(urlId)?.uri;
    if (uri) words.push('link=' + escapeLink(uri));
  }
  return words.join(' ');
}

// The `vtsnap-semantic 1` text of `term`; capture is 'viewport' or 'buffer'.
export function semanticProjection(term, capture) {
  const buffer = term.buffer.active;
  const { cols, rows } = term;
  const scrollback = buffer.baseY;
  const out = ['vtsnap-semantic 1', `capture ${capture}`, `size ${cols}x${rows}`,
               `buffer ${buffer.type}`, `viewport top=${buffer.viewportY} scrollback=${scrollback}`];

  // Rows of the capture: [first, last) line indexes in the buffer.
  let first = buffer.viewportY;
  let last = buffer.viewportY + rows;
  if (capture === 'buffer') {
    first = 0;
    last = scrollback + rows;
  }
  const texts = [];
  for (let y = first; y < last; y++) {
    const line = buffer.getLine(y);
    texts.push({
      continues: !!line?.isWrapped,
      text: line ? line.translateToString(true).replace(/ +$/, '') : '',
    });
  }
  if (capture === 'buffer') {
    // Trimmed after the last row that holds text.
    while (texts.length > 0 && texts[texts.length - 1].text === '') texts.pop();
  }

  const core = term._core;
  const hidden = core?.coreService?.isCursorHidden === true;
  if (hidden) {
    out.push('cursor hidden');
  } else {
    const shape = core?.coreService?.decPrivateModes?.cursorStyle ?? term.options.cursorStyle ?? 'block';
    const row = buffer.cursorY + (capture === 'buffer' ? scrollback : 0);
    // xterm.js keeps x == cols while a wrap is pending; the projection names the cell the cursor is on.
    const col = Math.min(buffer.cursorX, cols - 1);
    out.push(`cursor visible row=${row} col=${col} shape=${shape}`);
  }
  const m = term.modes;
  const encoding = core?.coreMouseService?.activeEncoding ?? 'DEFAULT';
  out.push(`mode bracketed-paste ${m.bracketedPasteMode ? 'on' : 'off'}`);
  out.push(`mode mouse-tracking ${MOUSE_TRACKING[m.mouseTrackingMode] ?? m.mouseTrackingMode}`);
  out.push(`mode mouse-encoding ${MOUSE_ENCODING[encoding] ?? encoding}`);
  out.push(`mode focus-events ${m.sendFocusMode ? 'on' : 'off'}`);
  out.push(`mode synchronized-output ${m.synchronizedOutputMode ? 'on' : 'off'}`);
  out.push(`mode application-cursor-keys ${m.applicationCursorKeysMode ? 'on' : 'off'}`);

  out.push('text');
  texts.forEach((t, i) => out.push(`${i} ${t.continues ? '+|' : '|'}${t.text}`));

  out.push('styles');
  const cell = buffer.getNullCell();
  for (let y = first; y < last; y++) {
    const line = buffer.getLine(y);
    if (!line) continue;
    let runStart = 0;
    let runWords = '';
    const flush = (end) => {
      if (runWords) out.push(`${y - first} ${runStart}-${end - 1} ${runWords}`);
    };
    for (let x = 0; x < cols; x++) {
      const words = line.getCell(x, cell) ? styleWords(term, cell) : '';
      if (x === 0) {
        runWords = words;
      } else if (words !== runWords) {
        flush(x);
        runStart = x;
        runWords = words;
      }
    }
    flush(cols);
  }
  return out.join('\n') + '\n';
}
