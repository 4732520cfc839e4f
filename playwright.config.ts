import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
if (!fs.existsSync(CHROMIUM)) {
  throw new Error(
    `No Chromium at ${CHROMIUM}. Install Debian's: "apt-get update && apt-get install -y chromium" (Playwright cannot download its own browser here), or set CHROMIUM_PATH.`,
  );
}

// Each run gets its own port and data dir (several runs may share a machine); workers inherit it.
process.env.E2E_PORT ??= String(3100 + (process.pid % 800));
export const E2E_PORT = Number(process.env.E2E_PORT);

const launchOptions = {
  executablePath: CHROMIUM,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

const phone = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, userAgent: devices["Pixel 5"].userAgent };
const desktop = { viewport: { width: 1280, height: 800 } };

/**
 * Every spec runs in two projects that between them cover JavaScript on and off, phone and
 * desktop: js-off-phone (the shopper on a low-end phone with JavaScript off) and js-on-desktop.
 * The specs that prove the phone and desktop LAYOUTS with JavaScript on and off (the catalogue,
 * the shell, the product page) and the hydration and first-view checks run in all four. A new
 * spec is two-project unless it is about layout at a width: this keeps `npm test` inside CI's
 * time budget on a busy 2-core machine (README "Tests").
 */
const FOUR_PROJECT_SPECS = ["catalog", "shell", "product-page", "hydration", "first-view-js"].map((n) => `**/${n}.spec.ts`);

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PW_JSON ? [["list"], ["json", { outputFile: process.env.PW_JSON }]] : [["list"]],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    launchOptions,
    trace: "off",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "js-on-phone", use: { ...phone, javaScriptEnabled: true }, testMatch: FOUR_PROJECT_SPECS },
    { name: "js-off-phone", use: { ...phone, javaScriptEnabled: false } },
    { name: "js-on-desktop", use: { ...desktop, javaScriptEnabled: true } },
    { name: "js-off-desktop", use: { ...desktop, javaScriptEnabled: false }, testMatch: FOUR_PROJECT_SPECS },
  ],
  webServer: {
    command: "node_modules/.bin/tsx tests/e2e/server.ts",
    // Ready: database reachable and migrated (server/app.mjs).
    url: `http://localhost:${E2E_PORT}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: { E2E_PORT: String(E2E_PORT) },
  },
});
