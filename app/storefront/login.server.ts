/**
 * Signing a shopper in on the storefront: keep the API's tokens in the session cookie, merge the
 * guest cart (spec section 4) and redirect.
 */
import { env } from "~/config.server";
import { langCookie, resolveLanguage } from "~/i18n/i18next.server";
import { isLang, type Lang } from "~/i18n/languages";
import type { Api } from "./api.server";
import type { ApiLoginAnswer } from "./api-types";
import { mergeGuestCartAfterLogin } from "./cart.server";
import { redirectWithFlash, type Flash } from "./responses.server";
import { safeRedirect } from "./session.server";

export type LoginAnswer = ApiLoginAnswer;

/**
 * Stores the tokens and the user's name in the session, merges the guest cart of the cartId
 * cookie into the member's cart, puts the account's language on the pages, and redirects to `redirectTo` (a same-site path, else /).
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
  api.touch();
  const headers = new Headers();
  let flash: Flash | null = null;
  try {
    const cartCookie = await mergeGuestCartAfterLogin(api, request);
    if (cartCookie) headers.append("Set-Cookie", cartCookie);
  } catch (e) {
    flash = { kind: "error", message: e instanceof Error ? e.message : "We could not move the items in your cart to your account." };
  }
  const language = await savedLanguage(api, answer.user.id);
  if (language && language !== (await resolveLanguage(request))) {
    headers.append("Set-Cookie", await langCookie.serialize(language));
    // The pages' language is the document's (a client navigation keeps it): with JavaScript the
    // browser loads the next page whole, as after the footer's switch (Remix's redirectDocument).
    headers.set("X-Remix-Reload-Document", "true");
  }
  return redirectWithFlash(api, safeRedirect(redirectTo), flash, { headers });
}

/**
 * The account's saved language (chosen with the footer's switch, or the pages' at registration):
 * signing in puts it back on this device's pages (the `lang` cookie), so a new phone that sends
 * English shows the shopper's language again. Null when never chosen, or unreadable (the sign-in
 * goes on in the page's language).
 */
async function savedLanguage(api: Api, userId: number): Promise<Lang | null> {
  const r = await api.get<{ language: string | null }>(`/users/${userId}/language/`).catch(() => null);
  return r?.ok && isLang(r.data.language) ? r.data.language : null;
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
