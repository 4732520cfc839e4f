/** /email/verify — after registration: check your inbox; ask for the mail again (spec section 2). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthShell, BackToLogin } from "~/components/auth-forms";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { island, islandsLoader } from "~/components/ui/island";
import { apiFor } from "~/storefront/api.server";
import { apiErrorsToReply } from "~/storefront/form-reply";
import { readForm } from "~/storefront/responses.server";
import { parseWithZod, PasswordResetSchema as ResendSchema } from "~/storefront/forms.server";
import { requestT } from "~/i18n/i18next.server";

/** The form and conform come on demand (components/ui/island.tsx): not in the page's first view. */
const ResendForm = island(() => import("~/components/auth-page-forms").then((m) => ({ default: m.ResendForm })));
/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(ResendForm);

/** The page's title in the visitor's language (meta below). */
export async function loader({ request }: LoaderFunctionArgs) {
  return { title: (await requestT(request, "account"))("titles.verify") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: ResendSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sentTo: null }, { status: 400 });
  const api = await apiFor(request, context);
  const r = await api.post("/users/auth/registration/resend-email/", submission.value, { auth: false });
  if (!r.ok) return data({ result: submission.reply(apiErrorsToReply(r.status, r.data, ["email"])), sentTo: null }, { status: r.status === 429 ? 429 : 400 });
  return { result: submission.reply({ resetForm: true }), sentTo: submission.value.email };
}

export default function EmailVerifyRoute() {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("account");
  return (
    <AuthShell title={t("verify.title")}>
      <div className="space-y-3 text-sm text-gray-700">
        <p className="rounded-md border border-green-300 bg-green-50 px-4 py-3 text-green-800" role="status">
          {t("verify.sent")}
        </p>
        <p>{t("verify.open")}</p>
        <p>{t("verify.none")}</p>
      </div>
      {actionData?.sentTo ? (
        <p className="mt-4 rounded-md border border-blue-300 bg-blue-50 px-4 py-3 text-sm text-blue-800" role="status">
          {t("verify.resent", { email: actionData.sentTo })}
        </p>
      ) : null}
      <ResendForm lastResult={actionData?.result} />
      <BackToLogin />
    </AuthShell>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Verify your email"} | BuildMart NG` }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

/** The account texts (app/i18n/messages/<lang>/account.json). */
export const handle = { i18n: ["account"] };
