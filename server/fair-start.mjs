/**
 * Fair starts: new connections are taken from the port promptly while the process is busy.
 *
 * Since libuv 1.45 (Node 20), a listening socket accepts ONE connection per turn of the event
 * loop (libuv/libuv#3696; nodejs/node#57364). A busy server's turn is long: every keep-alive
 * connection whose request arrived is read in it, and a cached page is answered within its
 * callback, so a turn with 50 such requests takes tens of milliseconds. A burst of 100 new
 * connections (a flash crowd, a load balancer's pool refilled after a restart) then waits in the
 * kernel's queue for 100 turns: up to 8 s in bench:load (200 connections, embedded database),
 * while the connections already open are answered in 300 ms. The kernel had completed their
 * handshakes, so the visitor's browser is waiting on a connection the server has not seen.
 *
 * Here a request is not started in the turn that read it: it is queued, and the queue is run in
 * the loop's check phase (setImmediate), in order, at most MAX_PER_TURN requests or BUDGET_MS of
 * their synchronous work a turn. After a turn that accepted a connection, the next starts no
 * request (while the oldest queued one has waited less than HOLD_MS), so a backlog of
 * connections is accepted in short turns, one each, and their requests join the queue in arrival
 * order. Nothing is dropped or reordered among requests; it costs one setImmediate hop per
 * request. FAIR_START=off starts each request in the turn that read it, as Node does.
 *
 * Overload sheds (issue 39 goal 3). Reads (GET and HEAD of pages and the API; not health checks,
 * not files) are "limited": at most MAX_ACTIVE_REQUESTS of them run at once in a process (default
 * 32), the rest wait in the queue in order. A limited request that has waited SHED_AFTER_MS
 * (default 500) without a free place is answered at once with a short 503 and `Retry-After: 1`
 * (the balancer retries an idempotent GET elsewhere) instead of joining a pile of half-done
 * renders that all finish late: the requests that are answered stay quick, and when the crowd
 * goes the process is not still rendering for clients that gave up. A request whose visitor left
 * while it waited is dropped, not started. Writes (form posts, checkouts) are never shed: they
 * keep the queue's order and start as before. SHED_AFTER_MS=off turns the limit off.
 */

const BUDGET_MS = 8;
const MAX_PER_TURN = 16;
const HOLD_MS = 50;
const MAX_ACTIVE = 32;
const SHED_AFTER_MS = 500;
/** At most this many waiting requests are shed in one turn (each costs a short write). */
const SHED_PER_TURN = 64;

/** A FIFO of queued starts with O(1) shift (compacted now and then). */
function fifo() {
  /** @type {any[]} */
  let items = [];
  let head = 0;
  return {
    push(x) {
      items.push(x);
    },
    peek() {
      return head < items.length ? items[head] : undefined;
    },
    shift() {
      if (head >= items.length) return undefined;
      const x = items[head];
      items[head++] = undefined;
      if (head >= items.length) {
        items = [];
        head = 0;
      } else if (head >= 1024) {
        items = items.slice(head);
        head = 0;
      }
      return x;
    },
    get length() {
      return items.length - head;
    },
  };
}

/**
 * A queue of request starts. `run(fn)` queues one; `run(fn, shed)` queues a limited one (a read):
 * `fn(release)` starts it and `release()` must be called once when its answer is over; `shed()`
 * answers it when it waited `shedAfterMs` for a place. `accepted()` tells the queue a connection
 * was just accepted. `now`, `defer` and `later` are for tests (a clock in ms; a check-phase
 * scheduler; a timer).
 * @param {{ budgetMs?: number, maxPerTurn?: number, holdMs?: number, maxActive?: number, shedAfterMs?: number, now?: () => number, defer?: (f: () => void) => void, later?: (f: () => void, ms: number) => void, onError?: (err: unknown) => void }} [opts]
 */
export function fairStarts(opts = {}) {
  const budgetMs = opts.budgetMs ?? BUDGET_MS;
  const maxPerTurn = opts.maxPerTurn ?? MAX_PER_TURN;
  const holdMs = opts.holdMs ?? HOLD_MS;
  const maxActive = opts.maxActive ?? Infinity;
  const shedAfterMs = opts.shedAfterMs ?? Infinity;
  const now = opts.now ?? (() => performance.now());
  const defer = opts.defer ?? setImmediate;
  const later = opts.later ?? ((f, ms) => void setTimeout(f, ms).unref());
  const onError = opts.onError ?? ((err) => queueMicrotask(() => { throw err; }));
  /** Writes and unlimited requests, in order. @type {ReturnType<typeof fifo>} */
  const free = fifo();
  /** Limited requests (reads), in order. @type {ReturnType<typeof fifo>} */
  const limited = fifo();
  let active = 0;
  /** Arrival order across both queues. */
  let seq = 0;
  let scheduled = false;
  let timerSet = false;
  let acceptedSinceTurn = false;
  const stats = { started: 0, turns: 0, held: 0, shed: 0 };

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    defer(turn);
  };
  /** While reads wait for a place, a turn when the oldest would be due to be shed. */
  const wake = () => {
    const first = limited.peek();
    if (timerSet || !first || shedAfterMs === Infinity) return;
    timerSet = true;
    later(() => {
      timerSet = false;
      schedule();
    }, Math.max(1, first.at + shedAfterMs - now()));
  };
  const oldest = () => {
    const a = free.peek();
    const b = limited.peek();
    return a && b ? Math.min(a.at, b.at) : (a ?? b)?.at;
  };

  function turn() {
    scheduled = false;
    if (!free.length && !limited.length) return;
    stats.turns++;
    const t0 = now();
    // Reads that waited too long for a place are answered "busy" first (cheap, and in order).
    let shedNow = 0;
    while (shedNow < SHED_PER_TURN && limited.length && t0 - limited.peek().at >= shedAfterMs) {
      const item = limited.shift();
      stats.shed++;
      shedNow++;
      try {
        item.shed();
      } catch (err) {
        onError(err);
      }
    }
    const accepted = acceptedSinceTurn;
    acceptedSinceTurn = false;
    // A connection was just accepted: more may be waiting in the kernel's queue, and this process
    // takes one per turn. Keep this turn short (start nothing) unless a request has waited long.
    const first = oldest();
    if (accepted && first !== undefined && t0 - first < holdMs) {
      stats.held++;
      schedule();
      return;
    }
    let n = 0;
    while (n < maxPerTurn) {
      // The older of the two heads first; a read only when a place is free.
      const a = free.peek();
      const b = active < maxActive ? limited.peek() : undefined;
      if (!a && !b) break;
      const takeRead = b && (!a || b.seq < a.seq);
      const item = takeRead ? limited.shift() : free.shift();
      n++;
      stats.started++;
      try {
        if (takeRead) {
          active++;
          let released = false;
          item.fn(() => {
            if (released) return;
            released = true;
            active--;
            if (limited.length) schedule();
          });
        } else item.fn();
      } catch (err) {
        onError(err);
      }
      if (now() - t0 >= budgetMs) break;
    }
    if (free.length || (limited.length && active < maxActive) || (limited.length && shedNow === SHED_PER_TURN)) schedule();
    else if (limited.length) wake();
  }

  return {
    /**
     * Queues the start of a request; with `shed`, a limited one (see fairStarts).
     * @param {(release: () => void) => void} fn
     * @param {() => void} [shed]
     */
    run(fn, shed) {
      if (shed) limited.push({ fn, shed, at: now(), seq: seq++ });
      else free.push({ fn, at: now(), seq: seq++ });
      schedule();
    },
    /** A connection was accepted (the server's "connection" event). */
    accepted() {
      acceptedSinceTurn = true;
    },
    /** Requests queued and not started. */
    get waiting() {
      return free.length + limited.length;
    },
    /** Limited requests started and not released. */
    get active() {
      return active;
    },
    stats,
  };
}

/**
 * Whether a request is limited (may wait for a place, and be shed): a GET or HEAD that is not a
 * health check and not a file (a path ending in an extension: scripts, styles, images, favicon).
 * @param {string | undefined} method
 * @param {string | undefined} url
 */
export function isLimited(method, url) {
  if (method !== "GET" && method !== "HEAD") return false;
  const q = (url ?? "/").indexOf("?");
  const path = q === -1 ? (url ?? "/") : (url ?? "/").slice(0, q);
  if (path === "/healthz" || path === "/readyz") return false;
  return !/\.[A-Za-z0-9]+$/.test(path);
}

/**
 * MAX_ACTIVE_REQUESTS and SHED_AFTER_MS from the environment: `{ maxActive, shedAfterMs }`
 * (Infinity for both when SHED_AFTER_MS is "off"). Throws on a value that is not a whole number
 * in range (MAX_ACTIVE_REQUESTS 1 to 10000, SHED_AFTER_MS 50 to 60000).
 * @param {NodeJS.ProcessEnv} [env]
 */
export function sheddingFrom(env = process.env) {
  if (env.SHED_AFTER_MS === "off") return { maxActive: Infinity, shedAfterMs: Infinity };
  const num = (name, value, dflt, min, max) => {
    if (value === undefined || value === "") return dflt;
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be a whole number from ${min} to ${max}, not ${value}`);
    return n;
  };
  return {
    maxActive: num("MAX_ACTIVE_REQUESTS", env.MAX_ACTIVE_REQUESTS, MAX_ACTIVE, 1, 10_000),
    shedAfterMs: num("SHED_AFTER_MS", env.SHED_AFTER_MS, SHED_AFTER_MS, 50, 60_000),
  };
}

/** The short answer of a shed request: 503, try again in a second, nothing kept. */
const BUSY_BODY = "The shop is busy. Please try again in a moment.\n";
/** @param {import("node:http").ServerResponse} res */
function answerBusy(res) {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(503, {
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": Buffer.byteLength(BUSY_BODY),
    "Retry-After": "1",
    "Cache-Control": "no-store",
  });
  res.end(BUSY_BODY);
}

/**
 * Starts `server`'s requests with `handler` through a fair queue that hears the server's accepted
 * connections; answers the queue (null when off). FAIR_START=off (or `opts.off`): `handler` is
 * the plain request listener, as Node has it.
 * @param {import("node:http").Server} server
 * @param {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => void} handler
 * @param {Parameters<typeof fairStarts>[0] & { off?: boolean, onShed?: (total: number) => void }} [opts]
 */
export function listenFairly(server, handler, opts = {}) {
  if (opts.off ?? process.env.FAIR_START === "off") {
    server.on("request", handler);
    return null;
  }
  const fair = fairStarts({ ...sheddingFrom(), ...opts });
  let shedLogged = 0;
  server.on("connection", () => fair.accepted());
  server.on("request", (req, res) => {
    // When it was read, for the request log (its duration counts the wait in the queue).
    /** @type {any} */ (req).receivedAt = process.hrtime.bigint();
    if (!isLimited(req.method, req.url)) {
      fair.run(() => {
        // The visitor went away while the request waited: nothing to start.
        if (req.socket.destroyed) return;
        handler(req, res);
      });
      return;
    }
    fair.run(
      (release) => {
        if (req.socket.destroyed) return release();
        res.once("close", release);
        handler(req, res);
      },
      () => {
        if (req.socket.destroyed) return;
        answerBusy(res);
        // Told once a second at most while shedding, with the count so far.
        const t = Date.now();
        if (t - shedLogged >= 1000) {
          shedLogged = t;
          opts.onShed?.(fair.stats.shed);
        }
      },
    );
  });
  return fair;
}
