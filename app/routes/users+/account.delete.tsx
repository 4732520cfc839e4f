/**
 * /users/account/delete — "Delete my account": a confirmation page (password and a box to tick).
 * The POST asks the API (POST /users/{id}/delete/, the caller only, password checked), which ends
 * every session and anonymises the account (docs/privacy.md); then the visitor is logged out here
 * too and sent home with a message. A refusal (wrong password, a store they own, an order on its
 * way) shows next to the field or above the form.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Trans } from "~/i18n/trans";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { island, islandsLoader } from "~/components/ui/island";
import { clearUser } from "~/storefront/api.server";
import { requireUser } from "~/storefront/auth.server";
import { apiErrorsToReply } from "~/storefront/form-reply";
import { readForm, redirectWithFlash } from "~/storefront/responses.server";
import { parseWithZod, DeleteAccountSchema } from "~/storefront/forms.server";
import { requestT } from "~/i18n/i18next.server";

/** The form and conform come on demand (components/ui/island.tsx): not in the page's first view. */
const DeleteAccountForm = island(() => import("~/components/users/delete-account-form").then((m) => ({ default: m.DeleteAccountForm })));
/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(DeleteAccountForm);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, user } = await requireUser(request, context);
  const t = await requestT(request, "account");
  return data({ email: user.email, title: t("titles.delete") }, { headers: await api.headers() });
}

const SECRET = ["password"];

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, user } = await requireUser(request, context);
  const submission = parseWithZod(await readForm(request), { schema: DeleteAccountSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: SECRET }), { status: 400 });
  const r = await api.post(`/users/${user.id}/delete/`, { password: submission.value.password, confirm: true });
  if (r.status === 204) {
    clearUser(api.session);
    api.touch();
    return redirectWithFlash(api, "/", {
      kind: "success",
      message: (await requestT(request, "account"))("delete.done"),
    });
  }
  if (r.status === 401) return data(submission.reply({ hideFields: SECRET, formErrors: ["Your session has ended. Log in again to delete your account."] }), { status: 401 });
  const reply = apiErrorsToReply(r.status, r.data, ["password", "confirm"], "Your account could not be deleted just now. Please try again.");
  return data(submission.reply({ ...reply, hideFields: SECRET }), { status: r.status === 400 ? 400 : 502 });
}

export default function DeleteAccountRoute() {
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation("account");
  return (
    <main className="max-w-xl">
      <h1 className="text-xl font-bold sm:text-2xl">{t("delete.title")}</h1>
      <div className="mt-4 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-gray-800">
        <p className="font-semibold">{t("delete.warning")}</p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>{t("delete.point_logout")}</li>
          <li>{t("delete.point_removed")}</li>
          <li>{t("delete.point_reviews")}</li>
          <li>{t("delete.point_orders")}</li>
        </ul>
        <p className="mt-2">
          <Trans
            t={t}
            i18nKey="delete.copy_first"
            components={{ lnk: <a href="/users/account/export" className="font-medium text-brand-700 underline" download /> }}
          />
        </p>
      </div>
      <DeleteAccountForm lastResult={lastResult} />
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Delete my account"} | BuildMart NG` }];

/** The account texts (app/i18n/messages/<lang>/account.json). */
export const handle = { i18n: ["account"] };

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
