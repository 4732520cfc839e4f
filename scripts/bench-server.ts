/**
 * The server the benchmarks measure: the production build (`node server/start.mjs`, SKIP_BUILD=1)
 * on a loopback port with a fresh embedded database holding the demo catalogue, or PostgreSQL
 * with BENCH_DATABASE_URL, or an already running server at BASE_URL (loopback only).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEMO_SHOPPER } from "~/db/seed/catalog-data";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

export interface Target {
  name: string;
  path: string;
  /** Cookie headers of the visitors, one per client (client i sends cookies[i % length]); none: anonymous. */
  cookies?: string[];
}

/** Who asks: `anonymous` (the page cache serves them), `cart` (a guest with a cart: rendered), `member` (signed in: rendered). */
export type Visitor = "anonymous" | "cart" | "member";

/** The cookies from an answer's Set-Cookie headers, as one Cookie header. */
function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c.endsWith("="))
    .join("; ");
}

/**
 * The Cookie header of a visitor, made through the storefront's own forms (a plain POST as with
 * JavaScript off): a guest who added `productPath`'s product to their cart (`cartId`), or the
 * demo shopper signed in (`__session`).
 */
export async function visitorCookie(base: string, visitor: Visitor, productPath: string): Promise<string | undefined> {
  if (visitor === "anonymous") return undefined;
  const post = (path: string, form: Record<string, string>) =>
    fetch(base + path, { method: "POST", redirect: "manual", headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form) });
  const productId = productPath.match(/(\d+)$/)?.[1] ?? "1";
  const res =
    visitor === "cart"
      ? await post("/cart", { intent: "add", productId, quantity: "1", redirectTo: "/" })
      : await post("/auth/login", { email: DEMO_SHOPPER.email, password: DEMO_SHOPPER.password, redirectTo: "/" });
  let cookie = cookiesOf(res);
  if (!cookie.includes(visitor === "cart" ? "cartId=" : "__session=")) throw new Error(`could not make a ${visitor} visitor (${res.status})`);
  // The page after the form, as a browser would follow it: it shows (and so takes) the form's flash
  // message, and the session comes back without it.
  const next = await fetch(base + (res.headers.get("location") ?? "/"), { redirect: "manual", headers: { Cookie: cookie } });
  await next.arrayBuffer();
  const jar = new Map(cookie.split("; ").map((c) => [c.split("=")[0], c] as const));
  for (const c of next.headers.getSetCookie()) {
    const pair = c.split(";")[0];
    const name = pair.split("=")[0];
    if (pair.endsWith("=") || /max-age=0/i.test(c)) jar.delete(name);
    else jar.set(name, pair);
  }
  cookie = [...jar.values()].join("; ");
  return cookie;
}

export async function startServer(): Promise<{ base: string; child: ChildProcess | null; dataDir: string | null }> {
  if (process.env.BASE_URL) {
    const u = new URL(process.env.BASE_URL);
    if (!LOOPBACK.has(u.hostname)) throw new Error(`bench:load only runs against this machine (loopback), not ${u.hostname}`);
    return { base: u.origin, child: null, dataDir: null };
  }
  const port = 4000 + (process.pid % 900);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-load-"));
  const child = spawn(process.execPath, ["server/start.mjs"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SKIP_BUILD: "1",
      NODE_ENV: "production",
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? "",
      // With PostgreSQL, npm start runs one process per core when payments go to Paystack (never called here).
      PAYSTACK_SECRET_KEY: process.env.BENCH_DATABASE_URL ? "sk_test_bench_not_used" : "",
      REDIS_URL: "",
      SESSION_SECRET: process.env.SESSION_SECRET || "bench-load-secret",
    },
    // BENCH_SERVER_LOG=file: the server's log lines (JSON) go there, to read after a run.
    stdio: process.env.BENCH_SERVER_LOG ? ["ignore", fs.openSync(process.env.BENCH_SERVER_LOG, "a"), fs.openSync(process.env.BENCH_SERVER_LOG, "a")] : "ignore",
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 360; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${base}/readyz`)).ok && (await fetch(`${base}/`)).ok) return { base, child, dataDir };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error("the server did not start");
}

/**
 * `n` visitors of one kind, each with cookies of their own: `n` guests who each added the product
 * to a cart of their own, or `n` sign-ins of the demo shopper (each its own session). A few at a
 * time: a sign-in checks a password hash.
 */
export async function visitorCookies(base: string, visitor: Visitor, productPath: string, n: number): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < n; i += 8) {
    const batch = await Promise.all(Array.from({ length: Math.min(8, n - i) }, () => visitorCookie(base, visitor, productPath)));
    out.push(...batch.map((c) => c!));
  }
  return out;
}

/**
 * The targets: home, a listing, a product and a static file named by the home page's HTML; then,
 * for every other visitor of VISITORS (comma list of anonymous, cart, member; default anonymous),
 * home, listing and product again as that visitor (`home+cart`, ...), `clients` visitors of each
 * kind with cookies of their own (one per client connection).
 */
export async function targets(base: string, clients = 1): Promise<Target[]> {
  const anon = await anonymousTargets(base);
  const visitors = (process.env.VISITORS ?? "anonymous").split(",").map((v) => v.trim()) as Visitor[];
  const out = visitors.includes("anonymous") ? [...anon] : [];
  const product = anon.find((t) => t.name === "product")?.path ?? "/products/1";
  for (const v of visitors) {
    if (v === "anonymous") continue;
    if (v !== "cart" && v !== "member") throw new Error(`VISITORS: unknown visitor ${v}`);
    const cookies = await visitorCookies(base, v, product, clients);
    for (const t of anon) if (t.name !== "static") out.push({ name: `${t.name}+${v}`, path: t.path, cookies });
  }
  return out;
}

async function anonymousTargets(base: string): Promise<Target[]> {
  if (process.env.PAGES) return process.env.PAGES.split(",").map((p) => ({ name: p, path: p }));
  const home = await (await fetch(`${base}/`)).text();
  const listing = process.env.LISTING ?? "/building-materials";
  const listed = await (await fetch(base + listing)).text();
  const product = listed.match(/href="(\/[a-z0-9-]+\/\d+)"/)?.[1] ?? "/products/1";
  const asset =
    home.match(/<link[^>]+rel="stylesheet"[^>]+href="(\/build\/[^"]+\.css)"/)?.[1] ?? home.match(/src="(\/build\/[^"]+\.js)"/)?.[1] ?? "/favicon.svg";
  return [
    { name: "home", path: "/" },
    { name: "listing", path: listing },
    { name: "product", path: product },
    { name: "static", path: asset },
  ];
}
