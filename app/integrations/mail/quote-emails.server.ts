/**
 * Quote e-mails (issue 35): each step of a bulk quote told to the other side, in the reader's
 * language (`email` messages `quote_*`): the store's members (who take order e-mails) when a buyer
 * asks, counters, accepts or declines; the buyer when the store offers or declines. Queued with
 * recordEvent in the transaction of the step (app/workflows/quotes.server.ts).
 */
import { textsFor } from "~/i18n/texts.server";
import type { MailMessage } from "../mail.server";
import { emailLayout, greetingFor } from "./layout.server";

export const QUOTE_EMAIL_STEPS = ["requested", "offered", "countered", "accepted", "declined_store", "declined_buyer"] as const;
export type QuoteEmailStep = (typeof QUOTE_EMAIL_STEPS)[number];

export interface QuoteEmailInput {
  to: string;
  step: QuoteEmailStep;
  quoteId: number;
  storeName: string;
  /** The words of the step's author (a note, a reason). */
  words?: string | null;
  /** Where the reader sees the thread (absolute URL). */
  href: string;
  firstName?: string | null;
  lang?: string | null;
}

export function quoteEmail(i: QuoteEmailInput): MailMessage {
  const t = textsFor(i.lang, "email");
  const values = { number: String(i.quoteId), store: i.storeName };
  const subject = t("quote_subject", values);
  const intro = [greetingFor(i.lang, i.firstName), t(`quote_step.${i.step}`, values)];
  if (i.words) intro.push(`“${i.words}”`);
  const action = { label: t("quote_action"), href: i.href };
  const text = `${intro.join("\n\n")}\n\n${action.label}:\n${action.href}\n\nBuildMart NG\n`;
  return { to: i.to, subject, text, html: emailLayout({ title: subject, intro, action, after: [], spellOutLink: true, lang: i.lang }) };
}
