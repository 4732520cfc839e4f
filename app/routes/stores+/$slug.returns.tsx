/**
 * /stores/{slug}/returns — the store's returns ("Returns and refunds"): a status filter
 * (a GET form), each return with the item, the shopper's reason, details and photo, and for a
 * requested one Accept / Refuse with a message to the shopper (plain POST forms; a refusal needs a
 * message, app/domain/returns.ts). Accepting a card-paid item refunds it through Paystack; a
 * pay-on-delivery one is paid back by BuildMart NG (the admin marks it refunded).
 */
import { type SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { parseWithZod, ReturnDecisionSchema } from "~/storefront/forms.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ButtonsPager } from "~/components/ui/prev-next-pager";
import { formatDate } from "~/i18n/dates";
import { requestT } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import { formatNaira } from "~/domain/money";
import { orderNumber } from "~/domain/order-rules";
import { RETURN_STATUSES, type ReturnStatus } from "~/domain/return-rules";
import type { ApiReturn, ApiReturnPage } from "~/storefront/api-types";
import { apiErrorsToReply } from "~/storefront/form-reply";
import { readForm, redirectWithFlash } from "~/storefront/responses.server";
import { safeRedirect } from "~/storefront/safe-redirect";
import { requireStoreArea } from "~/storefront/store-area.server";
import { island, islandsLoader } from "~/components/ui/island";

const statusOf = (v: string | null): ReturnStatus | null => ((RETURN_STATUSES as readonly string[]).includes(v ?? "") ? (v as ReturnStatus) : null);

/** The forms and conform come on demand (components/ui/island.tsx): not in the page's first view. */
const DecisionForm = island(() => import("~/components/vendor/return-decision-form").then((m) => ({ default: m.DecisionForm })));
/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(DecisionForm);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, store } = await requireStoreArea(request, context, params.slug);
  const url = new URL(request.url);
  const status = statusOf(url.searchParams.get("status"));
  const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1);
  const qs = new URLSearchParams();
  if (status) qs.set("status", status);
  if (page > 1) qs.set("page", String(page));
  const r = await api.get<ApiReturnPage>(`/stores/${store.id}/returns/${qs.size ? `?${qs}` : ""}`);
  const list = r.ok ? r.data : { count: 0, next: null, previous: null, results: [] };
  if (!r.ok && r.status !== 404) throw await api.failure(r, "The returns could not be loaded.");
  const t = await requestT(request, "seller");
  return data({ slug: store.slug, storeName: store.name, title: t("returns.pageTitle", { store: store.name }), status, page, list }, { headers: await api.headers() });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api, store } = await requireStoreArea(request, context, params.slug);
  const form = await readForm(request);
  const t = await requestT(request, "seller");
  const returnId = Number(form.get("returnId"));
  if (!Number.isInteger(returnId) || returnId < 1 || returnId > 2_147_483_647) throw new Response("Not Found", { status: 404 });
  const submission = parseWithZod(form, { schema: ReturnDecisionSchema });
  if (submission.status !== "success") return data({ returnId, reply: submission.reply() }, { status: 400 });
  const r = await api.post(`/stores/${store.id}/returns/${returnId}/decision/`, submission.value);
  if (r.status === 401) throw await api.signedOut();
  if (r.status === 404) throw new Response("Not Found", { status: 404 });
  if (!r.ok)
    return data(
      { returnId, reply: submission.reply(apiErrorsToReply(r.status, r.data, ["decision", "message"], t("returns.notSaved"))) },
      { status: r.status >= 500 ? 502 : 400 },
    );
  const back = safeRedirect(`/stores/${store.slug}/returns${new URL(request.url).search}`, `/stores/${store.slug}/returns`);
  const done = submission.value.decision === "accept" ? t("returns.accepted") : t("returns.refused");
  return redirectWithFlash(api, back, { kind: "success", message: done });
}

export default function StoreReturnsRoute() {
  const { slug, status, page, list } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("seller");
  const link = (p: number) => `/stores/${slug}/returns?${new URLSearchParams({ ...(status ? { status } : {}), page: String(p) })}`;
  return (
    <main className="space-y-4">
      <h1 className="text-xl font-bold sm:text-2xl">{t("returns.title")}</h1>
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="status" className="field-label">
            {t("returns.status")}
          </label>
          <select id="status" name="status" defaultValue={status ?? ""} className="field-input">
            <option value="">{t("returns.all")}</option>
            {RETURN_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`returns.state.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-outline">
          {t("returns.show")}
        </button>
      </Form>
      {list.results.length === 0 ? (
        <p className="rounded-lg border border-gray-200 bg-white p-4 text-gray-700">{status ? t("returns.emptyStatus") : t("returns.empty")}</p>
      ) : (
        <ul className="space-y-3">
          {list.results.map((r) => (
            <li key={r.id}>
              <ReturnCard r={r} lastResult={actionData?.returnId === r.id ? actionData.reply : undefined} />
            </li>
          ))}
        </ul>
      )}
      <ButtonsPager page={page} hasPrevious={!!list.previous} hasNext={!!list.next} hrefFor={link} />
    </main>
  );
}

function ReturnCard({ r, lastResult }: { r: ApiReturn; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("seller");
  const { t: o } = useTranslation("orders");
  return (
    <article className="space-y-2 rounded-lg border border-gray-200 bg-white p-4 text-sm" data-testid="store-return">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-medium">
            {r.product_name} × {r.quantity} · {formatNaira(r.amount)}
          </p>
          <p className="text-gray-600">
            {t("returns.line", { number: orderNumber(r.order_id), date: formatDate(r.requested_at, t) })}
          </p>
        </div>
        <span className="rounded bg-gray-100 px-2 py-0.5 text-xs font-semibold" data-testid="return-status">
          {t(`returns.state.${r.status}`)}
        </span>
      </div>
      <p>
        <span className="font-medium">{o(`returnReason.${r.reason}`, { defaultValue: r.reason })}.</span> <span data-user-text>{r.details}</span>
      </p>
      {r.photo && r.store.id ? (
        // Served to the store's members only, through the storefront (the API's photo route).
        <a href={`/return-photo/store/${r.store.id}/${r.id}`} className="inline-block">
          <img src={`/return-photo/store/${r.store.id}/${r.id}?w=160`} alt={t("returns.photoAlt", { product: r.product_name })} width={96} height={96} className="h-24 w-24 rounded object-cover" />
        </a>
      ) : null}
      <p className="text-gray-600">{r.payment_method === "PayOnDelivery" ? t("returns.paidPod") : t("returns.paidCard")}</p>
      {r.vendor_message ? <YourMessage text={t("returns.yourMessage", { message: "\u0000" })} message={r.vendor_message} /> : null}
      {r.status === "requested" ? <DecisionForm r={r} lastResult={lastResult} /> : null}
    </article>
  );
}

/** "Your message: …" in the reader's words, the store's own words marked as theirs (not translated). */
function YourMessage({ text, message }: { text: string; message: string }) {
  const [before, after = ""] = text.split("\u0000");
  return (
    <p>
      {before}
      <span data-user-text>{message}</span>
      {after}
    </p>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d ? `${d.title} | BuildMart NG` : "Returns | BuildMart NG" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
