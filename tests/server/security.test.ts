/**
 * The production server's own checks, against the real server (server/app.mjs + the build):
 * CSRF on every state-changing storefront request, form bodies that are not forms, legacy
 * `?_data` requests, X-Forwarded-For only from TRUSTED_PROXIES, the CSP nonce, the headers.
 */
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieHeader, cookiesFrom, rawRequest, startAppServer, type RawResponse, type RunningServer } from "./harness";

let app: RunningServer;
const EVIL = "https://evil.example";
const form = (o: Record<string, string>) => new URLSearchParams(o).toString();
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

beforeAll(async () => {
  // 127.0.0.2 plays a load balancer; tests connect from 127.0.0.1 (a client) or from it.
  app = await startAppServer({ env: { TRUSTED_PROXIES: "127.0.0.2, 10.0.0.0/8" } });
});
afterAll(async () => {
  await app?.stop();
});

const post = (path: string, headers: Record<string, string>, body = "", localAddress?: string) => rawRequest(app.url, { method: "POST", path, headers, body, localAddress });
const get = (path: string, headers: Record<string, string> = {}, localAddress?: string) => rawRequest(app.url, { path, headers, localAddress });

async function aProductId(): Promise<number> {
  const r = await get("/api/v1/products/?page_size=5");
  expect(r.status).toBe(200);
  return (JSON.parse(r.body) as { results: { id: number }[] }).results[0].id;
}

/** The number in the header's cart badge for this cookie jar. */
async function cartCount(jar: Record<string, string>): Promise<number> {
  const r = await get("/cart", { Cookie: cookieHeader(jar) });
  expect(r.status).toBe(200);
  return Number(/data-testid="cart-count"[^>]*>(\d+)</.exec(r.body)?.[1]);
}

function expectRefusedPage(r: RawResponse, status: number) {
  expect(r.status).toBe(status);
  expect(r.headers["content-type"]).toMatch(/^text\/html/);
  expect(r.headers["set-cookie"]).toBeUndefined();
  expect(r.body).toContain(`Reference: <code>${r.headers["x-request-id"]}</code>`);
}

describe("CSRF: state-changing storefront requests must come from our origin", () => {
  it("refuses a cross-site add to cart on the page action, .data and ?_data, and changes nothing", async () => {
    const productId = String(await aProductId());
    // A guest with a cart holding one item (a same-origin form post).
    const jar = cookiesFrom(await post("/cart", { ...FORM, Origin: app.url }, form({ intent: "add", productId })));
    expect(await cartCount(jar)).toBe(1);

    for (const path of ["/cart", "/cart.data", "/cart?_data=routes%2Fcart", "/cart?index&_data=routes%2Fcart"]) {
      const r = await post(path, { ...FORM, Origin: EVIL, Cookie: cookieHeader(jar) }, form({ intent: "add", productId }));
      expectRefusedPage(r, 403);
    }
    // Older browsers: no Origin, but Sec-Fetch-Site or a foreign Referer.
    expectRefusedPage(await post("/cart", { ...FORM, "Sec-Fetch-Site": "cross-site", Cookie: cookieHeader(jar) }, form({ intent: "add", productId })), 403);
    expectRefusedPage(await post("/cart", { ...FORM, Referer: `${EVIL}/page`, Cookie: cookieHeader(jar) }, form({ intent: "add", productId })), 403);
    // Opaque origins (sandboxed frames, data: URLs) are not ours either.
    expectRefusedPage(await post("/cart", { ...FORM, Origin: "null", Cookie: cookieHeader(jar) }, form({ intent: "add", productId })), 403);
    expect(await cartCount(jar)).toBe(1);

    // The same add from our own pages goes through.
    const ok = await post("/cart", { ...FORM, Origin: app.url, "Sec-Fetch-Site": "same-origin", Cookie: cookieHeader(jar) }, form({ intent: "add", productId }));
    expect(ok.status).toBe(303);
    expect(await cartCount(jar)).toBe(2);
  });

  it("refuses a cross-site POST to resource routes without a page (/logout, /lite, /newsletter)", async () => {
    for (const path of ["/logout", "/lite", "/newsletter"]) {
      expectRefusedPage(await post(path, { ...FORM, Origin: EVIL }, form({ lite: "1", email: "a@example.com", redirectTo: "/" })), 403);
    }
    // From our origin they answer as before (a redirect), not 403.
    const lite = await post("/lite", { ...FORM, Origin: app.url }, form({ lite: "1", redirectTo: "/" }));
    expect(lite.status).toBe(303);
    expect(lite.headers["set-cookie"]?.join(";")).toMatch(/lite=/);
  });

  it("accepts our own origin by Host, by PUBLIC_URL, by Sec-Fetch-Site and by Referer, and requests with no browser headers", async () => {
    // PUBLIC_URL is http://localhost:PORT; a request addressed to 127.0.0.1 still accepts it.
    const viaIp = await rawRequest(app.url, { method: "POST", path: "/lite", headers: { ...FORM, Host: `127.0.0.1:${app.port}`, Origin: app.url }, body: form({ lite: "0" }) });
    expect(viaIp.status).toBe(303);
    const byHost = await rawRequest(app.url, { method: "POST", path: "/lite", headers: { ...FORM, Host: `127.0.0.1:${app.port}`, Origin: `http://127.0.0.1:${app.port}` }, body: form({ lite: "0" }) });
    expect(byHost.status).toBe(303);
    expect((await post("/lite", { ...FORM, "Sec-Fetch-Site": "same-origin" }, form({ lite: "0" }))).status).toBe(303);
    expect((await post("/lite", { ...FORM, Referer: `${app.url}/cart` }, form({ lite: "0" }))).status).toBe(303);
    expect((await post("/lite", FORM, form({ lite: "0" }))).status).toBe(303);
    // A look-alike origin is another origin.
    expectRefusedPage(await post("/lite", { ...FORM, Origin: `http://localhost:${app.port}.evil.example` }, form({ lite: "0" })), 403);
    expectRefusedPage(await post("/lite", { ...FORM, Origin: `https://localhost:${app.port}` }, form({ lite: "0" })), 403);
  });

  it("believes X-Forwarded-Host and -Proto for our origin only from a trusted proxy", async () => {
    const headers = { ...FORM, Origin: "https://shop.example", "X-Forwarded-Host": "shop.example", "X-Forwarded-Proto": "https" };
    expect((await post("/lite", headers, form({ lite: "0" }), "127.0.0.2")).status).toBe(303);
    expectRefusedPage(await post("/lite", headers, form({ lite: "0" }), "127.0.0.1"), 403);
  });

  it("answers a page's form from PUBLIC_URL through a proxy that rewrites Host (no 500 from Remix's own check), and refuses a foreign origin there", async () => {
    const productId = String(await aProductId());
    // The documented proxy setup: the proxy (not in TRUSTED_PROXIES here) sends Host 10.0.0.5:3000, the browser's Origin is PUBLIC_URL.
    const proxied = { ...FORM, Host: "10.0.0.5:3000", Origin: app.url };
    for (const path of ["/cart", "/cart.data"]) {
      const r = await post(path, proxied, form({ intent: "add", productId }));
      expect(r.status, `${path}: ${r.body.slice(0, 300)}`).toBeLessThan(500);
      expect(r.status).not.toBe(403);
    }
    expect((await post("/auth/login", proxied, form({ email: "nobody@example.com", password: "Wrong#Password1" }))).status).toBe(400);
    // A trusted proxy's X-Forwarded-Host and -Proto, Host rewritten.
    const trusted = { ...FORM, Host: "10.0.0.5:3000", Origin: "https://shop.example", "X-Forwarded-Host": "shop.example", "X-Forwarded-Proto": "https" };
    expect((await post("/cart", trusted, form({ intent: "add", productId }), "127.0.0.2")).status).toBe(303);
    // An X-Forwarded-Host from a peer we do not trust counts for nothing: neither accepted nor a 500.
    const spoofed = await post("/cart", { ...FORM, Origin: app.url, "X-Forwarded-Host": "evil.example" }, form({ intent: "add", productId }));
    expect(spoofed.status).toBe(303);
    // A foreign Origin behind the same proxy is refused before any action runs.
    expectRefusedPage(await post("/cart", { ...proxied, Origin: EVIL }, form({ intent: "add", productId })), 403);
    expectRefusedPage(await post("/auth/login", { ...proxied, Origin: "https://shop.example", "X-Forwarded-Host": "shop.example" }, form({ email: "a@example.com", password: "x" })), 403);
  });

  it("leaves the bearer-token API (with CORS) alone", async () => {
    const r = await post("/api/v1/users/auth/login/", { "Content-Type": "application/json", Origin: EVIL }, JSON.stringify({ email: "nobody@example.com", password: "wrong-password" }));
    expect(r.status).not.toBe(403);
    expect(r.status).toBeLessThan(500);
    expect(r.headers["content-type"]).toMatch(/application\/json/);
  });

  it("answers 400 (not 500) to a path with a malformed %-escape", async () => {
    for (const path of ["/%E0%A4%A", "/cart/%E0%A4%A", "/%"]) {
      const r = await get(path);
      expect(r.status, path).toBe(400);
    }
  });

  it("never refuses a GET, and a GET changes nothing", async () => {
    expect((await get("/cart", { Origin: EVIL, "Sec-Fetch-Site": "cross-site" })).status).toBe(200);
  });
});

describe("form posts that are not forms answer 4xx before Remix runs", () => {
  const cases: [string, Record<string, string>, string, number][] = [
    ["JSON", { "Content-Type": "application/json" }, JSON.stringify({ intent: "add", productId: 1 }), 415],
    ["no content type", {}, "intent=add&productId=1", 415],
    ["no content type, no body", {}, "", 415],
    ["text/plain", { "Content-Type": "text/plain" }, "intent=add", 415],
    ["multipart without a boundary", { "Content-Type": "multipart/form-data" }, "intent=add", 415],
    ["multipart with a broken body", { "Content-Type": "multipart/form-data; boundary=XyZ" }, "this is not multipart", 400],
    ["multipart cut short", { "Content-Type": "multipart/form-data; boundary=XyZ" }, '--XyZ\r\nContent-Disposition: form-data; name="intent"\r\n\r\nadd', 400],
  ];
  for (const path of ["/cart", "/cart.data", "/auth/login", "/newsletter", "/logout", "/users/account/addresses"]) {
    it(`POST ${path}`, async () => {
      for (const [what, headers, body, status] of cases) {
        const r = await post(path, { ...headers, Origin: app.url }, body);
        expect(r.status, `${what} to ${path}`).toBe(status);
        expect(r.headers["set-cookie"], what).toBeUndefined();
      }
    });
  }

  it("takes a well-formed multipart form through to the action", async () => {
    const productId = String(await aProductId());
    const b = "----formBoundary7MA4YWxk";
    const body = [`--${b}`, 'Content-Disposition: form-data; name="intent"', "", "add", `--${b}`, 'Content-Disposition: form-data; name="productId"', "", productId, `--${b}--`, ""].join("\r\n");
    const r = await post("/cart", { "Content-Type": `multipart/form-data; boundary=${b}`, Origin: app.url }, body);
    expect(r.status).toBe(303);
    expect(await cartCount(cookiesFrom(r))).toBe(1);
  });

  it("answers 413 for a form body over the limit, with or without Content-Length", async () => {
    const big = `email=${"a".repeat(1024 * 1024 + 10)}`;
    expect((await post("/newsletter", { ...FORM, Origin: app.url }, big)).status).toBe(413);
    const chunked = await rawRequest(app.url, { method: "POST", path: "/newsletter", headers: { ...FORM, Origin: app.url, "Transfer-Encoding": "chunked" }, body: big, noLength: true });
    expect(chunked.status).toBe(413);
    expect((await rawRequest(app.url, { method: "POST", path: "/lite", headers: { ...FORM, Origin: app.url, "Transfer-Encoding": "chunked" }, body: "lite=0", noLength: true })).status).toBe(303);
  });

  it("answers 400 for legacy ?_data requests, which single-fetch Remix would turn into 500s", async () => {
    // Before: an action's 400 came back as 500 (RangeError) or an empty 200.
    for (const path of ["/auth/login?_data=routes%2Fauth.login", "/cart?_data=routes%2Fcart", "/cart?_data=root", "/cart?%5Fdata=root"]) {
      const r = await post(path, { ...FORM, Origin: app.url }, form({ intent: "bogus", email: "x" }));
      expect(r.status, path).toBe(400);
    }
    expect((await get("/cart?_data=routes%2Fcart")).status).toBe(400);
    // The single-fetch form of the same request answers the action's own 400.
    const single = await post("/cart.data", { ...FORM, Origin: app.url }, form({ intent: "bogus" }));
    expect(single.status).toBe(400);
  });
});

describe("client address: X-Forwarded-For only from TRUSTED_PROXIES", () => {
  async function clientIpOf(r: RawResponse) {
    const id = String(r.headers["x-request-id"]);
    const line = (await app.linesFor(id)).find((l) => l.msg === "request");
    expect(line, `log line of ${id}`).toBeDefined();
    return line!.clientIp;
  }

  it("ignores X-Forwarded-For from an untrusted peer (the socket address counts)", async () => {
    expect(await clientIpOf(await get("/about", { "X-Forwarded-For": "203.0.113.9" }, "127.0.0.1"))).toBe("127.0.0.1");
    expect(await clientIpOf(await get("/about", {}, "127.0.0.1"))).toBe("127.0.0.1");
  });

  it("believes a trusted proxy, taking the right-most address that is not a trusted proxy", async () => {
    expect(await clientIpOf(await get("/about", { "X-Forwarded-For": "203.0.113.9" }, "127.0.0.2"))).toBe("203.0.113.9");
    // A client-set entry on the left does not win over what the proxy appended.
    expect(await clientIpOf(await get("/about", { "X-Forwarded-For": "198.51.100.66, 203.0.113.9" }, "127.0.0.2"))).toBe("203.0.113.9");
    // A chain of trusted proxies (10.0.0.0/8) is skipped.
    expect(await clientIpOf(await get("/about", { "X-Forwarded-For": "203.0.113.9, 10.1.2.3" }, "127.0.0.2"))).toBe("203.0.113.9");
    // A trusted peer without the header is the client itself.
    expect(await clientIpOf(await get("/about", {}, "127.0.0.2"))).toBe("127.0.0.2");
  });

  it("takes X-Request-Id only from a trusted proxy", async () => {
    const mine = "lb-0123456789abcdef";
    expect((await get("/healthz", { "X-Request-Id": mine }, "127.0.0.1")).headers["x-request-id"]).not.toBe(mine);
    expect((await get("/healthz", { "X-Request-Id": mine }, "127.0.0.2")).headers["x-request-id"]).toBe(mine);
    // Not an id: replaced.
    // (A fresh id is a random UUID, which may itself contain the letters "bad": compare the whole value.)
    const replaced = (await get("/healthz", { "X-Request-Id": "bad id with spaces" }, "127.0.0.2")).headers["x-request-id"];
    expect(replaced).not.toBe("bad id with spaces");
    expect(replaced).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });
});

describe("Content-Security-Policy and security headers on pages", () => {
  it("sends a CSP with a fresh nonce that every inline script of the page carries", async () => {
    const nonces = new Set<string>();
    for (const path of ["/", "/cart", "/auth/login", "/no-such-page"]) {
      const r = await get(path);
      expect(r.status, path).toBe(path === "/no-such-page" ? 404 : 200);
      const csp = String(r.headers["content-security-policy"]);
      expect(csp).toMatch(/(^|; )default-src 'self'(;|$)/);
      expect(csp).toMatch(/(^|; )object-src 'none'(;|$)/);
      expect(csp).toMatch(/(^|; )frame-ancestors 'self'(;|$)/);
      expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
      const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]{16,})'/.exec(csp)?.[1];
      expect(nonce, path).toBeDefined();
      nonces.add(nonce!);
      const inline = (r.body.match(/<script\b[^>]*>/g) ?? []).filter((t) => !/\ssrc=/.test(t) && !/ld\+json/.test(t));
      expect(inline.length, path).toBeGreaterThan(0);
      for (const tag of inline) expect(tag, path).toContain(`nonce="${nonce}"`);
      // The security headers that were there before.
      expect(r.headers["x-content-type-options"]).toBe("nosniff");
      expect(r.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(r.headers["x-frame-options"]).toBe("SAMEORIGIN");
      expect(r.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(r.headers["x-powered-by"]).toBeUndefined();
    }
    expect(nonces.size).toBe(4);
  });

  it("serves the build immutable and public files as remix-serve did", async () => {
    const page = await get("/");
    const css = /href="(\/build\/[^"]+\.css)"/.exec(page.body)![1];
    const asset = await get(css, { "Accept-Encoding": "gzip" });
    expect(asset.status).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers["content-encoding"]).toBe("gzip");
    const icon = await get("/favicon.svg");
    expect(icon.status).toBe(200);
    expect(icon.headers["cache-control"]).toBe("public, max-age=3600");
  });
});

describe("health", () => {
  it("GET /healthz answers 200 at once; GET /readyz 200 with the database up to date", async () => {
    const h = await get("/healthz");
    expect(h.status).toBe(200);
    expect(JSON.parse(h.body)).toEqual({ status: "ok" });
    expect(h.headers["cache-control"]).toBe("no-store");
    const r = await get("/readyz");
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toEqual({ status: "ready", database: "ok", pendingMigrations: [] });
  });

  it("the Docker HEALTHCHECK script (server/healthcheck.mjs) passes against a ready server", () => {
    const r = spawnSync(process.execPath, ["server/healthcheck.mjs"], { env: { ...process.env, PORT: String(app.port) } });
    expect(r.status).toBe(0);
  });
});
