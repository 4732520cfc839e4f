/**
 * The token that opens a guest's order: orders, payments and returns all let a guest act on
 * their own order with it, so it lives in the core rather than in one of those areas.
 *
 * A link lives GUEST_LINK_DAYS (to the end of that UTC day; docs/decisions/0029-guest-order-links.md): the token carries its
 * own end, signed with it, so nobody can lengthen it and a fresh link (POST /orders/guest-link/)
 * does not bring an old one back. Every message about the order carries a new token, so the
 * newest link works GUEST_LINK_DAYS after the order's last message.
 *   token = base36(end, unix seconds) "." base64url(HMAC-SHA256(secret, "guest-order:<id>:<end>"))
 * Tokens from before (HMAC of the id alone, no end) still open their order until
 * `orders.guest_link_legacy_until` (migration 0036: 30 days after it ran), else 30 days after the
 * order was placed.
 */
import crypto from "node:crypto";
import { env } from "~/config.server";
import { GUEST_LINK_DAYS, GUEST_LINK_MESSAGES } from "~/domain/order-rules";
import { ApiError } from "./http";

const DAY_MS = 24 * 60 * 60 * 1000;

const sign = (text: string) => crypto.createHmac("sha256", env().jwtSecret).update(text).digest("base64url");

/**
 * The token that opens a guest order until `GUEST_LINK_DAYS` after `now`, rounded up to the end of
 * that UTC day: every link made on one day is the same (an order's answer and its placed e-mail, an
 * idempotent replay of the placement).
 */
export function guestTokenFor(orderId: string, now: number = Date.now()): string {
  const day = 24 * 60 * 60;
  const end = Math.ceil((Math.floor(now / 1000) + GUEST_LINK_DAYS * day) / day) * day;
  return `${end.toString(36)}.${sign(`guest-order:${orderId}:${end}`)}`;
}

/** The token of an order from before links had an end (kept to check old links; tests). */
export function legacyGuestTokenFor(orderId: string): string {
  return sign(`guest-order:${orderId}`);
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** What the order's columns tell about links from before (any of them may be absent: placed 30 days back is assumed then). */
export interface GuestLinkOrder {
  id: string;
  user_id: number | null;
  created_at?: Date | string | null;
  guest_link_legacy_until?: Date | string | null;
}

/**
 * "open": `token` opens guest order `order`; "expired": it is this order's own signed token, past
 * its end; "no": anything else (members' orders never open with a token).
 */
export function guestTokenState(order: GuestLinkOrder, token: string | null | undefined, now: number = Date.now()): "open" | "expired" | "no" {
  if (!token || order.user_id !== null || token.length > 200) return "no";
  const dot = token.indexOf(".");
  if (dot < 0) {
    if (!same(token, legacyGuestTokenFor(order.id))) return "no";
    const until = order.guest_link_legacy_until
      ? new Date(order.guest_link_legacy_until).getTime()
      : order.created_at
        ? new Date(order.created_at).getTime() + GUEST_LINK_DAYS * DAY_MS
        : 0;
    return now < until ? "open" : "expired";
  }
  const endText = token.slice(0, dot);
  if (!/^[0-9a-z]{1,10}$/.test(endText)) return "no";
  const end = parseInt(endText, 36);
  if (!same(token.slice(dot + 1), sign(`guest-order:${order.id}:${end}`))) return "no";
  return now < end * 1000 ? "open" : "expired";
}

/** True when `token` opens guest order `order` now (constant-time compare). */
export function guestTokenOpens(order: GuestLinkOrder, token: string | null | undefined): boolean {
  return guestTokenState(order, token) === "open";
}

/** 410 Gone: the caller holds this order's own link, past its end (ask POST /orders/guest-link/ for a fresh one). */
export const guestLinkExpired = () => new ApiError(410, { detail: GUEST_LINK_MESSAGES.expired, code: "link_expired" });
