/**
 * Inbound messages: a shopper who replies STOP is opted out of that channel.
 * - WhatsApp Cloud API: GET answers Meta's subscription check (hub.verify_token must equal
 *   WHATSAPP_VERIFY_TOKEN); POST carries messages, signed with X-Hub-Signature-256 (HMAC-SHA256 of
 *   the raw body with WHATSAPP_APP_SECRET). With the real API configured the signature is required;
 *   with the local stand-in an unsigned body is taken in development and tests only.
 * - SMS: the provider's inbound-message callback, with ?token=SMS_WEBHOOK_TOKEN when that is set
 *   (required when Termii is configured); fields `from` (or sender / phone_number) and `text` (or
 *   message / sms).
 * - Under NODE_ENV=production a webhook without its secret (WHATSAPP_APP_SECRET, SMS_WEBHOOK_TOKEN)
 *   is refused with 403 (issue 37: anyone could opt any number out with an unsigned message).
 */
import crypto from "node:crypto";
import { env } from "~/config.server";
import { normalizeNigerianPhone } from "~/domain/validation";
import { log } from "~/ops/logger.server";
import { ApiError, json } from "../core/http";
import type { ApiContext } from "../core/types";
import { optOut } from "./channels.server";

const MAX_BODY = 256 * 1024;
const isStop = (text: unknown) => typeof text === "string" && /^\s*(stop|unsubscribe|stopall|cancel|end|quit)\s*[.!]?\s*$/i.test(text);

/** "2348031234567" or "+2348031234567" → "+2348031234567" (Nigerian mobiles only), else null. */
const fromNumber = (v: unknown) => (typeof v === "string" || typeof v === "number" ? normalizeNigerianPhone(`+${String(v).replace(/^\+/, "")}`) : null);

export function verifyWhatsAppSubscription(ctx: ApiContext): Response {
  const p = ctx.url.searchParams;
  const token = env().WHATSAPP_VERIFY_TOKEN;
  if (p.get("hub.mode") === "subscribe" && token && p.get("hub.verify_token") === token) {
    return new Response(p.get("hub.challenge") ?? "", { status: 200, headers: { "Content-Type": "text/plain" } });
  }
  return json({ detail: "Verification failed." }, 400);
}

async function rawBody(request: Request): Promise<string> {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY) throw new ApiError(413, { detail: "Body too large." });
  const buf = Buffer.from(await request.arrayBuffer());
  if (buf.length > MAX_BODY) throw new ApiError(413, { detail: "Body too large." });
  return buf.toString("utf8");
}

export function validHubSignature(raw: string, header: string | null, secret: string): boolean {
  if (!header?.startsWith("sha256=")) return false;
  const want = Buffer.from(crypto.createHmac("sha256", secret).update(raw).digest("hex"), "hex");
  const got = Buffer.from(header.slice(7), "hex");
  return got.length === want.length && crypto.timingSafeEqual(got, want);
}

interface HubPayload {
  entry?: { changes?: { value?: { messages?: { from?: string; type?: string; text?: { body?: string }; button?: { text?: string } }[] } }[] }[];
}

/** Outside development and tests, a webhook whose secret is not set takes nothing unsigned. */
function refuseUnsigned(what: string, setting: string): never {
  log().warn({ webhook: what }, `${setting} is not set: unsigned ${what} webhooks are refused (NODE_ENV=production)`);
  throw new ApiError(403, { detail: "This webhook is not configured." });
}

export async function receiveWhatsAppWebhook(ctx: ApiContext): Promise<Response> {
  const raw = await rawBody(ctx.request);
  const e = env();
  if (e.WHATSAPP_APP_SECRET) {
    if (!validHubSignature(raw, ctx.request.headers.get("x-hub-signature-256"), e.WHATSAPP_APP_SECRET)) throw new ApiError(401, { detail: "Invalid or missing signature." });
  } else if (e.WHATSAPP_TOKEN) {
    log().error("WHATSAPP_APP_SECRET is not set: WhatsApp webhooks are refused");
    throw new ApiError(401, { detail: "Invalid or missing signature." });
  } else if (e.NODE_ENV === "production") {
    refuseUnsigned("whatsapp", "WHATSAPP_APP_SECRET");
  }
  let payload: HubPayload;
  try {
    payload = JSON.parse(raw) as HubPayload;
  } catch {
    throw new ApiError(400, { detail: "Invalid JSON." });
  }
  let stopped = 0;
  for (const entry of payload.entry ?? [])
    for (const change of entry.changes ?? [])
      for (const m of change.value?.messages ?? []) {
        const phone = fromNumber(m.from);
        if (phone && isStop(m.text?.body ?? m.button?.text)) stopped += await optOut(ctx.db, phone, "whatsapp");
      }
  // Meta wants a quick 200 for every delivery it makes.
  return json({ detail: "ok", opted_out: stopped });
}

export async function receiveSmsInbound(ctx: ApiContext): Promise<Response> {
  const e = env();
  const token = e.SMS_WEBHOOK_TOKEN;
  if (token ? ctx.url.searchParams.get("token") !== token : !!e.TERMII_API_KEY) throw new ApiError(401, { detail: "Invalid or missing token." });
  if (!token && e.NODE_ENV === "production") refuseUnsigned("sms", "SMS_WEBHOOK_TOKEN");
  const raw = await rawBody(ctx.request);
  let body: Record<string, unknown> = {};
  try {
    body = ctx.request.headers.get("content-type")?.includes("json") ? (JSON.parse(raw) as Record<string, unknown>) : Object.fromEntries(new URLSearchParams(raw));
  } catch {
    throw new ApiError(400, { detail: "Invalid body." });
  }
  const phone = fromNumber(body.from ?? body.sender ?? body.phone_number);
  const stopped = phone && isStop(body.text ?? body.message ?? body.sms) ? await optOut(ctx.db, phone, "sms") : 0;
  return json({ detail: "ok", opted_out: stopped });
}
