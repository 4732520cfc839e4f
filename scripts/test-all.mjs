#!/usr/bin/env node
/**
 * `npm test`: typecheck, lint, build, unit tests (tests/unit), API tests (tests/api, embedded DB
 * and PostgreSQL), server tests (tests/server and tests/crash: the production server started on
 * a free port), then the Playwright e2e suite (JavaScript on and off, phone and desktop) against
 * the build. `npm test -- unit api` runs only the steps named (scripts/test-steps.mjs).
 * Ends with one summary line: "N passed, N failed, N skipped".
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { STEPS, pickSteps } from "./test-steps.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);
const tmp = path.join(root, "tests", ".tmp");
fs.mkdirSync(tmp, { recursive: true });
const bin = (n) => path.join(root, "node_modules", ".bin", n);
const picked = pickSteps(process.argv.slice(2)); // e.g. `npm test -- unit e2e`
if (picked.unknown.length) {
  console.error(`Unknown step ${picked.unknown.join(", ")}: the steps are ${STEPS.join(", ")}.`);
  process.exit(2);
}
const want = (step) => picked.steps.includes(step);
console.log(`Steps: ${picked.steps.join(", ")}`);

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
const failedNames = [];
const flakyNames = [];
/** Every test's wall time, so the run ends by naming the slowest ten (where CI time goes). */
const durations = [];

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
if (want("build")) {
  run("build", bin("remix"), ["build"], { NODE_ENV: "production" });
  run("precompress", process.execPath, ["server/precompress.mjs"], {});
}

if (picked.vitestFilters) {
  const out = path.join(tmp, "vitest.json");
  const flaky = path.join(tmp, "vitest-flaky.txt"); // written by tests/setup/flaky-reporter.ts
  fs.rmSync(out, { force: true });
  fs.rmSync(flaky, { force: true });
  run("vitest", bin("vitest"), ["run", "--reporter=default", "--reporter=./tests/setup/flaky-reporter.ts", "--reporter=json", `--outputFile.json=${out}`, ...picked.vitestFilters]);
  if (fs.existsSync(flaky)) flakyNames.push(...fs.readFileSync(flaky, "utf8").split("\n").filter(Boolean));
  if (fs.existsSync(out)) {
    const j = JSON.parse(fs.readFileSync(out, "utf8"));
    totals.passed += j.numPassedTests ?? 0;
    totals.failed += j.numFailedTests ?? 0;
    totals.skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
    // Name every failed test at the end, where a CI log's tail shows it.
    for (const file of j.testResults ?? []) {
      const rel = path.relative(root, file.name ?? "");
      if (file.status === "failed" && !(file.assertionResults ?? []).some((a) => a.status === "failed")) failedNames.push(`vitest ${rel}: ${String(file.message ?? "failed").split("\n")[0]}`);
      for (const a of file.assertionResults ?? []) {
        if (typeof a.duration === "number") durations.push({ ms: a.duration, name: `vitest ${rel} > ${a.fullName}` });
        if (a.status === "failed") failedNames.push(`vitest ${rel} > ${a.fullName}: ${String(a.failureMessages?.[0] ?? "").split("\n")[0].slice(0, 300)}`);
      }
    }
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
    const walk = (suite, file) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          const ms = (t.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
          durations.push({ ms, name: `e2e [${t.projectName}] ${spec.file ?? file}:${spec.line} > ${spec.title}` });
          if (t.status === "unexpected") failedNames.push(`e2e [${t.projectName}] ${spec.file ?? file}:${spec.line} > ${spec.title}`);
          if (t.status === "flaky") flakyNames.push(`e2e [${t.projectName}] ${spec.file ?? file}:${spec.line} > ${spec.title}`);
        }
      }
      for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
    };
    for (const suite of JSON.parse(fs.readFileSync(out, "utf8")).suites ?? []) walk(suite, suite.file);
  } else totals.failed += 1;
}

const checkFailures = failedSteps.filter((s) => !["vitest", "e2e"].includes(s)).length;
totals.failed += checkFailures;
if (durations.length) {
  const slowest = durations.sort((a, b) => b.ms - a.ms).slice(0, 10);
  console.log(`\nSlowest tests:\n${slowest.map((d) => `  ${(d.ms / 1000).toFixed(1).padStart(6)} s  ${d.name}`).join("\n")}`);
}
if (flakyNames.length) console.log(`\nPassed only on a retry:\n  ${flakyNames.join("\n  ")}`);
if (failedNames.length) console.log(`\nFailed:\n  ${failedNames.join("\n  ")}`);
console.log(`\nSteps failed: ${failedSteps.length ? failedSteps.join(", ") : "none"}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
