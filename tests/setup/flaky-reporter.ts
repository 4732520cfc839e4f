/**
 * Vitest reporter: writes every test that failed first and passed on its retry (CI retries once)
 * to tests/.tmp/vitest-flaky.txt, which `npm test` (scripts/test-all.mjs) prints at the end, so
 * a flaky test is named in CI's log instead of passing unseen.
 */
import fs from "node:fs";
import path from "node:path";
import type { Reporter, TestCase } from "vitest/node";

export const FLAKY_FILE = path.resolve(import.meta.dirname, "..", ".tmp", "vitest-flaky.txt");

export default class FlakyReporter implements Reporter {
  onTestCaseResult(test: TestCase): void {
    const d = test.diagnostic();
    if (!d?.flaky) return;
    fs.mkdirSync(path.dirname(FLAKY_FILE), { recursive: true });
    fs.appendFileSync(FLAKY_FILE, `vitest ${path.relative(process.cwd(), test.module.moduleId)} > ${test.fullName} (passed on retry ${d.retryCount})\n`);
  }
}
