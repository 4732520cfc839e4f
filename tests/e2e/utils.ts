import type { Page, TestInfo } from "@playwright/test";

export const jsEnabled = (testInfo: TestInfo) => !testInfo.project.name.startsWith("js-off");
export const isPhone = (testInfo: TestInfo) => testInfo.project.name.endsWith("phone");
/** The data dir of this run's app server (mail outbox under outbox/). */
export const E2E_DATA_DIR = `tests/.tmp/e2e-data-${process.env.E2E_PORT}`;

/** Waits for hydration when JavaScript is on, so clicks hit React's handlers. */
export async function ready(page: Page, testInfo: TestInfo) {
  if (jsEnabled(testInfo)) await page.waitForFunction(() => (window as unknown as { __remixContext?: unknown }).__remixContext !== undefined);
}
