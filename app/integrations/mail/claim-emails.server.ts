/**
 * Claim e-mails (issue 36 item 5): each step of a claim's thread told to whom it concerns, in the
 * reader's language (`email` messages `claim_*`): the store when a claim is opened, escalated or
 * ruled; the buyer when the store answers, the claim is escalated or ruled; the admins when a claim
 * needs their ruling. Queued with recordEvent in the transaction of the step
 * (app/workflows/claims.server.ts).
 */
import { formatKobo } from "~/domain/money";
import { orderNumber } from "~/domain/orders";
import { textsFor } from "~/i18n/texts.server";
import type { MailMessage } from "../mail.server";
import { emailLayout, greetingFor } from "./layout.server";

export const CLAIM_EMAIL_STEPS = ["opened", "refund", "reply", "escalated", "ruled", "ruled_none", "dispute", "dispute_remind", "dispute_resolved"] as const;
export type ClaimEmailStep = (typeof CLAIM_EMAIL_STEPS)[number];

export interface ClaimEmailInput {
  to: string;
  step: ClaimEmailStep;
  orderId: string;
  productName: string;
  storeName: string;
  /** The refund of the step, when there is one. */
  amountKobo?: number | null;
  /** The words of the step's author (the buyer's note, the store's reply, the admin's ruling). */
  words?: string | null;
  /** Where the reader sees the thread (absolute URL). */
  href: string;
  firstName?: string | null;
  lang?: string | null;
}

export function claimEmail(i: ClaimEmailInput): MailMessage {
  const t = textsFor(i.lang, "email");
  const number = orderNumber(i.orderId);
  const values = { number, product: i.productName, store: i.storeName, amount: formatKobo(i.amountKobo ?? 0) };
  const subject = t("claim_subject", values);
  const intro = [greetingFor(i.lang, i.firstName), t(`claim_step.${i.step}`, values)];
  if (i.words) intro.push(`“${i.words}”`);
  const action = { label: t("claim_action"), href: i.href };
  const text = `${intro.join("\n\n")}\n\n${action.label}:\n${action.href}\n\nBuildMart NG\n`;
  return { to: i.to, subject, text, html: emailLayout({ title: t("claim_title", values), intro, action, after: [], spellOutLink: true, lang: i.lang }) };
}
