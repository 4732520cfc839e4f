/**
 * `npm run bench:pages`: page weight and server response time of the main pages, as a shopper on
 * a slow phone pays for them. Starts the production build on a fresh embedded database with the
 * demo catalogue (or uses BASE_URL), then for each page prints the gzip bytes of HTML, CSS and JS
 * with JavaScript (normal) and in Lite mode (Save-Data: on, no scripts), and p50/p95 of the HTML
 * response time over N requests. Figures only; nothing here passes or fails. The "flags" column
 * names what a page should not ship (docs/architecture.md, "Client JavaScript"): `empty:N`, N
 * script files with no code (stubs of server modules), and `zod`, the validation library.
 * `{store}` in PAGES stands for the public page of the store selling /products/1; `{transfer}` and
 * `{ussd}` for the bank transfer / USSD page of a guest's new order of /products/1, `{door}` for the
 * page that pays a guest's pay-on-delivery shipment by transfer at the door (issue 33: at
 * most 20 KB with JavaScript off), placed and started through the API (the local Paystack stand-in).
 *
 *   npm run build && npm run bench:pages            # N=30
 *   BASE_URL=http://localhost:3000 N=100 npm run bench:pages
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

const N = Number(process.env.N ?? 30);
const PAGES = (
  process.env.PAGES ??
  "/,/building-materials,/products/?search=cement,/products/1,/products/1/reviews,{store},/cart,/checkout/payment?buy=1&g=y,{transfer},{ussd},{door},/auth/login,/auth/register,/faq"
).split(",");

/** A script file with no code of its own: only imports/exports and esbuild's empty CommonJS stub. */
function isEmptyChunk(code: string): boolean {
  const body = code
    .replace(/import\s*\{[^}]*\}\s*from\s*"[^"]+";?/g, "")
    .replace(/import\s*"[^"]+";?/g, "")
    .replace(/export\s*\{[^}]*\};?/g, "")
    .replace(/export default \w+\(\);?/g, "")
    .replace(/var \w+=\w+\(\(\w+,\w+\)=>\{\w+\.exports=\{\}\}\);?/g, "")
    .trim();
  return body.length === 0;
}
/** zod v4's classes keep their names through minification. */
const hasZod = (code: string) => code.includes('"ZodError"') || code.includes("$ZodType");

async function startServer(): Promise<{ base: string; child: ChildProcess | null }> {
  if (process.env.BASE_URL) return { base: process.env.BASE_URL.replace(/\/$/, ""), child: null };
  const port = 3900 + (process.pid % 90);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pages-"));
  const child = spawn(process.execPath, ["server/start.mjs"], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SKIP_BUILD: "1", NODE_ENV: "production", DATABASE_URL: "", SESSION_SECRET: "bench" },
    stdio: "ignore",
  });
  const base = `http://localhost:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/v1/products/categories/root_categories/`)).ok) return { base, child };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error("server did not start");
}

const gz = (buf: Buffer) => zlib.gzipSync(buf, { level: 6 }).length;

async function weigh(base: string, page: string, lite: boolean) {
  const headers: Record<string, string> = lite ? { "Save-Data": "on" } : {};
  const res = await fetch(base + page, { headers });
  const html = Buffer.from(await res.arrayBuffer());
  const text = html.toString("utf8");
  const css = [...text.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
  const js = [
    ...text.matchAll(/<script[^>]+src="([^"]+)"/g),
    ...text.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
    ...text.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?"(\/build\/[^"]+\.js)"/g),
  ].map((m) => m[1]);
  // <AppScripts> (app/framework/app-scripts.tsx) lists the files it loads after the LCP image.
  const deferred = /const preloads = (\[[^\]]*\]);/.exec(text);
  if (deferred) js.push(...(JSON.parse(deferred[1]) as string[]));
  const inlineJs = [...text.matchAll(/<script(?![^>]+src=)[^>]*>([\s\S]*?)<\/script>/g)].reduce((n, m) => n + m[1].length, 0);
  const flags = { empty: 0, zod: false };
  const sum = async (urls: string[], script = false) => {
    let total = 0;
    for (const u of new Set(urls)) {
      const body = Buffer.from(await (await fetch(new URL(u, base))).arrayBuffer());
      total += gz(body);
      if (script) {
        const code = body.toString("utf8");
        if (isEmptyChunk(code)) flags.empty++;
        if (hasZod(code)) flags.zod = true;
      }
    }
    return total;
  };
  return { status: res.status, html: gz(html), css: await sum(css), js: await sum(js, true), jsFiles: new Set(js).size, inlineJs, flags };
}

async function timing(base: string, page: string) {
  const times: number[] = [];
  for (let i = 0; i < N; i++) {
    const t0 = performance.now();
    const r = await fetch(base + page);
    await r.arrayBuffer();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  return { p50: q(0.5), p95: q(0.95) };
}

/**
 * `{transfer}` / `{ussd}`: a guest order of /products/1, its transfer or USSD payment started, and
 * that payment's page. `{door}`: a guest's pay-on-delivery order of it, and the page that pays its
 * shipment by transfer at the door (the shipped SMS's link).
 */
async function offlinePage(base: string, how: "transfer" | "ussd" | "door"): Promise<string> {
  const ussd = how === "ussd";
  const post = async (path: string, body: unknown) => {
    const r = await fetch(`${base}/api/v1${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const json = await r.json();
    if (!r.ok) throw new Error(`${path}: ${r.status} ${JSON.stringify(json).slice(0, 200)}`);
    return json;
  };
  const address = {
    email: "bench.guest@example.com",
    receiver_first_name: "Chidi",
    receiver_last_name: "Okafor",
    receiver_phone_one: "08031234567",
    street_address: "14 Ogui Road, Enugu North",
    city: "Enugu",
    state: "Enugu",
    zip_code: "400001",
    country: "NGA",
  };
  const order = await post("/orders/", { guest_delivery_address: address, order_payment_method: how === "door" ? "PayOnDelivery" : "CardPayment", buy: 1, quantity: 1 });
  if (how === "door") {
    const full = await (await fetch(`${base}/api/v1/orders/${order.id}/?token=${encodeURIComponent(order.guest_token)}`)).json();
    return `/orders/${order.id}/pay/${full.shipments[0].id}?t=${encodeURIComponent(order.guest_token)}`;
  }
  const pay = await post(ussd ? "/payments/paystack/ussd/" : "/payments/paystack/transfer/", { order_id: order.id, token: order.guest_token, ...(ussd ? { bank: "737" } : {}) });
  return `/checkout/offline/${pay.reference}?order_id=${order.id}&g=y`;
}

/** `{store}`: the public page of the store that sells /products/1, found in that page's HTML. */
async function resolve(base: string, page: string): Promise<string> {
  if (page === "{transfer}" || page === "{ussd}" || page === "{door}") return offlinePage(base, page.slice(1, -1) as "transfer" | "ussd" | "door");
  if (page !== "{store}") return page;
  const html = await (await fetch(`${base}/products/1`)).text();
  return /href="(\/shop\/[^"]+)"/.exec(html)?.[1] ?? "/shop/unknown";
}

const { base, child } = await startServer();
try {
  console.log(`Page weight (gzip bytes) and HTML response time at ${base}, ${N} requests per page\n`);
  console.log(
    ["page", "status", "HTML", "CSS", "JS (files)", "total", "lite total", "p50 ms", "p95 ms", "flags"].map((s, i) => (i === 0 ? s.padEnd(28) : s.padStart(11))).join(""),
  );
  for (const p of PAGES) {
    const page = await resolve(base, p);
    const normal = await weigh(base, page, false);
    const lite = await weigh(base, page, true);
    const t = await timing(base, page);
    const kb = (n: number) => `${(n / 1024).toFixed(1)}K`;
    console.log(
      [
        page.padEnd(28),
        String(normal.status).padStart(11),
        kb(normal.html).padStart(11),
        kb(normal.css).padStart(11),
        `${kb(normal.js)} (${normal.jsFiles})`.padStart(11),
        kb(normal.html + normal.css + normal.js).padStart(11),
        `${kb(lite.html + lite.css + lite.js)}${lite.js ? "!" : ""}`.padStart(11),
        t.p50.toFixed(1).padStart(11),
        t.p95.toFixed(1).padStart(11),
        `  ${[normal.flags.empty ? `empty:${normal.flags.empty}` : "", normal.flags.zod ? "zod" : ""].filter(Boolean).join(" ")}`,
      ].join(""),
    );
  }
  console.log("\n(images are lazy-loaded WebP variants and not counted; 'lite total' is with Save-Data: on, which ships no script;");
  console.log(" flags: empty:N script files without code, zod the validation library shipped to the browser)");
} finally {
  child?.kill();
}
