#!/usr/bin/env node
/**
 * `npm start`: build if the build is missing or older than the sources (unless SKIP_BUILD=1),
 * migrate and load the demo catalogue into an empty database (unless SEED_DEMO=0), print where
 * to go and the demo logins, then run the production server (./app.mjs: Express + Remix) on
 * PORT in this process. Under `remix dev` (`npm run dev`) the dev server builds, so this only
 * seeds and serves.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { buildIsStale } from "./build-state.mjs";
import { logger } from "./logger.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const underRemixDev = !!process.env.REMIX_DEV_ORIGIN;

if (!underRemixDev && process.env.SKIP_BUILD !== "1" && buildIsStale(root)) {
  logger().info("building the app");
  const r = spawnSync(bin("remix"), ["build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (r.status !== 0) process.exit(r.status ?? 1);
  // Brotli and gzip copies of the client build, served as they are (./precompress.mjs).
  const { precompress } = await import("./precompress.mjs");
  precompress(path.join(root, "public", "build"));
}

if (process.env.SEED_DEMO !== "0") {
  // Prints the demo logins.
  const r = spawnSync(bin("tsx"), ["scripts/seed.ts"], { stdio: "inherit", env: process.env });
  if (r.status !== 0) {
    logger().fatal("seeding the database failed; see above");
    process.exit(r.status ?? 1);
  }
}

const port = process.env.PORT || "3000";
process.env.PORT = port;
process.env.NODE_ENV ??= "production";
logger().info(`BuildMart NG is starting on http://localhost:${port}`);
const { startServer } = await import("./app.mjs");
await startServer({ root, port: Number(port), mode: process.env.NODE_ENV });
