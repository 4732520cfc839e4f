/**
 * Crash safety: the production server (`node server/start.mjs`, SEED_DEMO=1, fresh data) on each
 * engine takes concurrent writes (registrations, guest-cart adds, address creations and
 * deletions) through the API, is killed with SIGKILL (the whole process group) mid-way, and is
 * started again on the same data, CRASH_CYCLES times. Then every write that got a 2xx must be
 * there and consistent: acknowledged users with their verification row, carts with their lines
 * and at least the acknowledged quantities (at most acknowledged + in flight), addresses created
 * and not deleted, none of the deleted ones, at most three per user and exactly one default,
 * no cart line without its cart.
 *
 * Small in `npm test`; bigger with CRASH_CYCLES, CRASH_LOAD_MS and CRASH_WORKERS.
 */
import crypto from "node:crypto";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite, openPostgres, type Db } from "~/db/client.server";
import { DEMO_ACCOUNTS } from "~/db/seed/catalog-data";
import { ensureBuild, engineAvailable, freshData, startApp, type AppData, type AppEngine, type AppProcess } from "../guards/app-process";

const CYCLES = Number(process.env.CRASH_CYCLES ?? 2);
const LOAD_MS = Number(process.env.CRASH_LOAD_MS ?? 1500);
const WORKERS = Number(process.env.CRASH_WORKERS ?? 6);
const MAX_ADDRESSES = 3;

interface Ledger {
  /** e-mails whose registration got a 2xx */
  registered: Set<string>;
  /** guest carts created with a 2xx */
  carts: Set<string>;
  /** per "cartId product": quantity acknowledged, and quantity sent (acknowledged or not) */
  acked: Map<string, number>;
  sent: Map<string, number>;
  /** addresses created with a 2xx, and those whose deletion was sent / acknowledged */
  addresses: Map<number, string>; // id -> token of the owner
  deleteSent: Set<number>;
  deleted: Set<number>;
  twoxx: number;
  errors: number;
  /** "op status" -> count, for the log */
  statuses: Record<string, number>;
}

const newLedger = (): Ledger => ({
  registered: new Set(),
  carts: new Set(),
  acked: new Map(),
  sent: new Map(),
  addresses: new Map(),
  deleteSent: new Set(),
  deleted: new Set(),
  twoxx: 0,
  errors: 0,
  statuses: {},
});

const note = (l: Ledger, op: string, status: number) => void (l.statuses[`${op} ${status}`] = (l.statuses[`${op} ${status}`] ?? 0) + 1);

async function call(origin: string, method: string, p: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  const r = await fetch(`${origin}/api/v1${p}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  return { status: r.status, body: text ? (JSON.parse(text) as any) : null };
}

async function login(origin: string, email: string, password: string): Promise<string> {
  const r = await call(origin, "POST", "/users/auth/login/", { email, password });
  if (r.status !== 200) throw new Error(`login of ${email} answered ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.access as string;
}

/** Concurrent writers until `until`; every outcome goes in the ledger (a dropped connection is "unknown"). */
async function load(app: AppProcess, l: Ledger, tokens: string[], products: number[], stop: { now: boolean }, runTag: string) {
  let n = 0;
  const worker = async (w: number) => {
    let cart: string | null = null;
    while (!stop.now) {
      const op = (n++ + w) % 4;
      try {
        if (op === 0) {
          const email = `crash-${runTag}-${w}-${n}@example.com`;
          const r = await call(app.origin, "POST", "/users/auth/registration/", {
            email,
            first_name: "Crash",
            last_name: "Test",
            phone: "+2348031112222",
            password1: "Sturdy#Blocks2024",
            password2: "Sturdy#Blocks2024",
          });
          note(l, "register", r.status);
          if (r.status === 201) {
            l.registered.add(email);
            l.twoxx++;
          }
        } else if (op === 1 || op === 2) {
          if (!cart) {
            const r = await call(app.origin, "POST", "/carts/", { user_id: null });
            if (r.status !== 201) continue;
            cart = r.body.id as string;
            l.carts.add(cart);
            l.twoxx++;
          }
          const product = products[(w + n) % products.length];
          const quantity = 1 + ((w + n) % 3);
          const key = `${cart} ${product}`;
          l.sent.set(key, (l.sent.get(key) ?? 0) + quantity);
          const r = await call(app.origin, "POST", `/carts/${cart}/items/`, { prod_id: product, quantity });
          note(l, "cart-add", r.status);
          if (r.status === 201) {
            l.acked.set(key, (l.acked.get(key) ?? 0) + quantity);
            l.twoxx++;
          }
          if (n % 7 === 0) cart = null; // a new cart now and then
        } else {
          const token = tokens[(w + n) % tokens.length];
          const r = await call(
            app.origin,
            "POST",
            "/users/adresses/",
            {
              receiver_first_name: "Crash",
              receiver_last_name: `Writer${w}`,
              receiver_phone_one: "+2348031234567",
              street_address: `${n} Crash Road`,
              city: "Ikeja",
              state: "Lagos",
              country: "NGA",
            },
            token,
          );
          note(l, "address", r.status);
          if (r.status === 201) {
            l.addresses.set(r.body.id as number, token);
            l.twoxx++;
          } else if (r.status === 400 && Array.isArray(r.body)) {
            // at the limit: delete the oldest acknowledged address of this user
            const victim = [...l.addresses].find(([id, t]) => t === token && !l.deleteSent.has(id));
            if (victim) {
              l.deleteSent.add(victim[0]);
              const d = await call(app.origin, "DELETE", `/users/adresses/${victim[0]}/`, undefined, token);
              note(l, "address-delete", d.status);
              if (d.status === 204) {
                l.deleted.add(victim[0]);
                l.twoxx++;
              }
            }
          }
        }
      } catch {
        l.errors++; // the server went away mid-request: the outcome is unknown
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
}

async function openData(data: AppData): Promise<Db> {
  return data.databaseUrl ? openPostgres(data.databaseUrl, 2) : openPglite(path.join(data.dataDir, "pglite"));
}

const ENGINES: AppEngine[] = ["pglite", "postgres"];

describe.each(ENGINES)("crash safety on %s", (engine) => {
  const cleanup: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c().catch(() => {});
  });

  it(`keeps every acknowledged write through ${CYCLES} kill -9 cycles`, async (ctx) => {
    if (!(await engineAvailable(engine))) {
      console.warn(`[crash] no PostgreSQL server: the ${engine} run is SKIPPED`);
      ctx.skip();
    }
    await ensureBuild();
    const data = await freshData(engine, `crash-${engine}`);
    cleanup.push(data.drop);
    const l = newLedger();
    const runTag = crypto.randomBytes(3).toString("hex");

    let app = await startApp(data, { seed: true });
    cleanup.push(() => app.kill9());
    const tokens = await Promise.all(DEMO_ACCOUNTS.map((a) => login(app.origin, a.email, a.password)));
    const list = await call(app.origin, "GET", "/products/?page_size=40");
    const products = (list.body.results as Array<{ id: number }>).map((p) => p.id).slice(0, 12);
    expect(products.length).toBeGreaterThan(3);
    // The demo accounts' own addresses count as acknowledged (the writers delete them at the limit).
    for (const token of tokens) {
      const r = await call(app.origin, "GET", "/users/adresses/", undefined, token);
      for (const a of r.body as Array<{ id: number }>) l.addresses.set(a.id, token);
    }

    for (let c = 0; c < CYCLES; c++) {
      const stop = { now: false };
      const before = l.twoxx;
      const running = load(app, l, tokens, products, stop, `${runTag}${c}`);
      await new Promise((r) => setTimeout(r, LOAD_MS));
      // On a busy machine the load may not have got going yet: kill only once some writes were
      // acknowledged in this cycle (or after ten times the load time), so every cycle tests something.
      for (const until = Date.now() + 10 * LOAD_MS; l.twoxx - before < 8 && Date.now() < until; ) await new Promise((r) => setTimeout(r, 100));
      await app.kill9();
      stop.now = true;
      await running.catch(() => {});
      app = await startApp(data, { seed: false });
    }

    // The restarted server answers from the same data: carts and addresses as acknowledged.
    const failures: string[] = [];
    for (const cart of l.carts) {
      const r = await call(app.origin, "GET", `/carts/${cart}/`);
      if (r.status !== 200) {
        failures.push(`cart ${cart} (created with 201) -> ${r.status}`);
        continue;
      }
      for (const item of r.body.cart_items as Array<{ prod_id: number; quantity: number }>) {
        const key = `${cart} ${item.prod_id}`;
        const min = l.acked.get(key) ?? 0;
        const max = l.sent.get(key) ?? 0;
        if (item.quantity < min || item.quantity > max) failures.push(`cart ${cart} product ${item.prod_id}: quantity ${item.quantity}, acknowledged ${min}, sent ${max}`);
      }
      for (const [key, q] of l.acked) {
        const [c, p] = key.split(" ");
        if (c === cart && q > 0 && !(r.body.cart_items as Array<{ prod_id: number }>).some((i) => i.prod_id === Number(p)))
          failures.push(`cart ${cart}: acknowledged line of product ${p} is missing`);
      }
    }
    for (const token of new Set(tokens)) {
      const r = await call(app.origin, "GET", "/users/adresses/", undefined, token);
      const ids = new Set((r.body as Array<{ id: number; is_default: boolean }>).map((a) => a.id));
      const defaults = (r.body as Array<{ is_default: boolean }>).filter((a) => a.is_default).length;
      if (ids.size > MAX_ADDRESSES) failures.push(`a user has ${ids.size} addresses (limit ${MAX_ADDRESSES})`);
      if (ids.size > 0 && defaults !== 1) failures.push(`a user with ${ids.size} addresses has ${defaults} defaults`);
      for (const [id, t] of l.addresses) {
        if (t !== token) continue;
        if (!l.deleteSent.has(id) && !ids.has(id)) failures.push(`address ${id} (created with 201) is missing`);
      }
      for (const id of l.deleted) if (ids.has(id)) failures.push(`address ${id} (deleted with 204) is back`);
    }
    await app.stop();

    // And in the database itself: registrations whole, no orphan lines.
    const db = await openData(data);
    try {
      const users = await db.query<{ email: string; hash: boolean; verifications: number }>(
        `SELECT u.email::text AS email, u.password_hash IS NOT NULL AS hash,
                (SELECT count(*)::int FROM email_verifications v WHERE v.user_id = u.id) AS verifications
           FROM users u WHERE u.email = ANY($1::text[]::citext[])`,
        [[...l.registered]],
      );
      const found = new Map(users.rows.map((u) => [u.email.toLowerCase(), u]));
      for (const email of l.registered) {
        const u = found.get(email.toLowerCase());
        if (!u) failures.push(`user ${email} (registered with 201) is missing`);
        else if (!u.hash || u.verifications < 1) failures.push(`user ${email} is half there (password ${u.hash}, verifications ${u.verifications})`);
      }
      const orphans = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM cart_items ci WHERE NOT EXISTS (SELECT 1 FROM carts c WHERE c.id = ci.cart_id)",
      );
      if (orphans.rows[0].n) failures.push(`${orphans.rows[0].n} cart lines without their cart`);
      const bad = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM cart_items WHERE quantity < 1");
      if (bad.rows[0].n) failures.push(`${bad.rows[0].n} cart lines with a quantity below 1`);
    } finally {
      await db.close();
    }
    console.log(
      `[crash ${engine}] ${CYCLES} kill -9 cycles, ${WORKERS} writers, ${LOAD_MS} ms each: ${l.twoxx} acknowledged writes ` +
        `(${l.registered.size} registrations, ${l.carts.size} carts, ${l.acked.size} cart lines, ${l.addresses.size} addresses, ${l.deleted.size} deletions), ` +
        `${l.errors} requests cut off by the kills; answers ${JSON.stringify(l.statuses)}`,
    );
    expect(l.twoxx, "the load made no acknowledged write: the test tested nothing").toBeGreaterThan(10);
    expect(failures, failures.join("\n")).toEqual([]);
  }, 300_000);
});
