/**
 * The login form (routes/auth+/login.tsx): e-mail and password, validated by the action only
 * (useReplyForm). Fetched on demand by the page (./ui/island.tsx), with conform.
 */
import { Form, Link } from "@remix-run/react";
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
  return (
    <Form method="post" {...formProps(form)} className="space-y-4">
      <FormErrors id={form.errorId} errors={form.errors}>
        {unverified ? (
          <Link to="/email/verify" className="mt-1 inline-block font-semibold underline">
            Send the verification e-mail again
          </Link>
        ) : null}
      </FormErrors>
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <Field
        labelProps={{ children: "Email" }}
        inputProps={{ ...inputProps(fields.email, { type: "email" }), autoComplete: "email", inputMode: "email" }}
        errors={fields.email.errors}
      />
      <PasswordField label="Password" field={fields.password} autoComplete="current-password" />
      <div className="flex justify-end">
        <Link to="/forget-password" className="text-sm font-medium text-brand-700 underline">
          Forgot Password?
        </Link>
      </div>
      <SubmitButton>Login</SubmitButton>
    </Form>
  );
}
