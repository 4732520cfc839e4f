/** The account e-mails: plain text and HTML bodies, links built from PUBLIC_URL. */
import type { MailMessage } from "./mail.server";
import { emailLayout, link } from "./mail/layout.server";

export { link };

const layout = (title: string, intro: string[], action: { label: string; href: string }, after: string[]) =>
  emailLayout({ title, intro, action, after, spellOutLink: true });

const greeting = (firstName: string) => (firstName ? `Hello ${firstName},` : "Hello,");

export function verificationEmail(to: string, firstName: string, key: string): MailMessage {
  const href = link(`/email/confirm/${encodeURIComponent(key)}`);
  const subject = "Confirm your e-mail address for BuildMart NG";
  const intro = "Thanks for creating a BuildMart NG account. Please confirm that this is your e-mail address so you can log in.";
  const after = "The link is valid for 3 days. If you did not create an account, you can ignore this message.";
  return {
    to,
    subject,
    text: `${greeting(firstName)}\n\n${intro}\n\nConfirm your e-mail address:\n${href}\n\n${after}\n\nBuildMart NG\n`,
    html: layout("Confirm your e-mail address", [greeting(firstName), intro], { label: "Confirm e-mail address", href }, [after]),
  };
}

export function passwordResetEmail(to: string, firstName: string, uid: string, token: string): MailMessage {
  const href = link(`/reset-password/${encodeURIComponent(uid)}/${encodeURIComponent(token)}`);
  const subject = "Reset your BuildMart NG password";
  const intro = "We received a request to reset the password of your BuildMart NG account. Choose a new password with the link below.";
  const after = "The link works once and expires in 1 hour. If you did not ask for this, ignore this message: your password stays the same.";
  return {
    to,
    subject,
    text: `${greeting(firstName)}\n\n${intro}\n\nReset your password:\n${href}\n\n${after}\n\nBuildMart NG\n`,
    html: layout("Reset your password", [greeting(firstName), intro], { label: "Reset password", href }, [after]),
  };
}
