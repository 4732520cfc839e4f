/**
 * Store member e-mails: the invitation with its accept link
 * (/invitations/{token}; the token is in the link only, the database keeps its hash). Queued in
 * the same transaction as the invitation (recordEvent).
 */
import type { MailMessage } from "../mail.server";
import { formatDate } from "~/i18n/dates";
import { emailLayout, link } from "./layout.server";

export interface MemberInvitationInput {
  to: string;
  storeName: string;
  inviterName: string;
  token: string;
  expiresAt: Date;
}


export function memberInvitationEmail(i: MemberInvitationInput): MailMessage {
  const href = link(`/invitations/${encodeURIComponent(i.token)}`);
  const intro = `${i.inviterName} invited you to help run the store "${i.storeName}" on BuildMart NG as a member: you will manage its products and orders.`;
  const after = `Sign in (or create an account) with this e-mail address, ${i.to}, to accept. The link works until ${formatDate(i.expiresAt, "en", "date")}. If you did not expect this invitation, ignore this e-mail.`;
  return {
    to: i.to,
    subject: `You are invited to join ${i.storeName} on BuildMart NG`,
    text: `Hello,\n\n${intro}\n\nAccept the invitation:\n${href}\n\n${after}\n\nBuildMart NG\n`,
    html: emailLayout({ title: `Join ${i.storeName}`, intro: ["Hello,", intro], action: { label: "Accept the invitation", href }, after: [after], spellOutLink: true }),
  };
}
