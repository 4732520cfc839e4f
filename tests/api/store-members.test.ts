/** Store members: invite by e-mail, the invitation link, accept, remove; only the Owner manages members. */
import { describe, expect, it } from "vitest";
import { InvitationAcceptedSchema, InvitationSchema, MemberInvitationSchema, StoreMemberSchema } from "~/api/stores/schemas";
import { MEMBER_MESSAGES } from "~/domain/members";
import { engines, makeUser, useApi, type TestApi } from "./harness";
import { vendorCast } from "./vendor-helpers";

/** The accept link's token from the invitation e-mail queued for `to` (the newest one). */
async function tokenMailedTo(api: TestApi, to: string): Promise<string> {
  const r = await api.db.query<{ text_body: string; subject: string }>("SELECT text_body, subject FROM mail_queue WHERE to_address = $1 ORDER BY id DESC LIMIT 1", [to]);
  expect(r.rows[0]?.subject).toMatch(/invited to join/);
  const m = /\/invitations\/([A-Za-z0-9_-]+)/.exec(r.rows[0].text_body);
  expect(m).not.toBeNull();
  return m![1];
}

const members = (api: TestApi, storeId: number, token: string) => api.call(`/stores/${storeId}/members/`, { token });
const invite = (api: TestApi, storeId: number, token: string | undefined, email: string) => api.call(`/stores/${storeId}/members/`, { token, json: { email } });

describe.each(engines())("store members on %s", (engine) => {
  const api = useApi(engine);

  it("the owner invites by e-mail: a pending Member row, an e-mail with an accept link, only the token's hash stored", async () => {
    const c = await vendorCast(api);
    const invitee = await makeUser(api);
    const r = await invite(api, c.store.id, c.owner.token, `  ${invitee.email.toUpperCase()} `);
    expect(r.status).toBe(201);
    MemberInvitationSchema.parse(r.body);
    expect(r.body).toMatchObject({ email: invitee.email.toLowerCase(), role: "Member", accepted: false, user_id: null });
    const days = (new Date(r.body.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const token = await tokenMailedTo(api, invitee.email.toLowerCase());
    const row = await api.db.query<{ invite_token_hash: string }>("SELECT invite_token_hash FROM store_members WHERE id = $1", [r.body.id]);
    expect(row.rows[0].invite_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.rows[0].invite_token_hash).not.toContain(token);
    // the invitee's account is told (no token in the notification)
    const n = await api.db.query<{ kind: string; link: string | null }>("SELECT kind, link FROM notifications WHERE user_id = $1", [invitee.id]);
    expect(n.rows).toEqual([{ kind: "member_invited", link: null }]);
    // the list shows the pending invitation after the owner
    const list = await members(api, c.store.id, c.owner.token);
    StoreMemberSchema.array().parse(list.body);
    expect(list.body.map((m: { role: string; accepted: boolean }) => [m.role, m.accepted])).toEqual([["Owner", true], ["Member", true], ["Member", false]]);
    // anyone may read the invitation by its token
    const pub = await api.call(`/stores/invitations/${token}/`);
    expect(pub.status).toBe(200);
    InvitationSchema.parse(pub.body);
    expect(pub.body).toMatchObject({ store: { id: c.store.id, slug: c.store.slug }, email: invitee.email.toLowerCase(), role: "Member", expired: false, accepted: false });
    expect(pub.body.inviter).toBeTruthy();
    expect((await api.call("/stores/invitations/not-a-real-token-at-all-0000/")).status).toBe(404);
  });

  it("an invitee accepts with the invited account only; then they are a member (products and orders) but not an owner", async () => {
    const c = await vendorCast(api);
    const invitee = await makeUser(api);
    const stranger = await makeUser(api);
    await invite(api, c.store.id, c.owner.token, invitee.email);
    const token = await tokenMailedTo(api, invitee.email.toLowerCase());
    const accept = (t?: string) => api.call(`/stores/invitations/${token}/accept/`, { method: "POST", token: t });
    expect((await accept()).status).toBe(401);
    const wrong = await accept(stranger.token);
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ detail: MEMBER_MESSAGES.wrongUser });
    const before = await api.db.query("SELECT user_id, accepted_at FROM store_members WHERE store_id = $1 AND email = $2", [c.store.id, invitee.email]);
    expect(before.rows[0]).toEqual({ user_id: null, accepted_at: null });
    expect((await api.call(`/orders/${c.store.id}/store`, { token: invitee.token })).status).toBe(404);
    const ok = await accept(invitee.token);
    expect(ok.status).toBe(200);
    InvitationAcceptedSchema.parse(ok.body);
    expect(ok.body).toEqual({ store: { id: c.store.id, name: expect.any(String), slug: c.store.slug }, role: "Member" });
    expect((await accept(invitee.token)).status).toBe(200); // again: no change
    const joined = await api.db.query<{ kind: string; link: string }>("SELECT kind, link FROM notifications WHERE store_id = $1", [c.store.id]);
    expect(joined.rows).toEqual([{ kind: "member_joined", link: `/stores/${c.store.slug}/members` }]);
    // a member now: orders and membership yes, members list and invitations no
    expect((await api.call(`/orders/${c.store.id}/store`, { token: invitee.token })).status).toBe(200);
    expect((await api.call(`/stores/${c.store.id}/membership/`, { token: invitee.token })).body.role).toBe("Member");
    expect((await members(api, c.store.id, invitee.token)).status).toBe(404);
    expect((await invite(api, c.store.id, invitee.token, "friend@example.com")).status).toBe(404);
    expect((await api.call(`/stores/invitations/${token}/`)).body).toMatchObject({ accepted: true, expired: false });
  });

  it("an expired link cannot be accepted; inviting again re-sends a new link and the old one stops working", async () => {
    const c = await vendorCast(api);
    const email = `late-${Date.now()}@example.com`;
    const first = await invite(api, c.store.id, c.owner.token, email);
    const oldToken = await tokenMailedTo(api, email);
    await api.db.query("UPDATE store_members SET invite_expires_at = now() - interval '1 minute' WHERE id = $1", [first.body.id]);
    expect((await api.call(`/stores/invitations/${oldToken}/`)).body).toMatchObject({ expired: true, accepted: false });
    const late = await makeUser(api, { email });
    const refused = await api.call(`/stores/invitations/${oldToken}/accept/`, { method: "POST", token: late.token });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ detail: MEMBER_MESSAGES.expired });
    expect((await api.db.query("SELECT accepted_at FROM store_members WHERE id = $1", [first.body.id])).rows[0].accepted_at).toBeNull();
    const again = await invite(api, c.store.id, c.owner.token, email);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const newToken = await tokenMailedTo(api, email);
    expect(newToken).not.toBe(oldToken);
    expect((await api.call(`/stores/invitations/${oldToken}/`)).status).toBe(404);
    expect((await api.call(`/stores/invitations/${newToken}/accept/`, { method: "POST", token: late.token })).status).toBe(200);
  });

  it("inviting an existing member is a 400 on email; bad e-mails are refused; nothing is written", async () => {
    const c = await vendorCast(api);
    const count = async () => (await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM store_members WHERE store_id = $1", [c.store.id])).rows[0].n;
    const n = await count();
    const memberEmail = (await api.db.query<{ email: string }>("SELECT email::text AS email FROM users WHERE id = $1", [c.member.id])).rows[0].email;
    const dup = await invite(api, c.store.id, c.owner.token, memberEmail.toUpperCase());
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({ email: [MEMBER_MESSAGES.alreadyMember] });
    expect((await invite(api, c.store.id, c.owner.token, c.owner.email)).body).toEqual({ email: [MEMBER_MESSAGES.alreadyMember] });
    expect((await invite(api, c.store.id, c.owner.token, "not-an-email")).body).toEqual({ email: [MEMBER_MESSAGES.emailInvalid] });
    expect((await api.call(`/stores/${c.store.id}/members/`, { token: c.owner.token, json: {} })).body).toEqual({ email: [MEMBER_MESSAGES.email] });
    expect(await count()).toBe(n);
  });

  it("only the store's owner (or an admin) invites and removes; the Owner cannot be removed; other stores' rows are 404", async () => {
    const c = await vendorCast(api);
    const email = `who-${Date.now()}@example.com`;
    for (const who of [c.member, c.otherOwner, c.shopper]) expect((await invite(api, c.store.id, who.token, email)).status).toBe(404);
    expect((await invite(api, c.store.id, undefined, email)).status).toBe(401);
    expect((await invite(api, c.store.id, c.admin.token, email)).status).toBe(201);
    const list = (await members(api, c.store.id, c.owner.token)).body as Array<{ id: number; role: string; user_id: number | null }>;
    const ownerRow = list.find((m) => m.role === "Owner")!;
    const memberRow = list.find((m) => m.user_id === c.member.id)!;
    const del = (id: number, token?: string, storeId = c.store.id) => api.call(`/stores/${storeId}/members/${id}/`, { method: "DELETE", token });
    expect((await del(ownerRow.id, c.owner.token)).body).toEqual({ detail: MEMBER_MESSAGES.ownerCannotBeRemoved });
    for (const who of [c.member, c.otherOwner, c.shopper]) expect((await del(memberRow.id, who.token)).status).toBe(404);
    expect((await del(memberRow.id)).status).toBe(401);
    // another store's owner cannot reach this store's row through their own store
    expect((await del(memberRow.id, c.otherOwner.token, c.otherStore.id)).status).toBe(404);
    expect((await del(memberRow.id, c.owner.token)).status).toBe(204);
    expect((await api.call(`/orders/${c.store.id}/store`, { token: c.member.token })).status).toBe(404);
    expect((await del(memberRow.id, c.owner.token)).status).toBe(404);
    const pending = (await members(api, c.store.id, c.owner.token)).body.find((m: { email: string }) => m.email === email);
    expect((await del(pending.id, c.owner.token)).status).toBe(204);
    expect((await members(api, c.store.id, c.owner.token)).body.map((m: { role: string }) => m.role)).toEqual(["Owner"]);
  });
});
