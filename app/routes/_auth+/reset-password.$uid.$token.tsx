/** /reset-password/{uid}/{token} — the link of the reset mail: choose a new password (spec sections 2, 4, 5). */
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthShell, SubmitButton } from "~/components/auth-forms";
import { PasswordField } from "~/components/password-field";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PASSWORD_RESET_CONFIRM_CONSTRAINT } from "~/components/ui/constraints";
import { FormErrors } from "~/components/ui/forms";
import { apiFor } from "~/storefront/api.server";
import { apiErrorsToReply } from "~/storefront/form-reply";
import { readForm } from "~/storefront/responses.server";
import { formProps, useReplyForm } from "~/components/ui/reply-form";
import { parseWithZod, PasswordResetConfirmSchema } from "~/storefront/forms.server";
import { requestT } from "~/i18n/i18next.server";

const SECRET = ["new_password1", "new_password2"];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return { uid: params.uid ?? "", token: params.token ?? "", title: (await requestT(request, "account"))("titles.reset") };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  // The link's uid and token count, not whatever the form carries.
  formData.set("uid", params.uid ?? "");
  formData.set("token", params.token ?? "");
  const submission = parseWithZod(formData, { schema: PasswordResetConfirmSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: SECRET }), done: false }, { status: 400 });
  const api = await apiFor(request, context);
  const r = await api.post("/users/auth/password/reset/confirm/", submission.value, { auth: false });
  if (r.ok) return { result: submission.reply({ resetForm: true }), done: true };
  const reply = apiErrorsToReply(r.status, r.data, ["new_password1", "new_password2"]);
  const body = (r.data ?? {}) as Record<string, unknown>;
  if (body.token || body.uid) reply.formErrors = ["This reset link is invalid, has been used or has expired. Please ask for a new one."];
  return data({ result: submission.reply({ ...reply, hideFields: SECRET }), done: false }, { status: r.status === 429 ? 429 : 400 });
}

export const headers: HeadersFunction = () => ({ "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" });

export default function ResetPasswordRoute() {
  const { uid, token } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useReplyForm({
    id: "reset-password",
    lastResult: actionData?.result,
    constraint: PASSWORD_RESET_CONFIRM_CONSTRAINT,
  });
  const { t } = useTranslation("account");
  if (actionData?.done) {
    return (
      <AuthShell title={t("reset.done_title")}>
        <p className="mb-6 text-sm text-gray-700">{t("reset.done_text")}</p>
        <Link to="/auth/login" className="btn-primary w-full py-2.5">
          {t("login_now")}
        </Link>
      </AuthShell>
    );
  }
  const linkBroken = form.errors?.some((e) => e.startsWith("This reset link"));
  return (
    <AuthShell title={t("reset.title")}>
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
    </AuthShell>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Reset your password"} | BuildMart NG` }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

/** The account texts (app/i18n/messages/<lang>/account.json). */
export const handle = { i18n: ["account"] };
