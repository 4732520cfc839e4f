/**
 * The forms of the account pages reached from the sign-in pages (/forget-password, /email/verify,
 * /reset-password/…, /auth/phone), validated by their actions only (useReplyForm). Fetched on
 * demand by the pages (./ui/island.tsx), with conform, so neither is in their first view.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Trans } from "~/i18n/trans";
import { SubmitButton } from "./auth-forms";
import { PasswordField } from "./password-field";
import { PHONE_REQUEST_CONSTRAINT, PHONE_VERIFY_CONSTRAINT } from "./phone-constraints";
import { PASSWORD_RESET_CONFIRM_CONSTRAINT, PASSWORD_RESET_CONSTRAINT } from "./ui/constraints";
import { useFormMessage } from "./ui/error-list";
import { Field, FormErrors } from "./ui/forms";
import { formProps, inputProps, useReplyForm, type Reply } from "./ui/reply-form";
import { localPhone, PHONE_MESSAGES } from "~/domain/phone-rules";

/** /forget-password: the e-mail to send a reset link to. */
export function ForgetPasswordForm({ lastResult }: { lastResult: Reply | null | undefined }) {
  const [form, fields] = useReplyForm({ id: "forget-password", lastResult, constraint: PASSWORD_RESET_CONSTRAINT });
  const { t } = useTranslation("account");
  return (
    <Form method="post" {...formProps(form)} className="space-y-4">
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field
        labelProps={{ children: t("email") }}
        inputProps={{ ...inputProps(fields.email, { type: "email" }), autoComplete: "email", inputMode: "email" }}
        errors={fields.email.errors}
      />
      <SubmitButton>{t("forgot.submit")}</SubmitButton>
    </Form>
  );
}

/** /email/verify: the e-mail to send the verification mail to again. */
export function ResendForm({ lastResult }: { lastResult: Reply | null | undefined }) {
  const [form, fields] = useReplyForm({ id: "resend", lastResult, constraint: PASSWORD_RESET_CONSTRAINT });
  const { t } = useTranslation("account");
  return (
    <Form method="post" {...formProps(form)} className="mt-5 space-y-4">
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field
        labelProps={{ children: t("email") }}
        inputProps={{ ...inputProps(fields.email, { type: "email" }), autoComplete: "email" }}
        errors={fields.email.errors}
      />
      <SubmitButton className="btn-outline w-full py-2.5">{t("verify.submit")}</SubmitButton>
    </Form>
  );
}

/** /reset-password/{uid}/{token}: the new password, twice. */
export function ResetPasswordForm({ uid, token, lastResult }: { uid: string; token: string; lastResult: Reply | null | undefined }) {
  const [form, fields] = useReplyForm({ id: "reset-password", lastResult, constraint: PASSWORD_RESET_CONFIRM_CONSTRAINT });
  const { t } = useTranslation("account");
  const linkBroken = form.errors?.some((e) => e.startsWith("This reset link"));
  return (
    <Form method="post" {...formProps(form)} className="space-y-4">
      <FormErrors id={form.errorId} errors={form.errors}>
        {linkBroken ? (
          <Link to="/forget-password" className="mt-1 inline-block font-semibold underline">
            {t("reset.new_link")}
          </Link>
        ) : null}
      </FormErrors>
      <input type="hidden" name="uid" value={uid} />
      <input type="hidden" name="token" value={token} />
      <PasswordField label={t("reset.new_password")} field={fields.new_password1} autoComplete="new-password" hint={t("password_hint")} />
      <PasswordField label={t("reset.confirm_password")} field={fields.new_password2} autoComplete="new-password" />
      <SubmitButton>{t("reset.submit")}</SubmitButton>
    </Form>
  );
}

/** /auth/phone, step 1: the number to send a code to. */
export function PhoneForm({ lastResult, redirectTo }: { lastResult: Reply | null; redirectTo: string }) {
  const [form, fields] = useReplyForm({ id: "phone-request", lastResult, constraint: PHONE_REQUEST_CONSTRAINT });
  const { t } = useTranslation("account");
  return (
    <Form method="post" {...formProps(form)} className="space-y-4">
      <p className="-mt-3 text-sm text-gray-600">{t("phone_intro")}</p>
      <FormErrors id={form.errorId} errors={form.errors} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <input type="hidden" name="intent" value="send" />
      <Field
        labelProps={{ children: t("phone_number") }}
        inputProps={{ ...inputProps(fields.phone, { type: "tel" }), autoComplete: "tel", inputMode: "tel", placeholder: "0803 123 4567" }}
        errors={fields.phone.errors}
      />
      <SubmitButton>{t("send_code")}</SubmitButton>
    </Form>
  );
}

/** /auth/phone, step 2: the code from the SMS (and a first name for a new account). */
export function CodeForm({
  phone,
  sent,
  byEmail = false,
  lastResult,
  redirectTo,
}: {
  phone: string;
  sent: boolean;
  /** The code went to the account's e-mail (the number's SMS codes were at their cap). */
  byEmail?: boolean;
  lastResult: Reply | null;
  redirectTo: string;
}) {
  const [form, fields] = useReplyForm({ id: "phone-verify", lastResult, constraint: PHONE_VERIFY_CONSTRAINT });
  const shown = localPhone(phone);
  const { t } = useTranslation("account");
  const say = useFormMessage();
  return (
    <>
      {sent ? (
        <p className="mb-4 rounded-md border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-800" role="status">
          {say(byEmail ? PHONE_MESSAGES.codeSentByEmail : PHONE_MESSAGES.codeSent)}
        </p>
      ) : null}
      <Form method="post" {...formProps(form)} className="space-y-4">
        {byEmail ? null : (
          <p className="text-sm text-gray-700">
            <Trans t={t} i18nKey="code_sent_to" values={{ phone: shown }} components={{ strong: <strong /> }} />
          </p>
        )}
        <FormErrors id={form.errorId} errors={form.errors} />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <input type="hidden" name="intent" value="verify" />
        <input type="hidden" name="phone" value={phone} />
        <Field
          labelProps={{ children: t("code_label") }}
          inputProps={{ ...inputProps(fields.code, { type: "text" }), autoComplete: "one-time-code", inputMode: "numeric", maxLength: 6, className: "tracking-widest" }}
          errors={fields.code.errors}
        />
        <Field
          labelProps={{ children: t("first_name_if_new") }}
          inputProps={{ ...inputProps(fields.first_name, { type: "text" }), autoComplete: "given-name" }}
          errors={fields.first_name.errors}
        />
        <SubmitButton>{t("sign_in")}</SubmitButton>
      </Form>
      <Form method="post" className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm">
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <input type="hidden" name="intent" value="send" />
        <input type="hidden" name="phone" value={phone} />
        <button type="submit" className="font-medium text-brand-700 underline">
          {t("new_code")}
        </button>
        <Link to={redirectTo ? `/auth/phone?redirectTo=${encodeURIComponent(redirectTo)}` : "/auth/phone"} reloadDocument className="font-medium text-brand-700 underline">
          {t("other_number")}
        </Link>
      </Form>
    </>
  );
}

