/**
 * GET /users/{userId}/header/ (issue 13): the signed-in member's header in one call, the same
 * stores and unread count as GET /stores/owner/{userId}/ and GET /users/{userId}/notifications/unread/;
 * the member's own only.
 */
import { describe, expect, it } from "vitest";
import { MemberHeaderSchema } from "~/api/users/header-schemas";
import { createStore } from "~/db/seed/factories";
import { engines, makeUser, useApi } from "./harness";

describe.each(engines())("member header on %s", (engine) => {
  const api = useApi(engine);

  it("answers the member's stores and unread count, as the two calls it replaces", async () => {
    const me = await makeUser(api);
    const none = await api.call(`/users/${me.id}/header/`, { token: me.token });
    expect(none.status).toBe(200);
    expect(MemberHeaderSchema.parse(none.body)).toEqual({ stores: [], unread: 0 });

    const first = await createStore(api.db, { owner_id: me.id, name: "First Depot", created_at: "2024-01-01T00:00:00Z" });
    const second = await createStore(api.db, { owner_id: me.id, name: "Second Depot", created_at: "2024-02-01T00:00:00Z" });
    for (const title of ["one", "two", "three"]) {
      await api.db.query("INSERT INTO notifications (user_id, kind, title) VALUES ($1, 'test', $2)", [me.id, title]);
    }
    await api.db.query("UPDATE notifications SET read_at = now() WHERE user_id = $1 AND title = 'one'", [me.id]);

    const r = await api.call(`/users/${me.id}/header/`, { token: me.token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      stores: [
        { id: first.id, name: "First Depot", slug: first.slug },
        { id: second.id, name: "Second Depot", slug: second.slug },
      ],
      unread: 2,
    });
    const owned = await api.call(`/stores/owner/${me.id}/`, { token: me.token });
    expect(r.body.stores).toEqual(owned.body.map(({ id, name, slug }: { id: number; name: string; slug: string }) => ({ id, name, slug })));
    expect((await api.call(`/users/${me.id}/notifications/unread/`, { token: me.token })).body.unread).toBe(r.body.unread);
  });

  it("is the member's own: 401 without a token, 403 for anyone else, an admin included", async () => {
    const me = await makeUser(api);
    const other = await makeUser(api);
    const admin = await makeUser(api, { role: "admin" });
    expect((await api.call(`/users/${me.id}/header/`)).status).toBe(401);
    expect((await api.call(`/users/${me.id}/header/`, { token: other.token })).status).toBe(403);
    expect((await api.call(`/users/${me.id}/header/`, { token: admin.token })).status).toBe(403);
  });
});
