/**
 * Store member e-mails: the invitation with its accept link
 * (/invitations/{token}; the token is in the link only, the database keeps its hash). Queued in
 * the same transaction as the invitation (recordEvent). In the invitee's account language, else the
 * inviter's (the `email` messages `invite_*`).
 */
import type { MailMessage } from "../mail.server";
import { formatDate } from "~/i18n/dates";
import { textsFor } from "~/i18n/texts.server";
import { emailLayout, greetingFor, link } from "./layout.server";

export interface MemberInvitationInput {
  to: string;
  storeName: string;
  inviterName: string;
  token: string;
  expiresAt: Date;
  /** The reader's language: the invitee's account's, else the inviter's (absent: English). */
  lang?: string | null;
}

export function memberInvitationEmail(i: MemberInvitationInput): MailMessage {
  const t = textsFor(i.lang, "email");
  const href = link(`/invitations/${encodeURIComponent(i.token)}`);
  const hello = greetingFor(i.lang, null);
  const intro = t("invite_intro", { inviter: i.inviterName, store: i.storeName });
  const after = t("invite_after", { email: i.to, date: formatDate(i.expiresAt, textsFor(i.lang, "common"), "date") });
  const action = t("invite_action");
  return {
    to: i.to,
    subject: t("invite_subject", { store: i.storeName }),
    text: `${hello}\n\n${intro}\n\n${action}:\n${href}\n\n${after}\n\nBuildMart NG\n`,
    html: emailLayout({ title: t("invite_title", { store: i.storeName }), intro: [hello, intro], action: { label: action, href }, after: [after], spellOutLink: true, lang: i.lang }),
  };
}
