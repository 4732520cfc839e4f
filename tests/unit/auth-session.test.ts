/**
 * The storefront's API client with a signed-in session (spec section 4): an expired access
 * token is refreshed once and the call replayed; when the refresh token was revoked the
 * session's user is cleared.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueTokens } from "~/api/core/accounts.server";
import { signAccess } from "~/api/tokens.server";
import { setDb, type Db } from "~/db/client.server";
import { Api } from "~/storefront/api.server";
import { getSession } from "~/storefront/session.server";
import { openTestDb } from "../api/harness";

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await openTestDb("pglite"));
  setDb(db);
});
afterAll(async () => {
  setDb(null);
  await drop();
});

async function signedInApi() {
  const u = await db.query<{ id: number }>(
    "INSERT INTO users (email, first_name, last_name, email_verified_at) VALUES ($1, 'Tolu', 'Ade', now()) RETURNING id",
    [`s${Date.now()}${Math.random()}@example.com`],
  );
  const user = { id: u.rows[0].id, email: "x@example.com", first_name: "Tolu", last_name: "Ade" };
  const tokens = await issueTokens(db, user);
  const request = new Request("http://localhost:3000/users/orders");
  const session = await getSession(request);
  const expired = await signAccess(user.id, Date.now() - 60 * 60 * 1000);
  session.set("userId", user.id);
  session.set("access", expired.token);
  session.set("refresh", tokens.refresh);
  return { api: new Api(request, session), tokens, expired: expired.token };
}

describe("storefront API client", () => {
  it("refreshes an expired access token once and replays the call", async () => {
    const { api, expired } = await signedInApi();
    const r = await api.get<{ first_name: string }>("/users/auth/user/");
    expect(r.status).toBe(200);
    expect(r.ok && r.data.first_name).toBe("Tolu");
    expect(api.session.get("access")).not.toBe(expired);
    expect(api.dirty).toBe(true);
    expect((await api.headers()).get("Set-Cookie")).toMatch(/^__session=/);
  });

  it("clears the session's user when the refresh token was revoked (logout elsewhere)", async () => {
    const { api, tokens } = await signedInApi();
    await db.query("UPDATE refresh_tokens SET revoked_at = now()");
    const r = await api.get("/users/auth/user/");
    expect(r.status).toBe(401);
    expect(api.user).toBeNull();
    expect(api.session.get("refresh")).toBeUndefined();
    expect(tokens.refresh).toBeTruthy();
  });
});
