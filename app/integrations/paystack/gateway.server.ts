/**
 * Which Paystack the app talks to (docs/domain.md, Decision 5):
 *
 * - PAYSTACK_SECRET_KEY set: Paystack's HTTP API at PAYSTACK_BASE_URL (default
 *   https://api.paystack.co). A stand-in is never started then, and webhooks are checked with
 *   that key. Tests and e2e point these two settings at a stand-in they started themselves.
 * - no key: the local stand-in (./standin.server.ts), started once per process on first use
 *   (and at boot by the background jobs, so `npm start` says so in its log), with a loud warning.
 *   Its webhooks go to our own POST /api/v1/webhooks/paystack at PUBLIC_URL. As a safety net, a
 *   server whose PUBLIC_URL is not a local address refuses to start the stand-in (card payments
 *   then answer 503) unless PAYSTACK_STANDIN=1: a deployment that forgot its key must never take
 *   "payments" on a page where anyone can press Pay.
 */
import { env } from "~/config.server";
import { log } from "~/ops/logger.server";
import { HttpPaystack, PAYSTACK_BASE_URL, type PaymentGateway, type TransferGateway } from "./client.server";
import { startPaystackStandin, type PaystackStandin } from "./standin.server";

export interface PaystackSettings {
  secretKey: string;
  baseUrl: string;
  /** True when this is the in-process local stand-in. */
  standin: boolean;
}

export class PaymentsNotConfigured extends Error {
  constructor() {
    super("Card payments are not configured on this server (PAYSTACK_SECRET_KEY is not set).");
    this.name = "PaymentsNotConfigured";
  }
}

let standin: Promise<PaystackStandin> | null = null;

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/** Whether this process may run the local stand-in (no key, and a local PUBLIC_URL or PAYSTACK_STANDIN=1). */
export function standinAllowed(): boolean {
  const e = env();
  if (e.PAYSTACK_SECRET_KEY) return false;
  if (e.PAYSTACK_STANDIN === "0") return false;
  if (e.PAYSTACK_STANDIN === "1") return true;
  try {
    return LOCAL_HOSTS.has(new URL(e.publicUrl).hostname);
  } catch {
    return false;
  }
}

/** Starts the in-process stand-in once (no key configured). */
export function ensureLocalStandin(): Promise<PaystackStandin> {
  standin ??= (async () => {
    const s = await startPaystackStandin({ port: env().PAYSTACK_STANDIN_PORT, webhookUrl: `${env().publicUrl}/api/v1/webhooks/paystack` });
    log().warn(
      { paystack: s.url },
      `PAYSTACK_SECRET_KEY is not set: card payments use the LOCAL PAYSTACK STAND-IN at ${s.url} (test mode, no real money). Set PAYSTACK_SECRET_KEY to take real payments.`,
    );
    return s;
  })().catch((e) => {
    standin = null;
    throw e;
  });
  return standin;
}

/** The key and base URL in use right now (starting the local stand-in when there is no key). */
export async function paystackSettings(): Promise<PaystackSettings> {
  const e = env();
  if (e.PAYSTACK_SECRET_KEY) return { secretKey: e.PAYSTACK_SECRET_KEY, baseUrl: e.PAYSTACK_BASE_URL ?? PAYSTACK_BASE_URL, standin: false };
  if (!standinAllowed()) throw new PaymentsNotConfigured();
  const s = await ensureLocalStandin();
  return { secretKey: s.secretKey, baseUrl: s.url, standin: true };
}

/**
 * The secret that signs webhooks, without starting anything: the configured key, or the running
 * stand-in's. Null when neither exists (then no webhook can be genuine).
 */
export async function webhookSecret(): Promise<string | null> {
  const e = env();
  if (e.PAYSTACK_SECRET_KEY) return e.PAYSTACK_SECRET_KEY;
  if (!standin) return null;
  try {
    return (await standin).secretKey;
  } catch {
    return null;
  }
}

/** The Paystack HTTP client for the current settings (a new light object per call: settings may change in tests). */
export async function paymentGateway(): Promise<PaymentGateway> {
  const s = await paystackSettings();
  return new HttpPaystack({ secretKey: s.secretKey, baseUrl: s.baseUrl, timeoutMs: 15_000 });
}

/** Paystack Transfers (vendor payouts) for the current settings: the same key and base URL as card payments. */
export async function transferGateway(): Promise<TransferGateway> {
  const s = await paystackSettings();
  return new HttpPaystack({ secretKey: s.secretKey, baseUrl: s.baseUrl, timeoutMs: 15_000 });
}

/** Stops the in-process stand-in if one runs (shutdown, tests). */
export async function stopLocalStandin(): Promise<void> {
  const s = standin;
  standin = null;
  if (s) await (await s).close().catch(() => {});
}
