/**
 * Operations: the request log of a real server (one line per request, no secrets after logins
 * through the form and the API), and /readyz when the database is down or behind on migrations.
 */
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, openPglite } from "~/db/client.server";
import { migrations } from "~/db/migrations";
import { readinessOf } from "~/ops/health.server";
import { startPaystackStandin, type PaystackStandin } from "~/integrations/paystack/standin.server";
import { cookieHeader, cookiesFrom, freePort, rawRequest, startAppServer, type RunningServer } from "./harness";

describe("request log of a login (form and API)", () => {
  let app: RunningServer;
  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("has one JSON line per request and none of the password, the tokens or the cookie", async () => {
    const email = "shopper@demo.buildmart.ng";
    const password = "Shopper#2024";
    const wrongPassword = "Not-The-Password#99";
    const post = (path: string, body: string, headers: Record<string, string>) => rawRequest(app.url, { method: "POST", path, body, headers: { Origin: app.url, ...headers } });
    const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

    // A failed and a successful login through the storefront form.
    const failed = await post("/auth/login", new URLSearchParams({ email, password: wrongPassword }).toString(), FORM);
    expect(failed.status).toBe(400);
    const login = await post("/auth/login", new URLSearchParams({ email, password, redirectTo: "/users/account/addresses" }).toString(), FORM);
    expect(login.status).toBe(303);
    const jar = cookiesFrom(login);
    const session = jar.__session;
    expect(session).toBeTruthy();
    // The signed cookie is base64 JSON holding the API tokens.
    const [payload, signature] = decodeURIComponent(session).split(".");
    const stored = JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as { access?: string; refresh?: string };
    expect(stored.access && stored.refresh).toBeTruthy();
    const page = await rawRequest(app.url, { path: "/users/account/addresses", headers: { Cookie: cookieHeader(jar) } });
    expect(page.status).toBe(200);

    // The same through the API, then a request with the bearer token and a refresh.
    const api = await post("/api/v1/users/auth/login/", JSON.stringify({ email, password }), { "Content-Type": "application/json" });
    expect(api.status).toBe(200);
    const tokens = JSON.parse(api.body) as { access: string; refresh: string; user: { id: number } };
    const me = await rawRequest(app.url, { path: `/api/v1/users/${tokens.user.id}/`, headers: { Authorization: `Bearer ${tokens.access}` } });
    expect(me.status).toBeLessThan(500);
    const refreshed = await post("/api/v1/users/auth/token/refresh/", JSON.stringify({ refresh: tokens.refresh }), { "Content-Type": "application/json" });
    expect(refreshed.status).toBe(200);
    const again = JSON.parse(refreshed.body) as { access: string; refresh: string };

    const logout = await post("/logout", "", { ...FORM, Cookie: cookieHeader(jar) });
    expect(logout.status).toBe(303);

    await app.linesFor(String(logout.headers["x-request-id"]));
    // What the server logged (before it, `npm start`'s seed step prints the demo logins on purpose).
    const all = app.output();
    const out = all.slice(all.indexOf('"msg":"listening on'));
    expect(out.length).toBeGreaterThan(1000);
    for (const secret of [password, wrongPassword, encodeURIComponent(password), session, payload, signature, stored.access!, stored.refresh!, tokens.access, tokens.refresh, again.access, again.refresh]) {
      expect(out.includes(secret), `the log holds a secret (${secret.slice(0, 6)}…)`).toBe(false);
    }

    // One line per request, with what operators need.
    const line = (await app.linesFor(String(login.headers["x-request-id"]))).filter((l) => l.msg === "request");
    expect(line).toHaveLength(1);
    expect(line[0]).toMatchObject({ level: "info", method: "POST", path: "/auth/login", status: 303, requestId: login.headers["x-request-id"], clientIp: "127.0.0.1" });
    expect(typeof line[0].durationMs).toBe("number");
    const apiLine = (await app.linesFor(String(api.headers["x-request-id"]))).find((l) => l.msg === "request");
    expect(apiLine).toMatchObject({ method: "POST", path: "/api/v1/users/auth/login/", status: 200 });
  });
});

describe("request log of a card payment", () => {
  let app: RunningServer;
  let paystack: PaystackStandin;
  beforeAll(async () => {
    paystack = await startPaystackStandin();
    app = await startAppServer({ env: { PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_BASE_URL: paystack.url } });
    paystack.setWebhookUrl(`${app.url}/api/v1/webhooks/paystack`);
  });
  afterAll(async () => {
    await app?.stop();
    await paystack?.close();
  });

  it("holds neither the Paystack secret key, the checkout's access code, the guest order token nor any card number", async () => {
    const json = { "Content-Type": "application/json" };
    const products = JSON.parse((await rawRequest(app.url, { path: "/api/v1/products/?page_size=1" })).body) as { results: { id: number }[] };
    const placed = await rawRequest(app.url, {
      method: "POST",
      path: "/api/v1/orders/",
      headers: json,
      body: JSON.stringify({
        buy: products.results[0].id,
        order_payment_method: "CardPayment",
        guest_delivery_address: {
          email: "log.check@example.com",
          receiver_first_name: "Amaka",
          receiver_last_name: "Eze",
          receiver_phone_one: "08031234567",
          street_address: "14 Admiralty Way, Lekki",
          city: "Lagos",
          state: "Lagos",
          zip_code: "101233",
        },
      }),
    });
    expect(placed.status).toBe(201);
    const order = JSON.parse(placed.body) as { id: string; guest_token: string };
    const made = await rawRequest(app.url, { method: "POST", path: "/api/v1/payments/paystack/make/", headers: json, body: JSON.stringify({ order_id: order.id, token: order.guest_token }) });
    expect(made.status).toBe(201);
    const { authorization_url, access_code, reference } = (JSON.parse(made.body) as { data: { authorization_url: string; access_code: string; reference: string } }).data;
    // The shopper pays on the hosted page; the browser comes back to our success page.
    const back = await fetch(`${authorization_url}/pay`, { method: "POST", redirect: "manual" });
    const callback = new URL(back.headers.get("location")!);
    expect(callback.searchParams.get("reference")).toBe(reference);
    const success = await rawRequest(app.url, { path: `${callback.pathname}${callback.search}` });
    expect(success.status).toBeLessThan(500);
    const confirmed = await rawRequest(app.url, { method: "PATCH", path: "/api/v1/payments/paystack/confirm_payment", headers: json, body: JSON.stringify({ trx_ref: reference, order_id: order.id }) });
    expect(confirmed.status).toBe(200);
    await paystack.idle(); // the signed charge.success webhook has reached the server

    await app.linesFor(String(confirmed.headers["x-request-id"]));
    const all = app.output();
    const out = all.slice(all.indexOf('"msg":"listening on'));
    expect(out).toContain("/api/v1/payments/paystack/make/");
    for (const secret of [paystack.secretKey, access_code, order.guest_token, "4084084084084081", "4084 0840 8408 4081"]) {
      expect(out.includes(secret), `the log holds a secret (${secret.slice(0, 6)}…)`).toBe(false);
    }
  });
});

describe("/readyz", () => {
  it("answers 503 while /healthz answers 200 when the database cannot be reached", async () => {
    // Nothing listens on this port.
    const deadPort = await freePort();
    const app = await startAppServer({ seed: false, ready: false, env: { DATABASE_URL: `postgres://postgres@127.0.0.1:${deadPort}/nothing` } });
    try {
      const health = await rawRequest(app.url, { path: "/healthz" });
      expect(health.status).toBe(200);
      const t0 = Date.now();
      const ready = await rawRequest(app.url, { path: "/readyz" });
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.body)).toMatchObject({ status: "unavailable", database: "unreachable" });
      expect(Date.now() - t0).toBeLessThan(5_000);
      // The Docker HEALTHCHECK fails on it.
      expect(spawnSync(process.execPath, ["server/healthcheck.mjs"], { env: { ...process.env, PORT: String(app.port) } }).status).toBe(1);
    } finally {
      await app.stop();
    }
  });

  it("reports migrations not yet applied (so /readyz answers 503)", async () => {
    const db = await openPglite(undefined);
    try {
      expect(await readinessOf(db)).toEqual({ ok: false, database: "ok", pendingMigrations: migrations.map((m) => m.id) });
      await migrate(db);
      expect(await readinessOf(db)).toEqual({ ok: true, database: "ok", pendingMigrations: [] });
      const last = migrations[migrations.length - 1].id;
      await db.query("DELETE FROM schema_migrations WHERE id = $1", [last]);
      expect(await readinessOf(db)).toEqual({ ok: false, database: "ok", pendingMigrations: [last] });
    } finally {
      await db.close();
    }
    // A closed database is unreachable.
    expect((await readinessOf(db)).database).toBe("unreachable");
  });
});
