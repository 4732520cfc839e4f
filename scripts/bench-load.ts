/**
 * `npm run bench:load`: requests per second and latency (p50/p95/p99) of the main pages under
 * concurrent clients, plus one static file from the same server as the ceiling. Starts the
 * production server (`node server/start.mjs`, SKIP_BUILD=1, a fresh embedded database in a temp
 * DATA_DIR with the demo catalogue) on a loopback port, or uses BASE_URL (loopback only). For each
 * target and each connection count it runs keep-alive HTTP/1.1 clients (node:http, a pool of C
 * requests always in flight, as browsers would: `Accept-Encoding: gzip, deflate, br`), for at most
 * DURATION seconds or MAX_REQUESTS requests, after a short warm-up. Figures only; nothing passes or
 * fails. The client runs on the same machine as the server, so it takes some of the CPU.
 * `cpu ms/req` is the server's CPU time (user + system, the server process and its workers, from
 * /proc; Linux only) per answered request: steadier than req/s on a machine shared with other
 * work. With BASE_URL, give SERVER_PID to have it.
 *
 *   npm run build && npm run bench:load
 *   CONNECTIONS=50,200 DURATION=10 MAX_REQUESTS=20000 npm run bench:load
 *   BASE_URL=http://127.0.0.1:3000 PAGES=/,/building-materials npm run bench:load
 *   VISITORS=anonymous,cart,member npm run bench:load
 *     (also home, listing and product as guests with a cart and as signed-in shoppers: one visitor
 *     per client, each with their own cookies (as many carts or sign-ins as the largest CONNECTIONS);
 *     the page cache gives them the kept page with their own parts filled in)
 * After the table, each page's req/s as a share of the static file's at the same connections.
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run bench:load
 *     (a PostgreSQL database, seeded if empty; the server then runs one process per core, as
 *     `npm start` does in production; WEB_CONCURRENCY=1 to compare with one process)
 *   BENCH_SERVER_LOG=/tmp/server.log npm run bench:load
 *     (the server's JSON log lines go to that file: each request's server-side durationMs, warnings)
 *   CONNECTIONS=200,800 VISITORS=cart npm run bench:load
 *     (overload: past capacity the server answers reads it has no place for with a quick 503
 *     (server/fair-start.mjs); the row shows the answered pages' p99 beside the 503s', and the
 *     line after it one request sent alone once the cell is over. SHED_AFTER_MS=off to compare.
 *     A client gives up after CLIENT_TIMEOUT seconds, default 10: counted as timeouts)
 *   FAIR_START=off npm run bench:load
 *     (requests start in the loop turn that read them, as Node has it: to compare; server/fair-start.mjs)
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import { startServer, targets } from "./bench-server";

const CONNECTIONS = (process.env.CONNECTIONS ?? "50,200").split(",").map(Number).filter((n) => n > 0);
const DURATION_S = Math.min(Number(process.env.DURATION ?? 10), 120);
const MAX_REQUESTS = Math.min(Number(process.env.MAX_REQUESTS ?? 20_000), 200_000);
const WARMUP_S = Number(process.env.WARMUP ?? 2);
const CLIENT_TIMEOUT_S = Number(process.env.CLIENT_TIMEOUT ?? 10);


interface Result {
  /** Latencies of the 200 answers, and of the 503s (overload shed: server/fair-start.mjs), sorted. */
  ok: number[];
  shed: number[];
  requests: number;
  errors: number;
  seconds: number;
  latencies: number[];
  statuses: Map<number, number>;
}

function run(base: string, pathname: string, connections: number, seconds: number, maxRequests: number, cookies?: string[]): Promise<Result> {
  const u = new URL(pathname, base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  const latencies: number[] = [];
  const ok: number[] = [];
  const shed: number[] = [];
  const statuses = new Map<number, number>();
  let errors = 0;
  let timeouts = 0;
  let started = 0;
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;
  const one = (cookie: string | undefined) =>
    new Promise<void>((resolve) => {
      const s = performance.now();
      const req = http.request(
        {
          hostname: u.hostname,
          port: u.port,
          path: u.pathname + u.search,
          agent,
          headers: { "Accept-Encoding": "gzip, deflate, br", Accept: "text/html,*/*", "User-Agent": "bench-load (Mozilla/5.0)", ...(cookie ? { Cookie: cookie } : {}) },
        },
        (res) => {
          res.on("data", () => {});
          res.on("end", () => {
            const status = res.statusCode ?? 0;
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            if (status >= 400) errors++;
            const ms = performance.now() - s;
            latencies.push(ms);
            if (status === 200) ok.push(ms);
            else if (status === 503) shed.push(ms);
            resolve();
          });
          res.on("error", () => {
            errors++;
            resolve();
          });
        },
      );
      // A visitor gives up after CLIENT_TIMEOUT seconds (default 10), as a shopper on a phone would.
      req.setTimeout(CLIENT_TIMEOUT_S * 1000, () => {
        timeouts++;
        req.destroy(new Error("timeout"));
      });
      req.on("error", () => {
        errors++;
        latencies.push(performance.now() - s);
        resolve();
      });
      req.end();
    });
  // Client i is always the same visitor (its own cart or session), as a browser would be.
  const worker = async (_: unknown, i: number) => {
    const cookie = cookies?.length ? cookies[i % cookies.length] : undefined;
    while (performance.now() < deadline && started < maxRequests) {
      started++;
      await one(cookie);
    }
  };
  return Promise.all(Array.from({ length: connections }, worker)).then(() => {
    agent.destroy();
    const sort = (a: number[]) => a.sort((x, y) => x - y);
    if (timeouts) statuses.set(0, timeouts);
    return { requests: latencies.length, errors, seconds: (performance.now() - t0) / 1000, latencies: sort(latencies), ok: sort(ok), shed: sort(shed), statuses };
  });
}

/** CPU milliseconds used so far by `pid` and its descendants (Linux /proc; NaN elsewhere). */
function cpuMs(pid: number | undefined): number {
  if (!pid) return NaN;
  try {
    const stats = new Map<number, { ppid: number; ticks: number }>();
    for (const d of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(d)) continue;
      try {
        const text = fs.readFileSync(`/proc/${d}/stat`, "utf8");
        const f = text.slice(text.lastIndexOf(")") + 2).split(" ");
        stats.set(Number(d), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
      } catch {
        /* gone */
      }
    }
    let ticks = 0;
    const todo = [pid];
    while (todo.length) {
      const p = todo.pop()!;
      ticks += stats.get(p)?.ticks ?? 0;
      for (const [c, s] of stats) if (s.ppid === p) todo.push(c);
    }
    return ticks * 10; // USER_HZ is 100 on Linux
  } catch {
    return NaN;
  }
}

const q = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] : NaN);

const { base, child, dataDir } = await startServer();
const serverPid = child?.pid ?? (Number(process.env.SERVER_PID) || undefined);
try {
  // One visitor (cart or session) per client of the largest cell.
  const list = await targets(base, Math.max(...CONNECTIONS));
  // The API's search too (no stall under load: the page cache never looks /api/ up).
  if (!process.env.PAGES) list.splice(3, 0, { name: "api search", path: process.env.API_SEARCH ?? "/api/v1/products/?search=cement" });
  console.log(`bench:load at ${base}: ${DURATION_S}s or ${MAX_REQUESTS} requests per cell, ${WARMUP_S}s warm-up, ${os.cpus().length} CPUs, node ${process.version}\n`);
  const rows: Array<{ name: string; conns: number; rps: number; p95: number; p99: number; errors: number }> = [];
  console.log(["target", "path", "conns", "req/s", "p50 ms", "p95 ms", "p99 ms", "requests", "errors", "cpu ms/req"].map((s, i) => (i < 2 ? s.padEnd(i ? 30 : 16) : s.padStart(i === 9 ? 11 : 9))).join(""));
  for (const t of list) {
    await run(base, t.path, 10, WARMUP_S, 2_000, t.cookies);
    for (const c of CONNECTIONS) {
      const cpu0 = cpuMs(serverPid);
      const r = await run(base, t.path, c, DURATION_S, MAX_REQUESTS, t.cookies);
      const cpu = (cpuMs(serverPid) - cpu0) / Math.max(1, r.requests);
      rows.push({ name: t.name, conns: c, rps: r.requests / r.seconds, p95: q(r.latencies, 0.95), p99: q(r.latencies, 0.99), errors: r.errors });
      // Overload: the answered pages' p99 beside the quick 503s' (status 0: the client gave up).
      const other = [...r.statuses].filter(([s]) => s !== 200).map(([s, n]) => (s === 0 ? `timeouts×${n}` : `${s}×${n}`));
      if (r.shed.length) other.push(`200s p99 ${q(r.ok, 0.99).toFixed(0)} ms, 503s p99 ${q(r.shed, 0.99).toFixed(0)} ms`);
      console.log(
        [
          t.name.padEnd(16),
          t.path.slice(0, 29).padEnd(30),
          String(c).padStart(9),
          (r.requests / r.seconds).toFixed(1).padStart(9),
          q(r.latencies, 0.5).toFixed(0).padStart(9),
          q(r.latencies, 0.95).toFixed(0).padStart(9),
          q(r.latencies, 0.99).toFixed(0).padStart(9),
          String(r.requests).padStart(9),
          String(r.errors).padStart(9),
          (Number.isFinite(cpu) ? cpu.toFixed(2) : "-").padStart(11),
          other.length ? `  (${other.join(", ")})` : "",
        ].join(""),
      );
      // Let the server drain before the next cell, then one request alone: does the next cell
      // start clean (no renders left over for clients that gave up)?
      await new Promise((r) => setTimeout(r, 1000));
      const probe = await run(base, t.path, 1, 30, 1, t.cookies);
      console.log(`${"".padEnd(46)}next request alone: ${q(probe.latencies, 1).toFixed(0)} ms (status ${[...probe.statuses.keys()].join(",")})`);
    }
  }
  // Each page's req/s as a share of the static file's at the same connection count (the ceiling).
  const staticRps = new Map(rows.filter((r) => r.name === "static").map((r) => [r.conns, r.rps]));
  if (staticRps.size) {
    console.log(`\nratio to static (req/s of the page / req/s of the static file, same connections)\n`);
    console.log(["target", "conns", "req/s", "ratio", "p95 ms", "p99 ms", "errors"].map((s, i) => (i ? s.padStart(9) : s.padEnd(16))).join(""));
    for (const r of rows) {
      if (r.name === "static") continue;
      const base = staticRps.get(r.conns);
      console.log(
        [
          r.name.padEnd(16),
          String(r.conns).padStart(9),
          r.rps.toFixed(1).padStart(9),
          (base ? (r.rps / base).toFixed(3) : "-").padStart(9),
          r.p95.toFixed(0).padStart(9),
          r.p99.toFixed(0).padStart(9),
          String(r.errors).padStart(9),
        ].join(""),
      );
    }
  }
} finally {
  child?.kill("SIGTERM");
  if (child) await new Promise((r) => child.once("exit", r));
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
