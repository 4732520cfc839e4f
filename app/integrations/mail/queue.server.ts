import type { Queryable } from "~/db/client.server";
import type { MailMessage } from "../mail.server";

/** Puts a message in mail_queue (due now) on `q`, typically inside the transaction of the change it reports. */
export async function queueMail(q: Queryable, m: MailMessage): Promise<void> {
  if (!m.to) return; // a phone-only account has no e-mail address (migration 0024)
  await q.query("INSERT INTO mail_queue (to_address, subject, text_body, html_body, headers) VALUES ($1, $2, $3, $4, $5)", [
    m.to,
    m.subject,
    m.text,
    m.html ?? null,
    m.headers ? JSON.stringify(m.headers) : null,
  ]);
}
