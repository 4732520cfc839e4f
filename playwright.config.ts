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
 * The long multi-role flows of the seller area and of running the marketplace (each signs in
 * two to four people and walks an order through its life) run in two projects that between them
 * cover JavaScript on and off, phone and desktop: js-on-desktop and js-off-phone. Every other spec
 * runs in all four. This keeps `npm test` inside CI's time budget (notes in README "Tests").
 * Specs that set their own viewport (menus-overflow: 320 px; rough-edges: 360 px for its flash)
 * gain nothing from the other two projects either, nor do the sign-in, address, order and
 * language specs, whose single-column forms are the same at both widths.
 */
const TWO_PROJECT_SPECS = [
  "admin", "newsletter", "notifications", "payouts", "privacy", "returns",
  "vendor-members", "vendor-orders", "vendor-products", "vendor-shell", "orders-shipments", "address-lga",
  "menus-overflow", "rough-edges", "trade-units", "delivery-code",
  // Forms whose layout is the same at both widths: JavaScript on and off is what differs.
  "auth", "addresses", "orders", "hardening", "languages", "account-languages", "order-languages", "language-urls",
  // Transfer / USSD (issue 33): JavaScript off at 360 px and on at desktop, as the issue asks.
  "payment-transfer", "pay-at-door",
  // The buying flows (cart, checkout, options, wishlist, calculators, a state's sellers): what they
  // prove is the flow with JavaScript on and off; the phone layout of their pages is proved by the
  // catalog, shell and product-page specs in all four projects, and by the axe scans. The HTML
  // checker reads the server's HTML, which is the same in every project but for lite mode.
  "checkout", "cart", "variants", "wishlist", "calculators", "listing-sort-state", "valid-html",
  // A store's record (issue 36): server-rendered text, the same at both widths.
  "scorecard",
  // The store wizard in Igbo and Pidgin (issue 38): JavaScript off at 360 px, on at desktop.
  "seller-languages",
  // Why a store is not verified (issue 36 item 1): JavaScript off at 360 px, on at desktop.
  "verify-store",
].map((n) => `**/${n}.spec.ts`);

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
    { name: "js-on-phone", use: { ...phone, javaScriptEnabled: true }, testIgnore: TWO_PROJECT_SPECS },
    { name: "js-off-phone", use: { ...phone, javaScriptEnabled: false } },
    { name: "js-on-desktop", use: { ...desktop, javaScriptEnabled: true } },
    { name: "js-off-desktop", use: { ...desktop, javaScriptEnabled: false }, testIgnore: TWO_PROJECT_SPECS },
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
