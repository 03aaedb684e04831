#!/usr/bin/env python3
"""Prints the screen table of docs/conformance.md from a vttest recording.

    python3 test/conformance/table.py [--recording DIR] [--xterm] [--jobs N]
    python3 test/conformance/table.py --show SCREEN [--xterm]
    python3 test/conformance/table.py --xterm --write-xterm test/conformance/xterm_screens.txt

The recording is what `vttest_record DIR` (ctest's vttest.record) wrote; DIR defaults to
build/test/conformance/vttest-recording. Each row says whether vtsnap's text equals xterm.js's and
tmux's and, with --xterm, a real xterm's, and gives the cause of each difference from CAUSES below.

--xterm replays each screen's transcript through xterm under Xvfb (xvfb-run; Debian's xterm and
xvfb packages) and reads the screen back with xterm's print-screen (media copy, CSI i) through its
printerCommand. It takes about a second per screen, --jobs at a time (default 4); results are
cached in DIR/xterm/ by the transcript's SHA-256.

--write-xterm FILE writes xterm's screen for every screen where xterm.js and tmux agree with each
other and not with vtsnap: the screens where vtsnap follows xterm against both, which
vttest_conformance_test checks against these readings (docs/conformance.md).

--show SCREEN prints the screen's rows as each side shows them, marking the rows that differ.

Standard library only.
"""

import argparse
import concurrent.futures
import hashlib
import json
import os
import queue
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
COLS, ROWS = 80, 24

DEVIATIONS = 'xterm-deviations.md'
CONF = 'conformance.md'

# Why vtsnap's text differs from a side, per screen: (sides, cause). `sides` names the sides the
# cause explains ("xterm.js", "tmux", "xterm"); a difference no entry explains prints "?" and a
# warning. Causes link the docs section that explains them.
CAUSES = {}


def cause(screens, sides, text):
    for screen in screens.split():
        CAUSES.setdefault(screen, []).append((set(sides), text))


def link(doc, anchor, title):
    # The table lives in docs/conformance.md: its own sections are linked by anchor alone.
    return f'[{title}]({"" if doc == CONF else doc}#{anchor})'


def tmux(what):
    return 'tmux: ' + link(CONF, 'where-tmux-differs-from-xterm', what)


COLUMNS = link(DEVIATIONS, '80-and-132-columns', '80/132 columns not modelled')
NO_RECTANGLES = link(CONF, 'where-xtermjs-and-tmux-differ-from-xterm',
                     'xterm.js and tmux: rectangle operations not implemented')
NO_COLUMN_INDEX = link(CONF, 'where-xtermjs-and-tmux-differ-from-xterm',
                       'xterm.js and tmux: DECBI, DECFI not implemented')
CHARSETS = link(DEVIATIONS, 'character-sets', 'national and 96-character sets not modelled')
NO_MARGINS = link(CONF, 'where-xtermjs-and-tmux-differ-from-xterm',
                  'xterm.js and tmux: left/right margins not implemented')
TMUX_DECCOLM = tmux('DECCOLM clears the screen')
NO_ISO_PROTECTION = link(CONF, 'where-xtermjs-and-tmux-differ-from-xterm',
                         'xterm.js and tmux: ISO protected areas (SPA, EPA) not implemented')

cause('1_cursor_movements.2 1_cursor_movements.3 1_cursor_movements.4 9.6_column_mode_escape.1 '
      '11.4.6.1_decncsm.1 11.4.6.1_decncsm.2 11.4.6.1_decncsm.3 11.4.6.1_decncsm.4 '
      '11.4.6.1_decncsm.5 11.6.6.1_bce_cursor_movements.2 11.6.6.1_bce_cursor_movements.3 '
      '11.6.6.1_bce_cursor_movements.4', ['xterm'], COLUMNS)
cause('1_cursor_movements.2 1_cursor_movements.3 1_cursor_movements.4 9.6_column_mode_escape.1 '
      '11.4.6.1_decncsm.1 11.4.6.1_decncsm.2 11.4.6.1_decncsm.3 11.4.6.1_decncsm.4 '
      '11.4.6.1_decncsm.5 11.6.6.1_bce_cursor_movements.2 11.6.6.1_bce_cursor_movements.3 '
      '11.6.6.1_bce_cursor_movements.4', ['tmux'], TMUX_DECCOLM)
cause('2_screen_features.3 2_screen_features.5 8_insert_delete.8 8_insert_delete.9 '
      '8_insert_delete.10 8_insert_delete.11 8_insert_delete.12 9.5_double_to_single_wide.1 '
      '9.8_erase_right_half_double_width.4 9.8_erase_right_half_double_width.5 '
      '9.8_erase_right_half_double_width.6 11.2.3.1_decscpp.4 11.6.6.2_bce_screen_features.3 '
      '11.6.6.2_bce_screen_features.5 11.6.6.3_bce_insert_delete.10 '
      '11.6.6.3_bce_insert_delete.11 11.6.6.3_bce_insert_delete.12 '
      '11.6.6.3_bce_insert_delete.13 11.6.6.3_bce_insert_delete.14', ['xterm'], COLUMNS)
cause('2_screen_features.11 11.6.6.2_bce_screen_features.11', ['tmux'],
      tmux('DECSTBM in origin mode homes to the screen'))
cause('3_character_sets.1', ['xterm', 'xterm.js'], CHARSETS)
cause('3_character_sets.1', ['tmux'], tmux('its own line-drawing table, no national sets'))
cause('6.3_dsr.1', ['tmux'], tmux('DSR 6 ignores origin mode'))
cause('6.4_da.1', ['tmux'], tmux('its own primary DA, a VT100'))
cause('6.5_da2.1', ['tmux'], tmux('its own secondary DA'))
cause('6.6_da3.1', ['tmux'], tmux('no tertiary DA'))
cause('11.3.8.2_decsnls.1 11.3.8.2_decsnls.2 11.3.8.2_decsnls.3', ['tmux'], tmux('no DECRQSS'))
cause('11.1.2.4_decsca.1 11.1.2.4_decsca.3', ['tmux'], tmux('DECSED and DECSEL ignored'))
cause('11.3.2.7_decbi.1 11.3.2.8_decfi.1', ['xterm.js', 'tmux'], NO_COLUMN_INDEX)
cause('11.7.1.2_spa.1 11.6.7.1.2_bce_spa.1', ['xterm.js', 'tmux'], NO_ISO_PROTECTION)
cause('11.3.2.7_decbi_margins.1 11.3.2.8_decfi_margins.1', ['xterm.js', 'tmux'],
      NO_COLUMN_INDEX)
cause('11.3.2.9_cursor_in_margins_margins.1 11.3.2.10_other_in_margins_margins.1 '
      '11.3.3.9_decic_decdc_margins.1 11.3.3.9_decic_decdc_margins.2 '
      '11.3.3.10_ind_ri_margins.2 11.3.3.10_ind_ri_margins.4 11.3.3.11_il_dl_margins.2 '
      '11.3.3.11_il_dl_margins.4 11.3.3.12_ich_dch_margins.1 11.3.3.12_ich_dch_margins.2 '
      '11.3.3.13_bs_cr_tab_margins.1 11.4.2.10_cht_margins.1 11.4.2.13_cnl_margins.1',
      ['xterm.js', 'tmux'], NO_MARGINS)
cause('11.3.6.9_decera_margins.1 11.3.6.10_decfra_margins.1 11.3.6.10_decfra_margins.2 '
      '11.3.6.12_decsera_margins.1 11.3.6.12_decsera_margins.2 11.3.6.12_decsera_margins.3 '
      '11.3.6.12_decsera_margins.4 11.3.6.8_deccra.2 11.3.6.8_deccra.3 11.3.6.8_deccra.4 '
      '11.3.6.9_decera.1 11.3.6.10_decfra.1 11.3.6.12_decsera.1 11.3.6.12_decsera.2 '
      '11.3.6.12_decsera.3 11.3.6.12_decsera.4', ['xterm.js', 'tmux'], NO_RECTANGLES)
cause('11.3.3.11_il_dl_margins.2 11.6.6.3_bce_insert_delete.1 11.6.6.3_bce_insert_delete.2',
      ['tmux'], tmux('IL and DL keep the cursor column'))
cause('11.3.3.9_decic_decdc.1 11.3.3.9_decic_decdc.2 11.3.3.9_decic_decdc_margins.1 '
      '11.3.3.9_decic_decdc_margins.2', ['tmux'], tmux('DECIC and DECDC ignored'))
cause('11.6.7.4_bce_sl.1 11.6.7.5_bce_sr.1 11.7.4_sl.1 11.7.5_sr.1', ['tmux'],
      tmux('SL and SR ignored'))
cause('11.4.2.10_cht.1 11.4.2.10_cht_margins.1 11.5.4_cht.1', ['tmux'], tmux('CHT ignored'))
cause('11.4.2.11_hpr.1 11.4.2.11_hpr_margins.1 11.5.5_hpr.1', ['tmux'], tmux('HPR ignored'))
cause('11.5.9_vpr.1', ['tmux'], tmux('VPR ignored'))
cause('11.6.9_sgr_22_27.1 11.6.9_sgr_22_27.2 11.6.9_sgr_22_27.3', ['xterm'],
      link(CONF, 'reading-xterms-screen', "xterm's print-screen leaves concealed text out"))
cause('11.8.7.3_alternate_screen.3 11.8.7.4_alternate_screen_1047.3 '
      '11.8.7.5_alternate_screen_1049.3', ['tmux'],
      tmux('the cursor saved around the alternate screen'))


def load_recording(directory):
    with open(os.path.join(directory, 'screens.txt'), encoding='utf-8') as f:
        names = [line.strip() for line in f if line.strip()]
    records = []
    for name in names:
        with open(os.path.join(directory, name + '.json'), encoding='utf-8') as f:
            records.append(json.load(f))
    return records


def transcript_prefix(directory, record):
    with open(os.path.join(directory, record['session'] + '.bytes'), 'rb') as f:
        return f.read()[:record['bytes']]


def xterm_rows(directory, record, display):
    """The screen a real xterm shows after the screen's transcript, cached by its hash."""
    data = transcript_prefix(directory, record)
    cache_dir = os.path.join(directory, 'xterm')
    os.makedirs(cache_dir, exist_ok=True)
    cached = os.path.join(cache_dir, hashlib.sha256(data).hexdigest() + '.txt')
    if os.path.exists(cached):
        with open(cached, encoding='utf-8') as f:
            return f.read().split('\n')[:ROWS]
    with tempfile.TemporaryDirectory() as tmp:
        stream = os.path.join(tmp, 'stream.bytes')
        printed = os.path.join(tmp, 'printed.txt')
        with open(stream, 'wb') as f:
            f.write(data)
        # Raw mode, no echo: the bytes reach xterm unchanged and its replies to vttest's queries
        # are not echoed onto the screen.
        command = f"stty raw -echo; cat '{stream}'; printf '\\033[i'; sleep 0.3"
        for _ in range(5):  # xvfb-run now and then fails to start its server: try again
            if os.path.exists(printed):
                break
            subprocess.run(
                # A screen wide enough for 132 columns: xterm shrinks a resize to the screen.
                ['xvfb-run', '-a', '-n', str(display), '-s', '-screen 0 1920x1080x24',
                 'xterm', '-geometry', f'{COLS}x{ROWS}',
                 '-xrm', f'XTerm*printerCommand: cat > {printed}',
                 '-xrm', 'XTerm*printAttributes: 0', '-xrm', 'XTerm*printerFormFeed: false',
                 '-xrm', 'XTerm*printerNewLine: true', '-xrm', 'XTerm*utf8: 1',
                 # the whole screen, not only the scrolling region (DECPEX)
                 '-xrm', 'XTerm*printerExtent: true',
                 '-e', 'sh', '-c', command],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, timeout=60)
        if not os.path.exists(printed):
            print(f"table.py: {record['screen']}: xterm printed nothing", file=sys.stderr)
            return None
        with open(printed, encoding='utf-8', errors='replace') as f:
            rows = [line.rstrip(' \n') for line in f.read().split('\n')]
    rows = (rows + [''] * ROWS)[:ROWS]
    with open(cached, 'w', encoding='utf-8') as f:
        f.write('\n'.join(rows))
    return rows


def add_xterm(directory, records, jobs):
    displays = queue.Queue()  # a first X display number per job running at once
    for n in range(jobs):
        displays.put(200 + 20 * n)  # xvfb-run -a tries upwards from there

    def one(record):
        display = displays.get()
        try:
            return xterm_rows(directory, record, display)
        finally:
            displays.put(display)

    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {}
        for record in records:
            if record.get('vtsnap_error'):
                continue
            futures[pool.submit(one, record)] = record
        for future in concurrent.futures.as_completed(futures):
            futures[future]['xterm'] = future.result()


def sides(record, with_xterm):
    names = ['xtermjs', 'tmux'] + (['xterm'] if with_xterm else [])
    return [(n, record.get(n)) for n in names]


LABEL = {'xtermjs': 'xterm.js', 'tmux': 'tmux', 'xterm': 'xterm'}


def show(record, with_xterm):
    vtsnap = record['vtsnap']
    print(f"{record['screen']}: stand-in Returns {record['stand_ins']} (tmux "
          f"{record['tmux_stand_ins']})")
    for r in range(ROWS):
        differs = any(rows is not None and rows[r] != vtsnap[r]
                      for _, rows in sides(record, with_xterm))
        mark = '*' if differs else ' '
        print(f'{mark}{r:2d} vtsnap   |{vtsnap[r]}|')
        for name, rows in sides(record, with_xterm):
            if differs and rows is not None and rows[r] != vtsnap[r]:
                print(f'    {LABEL[name]:8s} |{rows[r]}|')


def table(records, with_xterm):
    header = '| screen | vtsnap = xterm.js | vtsnap = tmux |'
    rule = '| --- | --- | --- |'
    if with_xterm:
        header += ' vtsnap = xterm |'
        rule += ' --- |'
    print(header + ' differences and their causes |')
    print(rule + ' --- |')
    missing = 0
    same = {}
    for record in records:
        name = record['screen']
        if record.get('vtsnap_error'):
            print(f'| `{name}` | not reached: {record["vtsnap_error"]} |')
            continue
        cells = []
        differing = []
        for side, rows in sides(record, with_xterm):
            if rows is None:
                cells.append('n/a')
            elif rows == record['vtsnap']:
                cells.append('yes')
            else:
                cells.append('**no**')
                differing.append(LABEL[side])
        causes = []
        explained = set()
        for covered, text in CAUSES.get(name, []):
            hit = covered & set(differing)
            if hit:
                causes.append(text)
                explained |= hit
        unexplained = [s for s in differing if s not in explained]
        if unexplained:
            missing += 1
            causes.append('? (' + ', '.join(unexplained) + ')')
            print(f'table.py: {name}: no cause for the difference from {", ".join(unexplained)}',
                  file=sys.stderr)
        print(f'| `{name}` | ' + ' | '.join(cells) + ' | ' + ('; '.join(causes) or '') + ' |')
        for (side, _), cell in zip(sides(record, with_xterm), cells):
            same[side] = same.get(side, 0) + (cell == 'yes')
    total = sum(1 for r in records if not r.get('vtsnap_error'))
    print('table.py: ' + ', '.join(f'vtsnap = {LABEL[side]} on {n} of {total} screens'
                                   for side, n in same.items()), file=sys.stderr)
    return missing


XTERM_SCREENS_HEADER = """\
# What a real xterm showed on the vttest screens where xterm.js and tmux agree with each other and
# not with vtsnap. vttest_conformance_test requires vtsnap to show exactly this text there
# (docs/conformance.md). Written by
#   python3 test/conformance/table.py --xterm --write-xterm test/conformance/xterm_screens.txt
# from xterm {version} under Xvfb, read through its print-screen: a line "== <screen>", then the
# screen's {rows} rows, trailing spaces removed.
"""


def write_xterm(records, path):
    version = subprocess.run(['xterm', '-version'], capture_output=True, text=True,
                             check=False).stdout.strip()
    out = [XTERM_SCREENS_HEADER.format(version=version or 'xterm', rows=ROWS)]
    written = 0
    for record in records:
        xterm, xtermjs, tmux_rows = record.get('xterm'), record.get('xtermjs'), record.get('tmux')
        if xtermjs is None or xtermjs != tmux_rows or xtermjs == record['vtsnap']:
            continue
        if xterm is None:
            sys.exit(f"table.py: no xterm screen for {record['screen']}")
        out.append(f"== {record['screen']}\n" + ''.join(row + '\n' for row in xterm))
        written += 1
    with open(path, 'w', encoding='utf-8') as f:
        f.write(''.join(out))
    print(f'table.py: wrote {written} xterm screens to {path}', file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--recording',
                        default=os.path.join(ROOT, 'build/test/conformance/vttest-recording'))
    parser.add_argument('--xterm', action='store_true')
    parser.add_argument('--jobs', type=int, default=4)
    parser.add_argument('--show')
    parser.add_argument('--write-xterm', metavar='FILE')
    args = parser.parse_args()
    if args.write_xterm and not args.xterm:
        sys.exit('table.py: --write-xterm needs --xterm')
    records = load_recording(args.recording)
    if args.show:
        records = [r for r in records if r['screen'] == args.show]
        if not records:
            sys.exit(f'table.py: no screen {args.show} in {args.recording}')
    if args.xterm:
        add_xterm(args.recording, records, args.jobs)
    if args.show:
        show(records[0], args.xterm)
        return
    if args.write_xterm:
        write_xterm(records, args.write_xterm)
    sys.exit(1 if table(records, args.xterm) else 0)


if __name__ == '__main__':
    main()
