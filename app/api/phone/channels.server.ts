/** The shopper's channels for order updates (users.notify_*; migration 0024). */
import type { Queryable } from "~/db/client.server";
import { PHONE_MESSAGES, type Channels } from "~/domain/phone";
import { badRequest, notFound } from "../core/http";
import type { ApiChannels } from "./schemas";

export async function readChannels(db: Queryable, userId: number): Promise<ApiChannels> {
  const r = await db.query<{ notify_email: boolean; notify_sms: boolean; notify_whatsapp: boolean; phone: string | null; phone_verified: boolean; has_email: boolean }>(
    `SELECT notify_email, notify_sms, notify_whatsapp, phone, phone_verified_at IS NOT NULL AS phone_verified, email IS NOT NULL AS has_email FROM users WHERE id = $1`,
    [userId],
  );
  const u = r.rows[0];
  if (!u) throw notFound();
  return {
    email: u.notify_email,
    sms: u.phone_verified && u.notify_sms,
    whatsapp: u.phone_verified && u.notify_whatsapp,
    phone: u.phone_verified ? u.phone : null,
    phone_verified: u.phone_verified,
    has_email: u.has_email,
  };
}

/** Saves the choice; SMS or WhatsApp without a verified phone is a 400 on that field. */
export async function saveChannels(db: Queryable, userId: number, c: Channels): Promise<ApiChannels> {
  const now = await readChannels(db, userId);
  if (!now.phone_verified && (c.sms || c.whatsapp)) {
    throw badRequest({ ...(c.sms ? { sms: [PHONE_MESSAGES.channelNeedsPhone] } : {}), ...(c.whatsapp ? { whatsapp: [PHONE_MESSAGES.channelNeedsPhone] } : {}) });
  }
  await db.query("UPDATE users SET notify_email = $2, notify_sms = $3, notify_whatsapp = $4, updated_at = now() WHERE id = $1", [userId, c.email, c.sms, c.whatsapp]);
  return readChannels(db, userId);
}

/** A number replied STOP: no more messages on that channel to the account of that (verified) number. */
export async function optOut(db: Queryable, phone: string, channel: "sms" | "whatsapp"): Promise<number> {
  const column = channel === "sms" ? "notify_sms" : "notify_whatsapp";
  const r = await db.query(`UPDATE users SET ${column} = false, updated_at = now() WHERE phone = $1 AND phone_verified_at IS NOT NULL AND ${column} RETURNING id`, [phone]);
  return r.rowCount ?? r.rows.length;
}
