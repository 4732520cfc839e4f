/**
 * The environment, validated once with zod. Development defaults keep `npm start` a single
 * command; production values come from the environment (see README).
 */
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import * as z from "zod";
import { log } from "~/ops/logger.server";
import { parseTrustedProxies } from "../server/security.mjs";

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.url({ message: "must be a full URL such as https://example.com" }).optional());

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().default("./data"),
  /** Public catalogue answers kept in memory, dropped on every catalogue change (app/api/core/cache.server.ts). */
  CATALOG_CACHE: z.enum(["on", "off"]).default("on"),
  AUTH_USER_CACHE: z.enum(["on", "off"]).default("on"),
  /** Signed-in headers (stores, bell, cart count, wishlist) kept per user between changes (app/api/users/header-cache.server.ts). */
  MEMBER_HEADER_CACHE: z.enum(["on", "off"]).default("on"),
  DATABASE_URL: optionalUrl,
  /** Connections each server process's pool may open (see docs/deploy.md for the arithmetic). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  /** A direct connection to the primary for the catalogue cache's LISTEN (PgBouncer in transaction mode cannot carry it). */
  DATABASE_LISTEN_URL: optionalUrl,
  /** A streaming read replica: anonymous public catalogue reads go there (docs/deploy.md). */
  DATABASE_REPLICA_URL: optionalUrl,
  API_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  SESSION_SECRET: z.string().optional(),
  JWT_SECRET: z.string().optional(),
  REDIS_URL: optionalUrl,
  /** Addresses / CIDR ranges exempt from the per-address rate limits (comma list; see rate-limit.server.ts). */
  RATE_LIMIT_ALLOWLIST: z.string().default(""),
  /** Bank account lookups (resolve or save) per store and per user an hour; per address three times it (docs/payouts.md). */
  BANK_LOOKUP_LIMIT: z.coerce.number().int().min(1).max(10_000).default(10),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default("BuildMart NG <no-reply@buildmart.ng>"),
  PAYSTACK_SECRET_KEY: z.string().optional(),
  PAYSTACK_BASE_URL: optionalUrl,
  /** No key: "1" runs the local Paystack stand-in even when PUBLIC_URL is not local; "0" never runs it. */
  PAYSTACK_STANDIN: z.enum(["", "0", "1"]).default(""),
  /** Port of the local stand-in (0: any free port). */
  PAYSTACK_STANDIN_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** Card payment attempts still Pending after this many minutes are verified by the reconcile job. */
  PAYMENT_RECONCILE_AFTER_MINUTES: z.coerce.number().int().min(1).max(7 * 24 * 60).default(30),
  /** Card orders still unpaid this many hours after placement are cancelled (stock back) by a job. */
  /** A store confirms a new shipment within this many business hours (app/domain/deadlines.ts). */
  SHIPMENT_CONFIRM_HOURS: z.coerce.number().min(1).max(30 * 24).default(24),
  /** A store ships a confirmed shipment within this many business hours. */
  SHIPMENT_SHIP_HOURS: z.coerce.number().min(1).max(30 * 24).default(48),
  UNPAID_ORDER_TTL_HOURS: z.coerce.number().int().min(1).max(90 * 24).default(48),
  /** The marketplace's cut of each delivered item, in percent; the store is credited the rest (docs/payouts.md). */
  MARKETPLACE_COMMISSION_PERCENT: z.coerce.number().min(0).max(100).default(10),
  /** Days after delivery during which a shopper may return an item; a store's credit becomes available after it. */
  RETURN_WINDOW_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  /** "daily": pay every store's available balance once a day (payOutAvailableBalances); default off. */
  PAYOUT_SCHEDULE: z.enum(["", "off", "daily"]).default(""),
  /** Business checks through Prembly's CAC lookup when both are set (app/integrations/registry/, decision 0032); else the local stand-in. */
  PREMBLY_API_KEY: z.string().optional(),
  PREMBLY_APP_ID: z.string().optional(),
  PREMBLY_BASE_URL: optionalUrl,
  /** No key: "1" runs the local registry stand-in even when PUBLIC_URL is not local; "0" never runs it (checks then wait). */
  REGISTRY_STANDIN: z.enum(["", "0", "1"]).default(""),
  /** "off" lifts new stores' daily order cap (app/domain/business-check.ts dailyOrderCap); the API tests set it off, the cap's own tests on. */
  NEW_STORE_ORDER_CAP: z.enum(["", "on", "off"]).default(""),
  /** An unverified store is paid out at most this many naira in 30 days; the rest waits for verification (docs/payouts.md). */
  UNVERIFIED_PAYOUT_LIMIT_NAIRA: z.coerce.number().int().min(0).max(100_000_000).default(250_000),
  /** SMS through Termii when set (app/integrations/sms.server.ts); else the local outbox stand-in. */
  TERMII_API_KEY: z.string().optional(),
  TERMII_SENDER_ID: z.string().default("BuildMart"),
  TERMII_BASE_URL: optionalUrl,
  /** Shared secret of the SMS provider's inbound-message callback (POST /api/v1/webhooks/sms?token=…). */
  SMS_WEBHOOK_TOKEN: z.string().optional(),
  /** WhatsApp Business Cloud API when WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID are set (app/integrations/whatsapp.server.ts). */
  WHATSAPP_TOKEN: z.string().optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().optional(),
  WHATSAPP_APP_SECRET: z.string().optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().optional(),
  WHATSAPP_BASE_URL: optionalUrl,
  /** Template language code of the approved WhatsApp templates. */
  WHATSAPP_TEMPLATE_LANG: z.string().default("en"),
  /** Approved template names are this prefix + the update (placed, paid, shipped, delivered, cancelled, refunded, new_order). */
  WHATSAPP_TEMPLATE_PREFIX: z.string().default("order_"),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: optionalUrl,
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z.string().default("us-east-1"),
  /** Where the bucket's objects are publicly readable (e.g. a CDN or https://bucket.s3.amazonaws.com); unset = presigned URLs. */
  S3_PUBLIC_URL: optionalUrl,
  CORS_ORIGINS: z.string().default("*"),
  /** Comma list of proxy IPs/CIDRs whose X-Forwarded-For (and -Proto, -Host) is believed; empty = none. */
  TRUSTED_PROXIES: z
    .string()
    .default("")
    .superRefine((v, ctx) => {
      try {
        parseTrustedProxies(v);
      } catch (e) {
        ctx.addIssue({ code: "custom", message: (e as Error).message });
      }
    }),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Env = z.infer<typeof EnvSchema> & { sessionSecrets: string[]; jwtSecret: string; publicUrl: string; trustedProxies: string[] };

let cached: Env | null = null;

/** Reads a secret from the data dir, creating it on first use (development only). */
function devSecret(dataDir: string, name: string): string {
  const file = path.join(path.resolve(dataDir), `.${name}`);
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    const secret = crypto.randomBytes(32).toString("hex");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

export function env(): Env {
  if (cached) return cached;
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === "production" && !e.SESSION_SECRET) {
    // Fine for one server; several servers behind a load balancer must share SESSION_SECRET.
    log().warn(`SESSION_SECRET is not set: using a secret generated into ${path.resolve(e.DATA_DIR)}. Set SESSION_SECRET when running more than one app server.`);
  }
  const sessionSecrets = (e.SESSION_SECRET ?? devSecret(e.DATA_DIR, "session-secret"))
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const jwtSecret = e.JWT_SECRET ?? crypto.createHash("sha256").update(`jwt:${sessionSecrets[0]}`).digest("hex");
  cached = {
    ...e,
    sessionSecrets,
    jwtSecret,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    trustedProxies: parseTrustedProxies(e.TRUSTED_PROXIES) || [],
  };
  return cached;
}

/**
 * The origin for a link the shopper follows back to us from elsewhere (Paystack's return): PUBLIC_URL
 * when set, else `requestOrigin` (the origin the shopper is on), else http://localhost:PORT.
 */
export function returnOrigin(requestOrigin?: string): string {
  const e = env();
  if (e.PUBLIC_URL || !requestOrigin) return e.publicUrl;
  return requestOrigin.replace(/\/$/, "");
}

/** Tests change the environment between suites. */
export function resetEnvCache() {
  cached = null;
}
