/** /forget-password — 'Forgotten your Password?': mail a reset link (spec sections 2 and 4). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Trans } from "~/i18n/trans";
import { AuthShell, BackToLogin } from "~/components/auth-forms";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { island, islandsLoader } from "~/components/ui/island";
import { apiFor } from "~/storefront/api.server";
import { apiErrorsToReply } from "~/storefront/form-reply";
import { readForm } from "~/storefront/responses.server";
import { parseWithZod, PasswordResetSchema } from "~/storefront/forms.server";
import { requestT } from "~/i18n/i18next.server";

/** The form and conform come on demand (components/ui/island.tsx): not in the page's first view. */
const ForgetPasswordForm = island(() => import("~/components/auth-page-forms").then((m) => ({ default: m.ForgetPasswordForm })));
/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(ForgetPasswordForm);

/** The page's title in the visitor's language (meta below). */
export async function loader({ request }: LoaderFunctionArgs) {
  return { title: (await requestT(request, "account"))("titles.forgot") };
}

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
  const { t } = useTranslation("account");
  if (actionData?.sentTo) {
    return (
      <AuthShell title={t("forgot.sent_title")}>
        <p className="rounded-md border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-800" role="status">
          <Trans t={t} i18nKey="forgot.sent_to" values={{ email: actionData.sentTo }} components={{ strong: <strong /> }} />
        </p>
        <p className="mt-4 text-sm text-gray-700">{t("forgot.sent_note")}</p>
        <BackToLogin className="mt-6" />
      </AuthShell>
    );
  }
  return (
    <AuthShell title={t("forgot.title")}>
      <p className="-mt-3 mb-5 text-sm text-gray-600">{t("forgot.intro")}</p>
      <ForgetPasswordForm lastResult={actionData?.result} />
      <BackToLogin />
    </AuthShell>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Forgotten your password"} | BuildMart NG` }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

/** The account texts (app/i18n/messages/<lang>/account.json). */
export const handle = { i18n: ["account"] };
