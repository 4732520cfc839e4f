/**
 * Property-based fuzz of the storefront's form actions on the production server
 * (`node server/start.mjs`, fresh seeded data, each engine): POSTs to page paths with hostile
 * form bodies (NUL, CR/LF, huge and non-Latin-1 strings, out-of-range ids, open-redirect
 * spellings in redirectTo), in the wrong content type (JSON, multipart without a boundary, none),
 * with and without `?_data`, a foreign or missing Origin, a signed-in session or a forged cookie.
 *
 * Asserts: never a 5xx; a redirect never leaves the site; and on PostgreSQL, where the test can
 * look at the database beside the server, a 4xx writes nothing (the embedded database belongs to
 * the server process while it runs, so there only the first two are checked).
 *
 * `npm test`: fixed seed, FUZZ_FORM_RUNS (default 15) posts per action and engine; more with `npm run fuzz`.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres, type Db } from "~/db/client.server";
import { DEMO_SHOPPER } from "~/db/seed/catalog-data";
import { ensureBuild, engineAvailable, freshData, startApp, type AppData, type AppEngine, type AppProcess } from "../guards/app-process";
import { dbFingerprint, diffFingerprints } from "../guards/fixtures";
import { NASTY_NUMBERS, NASTY_STRINGS, nastyString, type BodyKind } from "../guards/nasty";

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RUNS = Number(process.env.FUZZ_FORM_RUNS ?? 15);

const REDIRECTS = ["/", "/cart", "//evil.example", "/\t/evil.example", "/\\evil.example", "https://evil.example", "/x\r\nLocation: //evil", "/\u0000", "/Ọ̀gbọ́n", "javascript:alert(1)", "%2F%2Fevil.example"];

interface Target {
  path: string;
  signedIn: boolean;
  fields: Record<string, fc.Arbitrary<string>>;
}

const id = fc.oneof(
  fc.constantFrom("1", "2", "3", "10"),
  fc.constantFrom(...NASTY_NUMBERS.map(String)),
  fc.constantFrom("abc", "", "-1", "1.5", "99999999999", "------------------------------------"),
);
const text = fc.oneof({ weight: 2, arbitrary: fc.constantFrom("Ada", "12 Allen Avenue", "Ikeja", "Lagos", "+2348031234567") }, { weight: 3, arbitrary: nastyString });
const email = fc.oneof(fc.constantFrom("fuzz@example.com", DEMO_SHOPPER.email, "x@y", ""), nastyString);
const redirectTo = fc.constantFrom(...REDIRECTS);

const TARGETS: Target[] = [
  {
    path: "/cart",
    signedIn: false,
    fields: {
      intent: fc.constantFrom("add", "buy", "increment", "decrement", "set", "remove", "merge", "delivery-state", "\u0000", ""),
      deliveryState: fc.oneof(fc.constantFrom("Kano", "abuja", "FCT"), text),
      productId: id,
      itemId: id,
      quantity: fc.oneof(id, fc.constantFrom("0", "-5", "1000", "1e9")),
      redirectTo,
      _fetcher: fc.constantFrom("1", "0", ""),
    },
  },
  { path: "/cart", signedIn: true, fields: { intent: fc.constantFrom("add", "set", "remove"), productId: id, itemId: id, quantity: id, redirectTo } },
  // the product page's delivery state picker
  { path: "/products/1?index", signedIn: false, fields: { intent: fc.constantFrom("delivery-state", "x", ""), deliveryState: fc.oneof(fc.constantFrom("Kano", "Lagos"), text), redirectTo } },
  { path: "/auth/login", signedIn: false, fields: { email, password: text, redirectTo } },
  {
    path: "/auth/register",
    signedIn: false,
    fields: { first_name: text, last_name: text, email, phone: text, password1: text, password2: text, newsletter: fc.constantFrom("on", ""), redirectTo },
  },
  {
    path: "/users/account/addresses",
    signedIn: true,
    fields: {
      intent: fc.constantFrom("create", "default", "delete", "edit", ""),
      id,
      receiver_first_name: text,
      receiver_last_name: text,
      receiver_phone_one: text,
      receiver_phone_two: text,
      street_address: text,
      city: text,
      state: fc.oneof(fc.constantFrom("Lagos", "FCT"), nastyString),
      country: fc.constantFrom("NGA", "Ghana", ""),
      zip_code: text,
      lga: fc.oneof(fc.constantFrom("Ikeja", "Dala", "eti osa"), nastyString),
      landmark: text,
      is_default: fc.constantFrom("on", "true", ""),
    },
  },
  { path: "/users/wishlist", signedIn: true, fields: { intent: fc.constantFrom("toggle", "remove", "move", "x"), productId: id, id, redirectTo } },
  { path: "/newsletter", signedIn: false, fields: { email, redirectTo } },
  { path: "/lite", signedIn: false, fields: { lite: fc.constantFrom("1", "0", "\u0000"), redirectTo } },
  { path: "/forget-password", signedIn: false, fields: { email } },
  { path: "/logout", signedIn: true, fields: { redirectTo } },
];

type Kind = Extract<BodyKind, "form" | "multipart" | "multipart-no-boundary" | "json" | "text" | "none">;

interface FormRequest {
  target: number;
  body: Record<string, string>;
  kind: Kind;
  origin: "same" | "evil" | "none";
  data: boolean;
  cookie: "session" | "none" | "forged";
}

function requestArb(t: Target, index: number): fc.Arbitrary<FormRequest> {
  const fields = Object.entries(t.fields).map(([k, a]) => fc.tuple(fc.constant(k), fc.option(a, { freq: 5 })));
  return fc.record({
    target: fc.constant(index),
    body: fc.tuple(...fields).map((kv) => Object.fromEntries(kv.filter(([, v]) => v !== null)) as Record<string, string>),
    kind: fc.oneof({ weight: 6, arbitrary: fc.constant<Kind>("form") }, { weight: 3, arbitrary: fc.constantFrom<Kind>("multipart", "multipart-no-boundary", "json", "text", "none") }),
    origin: fc.oneof({ weight: 6, arbitrary: fc.constant<"same">("same") }, { weight: 2, arbitrary: fc.constantFrom<"evil" | "none">("evil", "none") }),
    data: fc.boolean(),
    cookie: t.signedIn ? fc.oneof({ weight: 5, arbitrary: fc.constant<"session">("session") }, { weight: 1, arbitrary: fc.constantFrom<"none" | "forged">("none", "forged") }) : fc.constantFrom<"none" | "forged" | "session">("none", "none", "forged", "session"),
  });
}

function encode(kind: Kind, body: Record<string, string>): { type: string | null; body: BodyInit } {
  switch (kind) {
    case "form":
      return { type: "application/x-www-form-urlencoded", body: new URLSearchParams(body).toString() };
    case "multipart": {
      const fd = new FormData();
      for (const [k, v] of Object.entries(body)) fd.append(k, v);
      return { type: null, body: fd };
    }
    case "multipart-no-boundary":
      return { type: "multipart/form-data", body: new URLSearchParams(body).toString() };
    case "json":
      return { type: "application/json", body: JSON.stringify(body) };
    case "text":
      return { type: "text/plain", body: new URLSearchParams(body).toString() };
    case "none":
      return { type: null, body: new URLSearchParams(body).toString() };
  }
}

function cookiesFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

const ENGINES: AppEngine[] = ["pglite", "postgres"];

describe.each(ENGINES)("storefront form actions fuzz on %s", (engine) => {
  let data: AppData | null = null;
  let app: AppProcess | null = null;
  let db: Db | null = null;
  let available = true;

  beforeAll(async () => {
    available = await engineAvailable(engine);
    if (!available) return;
    await ensureBuild();
    data = await freshData(engine, `forms-${engine}`);
    app = await startApp(data, { seed: true });
    if (data.databaseUrl) db = await openPostgres(data.databaseUrl, 2);
  }, 300_000);

  afterAll(async () => {
    await db?.close();
    await app?.stop();
    await data?.drop();
  });

  it(`survives ${RUNS} generated posts per form action (seed ${SEED})`, async (ctx) => {
    if (!available) ctx.skip();
    const origin = app!.origin;
    // a signed-in session (the demo shopper)
    const login = await fetch(`${origin}/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin },
      body: new URLSearchParams({ email: DEMO_SHOPPER.email, password: DEMO_SHOPPER.password }).toString(),
      redirect: "manual",
    });
    const session = cookiesFrom(login);
    expect([302, 303], `the demo shopper could not sign in (${login.status})`).toContain(login.status);
    expect(session).toContain("=");

    const failures: string[] = [];
    const seen = new Set<string>();
    const statuses: Record<string, number> = {};
    let sent = 0;
    let before = db ? await dbFingerprint(db) : null;
    for (const [ti, t] of TARGETS.entries()) {
      const reqs = fc.sample(requestArb(t, ti), { seed: SEED + ti, numRuns: RUNS });
      for (const req of reqs) {
        const enc = encode(req.kind, req.body);
        const headers: Record<string, string> = {};
        if (enc.type) headers["content-type"] = enc.type;
        if (req.origin === "same") headers.origin = origin;
        if (req.origin === "evil") headers.origin = "https://evil.example";
        if (req.cookie === "session") headers.cookie = session;
        if (req.cookie === "forged") headers.cookie = "__session=eyJ1c2VySWQiOjF9.forged; cartId=abc";
        const route = t.path === "/" ? "routes/_index" : `routes${t.path.replace(/\//g, ".").replace(/^\./, "/")}`;
        const url = `${origin}${t.path}${req.data ? `${t.path.includes("?") ? "&" : "?"}_data=${encodeURIComponent(route)}` : ""}`;
        let status = 599;
        let location = "";
        let textBody = "";
        try {
          const res = await fetch(url, { method: "POST", headers, body: enc.body, redirect: "manual" });
          status = res.status;
          location = res.headers.get("location") ?? res.headers.get("x-remix-redirect") ?? "";
          textBody = await res.text();
        } catch (e) {
          textBody = String(e);
        }
        sent++;
        statuses[status] = (statuses[status] ?? 0) + 1;
        const problems: string[] = [];
        if (status >= 500) problems.push(`answered ${status}: ${textBody.replace(/\s+/g, " ").slice(0, 160)}`);
        if (location) {
          let leaves = true;
          try {
            leaves = new URL(location, origin).origin !== origin || [...location].some((ch) => ch.charCodeAt(0) < 0x20);
          } catch {
            /* an unparsable Location is as bad */
          }
          if (leaves) problems.push(`redirects off the site: ${JSON.stringify(location)}`);
        }
        if (db) {
          const after = await dbFingerprint(db, before ?? undefined);
          if (status >= 400 && status < 500) {
            const diff = diffFingerprints(before!, after);
            if (diff.length) problems.push(`${status} but wrote: ${diff.join("; ").slice(0, 240)}`);
          }
          before = after;
        }
        for (const p of problems) {
          const key = `${t.path} ${p.slice(0, 30)}`;
          if (seen.has(key)) continue;
          seen.add(key);
          failures.push(`POST ${url.slice(origin.length)} [${req.kind}, origin ${req.origin}, cookie ${req.cookie}] ${JSON.stringify(req.body).slice(0, 160)} -> ${p}`);
        }
      }
    }
    // Reads with hostile query strings and ids.
    for (const p of ["/auth/login?redirectTo=%2F%09%2Fevil.example", "/auth/login?redirectTo=%0D%0A", "/users/orders/------------------------------------/", "/users/orders/99999999999", "/cart?_data=routes%2Fcart&x=%00", "/%E0%A4%A"]) {
      const res = await fetch(`${origin}${p}`, { headers: { cookie: session }, redirect: "manual" });
      sent++;
      if (res.status >= 500) failures.push(`GET ${p} -> ${res.status}`);
    }
    console.log(`[form fuzz ${engine}] ${sent} requests over ${TARGETS.length} form actions, seed ${SEED}; statuses ${JSON.stringify(statuses)}`);
    expect(failures, failures.join("\n")).toEqual([]);
  }, 600_000);
});

export { NASTY_STRINGS };
