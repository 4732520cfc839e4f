/**
 * POST /users/auth/google/ against a local stand-in OpenID issuer (our own keys, discovery
 * document and JWKS): the ID token is verified for signature, issuer, audience, expiry, nonce
 * and email_verified; users are found by Google subject, linked by e-mail, or created.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/config.server";
import { resetGoogleCaches } from "~/integrations/google.server";
import { startGoogleIssuer, type GoogleIssuer } from "../e2e/google-issuer";
import { engines, makeUser, useApi } from "./harness";

let issuer: GoogleIssuer;
const saved = { id: process.env.GOOGLE_CLIENT_ID, iss: process.env.GOOGLE_ISSUER };

beforeAll(async () => {
  issuer = await startGoogleIssuer();
  process.env.GOOGLE_CLIENT_ID = issuer.clientId;
  process.env.GOOGLE_ISSUER = issuer.url;
  resetEnvCache();
  resetGoogleCaches();
});

afterAll(async () => {
  await issuer.close();
  for (const [k, v] of [["GOOGLE_CLIENT_ID", saved.id], ["GOOGLE_ISSUER", saved.iss]] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
  resetGoogleCaches();
});

const email = (tag = "g") => `${tag}.${crypto.randomBytes(5).toString("hex")}@gmail.example`;

describe.each(engines())("Google sign-in API on %s", (engine) => {
  const api = useApi(engine);
  const google = (body: Record<string, unknown>) => api.call("/users/auth/google/", { json: body });

  it("creates a verified user from a valid ID token and answers the login shape", async () => {
    const e = email();
    const idToken = await issuer.mint({ email: e, given_name: "Ngozi", family_name: "Bello" });
    const r = await google({ access_token: "ya29.anything", id_token: idToken });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(["access", "access_expiration", "refresh", "refresh_expiration", "user"]);
    expect(r.body.user).toEqual({ id: expect.any(Number), email: e, first_name: "Ngozi", last_name: "Bello" });
    const me = await api.call("/users/auth/user/", { token: r.body.access });
    expect(me.body.email).toBe(e);
    const row = await api.db.query<{ google_sub: string; verified: boolean; password_hash: string | null }>(
      "SELECT google_sub, email_verified_at IS NOT NULL AS verified, password_hash FROM users WHERE email = $1",
      [e],
    );
    expect(row.rows[0]).toMatchObject({ verified: true, password_hash: null });
    // the same Google account later finds the same user, even with a changed address
    const again = await google({ id_token: await issuer.mint({ email: email("renamed"), sub: row.rows[0].google_sub }) });
    expect(again.status).toBe(200);
    expect(again.body.user.id).toBe(r.body.user.id);
    // a Google-only account has no password to log in with
    const pw = await api.call("/users/auth/login/", { json: { email: e, password: "Anything#123" } });
    expect(pw.body).toEqual({ non_field_errors: ["Unable to log in with provided credentials."] });
  });

  it("links an existing account with the same e-mail", async () => {
    const existing = await makeUser(api, { first_name: "Kunle" });
    const r = await google({ id_token: await issuer.mint({ email: existing.email.toUpperCase() }) });
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ id: existing.id, first_name: "Kunle" });
  });

  it("refuses a token for another audience", async () => {
    const r = await google({ id_token: await issuer.mint({ email: email(), aud: "someone-else.apps.googleusercontent.com" }) });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ non_field_errors: ["This Google sign-in was not meant for this site."] });
  });

  it("refuses a token from another issuer", async () => {
    const r = await google({ id_token: await issuer.mint({ email: email(), iss: "https://accounts.google.com.evil.example" }) });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ non_field_errors: ["This Google sign-in does not come from Google."] });
  });

  it("refuses an expired token", async () => {
    const now = Math.floor(Date.now() / 1000);
    const r = await google({ id_token: await issuer.mint({ email: email(), iat: now - 7200, exp: now - 3600 }) });
    expect(r.status).toBe(400);
    expect(r.body.non_field_errors[0]).toMatch(/expired/);
  });

  it("refuses an unverified e-mail address", async () => {
    const e = email();
    const r = await google({ id_token: await issuer.mint({ email: e, email_verified: false }) });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ non_field_errors: ["Your Google account's e-mail address is not verified."] });
    expect((await api.db.query("SELECT 1 FROM users WHERE email = $1", [e])).rows).toHaveLength(0);
  });

  it("refuses a token signed with a key that is not the issuer's, and garbage", async () => {
    const forged = await google({ id_token: await issuer.mint({ email: email() }, { foreignKey: true }) });
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual({ non_field_errors: ["The Google sign-in could not be verified."] });
    expect((await google({ id_token: "not.a.jwt" })).status).toBe(400);
    const missing = await google({ access_token: "only-this" });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ id_token: ["This field is required."] });
  });

  it("checks the nonce when the caller sends one (the storefront's code flow)", async () => {
    const e = email();
    const token = await issuer.mint({ email: e, nonce: "expected-nonce" });
    expect((await google({ id_token: token, nonce: "other-nonce" })).status).toBe(400);
    expect((await google({ id_token: token, nonce: "expected-nonce" })).status).toBe(200);
  });
});
