/**
 * `npm run bench:lighthouse`: Lighthouse mobile (its default simulated slow 4G and 4x CPU) on
 * home, a listing and a product, with JavaScript on and in lite mode (`Save-Data: on`, which picks lite: no
 * scripts), RUNS runs each (default 3), interleaved, printing the medians of the performance
 * score, LCP, FCP, TBT, CLS and bytes transferred. Figures only; nothing passes or fails.
 * Each run is preceded by requests for the page in the same mode, so it meets the page as the
 * page cache keeps it for anonymous shoppers, its images' variants made once (`warm`; "server ms":
 * the response time Lighthouse saw, which its simulation adds to the time to first byte).
 * Also, from each run's trace, figures that a busy machine disturbs less: "long" = the number of
 * main-thread tasks after first paint that Lighthouse's 4x CPU makes longer than 50 ms, and
 * "TBT-cpu" = their blocking time computed from the thread's CPU time instead of wall time
 * (what TBT would be on an idle machine; with 2 shared cores the wall-time TBT is mostly noise).
 * A second table splits the LCP into Lighthouse's phases and shows two inputs of its simulation:
 * the server time it gives every request to the origin (the median over all the page's requests,
 * images included, so slow image answers delay the HTML's simulated first byte too) and the HTML's
 * bytes on the wire (past ~14.6 KB, a new connection's first flight, it takes one more round trip).
 * Lighthouse 12.8 (the last for Node 20) is fetched by npx on first use, so it is
 * not part of `npm ci`; Chromium from Debian (CHROME_PATH, default /usr/bin/chromium).
 *
 *   npm run build && npm run bench:lighthouse
 *   RUNS=5 PAGES=/,/building-materials npm run bench:lighthouse
 *   KEEP_TRACES=/tmp/lh npm run bench:lighthouse     # keep each run's report and trace there
 *   MODES=js-on npm run bench:lighthouse             # one mode only (js-on or lite)
 *   ONLY=checkout,add-product npm run bench:lighthouse   # some of the pages only (by name)
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEMO_VENDOR, STORES } from "~/db/seed/catalog-data";
import { startServer, targets, visitorCookie, type Target } from "./bench-server";

const RUNS = Math.max(1, Math.min(Number(process.env.RUNS ?? 3), 15));
const LIGHTHOUSE = process.env.LIGHTHOUSE ?? "lighthouse@12.8.2";
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
/** MODES=js-on or MODES=lite runs one mode only (default both). */
const MODES = [false, true].filter((lite) => !process.env.MODES || process.env.MODES.split(",").includes(lite ? "lite" : "js-on"));
/** ONLY=home,checkout runs those pages only (names as printed). */
const ONLY = process.env.ONLY?.split(",").map((s) => s.trim());

/** The demo vendor signed in through the login form (a plain POST, as with JavaScript off). */
async function vendorCookie(base: string): Promise<string> {
  const res = await fetch(`${base}/auth/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: DEMO_VENDOR.email, password: DEMO_VENDOR.password, redirectTo: "/" }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c.endsWith("="))
    .join("; ");
  if (!cookie.includes("__session=")) throw new Error(`could not sign the demo vendor in (${res.status})`);
  return cookie;
}

/**
 * Checkout as a guest with the product in the cart (the cart's cookie), and the demo vendor's
 * add-product page (the vendor's session cookie). Each answer is checked to be the page itself
 * (200, not a redirect to the login page), so a broken cookie fails the bench instead of
 * measuring another page.
 */
async function formTargets(base: string, product: string): Promise<Target[]> {
  const store = STORES.find((s) => s.owner.email === DEMO_VENDOR.email)!;
  const out: Target[] = [
    { name: "checkout", path: "/checkout/payment?g=y", cookies: [(await visitorCookie(base, "cart", product))!] },
    { name: "add-product", path: `/stores/${store.slug}/products/add-product`, cookies: [await vendorCookie(base)] },
  ];
  for (const t of out) {
    const res = await fetch(base + t.path, { redirect: "manual", headers: { Cookie: t.cookies![0] } });
    const html = await res.text();
    if (res.status !== 200) throw new Error(`${t.name}: ${t.path} answered ${res.status}`);
    if (t.name === "checkout" && !/Place order/i.test(html)) throw new Error("checkout: the page shows no Place order button (empty cart?)");
  }
  return out;
}

interface Figures {
  score: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  kb: number;
  long: number;
  tbtCpu: number;
  /** The server's response time Lighthouse observed for the document. */
  server: number;
  /**
   * The server response time the simulation gives every request to the origin, the document's
   * included: the median over all its requests (images too) of what was observed.
   */
  simServer: number;
  /** The document's bytes on the wire (headers included): a new connection's first flight is ~14.6 KB. */
  docKb: number;
  /** The LCP's phases as Lighthouse splits them (ms): time to first byte, load delay, load time, render delay. */
  ttfb: number;
  loadDelay: number;
  loadTime: number;
  renderDelay: number;
}

/** The phases table of the largest-contentful-paint-element audit (its second table). */
function lcpPhases(tables: Record<string, unknown>[] | undefined): Pick<Figures, "ttfb" | "loadDelay" | "loadTime" | "renderDelay"> {
  const rows = (tables?.[1]?.items ?? []) as { phase: string; timing: number }[];
  const t = (name: string) => rows.find((r) => r.phase === name)?.timing ?? Number.NaN;
  return { ttfb: t("TTFB"), loadDelay: t("Load Delay"), loadTime: t("Load Time"), renderDelay: t("Render Delay") };
}

/** Long tasks after first contentful paint, from the thread's CPU time (tdur) times Lighthouse's 4x. */
function cpuBlocking(traceFile: string): { long: number; tbtCpu: number } {
  const events = (JSON.parse(fs.readFileSync(traceFile, "utf8")) as { traceEvents: TraceEvent[] }).traceEvents;
  const fcp = events.find((e) => e.name === "firstContentfulPaint");
  if (!fcp) return { long: Number.NaN, tbtCpu: Number.NaN };
  const tasks = events
    .filter((e) => e.pid === fcp.pid && e.tid === fcp.tid && e.ph === "X" && e.name === "RunTask" && e.ts >= fcp.ts)
    .sort((a, b) => a.ts - b.ts);
  let end = 0;
  let long = 0;
  let tbtCpu = 0;
  for (const t of tasks) {
    if (t.ts < end) continue; // nested
    end = t.ts + (t.dur ?? 0);
    const ms = (4 * (t.tdur ?? t.dur ?? 0)) / 1000;
    if (ms > 50) {
      long++;
      tbtCpu += ms - 50;
    }
  }
  return { long, tbtCpu };
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

function lighthouse(url: string, lite: boolean, out: string, cookie?: string): Figures {
  const headers = JSON.stringify({ ...(lite ? { "Save-Data": "on" } : {}), ...(cookie ? { Cookie: cookie } : {}) });
  const r = spawnSync(
    "npx",
    [
      "--yes",
      LIGHTHOUSE,
      url,
      "--quiet",
      "--only-categories=performance",
      "--save-assets",
      "--output=json",
      `--output-path=${out}`,
      `--extra-headers=${headers}`,
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
    ],
    { env: { ...process.env, CHROME_PATH: CHROME }, stdio: ["ignore", "ignore", "pipe"], timeout: 180_000 },
  );
  if (r.status !== 0 || !fs.existsSync(out)) throw new Error(`lighthouse failed on ${url}: ${r.stderr?.toString().slice(-2000)}`);
  const j = JSON.parse(fs.readFileSync(out, "utf8")) as {
    finalDisplayedUrl?: string;
    categories: { performance: { score: number } };
    audits: Record<string, { numericValue?: number; details?: { items?: Record<string, unknown>[] } }>;
  };
  // A cookie that stopped working shows the login page instead: measure nothing rather than it.
  if (j.finalDisplayedUrl && new URL(j.finalDisplayedUrl).pathname !== new URL(url).pathname) {
    throw new Error(`lighthouse on ${url} ended on ${j.finalDisplayedUrl}`);
  }
  const a = (k: string) => j.audits[k]?.numericValue ?? Number.NaN;
  return {
    score: Math.round(j.categories.performance.score * 100),
    lcp: a("largest-contentful-paint"),
    fcp: a("first-contentful-paint"),
    tbt: a("total-blocking-time"),
    cls: a("cumulative-layout-shift"),
    kb: a("total-byte-weight") / 1024,
    server: a("server-response-time"),
    simServer: Number(j.audits["network-server-latency"]?.details?.items?.[0]?.serverResponseTime ?? Number.NaN),
    docKb: Number((j.audits["network-requests"]?.details?.items ?? []).find((r) => r.resourceType === "Document")?.transferSize ?? Number.NaN) / 1024,
    ...lcpPhases(j.audits["largest-contentful-paint-element"]?.details?.items),
    ...cpuBlocking(out.replace(/\.json$/, "-0.trace.json")),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** When the bench last saw each page (name and mode) rendered rather than answered by the page cache. */
const rendered = new Map<string, number>();

/**
 * The page as a shopper usually meets it, asked for just before each run:
 * - kept by the page cache (anonymous pages, each mode its own entry): without this a run could
 *   meet an entry that expired during the other pages' runs, and measure a render instead;
 * - kept recently enough that it cannot expire during the run (see below);
 * - a lite page with its brotli made (in the background, once per kept page; until then it goes
 *   out as gzip, ~2 KB more: past a new connection's first flight, one more round trip in
 *   Lighthouse's simulation), waited for up to 5 s, not a fixed half second that a busy machine
 *   overran;
 * - its images asked for too, as other shoppers keep doing: a card's resized image is made with
 *   sharp on its first request ever and stored, so a real shop has long made them; the first run
 *   would otherwise measure sharp (100-350 ms an image here), and Lighthouse adds the median of
 *   the images' response times to the HTML's first byte in its simulation.
 */
async function warm(base: string, t: Target, lite: boolean) {
  const headers = { "Accept-Encoding": "gzip, deflate, br", ...(lite ? { "Save-Data": "on" } : {}), ...(t.cookies?.[0] ? { Cookie: t.cookies[0] } : {}) };
  const key = `${t.name} ${lite}`;
  let imagesAsked = false;
  for (let i = 0; i < 20; i++) {
    const res = await fetch(base + t.path, { headers });
    const html = await res.text();
    const hit = res.headers.get("x-page-cache") === "hit";
    if (!hit) rendered.set(key, Date.now());
    // A kept page lives PUBLIC_MAX_AGE_S (60 s): one kept ~45 s ago would expire during the run,
    // which would then meet a render sent as gzip. Wait for it to expire and keep a fresh one.
    const age = Date.now() - (rendered.get(key) ?? Date.now());
    if (hit && age > 45_000 && age < 61_000) {
      await sleep(61_000 - age);
      continue;
    }
    const urls = imagesAsked ? [] : [...html.matchAll(/<(?:img|source)\b[^>]*>/g)].flatMap(([tag]) => [
      ...(tag.match(/\bsrc="([^"]+)"/)?.slice(1) ?? []),
      ...(tag.match(/\bsrcset="([^"]+)"/)?.[1].split(",").map((c) => c.trim().split(/\s+/)[0]) ?? []),
    ]);
    for (const u of urls) {
      const url = new URL(u.replaceAll("&amp;", "&"), base);
      if (url.origin !== base || !url.pathname.startsWith("/media/")) continue;
      await (await fetch(url)).arrayBuffer();
    }
    imagesAsked = true;
    if (!lite || res.headers.get("content-encoding") === "br") break;
    await sleep(250);
  }
  await sleep(500);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const { base, child, dataDir } = await startServer();
const KEEP = process.env.KEEP_TRACES; // a directory: keep every run's report and trace there
const tmp = KEEP ? (fs.mkdirSync(KEEP, { recursive: true }), KEEP) : fs.mkdtempSync(path.join(os.tmpdir(), "bench-lh-"));
try {
  const anon = (await targets(base)).filter((t) => t.name !== "static");
  const product = anon.find((t) => t.name === "product")?.path ?? "/products/1";
  const pages = [...anon, ...(await formTargets(base, product))].filter((t) => !ONLY || ONLY.includes(t.name));
  const results = new Map<string, Figures[]>();
  for (let run = 0; run < RUNS; run++) {
    for (const t of pages) {
      for (const lite of MODES) {
        const key = `${t.name} ${lite ? "lite" : "js-on"}`;
        let f: Figures;
        try {
          await warm(base, t, lite);
          f = lighthouse(base + t.path, lite, path.join(tmp, `${run}-${t.name.replace(/[^a-z0-9]+/gi, "_")}-${lite}.json`), t.cookies?.[0]);
        } catch (err) {
          // One run lost (a timeout on a busy machine) leaves the others' medians; the table says how many.
          process.stderr.write(`run ${run + 1}/${RUNS} ${key}: failed, left out (${String(err).split("\n")[0].slice(0, 200)})\n`);
          continue;
        }
        results.set(key, [...(results.get(key) ?? []), f]);
        process.stderr.write(`run ${run + 1}/${RUNS} ${key}: score ${f.score}, LCP ${Math.round(f.lcp)} ms\n`);
      }
    }
  }
  console.log(`\nLighthouse ${LIGHTHOUSE}, mobile defaults, medians of ${RUNS} (${base})`);
  console.log("page              mode    score  LCP ms  FCP ms  TBT ms   CLS    KB  long  TBT-cpu  server ms  runs");
  for (const [key, fs_] of results) {
    const [page, mode] = key.split(" ");
    const m = (k: keyof Figures) => median(fs_.map((f) => f[k]));
    console.log(
      `${page.padEnd(17)} ${mode.padEnd(7)} ${String(m("score")).padStart(5)} ${m("lcp").toFixed(0).padStart(7)} ${m("fcp").toFixed(0).padStart(7)} ${m("tbt").toFixed(0).padStart(7)} ${m("cls").toFixed(3).padStart(6)} ${m("kb").toFixed(0).padStart(5)} ${m("long").toFixed(0).padStart(5)} ${m("tbtCpu").toFixed(0).padStart(8)} ${m("server").toFixed(0).padStart(10)} ${String(fs_.length).padStart(5)}`,
    );
  }
  console.log("\nLCP phases (medians, ms), the server time the simulation gives every request, the HTML's bytes");
  console.log("page              mode     TTFB  load delay  load time  render delay  sim server ms  HTML KB");
  for (const [key, fs_] of results) {
    const [page, mode] = key.split(" ");
    const m = (k: keyof Figures) => median(fs_.map((f) => f[k]));
    console.log(
      `${page.padEnd(17)} ${mode.padEnd(7)} ${m("ttfb").toFixed(0).padStart(5)} ${m("loadDelay").toFixed(0).padStart(11)} ${m("loadTime").toFixed(0).padStart(10)} ${m("renderDelay").toFixed(0).padStart(13)} ${m("simServer").toFixed(0).padStart(14)} ${m("docKb").toFixed(1).padStart(8)}`,
    );
  }
  for (const page of MODES.length === 2 ? pages : []) {
    const on = median((results.get(`${page.name} js-on`) ?? []).map((f) => f.lcp));
    const lite = median((results.get(`${page.name} lite`) ?? []).map((f) => f.lcp));
    console.log(`${page.name}: LCP with JavaScript on is ${((on / lite - 1) * 100).toFixed(0)}% above lite`);
  }
} finally {
  if (!KEEP) fs.rmSync(tmp, { recursive: true, force: true });
  child?.kill("SIGTERM");
  if (child) await new Promise((r) => child.once("exit", r));
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
