/**
 * The one logger (pino): JSON lines on stdout, shared by the HTTP server (server/) and the app
 * code in the Remix build (app/ops/logger.server.ts imports this file; one instance per process
 * through a global, since the build bundles its own copy of this module).
 *
 * Secrets never reach the log: values under sensitive keys (passwords, tokens, cookies,
 * Authorization, card data) are replaced at any depth, and strings are scrubbed of bearer
 * tokens, JWTs and cookie values, whatever key they sit under. LOG_LEVEL sets the level
 * (default "info"; "silent" turns logging off).
 */
import pino from "pino";

export const REDACTED = "[redacted]";

/** Keys whose values are never logged, at any depth (compared lower-case, without - and _). */
const SENSITIVE_KEYS = new Set([
  "password",
  "password1",
  "password2",
  "newpassword",
  "newpassword1",
  "newpassword2",
  "oldpassword",
  "currentpassword",
  "token",
  "accesstoken",
  "refreshtoken",
  "idtoken",
  "access",
  "refresh",
  "secret",
  "clientsecret",
  "apikey",
  "authorization",
  "proxyauthorization",
  "cookie",
  "setcookie",
  "session",
  "otp",
  "cardnumber",
  "card",
  "pan",
  "cvv",
  "cvc",
  "cvv2",
  "expiry",
  "expirymonth",
  "expiryyear",
  "pin",
]);

const norm = (k) => String(k).toLowerCase().replace(/[-_]/g, "");
export const isSensitiveKey = (k) => SENSITIVE_KEYS.has(norm(k)) || /pass(word|wd)|secret|token/i.test(String(k));

/** Removes credentials that may hide in free text (error messages, URLs). */
export function scrubString(s) {
  return s
    .replace(/\b(Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`)
    .replace(/\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g, REDACTED)
    .replace(/\b(__session|cartId|lite|__google[\w-]*)=[^;\s&"']+/g, `$1=${REDACTED}`)
    .replace(/([?&](?:token|code|state|key|password|access|refresh)=)[^&\s"']*/gi, `$1${REDACTED}`);
}

/** A copy of `value` with sensitive keys redacted and strings scrubbed (cycles and depth bounded). */
export function scrub(value, depth = 0, seen = new WeakSet()) {
  if (typeof value === "string") return scrubString(value);
  if (value === null || typeof value !== "object") return value;
  if (depth > 8 || seen.has(value)) return "[…]";
  seen.add(value);
  if (value instanceof Error) {
    const out = { type: value.constructor?.name || value.name, message: scrubString(String(value.message)), stack: value.stack ? scrubString(value.stack) : undefined };
    for (const [k, v] of Object.entries(value)) out[k] = isSensitiveKey(k) ? REDACTED : scrub(v, depth + 1, seen);
    if (value.cause !== undefined) out.cause = scrub(value.cause, depth + 1, seen);
    return out;
  }
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1, seen));
  if (value instanceof Headers) {
    const out = {};
    for (const [k, v] of value) out[k] = isSensitiveKey(k) ? REDACTED : scrubString(v);
    return out;
  }
  const out = {};
  for (const [k, v] of Object.entries(value)) out[k] = isSensitiveKey(k) ? REDACTED : scrub(v, depth + 1, seen);
  return out;
}

/** A path safe to log: the secret parts of e-mail confirmation and password reset links removed. */
export function scrubPath(p) {
  return scrubString(p)
    .replace(/^(\/reset-password\/[^/]+\/)[^/]+/, `$1${REDACTED}`)
    .replace(/^(\/email\/confirm\/)[^/]+/, `$1${REDACTED}`);
}

/**
 * A new logger; `destination` (a pino destination or stream) is for tests.
 * @param {import("pino").LoggerOptions} [options]
 * @param {import("pino").DestinationStream} [destination]
 * @returns {import("pino").Logger}
 */
export function createLogger(options = {}, destination = undefined) {
  return pino(
    {
      level: process.env.LOG_LEVEL || "info",
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      messageKey: "msg",
      formatters: {
        level: (label) => ({ level: label }),
        // Every merged object goes through scrub: no key or string carries a secret.
        log: (obj) => scrub(obj),
      },
      // scrub() already turned errors into plain objects with type, message and stack.
      serializers: { err: (e) => e },
      hooks: {
        logMethod(args, method) {
          if (args[0] instanceof Error) args = [{ err: args[0] }, args.length > 1 ? args[1] : args[0].message, ...args.slice(2)];
          method.apply(
            this,
            args.map((a) => (typeof a === "string" ? scrubString(a) : a)),
          );
        },
      },
      ...options,
    },
    destination,
  );
}

const KEY = Symbol.for("buildmart.logger");

/**
 * The process-wide logger.
 * @returns {import("pino").Logger}
 */
export function logger() {
  globalThis[KEY] ??= createLogger();
  return globalThis[KEY];
}

/**
 * Tests swap the process-wide logger (pass null to go back to a fresh default one).
 * @param {import("pino").Logger | null} l
 */
export function setLogger(l) {
  globalThis[KEY] = l ?? undefined;
}
