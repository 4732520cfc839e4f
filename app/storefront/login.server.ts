/**
 * Signing a shopper in on the storefront: keep the API's tokens in the session cookie, merge the
 * guest cart (spec section 4) and redirect. Also turns API error bodies into form errors.
 */
import { redirect } from "@remix-run/node";
import { env } from "~/config.server";
import type { Api } from "./api.server";
import { mergeGuestCartAfterLogin } from "./cart.server";
import { commitSession, safeRedirect } from "./session.server";

export interface LoginAnswer {
  access: string;
  refresh: string;
  access_expiration: string;
  refresh_expiration: string;
  user: { id: number; email: string; first_name: string; last_name: string };
}

/**
 * Stores the tokens and the user's name in the session, merges the guest cart of the cartId
 * cookie into the member's cart, and redirects to `redirectTo` (a same-site path, else /).
 * A failed merge is shown as an error message (spec section 8) but the user stays signed in.
 */
export async function startUserSession(api: Api, request: Request, answer: LoginAnswer, redirectTo: string | null | undefined): Promise<Response> {
  const s = api.session;
  s.set("userId", answer.user.id);
  s.set("access", answer.access);
  s.set("refresh", answer.refresh);
  s.set("accessExpiration", answer.access_expiration);
  s.set("refreshExpiration", answer.refresh_expiration);
  s.set("firstName", answer.user.first_name);
  s.set("lastName", answer.user.last_name);
  s.set("email", answer.user.email);
  const headers = new Headers();
  try {
    const cartCookie = await mergeGuestCartAfterLogin(api, request);
    if (cartCookie) headers.append("Set-Cookie", cartCookie);
  } catch (e) {
    s.flash("flash", { kind: "error", message: e instanceof Error ? e.message : "We could not move the items in your cart to your account." });
  }
  headers.append("Set-Cookie", await commitSession(s));
  return redirect(safeRedirect(redirectTo), { status: 303, headers });
}

/** The client address header to pass on to the API, so its per-address rate limits apply. */
export function forwardedFor(request: Request): Record<string, string> {
  const xff = request.headers.get("x-forwarded-for");
  return xff ? { "X-Forwarded-For": xff } : {};
}

/**
 * An API error answer as conform reply options: `{"field": [..]}` onto fields the form has,
 * everything else (non_field_errors, detail, unknown fields) as form errors (spec section 8).
 */
export function apiErrorsToReply(status: number, body: unknown, fields: readonly string[]): { formErrors: string[]; fieldErrors: Record<string, string[]> } {
  const formErrors: string[] = [];
  const fieldErrors: Record<string, string[]> = {};
  if (status >= 500 || body === null || typeof body !== "object") {
    formErrors.push(status >= 500 ? "Something went wrong on our side. Please try again." : `Request failed with status code ${status}`);
    return { formErrors, fieldErrors };
  }
  if (Array.isArray(body)) {
    formErrors.push(...body.map(String));
    return { formErrors, fieldErrors };
  }
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    const messages = Array.isArray(v) ? v.map(String) : typeof v === "string" ? [v] : [];
    if (k === "code" || k === "messages" || !messages.length) continue;
    if (fields.includes(k)) fieldErrors[k] = messages;
    else formErrors.push(...messages);
  }
  if (!formErrors.length && !Object.keys(fieldErrors).length) formErrors.push(`Request failed with status code ${status}`);
  return { formErrors, fieldErrors };
}

/**
 * Refuses a sign-in POST sent from another site (login CSRF: signing a victim into the
 * attacker's account). Browsers send Origin on every cross-site POST; same-site posts match.
 */
export function assertSameOrigin(request: Request) {
  const origin = request.headers.get("Origin");
  if (!origin) return;
  const allowed = new Set([new URL(request.url).origin, new URL(env().publicUrl).origin]);
  if (!allowed.has(origin)) throw new Response("Cross-site sign-in requests are not allowed.", { status: 403 });
}
