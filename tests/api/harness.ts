/**
 * API test harness: a real HTTP server around the /api/v1 handler, on a fresh copy of the
 * seeded template database, for each engine. Usage:
 *
 *   describe.each(engines())("carts on %s", (engine) => {
 *     const api = useApi(engine);            // starts before, stops after this describe
 *     it("...", async () => { const r = await api.fetch("/carts/", { method: "POST", json: {...} }); });
 *   });
 *
 * The client address handed to the API (ctx.clientIp) is the socket's peer address, as the real
 * server does. So that rate-limit tests can act as several clients, the harness sets
 * API_TEST_TRUST_CLIENT_IP=1, and then an `X-Test-Client-Ip` header (`ip` option of fetch/call)
 * stands in for the peer address. The app itself never reads that header.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, inject } from "vitest";
import { migrate, openPglite, openPostgres, setDb, type Db } from "~/db/client.server";
import { createUser } from "~/db/seed/factories";
import { handleApi } from "~/api/router";
import { LocalDiskStorage, setStorage } from "~/integrations/storage.server";
import { pgAdminUrl, pgUrlFor } from "../setup/templates";

export type Engine = "pglite" | "postgres";

process.env.API_TEST_TRUST_CLIENT_IP ??= "1";
const TEST_CLIENT_IP_HEADER = "x-test-client-ip";

/** The client address for handleApi: the socket peer, or X-Test-Client-Ip when the harness trusts it. */
function clientIpOf(req: http.IncomingMessage): string {
  const test = req.headers[TEST_CLIENT_IP_HEADER];
  if (process.env.API_TEST_TRUST_CLIENT_IP === "1" && typeof test === "string" && test) return test;
  return req.socket.remoteAddress ?? "unknown";
}

/** A random address in 10.0.0.0/8, for a test that needs a client of its own. */
export function randomIp(): string {
  return `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
}

/** The engines to run against: always the embedded one; PostgreSQL when the template was built. */
export function engines(): Engine[] {
  return inject("run").pgTemplate ? ["pglite", "postgres"] : ["pglite"];
}

export async function openTestDb(engine: Engine): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (engine === "pglite") {
    const blob = new Blob([fs.readFileSync(inject("run").pgliteDump)]);
    const db = await openPglite(undefined, { loadDataDir: blob });
    await migrate(db);
    return { db, drop: () => db.close() };
  }
  const run = inject("run");
  const name = `mkt_test_${run.runId}_${crypto.randomBytes(6).toString("hex")}`;
  const pg = (await import("pg")).default;
  const admin = new pg.Client(pgAdminUrl());
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${run.pgTemplate}`);
  await admin.end();
  const db = await openPostgres(pgUrlFor(name), 5);
  await migrate(db);
  return {
    db,
    drop: async () => {
      await db.close();
      const a = new pg.Client(pgAdminUrl());
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

export interface FetchOptions {
  method?: string;
  json?: unknown;
  form?: FormData;
  /** A raw body (set the content-type in headers yourself). */
  body?: BodyInit;
  token?: string;
  headers?: Record<string, string>;
  /** Act as a client at this address (X-Test-Client-Ip). */
  ip?: string;
}

export interface TestApi {
  engine: Engine;
  base: string;
  origin: string;
  db: Db;
  fetch(path: string, opts?: FetchOptions): Promise<Response>;
  /** fetch + parsed JSON body (null for empty) */
  call<T = any>(path: string, opts?: FetchOptions): Promise<{ status: number; body: T; headers: Headers }>;
}

function nodeToRequest(req: http.IncomingMessage, body: Buffer, origin: string): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (Array.isArray(v)) v.forEach((x) => headers.append(k, x));
    else if (v !== undefined) headers.set(k, v);
  }
  const method = req.method ?? "GET";
  return new Request(`${origin}${req.url}`, {
    method,
    headers,
    body: method === "GET" || method === "HEAD" || body.length === 0 ? undefined : new Uint8Array(body),
  });
}

export function useApi(engine: Engine): TestApi {
  const state = {} as TestApi & { server: http.Server; drop: () => Promise<void> };
  beforeAll(async () => {
    setStorage(new LocalDiskStorage(inject("run").mediaDir));
    const { db, drop } = await openTestDb(engine);
    setDb(db);
    const server = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const response = await handleApi(nodeToRequest(req, Buffer.concat(chunks), state.origin), { clientIp: clientIpOf(req) });
      res.statusCode = response.status;
      response.headers.forEach((v, k) => res.setHeader(k, v));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
    // The embedded database runs in this process and blocks its event loop during long
    // statements; the server's idle keep-alive timer then fires late, just as fetch reuses the
    // socket, and the request dies with ECONNRESET. Let the client (fetch closes idle sockets
    // after 4 s) be the only side that closes an idle connection.
    server.keepAliveTimeout = 10 * 60_000;
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as AddressInfo).port;
    Object.assign(state, {
      engine,
      db,
      drop,
      server,
      origin: `http://127.0.0.1:${port}`,
      base: `http://127.0.0.1:${port}/api/v1`,
    });
  });
  afterAll(async () => {
    await new Promise<void>((r) => state.server?.close(() => r()));
    setDb(null);
    await state.drop?.();
  });
  state.fetch = (path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    let body: BodyInit | undefined;
    if (opts.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(opts.json);
    } else if (opts.form) body = opts.form;
    else if (opts.body !== undefined) body = opts.body;
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.ip) headers[TEST_CLIENT_IP_HEADER] = opts.ip;
    return fetch(path.startsWith("http") ? path : `${state.base}${path}`, {
      method: opts.method ?? (body ? "POST" : "GET"),
      headers,
      body,
      redirect: "manual",
    });
  };
  state.call = async (path, opts) => {
    const r = await state.fetch(path, opts);
    const text = await r.text();
    return { status: r.status, body: text ? JSON.parse(text) : null, headers: r.headers };
  };
  return state;
}

/** Creates a verified user straight in the database (shared factory) and returns an access token for it. */
export async function makeUser(
  api: TestApi,
  over: { email?: string; first_name?: string; last_name?: string; role?: "shopper" | "admin" } = {},
): Promise<{ id: number; email: string; token: string }> {
  const user = await createUser(api.db, over);
  const { signAccess } = await import("~/api/tokens.server");
  const { token } = await signAccess(user.id);
  return { id: user.id, email: user.email, token };
}

/** Asks until `done` holds (a change made elsewhere arrives by notification: a few ms), at most 3 s. */
export async function eventually<T>(ask: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  let v = await ask();
  for (let i = 0; i < 60 && !done(v); i++) {
    await new Promise((r) => setTimeout(r, 50));
    v = await ask();
  }
  return v;
}
