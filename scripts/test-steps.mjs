/**
 * The steps of `npm test` (scripts/test-all.mjs) and which of them a command line picks:
 * `npm test` runs all; `npm test -- unit api` runs only those (build also runs for e2e, which
 * tests the build). vitest holds three steps, each one folder of test files, so `unit` runs
 * tests/unit only.
 */

/** Every step, in the order `npm test` runs them. */
export const STEPS = ["typecheck", "lint", "build", "unit", "api", "server", "e2e"];

/** The vitest steps and the test folders each runs (filters vitest matches against file paths). */
export const VITEST_STEPS = {
  unit: ["tests/unit/"],
  api: ["tests/api/"],
  server: ["tests/server/", "tests/crash/"],
};

/**
 * @param {string[]} args the words after `npm test --`
 * @returns {{ steps: string[], unknown: string[], vitestFilters: string[] | null }}
 *   steps to run (in run order); words that name no step; the path filters for vitest
 *   (an empty list: every vitest file; null: vitest does not run)
 */
export function pickSteps(args) {
  const words = args.map((a) => a.trim().toLowerCase()).filter(Boolean);
  const unknown = words.filter((w) => !STEPS.includes(w));
  const wanted = new Set(words.length ? words : STEPS);
  if (wanted.has("e2e")) wanted.add("build");
  const steps = STEPS.filter((s) => wanted.has(s));
  const vitest = Object.keys(VITEST_STEPS).filter((s) => wanted.has(s));
  const vitestFilters =
    vitest.length === 0 ? null : vitest.length === Object.keys(VITEST_STEPS).length ? [] : vitest.flatMap((s) => VITEST_STEPS[s]);
  return { steps, unknown, vitestFilters };
}
