/**
 * Hardening from an attacker's review, against the real production server:
 * body-size limits (413 before reading past the limit), keep-alive connections after a refusal,
 * malformed paths, a session ended elsewhere, headers on every answer, the Secure cookie flag
 * behind a trusted https proxy, and the API's refusals of bad input.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN, DEMO_SHOPPER, DEMO_VENDOR } from "~/db/seed/catalog-data";
import { cookieHeader, cookiesFrom, rawRequest, startAppServer, type RawResponse, type RunningServer } from "./harness";

let app: RunningServer;
const JSON_TYPE = { "Content-Type": "application/json" };
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const MB = 1024 * 1024;

beforeAll(async () => {
  // 127.0.0.2 plays a load balancer (TRUSTED_PROXIES); tests connect from 127.0.0.1 or from it.
  app = await startAppServer({ env: { TRUSTED_PROXIES: "127.0.0.2" } });
});
afterAll(async () => {
  await app?.stop();
});

const get = (path: string, headers: Record<string, string> = {}, localAddress?: string) => rawRequest(app.url, { path, headers, localAddress });
const post = (path: string, headers: Record<string, string>, body: string | Buffer = "", opts: { noLength?: boolean; localAddress?: string } = {}) =>
  rawRequest(app.url, { method: "POST", path, headers, body, ...opts });

async function apiLogin(account: { email: string; password: string }): Promise<{ access: string; userId: number }> {
  const r = await post("/api/v1/users/auth/login/", JSON_TYPE, JSON.stringify({ email: account.email, password: account.password }));
  expect(r.status).toBe(200);
  const body = JSON.parse(r.body) as { access: string; user: { id: number } };
  return { access: body.access, userId: body.user.id };
}

async function formLogin(): Promise<Record<string, string>> {
  const r = await post("/auth/login", { ...FORM, Origin: app.url }, new URLSearchParams({ email: DEMO_SHOPPER.email, password: DEMO_SHOPPER.password }).toString());
  expect(r.status).toBe(303);
  return cookiesFrom(r);
}

describe("body size limits", () => {
  it("refuses a 2 MB JSON login with 413, by Content-Length and when sent chunked", async () => {
    const big = JSON.stringify({ email: "a@example.com", password: "x".repeat(2 * MB) });
    const r = await post("/api/v1/users/auth/login/", JSON_TYPE, big);
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body).detail).toMatch(/too large/);
    const chunked = await post("/api/v1/users/auth/login/", JSON_TYPE, big, { noLength: true });
    expect(chunked.status).toBe(413);
    // Just under the limit is read and answered as usual (wrong credentials).
    const fits = await post("/api/v1/users/auth/login/", JSON_TYPE, JSON.stringify({ email: "a@example.com", password: "x".repeat(MB - 100) }));
    expect(fits.status).toBe(400);
  });

  it("refuses a url-encoded API form over 1 MB and a multipart body over 20 MB without reading it", async () => {
    const form = await post("/api/v1/users/auth/login/", FORM, `email=a%40example.com&password=${"x".repeat(MB + 10)}`);
    expect(form.status).toBe(413);
    // The server answers from the announced length alone: only a few bytes are ever sent.
    const multipart = await post("/api/v1/stores/uploads/", { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(21 * MB) }, "--x\r\n");
    expect(multipart.status).toBe(413);
  });

  it("refuses storefront forms over the limits with a 413 page (also chunked)", async () => {
    const body = new URLSearchParams({ email: "a@example.com", password: "x".repeat(2 * MB) }).toString();
    for (const noLength of [false, true]) {
      const r = await post("/auth/login", { ...FORM, Origin: app.url }, body, { noLength });
      expect(r.status).toBe(413);
      expect(r.headers["content-type"]).toMatch(/^text\/html/);
      expect(r.headers["x-content-type-options"]).toBe("nosniff");
    }
  });
});

describe("keep-alive after a refusal", () => {
  it("answers the next request on the same connection after a 401 to a POST with a 1 MB body, and after a 413", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, body?: string) =>
      new Promise<{ status: number; reused: boolean; body: string }>((resolve, reject) => {
        const u = new URL(path, app.url);
        const req = http.request(
          { host: "127.0.0.1", port: u.port, path: u.pathname + u.search, method, agent, headers: { Host: u.host, ...(body ? { ...JSON_TYPE, "Content-Length": String(Buffer.byteLength(body)) } : {}) } },
          (res) => {
            let text = "";
            res.setEncoding("utf8");
            res.on("data", (c: string) => (text += c));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket, body: text }));
          },
        );
        req.on("error", reject);
        req.end(body);
      });
    try {
      // Anonymous: the admin route refuses before looking at the body.
      const refused = await send("POST", "/api/v1/admin/categories/", JSON.stringify({ name: "x".repeat(MB - 200) }));
      expect(refused.status).toBe(401);
      const next = await send("GET", "/api/v1/products/?page_size=1");
      expect(next.status).toBe(200);
      expect(next.reused).toBe(true);
      expect(JSON.parse(next.body).results).toHaveLength(1);
      // After a 413 too: the rest of the body is discarded, the connection goes on.
      const tooLarge = await send("POST", "/api/v1/users/auth/login/", JSON.stringify({ email: "a@example.com", password: "x".repeat(2 * MB) }));
      expect(tooLarge.status).toBe(413);
      const after = await send("GET", "/api/v1/products/?page_size=1");
      expect(after.status).toBe(200);
    } finally {
      agent.destroy();
    }
    // Generous, but well below the server's 65 s keep-alive wait a stuck connection would take.
  }, 30_000);
});

describe("malformed paths and redirect targets", () => {
  it.each(["/%09/x%2F", "/%0a/a.b%2F", "/%5C/a.b%2F", "/%09/evil.example%2F/", "/%5c%5cevil.example/"])("GET %s is a 4xx page, not a 500", async (path) => {
    const r = await get(path, { Accept: "text/html" });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    if (r.headers.location) expect(r.headers.location).not.toMatch(/^(\/\/|\/\\|[a-z]+:)/i);
  });

  it("does not send the shopper off the site after login with redirectTo=/%09/evil.example%2F", async () => {
    for (const to of ["/%09/evil.example%2F", "/%0a/evil.example", "/%5C/evil.example", "/%2F/evil.example"]) {
      const r = await post("/auth/login", { ...FORM, Origin: app.url }, new URLSearchParams({ email: DEMO_SHOPPER.email, password: DEMO_SHOPPER.password, redirectTo: to }).toString());
      expect(r.status).toBe(303);
      expect(r.headers.location).toBe("/");
    }
  });
});

describe("a session ended elsewhere", () => {
  it("sends the other browser to the login page (and clears its session) instead of an error", async () => {
    const first = await formLogin();
    const second = await formLogin();
    // Signing out in the first browser ends every session of the user.
    const out = await post("/logout", { ...FORM, Origin: app.url, Cookie: cookieHeader(first) }, "");
    expect(out.status).toBe(303);
    for (const path of ["/cart", "/users/orders", "/checkout/payment", "/users/notification"]) {
      const r = await get(path, { Cookie: cookieHeader(second), Accept: "text/html" });
      expect([302, 303], `${path} answered ${r.status}`).toContain(r.status);
      expect(r.headers.location).toBe(`/auth/login?redirectTo=${encodeURIComponent(path)}`);
      // The dead session's user is gone from the cookie: the login page shows signed out.
      const jar = cookiesFrom(r, { ...second });
      const login = await get(r.headers.location!, { Cookie: cookieHeader(jar), Accept: "text/html" });
      expect(login.status).toBe(200);
      expect(login.body).toMatch(/name="password"/);
    }
  });
});

describe("headers on every answer", () => {
  async function buildFile(): Promise<string> {
    const home = await get("/", { Accept: "text/html" });
    const m = /\/build\/[\w./-]+\.js/.exec(home.body);
    expect(m).not.toBeNull();
    return m![0];
  }

  it("X-Content-Type-Options: nosniff on pages, data, build files, robots, sitemap, health and refusals; no HSTS over http", async () => {
    const answers: Array<[string, RawResponse]> = [
      ["page", await get("/", { Accept: "text/html" })],
      [".data", await get("/_root.data")],
      ["build", await get(await buildFile(), { "Accept-Encoding": "br" })],
      ["build (plain)", await get(await buildFile())],
      ["robots", await get("/robots.txt")],
      ["sitemap", await get("/sitemap.xml")],
      ["healthz", await get("/healthz")],
      ["readyz", await get("/readyz")],
      ["api", await get("/api/v1/products/?page_size=1")],
      ["404", await get("/no-such-page-here", { Accept: "text/html" })],
      ["403", await post("/cart", { ...FORM, Origin: "https://evil.example" }, "intent=add")],
      ["413", await post("/api/v1/users/auth/login/", JSON_TYPE, "x".repeat(MB + 1))],
      ["415", await post("/cart", { "Content-Type": "text/plain", Origin: app.url }, "x")],
    ];
    for (const [what, r] of answers) {
      expect(r.status, what).toBeGreaterThan(0);
      expect(r.headers["x-content-type-options"], what).toBe("nosniff");
      expect(r.headers["strict-transport-security"], what).toBeUndefined();
    }
  });

  it("marks cookies Secure when the trusted proxy says the request came over https, not when anyone else says so", async () => {
    const lite = (localAddress: string) => post("/lite", { ...FORM, Origin: app.url, "X-Forwarded-Proto": "https" }, "lite=1&redirectTo=/", { localAddress });
    const viaProxy = await lite("127.0.0.2");
    expect(viaProxy.status).toBe(303);
    expect(viaProxy.headers["set-cookie"]?.join("\n")).toMatch(/^lite=.*; Secure$/im);
    const direct = await lite("127.0.0.1");
    expect(direct.status).toBe(303);
    expect(direct.headers["set-cookie"]?.join("\n")).toMatch(/^lite=/m);
    expect(direct.headers["set-cookie"]?.join("\n")).not.toMatch(/Secure/i);
    // The session cookie of a login through the proxy too.
    const login = await post(
      "/auth/login",
      { ...FORM, Origin: app.url, "X-Forwarded-Proto": "https" },
      new URLSearchParams({ email: DEMO_SHOPPER.email, password: DEMO_SHOPPER.password }).toString(),
      { localAddress: "127.0.0.2" },
    );
    expect(login.status).toBe(303);
    expect(login.headers["set-cookie"]?.join("\n")).toMatch(/^__session=.*; Secure/m);
  });
});

describe("Strict-Transport-Security when PUBLIC_URL is https", () => {
  let secure: RunningServer;
  beforeAll(async () => {
    secure = await startAppServer({ seed: false, env: { PUBLIC_URL: "https://shop.example.ng" } });
  });
  afterAll(async () => {
    await secure?.stop();
  });

  it("sends HSTS on pages, health checks and API answers", async () => {
    for (const path of ["/healthz", "/robots.txt", "/api/v1/products/"]) {
      const r = await rawRequest(secure.url, { path });
      expect(r.headers["strict-transport-security"], path).toMatch(/^max-age=\d{7,}/);
      expect(r.headers["x-content-type-options"], path).toBe("nosniff");
    }
  });
});

describe("the API refuses bad input", () => {
  it("refuses a category move without a parent or with parent: true (400), and still moves with a real one", async () => {
    const { access } = await apiLogin(DEMO_ADMIN);
    const auth = { ...JSON_TYPE, Authorization: `Bearer ${access}` };
    const created = await post("/api/v1/admin/categories/", auth, JSON.stringify({ name: "Hardening test category", parent: null }));
    expect(created.status).toBe(201);
    const { id } = JSON.parse(created.body) as { id: number };
    const other = JSON.parse((await post("/api/v1/admin/categories/", auth, JSON.stringify({ name: "Hardening test parent" }))).body) as { id: number };
    for (const body of [{}, { parent: true }, { parent: 1.5 }, { parent: "1e1" }, { parent: [other.id] }]) {
      const r = await post(`/api/v1/admin/categories/${id}/move/`, auth, JSON.stringify(body));
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(JSON.parse(r.body).parent).toEqual(["Choose a parent category."]);
    }
    const moved = await post(`/api/v1/admin/categories/${id}/move/`, auth, JSON.stringify({ parent: other.id }));
    expect(moved.status).toBe(200);
    expect(JSON.parse(moved.body).parent).toBe(other.id);
  });

  it("refuses a lone UTF-16 surrogate in a JSON body (400) instead of storing U+FFFD", async () => {
    const { access } = await apiLogin(DEMO_ADMIN);
    const auth = { ...JSON_TYPE, Authorization: `Bearer ${access}` };
    for (const raw of ['{"name": "Cement \\ud800 bags"}', '{"name": "\\udfff"}', '{"name": "ok", "parent": null, "x\\ud800": 1}']) {
      const r = await post("/api/v1/admin/categories/", auth, raw);
      expect(r.status, raw).toBe(400);
      expect(r.body).toMatch(/surrogate/);
    }
    // A real character outside the BMP (a surrogate pair) is fine.
    const ok = await post("/api/v1/admin/categories/", auth, '{"name": "Tiles \\ud83e\\uddf1"}');
    expect(ok.status).toBe(201);
    expect(JSON.parse(ok.body).name).toBe("Tiles 🧱");
  });

  it("refuses a member invite to a quoted or bracketed address (400)", async () => {
    const { access, userId } = await apiLogin(DEMO_VENDOR);
    const auth = { ...JSON_TYPE, Authorization: `Bearer ${access}` };
    const stores = JSON.parse((await get(`/api/v1/stores/owner/${userId}/`, { Authorization: `Bearer ${access}` })).body) as { id: number }[];
    const storeId = stores.at(-1)!.id;
    for (const email of ['"<img src=x onerror=alert(1)>"@example.ng', "<victim@example.ng>", "a b@example.ng", '"a"@example.ng', "x@[127.0.0.1]", "a..b@example.ng", "a@example", "a@-example.ng"]) {
      const r = await post(`/api/v1/stores/${storeId}/members/`, auth, JSON.stringify({ email }));
      expect(r.status, email).toBe(400);
      expect(JSON.parse(r.body).email, email).toBeDefined();
    }
  });
});

describe("OpenAPI", () => {
  it("lists query parameters of the product list and other lists", async () => {
    const doc = JSON.parse((await get("/api/v1/schema/")).body) as { paths: Record<string, Record<string, { parameters: Array<{ name: string; in: string }> }>> };
    const queryOf = (p: string) => doc.paths[p].get.parameters.filter((x) => x.in === "query").map((x) => x.name);
    expect(queryOf("/products/")).toEqual(expect.arrayContaining(["page", "page_size", "search", "ordering", "category_id"]));
    expect(queryOf("/products/categories/{id}/products/")).toEqual(expect.arrayContaining(["page", "ordering"]));
  });
});
