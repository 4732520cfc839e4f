#!/usr/bin/env node
/**
 * `npm run fuzz`: the generated guard tests at a larger size than in `npm test`:
 * the API fuzz (tests/api/fuzz.test.ts), the storefront form-action fuzz
 * (tests/server/fuzz-forms.test.ts) and the crash-safety test (tests/crash/), on both engines.
 *
 *   FUZZ_RUNS_PER_ROUTE  API requests per route and engine   (default here 400; npm test: 12)
 *   FUZZ_FORM_RUNS       form posts per action and engine    (default here 400; npm test: 15)
 *   FUZZ_SEED            the seed (default: a new one, printed, so a failure can be replayed)
 *   CRASH_CYCLES / CRASH_LOAD_MS / CRASH_WORKERS  the crash test's size (default here 6 / 3000 / 12)
 *
 * Any extra arguments go to vitest, e.g. `npm run fuzz -- tests/api/fuzz.test.ts`.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);
const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
const env = {
  ...process.env,
  FUZZ_SEED: seed,
  FUZZ_RUNS_PER_ROUTE: process.env.FUZZ_RUNS_PER_ROUTE ?? "400",
  FUZZ_FORM_RUNS: process.env.FUZZ_FORM_RUNS ?? "400",
  CRASH_CYCLES: process.env.CRASH_CYCLES ?? "6",
  CRASH_LOAD_MS: process.env.CRASH_LOAD_MS ?? "3000",
  CRASH_WORKERS: process.env.CRASH_WORKERS ?? "12",
};
const files = process.argv.slice(2);
console.log(
  `fuzz: seed ${seed}, ${env.FUZZ_RUNS_PER_ROUTE} requests per route, ${env.FUZZ_FORM_RUNS} posts per form action, ` +
    `${env.CRASH_CYCLES} crash cycles (replay with FUZZ_SEED=${seed})`,
);
const r = spawnSync(
  path.join(root, "node_modules", ".bin", "vitest"),
  ["run", "--testTimeout=1800000", ...(files.length ? files : ["tests/api/fuzz.test.ts", "tests/server/fuzz-forms.test.ts", "tests/crash/"])],
  { stdio: "inherit", env },
);
process.exit(r.status ?? 1);
