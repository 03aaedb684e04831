// The peer side of bench/tui_compare (bench/README.md): one worker, so the time is per test, as
// the vtsnap side runs its gtest cases one after the other; no retries, no traces.
import { defineConfig } from "@microsoft/tui-test";

export default defineConfig({
  workers: 1,
  retries: 0,
  trace: false,
  testMatch: "*.test.ts",
});
