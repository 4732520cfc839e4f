/**
 * `npm run bench:images`: image bytes a phone (Chromium headless) loads on the home, listing and
 * product pages without scrolling, with JavaScript on: a 360x640 phone at device pixel ratios 2
 * and 3, and the phone Lighthouse's mobile run emulates (412x823 at 1.75). Uses BASE_URL (a
 * running production server; `npm start`), or starts one like bench:pages.
 * Figures only; nothing passes or fails.
 *
 *   BASE_URL=http://127.0.0.1:3000 npm run bench:images
 *   PHONES=360x640@2,412x823@1.75 npm run bench:images
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";

const PAGES = (process.env.PAGES ?? "/,/building-materials,/products/1").split(",");
/** Phones as WIDTHxHEIGHT@DPR. */
const PHONES = (process.env.PHONES ?? "360x640@2,360x640@3,412x823@1.75").split(",").map((p) => {
  const m = p.trim().match(/^(\d+)x(\d+)@([\d.]+)$/);
  if (!m) throw new Error(`PHONES: expected WIDTHxHEIGHT@DPR, got ${p}`);
  return { name: p.trim(), width: Number(m[1]), height: Number(m[2]), dpr: Number(m[3]) };
});

async function startServer(): Promise<{ base: string; child: ChildProcess | null; dataDir?: string }> {
  if (process.env.BASE_URL) return { base: process.env.BASE_URL.replace(/\/$/, ""), child: null };
  const port = 4900 + (process.pid % 90);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-images-"));
  const child = spawn(process.execPath, ["server/start.mjs"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, SKIP_BUILD: "1", NODE_ENV: "production", DATABASE_URL: "", SESSION_SECRET: "bench" },
    stdio: "ignore",
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 360; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { base, child, dataDir };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error("server did not start");
}

const { base, child, dataDir } = await startServer();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
try {
  console.log(`Images loaded without scrolling by a phone at ${base} (JavaScript on)\n`);
  console.log(["page", "phone", "images", "KB", "widths (count)", "lazy/eager/high"].map((s, i) => (i === 0 ? s.padEnd(24) : i === 1 ? s.padStart(14) : i === 4 ? `  ${s.padEnd(34)}` : s.padStart(8))).join(""));
  for (const page of PAGES) {
    for (const phone of PHONES) {
      const ctx = await browser.newContext({ viewport: { width: phone.width, height: phone.height }, deviceScaleFactor: phone.dpr, isMobile: true, hasTouch: true });
      const p = await ctx.newPage();
      const images: { url: string; bytes: number }[] = [];
      p.on("requestfinished", async (req) => {
        if (req.resourceType() !== "image") return;
        const sizes = await req.sizes().catch(() => null);
        images.push({ url: req.url(), bytes: sizes ? sizes.responseBodySize + sizes.responseHeadersSize : 0 });
      });
      await p.goto(base + page, { waitUntil: "networkidle" });
      await p.waitForTimeout(1000);
      const attrs = await p.$$eval("main img", (els) => els.map((e) => `${e.getAttribute("loading") ?? "-"}/${e.getAttribute("fetchpriority") ?? "-"}`));
      const lazy = attrs.filter((a) => a.startsWith("lazy")).length;
      const high = attrs.filter((a) => a.endsWith("high")).length;
      const widths = new Map<string, number>();
      for (const i of images) {
        const w = new URL(i.url).searchParams.get("w") ?? "orig";
        widths.set(w, (widths.get(w) ?? 0) + 1);
      }
      const kb = images.reduce((n, i) => n + i.bytes, 0) / 1024;
      console.log(
        [
          page.padEnd(24),
          phone.name.padStart(14),
          String(images.length).padStart(8),
          kb.toFixed(1).padStart(8),
          `  ${[...widths].map(([w, n]) => `${w}w×${n}`).join(" ").padEnd(34)}`,
          `${lazy}/${attrs.length - lazy}/${high}`.padStart(8),
        ].join(""),
      );
      await ctx.close();
    }
  }
} finally {
  await browser.close();
  if (child) {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
