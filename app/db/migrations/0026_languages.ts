/**
 * Languages (app/i18n/).
 *
 * - users.language: the shopper's language, set at registration from the language the pages were
 *   in and again whenever a signed-in shopper uses the footer switch. NULL for accounts made
 *   before: their mails and messages go out in English, as before.
 * - orders.language: the language the order was placed in (guests have no account to keep it),
 *   so every e-mail, SMS and WhatsApp message about the order speaks that language.
 * - whatsapp_queue.lang: the template language code the message was queued with (a template is
 *   approved per language at Meta).
 * Codes are app/i18n/languages.ts's (en, pcm, yo, ha, ig); no CHECK so a later language needs no
 * migration (anything unknown reads as English).
 */
export const m0026_languages = {
  id: "0026_languages",
  sql: /* sql */ `
ALTER TABLE users ADD COLUMN IF NOT EXISTS language text;
ALTER TABLE orders ADD COLUMN IF NOT EXISTS language text;
ALTER TABLE whatsapp_queue ADD COLUMN IF NOT EXISTS lang text;
`,
};
