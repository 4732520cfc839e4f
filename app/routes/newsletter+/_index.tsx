/**
 * /newsletter — the sign-up's action (the footer form posts here) and, for GET or a refused
 * address without JavaScript, a small page with the same form and the message next to the field.
 * Double opt-in: a valid address gets a confirmation e-mail; the answer is the same whether or not
 * it is already subscribed, so the form never reveals who is on the list.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { island, islandsLoader } from "~/components/ui/island";
import { apiFor } from "~/storefront/api.server";
import { apiErrorsToReply } from "~/storefront/form-reply";
import { readForm, redirectWithFlash } from "~/storefront/responses.server";
import { safeRedirect } from "~/storefront/session.server";
import { parseWithZod, NewsletterSignupSchema } from "~/storefront/forms.server";
import { requestT } from "~/i18n/i18next.server";

/** The form (the footer's, with conform) comes on demand, as on every page's footer: a plain POST until then (components/ui/island.tsx). */
const NewsletterForm = island(() => import("~/components/footer").then((m) => ({ default: m.NewsletterForm })));
export const clientLoader = islandsLoader(NewsletterForm);

/** The page's title in the visitor's language (meta below). */
export async function loader({ request }: LoaderFunctionArgs) {
  return { title: (await requestT(request, "account"))("titles.newsletter") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const redirectTo = safeRedirect(form.get("redirectTo"));
  const submission = parseWithZod(form, { schema: NewsletterSignupSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), redirectTo }, { status: 400 });
  const api = await apiFor(request, context);
  const r = await api.post("/newsletter/", submission.value);
  if (!r.ok) {
    const reply = submission.reply(apiErrorsToReply(r.status, r.data, ["email"], "We could not take that address just now. Please try again."));
    return data({ result: reply, redirectTo }, { status: r.status === 400 ? 400 : 502 });
  }
  // The same answer whether or not the address is already subscribed (NEWSLETTER_SIGNUP_ANSWER in English).
  return redirectWithFlash(api, redirectTo, { kind: "success", message: (await requestT(request, "account"))("newsletter.signup_answer") });
}

export default function NewsletterRoute() {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("account");
  return (
    <main className="container-page py-10">
      <div className="mx-auto max-w-md rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
        <h1 className="text-xl font-bold">{t("newsletter.title")}</h1>
        <p className="mt-2 mb-4 text-sm text-gray-600">{t("newsletter.intro")}</p>
        <NewsletterForm id="newsletter-page" redirectTo={actionData?.redirectTo ?? "/"} lastResult={actionData?.result} dark={false} />
      </div>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Newsletter"} | BuildMart NG` }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

/** The account texts (app/i18n/messages/<lang>/account.json). */
export const handle = { i18n: ["account"] };
