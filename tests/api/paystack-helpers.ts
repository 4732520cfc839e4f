/** Shared by the API tests that talk to the Paystack stand-in (payments, payouts, returns). */
import { resetEnvCache } from "~/config.server";

/** Polls `fn` until it gives a truthy value (webhooks and refund jobs settle a moment later). */
export async function waitFor<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Points the app at a Paystack (the stand-in's URL and a key), or at none with undefined. */
export function setPaystack(secretKey: string | undefined, baseUrl: string | undefined) {
  if (secretKey === undefined) delete process.env.PAYSTACK_SECRET_KEY;
  else process.env.PAYSTACK_SECRET_KEY = secretKey;
  if (baseUrl === undefined) delete process.env.PAYSTACK_BASE_URL;
  else process.env.PAYSTACK_BASE_URL = baseUrl;
  resetEnvCache();
}
