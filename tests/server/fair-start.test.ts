/**
 * server/fair-start.mjs: a busy process takes new connections promptly (libuv accepts one per
 * turn of the loop), and requests start in the order they came, none lost.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { fairStarts, isLimited, listenFairly, sheddingFrom } from "../../server/fair-start.mjs";

/** A hand-cranked clock and check phase: `turn()` runs what was deferred, as one loop turn would. */
function manual() {
  let t = 0;
  let pending: (() => void)[] = [];
  return {
    now: () => t,
    advance: (ms: number) => void (t += ms),
    defer: (f: () => void) => void pending.push(f),
    turn() {
      const run = pending;
      pending = [];
      for (const f of run) f();
    },
    get deferred() {
      return pending.length;
    },
  };
}

describe("fairStarts (the queue)", () => {
  it("starts requests in their order, at most maxPerTurn a turn, the rest in later turns", () => {
    const m = manual();
    const q = fairStarts({ now: m.now, defer: m.defer, maxPerTurn: 3, budgetMs: 1000 });
    const started: number[] = [];
    for (let i = 0; i < 7; i++) q.run(() => started.push(i));
    expect(started).toEqual([]); // never in the turn that read them
    m.turn();
    expect(started).toEqual([0, 1, 2]);
    m.turn();
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    m.turn();
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(q.waiting).toBe(0);
    expect(m.deferred).toBe(0); // nothing left scheduled: an idle process does not spin
  });

  it("ends a turn when its requests' work used the budget", () => {
    const m = manual();
    const q = fairStarts({ now: m.now, defer: m.defer, maxPerTurn: 100, budgetMs: 8 });
    const started: number[] = [];
    for (let i = 0; i < 10; i++)
      q.run(() => {
        started.push(i);
        m.advance(3); // each takes 3 ms
      });
    m.turn();
    expect(started).toEqual([0, 1, 2]); // 9 ms ≥ 8
    m.turn();
    expect(started).toHaveLength(6);
  });

  it("after a turn that accepted a connection, starts nothing in the next (until the oldest has waited holdMs)", () => {
    const m = manual();
    const q = fairStarts({ now: m.now, defer: m.defer, holdMs: 50 });
    const started: number[] = [];
    q.run(() => started.push(1));
    q.accepted();
    m.turn();
    expect(started).toEqual([]); // held: a backlog of connections is taken first
    expect(q.stats.held).toBe(1);
    // Connections keep coming, one a turn: still held while the request is young.
    for (let i = 0; i < 4; i++) {
      m.advance(10);
      q.accepted();
      m.turn();
    }
    expect(started).toEqual([]);
    // No connection this turn: it starts.
    m.turn();
    expect(started).toEqual([1]);

    // A flood of connections never starves the queue: past holdMs the request starts anyway.
    q.run(() => started.push(2));
    for (let i = 0; i < 10 && started.length < 2; i++) {
      m.advance(10);
      q.accepted();
      m.turn();
    }
    expect(started).toEqual([1, 2]);
  });

  it("reports a start that throws and goes on with the others", () => {
    const m = manual();
    const errors: unknown[] = [];
    const q = fairStarts({ now: m.now, defer: m.defer, onError: (e) => errors.push(e) });
    const started: number[] = [];
    q.run(() => {
      throw new Error("boom");
    });
    q.run(() => started.push(2));
    m.turn();
    expect(errors.map((e) => (e as Error).message)).toEqual(["boom"]);
    expect(started).toEqual([2]);
  });
});

describe("fairStarts: reads limited, overload shed (issue 39 goal 3)", () => {
  const timers = () => {
    const due: { f: () => void; ms: number }[] = [];
    return { later: (f: () => void, ms: number) => void due.push({ f, ms }), due };
  };

  it("runs at most maxActive reads at once; the next starts, in order, when one is released", () => {
    const m = manual();
    const q = fairStarts({ now: m.now, defer: m.defer, maxActive: 2, shedAfterMs: 1000, budgetMs: 1000 });
    const releases: (() => void)[] = [];
    const started: number[] = [];
    const shed: number[] = [];
    for (let i = 0; i < 4; i++)
      q.run(
        (release) => {
          started.push(i);
          releases.push(release);
        },
        () => shed.push(i),
      );
    m.turn();
    expect(started).toEqual([0, 1]);
    expect(q.active).toBe(2);
    m.turn();
    expect(started).toEqual([0, 1]); // no place: they wait
    releases[0]();
    releases[0](); // a second release of the same request counts once
    m.turn();
    expect(started).toEqual([0, 1, 2]);
    expect(q.active).toBe(2);
    expect(shed).toEqual([]);
  });

  it("a read that waited shedAfterMs for a place is shed, oldest first; the ones that are answered never wait longer", () => {
    const m = manual();
    const t = timers();
    const q = fairStarts({ now: m.now, defer: m.defer, later: t.later, maxActive: 1, shedAfterMs: 500, budgetMs: 1000 });
    const started: number[] = [];
    const shed: number[] = [];
    let release = () => {};
    const read = (i: number) =>
      q.run(
        (r) => {
          started.push(i);
          release = r;
        },
        () => shed.push(i),
      );
    read(0);
    m.turn();
    read(1);
    m.advance(100);
    read(2);
    m.turn();
    expect(started).toEqual([0]);
    // Nothing is released: a timer wakes the queue when the oldest waiting read is due.
    expect(t.due.map((d) => d.ms)).toEqual([400]); // read 1 came at 0, it is now 100
    m.advance(400);
    t.due.shift()!.f();
    m.turn();
    expect(shed).toEqual([1]); // waited 500 ms
    expect(t.due.map((d) => d.ms)).toEqual([100]); // read 2 is due 100 ms later
    release();
    m.turn();
    expect(started).toEqual([0, 2]); // a place came before read 2 was due: it is answered
    expect(shed).toEqual([1]);
    expect(q.stats.shed).toBe(1);
  });

  it("writes are never held by the read limit nor shed, and keep their order", () => {
    const m = manual();
    const q = fairStarts({ now: m.now, defer: m.defer, later: () => {}, maxActive: 1, shedAfterMs: 100, budgetMs: 1000 });
    const log: string[] = [];
    q.run(() => log.push("read 0"), () => log.push("shed 0"));
    q.run(() => log.push("read 1"), () => log.push("shed 1"));
    q.run(() => log.push("write 0"));
    m.turn();
    m.advance(1000);
    q.run(() => log.push("write 1"));
    m.turn();
    expect(log).toEqual(["read 0", "write 0", "shed 1", "write 1"]);
  });

  it("isLimited: page and API reads are; writes, health checks and files are not", () => {
    expect(isLimited("GET", "/")).toBe(true);
    expect(isLimited("HEAD", "/building-materials?page=2")).toBe(true);
    expect(isLimited("GET", "/api/v1/products/?search=cement")).toBe(true);
    expect(isLimited("POST", "/cart")).toBe(false);
    expect(isLimited("GET", "/readyz")).toBe(false);
    expect(isLimited("GET", "/healthz")).toBe(false);
    expect(isLimited("GET", "/build/_shared/chunk-ABC.js")).toBe(false);
    expect(isLimited("GET", "/favicon.svg?v=1")).toBe(false);
  });

  it("sheddingFrom: defaults, off, and a clear error for a bad value", () => {
    expect(sheddingFrom({} as unknown as NodeJS.ProcessEnv)).toEqual({ maxActive: 32, shedAfterMs: 500 });
    expect(sheddingFrom({ SHED_AFTER_MS: "off" } as unknown as NodeJS.ProcessEnv)).toEqual({ maxActive: Infinity, shedAfterMs: Infinity });
    expect(sheddingFrom({ MAX_ACTIVE_REQUESTS: "8", SHED_AFTER_MS: "250" } as unknown as NodeJS.ProcessEnv)).toEqual({ maxActive: 8, shedAfterMs: 250 });
    expect(() => sheddingFrom({ SHED_AFTER_MS: "0.5" } as unknown as NodeJS.ProcessEnv)).toThrow(/SHED_AFTER_MS must be a whole number/);
    expect(() => sheddingFrom({ MAX_ACTIVE_REQUESTS: "0" } as unknown as NodeJS.ProcessEnv)).toThrow(/MAX_ACTIVE_REQUESTS/);
  });
});

describe("listenFairly under overload: reads beyond the limit get a quick 503, writes still start", () => {
  it("answers the reads it has no place for with 503 and Retry-After, starts the write, and finishes the reads it took", async () => {
    const server = http.createServer();
    const held: http.ServerResponse[] = [];
    let writesStarted = 0;
    listenFairly(
      server,
      (req, res) => {
        if (req.method === "POST") {
          writesStarted++;
          res.end("written");
        } else held.push(res); // a read that takes long: answered when the test lets it go
      },
      { maxActive: 2, shedAfterMs: 150 },
    );
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    const port = (server.address() as AddressInfo).port;
    const ask = (method: string) =>
      new Promise<{ status: number; retryAfter: string | undefined; body: string }>((resolve, reject) => {
        const req = http.request({ host: "127.0.0.1", port, path: "/page", method, agent: false }, (res) => {
          let body = "";
          res.on("data", (c) => (body += c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers["retry-after"] as string | undefined, body }));
        });
        req.on("error", reject);
        req.end();
      });
    try {
      const done: { status: number; retryAfter: string | undefined; body: string }[] = [];
      const reads = Array.from({ length: 5 }, () => ask("GET").then((r) => (done.push(r), r)));
      const write = await ask("POST");
      expect(write.status).toBe(200);
      expect(writesStarted).toBe(1);
      // Three reads found no place and are answered "busy" without being started; two are held.
      while (done.length < 3) await new Promise((r) => setTimeout(r, 20));
      const shed = done.slice();
      expect(shed.map((r) => [r.status, r.retryAfter])).toEqual([
        [503, "1"],
        [503, "1"],
        [503, "1"],
      ]);
      expect(shed[0].body).toMatch(/busy/);
      expect(held.length).toBe(2);
      for (const res of held) res.end("page");
      const answered = await Promise.all(reads);
      expect(answered.filter((r) => r.status === 200).map((r) => r.body)).toEqual(["page", "page"]);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});

/**
 * A real server whose requests each take `workMs` of CPU, kept busy by `keep` keep-alive clients,
 * then a burst of `burst` new connections at once. Counted on the server: how many requests it
 * started between accepting the burst's first connection and its last. Counts, not timings: with
 * libuv's one accept per turn, every accept waits a whole turn of the busy clients' requests.
 */
async function burstWhileBusy(opts: { off?: boolean; holdMs?: number }, { keep = 40, burst = 100, workMs = 1 } = {}) {
  const server = http.createServer();
  let started = 0;
  const acceptedAt: number[] = []; // `started` when each connection was accepted
  server.on("connection", () => acceptedAt.push(started));
  listenFairly(
    server,
    (_req, res) => {
      started++;
      const t = performance.now();
      while (performance.now() - t < workMs) {
        /* the request's work */
      }
      res.end("ok");
    },
    // No read limit here: what is measured is how connections are accepted.
    { maxActive: Infinity, shedAfterMs: Infinity, ...opts },
  );
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  const busyAgent = new http.Agent({ keepAlive: true, maxSockets: keep });
  const get = (agent: http.Agent | false) =>
    new Promise<number>((resolve, reject) => {
      const req = http.get({ host: "127.0.0.1", port, path: "/", agent }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      });
      req.on("error", reject);
    });
  let busy = true;
  const clients = Array.from({ length: keep }, async () => {
    while (busy) await get(busyAgent);
  });
  try {
    // The busy clients' connections are open and their requests flowing.
    while (acceptedAt.length < keep || started < keep * 5) await new Promise((r) => setTimeout(r, 10));
    const before = acceptedAt.length;
    const statuses = await Promise.all(Array.from({ length: burst }, () => get(false)));
    const burstAccepts = acceptedAt.slice(before, before + burst);
    return { statuses, startedDuringAccepts: burstAccepts[burstAccepts.length - 1] - burstAccepts[0] };
  } finally {
    busy = false;
    await Promise.all(clients);
    busyAgent.destroy();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
}

describe("listenFairly (a busy server and a burst of new connections)", () => {
  const saved = process.env.FAIR_START;
  afterEach(() => {
    if (saved === undefined) delete process.env.FAIR_START;
    else process.env.FAIR_START = saved;
  });

  it("accepts a burst of new connections before going on with the busy ones' requests; every request is answered", async () => {
    // A hold longer than the burst can take on a loaded machine (production's is 50 ms: a flood of
    // connections must not starve the requests already read): the count then shows the mechanism.
    const fair = await burstWhileBusy({ holdMs: 5_000 });
    const plain = await burstWhileBusy({ off: true });
    expect(fair.statuses.every((s) => s === 200)).toBe(true);
    expect(plain.statuses.every((s) => s === 200)).toBe(true);
    // Node's way: each of the 100 accepts waits for a turn of the 40 busy requests.
    expect(plain.startedDuringAccepts).toBeGreaterThan(500);
    // Fair starts: the burst is taken in short turns, hardly any other request started meanwhile.
    expect(fair.startedDuringAccepts).toBeLessThan(plain.startedDuringAccepts / 5);
  }, 60_000);

  it("FAIR_START=off gives the handler as the plain request listener", () => {
    process.env.FAIR_START = "off";
    const server = http.createServer();
    const handler = () => {};
    expect(listenFairly(server, handler)).toBeNull();
    expect(server.listeners("request")).toEqual([handler]);
    delete process.env.FAIR_START;
    const s2 = http.createServer();
    expect(listenFairly(s2, handler)).not.toBeNull();
    expect(s2.listeners("request")).not.toContain(handler);
    expect(s2.listenerCount("connection")).toBeGreaterThan(0);
  });
});
