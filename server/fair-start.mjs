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
 */

const BUDGET_MS = 8;
const MAX_PER_TURN = 16;
const HOLD_MS = 50;

/**
 * A queue of request starts. `run(fn)` queues one; `accepted()` tells it a connection was just
 * accepted. `now` and `defer` are for tests (a clock in ms; a check-phase scheduler).
 * @param {{ budgetMs?: number, maxPerTurn?: number, holdMs?: number, now?: () => number, defer?: (f: () => void) => void, onError?: (err: unknown) => void }} [opts]
 */
export function fairStarts(opts = {}) {
  const budgetMs = opts.budgetMs ?? BUDGET_MS;
  const maxPerTurn = opts.maxPerTurn ?? MAX_PER_TURN;
  const holdMs = opts.holdMs ?? HOLD_MS;
  const now = opts.now ?? (() => performance.now());
  const defer = opts.defer ?? setImmediate;
  const onError = opts.onError ?? ((err) => queueMicrotask(() => { throw err; }));
  /** @type {({ fn: () => void, at: number } | undefined)[]} */
  let queue = [];
  let head = 0;
  let scheduled = false;
  let acceptedSinceTurn = false;
  const stats = { started: 0, turns: 0, held: 0 };

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    defer(turn);
  };

  function turn() {
    scheduled = false;
    if (head >= queue.length) return;
    stats.turns++;
    const t0 = now();
    const accepted = acceptedSinceTurn;
    acceptedSinceTurn = false;
    // A connection was just accepted: more may be waiting in the kernel's queue, and this process
    // takes one per turn. Keep this turn short (start nothing) unless a request has waited long.
    if (accepted && t0 - /** @type {{ at: number }} */ (queue[head]).at < holdMs) {
      stats.held++;
      schedule();
      return;
    }
    let n = 0;
    while (head < queue.length && n < maxPerTurn) {
      const item = /** @type {{ fn: () => void }} */ (queue[head]);
      queue[head++] = undefined;
      n++;
      stats.started++;
      try {
        item.fn();
      } catch (err) {
        onError(err);
      }
      if (now() - t0 >= budgetMs) break;
    }
    if (head >= queue.length) {
      queue = [];
      head = 0;
    } else {
      if (head >= 1024) {
        queue = queue.slice(head);
        head = 0;
      }
      schedule();
    }
  }

  return {
    /** Queues the start of a request. */
    run(fn) {
      queue.push({ fn, at: now() });
      schedule();
    },
    /** A connection was accepted (the server's "connection" event). */
    accepted() {
      acceptedSinceTurn = true;
    },
    /** Requests queued and not started. */
    get waiting() {
      return queue.length - head;
    },
    stats,
  };
}

/**
 * Starts `server`'s requests with `handler` through a fair queue that hears the server's accepted
 * connections; answers the queue (null when off). FAIR_START=off (or `opts.off`): `handler` is
 * the plain request listener, as Node has it.
 * @param {import("node:http").Server} server
 * @param {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => void} handler
 * @param {Parameters<typeof fairStarts>[0] & { off?: boolean }} [opts]
 */
export function listenFairly(server, handler, opts = {}) {
  if (opts.off ?? process.env.FAIR_START === "off") {
    server.on("request", handler);
    return null;
  }
  const fair = fairStarts(opts);
  server.on("connection", () => fair.accepted());
  server.on("request", (req, res) => {
    // When it was read, for the request log (its duration counts the wait in the queue).
    /** @type {any} */ (req).receivedAt = process.hrtime.bigint();
    fair.run(() => {
      // The visitor went away while the request waited: nothing to start.
      if (req.socket.destroyed) return;
      handler(req, res);
    });
  });
  return fair;
}
