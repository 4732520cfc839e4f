/**
 * The register form (routes/auth+/register.tsx), validated by the action only (useReplyForm).
 * Fetched on demand by the page (./ui/island.tsx), with conform.
 */
import { Form } from "@remix-run/react";
import { SubmitButton } from "./auth-forms";
import { PASSWORD_RULE_HINT, PasswordField } from "./password-field";
import { REGISTER_CONSTRAINT } from "./ui/constraints";
import { CheckboxField, Field, FormErrors } from "./ui/forms";
import { formProps, inputProps, useReplyForm, type Reply } from "./ui/reply-form";

/**
 * What the box does: it asks for the newsletter (a confirmation mail first; unsubscribe from any
 * issue). Order and account e-mails are sent either way, so the box does not mention them.
 */
export const NEWSLETTER_CONSENT = "Yes, send me the BuildMart newsletter by e-mail (I can unsubscribe any time)";

export function RegisterForm({ redirectTo, lastResult }: { redirectTo: string; lastResult: Reply | null | undefined }) {
  const [form, fields] = useReplyForm({
    id: "register",
    lastResult,
    constraint: REGISTER_CONSTRAINT,
  });
  return (
    <Form method="post" {...formProps(form)} className="space-y-4">
      <FormErrors id={form.errorId} errors={form.errors} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          labelProps={{ children: "First Name" }}
          inputProps={{ ...inputProps(fields.first_name, { type: "text" }), autoComplete: "given-name" }}
          errors={fields.first_name.errors}
        />
        <Field
          labelProps={{ children: "Last Name" }}
          inputProps={{ ...inputProps(fields.last_name, { type: "text" }), autoComplete: "family-name" }}
          errors={fields.last_name.errors}
        />
      </div>
      <Field
        labelProps={{ children: "Email" }}
        inputProps={{ ...inputProps(fields.email, { type: "email" }), autoComplete: "email", inputMode: "email" }}
        errors={fields.email.errors}
      />
      <Field
        labelProps={{ children: "Phone Number" }}
        inputProps={{ ...inputProps(fields.phone, { type: "tel" }), autoComplete: "tel", placeholder: "0803 123 4567" }}
        errors={fields.phone.errors}
      />
      <PasswordField label="Password" field={fields.password1} autoComplete="new-password" hint={PASSWORD_RULE_HINT} />
      <PasswordField label="Confirm Password" field={fields.password2} autoComplete="new-password" />
      <CheckboxField
        labelProps={{ children: NEWSLETTER_CONSENT }}
        inputProps={{ ...inputProps(fields.newsletter, { type: "checkbox" }) }}
        errors={fields.newsletter.errors}
      />
      <SubmitButton>Create Account</SubmitButton>
    </Form>
  );
}
