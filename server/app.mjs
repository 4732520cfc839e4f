/**
 * The production HTTP server: Express 4 around the Remix build (@remix-run/express), in place of
 * remix-serve. In order, every request gets:
 *   1. a context: request id (X-Request-Id), client address (TRUSTED_PROXIES), CSP nonce; one
 *      JSON log line when it ends (method, path, status, duration, request id, client address);
 *   2. GET /healthz (process up) and GET /readyz (database reachable, migrations applied);
 *   3. the client build's brotli/gzip copies (./precompress.mjs) by Accept-Encoding, then gzip
 *      for the rest, and the static files (/build immutable for a year, public/ for an hour);
 *   4. the checks of ./security.mjs for the storefront (CSRF, legacy ?_data, form bodies) and
 *      the API's body limits (read before any route runs; 413 over 1 MB, 20 MB for multipart);
 *   5. Remix, with `{ clientIp, requestId, cspNonce }` as the load context (app/load-context.ts).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { PassThrough } from "node:stream";
import url from "node:url";
import zlib from "node:zlib";
// Before Remix and the build load: route matching memoised per pathname (see the module).
import "./framework/route-match-memo.mjs";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady, createRequestHandler as createFetchHandler, installGlobals } from "@remix-run/node";
import compression from "compression";
import { serialize as serializeCookie } from "cookie";
import express from "express";
import { listenFairly } from "./fair-start.mjs";
import { logger, scrubPath } from "./logger.mjs";
import { apiBodyGuard, csrfGuard, isApiPath, oddPathGuard, formBodyGuard, legacyDataGuard, normalizeIp, parseTrustedProxies, securityHeaders, sendPage } from "./security.mjs";

const READY_TIMEOUT_MS = 3_000;
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * `n` random bytes in base64 (a CSP nonce), from a pool filled 4 KB at a time by the system's
 * CSPRNG, each byte handed out once: one getrandom call per 256 nonces instead of one per page
 * (as node's randomUUID does).
 */
const randomPool = Buffer.alloc(4096);
let randomUsed = randomPool.length;
export function randomBase64(n) {
  if (randomUsed + n > randomPool.length) {
    crypto.randomFillSync(randomPool);
    randomUsed = 0;
  }
  const s = randomPool.toString("base64", randomUsed, randomUsed + n);
  randomUsed += n;
  return s;
}

/** Resolves the promise, or rejects after `ms`. */
function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
      timer.unref?.();
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * The encoding to send from Accept-Encoding among `offered` (in our order of preference), or null.
 * `q=0` refuses an encoding; `*` stands for any not named.
 */
export function pickEncoding(acceptEncoding, offered = ["br", "gzip"]) {
  if (!acceptEncoding) return null;
  const q = new Map();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = qp ? Number(qp.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  for (const enc of offered) {
    const v = q.has(enc) ? q.get(enc) : q.get("*");
    if (v !== undefined && v > 0) return enc;
  }
  return null;
}

const EXT = { br: ".br", gzip: ".gz" };

/** The Content-Type express.static would send for the uncompressed file. */
function contentTypeOf(file) {
  const { mime } = express.static;
  const type = mime.lookup(file) || "application/octet-stream";
  const charset = mime.charsets.lookup(type);
  return charset ? `${type}; charset=${charset}` : type;
}

/**
 * Serves `<file>.br` / `<file>.gz` of the client build (written by ./precompress.mjs) when the
 * browser accepts them, with Content-Encoding, Vary: Accept-Encoding and a year's immutable
 * caching (build file names carry content hashes); anything else falls through to express.static.
 */
export function precompressed(dir) {
  const known = new Map();
  const exists = (file) => {
    let v = known.get(file);
    if (v === undefined) {
      v = fs.existsSync(file);
      if (known.size > 5000) known.clear();
      known.set(file, v);
    }
    return v;
  };
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let rel;
    try {
      rel = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = path.join(dir, path.normalize(rel));
    if (!file.startsWith(dir + path.sep)) return next();
    // Every build file that has a compressed copy varies by Accept-Encoding, whatever is sent.
    const offered = ["br", "gzip"].filter((enc) => exists(file + EXT[enc]));
    if (offered.length === 0) return next();
    res.vary("Accept-Encoding");
    const enc = pickEncoding(req.get("accept-encoding"), offered);
    if (!enc) return next();
    res.set({
      "Content-Type": contentTypeOf(file),
      "Content-Encoding": enc,
      "Cache-Control": "public, max-age=31536000, immutable",
    });
    res.sendFile(file + EXT[enc], { dotfiles: "deny", cacheControl: false, lastModified: true, etag: true }, (err) => {
      if (err && !res.headersSent) {
        res.removeHeader("Content-Encoding");
        next();
      }
    });
  };
}

/** The URL Remix's Express adapter gives the request (same host and port rules). */
export function remixUrl(req) {
  const portOf = (h) => Number.parseInt(h?.split(":")[1] ?? "", 10);
  const forwarded = portOf(req.get("X-Forwarded-Host"));
  const own = portOf(req.get("host"));
  const port = Number.isSafeInteger(forwarded) ? forwarded : Number.isSafeInteger(own) ? own : "";
  return `${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`;
}

/**
 * Remix's adapter flushes the compressor after every piece of a streamed page, and each flush
 * ends a deflate block, so a page sent in many small pieces compressed about half as well as
 * the same page in one go. Flushes are put off to the end of the current turn of the event loop:
 * everything rendered by then goes out compressed together, and a piece that comes later (a
 * deferred part of the page) still goes out as soon as it is ready.
 */
function coalesceFlushes(_req, res, next) {
  const flush = res.flush;
  if (typeof flush === "function") {
    let scheduled = false;
    res.flush = function coalescedFlush() {
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        if (!res.writableEnded && !res.destroyed) flush.call(res);
      });
    };
  }
  next();
}

/**
 * The headers Remix's own CSRF check reads, agreeing with ours. Remix (throwIfPotentialCSRFAttack,
 * on document and single-fetch actions) compares Origin's host with X-Forwarded-Host, taken from
 * anyone, else Host, and throws (a 500) on a difference. `csrfGuard` (./security.mjs) has already
 * judged this request's Origin: the request's own origin, PUBLIC_URL's, or X-Forwarded-Host's from
 * a trusted proxy; a foreign one was refused with 403. So a post from PUBLIC_URL through a proxy
 * that rewrites Host (docs/deploy.md), or one carrying an X-Forwarded-Host from a peer we do not
 * trust, is handed on with X-Forwarded-Host set to the accepted Origin's host. The request's URL
 * is unchanged (the adapter builds it from `get` and `hostname`, trust-aware).
 */
function remixHeaders(req) {
  const origin = req.get("origin");
  if (origin === undefined || isApiPath(req.path)) return req.headers;
  let host;
  try {
    host = new URL(origin).host;
  } catch {
    return req.headers;
  }
  return { ...req.headers, "x-forwarded-host": host };
}

/** The request with its already-read (and checked) form body, as the Express adapter reads requests. */
function withReplayedBody(req) {
  const body = new PassThrough();
  body.end(req.formBody);
  return Object.assign(body, {
    method: req.method,
    headers: remixHeaders(req),
    originalUrl: req.originalUrl,
    protocol: req.protocol,
    hostname: req.hostname,
    socket: req.socket,
    get: (name) => req.get(name),
  });
}

/**
 * The Express app for a Remix server `build`; `getBuild()` returns the current one (it changes
 * in development); `trustedProxies` is the TRUSTED_PROXIES string; `publicUrl` is PUBLIC_URL.
 */
export function createApp({ build, getBuild = () => build, mode = process.env.NODE_ENV ?? "production", trustedProxies = "", publicUrl, root = process.cwd(), log = logger }) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", parseTrustedProxies(trustedProxies));
  const trusts = app.get("trust proxy fn");
  let publicOrigin = null;
  try {
    publicOrigin = publicUrl ? new URL(publicUrl).origin : null;
  } catch {
    publicOrigin = null;
  }

  // 1. Context and the request log.
  app.use((req, res, next) => {
    // Read this long ago (./fair-start.mjs queues starts), else now.
    const started = req.receivedAt ?? process.hrtime.bigint();
    const pathname = req.path;
    const incoming = req.get("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) && trusts(req.socket.remoteAddress ?? "", 0) ? incoming : crypto.randomUUID();
    const context = { clientIp: normalizeIp(req.ip), requestId, cspNonce: randomBase64(16) };
    res.locals.context = context;
    res.set("X-Request-Id", requestId);
    // Read-your-writes with a read replica (DATABASE_REPLICA_URL): a write pins this browser's
    // reads to the primary for a few seconds (app/api/core/router.ts `replicaFor`).
    if (process.env.DATABASE_REPLICA_URL && !["GET", "HEAD", "OPTIONS"].includes(req.method))
      res.append("Set-Cookie", serializeCookie("db_primary", "1", { maxAge: 10, path: "/", httpOnly: true, sameSite: "lax" }));
    let logged = false;
    const done = () => {
      if (logged) return;
      logged = true;
      const line = {
        requestId,
        method: req.method,
        path: scrubPath(pathname),
        status: res.statusCode,
        durationMs: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
        clientIp: context.clientIp,
      };
      if (!res.writableFinished) line.aborted = true;
      if (pathname === "/healthz" || pathname === "/readyz") log().debug(line, "request");
      else if (res.statusCode >= 500) log().error(line, "request");
      else log().info(line, "request");
    };
    res.on("finish", done);
    res.on("close", done);
    next();
  });

  app.use(securityHeaders({ publicUrl }));

  // 2. Health, before anything that could fail.
  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    try {
      const current = await getBuild();
      const check = current.entry.module.readiness;
      if (typeof check !== "function") throw new Error("the server build exports no readiness check");
      const r = await withTimeout(check(), READY_TIMEOUT_MS, "the readiness check");
      if (!r.ok) log().warn({ readiness: r }, "not ready");
      if (!r.ok) res.set("Retry-After", "5");
      res.status(r.ok ? 200 : 503).json({ status: r.ok ? "ready" : "unavailable", database: r.database, pendingMigrations: r.pendingMigrations });
    } catch (err) {
      log().warn({ err }, "not ready");
      res.set("Retry-After", "5");
      res.status(503).json({ status: "unavailable", database: "unreachable", pendingMigrations: [] });
    }
  });

  // 3. Pre-compressed build files, compression for the rest, static files.
  app.use(build.publicPath, precompressed(path.resolve(root, build.assetsBuildDirectory)));
  // Brotli at quality 5 rather than the middleware's 4: a rendered lite page (a page not kept yet,
  // or a signed-in shopper's) was ~14.9 KB on the wire at 4, past a new connection's first flight
  // (~14.6 KB: one more round trip on a slow phone network), and ~14.1 KB at 5, for about the same
  // CPU (~4 ms for the 86 KB home page). Kept pages go out as the page cache's own brotli (11).
  // The API's answers keep quality 4: a search answer at 5 cost ~0.25 ms more CPU each (its req/s
  // at 200 connections fell by a sixth in bench:load), for no round trip saved.
  const pageCompression = compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } } });
  const apiCompression = compression();
  app.use((req, res, next) => (isApiPath(req.path) ? apiCompression : pageCompression)(req, res, next));
  app.use(coalesceFlushes);
  app.use(build.publicPath, express.static(path.resolve(root, build.assetsBuildDirectory), { immutable: true, maxAge: "1y" }));
  // public/'s own files (favicon.svg) have a file extension; pages do not. Asking the disk about
  // every page's path (and "/"'s index.html) cost a file-system call per page.
  const publicFiles = express.static(path.resolve(root, "public"), { maxAge: "1h", index: false });
  app.use((req, res, next) => (/\.[A-Za-z0-9]+$/.test(req.path) ? publicFiles(req, res, next) : next()));

  // 4. The storefront's request checks.
  app.use(oddPathGuard());
  app.use(csrfGuard({ publicOrigin, log }));
  app.use(legacyDataGuard());
  app.use(formBodyGuard());
  app.use(apiBodyGuard());

  // 5. Remix.
  const handlers = new WeakMap();
  const fetchHandlers = new WeakMap();
  app.all("*", async (req, res, next) => {
    try {
      const current = await getBuild();
      let handler = handlers.get(current);
      if (!handler) {
        handler = createRequestHandler({ build: current, mode, getLoadContext: (_req, r) => r.locals.context });
        handlers.set(current, handler);
      }
      // A stored image variant already served once (app/ops/media-memory.server.ts): from memory,
      // before the page cache and Remix.
      const cachedMedia = current.entry.module.cachedMedia;
      if (typeof cachedMedia === "function") {
        const media = cachedMedia(req.method, req.path, req.query, req.get("if-none-match"));
        if (media) {
          res.status(media.status);
          for (const [k, v] of Object.entries(media.headers)) res.setHeader(k, v);
          res.end(media.body ?? undefined);
          return;
        }
      }
      // A public page kept whole (app/ops/page-cache.server.ts): no loader runs. Visitors with a
      // cart or signed in get it with their own parts filled in; `render` makes the page for
      // nobody (a web Request through Remix, with its own load context) when it is not kept yet.
      const cachedPage = current.entry.module.cachedPage;
      if ((req.method === "GET" || req.method === "HEAD") && typeof cachedPage === "function") {
        const context = res.locals.context;
        let fetchHandler = fetchHandlers.get(current);
        if (!fetchHandler) {
          fetchHandler = createFetchHandler(current, mode);
          fetchHandlers.set(current, fetchHandler);
        }
        const render = (request, loadContext) => fetchHandler(request, loadContext);
        const hit = await cachedPage(context, { method: req.method, url: remixUrl(req), header: (name) => req.get(name) }, context.cspNonce, context.requestId, render);
        if (hit) {
          res.status(hit.status);
          for (const [k, v] of Object.entries(hit.headers)) res.setHeader(k, v);
          res.end(hit.body ?? undefined);
          return;
        }
        // Others waiting for this page go on once this answer ends, kept or not.
        const done = current.entry.module.pageDone;
        if (typeof done === "function") res.once("close", () => done(context));
      }
      // The form's fields for the "We're back in a moment" page's Try again (app/ops/unavailable.server.ts).
      if (req.formBody && res.locals.context) Object.defineProperty(res.locals.context, "formBody", { value: req.formBody, enumerable: false });
      await handler(req.formBody ? withReplayedBody(req) : req, res, next);
    } catch (err) {
      next(err);
    }
  });

  // Anything thrown outside Remix's own error handling.
  app.use((err, req, res, _next) => {
    const requestId = res.locals.context?.requestId;
    // Errors that carry a client-error status (a malformed %-escape in the path: Express's URIError
    // with status 400) are the client's, not ours: answer that status, never a 500.
    const status = Number(err?.status ?? err?.statusCode);
    if (status >= 400 && status < 500) {
      log().info({ requestId, method: req.method, status, reason: err?.message }, "bad request");
      if (res.headersSent) return res.destroy();
      return sendPage(res, status, "Bad request", "We could not read that address. Check the link and try again.", requestId);
    }
    if (res.headersSent) {
      log().error({ err, requestId, method: req.method, path: scrubPath(req.path) }, "unhandled error");
      return res.destroy();
    }
    // The database is away (app/db/away.ts): the build's 503 page, not a 500.
    const awayPage = build.entry.module.databaseAwayAnswer;
    if (typeof awayPage === "function") {
      const page = awayPage(err, { method: req.method, url: remixUrl(req), headers: req.headers, requestId });
      if (page) {
        log().warn({ err, requestId, method: req.method, path: scrubPath(req.path) }, "the database cannot be reached: 503");
        return void Promise.resolve(page).then(async (r) => {
          res.status(r.status);
          r.headers.forEach((v, k) => res.setHeader(k, v));
          res.end(Buffer.from(await r.arrayBuffer()));
        }, () => sendPage(res, 503, "We're back in a moment", "The shop is briefly unavailable. Please try again in a few seconds.", requestId));
      }
    }
    log().error({ err, requestId, method: req.method, path: scrubPath(req.path) }, "unhandled error");
    sendPage(res, 500, "Something went wrong", "Something went wrong on our side. Please try again in a moment.", requestId);
  });

  return app;
}

/**
 * Node's http server options from REQUEST_TIMEOUT_MS (default 30 s): the whole request, headers
 * and body, must arrive within it (`requestTimeout`, and `headersTimeout` the same); connections
 * are checked against it a few times per bound (`connectionsCheckingInterval`, Node's default is
 * every 30 s). Throws on a value that is not a whole number of milliseconds from 1000 to 600000.
 * @param {string | undefined} value
 */
export function requestTimeouts(value) {
  const ms = value === undefined || value === "" ? 30_000 : Number(value);
  if (!Number.isInteger(ms) || ms < 1000 || ms > 600_000) throw new Error(`REQUEST_TIMEOUT_MS must be a whole number from 1000 to 600000, not ${value}`);
  return { requestTimeout: ms, headersTimeout: ms, connectionsCheckingInterval: Math.max(250, Math.min(5_000, Math.floor(ms / 4))) };
}

/** Imports the server build (a fresh copy each time in development). */
async function importBuild(buildPath, fresh) {
  const href = url.pathToFileURL(buildPath).href;
  return import(fresh ? `${href}?t=${Date.now()}` : href);
}

/**
 * Loads build/index.js and serves it on PORT (and HOST, default all interfaces). In development
 * (`npm run dev`, under `remix dev --manual`) the build is re-imported whenever it changes.
 * Resolves with the listening http.Server; SIGINT/SIGTERM close it and the database.
 */
export async function startServer({
  root = process.cwd(),
  port = Number(process.env.PORT || 3000),
  host = process.env.HOST || undefined,
  mode = process.env.NODE_ENV ?? "production",
} = {}) {
  const log = logger;
  // A crash still ends the process (as before), but leaves a JSON line with the stack.
  process.on("uncaughtException", (err) => {
    log().fatal({ err }, "uncaught exception");
    process.exit(1);
  });
  process.on("unhandledRejection", (err) => {
    log().fatal({ err }, "unhandled promise rejection");
    process.exit(1);
  });
  const buildPath = path.resolve(root, "build", "index.js");
  let build = await importBuild(buildPath, false);
  installGlobals({ nativeFetch: build.future.v3_singleFetch });

  let getBuild = () => build;
  if (mode === "development") {
    const versionFile = path.resolve(root, "build", "version.txt");
    let version = fs.existsSync(versionFile) ? fs.statSync(versionFile).mtimeMs : 0;
    let reloading = null;
    const reload = async () => {
      const next = await importBuild(buildPath, true);
      // The new build opens its own database connection: close the old one first (PGlite
      // allows one instance per data dir).
      await build.entry.module.shutdown?.();
      build = next;
      await broadcastDevReady(build);
    };
    fs.watchFile(versionFile, { interval: 250 }, (stat) => {
      if (stat.mtimeMs === version) return;
      version = stat.mtimeMs;
      reloading = reload().catch((err) => log().error({ err }, "reloading the build failed"));
    });
    getBuild = async () => {
      await reloading;
      return build;
    };
  }

  let app;
  try {
    app = createApp({ build, getBuild, mode, trustedProxies: process.env.TRUSTED_PROXIES, publicUrl: process.env.PUBLIC_URL, root, log });
  } catch (err) {
    log().fatal({ err }, "cannot start the server");
    process.exit(1);
  }

  // A request (its headers and its body) must arrive within REQUEST_TIMEOUT_MS, else Node answers
  // 408 and closes the connection (a body sent slowly held a connection for Node's default 300 s).
  let timeouts;
  try {
    timeouts = requestTimeouts(process.env.REQUEST_TIMEOUT_MS);
  } catch (err) {
    log().fatal({ err }, "cannot start the server");
    process.exit(1);
  }
  // Requests start through a fair queue, so a busy process still takes new connections promptly (./fair-start.mjs).
  const server = http.createServer(timeouts);
  listenFairly(server, app, {
    onError: (err) => log().error({ err }, "a request failed to start"),
    onShed: (total) => log().warn({ shedTotal: total }, "overloaded: reads answered 503 busy (server/fair-start.mjs)"),
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve(server);
    });
  });
  // Behind a load balancer: keep idle connections a little longer than its own timeout (an idle
  // kept-alive connection is not a request: REQUEST_TIMEOUT_MS does not apply to it).
  server.keepAliveTimeout = 65_000;
  log().info({ port, host: host ?? "all interfaces", mode, trustedProxies: process.env.TRUSTED_PROXIES || "" }, `listening on http://localhost:${port}`);
  if (mode === "development") void broadcastDevReady(build);

  // Open the database (and apply migrations) now rather than on the first visitor's request.
  Promise.resolve(build.entry.module.readiness?.())
    .then((r) => r && !r.ok && log().warn({ readiness: r }, "not ready after start"))
    .catch((err) => log().error({ err }, "database not reachable at start"));

  let closing = false;
  const shutdown = (signal) => {
    if (closing) return;
    closing = true;
    log().info({ signal }, "shutting down");
    const force = setTimeout(() => {
      server.closeAllConnections?.();
      process.exit(0);
    }, 10_000);
    force.unref();
    server.close(async () => {
      try {
        await build.entry.module.shutdown?.();
      } catch (err) {
        log().error({ err }, "closing the database failed");
      }
      process.exit(0);
    });
    server.closeIdleConnections?.();
  };
  for (const sig of ["SIGINT", "SIGTERM"]) process.once(sig, () => shutdown(sig));
  return server;
}
