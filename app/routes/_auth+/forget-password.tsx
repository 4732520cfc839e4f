/** /forget-password — 'Forgotten your Password?': mail a reset link (spec sections 2 and 4). */
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { AuthShell, BackToLogin, SubmitButton } from "~/components/auth-forms";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PASSWORD_RESET_CONSTRAINT } from "~/components/ui/constraints";
import { Field, FormErrors } from "~/components/ui/forms";
import { apiFor } from "~/storefront/api.server";
import { apiErrorsToReply } from "~/storefront/form-reply";
import { readForm } from "~/storefront/responses.server";
import { formProps, inputProps, useReplyForm } from "~/components/ui/reply-form";
import { parseWithZod, PasswordResetSchema } from "~/storefront/forms.server";

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: PasswordResetSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sentTo: null }, { status: 400 });
  const api = await apiFor(request, context);
  const r = await api.post("/users/auth/password/reset/", submission.value, { auth: false });
  if (!r.ok) {
    return data({ result: submission.reply(apiErrorsToReply(r.status, r.data, ["email"])), sentTo: null }, { status: r.status === 429 ? 429 : 400 });
  }
  return { result: submission.reply(), sentTo: submission.value.email };
}

export default function ForgetPasswordRoute() {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useReplyForm({
    id: "forget-password",
    lastResult: actionData?.result,
    constraint: PASSWORD_RESET_CONSTRAINT,
  });
  if (actionData?.sentTo) {
    return (
      <AuthShell title="Check your email">
        <p className="rounded-md border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-800" role="status">
          We have sent a password reset link to <strong>{actionData.sentTo}</strong>.
        </p>
        <p className="mt-4 text-sm text-gray-700">
          If an account uses this address, the e-mail arrives within a few minutes. The link works once and expires in 1 hour.
        </p>
        <BackToLogin className="mt-6" />
      </AuthShell>
    );
  }
  return (
    <AuthShell title="Forgotten your Password?">
      <p className="-mt-3 mb-5 text-sm text-gray-600">Enter the e-mail address of your account and we will send you a link to reset your password.</p>
      <Form method="post" {...formProps(form)} className="space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field
          labelProps={{ children: "Email" }}
          inputProps={{ ...inputProps(fields.email, { type: "email" }), autoComplete: "email", inputMode: "email" }}
          errors={fields.email.errors}
        />
        <SubmitButton>Reset Password</SubmitButton>
      </Form>
      <BackToLogin />
    </AuthShell>
  );
}

export const meta: MetaFunction = () => [{ title: "Forgotten your password | BuildMart NG" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

/** The account texts (app/i18n/messages/<lang>/account.json). */
export const handle = { i18n: ["account"] };
