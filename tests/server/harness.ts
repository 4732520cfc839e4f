/**
 * Server-level tests start the real production server (`node server/start.mjs`, as `npm start`
 * and the e2e suite do) on a free port against a fresh data dir, read its JSON log lines from
 * stdout, and talk to it with raw HTTP (exact headers, a chosen local address).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { buildIsStale } from "../../server/build-state.mjs";
import { precompress } from "../../server/precompress.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TMP = path.join(ROOT, "tests", ".tmp");

export interface LogLine {
  level: string;
  msg: string;
  requestId?: string;
  method?: string;
  path?: string;
  status?: number;
  durationMs?: number;
  clientIp?: string;
  [k: string]: unknown;
}

export interface RunningServer {
  url: string;
  port: number;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** The JSON log lines so far. */
  logs(): LogLine[];
  /** The log lines of one request (by its X-Request-Id), waiting a little for the line to be written. */
  linesFor(requestId: string): Promise<LogLine[]>;
  stop(): Promise<void>;
  /** The process's exit code (or signal name) once it ended, else null. */
  exited(): number | string | null;
}

/** Builds once if the build is stale; concurrent test files wait for the one that builds. */
export async function ensureBuild() {
  fs.mkdirSync(TMP, { recursive: true });
  // The same lock as tests/guards/app-process.ts (guards branch): one build at a time.
  const lock = path.join(TMP, "build.lock");
  for (;;) {
    try {
      fs.mkdirSync(lock);
    } catch {
      // Another worker builds; a lock older than 5 minutes is left over from a killed run.
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 5 * 60_000) fs.rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    try {
      if (buildIsStale(ROOT)) {
        const r = spawnSync(path.join(ROOT, "node_modules", ".bin", "remix"), ["build"], { cwd: ROOT, env: { ...process.env, NODE_ENV: "production" }, encoding: "utf8" });
        if (r.status !== 0) throw new Error(`remix build failed:\n${r.stdout}\n${r.stderr}`);
        precompress(path.join(ROOT, "public", "build"));
      }
      return;
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

type RawOptions = { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer; localAddress?: string; noLength?: boolean };

/** One HTTP request with exactly the given headers (no Origin, Sec-Fetch-* or cookies added). */
export async function rawRequest(base: string, opts: RawOptions): Promise<RawResponse> {
  const r = await rawBytes(base, opts);
  return { ...r, body: r.body.toString("utf8") };
}

/** rawRequest with the body kept as bytes (compressed answers). */
export function rawBytes(base: string, opts: RawOptions): Promise<Omit<RawResponse, "body"> & { body: Buffer }> {
  const u = new URL(opts.path, base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: u.port,
        method: opts.method ?? "GET",
        path: `${u.pathname}${u.search}`,
        headers: { Host: u.host, ...(opts.body !== undefined && !opts.noLength ? { "Content-Length": String(Buffer.byteLength(opts.body)) } : {}), ...opts.headers },
        localAddress: opts.localAddress,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

/** GET, a same-origin form POST and a GET keeping the body as bytes, against one running server. */
export function pageClient(base: string) {
  const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
  return {
    get: (path: string, headers: Record<string, string> = {}) => rawRequest(base, { path, headers }),
    post: (path: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
      rawRequest(base, { method: "POST", path, body: new URLSearchParams(body).toString(), headers: { Origin: base, ...FORM, ...headers } }),
    getBytes: (path: string, headers: Record<string, string>) => rawBytes(base, { path, headers }),
  };
}

/** `name=value` pairs of a response's Set-Cookie headers (for sending back as Cookie). */
export function cookiesFrom(res: RawResponse, jar: Record<string, string> = {}): Record<string, string> {
  for (const c of res.headers["set-cookie"] ?? []) {
    const [pair] = c.split(";");
    const i = pair.indexOf("=");
    jar[pair.slice(0, i).trim()] = pair.slice(i + 1);
  }
  return jar;
}

export const cookieHeader = (jar: Record<string, string>) =>
  Object.entries(jar)
    .filter(([, v]) => v !== "")
    .map(([k, v]) => `${k}=${v}`)
    .join("; ");

async function waitFor(url: string, child: ChildProcess, out: () => string, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${out().slice(-4000)}`);
    try {
      const r = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > end) throw new Error(`${url} not ready after ${timeoutMs} ms:\n${out().slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Starts `node server/start.mjs` on a free port with a fresh embedded database (seeded with the
 * demo catalogue unless `seed: false`) and waits for /healthz (and /readyz unless `ready: false`).
 */
export async function startAppServer(opts: { env?: Record<string, string>; seed?: boolean; ready?: boolean } = {}): Promise<RunningServer> {
  await ensureBuild();
  const port = await freePort();
  const dataDir = path.join(TMP, `server-${process.pid}-${crypto.randomBytes(4).toString("hex")}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://localhost:${port}`,
    SESSION_SECRET: "server-test-session-secret",
    NODE_ENV: "production",
    SKIP_BUILD: "1",
    SEED_DEMO: opts.seed === false ? "0" : "1",
    DISABLE_JOBS: "1",
    LOG_LEVEL: "debug",
    ...opts.env,
  };
  const child = spawn(process.execPath, [path.join(ROOT, "server", "start.mjs")], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout!.on("data", (c: Buffer) => (out += c.toString("utf8")));
  child.stderr!.on("data", (c: Buffer) => (out += c.toString("utf8")));
  const url = `http://localhost:${port}`;
  const logs = () =>
    out
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .flatMap((l) => {
        try {
          return [JSON.parse(l) as LogLine];
        } catch {
          return [];
        }
      });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      const t = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(t);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${url}/healthz`, child, () => out, 150_000);
    if (opts.ready !== false) await waitFor(`${url}/readyz`, child, () => out, 60_000);
  } catch (e) {
    await stop();
    throw e;
  }
  return {
    url,
    port,
    output: () => out,
    exited: () => child.exitCode ?? child.signalCode ?? null,
    logs,
    async linesFor(requestId: string) {
      for (let i = 0; i < 50; i++) {
        const lines = logs().filter((l) => l.requestId === requestId);
        if (lines.some((l) => l.msg === "request")) return lines;
        await new Promise((r) => setTimeout(r, 50));
      }
      return logs().filter((l) => l.requestId === requestId);
    },
    stop,
  };
}

/**
 * One app server for a test file: started before its tests (startAppServer with `opts`), stopped
 * after them. `url()` is its address once started; get/post/getBytes are pageClient's, against it.
 */
export function useAppServer(opts: Parameters<typeof startAppServer>[0] = {}) {
  let app: RunningServer | undefined;
  beforeAll(async () => {
    app = await startAppServer(opts);
  }, 240_000);
  afterAll(async () => {
    await app?.stop();
  });
  const server = () => {
    if (!app) throw new Error("the app server is not started yet (use it inside a test or hook)");
    return app;
  };
  return {
    server,
    url: () => server().url,
    get: (path: string, headers: Record<string, string> = {}) => pageClient(server().url).get(path, headers),
    post: (path: string, body: Record<string, string>, headers: Record<string, string> = {}) => pageClient(server().url).post(path, body, headers),
    getBytes: (path: string, headers: Record<string, string>) => pageClient(server().url).getBytes(path, headers),
  };
}
