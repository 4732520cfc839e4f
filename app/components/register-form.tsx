/**
 * The register form (routes/auth+/register.tsx), validated by the action only (useReplyForm).
 * Fetched on demand by the page (./ui/island.tsx), with conform.
 */
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { SubmitButton } from "./auth-forms";
import { PasswordField } from "./password-field";
import { REGISTER_CONSTRAINT } from "./ui/constraints";
import { CheckboxField, Field, FormErrors } from "./ui/forms";
import { formProps, inputProps, useReplyForm, type Reply } from "./ui/reply-form";

export function RegisterForm({ redirectTo, lastResult }: { redirectTo: string; lastResult: Reply | null | undefined }) {
  const [form, fields] = useReplyForm({
    id: "register",
    lastResult,
    constraint: REGISTER_CONSTRAINT,
  });
  const { t } = useTranslation("account");
  return (
    <Form method="post" {...formProps(form)} className="space-y-4">
      <FormErrors id={form.errorId} errors={form.errors} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          labelProps={{ children: t("register.first_name") }}
          inputProps={{ ...inputProps(fields.first_name, { type: "text" }), autoComplete: "given-name" }}
          errors={fields.first_name.errors}
        />
        <Field
          labelProps={{ children: t("register.last_name") }}
          inputProps={{ ...inputProps(fields.last_name, { type: "text" }), autoComplete: "family-name" }}
          errors={fields.last_name.errors}
        />
      </div>
      <Field
        labelProps={{ children: t("email") }}
        inputProps={{ ...inputProps(fields.email, { type: "email" }), autoComplete: "email", inputMode: "email" }}
        errors={fields.email.errors}
      />
      <Field
        labelProps={{ children: t("register.phone") }}
        inputProps={{ ...inputProps(fields.phone, { type: "tel" }), autoComplete: "tel", placeholder: "0803 123 4567" }}
        errors={fields.phone.errors}
      />
      <PasswordField label={t("password")} field={fields.password1} autoComplete="new-password" hint={t("password_hint")} />
      <PasswordField label={t("register.confirm_password")} field={fields.password2} autoComplete="new-password" />
      {/* The box asks for the newsletter only (a confirmation mail first; unsubscribe from any
          issue): order and account e-mails are sent either way, so it does not mention them. */}
      <CheckboxField
        labelProps={{ children: t("register.newsletter") }}
        inputProps={{ ...inputProps(fields.newsletter, { type: "checkbox" }) }}
        errors={fields.newsletter.errors}
      />
      <SubmitButton>{t("register.submit")}</SubmitButton>
    </Form>
  );
}
