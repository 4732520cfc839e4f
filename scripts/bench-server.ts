/**
 * The server the benchmarks measure: the production build (`node server/start.mjs`, SKIP_BUILD=1)
 * on a loopback port with a fresh embedded database holding the demo catalogue, or PostgreSQL
 * with BENCH_DATABASE_URL, or an already running server at BASE_URL (loopback only).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

export interface Target {
  name: string;
  path: string;
}

export async function startServer(): Promise<{ base: string; child: ChildProcess | null; dataDir: string | null }> {
  if (process.env.BASE_URL) {
    const u = new URL(process.env.BASE_URL);
    if (!LOOPBACK.has(u.hostname)) throw new Error(`bench:load only runs against this machine (loopback), not ${u.hostname}`);
    return { base: u.origin, child: null, dataDir: null };
  }
  const port = 4000 + (process.pid % 900);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-load-"));
  const child = spawn(process.execPath, ["server/start.mjs"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SKIP_BUILD: "1",
      NODE_ENV: "production",
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? "",
      // With PostgreSQL, npm start runs one process per core when payments go to Paystack (never called here).
      PAYSTACK_SECRET_KEY: process.env.BENCH_DATABASE_URL ? "sk_test_bench_not_used" : "",
      REDIS_URL: "",
      SESSION_SECRET: process.env.SESSION_SECRET || "bench-load-secret",
    },
    stdio: "ignore",
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 360; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${base}/readyz`)).ok && (await fetch(`${base}/`)).ok) return { base, child, dataDir };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error("the server did not start");
}

export /** The targets: home, a listing, a product and a static file named by the home page's HTML. */
async function targets(base: string): Promise<Target[]> {
  if (process.env.PAGES) return process.env.PAGES.split(",").map((p) => ({ name: p, path: p }));
  const home = await (await fetch(`${base}/`)).text();
  const listing = process.env.LISTING ?? "/building-materials";
  const listed = await (await fetch(base + listing)).text();
  const product = listed.match(/href="(\/[a-z0-9-]+\/\d+)"/)?.[1] ?? "/products/1";
  const asset =
    home.match(/<link[^>]+rel="stylesheet"[^>]+href="(\/build\/[^"]+\.css)"/)?.[1] ?? home.match(/src="(\/build\/[^"]+\.js)"/)?.[1] ?? "/favicon.svg";
  return [
    { name: "home", path: "/" },
    { name: "listing", path: listing },
    { name: "product", path: product },
    { name: "static", path: asset },
  ];
}
