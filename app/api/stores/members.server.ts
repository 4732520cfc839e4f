/**
 * Store members (spec sections 2 and 6). Only the Owner (or an admin) manages
 * members; the invitee accepts with the link of the invitation e-mail.
 *
 * POST /stores/{storeId}/members/ {email}   store-owner. Invites (role Member): a store_members row
 *   without accepted_at, a random token whose SHA-256 hash is kept (the link /invitations/{token}
 *   is only in the e-mail), valid INVITATION_DAYS days. Inviting a pending address again re-sends:
 *   a new token and a new expiry (the old link stops working). An accepted member: 400 on `email`.
 *   201 (new) / 200 (re-sent) with the member row and `expires_at`. Events: member_invited to the
 *   invitee's account if one uses that e-mail; the invitation e-mail.
 * DELETE /stores/{storeId}/members/{memberId}/   store-owner. Removes a member or an invitation:
 *   204; the Owner's row: 400; a row of another store: 404.
 * GET /stores/invitations/{token}/   public (the token is the credential): store, inviter, e-mail
 *   invited, expires_at, expired, accepted; 404 for an unknown token.
 * POST /stores/invitations/{token}/accept/   authenticated. The signed-in user's e-mail must be the
 *   invited one (403 otherwise); an expired link: 400. Sets user_id and accepted_at (again: 200, no
 *   change). Event member_joined to the store.
 */
import crypto from "node:crypto";
import type { Queryable } from "~/db/client.server";
import { INVITATION_DAYS, InviteMemberSchema, MEMBER_MESSAGES } from "~/domain/members";
import { flushMailQueue } from "~/integrations/mail.server";
import { userLanguage } from "~/integrations/mail/language.server";
import { memberInvitationEmail } from "~/integrations/mail/member-emails.server";
import { log } from "~/ops/logger.server";
import { optionalImageUrl } from "../core/media";
import { ApiError, badRequest, json, noContent, notFound } from "../core/http";
import type { ApiContext } from "../core/types";
import { recordEvent } from "../notifications/commands.server";
import type { ApiInvitation, ApiInvitationAccepted, ApiMemberInvitation } from "./schemas";
import { serializeMember, type StoreMemberRow } from "./serialize";

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");
const newToken = () => crypto.randomBytes(32).toString("base64url");
const TOKEN_RE = /^[A-Za-z0-9_-]{20,128}$/;

const fullName = (first: string | null | undefined, last: string | null | undefined, fallback: string) =>
  `${first ?? ""} ${last ?? ""}`.trim() || fallback;

type MemberRow = StoreMemberRow & { invite_expires_at: Date | string | null };

const MEMBER_SELECT = `SELECT m.id, m.user_id, m.email::text AS email, m.role, m.accepted_at, m.invite_expires_at, u.first_name, u.last_name, u.phone
  FROM store_members m LEFT JOIN users u ON u.id = m.user_id`;

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function serializeInvitation(m: MemberRow): ApiMemberInvitation {
  return { ...serializeMember(m), expires_at: m.accepted_at === null ? iso(m.invite_expires_at) : null };
}

export async function inviteMember(ctx: ApiContext<typeof InviteMemberSchema>): Promise<Response> {
  const storeId = ctx.intParam("storeId");
  const inviter = await ctx.requireUser();
  const { email } = await ctx.input();
  const token = newToken();
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 24 * 3600_000);
  const result = await ctx.db.tx(async (q) => {
    const store = (await q.query<{ name: string; slug: string }>("SELECT name, slug FROM stores WHERE id = $1", [storeId])).rows[0];
    if (!store) throw notFound();
    const existing = (await q.query<{ id: number; accepted_at: Date | null }>("SELECT id, accepted_at FROM store_members WHERE store_id = $1 AND email = $2 FOR UPDATE", [storeId, email])).rows[0];
    if (existing?.accepted_at) throw badRequest({ email: [MEMBER_MESSAGES.alreadyMember] });
    const row = await q.query<{ id: number }>(
      `INSERT INTO store_members (store_id, email, role, invited_by, invite_token_hash, invite_expires_at)
       VALUES ($1, $2, 'Member', $3, $4, $5)
       ON CONFLICT (store_id, email) DO UPDATE SET invited_by = EXCLUDED.invited_by, invite_token_hash = EXCLUDED.invite_token_hash,
         invite_expires_at = EXCLUDED.invite_expires_at
       RETURNING id`,
      [storeId, email, inviter.id, hashToken(token), expiresAt.toISOString()],
    );
    const invitee = (await q.query<{ id: number; language: string | null }>("SELECT id, language FROM users WHERE email = $1", [email])).rows[0];
    // The invitee's account language, else the inviter's (a newcomer most likely reads as the store's owner does).
    const lang = invitee?.language ?? (await userLanguage(q, inviter.id));
    const inviterName = fullName(inviter.first_name, inviter.last_name, "A store owner");
    await recordEvent(q, {
      notices: invitee
        ? [
            {
              userId: invitee.id,
              kind: "member_invited",
              text: { title: "member_invited", body: "member_invited", params: { store: store.name, inviter: inviterName, email } },
            },
          ]
        : [],
      mails: [memberInvitationEmail({ to: email, storeName: store.name, inviterName, token, expiresAt, lang })],
    });
    const member = (await q.query<MemberRow>(`${MEMBER_SELECT} WHERE m.id = $1`, [row.rows[0].id])).rows[0];
    return { member, resent: Boolean(existing) };
  });
  log().info({ requestId: ctx.requestId, storeId, memberId: result.member.id, resent: result.resent }, "store member invited");
  void flushMailQueue(ctx.db).catch((err) => log().warn({ err, requestId: ctx.requestId }, "sending the invitation failed; the job retries"));
  return json(serializeInvitation(result.member), result.resent ? 200 : 201);
}

export async function removeMember(ctx: ApiContext): Promise<Response> {
  const storeId = ctx.intParam("storeId");
  const memberId = ctx.intParam("memberId");
  const row = (await ctx.db.query<{ role: string }>("SELECT role FROM store_members WHERE id = $1 AND store_id = $2", [memberId, storeId])).rows[0];
  if (!row) throw notFound();
  if (row.role === "Owner") throw badRequest({ detail: MEMBER_MESSAGES.ownerCannotBeRemoved });
  await ctx.db.query("DELETE FROM store_members WHERE id = $1 AND store_id = $2 AND role <> 'Owner'", [memberId, storeId]);
  log().info({ requestId: ctx.requestId, storeId, memberId }, "store member removed");
  return noContent();
}

interface InvitationRow {
  id: number;
  store_id: number;
  email: string;
  role: "Owner" | "Member";
  user_id: number | null;
  accepted_at: Date | string | null;
  invite_expires_at: Date | string | null;
  store_name: string;
  store_slug: string;
  logo_key: string | null;
  inviter_first: string | null;
  inviter_last: string | null;
}

async function findInvitation(q: Queryable, token: string, lock = false): Promise<InvitationRow | null> {
  if (!TOKEN_RE.test(token)) return null;
  const r = await q.query<InvitationRow>(
    `SELECT m.id, m.store_id, m.email::text AS email, m.role, m.user_id, m.accepted_at, m.invite_expires_at,
            s.name AS store_name, s.slug AS store_slug, s.logo_key, i.first_name AS inviter_first, i.last_name AS inviter_last
       FROM store_members m JOIN stores s ON s.id = m.store_id LEFT JOIN users i ON i.id = m.invited_by
      WHERE m.invite_token_hash = $1${lock ? " FOR UPDATE OF m" : ""}`,
    [hashToken(token)],
  );
  return r.rows[0] ?? null;
}

const isExpired = (r: InvitationRow) => r.accepted_at === null && (r.invite_expires_at === null || new Date(r.invite_expires_at).getTime() <= Date.now());

export async function getInvitation(ctx: ApiContext): Promise<Response> {
  const inv = await findInvitation(ctx.db, ctx.params.token ?? "");
  if (!inv) throw notFound();
  const answer: ApiInvitation = {
    store: { id: inv.store_id, name: inv.store_name, slug: inv.store_slug, logo: optionalImageUrl(ctx.url.origin, inv.logo_key) },
    inviter: fullName(inv.inviter_first, inv.inviter_last, "The store's owner"),
    email: inv.email,
    role: inv.role,
    expires_at: iso(inv.invite_expires_at),
    expired: isExpired(inv),
    accepted: inv.accepted_at !== null,
  };
  return json(answer);
}

export async function acceptInvitation(ctx: ApiContext): Promise<Response> {
  const user = await ctx.requireUser();
  const token = ctx.params.token ?? "";
  if (!(await findInvitation(ctx.db, token))) throw notFound();
  const joined = await ctx.db.tx(async (q) => {
    const inv = await findInvitation(q, token, true);
    if (!inv) throw notFound();
    if (inv.email.toLowerCase() !== user.email.toLowerCase()) throw new ApiError(403, { detail: MEMBER_MESSAGES.wrongUser });
    if (inv.accepted_at !== null) return { inv, changed: false };
    if (isExpired(inv)) throw badRequest({ detail: MEMBER_MESSAGES.expired });
    await q.query("UPDATE store_members SET user_id = $2, accepted_at = now() WHERE id = $1", [inv.id, user.id]);
    await recordEvent(q, {
      notices: [
        {
          storeId: inv.store_id,
          kind: "member_joined",
          title: `${fullName(user.first_name, user.last_name, user.email)} joined the store`,
          body: `${user.email} accepted the invitation and can now manage the store's products and orders.`,
          link: `/stores/${inv.store_slug}/members`,
        },
      ],
    });
    return { inv, changed: true };
  });
  if (joined.changed) log().info({ requestId: ctx.requestId, storeId: joined.inv.store_id, userId: user.id }, "store invitation accepted");
  const answer: ApiInvitationAccepted = { store: { id: joined.inv.store_id, name: joined.inv.store_name, slug: joined.inv.store_slug }, role: joined.inv.role };
  return json(answer);
}
