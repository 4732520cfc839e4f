/**
 * The production server as a child process, started exactly as in production
 * (`node server/start.mjs` with PORT, DATA_DIR or DATABASE_URL, SEED_DEMO), in a process group of
 * its own so a test can kill -9 the whole group (start.mjs, the seed, the HTTP server) at once.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { pgAdminUrl, pgUrlFor, postgresReachable } from "../setup/templates";

export type AppEngine = "pglite" | "postgres";

export interface AppProcess {
  origin: string;
  child: ChildProcess;
  log: () => string;
  /** kill -9 of the whole process group */
  kill9: () => Promise<void>;
  /** SIGTERM to the group, then SIGKILL after a grace period */
  stop: () => Promise<void>;
}

export interface AppData {
  engine: AppEngine;
  env: Record<string, string>;
  /** where the data lives: the PGlite data dir, or the PostgreSQL URL */
  dataDir: string;
  databaseUrl: string | null;
  drop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const buildIsFresh = () => {
  const b = path.resolve("build/index.js");
  return fs.existsSync(b) && fs.statSync(b).mtimeMs >= newestMtime(path.resolve("app"));
};

/**
 * The production build, fresh (npm test builds first, so this is usually a no-op). Test files
 * that run at once take turns through a lock directory, so only one of them builds.
 */
export async function ensureBuild() {
  const lock = path.resolve("tests/.tmp/build.lock");
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (buildIsFresh()) return;
    try {
      fs.mkdirSync(lock);
    } catch {
      if (Date.now() > deadline) throw new Error(`waited too long for ${lock} (remove it if no build is running)`);
      await new Promise((r) => setTimeout(r, 500));
      continue;
    }
    try {
      if (buildIsFresh()) return;
      const r = spawnSync(path.resolve("node_modules/.bin/remix"), ["build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
      if (r.status !== 0) throw new Error("remix build failed");
      return;
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}

export async function engineAvailable(engine: AppEngine): Promise<boolean> {
  return engine === "pglite" || (await postgresReachable());
}

/** A fresh, empty place for the app's data: a new data dir, and for PostgreSQL a new database. */
export async function freshData(engine: AppEngine, label: string): Promise<AppData> {
  const dataDir = path.resolve(`tests/.tmp/${label}-${process.pid}-${crypto.randomBytes(3).toString("hex")}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  let databaseUrl: string | null = null;
  let dbName = "";
  if (engine === "postgres") {
    const pg = (await import("pg")).default;
    dbName = `mkt_test_${process.pid}_${label.replace(/\W/g, "_")}_${crypto.randomBytes(3).toString("hex")}`;
    const admin = new pg.Client(pgAdminUrl());
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    databaseUrl = pgUrlFor(dbName);
  }
  return {
    engine,
    dataDir,
    databaseUrl,
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? "",
      SESSION_SECRET: "guards-session-secret",
      PUBLIC_URL: "http://localhost",
      API_URL: "",
      REDIS_URL: "",
      NODE_ENV: "production",
    },
    async drop() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (dbName) {
        const pg = (await import("pg")).default;
        const admin = new pg.Client(pgAdminUrl());
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
        await admin.end();
      }
    },
  };
}

/** Starts `node server/start.mjs` and waits until the API answers. */
export async function startApp(data: AppData, opts: { seed: boolean; timeoutMs?: number }): Promise<AppProcess> {
  const port = await freePort();
  const out: string[] = [];
  const child = spawn(process.execPath, ["server/start.mjs"], {
    detached: true, // its own process group: kill(-pid) reaches start.mjs and everything it started
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      ...data.env,
      PORT: String(port),
      SEED_DEMO: opts.seed ? "1" : "0",
      SKIP_BUILD: "1",
    },
  });
  child.stdout!.on("data", (b: Buffer) => out.push(b.toString()));
  child.stderr!.on("data", (b: Buffer) => out.push(b.toString()));
  const origin = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  const group = (sig: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, sig);
    } catch {
      /* already gone */
    }
  };
  // never leave a server behind when the test process goes away
  const onExit = () => group("SIGKILL");
  process.once("exit", onExit);
  void exited.then(() => process.off("exit", onExit));
  const app: AppProcess = {
    origin,
    child,
    log: () => out.join(""),
    async kill9() {
      group("SIGKILL");
      await exited;
      // the group's other members die with the signal; give the OS a moment to release the port and files
      await new Promise((r) => setTimeout(r, 200));
    },
    async stop() {
      group("SIGTERM");
      const t = setTimeout(() => group("SIGKILL"), 5000);
      await exited;
      clearTimeout(t);
      group("SIGKILL");
      await new Promise((r) => setTimeout(r, 200));
    },
  };
  const deadline = Date.now() + (opts.timeoutMs ?? 240_000);
  let exitedEarly = false;
  void exited.then(() => (exitedEarly = true));
  while (Date.now() < deadline) {
    if (exitedEarly) throw new Error(`the server exited while starting:\n${app.log().slice(-3000)}`);
    try {
      const r = await fetch(`${origin}/api/v1/products/categories/`, { signal: AbortSignal.timeout(2000) });
      if (r.status === 200) return app;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await app.kill9();
  throw new Error(`the server did not answer within the time limit:\n${app.log().slice(-3000)}`);
}
