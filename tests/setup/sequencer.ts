/**
 * Vitest's order of test files: its own (slowest first when it has timings from an earlier run,
 * else largest first), with the files known to run long moved to the front. CI starts without
 * vitest's timings, and a long file that starts last keeps one worker busy alone at the end
 * (the cluster test alone added ~20 s of wall time that way). Order only: every file still runs.
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Files that take 10 s or more on a quiet 2-core machine (the slowest ten `npm test` prints). */
const LONG_FIRST = [
  "tests/api/authz-matrix.test.ts",
  "tests/server/cluster.test.ts",
  "tests/crash/crash-safety.test.ts",
  "tests/api/auth.test.ts",
  "tests/server/ops.test.ts",
  "tests/unit/auth-rate-limit.test.ts",
  "tests/api/payments.test.ts",
  "tests/api/fuzz.test.ts",
  "tests/server/fuzz-forms.test.ts",
];

export default class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = LONG_FIRST.findIndex((p) => f.moduleId.endsWith(p));
      return i === -1 ? LONG_FIRST.length : i;
    };
    // Array.prototype.sort is stable: the rest keep vitest's order.
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}
