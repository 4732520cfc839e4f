/** JWT access and refresh tokens (HS256, jose), in the shape of DRF simplejwt / dj-rest-auth. */
import { SignJWT, jwtVerify, errors } from "jose";
import crypto from "node:crypto";
import { env } from "~/config.server";

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

export async function signAccess(userId: number, now = Date.now()): Promise<{ token: string; exp: Date }> {
  const exp = new Date(now + ACCESS_TTL_SECONDS * 1000);
  const token = await new SignJWT({ token_type: "access", user_id: userId })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(userId))
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(exp.getTime() / 1000))
    .setJti(crypto.randomUUID())
    .sign(key());
  return { token, exp };
}

export async function signRefresh(userId: number, now = Date.now()): Promise<{ token: string; exp: Date; jti: string }> {
  const exp = new Date(now + REFRESH_TTL_SECONDS * 1000);
  const jti = crypto.randomUUID();
  const token = await new SignJWT({ token_type: "refresh", user_id: userId })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(userId))
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(exp.getTime() / 1000))
    .setJti(jti)
    .sign(key());
  return { token, exp, jti };
}

export async function signPair(userId: number): Promise<TokenPair> {
  const a = await signAccess(userId);
  const r = await signRefresh(userId);
  return {
    access: a.token,
    refresh: r.token,
    access_expiration: a.exp.toISOString(),
    refresh_expiration: r.exp.toISOString(),
    refresh_jti: r.jti,
  };
}

export type VerifiedToken = { userId: number; jti: string; exp: number };

/** Verifies a token of the given type; returns null when it is invalid or expired. */
export async function verifyToken(token: string, type: "access" | "refresh"): Promise<VerifiedToken | null> {
  try {
    const { payload } = await jwtVerify(token, key(), { algorithms: ["HS256"] });
    if (payload.token_type !== type) return null;
    const userId = Number(payload.user_id);
    if (!Number.isInteger(userId)) return null;
    return { userId, jti: String(payload.jti ?? ""), exp: Number(payload.exp) };
  } catch (e) {
    if (e instanceof errors.JOSEError) return null;
    throw e;
  }
}
