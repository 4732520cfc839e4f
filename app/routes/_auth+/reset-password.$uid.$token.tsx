/** /reset-password/{uid}/{token} — the link of the reset mail: choose a new password (spec sections 2, 4, 5). */
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthShell } from "~/components/auth-forms";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { island, islandsLoader } from "~/components/ui/island";
import { apiFor } from "~/storefront/api.server";
import { apiErrorsToReply } from "~/storefront/form-reply";
import { readForm } from "~/storefront/responses.server";
import { parseWithZod, PasswordResetConfirmSchema } from "~/storefront/forms.server";
import { requestT } from "~/i18n/i18next.server";

/** The form and conform come on demand (components/ui/island.tsx): not in the page's first view. */
const ResetPasswordForm = island(() => import("~/components/auth-page-forms").then((m) => ({ default: m.ResetPasswordForm })));
/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(ResetPasswordForm);

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
  return (
    <AuthShell title={t("reset.title")}>
      <ResetPasswordForm uid={uid} token={token} lastResult={actionData?.result} />
    </AuthShell>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Reset your password"} | BuildMart NG` }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

/** The account texts (app/i18n/messages/<lang>/account.json). */
export const handle = { i18n: ["account"] };
