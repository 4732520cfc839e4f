import path from "node:path";
import { defineConfig } from "vitest/config";

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
    pool: "forks",
    maxWorkers: 2,
  },
});
