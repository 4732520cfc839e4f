/**
 * JWT access and refresh tokens (HS256, jose), in the shape of DRF simplejwt / dj-rest-auth, and
 * the server-side end of sessions.
 *
 * Every token carries the user's `token_version` (claim `ver`; tokens from before the claim count
 * as version 0). `endSessions` bumps the version and revokes the user's refresh tokens, so logout,
 * a password reset or a password change end every session of that user at once: the router refuses
 * an access token whose version is not the user's current one (401 `token_not_valid`, which clients
 * answer with one refresh), and the refresh endpoint refuses the refresh token too.
 */
import { SignJWT, jwtVerify, errors } from "jose";
import { LRUCache } from "lru-cache";
import crypto from "node:crypto";
import { env } from "~/config.server";
import type { Queryable } from "~/db/client.server";

export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_SECONDS = 7 * 24 * 60 * 60;

const key = () => new TextEncoder().encode(env().jwtSecret);

export interface TokenPair {
  access: string;
  refresh: string;
  access_expiration: string;
  refresh_expiration: string;
  refresh_jti: string;
}

async function sign(type: "access" | "refresh", userId: number, now: number, ttlSeconds: number, version: number) {
  const exp = new Date(now + ttlSeconds * 1000);
  const jti = crypto.randomUUID();
  const token = await new SignJWT({ token_type: type, user_id: userId, ver: version })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(userId))
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(exp.getTime() / 1000))
    .setJti(jti)
    .sign(key());
  return { token, exp, jti };
}

/** An access token for the user; `version` is the user's current token_version. */
export async function signAccess(userId: number, now = Date.now(), version = 0): Promise<{ token: string; exp: Date }> {
  const { token, exp } = await sign("access", userId, now, ACCESS_TTL_SECONDS, version);
  return { token, exp };
}

export async function signRefresh(userId: number, now = Date.now(), version = 0): Promise<{ token: string; exp: Date; jti: string }> {
  return sign("refresh", userId, now, REFRESH_TTL_SECONDS, version);
}

export async function signPair(userId: number, version = 0): Promise<TokenPair> {
  const a = await signAccess(userId, Date.now(), version);
  const r = await signRefresh(userId, Date.now(), version);
  return {
    access: a.token,
    refresh: r.token,
    access_expiration: a.exp.toISOString(),
    refresh_expiration: r.exp.toISOString(),
    refresh_jti: r.jti,
  };
}

/** `version`: the user's token_version when the token was signed (0 for tokens without the claim). */
export type VerifiedToken = { userId: number; jti: string; exp: number; version: number };

/**
 * Verifies a token's signature, type and expiry; returns null when it is invalid or expired. Whether
 * its session is still alive (version, revocation) is for the caller to check against the database.
 */
export async function verifyToken(token: string, type: "access" | "refresh"): Promise<VerifiedToken | null> {
  const secret = env().jwtSecret;
  const kept = verified.get(token);
  let claims: VerifiedClaims;
  if (kept && kept.secret === secret && kept.exp * 1000 > Date.now()) {
    claims = kept;
  } else {
    try {
      const { payload } = await jwtVerify(token, key(), { algorithms: ["HS256"] });
      claims = { secret, type: payload.token_type, userId: Number(payload.user_id), jti: String(payload.jti ?? ""), exp: Number(payload.exp), ver: payload.ver };
    } catch (e) {
      if (e instanceof errors.JOSEError) return null;
      throw e;
    }
    // Kept only with an expiry, so that a kept token stops counting when jose would refuse it.
    if (Number.isFinite(claims.exp)) verified.set(token, claims);
  }
  if (claims.type !== type) return null;
  const userId = claims.userId;
  if (!Number.isInteger(userId)) return null;
  const version = claims.ver === undefined ? 0 : Number(claims.ver);
  if (!Number.isInteger(version)) return null;
  return { userId, jti: claims.jti, exp: claims.exp, version };
}

interface VerifiedClaims {
  secret: string;
  type: unknown;
  userId: number;
  jti: string;
  exp: number;
  ver: unknown;
}

/**
 * Tokens whose signature this process has checked, with their claims: a signed-in shopper's
 * browser sends the same access token with every page for its 15 minutes, and checking its
 * signature (WebCrypto's HMAC, a key import and a job per call) was a tenth of a signed-in
 * page's CPU. A kept token still counts only until its `exp` and under the secret it was checked
 * with; whether its session is alive is the caller's check, every time, as before. Only tokens
 * that verified are kept (nobody without the secret can add one).
 */
const verified = new LRUCache<string, VerifiedClaims>({ max: 20_000 });

/**
 * Ends every session of a user: access tokens already handed out stop working (their version is
 * now old) and every refresh token is revoked. Run it in the transaction that changes the password.
 */
export async function endSessions(q: Queryable, userId: number): Promise<void> {
  await q.query("UPDATE users SET token_version = token_version + 1 WHERE id = $1", [userId]);
  await q.query("UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL", [userId]);
}
