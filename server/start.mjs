#!/usr/bin/env node
/**
 * `npm start`: build if the build is missing or older than the sources, migrate and load the
 * demo catalogue into an empty database (unless SEED_DEMO=0), print where to go and the demo
 * logins, then run the production server (remix-serve) on PORT.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);
const bin = (name) => path.join(root, "node_modules", ".bin", name);

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const buildFile = path.join(root, "build", "index.js");
const stale =
  !fs.existsSync(buildFile) ||
  (fs.existsSync(path.join(root, "app")) && newestMtime(path.join(root, "app")) > fs.statSync(buildFile).mtimeMs);
if (stale && process.env.SKIP_BUILD !== "1") {
  console.log("Building the app…");
  const r = spawnSync(bin("remix"), ["build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (process.env.SEED_DEMO !== "0") {
  const r = spawnSync(bin("tsx"), ["scripts/seed.ts"], { stdio: "inherit", env: process.env });
  if (r.status !== 0) {
    console.error("Seeding the database failed; see above.");
    process.exit(r.status ?? 1);
  }
}

const port = process.env.PORT || "3000";
console.log(`\nBuildMart NG is starting on http://localhost:${port}\n`);
const child = spawn(bin("remix-serve"), ["build/index.js"], {
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env, PORT: port },
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
