/**
 * The login form (routes/auth+/login.tsx): e-mail and password, validated by the action only
 * (useReplyForm). Fetched on demand by the page (./ui/island.tsx), with conform.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { SubmitButton } from "./auth-forms";
import { PasswordField } from "./password-field";
import { LOGIN_CONSTRAINT } from "./ui/constraints";
import { Field, FormErrors } from "./ui/forms";
import { formProps, inputProps, useReplyForm, type Reply } from "./ui/reply-form";
import { EMAIL_NOT_VERIFIED_MESSAGE } from "~/domain/account-messages";

export function LoginForm({ redirectTo, lastResult }: { redirectTo: string; lastResult: Reply | null | undefined }) {
  const [form, fields] = useReplyForm({
    id: "login",
    lastResult,
    constraint: LOGIN_CONSTRAINT,
  });
  const unverified = form.errors?.includes(EMAIL_NOT_VERIFIED_MESSAGE);
  const { t } = useTranslation("account");
  return (
    <Form method="post" {...formProps(form)} className="space-y-4">
      <FormErrors id={form.errorId} errors={form.errors}>
        {unverified ? (
          <Link to="/email/verify" className="mt-1 inline-block font-semibold underline">
            {t("resend_verification")}
          </Link>
        ) : null}
      </FormErrors>
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <Field
        labelProps={{ children: t("email") }}
        inputProps={{ ...inputProps(fields.email, { type: "email" }), autoComplete: "email", inputMode: "email" }}
        errors={fields.email.errors}
      />
      <PasswordField label={t("password")} field={fields.password} autoComplete="current-password" />
      <div className="flex justify-end">
        <Link to="/forget-password" className="text-sm font-medium text-brand-700 underline">
          {t("forgot_password")}
        </Link>
      </div>
      <SubmitButton>{t("login")}</SubmitButton>
    </Form>
  );
}
