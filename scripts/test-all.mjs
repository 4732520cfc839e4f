#!/usr/bin/env node
/**
 * `npm test`: typecheck, lint, build, unit + API tests (vitest, embedded DB and PostgreSQL) and
 * server tests (tests/server: the production server started on a free port), then the Playwright e2e suite (JavaScript on and off, phone and desktop) against the build.
 * Ends with one summary line: "N passed, N failed, N skipped".
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);
const tmp = path.join(root, "tests", ".tmp");
fs.mkdirSync(tmp, { recursive: true });
const bin = (n) => path.join(root, "node_modules", ".bin", n);
const only = process.argv.slice(2); // e.g. `npm test -- unit e2e`
const want = (step) => only.length === 0 || only.includes(step);

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function run(step, cmd, args, env = {}) {
  const t0 = Date.now();
  console.log(`\n=== ${step}: ${[path.basename(cmd), ...args].join(" ")}`);
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  console.log(`=== ${step}: ${r.status === 0 ? "ok" : `FAILED (exit ${r.status})`} in ${secs} s`);
  if (r.status !== 0) failedSteps.push(step);
  return r.status === 0;
}

if (want("typecheck")) run("typecheck", bin("tsc"), ["--noEmit"]);
if (want("lint")) run("lint", bin("oxlint"), ["--deny-warnings", "app", "tests", "scripts", "server"]);
if (want("build") || want("e2e")) {
  run("build", bin("remix"), ["build"], { NODE_ENV: "production" });
  run("precompress", process.execPath, ["server/precompress.mjs"], {});
}

if (want("unit") || want("api") || want("server")) {
  const out = path.join(tmp, "vitest.json");
  fs.rmSync(out, { force: true });
  run("vitest", bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${out}`]);
  if (fs.existsSync(out)) {
    const j = JSON.parse(fs.readFileSync(out, "utf8"));
    totals.passed += j.numPassedTests ?? 0;
    totals.failed += j.numFailedTests ?? 0;
    totals.skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
  } else totals.failed += 1;
}

if (want("e2e") && !failedSteps.includes("build")) {
  const out = path.join(tmp, "playwright.json");
  fs.rmSync(out, { force: true });
  run("e2e", bin("playwright"), ["test"], { PW_JSON: out, SKIP_BUILD: "1" });
  if (fs.existsSync(out)) {
    const s = JSON.parse(fs.readFileSync(out, "utf8")).stats ?? {};
    totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
    totals.failed += s.unexpected ?? 0;
    totals.skipped += s.skipped ?? 0;
  } else totals.failed += 1;
}

const checkFailures = failedSteps.filter((s) => !["vitest", "e2e"].includes(s)).length;
totals.failed += checkFailures;
console.log(`\nSteps failed: ${failedSteps.length ? failedSteps.join(", ") : "none"}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
