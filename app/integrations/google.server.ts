/**
 * Google sign-in (OpenID Connect). Endpoints come from the issuer's discovery document
 * (GOOGLE_ISSUER, default https://accounts.google.com), so tests point it at a local stand-in.
 * ID tokens are verified against the issuer's JWKS with jose: signature (RS256), issuer,
 * audience (GOOGLE_CLIENT_ID), expiry, nonce when the caller knows it, and email_verified.
 */
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from "jose";
import { env } from "~/config.server";
import type { Queryable } from "~/db/client.server";

export const GOOGLE_ISSUER = "https://accounts.google.com";

export interface OidcConfig {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

export interface GoogleIdentity {
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
}

/** Why an ID token was refused; `message` is safe to show. */
export class GoogleTokenError extends Error {
  constructor(
    public reason: "not_configured" | "invalid" | "expired" | "wrong_audience" | "wrong_issuer" | "unverified_email" | "nonce",
    message: string,
  ) {
    super(message);
  }
}

export const googleEnabled = () => !!env().GOOGLE_CLIENT_ID;
export const googleIssuer = () => (env().GOOGLE_ISSUER ?? GOOGLE_ISSUER).replace(/\/$/, "");

const discoveryCache = new Map<string, { at: number; config: Promise<OidcConfig> }>();
const jwksCache = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** The issuer's discovery document (cached for an hour; a failed fetch is not cached). */
export function discover(issuer = googleIssuer()): Promise<OidcConfig> {
  const hit = discoveryCache.get(issuer);
  if (hit && Date.now() - hit.at < 60 * 60 * 1000) return hit.config;
  const config = (async () => {
    const res = await fetch(`${issuer}/.well-known/openid-configuration`, { headers: { Accept: "application/json" }, signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`OpenID discovery at ${issuer} answered ${res.status}`);
    const doc = (await res.json()) as Partial<OidcConfig>;
    for (const k of ["issuer", "authorization_endpoint", "token_endpoint", "jwks_uri"] as const) {
      if (typeof doc[k] !== "string") throw new Error(`OpenID discovery at ${issuer}: ${k} missing`);
    }
    return doc as OidcConfig;
  })();
  config.catch(() => discoveryCache.delete(issuer));
  discoveryCache.set(issuer, { at: Date.now(), config });
  return config;
}

/** Tests start new stand-in issuers between suites. */
export function resetGoogleCaches() {
  discoveryCache.clear();
  jwksCache.clear();
}

function jwks(uri: string) {
  let set = jwksCache.get(uri);
  if (!set) {
    // jose caches the keys and refetches on an unknown kid (key rotation), at most every 30 s.
    set = createRemoteJWKSet(new URL(uri), { timeoutDuration: 10_000, cooldownDuration: 30_000 });
    jwksCache.set(uri, set);
  }
  return set;
}

/** Verifies a Google ID token and returns the identity it asserts. */
export async function verifyGoogleIdToken(idToken: string, opts: { nonce?: string } = {}): Promise<GoogleIdentity> {
  const clientId = env().GOOGLE_CLIENT_ID;
  if (!clientId) throw new GoogleTokenError("not_configured", "Google sign-in is not configured.");
  const config = await discover();
  // Google documents both spellings of its issuer.
  const issuers = config.issuer === GOOGLE_ISSUER ? [GOOGLE_ISSUER, "accounts.google.com"] : [config.issuer];
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, jwks(config.jwks_uri), {
      issuer: issuers,
      audience: clientId,
      algorithms: ["RS256"],
      clockTolerance: 5,
      requiredClaims: ["exp", "iat", "sub"],
    }));
  } catch (e) {
    if (e instanceof joseErrors.JWTExpired) throw new GoogleTokenError("expired", "The Google sign-in has expired. Please try again.");
    if (e instanceof joseErrors.JWTClaimValidationFailed) {
      if (e.claim === "aud") throw new GoogleTokenError("wrong_audience", "This Google sign-in was not meant for this site.");
      if (e.claim === "iss") throw new GoogleTokenError("wrong_issuer", "This Google sign-in does not come from Google.");
    }
    if (e instanceof joseErrors.JOSEError) throw new GoogleTokenError("invalid", "The Google sign-in could not be verified.");
    throw e;
  }
  if (opts.nonce !== undefined && payload.nonce !== opts.nonce) {
    throw new GoogleTokenError("nonce", "The Google sign-in could not be verified.");
  }
  const verified = payload.email_verified === true || payload.email_verified === "true";
  if (typeof payload.email !== "string" || !payload.email || !verified) {
    throw new GoogleTokenError("unverified_email", "Your Google account's e-mail address is not verified.");
  }
  return {
    sub: String(payload.sub),
    email: payload.email.toLowerCase(),
    givenName: typeof payload.given_name === "string" ? payload.given_name : typeof payload.name === "string" ? payload.name.split(" ")[0] : "",
    familyName: typeof payload.family_name === "string" ? payload.family_name : "",
  };
}

/**
 * The user for a Google identity: by google_sub, else by e-mail (linking the account; Google
 * has verified the address, so it also counts as verified here), else a new user without a
 * password, in `language` (the pages' at sign-up). Returns null for a deactivated account.
 */
export async function findOrCreateGoogleUser(db: Queryable, who: GoogleIdentity, language: string | null = null): Promise<number | null> {
  const bySub = await db.query<{ id: number; is_active: boolean }>("SELECT id, is_active FROM users WHERE google_sub = $1", [who.sub]);
  if (bySub.rows[0]) return bySub.rows[0].is_active ? bySub.rows[0].id : null;
  const byEmail = await db.query<{ id: number; is_active: boolean }>(
    `UPDATE users SET google_sub = $2, email_verified_at = COALESCE(email_verified_at, now()), updated_at = now()
      WHERE email = $1 AND google_sub IS NULL RETURNING id, is_active`,
    [who.email, who.sub],
  );
  if (byEmail.rows[0]) return byEmail.rows[0].is_active ? byEmail.rows[0].id : null;
  const created = await db.query<{ id: number }>(
    `INSERT INTO users (email, first_name, last_name, google_sub, email_verified_at, language)
     VALUES ($1, $2, $3, $4, now(), $5)
     ON CONFLICT (email) DO NOTHING RETURNING id`,
    [who.email, who.givenName.slice(0, 150), who.familyName.slice(0, 150), who.sub, language],
  );
  if (created.rows[0]) return created.rows[0].id;
  // The address belongs to an account already linked to another Google identity.
  return null;
}
