/**
 * Google sign-in on the storefront: the OAuth 2 / OpenID Connect authorization-code flow through
 * remix-auth with remix-auth-oauth2 (endpoints from the issuer's discovery document, so tests use
 * a local stand-in). Plain redirects, no client JavaScript. State and PKCE come from the strategy
 * (kept in a short-lived HttpOnly cookie); the nonce is an HMAC of the state, so it needs no
 * storage and the API checks it in the ID token. The ID token then goes to POST
 * /users/auth/google/, which verifies it against the issuer's keys and answers our own tokens.
 */
import crypto from "node:crypto";
import { createCookie } from "@remix-run/node";
import { parse as parseCookie } from "cookie";
import { Authenticator } from "remix-auth";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { env } from "~/config.server";
import { discover, googleEnabled, googleIssuer } from "~/integrations/google.server";
import { apiFor, errorField } from "./api.server";
import type { LoginAnswer } from "./login.server";

export const STATE_COOKIE = "google-oauth";
const COOKIE_PATH = "/auth/google";

/** The nonce sent with a given state (HMAC with the session secret). */
export function nonceFor(state: string): string {
  return crypto.createHmac("sha256", env().sessionSecrets[0]).update(`google-nonce:${state}`).digest("base64url");
}

/** Thrown for a sign-in the shopper should hear about; `message` is safe to show. */
export class GoogleSignInError extends Error {}

class GoogleOidcStrategy extends OAuth2Strategy<LoginAnswer> {
  name = "google";
  protected authorizationParams(params: URLSearchParams, request: Request): URLSearchParams {
    const out = super.authorizationParams(params, request);
    const state = out.get("state");
    if (state) out.set("nonce", nonceFor(state));
    out.set("prompt", "select_account");
    return out;
  }
}

let cached: { key: string; auth: Promise<Authenticator<LoginAnswer>> } | null = null;

/** The Authenticator with the Google strategy, built from the issuer's discovery document. */
export function googleAuthenticator(): Promise<Authenticator<LoginAnswer>> {
  const e = env();
  const key = [googleIssuer(), e.GOOGLE_CLIENT_ID, e.publicUrl].join("|");
  if (cached?.key === key) return cached.auth;
  const auth = (async () => {
    if (!googleEnabled()) throw new GoogleSignInError("Google sign-in is not available.");
    const config = await discover();
    const secure = e.publicUrl.startsWith("https:");
    const strategy = new GoogleOidcStrategy(
      {
        clientId: e.GOOGLE_CLIENT_ID!,
        clientSecret: e.GOOGLE_CLIENT_SECRET ?? "",
        authorizationEndpoint: config.authorization_endpoint,
        tokenEndpoint: config.token_endpoint,
        redirectURI: `${e.publicUrl}/auth/google/callback`,
        scopes: ["openid", "email", "profile"],
        cookie: { name: STATE_COOKIE, path: COOKIE_PATH, httpOnly: true, sameSite: "Lax", maxAge: 600, ...(secure ? { secure: true as const } : {}) },
      },
      async ({ request, tokens }) => {
        const state = new URL(request.url).searchParams.get("state") ?? "";
        let idToken: string;
        try {
          idToken = tokens.idToken();
        } catch {
          throw new GoogleSignInError("Google did not send an ID token.");
        }
        const api = await apiFor(request);
        const r = await api.post<LoginAnswer & { non_field_errors?: string[] }>(
          "/users/auth/google/",
          { id_token: idToken, access_token: tokens.accessToken(), nonce: nonceFor(state) },
          { auth: false },
        );
        if (!r.ok) throw new GoogleSignInError(errorField(r.data, "non_field_errors") ?? `Google sign-in failed (status ${r.status}).`);
        return r.data;
      },
    );
    return new Authenticator<LoginAnswer>().use(strategy, "google");
  })();
  auth.catch(() => {
    if (cached?.auth === auth) cached = null;
  });
  cached = { key, auth };
  return auth;
}

let redirectCookie: ReturnType<typeof createCookie> | null = null;
/** Where to go after a Google sign-in (the login page's redirectTo), kept across the round trip. */
export function googleRedirectCookie() {
  redirectCookie ??= createCookie("google-redirect", {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: "lax",
    secure: env().publicUrl.startsWith("https:"),
    secrets: env().sessionSecrets,
    maxAge: 600,
  });
  return redirectCookie;
}

/** Set-Cookie values that remove the flow's state cookies once the callback has used them. */
export function clearFlowCookies(request: Request): string[] {
  const names = Object.keys(parseCookie(request.headers.get("Cookie") ?? "")).filter((n) => n.startsWith(STATE_COOKIE) || n === "google-redirect");
  return names.map((n) => `${n}=; Path=${COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax`);
}
