/**
 * Property-based fuzz of /api/v1, generated from the route table (paths with :params, methods,
 * the zod `body`/`query` schemas): wrong types, missing and extra fields, huge and unicode
 * strings, NUL, CR/LF, ids past 32 bits, negatives, floats, malformed uuids, wrong methods and
 * content types, bad and expired tokens. Every answer must be below 500, every error must have
 * the API's shape, and a 4xx must write nothing (a fingerprint of the database before and after).
 *
 * `npm test` runs a fixed seed and FUZZ_RUNS_PER_ROUTE (default 12) requests per route on each
 * engine; `npm run fuzz` runs more (scripts/fuzz.mjs: FUZZ_RUNS_PER_ROUTE, FUZZ_SEED).
 */
import fc from "fast-check";
import * as z from "zod";
import { describe, expect, it } from "vitest";
import { listRoutes, type RouteDef } from "~/api/router";
import { signAccess } from "~/api/tokens.server";
import { engines, makeUser, useApi, type TestApi } from "./harness";
import { dbFingerprint, diffFingerprints, makeOwned, makeStore, type Owned } from "../guards/fixtures";
import { BAD_TOKENS, type BodyKind, bodyKind, encodeBody, nastyQuery, nastyString, nastyValue, paramValue } from "../guards/nasty";

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS_PER_ROUTE ?? 12);
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "PROPFIND", "PURGE"];

/** An error body in the API's shape: {detail}, DRF field errors {field: [..]}, or a top-level list of messages. */
export function isApiErrorShape(body: unknown): boolean {
  if (Array.isArray(body)) return body.length > 0 && body.every((m) => typeof m === "string");
  if (!body || typeof body !== "object") return false;
  const o = body as Record<string, unknown>;
  if (typeof o.detail === "string") return true;
  const values = Object.values(o);
  return values.length > 0 && values.every((v) => Array.isArray(v) && v.length > 0 && v.every((m) => typeof m === "string"));
}

interface FieldSpec {
  name: string;
  type: string;
  required: boolean;
}

/** The top-level fields of a body schema, read through its JSON schema (transforms and pipes included). */
function fieldsOf(schema: z.ZodType | undefined): FieldSpec[] {
  if (!schema) return [];
  let js: Record<string, unknown>;
  try {
    js = z.toJSONSchema(schema, { unrepresentable: "any", io: "input" }) as Record<string, unknown>;
  } catch {
    return [];
  }
  const props = (js.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set((js.required as string[]) ?? []);
  return Object.entries(props).map(([name, p]) => {
    const t = p.type ?? (Array.isArray(p.anyOf) ? (p.anyOf as Record<string, unknown>[]).map((x) => x.type).join("|") : "any");
    return { name, type: String(t), required: required.has(name) };
  });
}

interface Pools {
  userIds: string[];
  productIds: string[];
  cartIds: string[];
  itemIds: string[];
  ids: string[];
}

/** A plausible value for a field, so that requests get past the first check now and then. */
function plausible(f: FieldSpec, pools: Pools): fc.Arbitrary<unknown> {
  const n = f.name.toLowerCase();
  if (n.includes("email")) return fc.constantFrom("fuzz@example.com", "shopper@buildmart.ng", "x@y");
  if (n.includes("password")) return fc.constantFrom("Str0ng#Passw0rd!", "short", "Str0ng#Passw0rd!");
  if (n === "prod_id" || n === "product_id") return fc.constantFrom(...pools.productIds.map(Number), ...pools.productIds);
  if (n === "user" || n === "user_id") return fc.constantFrom(...pools.userIds.map(Number), null, "");
  if (n.includes("quantity")) return fc.integer({ min: -3, max: 1200 });
  if (n === "rating") return fc.integer({ min: 0, max: 6 });
  if (n.includes("phone")) return fc.constantFrom("+2348031234567", "08031234567", "123");
  if (n.startsWith("is_") || f.type === "boolean") return fc.boolean();
  if (n === "country") return fc.constantFrom("NGA", "Nigeria", "XX");
  if (n === "state") return fc.constantFrom("Lagos", "Abuja (FCT)", "Atlantis");
  if (f.type.includes("integer") || f.type.includes("number")) return fc.integer({ min: -2, max: 10_000 });
  return fc.constantFrom("Ada", "12 Allen Avenue", "Ikeja", "A good product, would buy again.", "x");
}

function bodyArb(route: RouteDef, pools: Pools): fc.Arbitrary<Record<string, unknown>> {
  const fields = fieldsOf(route.body);
  const known = fields.map((f) =>
    fc.tuple(
      fc.constant(f.name),
      fc.oneof({ weight: 3, arbitrary: plausible(f, pools) }, { weight: 2, arbitrary: nastyValue }),
      // a required field goes missing now and then; an optional one often
      fc.integer({ min: 0, max: 9 }).map((d) => d >= (f.required ? 1 : 4)),
    ),
  );
  const extra = fc.array(fc.tuple(fc.constantFrom("role", "is_admin", "id", "user_id", "__proto__", "owner_id", "store_id", "x"), nastyValue), {
    maxLength: 2,
  });
  return fc.tuple(fc.tuple(...known), extra).map(([ks, ex]) => {
    const out: Record<string, unknown> = {};
    for (const [k, v, keep] of ks) if (keep) out[k] = v;
    for (const [k, v] of ex) out[k] = v;
    return out;
  });
}

interface FuzzRequest {
  route: string;
  method: string;
  path: string;
  query: [string, string][];
  body: Record<string, unknown>;
  kind: BodyKind;
  auth: "none" | "owner" | "other" | "admin" | "bad" | "expired" | "wrong-scheme";
}

/** Query parameters: the route's declared `query` fields (when it has a schema) and the usual list filters. */
function queryArb(route: RouteDef): fc.Arbitrary<[string, string][]> {
  const declaredKeys = fieldsOf(route.query).map((f) => f.name);
  if (!declaredKeys.length) return nastyQuery;
  const own = fc.array(fc.tuple(fc.constantFrom(...declaredKeys), fc.oneof(nastyString, fc.integer().map(String)).map((v) => v.slice(0, 600))), {
    maxLength: 3,
  });
  return fc.tuple(own, nastyQuery).map(([a, b]) => [...a, ...b]);
}

function requestArb(route: RouteDef, pools: Pools): fc.Arbitrary<FuzzRequest> {
  const keys = [...route.path.matchAll(/:([a-zA-Z_]+)/g)].map((m) => m[1]);
  const poolFor = (k: string) =>
    k === "userId" ? pools.userIds : k === "cartId" ? pools.cartIds : k === "itemId" ? pools.itemIds : k === "productId" ? pools.productIds : pools.ids;
  const params = fc.tuple(...keys.map((k) => paramValue(poolFor(k))));
  const pathStyle = fc.constantFrom("as-is", "as-is", "as-is", "as-is", "as-is", "no-slash", "double-slash", "upper");
  return fc
    .record({
      params,
      pathStyle,
      method: fc.oneof({ weight: 8, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) }),
      query: queryArb(route),
      body: bodyArb(route, pools),
      kind: bodyKind,
      auth: fc.constantFrom("none", "owner", "owner", "owner", "owner", "other", "admin", "bad", "expired", "wrong-scheme"),
    })
    .map(({ params: ps, pathStyle: style, method, query, body, kind, auth }) => {
      let i = 0;
      let path = route.path.replace(/:([a-zA-Z_]+)/g, () => ps[i++]);
      if (style === "no-slash") path = path.replace(/\/$/, "");
      if (style === "double-slash") path = path.replace(/\//g, "//");
      if (style === "upper") path = path.toUpperCase();
      return { route: `${route.method} ${route.path}`, method, path, query, body, kind, auth } as FuzzRequest;
    });
}

async function refreshPools(api: TestApi, owner: { id: number }, extra: Owned[]): Promise<Pools> {
  const owned = await makeOwned(api.db, owner.id, null);
  extra.push(owned);
  const cats = await api.db.query<{ id: number }>("SELECT id FROM categories ORDER BY id LIMIT 2");
  return {
    userIds: [String(owner.id)],
    productIds: [String(owned.productId), String(owned.deliveredProductId)],
    cartIds: extra.flatMap((o) => [o.cartId, o.guestCartId]),
    itemIds: extra.flatMap((o) => [String(o.cartItemId), String(o.guestCartItemId)]),
    ids: [
      String(owned.addressId),
      String(owned.wishlistId),
      owned.orderId,
      String(owned.productId),
      String(owner.id),
      ...cats.rows.map((c) => String(c.id)),
    ],
  };
}

describe.each(engines())("API fuzz on %s", (engine) => {
  const api = useApi(engine);

  it(`survives ${RUNS_PER_ROUTE} generated requests per route (seed ${SEED})`, async () => {
    const owner = await makeUser(api, { first_name: "Fuzz", last_name: "Owner" });
    const other = await makeUser(api, { first_name: "Fuzz", last_name: "Other" });
    const admin = await makeUser(api, { role: "admin" });
    await makeStore(api.db, owner.id);
    const expired = (await signAccess(owner.id, Date.now() - 24 * 3600_000)).token;
    const tokens: Record<FuzzRequest["auth"], string | null> = {
      none: null,
      owner: `Bearer ${owner.token}`,
      other: `Bearer ${other.token}`,
      admin: `Bearer ${admin.token}`,
      bad: `Bearer ${BAD_TOKENS[0]}`,
      expired: `Bearer ${expired}`,
      "wrong-scheme": `Basic ${Buffer.from("a:b").toString("base64")}`,
    };
    const owned: Owned[] = [];
    let pools = await refreshPools(api, owner, owned);

    const routes = listRoutes().filter((r) => r.path !== "/schema/");
    const failures: string[] = [];
    const seen = new Set<string>();
    let sent = 0;
    let wrote = false;
    let before = await dbFingerprint(api.db);
    const statuses: Record<string, number> = {};

    for (const [ri, route] of routes.entries()) {
      const reqs = fc.sample(requestArb(route, pools), { seed: SEED + ri, numRuns: RUNS_PER_ROUTE });
      // one request per route carries a hostile token (cycling through BAD_TOKENS)
      if (reqs.length) reqs[0].auth = "bad";
      for (const [n, req] of reqs.entries()) {
        // Fresh pools at each route's start and every 15 requests, when something was written since
        // (a DELETE may have used them up); a 4xx writes nothing, which this test checks.
        if (wrote && ((n === 0 && ri > 0) || (n > 0 && n % 15 === 0))) {
          pools = await refreshPools(api, owner, owned);
          before = await dbFingerprint(api.db);
          wrote = false;
        }
        const url = new URL(`${api.base}${req.path}`);
        for (const [k, v] of req.query) url.searchParams.append(k, v);
        const headers: Record<string, string> = {};
        const auth = req.auth === "bad" ? `Bearer ${BAD_TOKENS[(ri + n) % BAD_TOKENS.length]}` : tokens[req.auth];
        if (auth) headers.authorization = auth;
        const hasBody = !["GET", "HEAD", "OPTIONS"].includes(req.method);
        const enc = hasBody ? encodeBody(req.kind, req.body) : { type: null, body: undefined };
        if (enc.type) headers["content-type"] = enc.type;
        let status: number;
        let text: string;
        let ctype: string;
        try {
          const r = await fetch(url, { method: req.method, headers, body: enc.body, redirect: "manual" });
          status = r.status;
          ctype = r.headers.get("content-type") ?? "";
          text = req.method === "HEAD" ? "" : await r.text();
        } catch (e) {
          status = 599;
          ctype = "";
          text = String(e);
        }
        sent++;
        statuses[String(status)] = (statuses[String(status)] ?? 0) + 1;
        if (status < 400 && hasBody) wrote = true;
        const after = await dbFingerprint(api.db, before);
        const problems: string[] = [];
        if (status >= 500) problems.push(`answered ${status}: ${text.slice(0, 200)}`);
        else if (status >= 400 && req.method !== "HEAD") {
          let body: unknown = null;
          try {
            body = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          if (!ctype.includes("application/json") || !isApiErrorShape(body)) problems.push(`${status} error body not in the API's shape: ${text.slice(0, 160)}`);
        }
        if (status >= 400) {
          const diff = diffFingerprints(before, after);
          if (diff.length) problems.push(`${status} but wrote: ${diff.join("; ").slice(0, 300)}`);
        }
        before = after;
        for (const p of problems) {
          const key = `${req.route} ${p.slice(0, 40)}`;
          if (seen.has(key)) continue;
          seen.add(key);
          failures.push(
            `${req.route}: ${req.method} ${url.pathname.slice(0, 120)}${url.search.slice(0, 80)} [${req.kind}, token ${req.auth}] body ${JSON.stringify(req.body).slice(0, 120)} -> ${p}`,
          );
        }
      }
    }
    console.log(`[fuzz ${engine}] ${sent} requests over ${routes.length} routes, seed ${SEED}; statuses ${JSON.stringify(statuses)}`);
    expect(failures, failures.join("\n")).toEqual([]);
  }, 240_000);

  it("answers unknown paths, wrong methods and broken escapes with a 4xx in the API's shape", async () => {
    const cases: Array<[string, string]> = [
      ["GET", "/users/adresses/99999999999/"],
      ["GET", "/orders/------------------------------------/"],
      ["GET", "/users/%E0%A4%A/"],
      ["GET", "/carts/%00/"],
      ["GET", "/products/%/"],
      ["DELETE", "/products/"],
      ["PUT", "/users/auth/login/"],
      ["PROPFIND", "/products/"],
      ["GET", "/no/such/thing/"],
      ["GET", `/${"a/".repeat(500)}`],
    ];
    const failures: string[] = [];
    for (const [method, path] of cases) {
      const r = await fetch(`${api.base}${path}`, { method });
      const text = await r.text();
      let body: unknown = null;
      try {
        body = JSON.parse(text);
      } catch {
        /* */
      }
      if (r.status >= 500 || r.status < 400 || !isApiErrorShape(body)) failures.push(`${method} ${path} -> ${r.status} ${text.slice(0, 120)}`);
    }
    expect(failures, failures.join("\n")).toEqual([]);
  });
});

// Keep the arbitrary exported for the larger `npm run fuzz` run and for debugging one case.
export { nastyString };
