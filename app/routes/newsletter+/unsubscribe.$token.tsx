/**
 * /newsletter/unsubscribe/{token} — the link in every newsletter. The GET shows a button (nothing
 * changes on a GET); its POST unsubscribes through the same API endpoint mail providers use for
 * one-click unsubscribe (List-Unsubscribe-Post).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { requestFormMessage, requestT } from "~/i18n/i18next.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { apiFor } from "~/storefront/api.server";
import { readForm } from "~/storefront/responses.server";

const BAD_LINK = "This unsubscribe link is not valid. Copy the whole link from the newsletter, or write to help@buildmart.ng.";

/** The page's title in the visitor's language (meta below). */
export async function loader({ request }: LoaderFunctionArgs) {
  return { title: (await requestT(request, "account"))("titles.newsletter_unsubscribe") };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await readForm(request);
  const api = await apiFor(request, context);
  const r = await api.post(`/newsletter/unsubscribe/${encodeURIComponent(params.token ?? "")}/`, {}, { auth: false });
  if (r.ok) return { done: true as const, error: null };
  return data({ done: false as const, error: await requestFormMessage(request, r.status === 404 ? BAD_LINK : "We could not unsubscribe you just now. Please try again.") }, { status: r.status === 404 ? 404 : 502 });
}

export default function NewsletterUnsubscribeRoute() {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation("account");
  return (
    <main className="container-page py-10">
      <div className="mx-auto max-w-md rounded-xl border border-gray-200 bg-white p-6 text-center shadow-sm">
        {result?.done ? (
          <>
            <h1 className="text-xl font-bold">{t("newsletter.unsubscribed_title")}</h1>
            <p className="mt-3 text-sm text-gray-700" role="status">
              {t("newsletter.unsubscribed_text")}
            </p>
            <Link to="/" className="btn-primary mt-5 inline-block">
              {t("newsletter.back_to_shop")}
            </Link>
          </>
        ) : (
          <>
            <h1 className="text-xl font-bold">{t("newsletter.unsubscribe_title")}</h1>
            <p className="mt-3 text-sm text-gray-700">{t("newsletter.unsubscribe_text")}</p>
            {result?.error ? (
              <p className="mt-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800" role="alert">
                {result.error}
              </p>
            ) : null}
            <Form method="post" className="mt-5">
              <button type="submit" className="btn-primary w-full" disabled={busy}>
                {t("newsletter.unsubscribe_button")}
              </button>
            </Form>
          </>
        )}
      </div>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Unsubscribe"} | BuildMart NG` }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

/** The account texts (app/i18n/messages/<lang>/account.json). */
export const handle = { i18n: ["account"] };
