/** The account e-mails: plain text and HTML bodies, links built from PUBLIC_URL. */
import { env } from "~/config.server";
import type { MailMessage } from "./mail.server";

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export const link = (pathname: string) => `${env().publicUrl}${pathname}`;

function layout(title: string, paragraphs: string[], action: { label: string; href: string }, after: string[]): string {
  const p = (t: string) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#1f2937">${esc(t)}</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title></head>
<body style="margin:0;padding:24px;background:#f9fafb;font-family:system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border:1px solid #e5e7eb;border-radius:8px;padding:24px">
<p style="margin:0 0 20px;font-size:20px;font-weight:800;color:#c2410c">BuildMart NG</p>
<h1 style="margin:0 0 16px;font-size:20px;color:#1f2937">${esc(title)}</h1>
${paragraphs.map(p).join("\n")}
<p style="margin:24px 0"><a href="${esc(action.href)}" style="display:inline-block;background:#ea580c;color:#ffffff;text-decoration:none;font-weight:600;padding:10px 18px;border-radius:6px">${esc(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#4b5563">If the button does not work, copy this address into your browser:<br><a href="${esc(action.href)}" style="color:#c2410c;word-break:break-all">${esc(action.href)}</a></p>
${after.map(p).join("\n")}
</div></body></html>`;
}

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
