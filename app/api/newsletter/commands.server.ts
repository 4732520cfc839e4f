/** Newsletter: writes over a Queryable (double opt-in, unsubscribe, sends). */
import type { Queryable } from "~/db/client.server";
import { NEWSLETTER_CONFIRM_TTL_HOURS, type ConsentSource } from "~/domain/privacy";
import { queueMail } from "~/integrations/mail/queue.server";
import { newsletterEmail } from "~/integrations/mail/newsletter-emails.server";
import { SEND_COLUMNS, SUBSCRIBED, confirmedSubscribers } from "./queries.server";
import type { ApiNewsletterSend } from "./schemas";
import { newConfirmToken, sha256, unsubscribeToken, unsubscribeTokenId, unsubscribeTokenMatches } from "./tokens.server";

/** A new confirmation mail for the same address at most this often (a form cannot flood an inbox). */
const RESEND_AFTER_SECONDS = 60;

/**
 * Records a sign-up (the consent: time, source, address) with a fresh confirmation token and
 * answers that token for the mail, or null when no mail is due: the address is already
 * subscribed, or a confirmation went out less than a minute ago. The caller answers the same
 * either way. Subscribing itself happens only in `confirmSubscription`.
 */
export async function requestSubscription(
  q: Queryable,
  s: { email: string; source: ConsentSource; ip: string; userId: number | null },
): Promise<string | null> {
  const existing = await q.query<{ subscribed: boolean; recent: boolean }>(
    `SELECT (${SUBSCRIBED}) AS subscribed,
            (confirm_sent_at > now() - make_interval(secs => $2) AND confirm_expires_at > now()) IS TRUE AS recent
       FROM newsletter_subscriptions WHERE email = $1`,
    [s.email, RESEND_AFTER_SECONDS],
  );
  const row = existing.rows[0];
  if (row?.subscribed || row?.recent) return null;
  const token = newConfirmToken();
  await q.query(
    `INSERT INTO newsletter_subscriptions AS n (email, user_id, confirm_token_hash, confirm_expires_at, confirm_sent_at, consent_at, consent_source, consent_ip)
     VALUES ($1, $2, $3, now() + make_interval(hours => $4), now(), now(), $5, $6)
     ON CONFLICT (email) DO UPDATE SET
       confirm_token_hash = EXCLUDED.confirm_token_hash, confirm_expires_at = EXCLUDED.confirm_expires_at,
       confirm_sent_at = now(), consent_at = now(), consent_source = EXCLUDED.consent_source, consent_ip = EXCLUDED.consent_ip,
       user_id = COALESCE(n.user_id, EXCLUDED.user_id)`,
    [s.email, s.userId, sha256(token), NEWSLETTER_CONFIRM_TTL_HOURS, s.source, s.ip],
  );
  return token;
}

/** Confirms the sign-up of a valid, unexpired token (used once); answers the address, or null. */
export async function confirmSubscription(q: Queryable, token: string, ip: string): Promise<string | null> {
  const r = await q.query<{ email: string }>(
    `UPDATE newsletter_subscriptions
        SET confirmed_at = now(), unsubscribed_at = NULL, confirm_ip = $2, confirm_token_hash = NULL, confirm_expires_at = NULL
      WHERE confirm_token_hash = $1 AND confirm_expires_at > now()
      RETURNING email::text AS email`,
    [sha256(token), ip],
  );
  return r.rows[0]?.email ?? null;
}

/** Unsubscribes the subscription an unsubscribe token names; false for a token that is not ours. */
export async function unsubscribe(q: Queryable, token: string): Promise<boolean> {
  const id = unsubscribeTokenId(token);
  if (!id) return false;
  const r = await q.query<{ email: string }>("SELECT email::text AS email FROM newsletter_subscriptions WHERE id = $1", [id]);
  const row = r.rows[0];
  if (!row || !unsubscribeTokenMatches(token, id, row.email)) return false;
  await q.query(
    "UPDATE newsletter_subscriptions SET unsubscribed_at = COALESCE(unsubscribed_at, now()), confirm_token_hash = NULL, confirm_expires_at = NULL WHERE id = $1",
    [id],
  );
  return true;
}

/**
 * A newsletter to every confirmed subscriber through mail_queue, each mail with its own
 * unsubscribe link and headers. The idempotency key makes a second submit of the same form
 * answer the first send (created false) without queuing anything. Run it in one transaction.
 */
export async function sendNewsletter(
  tx: Queryable,
  s: { key: string; subject: string; text: string; adminId: number },
): Promise<{ send: ApiNewsletterSend; created: boolean }> {
  const ins = await tx.query<{ id: number }>(
    `INSERT INTO newsletter_sends (idempotency_key, subject, text_body, sent_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
    [s.key, s.subject, s.text, s.adminId],
  );
  if (ins.rows.length === 0) {
    const old = await tx.query<ApiNewsletterSend>(`SELECT ${SEND_COLUMNS} FROM newsletter_sends WHERE idempotency_key = $1`, [s.key]);
    return { send: old.rows[0], created: false };
  }
  const subscribers = await confirmedSubscribers(tx);
  for (const sub of subscribers) await queueMail(tx, newsletterEmail(sub.email, s.subject, s.text, unsubscribeToken(sub.id, sub.email)));
  const done = await tx.query<ApiNewsletterSend>(`UPDATE newsletter_sends SET recipients = $2 WHERE id = $1 RETURNING ${SEND_COLUMNS}`, [
    ins.rows[0].id,
    subscribers.length,
  ]);
  return { send: done.rows[0], created: true };
}
