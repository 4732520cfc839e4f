/**
 * Signed-in reads may take the caller's user row from memory (app/api/core/auth-users.server.ts);
 * what a client notices must not change: a logout refuses the old token on the very next request,
 * and a change made elsewhere (another server, an operator's SQL: here straight in the database)
 * is refused or shown as soon as its notification arrives, on both engines.
 */
import { describe, expect, it } from "vitest";
import { engines, eventually, makeUser, useApi } from "./harness";

describe.each(engines())("the caller's user row kept between changes, on %s", (engine) => {
  const api = useApi(engine);
  const me = (token: string) => api.call("/users/auth/user/", { token });

  it("a logout's old access token is refused on the very next read, though the row was kept", async () => {
    const login = await makeUser(api);
    for (let i = 0; i < 3; i++) expect((await me(login.token)).status).toBe(200);
    expect((await api.call("/users/auth/logout/", { method: "POST", json: { refresh: "" }, token: login.token })).status).toBe(200);
    expect((await me(login.token)).status).toBe(401);
  });

  it("a change made outside this process reaches the next reads: names, the end of sessions, a deactivation", async () => {
    const u = await makeUser(api, { first_name: "Ada" });
    expect((await me(u.token)).body.first_name).toBe("Ada");
    await api.db.query("UPDATE users SET first_name = 'Adaeze' WHERE id = $1", [u.id]);
    expect((await eventually(() => me(u.token), (r) => r.body?.first_name === "Adaeze")).body.first_name).toBe("Adaeze");

    expect((await me(u.token)).status).toBe(200);
    await api.db.query("UPDATE users SET token_version = token_version + 1 WHERE id = $1", [u.id]);
    expect((await eventually(() => me(u.token), (r) => r.status === 401)).status).toBe(401);

    const v = await makeUser(api);
    expect((await me(v.token)).status).toBe(200);
    await api.db.query("UPDATE users SET is_active = false WHERE id = $1", [v.id]);
    expect((await eventually(() => me(v.token), (r) => r.status === 401)).status).toBe(401);
  });

  it("a user deactivated a moment ago cannot write (a write reads its caller afresh)", async () => {
    const w = await makeUser(api);
    expect((await me(w.token)).status).toBe(200);
    await api.db.query("UPDATE users SET is_active = false WHERE id = $1", [w.id]);
    const r = await api.call("/users/auth/phone/add/", { method: "POST", json: { phone: "08031234567", code: "123456" }, token: w.token });
    expect(r.status).toBe(401);
  });
});
