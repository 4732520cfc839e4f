/**
 * `npm run cluster`: the scale-out design on one machine, all on loopback (docs/deploy.md):
 *
 *   HAProxy (health-checks /readyz) ─┬─ app server A (`npm start`, WEB_CONCURRENCY processes)
 *                                    └─ app server B
 *   each app server ─ PgBouncer (transaction mode) ─┬─ PostgreSQL primary (DATABASE_URL)
 *                                                   └─ its streaming replica, for anonymous
 *                                                      catalogue reads (DATABASE_REPLICA_URL)
 *                   ─ the primary directly for LISTEN (DATABASE_LISTEN_URL)
 *                   ─ Redis (rate limits), an S3 stand-in (s3rver behind a SigV4 check) for media
 *
 * PostgreSQL (/usr/lib/postgresql/15/bin: initdb, pg_ctl, pg_basebackup), PgBouncer, HAProxy and
 * redis-server are the Debian packages (`apt-get install haproxy pgbouncer`; README); everything
 * lives in a temp dir removed at the end, on free ports; the machine's own PostgreSQL and Redis
 * are not touched. Ctrl-C stops everything; `--duration=N` stops after N seconds (scripts).
 *
 *   npm run cluster                      # prints the URL, runs until Ctrl-C
 *   npm run cluster -- --duration=60
 *   WEB_CONCURRENCY=2 DATABASE_POOL_MAX=10 npm run cluster
 *
 * `startCluster()` is what bench:cluster and tests/cluster use.
 */
import { spawn, spawnSync, execFileSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startS3Standin } from "./s3-standin";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
/** The cluster's S3 credentials (the stand-in refuses any other). */
const S3_KEY = "CLUSTERKEY";
const S3_SECRET = "cluster-s3-secret";
const TOOLS = { haproxy: "/usr/sbin/haproxy", pgbouncer: "/usr/sbin/pgbouncer", redis: "/usr/bin/redis-server" };

/** What is missing on this machine to run the cluster (empty: it can run). */
export function clusterMissing(): string[] {
  const missing: string[] = [];
  for (const [name, bin] of Object.entries({ ...TOOLS, initdb: `${PG_BIN}/initdb`, pg_basebackup: `${PG_BIN}/pg_basebackup` }))
    if (!fs.existsSync(bin)) missing.push(name);
  try {
    import.meta.resolve("s3rver");
  } catch {
    missing.push("s3rver (npm install)");
  }
  return missing;
}

export interface AppServer {
  name: string;
  port: number;
  url: string;
  dataDir: string;
  child: ChildProcess | null;
}

export interface Cluster {
  /** HAProxy's URL: what a browser uses. */
  url: string;
  servers: AppServer[];
  /** Direct connection to the primary (checks; not through PgBouncer). */
  primaryUrl: string;
  replicaUrl: string;
  bouncerUrl: string;
  redisUrl: string;
  s3Endpoint: string;
  dir: string;
  /** The environment the app servers run with (secrets included, for the checks). */
  env: Record<string, string>;
  /** kill -9 of the server's whole process group (its master and workers). */
  kill(i: number): void;
  /** Starts a killed server again and waits until it is ready. */
  restart(i: number): Promise<void>;
  /**
   * The parts below the app servers, for fault benches and tests: `stop` ends the part
   * (PostgreSQL: `pg_ctl stop -m fast`; PgBouncer and Redis: SIGKILL, a crash) and `start` brings
   * it back on the same port with the same settings (Redis empty), resolving once it accepts connections.
   */
  parts: Record<"primary" | "replica" | "bouncer" | "redis", { stop(): Promise<void>; start(): Promise<void> }>;
  /** The primary's server log (PostgreSQL's own messages: sessions ended by a bound, shutdowns). */
  primaryLog: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

/** Synchronous teardown of every cluster being started or running in this process (signals during start-up). */
const running = new Set<() => void>();
export function stopAllNow() {
  for (const stop of running) stop();
  running.clear();
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const isRoot = () => process.getuid?.() === 0;

/** PostgreSQL and PgBouncer refuse to run as root: as root they run as the `postgres` user. */
function asPostgres(cmd: string, args: string[]): [string, string[]] {
  return isRoot() ? ["runuser", ["-u", "postgres", "--", cmd, ...args]] : [cmd, args];
}

function run(cmd: string, args: string[], what: string) {
  const [c, a] = asPostgres(cmd, args);
  const r = spawnSync(c, a, { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${what} failed (${r.status}): ${r.stderr || r.stdout}`);
}

async function waitFor(what: string, ok: () => Promise<boolean>, seconds = 60, child?: ChildProcess | null) {
  for (let i = 0; i < seconds * 4; i++) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode})`);
    try {
      if (await ok()) return;
    } catch {
      /* not yet */
    }
    await sleep(250);
  }
  throw new Error(`${what} did not come up in ${seconds} s`);
}

const tcpOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, "127.0.0.1");
    s.once("connect", () => (s.destroy(), resolve(true)));
    s.once("error", () => resolve(false));
  });

export interface ClusterOptions {
  /** Server processes per app server (WEB_CONCURRENCY); default 2. */
  concurrency?: number;
  /** Pool per process (DATABASE_POOL_MAX); default 10. */
  poolMax?: number;
  /** PgBouncer's server connections to the primary (default_pool_size); default 40. */
  bouncerPool?: number;
  /** Extra environment for the app servers. */
  env?: Record<string, string>;
  log?: (line: string) => void;
}

export async function startCluster(opts: ClusterOptions = {}): Promise<Cluster> {
  const log = opts.log ?? ((l: string) => console.log(l));
  const missing = clusterMissing();
  if (missing.length) throw new Error(`the cluster needs ${missing.join(", ")} (apt-get install -y haproxy pgbouncer redis-server postgresql)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cluster-"));
  fs.chmodSync(dir, 0o755);
  const pgDir = path.join(dir, "pg");
  fs.mkdirSync(pgDir);
  if (isRoot()) execFileSync("chown", ["postgres:postgres", pgDir]);
  const [pgPort, replicaPort, bouncerPort, redisPort, httpPort, s3Port, portA, portB] = await Promise.all(Array.from({ length: 8 }, freePort));
  const children: ChildProcess[] = [];
  let s3: { close(): Promise<unknown> } | null = null;
  const servers: AppServer[] = [];
  let stopped = false;

  // PgBouncer by its pidfile: as root it runs under runuser, and a signal to runuser left it running.
  const killBouncer = () => {
    try {
      process.kill(Number(fs.readFileSync(path.join(pgDir, "pgbouncer.pid"), "utf8").trim()), "SIGKILL");
    } catch {
      /* not started, or gone */
    }
  };
  const stopNow = () => {
    stopped = true;
    for (const s of servers) killGroup(s.child);
    killBouncer();
    for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
    for (const d of ["replica", "primary"]) {
      const data = path.join(pgDir, d);
      if (fs.existsSync(path.join(data, "postmaster.pid"))) {
        const [c, a] = asPostgres(`${PG_BIN}/pg_ctl`, ["-D", data, "-m", "immediate", "-w", "stop"]);
        spawnSync(c, a);
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  running.add(stopNow);
  const stopAll = async () => {
    running.delete(stopNow);
    if (stopped) return;
    stopped = true;
    for (const s of servers) killGroup(s.child);
    killBouncer();
    for (const c of children) if (c.exitCode === null) c.kill("SIGTERM");
    for (const d of ["replica", "primary"]) {
      const data = path.join(pgDir, d);
      if (fs.existsSync(path.join(data, "postmaster.pid"))) {
        const [c, a] = asPostgres(`${PG_BIN}/pg_ctl`, ["-D", data, "-m", "immediate", "-w", "stop"]);
        spawnSync(c, a);
      }
    }
    await s3?.close().catch(() => {});
    await sleep(300);
    for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    // ---- PostgreSQL primary and its streaming replica --------------------------------------
    const primary = path.join(pgDir, "primary");
    run(`${PG_BIN}/initdb`, ["-D", primary, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"], "initdb");
    fs.appendFileSync(
      path.join(primary, "postgresql.conf"),
      [
        `port = ${pgPort}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${pgDir}'`,
        "max_connections = 100",
        "wal_level = replica",
        "max_wal_senders = 4",
        "hot_standby = on",
        "fsync = off", // a throw-away cluster on a shared machine; not for production
        "synchronous_commit = off",
        "shared_buffers = 128MB",
        "",
      ].join("\n"),
    );
    fs.appendFileSync(path.join(primary, "pg_hba.conf"), "host replication all 127.0.0.1/32 trust\n");
    run(`${PG_BIN}/pg_ctl`, ["-D", primary, "-l", path.join(pgDir, "primary.log"), "-w", "start"], "starting the primary");
    const admin = async (sql: string, port = pgPort) => {
      const pg = (await import("pg")).default;
      const c = new pg.Client({ host: "127.0.0.1", port, user: "postgres", database: "postgres" });
      await c.connect();
      try {
        return (await c.query(sql)).rows;
      } finally {
        await c.end();
      }
    };
    await admin("CREATE DATABASE shop");
    const replica = path.join(pgDir, "replica");
    run(`${PG_BIN}/pg_basebackup`, ["-h", "127.0.0.1", "-p", String(pgPort), "-U", "postgres", "-D", replica, "-R", "-X", "stream", "-c", "fast", "--no-sync"], "pg_basebackup");
    fs.appendFileSync(path.join(replica, "postgresql.conf"), `port = ${replicaPort}\n`);
    run(`${PG_BIN}/pg_ctl`, ["-D", replica, "-l", path.join(pgDir, "replica.log"), "-w", "start"], "starting the replica");
    await waitFor("replication", async () => (await admin("SELECT count(*)::int AS n FROM pg_stat_replication WHERE state = 'streaming'"))[0].n === 1, 30);
    log(`PostgreSQL primary :${pgPort}, streaming replica :${replicaPort}`);

    // ---- PgBouncer, transaction mode ------------------------------------------------------
    const bouncerIni = path.join(pgDir, "pgbouncer.ini");
    fs.writeFileSync(path.join(pgDir, "userlist.txt"), '"postgres" ""\n');
    fs.writeFileSync(
      bouncerIni,
      [
        "[databases]",
        `shop = host=127.0.0.1 port=${pgPort} dbname=shop`,
        `shop_replica = host=127.0.0.1 port=${replicaPort} dbname=shop`,
        "[pgbouncer]",
        "listen_addr = 127.0.0.1",
        `listen_port = ${bouncerPort}`,
        `unix_socket_dir = ${pgDir}`,
        "auth_type = trust",
        `auth_file = ${path.join(pgDir, "userlist.txt")}`,
        "pool_mode = transaction",
        `default_pool_size = ${opts.bouncerPool ?? 40}`,
        "max_client_conn = 2000",
        "ignore_startup_parameters = extra_float_digits,options",
        "server_reset_query =",
        `pidfile = ${path.join(pgDir, "pgbouncer.pid")}`,
        // After a failed login to a server (the replica stopped), PgBouncer refuses its clients
        // this long before trying again (default 15 s): reads return to the replica sooner.
        "server_login_retry = 0.2",
        "",
      ].join("\n"),
    );
    if (isRoot()) execFileSync("chown", ["postgres:postgres", bouncerIni]);
    const startBouncer = async () => {
      const [bc, ba] = asPostgres(TOOLS.pgbouncer, [bouncerIni]);
      // Its log goes to a file: into a pipe nobody reads, PgBouncer stalled once the pipe was full
      // (64 KB: a few hundred "login failed" lines while the replica was stopped), and with it every
      // transaction it carried sat `idle in transaction` on the primary (issue 37).
      const out = fs.openSync(path.join(dir, "pgbouncer.log"), "a");
      const bouncer = spawn(bc, ba, { stdio: ["ignore", out, out] });
      fs.closeSync(out);
      children.push(bouncer);
      await waitFor("PgBouncer", () => tcpOpen(bouncerPort), 20, bouncer);
      return bouncer;
    };
    let bouncer = await startBouncer();
    log(`PgBouncer :${bouncerPort} (transaction mode, ${opts.bouncerPool ?? 40} server connections)`);

    // ---- Redis ------------------------------------------------------------------------------
    const startRedis = async () => {
      const redis = spawn(TOOLS.redis, ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir], { stdio: "ignore" });
      children.push(redis);
      await waitFor("Redis", () => tcpOpen(redisPort), 20, redis);
      return redis;
    };
    let redis = await startRedis();

    // ---- S3 stand-in ------------------------------------------------------------------------
    // s3rver behind a Signature Version 4 check (scripts/s3-standin.ts): unsigned or wrongly
    // signed requests are refused as S3 would, so a signing bug fails here too.
    const s3srv = await startS3Standin({ port: s3Port, directory: path.join(dir, "s3"), bucket: "media", accessKeyId: S3_KEY, secretAccessKey: S3_SECRET, region: "af-south-1" });
    s3 = s3srv;
    log(`Redis :${redisPort}, S3 stand-in (s3rver behind a SigV4 check) :${s3Port}`);

    // ---- the app: built once, seeded once, then two servers --------------------------------
    const url = `http://127.0.0.1:${httpPort}`;
    const env: Record<string, string> = {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      SKIP_BUILD: "1",
      SEED_DEMO: "0",
      DATABASE_URL: `postgres://postgres@127.0.0.1:${bouncerPort}/shop`,
      DATABASE_LISTEN_URL: `postgres://postgres@127.0.0.1:${pgPort}/shop`,
      DATABASE_REPLICA_URL: `postgres://postgres@127.0.0.1:${bouncerPort}/shop_replica`,
      DATABASE_POOL_MAX: String(opts.poolMax ?? 10),
      WEB_CONCURRENCY: String(opts.concurrency ?? 2),
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_BUCKET: "media",
      S3_ACCESS_KEY_ID: S3_KEY,
      S3_SECRET_ACCESS_KEY: S3_SECRET,
      S3_REGION: "af-south-1",
      SESSION_SECRET: `cluster-session-${httpPort}`,
      JWT_SECRET: `cluster-jwt-${httpPort}`,
      PUBLIC_URL: url,
      TRUSTED_PROXIES: "loopback",
      // Card payments would need one shared Paystack stand-in; the cluster takes pay-on-delivery orders.
      PAYSTACK_STANDIN: "0",
      LOG_LEVEL: "warn",
      CATALOG_CACHE: "on",
      PAGE_CACHE: "on",
      ...opts.env,
    };
    const baseEnv = { ...process.env, ...env } as NodeJS.ProcessEnv;
    for (const k of ["PORT", "DATA_DIR", "API_URL", "SMTP_URL", "PAYSTACK_BASE_URL", "PAYSTACK_SECRET_KEY", "RATE_LIMIT_ALLOWLIST"]) delete baseEnv[k];
    const { buildIsStale } = await import("../server/build-state.mjs");
    if (buildIsStale(ROOT)) {
      log("building the app");
      const b = spawnSync(path.join(ROOT, "node_modules/.bin/remix"), ["build"], { cwd: ROOT, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
      if (b.status !== 0) throw new Error("remix build failed");
      spawnSync(process.execPath, ["server/precompress.mjs"], { cwd: ROOT, stdio: "inherit" });
    }
    // Not spawnSync: the S3 stand-in runs in this process and must answer the seed's uploads.
    const seed = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/seed.ts"], {
      cwd: ROOT,
      stdio: ["ignore", "ignore", "pipe"],
      env: { ...baseEnv, DATABASE_URL: env.DATABASE_LISTEN_URL, DATA_DIR: path.join(dir, "seed") },
    });
    let seedErr = "";
    seed.stderr!.on("data", (d) => (seedErr += d));
    const seedCode = await new Promise<number | null>((r) => seed.once("exit", r));
    if (seedCode !== 0) throw new Error(`seeding failed: ${seedErr}`);
    log("demo catalogue seeded (media in the S3 stand-in)");

    const startServer = async (s: AppServer) => {
      fs.mkdirSync(s.dataDir, { recursive: true });
      const out = fs.openSync(path.join(s.dataDir, "server.log"), "a");
      s.child = spawn(process.execPath, ["server/start.mjs"], { cwd: ROOT, env: { ...baseEnv, PORT: String(s.port), DATA_DIR: s.dataDir }, stdio: ["ignore", out, out], detached: true });
      fs.closeSync(out);
      await waitFor(`app server ${s.name}`, async () => (await fetch(`${s.url}/readyz`)).ok, 120, s.child);
    };
    for (const [i, port] of [portA, portB].entries()) {
      const name = "AB"[i];
      servers.push({ name, port, url: `http://127.0.0.1:${port}`, dataDir: path.join(dir, `app-${name}`), child: null });
    }
    await Promise.all(servers.map(startServer));
    log(`app servers A :${portA} and B :${portB} (${env.WEB_CONCURRENCY} processes each, pool ${env.DATABASE_POOL_MAX} per process)`);

    // ---- HAProxy ----------------------------------------------------------------------------
    const cfg = path.join(dir, "haproxy.cfg");
    fs.writeFileSync(
      cfg,
      [
        "global",
        "  maxconn 4000",
        "defaults",
        "  mode http",
        "  timeout connect 2s",
        "  timeout client 60s",
        "  timeout server 60s",
        "  timeout http-keep-alive 10s",
        // Requests past a server's maxconn wait here instead of piling onto it (and its /readyz).
        "  timeout queue 30s",
        "  timeout check 3s",
        "  option forwardfor",
        "  option redispatch 1",
        "  retries 3",
        // Only requests that never reached a server are retried: a POST that reached A before it
        // died may have been carried out, and sending it again to B could do it twice. A GET or
        // HEAD a server shed as busy (a quick 503, server/fair-start.mjs) is tried on another.
        "  retry-on conn-failure 503",
        "frontend web",
        `  bind 127.0.0.1:${httpPort}`,
        // A 503 is retried (above) only for reads: a write that got one is the client's to retry.
        "  http-request disable-l7-retry unless METH_GET || METH_HEAD",
        // Every server drained by its /readyz (the database away answers 503 there): the requests go
        // to the same servers unchecked, which answer them themselves (a 503 with Retry-After while
        // the database is away; the page itself the moment it is back, before the checks' rise),
        // instead of HAProxy's own 503 for as long as the checks take to see the recovery.
        "  use_backend app_unchecked if { nbsrv(app) eq 0 }",
        "  default_backend app",
        "backend app_unchecked",
        "  balance roundrobin",
        "  http-response set-header X-Served-By %s",
        ...servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} maxconn ${Number(env.WEB_CONCURRENCY) * 16}`),
        "backend app",
        "  balance roundrobin",
        "  option httpchk GET /readyz",
        "  http-check expect status 200",
        "  http-response set-header X-Served-By %s",
        // maxconn: at most this many requests at once on a server (the rest queue in HAProxy), so a
        // saturated server still answers its health check instead of being marked down with its peer.
        `  default-server inter 1s fall 2 rise 2 maxconn ${Number(env.WEB_CONCURRENCY) * 16} observe layer4 error-limit 1 on-error mark-down on-marked-down shutdown-sessions`,
        ...servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`),
        "",
      ].join("\n"),
    );
    const haproxyOut = fs.openSync(path.join(dir, "haproxy.log"), "a"); // a file, not an unread pipe (see PgBouncer's)
    const haproxy = spawn(TOOLS.haproxy, ["-f", cfg, "-db"], { stdio: ["ignore", haproxyOut, haproxyOut] });
    fs.closeSync(haproxyOut);
    children.push(haproxy);
    await waitFor("HAProxy", async () => (await fetch(`${url}/readyz`)).ok, 30, haproxy);

    return {
      url,
      servers,
      primaryUrl: env.DATABASE_LISTEN_URL,
      replicaUrl: `postgres://postgres@127.0.0.1:${replicaPort}/shop`,
      bouncerUrl: env.DATABASE_URL,
      redisUrl: env.REDIS_URL,
      s3Endpoint: env.S3_ENDPOINT,
      dir,
      env,
      kill(i) {
        killGroup(servers[i].child);
      },
      async restart(i) {
        await startServer(servers[i]);
      },
      parts: {
        primary: {
          stop: async () => run(`${PG_BIN}/pg_ctl`, ["-D", primary, "-m", "fast", "-w", "stop"], "stopping the primary"),
          start: async () => run(`${PG_BIN}/pg_ctl`, ["-D", primary, "-l", path.join(pgDir, "primary.log"), "-w", "start"], "starting the primary"),
        },
        replica: {
          stop: async () => run(`${PG_BIN}/pg_ctl`, ["-D", replica, "-m", "fast", "-w", "stop"], "stopping the replica"),
          start: async () => run(`${PG_BIN}/pg_ctl`, ["-D", replica, "-l", path.join(pgDir, "replica.log"), "-w", "start"], "starting the replica"),
        },
        bouncer: {
          // PgBouncer itself (as root it runs under runuser, which a signal to the child would miss).
          stop: async () => {
            const pid = Number(fs.readFileSync(path.join(pgDir, "pgbouncer.pid"), "utf8").trim());
            const gone = killAndWait(bouncer, false);
            process.kill(pid, "SIGKILL");
            await gone;
            await waitFor("PgBouncer gone", async () => !(await tcpOpen(bouncerPort)), 20);
          },
          start: async () => void (bouncer = await startBouncer()),
        },
        redis: {
          stop: () => killAndWait(redis),
          start: async () => void (redis = await startRedis()),
        },
      },
      primaryLog: path.join(pgDir, "primary.log"),
      stop: stopAll,
    };
  } catch (e) {
    await stopAll();
    throw e;
  }
}

/** SIGKILL, resolved once the process is gone (its port free again). */
function killAndWait(child: ChildProcess, kill = true): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const gone = new Promise<void>((r) => child.once("exit", () => r()));
  if (kill) child.kill("SIGKILL");
  return gone;
}

function killGroup(child: ChildProcess | null) {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    /* already gone */
  }
}

async function main() {
  const arg = process.argv.find((a) => a.startsWith("--duration="));
  const duration = arg ? Number(arg.split("=")[1]) : 0;
  const early = () => {
    stopAllNow();
    process.exit(130);
  };
  for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(sig, early);
  const cluster = await startCluster({
    concurrency: process.env.WEB_CONCURRENCY ? Number(process.env.WEB_CONCURRENCY) : undefined,
    poolMax: process.env.DATABASE_POOL_MAX ? Number(process.env.DATABASE_POOL_MAX) : undefined,
  });
  let ending = false;
  const end = async () => {
    if (ending) return;
    ending = true;
    console.log("\nstopping the cluster");
    await cluster.stop();
    process.exit(0);
  };
  for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.off(sig, early);
    process.on(sig, end);
  }
  console.log(`\nThe marketplace runs at ${cluster.url} (HAProxy; servers ${cluster.servers.map((s) => `${s.name} ${s.url}`).join(", ")}).`);
  console.log(duration ? `Stopping in ${duration} s.` : "Ctrl-C stops everything.");
  if (duration) setTimeout(end, duration * 1000);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
