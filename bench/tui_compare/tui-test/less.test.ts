// The less scenario of bench/tui_compare, written for @microsoft/tui-test; the same scenario as
// ../less_test.cc, step for step (bench/README.md, "vtsnap and tui-test end to end"):
//   - less on a 200-line file ("line 1" .. "line 200") at 80x24, TERM=xterm-256color, LANG=C.UTF-8;
//   - its first screen: "line 23" (the last line of the first page) is on the screen;
//   - press G; wait for "line 200"; compare the screen with the snapshot checked in.
// Ten identical tests, each with its own snapshot. less is tui-test's `program` (the documented way
// to test a program rather than a shell); less-shell.test.ts runs the same steps typed at bash.
import { test, expect } from "@microsoft/tui-test";
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
  program: { file: "less", args: [file] },
  columns: 80,
  rows: 24,
  env: {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LANG: "C.UTF-8",
    TERM: "xterm-256color",
  },
});

for (let i = 0; i < 10; i++) {
  test(`less G ${i}`, async ({ terminal }) => {
    await expect(terminal.getByText("line 23")).toBeVisible();
    terminal.write("G");
    await expect(terminal.getByText("line 200")).toBeVisible();
    await expect(terminal).toMatchSnapshot();
  });
}
