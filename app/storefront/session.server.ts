/**
 * The browser's session: one signed, HttpOnly, SameSite=Lax cookie holding the user id and the
 * API tokens (never exposed to client JavaScript), a flash message cookie, and the guest cart id
 * cookie (`cartId`, path /, 7 days, spec section 4). Secrets come from SESSION_SECRET (comma
 * list for rotation: the first signs, all verify).
 */
import crypto from "node:crypto";
import { createCookie, createCookieSessionStorage, type Cookie, type Session } from "@remix-run/node";
import { LRUCache } from "lru-cache";
import { env } from "~/config.server";
import { alwaysLite, liteDecision } from "./lite";

export interface SessionData {
  userId: number;
  access: string;
  refresh: string;
  accessExpiration: string;
  refreshExpiration: string;
  firstName: string;
  lastName: string;
  email: string;
  /** Checkout: the delivery address the shopper chose with "Use Address" (else the default is used). */
  checkoutAddressId: number;
  /** Checkout: guest orders placed in this browser, order id → guest token (newest last, a few kept). */
  guestOrders: Record<string, string>;
}

export interface FlashData {
  flash: { kind: "success" | "error" | "info"; message: string };
}

const secure = () => env().NODE_ENV === "production" && env().publicUrl.startsWith("https:");

let storage: ReturnType<typeof createCookieSessionStorage<SessionData, FlashData>> | null = null;
export function sessionStorage() {
  if (!storage) {
    const cookie = createCookie("__session", {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: secure(),
      secrets: env().sessionSecrets,
      maxAge: 60 * 60 * 24 * 30,
    });
    storage = createCookieSessionStorage<SessionData, FlashData>({ cookie: keptParse(cookie) });
  }
  return storage;
}

/**
 * The session cookie, whose parse keeps what a signed value decoded to: a signed-in shopper's
 * browser sends the same cookie with every page, and unsigning and decoding it (Remix's
 * character-by-character unescape of about a kilobyte) was a twentieth of a signed-in page's CPU.
 * Every parse answers a copy of its own; a value that does not verify is never kept.
 */
function keptParse(cookie: Cookie): Cookie {
  const kept = new LRUCache<string, { data: unknown }>({ max: 10_000, maxSize: 16 * 1024 * 1024, sizeCalculation: (_v, k) => k.length + 64 });
  const pattern = new RegExp(`(?:^|;\\s*)${cookie.name}=([^;]*)`);
  const valueOf = (header: string) => pattern.exec(header)?.[1];
  return {
    get name() {
      return cookie.name;
    },
    get isSigned() {
      return cookie.isSigned;
    },
    get expires() {
      return cookie.expires;
    },
    serialize: (value, options) => cookie.serialize(value, options),
    async parse(header, options) {
      const raw = header && !options ? valueOf(header) : undefined;
      const hit = raw ? kept.get(raw) : undefined;
      if (hit) return structuredClone(hit.data);
      const data: unknown = await cookie.parse(header, options);
      if (raw && data && typeof data === "object") kept.set(raw, { data: structuredClone(data) });
      return data;
    },
  };
}

export type AppSession = Session<SessionData, FlashData>;

export function getSession(request: Request): Promise<AppSession> {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

export function commitSession(session: AppSession): Promise<string> {
  return sessionStorage().commitSession(session);
}

export function destroySession(session: AppSession): Promise<string> {
  return sessionStorage().destroySession(session);
}

let cartCookieInstance: ReturnType<typeof createCookie> | null = null;
/** Guest cart id (spec: cookie cartId, path /, 7 days). Signed so it cannot be swapped for another id. */
export function cartCookie() {
  cartCookieInstance ??= createCookie("cartId", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: secure(),
    secrets: env().sessionSecrets,
    maxAge: 60 * 60 * 24 * 7,
  });
  return cartCookieInstance;
}

export async function getGuestCartId(request: Request): Promise<string | null> {
  const v = await cartCookie().parse(request.headers.get("Cookie"));
  return typeof v === "string" && v ? v : null;
}

let deviceCookieInstance: ReturnType<typeof createCookie> | null = null;
/**
 * This browser's phone sign-in device id (random, signed, one year, only sent to /auth): the API
 * lets a device a number signed in from past the number-wide cap on codes (app/api/phone/README.md).
 */
export function phoneDeviceCookie() {
  deviceCookieInstance ??= createCookie("phone-device", {
    path: "/auth",
    httpOnly: true,
    sameSite: "lax",
    secure: secure(),
    secrets: env().sessionSecrets,
    maxAge: 60 * 60 * 24 * 365,
  });
  return deviceCookieInstance;
}

/** The browser's device id, and the Set-Cookie that makes one when it has none yet (`make`). */
export async function phoneDevice(request: Request, make: boolean): Promise<{ id: string | null; setCookie: string | null }> {
  const v = await phoneDeviceCookie().parse(request.headers.get("Cookie"));
  if (typeof v === "string" && /^[A-Za-z0-9_-]{22,64}$/.test(v)) return { id: v, setCookie: null };
  if (!make) return { id: null, setCookie: null };
  const id = crypto.randomBytes(24).toString("base64url");
  return { id, setCookie: await phoneDeviceCookie().serialize(id) };
}

let liteCookieInstance: ReturnType<typeof createCookie> | null = null;
/** Lite mode: pages without any script (footer switch): "1" on, "0" off, both beating the hints. */
export function liteCookie() {
  liteCookieInstance ??= createCookie("lite", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 * 60 * 24 * 365 });
  return liteCookieInstance;
}

/**
 * Lite mode: always on the pages that must be light whatever the visitor chose (`alwaysLite`,
 * ./lite.ts), else the footer switch's cookie ("1" on, "0" off) when set, else the browser's
 * signals (Save-Data, slow ECT or Downlink client hints; `./lite.ts`).
 */
export async function isLite(request: Request): Promise<boolean> {
  if (alwaysLite(new URL(request.url).pathname)) return true;
  return liteDecision(request.headers, await liteCookie().parse(request.headers.get("Cookie")));
}

export { safeRedirect } from "./safe-redirect";
