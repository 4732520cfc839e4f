/**
 * npm run reset: back to a fresh demo with the embedded database. Stop the server first. Deletes
 * DATA_DIR's database (pglite/), uploaded and demo images (media/) and mail outbox (outbox/),
 * keeping its secrets, then loads the demo catalogue again (npm run seed). With DATABASE_URL set
 * it refuses: drop and recreate that database yourself, then run `npm run seed`.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

if (process.env.DATABASE_URL) {
  console.error("DATABASE_URL is set: npm run reset only resets the embedded database. Drop and recreate your PostgreSQL database, then run npm run seed.");
  process.exit(1);
}
const dataDir = path.resolve(process.env.DATA_DIR || "./data");
for (const sub of ["pglite", "media", "outbox"]) {
  const dir = path.join(dataDir, sub);
  if (!fs.existsSync(dir)) continue;
  fs.rmSync(dir, { recursive: true, force: true });
  console.log(`Deleted ${dir}`);
}
const bin = path.resolve("node_modules/.bin/tsx");
const r = spawnSync(bin, ["scripts/seed.ts"], { stdio: "inherit", env: process.env });
process.exit(r.status ?? 1);
