/**
 * /admin/newsletter — admins only (the API's admin call answers 404 to anyone else, and so does
 * this page): how many confirmed subscribers, their CSV export, and "Send newsletter" (subject and
 * text; one queued mail per confirmed subscriber with its own unsubscribe link). The form's hidden
 * idempotency key, new on every page load, makes a double submit send once.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { island, islandsLoader } from "~/components/ui/island";
import { apiFor } from "~/storefront/api.server";
import type { ApiNewsletterSend, ApiNewsletterSummary } from "~/storefront/api-types";
import { apiErrorsToReply } from "~/storefront/form-reply";
import { NewsletterSendSchema, parseWithZod } from "~/storefront/forms.server";
import { readForm, redirectWithFlash } from "~/storefront/responses.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await apiFor(request, context);
  const summary = await api.must(api.get<ApiNewsletterSummary>("/newsletter/summary/"));
  return data({ summary, idempotencyKey: crypto.randomUUID() }, { headers: await api.headers() });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const api = await apiFor(request, context);
  // The guard first: the same 404 as the page for anyone but an admin.
  await api.must(api.get<ApiNewsletterSummary>("/newsletter/summary/"));
  const submission = parseWithZod(await readForm(request), { schema: NewsletterSendSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const r = await api.post<ApiNewsletterSend>("/newsletter/sends/", submission.value);
  if (r.ok && (r.status === 201 || r.status === 200)) {
    const n = r.data.recipients;
    const message =
      r.status === 201
        ? `Newsletter “${r.data.subject}” queued for ${n} subscriber${n === 1 ? "" : "s"}.`
        : `This newsletter was already sent (to ${n} subscriber${n === 1 ? "" : "s"}); it was not sent again.`;
    return redirectWithFlash(api, "/admin/newsletter", { kind: "success", message });
  }
  const reply = apiErrorsToReply(r.status, r.data, ["subject", "text", "idempotency_key"], "The newsletter could not be sent. Please try again.");
  return data(submission.reply(reply), { status: r.status === 400 ? 400 : 502 });
}

/** The page's content and conform come on demand (components/ui/island.tsx): not in its first view. */
const NewsletterPage = island(() => import("~/components/admin/newsletter-page").then((m) => ({ default: m.NewsletterPage })));
/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(NewsletterPage);

export default function AdminNewsletterRoute() {
  const { summary, idempotencyKey } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return <NewsletterPage summary={summary} idempotencyKey={idempotencyKey} lastResult={lastResult} />;
}

export const meta: MetaFunction = () => [{ title: "Newsletter | Admin | BuildMart NG" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
