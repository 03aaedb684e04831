#!/usr/bin/env python3
"""Records real terminal programs for the vtsnap corpus (see docs/differential.md).

Each case runs one program under a pseudo-terminal of a fixed size with a fixed environment, types
scripted keys (waiting until the program's output has been quiet for QUIET seconds before each
key), and writes every byte the program wrote to test/corpus/cases/<name>.bytes, exactly as read
from the pty master. The expected screens are computed separately by oracle/replay.mjs.

    python3 test/corpus/record.py --all          # every case, and examples/session.bytes
    python3 test/corpus/record.py vim_80x24      # one case (or several) by name
    python3 test/corpus/record.py session        # only the demo recording
    python3 test/corpus/record.py --list         # the case names

Python 3 standard library only. The recorder never answers a program's terminal queries (DA, DSR,
OSC colour queries...): the bytes are what a program writes to a terminal that stays silent, which
is what both the oracle and vtsnap see. Queries found in a recording are listed on stderr.
"""

import argparse
import fcntl
import os
import pty
import re
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
CASES_DIR = os.path.join(HERE, "cases")
VIMRC = os.path.join(HERE, "vimrc")
SESSION_PATH = os.path.join(REPO, "examples", "session.bytes")

QUIET = 0.3  # seconds of silence that count as "the program has finished drawing"
MAX_WAIT = 10.0  # give up waiting for silence (or for exit) after this long
SIZES = [(80, 24), (120, 40)]
SIZE_LIMIT = 200 * 1024  # warn when a recording is bigger than this

# Fixed timestamp for every fixture file and commit: 2024-01-02 03:04:05 UTC.
FIXED_EPOCH = 1704164645

# ---------------------------------------------------------------------------------------------
# Fixtures

HELLO_C = """\
/* hello.c \u2014 fixture for the vtsnap corpus. \u65e5\u672c\u8a9e\u306e\u30b3\u30e1\u30f3\u30c8 \U0001F389 */
#include <stdio.h>
#include <string.h>

// Combining marks: cafe\u0301 nai\u0308ve re\u0301sume\u0301; wide: \u6f22\u5b57 \ud55c\uad6d\uc5b4 \U0001F600\U0001F44D
static const char *kGreeting = "Hello, \u4e16\u754c! \U0001F44B";

struct point {
  int x;  /* \u6a2a */
  int y;  /* \u7e26 */
};

static int manhattan(struct point a, struct point b) {
  int dx = a.x > b.x ? a.x - b.x : b.x - a.x;
  int dy = a.y > b.y ? a.y - b.y : b.y - a.y;
  return dx + dy;
}

int main(void) {
  struct point p = {1, 2}, q = {4, 6};
  for (int i = 0; i < 3; ++i) {
    printf("%d: %s (%zu bytes)\\n", i, kGreeting, strlen(kGreeting));
  }
  /* A long comment line that is wider than eighty columns, so that vim has to wrap it onto the next screen row at 80x24. */
  printf("distance = %d\\n", manhattan(p, q));
  return 0;
}
"""

WORDS = ("the quick brown fox jumps over the lazy dog while a terminal draws "
         "every cell of the screen and the decoder keeps up with it").split()


def notes_text():
    """A deterministic ~150-line text file for less: prose, a few wide/combining lines, tabs."""
    lines = ["Notes on terminals \u2014 \u7aef\u672b\u306e\u30e1\u30e2 \U0001F4DD", ""]
    for i in range(1, 151):
        words = [WORDS[(i * 7 + k * 3) % len(WORDS)] for k in range(4 + i % 9)]
        line = "%3d. %s." % (i, " ".join(words).capitalize())
        if i % 17 == 0:
            line += "\tTabbed\tcolumns\there"
        if i % 23 == 0:
            line += " \u5168\u89d2\u6587\u5b57\u3068 emoji \U0001F680 and cafe\u0301."
        if i % 31 == 0:
            line += " " + " ".join(WORDS) + " (a line long enough to wrap at eighty columns)"
        lines.append(line)
    return "\n".join(lines) + "\n"


def set_times(root):
    for dirpath, dirnames, filenames in os.walk(root, topdown=False):
        for name in dirnames + filenames:
            os.utime(os.path.join(dirpath, name), (FIXED_EPOCH, FIXED_EPOCH), follow_symlinks=False)
    os.utime(root, (FIXED_EPOCH, FIXED_EPOCH))


def make_lsdir(path):
    os.makedirs(path)
    for d in ("src", "docs", "build"):
        os.mkdir(os.path.join(path, d))
    files = {
        "README.md": "# fixture\n",
        "notes.txt": "plain text\n",
        "\u65e5\u672c\u8a9e.txt": "\u3053\u3093\u306b\u3061\u306f\n",
        "\ud55c\uad6d\uc5b4_\ubb38\uc11c.md": "\uc548\ub155\n",
        "emoji_\U0001F389.md": "party\n",
        "rocket_\U0001F680.log": "liftoff\n" * 40,
        "cafe\u0301.txt": "combining acute\n",
        "archive.tar.gz": "not really gzip\n",
        "photo.png": "not really png\n",
        "src/main.c": "int main(void) { return 0; }\n",
    }
    for name, text in files.items():
        with open(os.path.join(path, name), "w", encoding="utf-8") as f:
            f.write(text)
    for exe in ("run.sh", "build.py"):
        p = os.path.join(path, exe)
        with open(p, "w") as f:
            f.write("#!/bin/sh\necho run\n")
        os.chmod(p, 0o755)
    os.symlink("src", os.path.join(path, "link-to-src"))
    os.symlink("notes.txt", os.path.join(path, "latest-notes"))
    os.symlink("does-not-exist", os.path.join(path, "dangling"))
    os.mkfifo(os.path.join(path, "pipe"))
    os.chmod(os.path.join(path, "build"), 0o1777)  # sticky, other-writable: its own colour
    for p in [path] + [os.path.join(path, n) for n in os.listdir(path)]:
        if not os.path.islink(p) and os.path.isfile(p) and not os.access(p, os.X_OK):
            os.chmod(p, 0o644)
    set_times(path)


def make_repo(path, env):
    os.makedirs(path)
    t = [FIXED_EPOCH]

    def git(*args):
        subprocess.run(["git", *args], cwd=path, env=env, check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)

    def commit(message, filename, text):
        with open(os.path.join(path, filename), "a", encoding="utf-8") as f:
            f.write(text)
        git("add", filename)
        t[0] += 3600
        stamp = "@%d +0000" % t[0]
        e = dict(env, GIT_AUTHOR_DATE=stamp, GIT_COMMITTER_DATE=stamp)
        subprocess.run(["git", "commit", "-q", "-m", message], cwd=path, env=e, check=True)

    def merge(branch, message):
        t[0] += 3600
        stamp = "@%d +0000" % t[0]
        e = dict(env, GIT_AUTHOR_DATE=stamp, GIT_COMMITTER_DATE=stamp)
        subprocess.run(["git", "merge", "-q", "--no-ff", "-m", message, branch], cwd=path, env=e,
                       check=True)

    git("init", "-q", "-b", "main")
    commit("Initial commit", "README.md", "# demo\n")
    commit("Add the parser skeleton", "parser.c", "/* parser */\n")
    git("checkout", "-q", "-b", "feature/unicode")
    commit("Handle wide characters (\u5168\u89d2)", "width.c", "/* width */\n")
    commit("Handle combining marks: cafe\u0301", "width.c", "/* combining */\n")
    git("checkout", "-q", "main")
    commit("Fix an off-by-one in the cursor \U0001F41B", "parser.c", "/* fix */\n")
    merge("feature/unicode", "Merge branch 'feature/unicode'")
    git("checkout", "-q", "-b", "feature/scroll")
    commit("Scroll regions", "scroll.c", "/* scroll */\n")
    git("checkout", "-q", "main")
    commit("Document the snapshot format", "README.md", "More docs.\n")
    merge("feature/scroll", "Merge branch 'feature/scroll'")
    git("tag", "v0.1.0")
    git("checkout", "-q", "-b", "experiment")
    commit("Try a faster UTF-8 decoder \U0001F680", "utf8.c", "/* fast */\n")
    commit("WIP: benchmarks", "bench.c", "/* bench */\n")
    git("checkout", "-q", "main")
    commit("Release notes for 0.1.1", "NEWS", "0.1.1\n")
    git("tag", "v0.1.1")


def default_ls_colors():
    out = subprocess.run(["dircolors", "-b"], env={"PATH": os.environ.get("PATH", "/usr/bin:/bin")},
                         check=True, capture_output=True, text=True).stdout
    m = re.search(r"LS_COLORS='([^']*)'", out)
    return m.group(1) if m else ""


class Fixtures:
    def __init__(self):
        self.root = tempfile.mkdtemp(prefix="vtsnap-corpus-")
        self.home = os.path.join(self.root, "home")
        os.mkdir(self.home)
        self.env = {
            "PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
            "TERM": "xterm-256color",
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "HOME": self.home,
            "USER": "vtsnap",
            "LOGNAME": "vtsnap",
            "SHELL": "/bin/sh",
            "TZ": "UTC",
            "PAGER": "less",
            "LESSHISTFILE": "-",
            "LS_COLORS": default_ls_colors(),
            "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_AUTHOR_NAME": "Ada Lovelace",
            "GIT_AUTHOR_EMAIL": "ada@example.com",
            "GIT_COMMITTER_NAME": "Ada Lovelace",
            "GIT_COMMITTER_EMAIL": "ada@example.com",
        }
        with open(os.path.join(self.home, ".gitconfig"), "w") as f:
            f.write("[init]\n\tdefaultBranch = main\n[advice]\n\tdetachedHead = false\n")
        with open(os.path.join(self.root, "hello.c"), "w", encoding="utf-8") as f:
            f.write(HELLO_C)
        with open(os.path.join(self.root, "notes.txt"), "w", encoding="utf-8") as f:
            f.write(notes_text())
        make_lsdir(os.path.join(self.root, "lsdir"))
        make_repo(os.path.join(self.root, "repo"), self.env)
        set_times(self.root)

    def cleanup(self):
        shutil.rmtree(self.root, ignore_errors=True)


# ---------------------------------------------------------------------------------------------
# Scenarios. Each returns (argv, cwd relative to the fixture root, steps, ending).
#   steps: key strings (sent after the output has been quiet for QUIET seconds), "<Name>" keys
#          translated below, or ("sleep", seconds).
#   ending: "exit" - the last key makes the program exit; record until EOF.
#           "kill" - after the last key and the quiet period, stop reading and SIGKILL the program,
#                    so the recording ends on the program's own screen (often the alternate one).

def chars(text):
    return list(text)


def scenario_vim(fx):
    steps = ["j", "j", "j", "j", "w", "w", "e",  # move around the comment with CJK and emoji
             "o", *chars("// inserted: \u3042\u3044\u3046 \u2705 ok"), "<Esc>",
             ":", *chars("split"), "<Enter>",
             "\x17", "j", "G",  # Ctrl-W j: the lower window shows the end of the file
             "\x17", "k", "g", "g",  # back to the upper window, at the top (CJK, emoji, combining)
             "4", "G", "V", "j", "j",  # visual-line selection over the wide and combining lines
             ]
    return ["vim", "-u", VIMRC, "-i", "NONE", "-N", "-n", "hello.c"], ".", steps, "kill"


def scenario_less(fx):
    steps = [" ", "/", *chars("terminal"), "<Enter>"]
    return ["less", "notes.txt"], ".", steps, "kill"


def scenario_top(fx):
    # -d 1: refresh once a second. Let it draw, refresh at least once, then quit back to the shell.
    steps = [("sleep", 1.6), "q"]
    return ["top", "-d", "1"], ".", steps, "exit"


def scenario_man(fx):
    return ["man", "ls"], ".", [" "], "kill"


def scenario_ls(fx):
    script = ("printf '$ ls -l\\n'; ls --color=always -l; "
              "printf '$ ls -a\\n'; ls --color=always -a")
    return ["sh", "-c", script], "lsdir", [], "exit"


def scenario_git(fx):
    return (["git", "--no-pager", "log", "--graph", "--color=always", "--decorate", "--all"],
            "repo", [], "exit")


DIALOG_ITEMS = [
    ("cheese", "Extra cheese", "on"),
    ("mushroom", "Mushrooms", "off"),
    ("olives", "Black olives", "off"),
    ("sushi", "\u5bff\u53f8 \U0001F363 (wide)", "off"),
    ("pepper", "Jalapen\u0303os (combining)", "on"),
    ("onion", "Red onion", "off"),
]


def scenario_dialog(fx):
    argv = ["dialog", "--backtitle", "vtsnap corpus \u2014 dialog", "--title", "Toppings",
            "--checklist", "Choose toppings (\u65e5\u672c\u8a9e OK):", "0", "0", "0"]
    for tag, item, status in DIALOG_ITEMS:
        argv += [tag, item, status]
    steps = ["<Down>", "<Down>", " ", "<Down>", " ", "<Down>"]
    return argv, ".", steps, "kill"


def scenario_whiptail(fx):
    # A few coloured lines on the primary screen first, so the restored screen after whiptail quits
    # (it uses the alternate screen) has something to restore.
    script = ("printf '\\033[1;32m$\\033[m cat plan.txt\\n'; "
              "printf '1. \\033[4mpick\\033[24m an editor\\n2. \\033[31medit\\033[m hello.c "
              "(\u65e5\u672c\u8a9e)\\n3. \\033[7mship it\\033[27m \U0001F680\\n'; "
              "printf '\\033[1;32m$\\033[m pick an editor\\n'; "
              "choice=$(whiptail --title 'Editor' --menu 'Pick an editor:' 15 50 5 "
              "vim 'Vi IMproved' emacs 'GNU Emacs' nano 'GNU nano' "
              "helix 'Helix \u2728' micro 'micro' 3>&1 1>&2 2>&3); "
              "printf 'you chose: %s\\n' \"$choice\"")
    steps = ["<Down>", "<Down>", "<Down>", "<Up>", "<Enter>"]
    return ["sh", "-c", script], ".", steps, "exit"


def scenario_styles(fx):
    # Not a TUI: printf writing what the semantic projection reads beyond text (docs/semantic.md,
    # "Agreement with xterm.js"), so every field has a real recording behind it: each SGR
    # attribute, underline shapes and colours, palette 0-15, 16-255 and RGB colours, an OSC 8
    # link, a soft-wrapped line, enough lines to scroll into the scrollback, the cursor's shape
    # (DECSCUSR) and the lifecycle modes left on when it exits.
    lines = [
        "\\033[1mbold\\033[22m \\033[2mdim\\033[22m \\033[3mitalic\\033[23m "
        "\\033[5mblink\\033[25m \\033[7mreverse\\033[27m \\033[8minvisible\\033[28m "
        "\\033[9mstrike\\033[29m \\033[53moverline\\033[55m",
        "\\033[4msingle\\033[24m \\033[4:2mdouble\\033[24m \\033[4:3;58:5:196mcurly red"
        "\\033[59;24m \\033[4:4;58:2::0:128:255mdotted rgb\\033[59;24m \\033[4:5mdashed\\033[24m",
        "\\033[31mred\\033[39m \\033[94mbright-blue\\033[39m \\033[38;5;208m208\\033[39m "
        "\\033[38;2;18;52;86mrgb\\033[39m \\033[42mon green\\033[49m \\033[48;5;17mon 17\\033[49m "
        "\\033[48;2;250;240;230mon rgb\\033[m",
        "\\033]8;;https://example.com/a b\\033\\\\a link\\033]8;;\\033\\\\ after",
        "\\033[1;4;31mall \\033[7mat \\033[3monce\\033[m plain",
        "a line long enough to wrap: " + "0123456789" * 14,
    ]
    script = "i=1; while [ $i -le 50 ]; do printf 'scroll %d\\n' $i; i=$((i+1)); done; "
    script += "; ".join("printf '%s\\n'" % line for line in lines)
    script += ("; printf '\\033[5 q\\033[?1002h\\033[?1006h\\033[?1004h\\033[?2004h\\033[?1h"
               "\\033[?2026h\\033[2;3H\\033[?2026l'")
    return ["sh", "-c", script], ".", [], "exit"


SCENARIOS = {
    "vim": scenario_vim,
    "less": scenario_less,
    "top": scenario_top,
    "man": scenario_man,
    "ls": scenario_ls,
    "git_log": scenario_git,
    "dialog": scenario_dialog,
    "whiptail": scenario_whiptail,
    "styles": scenario_styles,
}


def scenario_session(fx):
    prompt = "\\033[1;32mada@vtsnap\\033[0m:\\033[1;34m%s\\033[0m$ "
    script = ("cd lsdir; printf '" + prompt + "ls -l\\n' '~/lsdir'; ls --color=always -l; "
              "cd ../repo; printf '" + prompt + "git log --graph --oneline\\n' '~/repo'; "
              "git --no-pager log --graph --oneline --decorate --color=always --all; "
              "printf '" + prompt + "' '~/repo'")
    return ["sh", "-c", script], ".", [], "exit"


# ---------------------------------------------------------------------------------------------
# The pty driver.

KEYS = {
    "<Esc>": b"\x1b", "<Enter>": b"\r", "<Tab>": b"\t", "<Space>": b" ", "<BS>": b"\x7f",
    "<PageDown>": b"\x1b[6~", "<PageUp>": b"\x1b[5~",
}
ARROWS = {"<Up>": b"A", "<Down>": b"B", "<Right>": b"C", "<Left>": b"D"}

QUERY_PATTERNS = [
    ("DA1", rb"\x1b\[0?c"),
    ("DA2", rb"\x1b\[>0?c"),
    ("DA3", rb"\x1b\[=0?c"),
    ("DSR status", rb"\x1b\[5n"),
    ("DSR cursor", rb"\x1b\[\??6n"),
    ("DECRQM", rb"\x1b\[\??\d+\$p"),
    ("XTVERSION", rb"\x1b\[>0?q"),
    ("XTGETTCAP", rb"\x1bP\+q"),
    ("DECRQSS", rb"\x1bP\$q"),
    ("OSC colour query", rb"\x1b\](?:4;\d+|1[0-9]);\?"),
    ("window report", rb"\x1b\[1[134589]t"),
]


class Session:
    def __init__(self, argv, cwd, env, cols, rows):
        self.out = bytearray()
        self.eof = False
        pid, fd = pty.fork()
        if pid == 0:  # child
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
                os.chdir(cwd)
                os.execvpe(argv[0], argv, env)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd

    def app_cursor_keys(self):
        return self.out.rfind(b"\x1b[?1h") > self.out.rfind(b"\x1b[?1l")

    def pump(self, timeout):
        """Reads what is available within timeout; returns True if anything arrived."""
        if self.eof:
            return False
        r, _, _ = select.select([self.fd], [], [], timeout)
        if not r:
            return False
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # EIO: the slave side closed
            data = b""
        if not data:
            self.eof = True
            return False
        self.out += data
        return True

    def wait_quiet(self, quiet=QUIET, max_wait=MAX_WAIT):
        deadline = time.monotonic() + max_wait
        last = time.monotonic()
        while not self.eof and time.monotonic() < deadline:
            if self.pump(0.05):
                last = time.monotonic()
            elif time.monotonic() - last >= quiet:
                return

    def sleep(self, seconds):
        end = time.monotonic() + seconds
        while not self.eof and time.monotonic() < end:
            self.pump(min(0.05, max(0.0, end - time.monotonic())))

    def send(self, key):
        if key in ARROWS:
            data = (b"\x1bO" if self.app_cursor_keys() else b"\x1b[") + ARROWS[key]
        elif key in KEYS:
            data = KEYS[key]
        else:
            data = key.encode("utf-8")
        os.write(self.fd, data)

    def wait_exit(self, max_wait=MAX_WAIT):
        deadline = time.monotonic() + max_wait
        while not self.eof and time.monotonic() < deadline:
            self.pump(0.05)
        if not self.eof:
            print("  warning: program did not exit; killing it", file=sys.stderr)

    def kill(self):
        try:
            os.killpg(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        try:
            os.waitpid(self.pid, 0)
        except ChildProcessError:
            pass
        os.close(self.fd)


def run_case(fx, scenario, cols, rows):
    argv, cwd, steps, ending = scenario(fx)
    s = Session(argv, os.path.join(fx.root, cwd), fx.env, cols, rows)
    for step in steps:
        if isinstance(step, tuple):
            assert step[0] == "sleep"
            s.sleep(step[1])
            continue
        s.wait_quiet()
        if s.eof:
            print("  warning: program exited before key %r" % step, file=sys.stderr)
            break
        s.send(step)
    if ending == "exit":
        s.wait_exit()
    else:
        s.wait_quiet()
        if s.eof:
            print("  warning: program exited on its own (ending 'kill')", file=sys.stderr)
    s.kill()  # reading has stopped: whatever the program writes after this is not recorded
    return bytes(s.out)


def queries_in(data):
    found = []
    for name, pattern in QUERY_PATTERNS:
        n = len(re.findall(pattern, data))
        if n:
            found.append("%s x%d" % (name, n))
    return found


def write_recording(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
    rel = os.path.relpath(path, REPO)
    q = queries_in(data)
    print("%-40s %7d bytes%s" % (rel, len(data), ("  queries: " + ", ".join(q)) if q else ""))
    if len(data) > SIZE_LIMIT:
        print("  warning: %s is larger than %d bytes" % (rel, SIZE_LIMIT), file=sys.stderr)


def all_case_names():
    return ["%s_%dx%d" % (prog, c, r) for prog in SCENARIOS for c, r in SIZES]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("names", nargs="*", help="case names (e.g. vim_80x24), or 'session'")
    ap.add_argument("--all", action="store_true", help="record every case and the demo session")
    ap.add_argument("--list", action="store_true", help="list the case names")
    args = ap.parse_args()

    if args.list:
        print("\n".join(all_case_names() + ["session"]))
        return 0
    names = all_case_names() + ["session"] if args.all else args.names
    if not names:
        ap.error("name a case, or pass --all")

    todo = []
    for name in names:
        if name == "session":
            todo.append((name, scenario_session, 80, 24, SESSION_PATH))
            continue
        m = re.fullmatch(r"(.+)_(\d+)x(\d+)", name)
        if not m or m.group(1) not in SCENARIOS:
            ap.error("unknown case %r (see --list)" % name)
        todo.append((name, SCENARIOS[m.group(1)], int(m.group(2)), int(m.group(3)),
                     os.path.join(CASES_DIR, name + ".bytes")))

    fx = Fixtures()
    try:
        for name, scenario, cols, rows, path in todo:
            write_recording(path, run_case(fx, scenario, cols, rows))
    finally:
        fx.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
