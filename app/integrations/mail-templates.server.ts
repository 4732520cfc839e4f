/** The account e-mails: plain text and HTML bodies, links built from PUBLIC_URL, in the reader's language. */
import { textsFor } from "~/i18n/texts.server";
import type { MailMessage } from "./mail.server";
import { emailLayout, greetingFor, link } from "./mail/layout.server";

export { link };

type Lang = string | null | undefined;

const layout = (title: string, intro: string[], action: { label: string; href: string }, after: string[], lang: Lang) =>
  emailLayout({ title, intro, action, after, spellOutLink: true, lang });

export function verificationEmail(to: string, firstName: string, key: string, lang?: Lang): MailMessage {
  const t = textsFor(lang, "email");
  const href = link(`/email/confirm/${encodeURIComponent(key)}`);
  const hello = greetingFor(lang, firstName);
  const intro = t("verify_intro");
  const after = t("verify_after");
  return {
    to,
    subject: t("verify_subject"),
    text: `${hello}\n\n${intro}\n\n${t("verify_text_action")}\n${href}\n\n${after}\n\n${t("sign_off")}\n`,
    html: layout(t("verify_title"), [hello, intro], { label: t("verify_action"), href }, [after], lang),
  };
}

export function passwordResetEmail(to: string, firstName: string, uid: string, token: string, lang?: Lang): MailMessage {
  const t = textsFor(lang, "email");
  const href = link(`/reset-password/${encodeURIComponent(uid)}/${encodeURIComponent(token)}`);
  const hello = greetingFor(lang, firstName);
  const intro = t("reset_intro");
  const after = t("reset_after");
  return {
    to,
    subject: t("reset_subject"),
    text: `${hello}\n\n${intro}\n\n${t("reset_text_action")}\n${href}\n\n${after}\n\n${t("sign_off")}\n`,
    html: layout(t("reset_title"), [hello, intro], { label: t("reset_action"), href }, [after], lang),
  };
}

/**
 * A phone sign-in code sent to the account's verified e-mail address, when the number's code
 * requests are at their cap (app/api/phone/README.md): the owner still gets in.
 */
export function phoneCodeEmail(i: { to: string; code: string; phone: string; lang?: Lang }): MailMessage {
  const t = textsFor(i.lang, "email");
  const href = link("/auth/phone");
  const intro = t("phone_code_intro", { code: i.code, phone: i.phone });
  const after = t("phone_code_after");
  return {
    to: i.to,
    subject: t("phone_code_subject", { code: i.code }),
    text: `${t("hello")}\n\n${intro}\n\n${after}\n\n${t("sign_off")}\n`,
    html: layout(t("phone_code_subject", { code: i.code }), [t("hello"), intro], { label: t("phone_code_action"), href }, [after], i.lang),
  };
}
