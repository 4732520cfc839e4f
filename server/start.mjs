#!/usr/bin/env node
/**
 * `npm start`: build if the build is missing or older than the sources (unless SKIP_BUILD=1),
 * migrate and load the demo catalogue into an empty database (unless SEED_DEMO=0), print where
 * to go and the demo logins, then run the production server (./app.mjs: Express + Remix) on
 * PORT in this process. Under `remix dev` (`npm run dev`) the dev server builds, so this only
 * seeds and serves.
 *
 * Processes: WEB_CONCURRENCY server processes (node:cluster; they share the port and nothing
 * else but the database, Redis and storage). Default: one per core when the data is on a
 * PostgreSQL server (DATABASE_URL) and no in-process Paystack stand-in runs (PAYSTACK_SECRET_KEY
 * set, or a public PUBLIC_URL without one: card payments off); otherwise one, because the
 * embedded database and the stand-in belong to one process (./workers.mjs). A worker that dies
 * is replaced.
 */
import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import path from "node:path";
import { buildIsStale } from "./build-state.mjs";
import { logger } from "./logger.mjs";
import { runsPaystackStandin, workerCount } from "./workers.mjs";

if (cluster.isWorker) {
  const { startServer } = await import("./app.mjs");
  await startServer({ root: process.cwd(), port: Number(process.env.PORT), mode: process.env.NODE_ENV });
} else {
  await main();
}

async function main() {
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
const workers = workerCount();
if (workers > 1 && runsPaystackStandin(process.env)) {
  logger().warn("WEB_CONCURRENCY > 1 with the in-process Paystack stand-in: card payments need one process (or PAYSTACK_BASE_URL to a shared stand-in)");
}
if (workers === 1) {
  const { startServer } = await import("./app.mjs");
  await startServer({ root, port: Number(port), mode: process.env.NODE_ENV });
} else {
  logger().info({ workers }, "starting one server process per worker");
  // Each process takes its connections from the shared port itself. Node's default on Linux
  // (round robin) has this process accept them and hand each to a worker over IPC, one at a time
  // per worker, each waiting for the worker's reply: a worker busy with pages took seconds to take
  // a burst of new connections (p99 of 5 s at 200 new connections; 0.36 s this way).
  // NODE_CLUSTER_SCHED_POLICY=rr brings the round robin back.
  if (!process.env.NODE_CLUSTER_SCHED_POLICY) cluster.schedulingPolicy = cluster.SCHED_NONE;
  let stopping = false;
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    logger().error({ pid: worker.process.pid, code, signal }, "a server process ended; starting another");
    cluster.fork();
  });
  for (const sig of ["SIGINT", "SIGTERM"]) {
    process.on(sig, () => {
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(sig);
      setTimeout(() => process.exit(0), 10_000).unref();
      cluster.on("exit", () => {
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      });
    });
  }
}
}
