import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pickSteps } from "../../scripts/test-steps.mjs";

describe("npm test's step selection (scripts/test-steps.mjs)", () => {
  it("runs every step, and every vitest file, with no words", () => {
    const p = pickSteps([]);
    expect(p.steps).toEqual(["typecheck", "lint", "build", "unit", "api", "server", "e2e"]);
    expect(p.vitestFilters).toEqual([]);
  });

  it("`npm test -- unit` runs only the unit tests' folder", () => {
    const p = pickSteps(["unit"]);
    expect(p.steps).toEqual(["unit"]);
    expect(p.vitestFilters).toEqual(["tests/unit/"]);
  });

  it("`api` and `server` pick their folders; e2e brings the build it tests", () => {
    expect(pickSteps(["api"]).vitestFilters).toEqual(["tests/api/"]);
    expect(pickSteps(["server"]).vitestFilters).toEqual(["tests/server/", "tests/crash/"]);
    const p = pickSteps(["e2e"]);
    expect(p.steps).toEqual(["build", "e2e"]);
    expect(p.vitestFilters).toBeNull();
    expect(pickSteps(["typecheck", "lint"]).vitestFilters).toBeNull();
  });

  it("names words that are no step, and the script refuses them before running anything", () => {
    expect(pickSteps(["units"]).unknown).toEqual(["units"]);
    const r = spawnSync(process.execPath, [path.resolve("scripts/test-all.mjs"), "units"], { encoding: "utf8" });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("Unknown step units");
    expect(r.stdout).not.toContain("=== ");
  });
});
