// The less scenario of bench/tui_compare, written for @microsoft/tui-test; the same scenario as
// ../less_test.cc, step for step (bench/README.md, "vtsnap and tui-test end to end"):
//   - less on a 200-line file ("line 1" .. "line 200") at 80x24, TERM=xterm-256color, LANG=C.UTF-8;
//   - its first screen: "line 23" (the last line of the first page) is on the screen;
//   - press G; wait for "line 200"; compare the screen with the snapshot checked in.
// Ten identical tests, each with its own snapshot. Here less is typed at tui-test's default shell
// (bash with tui-test's prompt; the test starts once the prompt is drawn; HOME is an empty folder,
// so no dotfile runs), since with `program` (less.test.ts) tui-test 0.0.2 waits for the program to
// exit, at most 5 s, before a test starts.
import { test, expect, Shell } from "@microsoft/tui-test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// The file, written once per worker process (a few microseconds).
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vtsnap-tui-compare-"));
const file = path.join(dir, "lines.txt");
fs.writeFileSync(
  file,
  Array.from({ length: 200 }, (_, i) => `line ${i + 1}\n`).join(""),
);
process.on("exit", () => fs.rmSync(dir, { recursive: true, force: true }));

test.use({
  shell: Shell.Bash,
  columns: 80,
  rows: 24,
  env: {
    PATH: process.env.PATH,
    // An empty home: tui-test's bash integration sources ~/.bashrc and ~/.profile, and what a
    // machine's dotfiles do (pyenv init: 2.4 s on the bench machine) is not tui-test's cost.
    HOME: dir,
    LANG: "C.UTF-8",
    TERM: "xterm-256color",
  },
});

for (let i = 0; i < 10; i++) {
  test(`bash, less G ${i}`, async ({ terminal }) => {
    terminal.submit(`less ${file}`);
    await expect(terminal.getByText("line 23")).toBeVisible();
    terminal.write("G");
    await expect(terminal.getByText("line 200")).toBeVisible();
    await expect(terminal).toMatchSnapshot();
  });
}
