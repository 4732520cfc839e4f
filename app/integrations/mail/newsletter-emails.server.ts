/**
 * Newsletter e-mails: the double opt-in confirmation, and each newsletter with its one-click
 * unsubscribe link and the RFC 2369 / RFC 8058 headers (List-Unsubscribe, List-Unsubscribe-Post).
 * The header's HTTPS address is the API endpoint (the mail provider POSTs to it, not a person),
 * the link in the body is the storefront's page (a person sees a button first).
 * Written in the reader's language when the caller knows it (`lang`; absent: English).
 */
import { env } from "~/config.server";
import { NEWSLETTER_CONFIRM_TTL_HOURS } from "~/domain/privacy";
import { langOf, textsFor } from "~/i18n/texts.server";
import type { MailMessage } from "../mail.server";
import { emailLayout, esc, greetingFor, link } from "./layout.server";

/** The mailbox named in List-Unsubscribe's mailto (read by the team; see docs/privacy.md). */
export const UNSUBSCRIBE_MAILBOX = "unsubscribe@buildmart.ng";

export function newsletterConfirmEmail(to: string, token: string, lang?: string | null): MailMessage {
  const href = link(`/newsletter/confirm/${encodeURIComponent(token)}`);
  const t = textsFor(lang, "email");
  const hours = NEWSLETTER_CONFIRM_TTL_HOURS;
  return {
    to,
    subject: t("newsletter_confirm_subject"),
    text: [greetingFor(lang, null), "", t("newsletter_confirm_asked"), t("newsletter_confirm_open", { hours }), href, "", t("newsletter_confirm_not_you")].join("\n"),
    html: emailLayout({
      title: t("newsletter_confirm_title"),
      intro: [t("newsletter_confirm_asked")],
      action: { label: t("newsletter_confirm_action"), href },
      spellOutLink: true,
      after: [t("newsletter_confirm_after", { hours })],
      lang,
    }),
  };
}

/** The headers a mail provider uses for its own "Unsubscribe" button (one POST, no page). */
export function unsubscribeHeaders(token: string): Record<string, string> {
  const api = `${env().publicUrl}/api/v1/newsletter/unsubscribe/${encodeURIComponent(token)}/`;
  const mailto = `mailto:${UNSUBSCRIBE_MAILBOX}?subject=${encodeURIComponent(`unsubscribe ${token}`)}`;
  return { "List-Unsubscribe": `<${api}>, <${mailto}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** One newsletter to one subscriber: their own unsubscribe link in the body and the headers. */
export function newsletterEmail(to: string, subject: string, body: string, unsubscribeToken: string, lang?: string | null): MailMessage {
  const unsubscribe = link(`/newsletter/unsubscribe/${encodeURIComponent(unsubscribeToken)}`);
  const t = textsFor(lang, "email");
  // The link's label sits inside the sentence where the language puts it.
  const anchor = `<a href="${esc(unsubscribe)}" style="color:#c2410c">${esc(t("newsletter_unsubscribe"))}</a>`;
  const oneClick = esc(t("newsletter_one_click", { link: "\u0000" })).replace("\u0000", anchor);
  const paragraphs = body
    .replace(/\r\n/g, "\n")
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  const html = `<!doctype html>
<html lang="${langOf(lang)}"><head><meta charset="utf-8"><title>${esc(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f9fafb;font-family:system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e5e7eb;border-radius:8px;padding:24px">
<p style="margin:0 0 20px;font-size:20px;font-weight:800;color:#c2410c">BuildMart NG</p>
<h1 style="margin:0 0 16px;font-size:20px;color:#1f2937">${esc(subject)}</h1>
${paragraphs.map((p) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#1f2937">${esc(p).replace(/\n/g, "<br>")}</p>`).join("\n")}
<p style="margin:24px 0 0;font-size:12px;line-height:1.5;color:#6b7280">${esc(t("newsletter_why"))}
${oneClick}</p>
</div></body></html>`;
  return {
    to,
    subject,
    text: `${paragraphs.join("\n\n")}\n\n--\n${t("newsletter_why")}\n${t("newsletter_unsubscribe")}: ${unsubscribe}\n`,
    html,
    headers: unsubscribeHeaders(unsubscribeToken),
  };
}
