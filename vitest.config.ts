import path from "node:path";
import { defineConfig } from "vitest/config";
import LongFirstSequencer from "./tests/setup/sequencer";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/api/**/*.test.ts", "tests/server/**/*.test.ts", "tests/crash/**/*.test.ts"],
    globalSetup: ["tests/setup/global.ts"],
    setupFiles: ["tests/setup/env.ts"],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // CI retries a failed test once; tests/setup/flaky-reporter.ts names each that needed it.
    retry: process.env.CI ? 1 : 0,
    reporters: ["default", "./tests/setup/flaky-reporter.ts"],
    // Long files first, so none starts last and runs alone (tests/setup/sequencer.ts).
    sequence: { sequencer: LongFirstSequencer },
    pool: "forks",
    maxWorkers: 2,
  },
});
