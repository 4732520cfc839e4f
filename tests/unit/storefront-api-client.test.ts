/**
 * The storefront's API client per request: one client per request (memoised on the
 * load context, with the Request as fallback), one session read, at most one token refresh even
 * when several calls get a 401 at once, the session committed once, and X-Forwarded-For /
 * X-Request-Id from the context when API_URL is set. Runs against a small stub API over HTTP.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/config.server";
import { apiFor, onApiCall, type ApiCall } from "~/storefront/api.server";
import { commitSession, sessionStorage } from "~/storefront/session.server";

let server: http.Server;
let seen: { method: string; url: string; auth?: string; xff?: string; rid?: string }[] = [];
let validAccess = "new-access";
let refreshOk = true;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      seen.push({ method: req.method!, url: req.url!, auth: req.headers.authorization, xff: req.headers["x-forwarded-for"] as string, rid: req.headers["x-request-id"] as string });
      res.setHeader("Content-Type", "application/json");
      if (req.url === "/api/v1/users/auth/token/refresh/") {
        // slow enough that concurrent callers overlap
        setTimeout(() => {
          if (!refreshOk) return res.writeHead(401).end(JSON.stringify({ detail: "Token is blacklisted", code: "token_not_valid" }));
          res.end(JSON.stringify({ access: validAccess, refresh: "new-refresh", access_expiration: new Date(Date.now() + 900_000).toISOString() }));
        }, 30);
        return;
      }
      if (req.headers.authorization && req.headers.authorization !== `Bearer ${validAccess}`) {
        return res.writeHead(401).end(JSON.stringify({ detail: "Given token not valid", code: "token_not_valid" }));
      }
      res.end(JSON.stringify({ ok: true, path: req.url, body }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  process.env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  resetEnvCache();
});

afterAll(async () => {
  delete process.env.API_URL;
  resetEnvCache();
  await new Promise((r) => server.close(r));
});

beforeEach(() => {
  seen = [];
  validAccess = "new-access";
  refreshOk = true;
});

async function signedInRequest(access = "old-access", expired = false): Promise<Request> {
  const s = await sessionStorage().getSession();
  s.set("userId", 7);
  s.set("access", access);
  s.set("refresh", "old-refresh");
  s.set("accessExpiration", new Date(Date.now() + (expired ? -60_000 : 900_000)).toISOString());
  s.set("firstName", "Ada");
  const cookie = (await commitSession(s)).split(";")[0];
  return new Request("http://localhost:3000/users/account/addresses", { headers: { Cookie: cookie } });
}

describe("apiFor", () => {
  it("gives every loader of one request the same client (same context object)", async () => {
    const req = await signedInRequest();
    const context = {};
    // Remix hands each loader its own copy of the Request, but one context object
    const copy = new Request(req.url, { headers: req.headers });
    const [a, b, c] = await Promise.all([apiFor(req, context), apiFor(copy, context), apiFor(req, context)]);
    expect(a).toBe(b);
    expect(b).toBe(c);
    expect(await apiFor(req, {})).not.toBe(a); // another request
    // no context: memoised on the Request object
    const d = await apiFor(copy);
    expect(await apiFor(copy)).toBe(d);
  });

  it("refreshes at most once when several calls get a 401 together, and commits the session once", async () => {
    const req = await signedInRequest("old-access");
    const api = await apiFor(req, {});
    const calls: ApiCall[] = [];
    const off = onApiCall((c) => calls.push(c));
    const rs = await Promise.all([api.get("/a/"), api.get("/b/"), api.get("/c/")]);
    off();
    expect(rs.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(seen.filter((s) => s.url.endsWith("/token/refresh/"))).toHaveLength(1);
    expect(calls.filter((c) => c.path.endsWith("/token/refresh/"))).toHaveLength(1);
    const first = await api.headers();
    expect(first.getSetCookie().filter((c) => c.startsWith("__session="))).toHaveLength(1);
    // a second loader of the same request: nothing changed since, no second Set-Cookie
    expect((await api.headers()).getSetCookie()).toHaveLength(0);
  });

  it("refreshes before the first call when the stored access token has expired", async () => {
    const req = await signedInRequest("old-access", true);
    const api = await apiFor(req, {});
    await Promise.all([api.get("/a/"), api.get("/b/")]);
    expect(seen[0].url).toBe("/api/v1/users/auth/token/refresh/");
    expect(seen.map((s) => s.url).sort()).toEqual(["/api/v1/a/", "/api/v1/b/", "/api/v1/users/auth/token/refresh/"]);
    expect(seen.filter((s) => s.auth === "Bearer old-access")).toHaveLength(0);
  });

  it("a session ended on the server: after the one refresh fails, must() sends the user to login and clears the cookie", async () => {
    refreshOk = false;
    const req = await signedInRequest("old-access");
    const api = await apiFor(req, {});
    const thrown = (await api.must(api.get("/users/7/addresses/")).catch((e: unknown) => e)) as Response;
    expect(thrown).toBeInstanceOf(Response);
    expect(thrown.status).toBe(303);
    expect(thrown.headers.get("Location")).toBe("/auth/login?redirectTo=%2Fusers%2Faccount%2Faddresses");
    expect(thrown.headers.get("Set-Cookie")).toMatch(/^__session=/);
    expect(api.user).toBeNull();
    expect(seen.filter((s) => s.url.endsWith("/token/refresh/"))).toHaveLength(1);
  });

  it("passes the client address and request id of the context to a remote API", async () => {
    const req = await signedInRequest("new-access");
    const api = await apiFor(req, { clientIp: "203.0.113.9", requestId: "req-123" });
    await api.get("/x/", { auth: false });
    expect(seen[0]).toMatchObject({ xff: "203.0.113.9", rid: "req-123" });
  });

  it("makes no read for a visitor who has gone (the render stops), but still sends a write", async () => {
    const controller = new AbortController();
    const base = await signedInRequest("new-access");
    const req = new Request(base.url, { headers: base.headers, signal: controller.signal });
    const api = await apiFor(req, { clientIp: "203.0.113.9", requestId: "req-gone" });
    await api.get("/before/", { auth: false });
    controller.abort();
    const err = await api.get("/after/", { auth: false }).catch((e: unknown) => e);
    expect((err as Error).name).toBe("AbortError");
    await api.post("/write/", { a: 1 }, { auth: false });
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(["GET /api/v1/before/", "POST /api/v1/write/"]);
  });
});
