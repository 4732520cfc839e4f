/**
 * /newsletter/confirm/{token} — the link of the confirmation e-mail. The GET only shows a button
 * (mail scanners open links; nothing changes on a GET); its POST confirms: 'You are subscribed'.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Trans } from "~/i18n/trans";
import { requestFormMessage, requestT } from "~/i18n/i18next.server";
import type { ApiNewsletterConfirmed } from "~/storefront/api-types";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { apiFor } from "~/storefront/api.server";
import { apiMessage } from "~/storefront/form-reply";
import { readForm } from "~/storefront/responses.server";
import { NEWSLETTER_BAD_LINK } from "~/domain/privacy-rules";

/** The page's title in the visitor's language (meta below). */
export async function loader({ request }: LoaderFunctionArgs) {
  return { title: (await requestT(request, "account"))("titles.newsletter_confirm") };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await readForm(request);
  const api = await apiFor(request, context);
  const r = await api.post<ApiNewsletterConfirmed>("/newsletter/confirm/", { token: params.token ?? "" }, { auth: false });
  if (r.ok) return { subscribed: true as const, email: r.data.email, error: null };
  return data({ subscribed: false as const, email: null, error: await requestFormMessage(request, r.status === 400 ? NEWSLETTER_BAD_LINK : apiMessage(r.data, NEWSLETTER_BAD_LINK)) }, { status: r.status === 400 ? 400 : 502 });
}

export default function NewsletterConfirmRoute() {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation("account");
  return (
    <main className="container-page py-10">
      <div className="mx-auto max-w-md rounded-xl border border-gray-200 bg-white p-6 text-center shadow-sm">
        {result?.subscribed ? (
          <>
            <h1 className="text-xl font-bold">{t("newsletter.subscribed_title")}</h1>
            <p className="mt-3 text-sm text-gray-700" role="status">
              <Trans t={t} i18nKey="newsletter.subscribed_text" values={{ email: result.email }} components={{ strong: <strong /> }} />
            </p>
            <Link to="/" className="btn-primary mt-5 inline-block">
              {t("newsletter.continue")}
            </Link>
          </>
        ) : (
          <>
            <h1 className="text-xl font-bold">{t("newsletter.confirm_title")}</h1>
            <p className="mt-3 text-sm text-gray-700">{t("newsletter.confirm_text")}</p>
            {result?.error ? (
              <p className="mt-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800" role="alert">
                {result.error}
              </p>
            ) : null}
            <Form method="post" className="mt-5">
              <button type="submit" className="btn-primary w-full" disabled={busy}>
                {t("newsletter.confirm_button")}
              </button>
            </Form>
          </>
        )}
      </div>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Confirm your subscription"} | BuildMart NG` }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

/** The account texts (app/i18n/messages/<lang>/account.json). */
export const handle = { i18n: ["account"] };
