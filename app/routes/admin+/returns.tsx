/**
 * /admin/returns — returns BuildMart NG pays back by hand ("Returns and refunds"):
 * accepted returns of pay-on-delivery items (and of card items whose Paystack refund failed), each
 * with "Mark refunded" and an optional note (how the money was paid). Other statuses through the
 * filter. The guard is the API's: GET /admin/returns/ answers 404 to anyone but an admin, and so
 * does this page.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { parseWithZod, ReturnRefundedSchema } from "~/storefront/forms.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ButtonsPager } from "~/components/ui/prev-next-pager";
import { orderDate } from "~/components/users/order-format";
import { formatNaira } from "~/domain/money";
import { orderNumber } from "~/domain/order-rules";
import { RETURN_STATUSES, RETURN_STATUS_LABELS, type ReturnStatus } from "~/domain/return-rules";
import type { ApiReturn, ApiReturnPage } from "~/storefront/api-types";
import { requireUser } from "~/storefront/auth.server";
import { apiErrorsToReply } from "~/storefront/form-reply";
import { readForm, redirectWithFlash } from "~/storefront/responses.server";
import { island, islandsLoader } from "~/components/ui/island";

const notFound = () => new Response("Not Found", { status: 404 });
const statusOf = (v: string | null): ReturnStatus | "" => (v === "" ? "" : (RETURN_STATUSES as readonly string[]).includes(v ?? "") ? (v as ReturnStatus) : "accepted");

/** Paid back by hand: accepted, and not (or no longer) on its way through Paystack. */
const byHand = (r: ApiReturn) => r.status === "accepted" && (r.refund_status === null || r.refund_status === "failed");

/** The forms and conform come on demand (components/ui/island.tsx): not in the page's first view. */
const RefundedForm = island(() => import("~/components/admin/refunded-form").then((m) => ({ default: m.RefundedForm })));
/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(RefundedForm);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const url = new URL(request.url);
  const status = statusOf(url.searchParams.get("status"));
  const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1);
  const qs = new URLSearchParams();
  if (status) qs.set("status", status);
  if (page > 1) qs.set("page", String(page));
  const r = await api.get<ApiReturnPage>(`/admin/returns/${qs.size ? `?${qs}` : ""}`);
  if (r.status === 401) throw await api.signedOut();
  if (r.status === 404 && page === 1) throw notFound();
  const list = r.ok ? r.data : { count: 0, next: null, previous: null, results: [] };
  return data({ status, page, list }, { headers: await api.headers() });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context);
  const form = await readForm(request);
  const returnId = Number(form.get("returnId"));
  if (!Number.isInteger(returnId) || returnId < 1 || returnId > 2_147_483_647) throw notFound();
  const submission = parseWithZod(form, { schema: ReturnRefundedSchema });
  if (submission.status !== "success") return data({ returnId, reply: submission.reply() }, { status: 400 });
  const r = await api.post(`/admin/returns/${returnId}/refunded/`, { note: submission.value.note });
  if (r.status === 401) throw await api.signedOut();
  if (r.status === 404) throw notFound();
  if (!r.ok)
    return data({ returnId, reply: submission.reply(apiErrorsToReply(r.status, r.data, ["note"], "The return could not be marked refunded.")) }, {
      status: r.status >= 500 ? 502 : 400,
    });
  return redirectWithFlash(api, `/admin/returns${new URL(request.url).search}`, { kind: "success", message: "Return marked refunded: the shopper has been told" });
}

export default function AdminReturnsRoute() {
  const { status, page, list } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const link = (p: number) => `/admin/returns?${new URLSearchParams({ status, page: String(p) })}`;
  return (
    <main className="space-y-4">
      <h1 className="text-xl font-bold sm:text-2xl">Returns to pay back</h1>
      <p className="text-sm text-gray-600">
        Accepted returns of pay-on-delivery items (and card refunds Paystack refused) are paid back outside the site. Mark each one refunded once the
        shopper has the money.
      </p>
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="status" className="field-label">
            Status
          </label>
          <select id="status" name="status" defaultValue={status} className="field-input">
            <option value="">All</option>
            {RETURN_STATUSES.map((s) => (
              <option key={s} value={s}>
                {RETURN_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-outline">
          Show
        </button>
      </Form>
      {list.results.length === 0 ? (
        <p className="rounded-lg border border-gray-200 bg-white p-4 text-gray-700">No returns here.</p>
      ) : (
        <ul className="space-y-3">
          {list.results.map((r) => (
            <li key={r.id} className="space-y-2 rounded-lg border border-gray-200 bg-white p-4 text-sm" data-testid="admin-return">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <p className="font-medium">
                    {r.product_name} × {r.quantity} · {formatNaira(r.amount)}
                  </p>
                  <p className="text-gray-600">
                    {r.store.name ?? "A removed store"} · order {orderNumber(r.order_id)} · {r.payment_method === "PayOnDelivery" ? "paid on delivery" : "card"}
                  </p>
                  <p className="text-gray-600">
                    Requested {orderDate(r.requested_at, "en")}
                    {r.decided_at ? ` · decided ${orderDate(r.decided_at, "en")}` : ""}
                  </p>
                </div>
                <span className="rounded bg-gray-100 px-2 py-0.5 text-xs font-semibold">{RETURN_STATUS_LABELS[r.status]}</span>
              </div>
              <p>
                <span className="font-medium">{r.reason}.</span> {r.details}
              </p>
              {r.refund_status === "failed" ? <p className="text-red-800">The card refund failed at Paystack.</p> : null}
              {r.refund_note ? <p>Note: {r.refund_note}</p> : null}
              {byHand(r) ? <RefundedForm r={r} lastResult={actionData?.returnId === r.id ? actionData.reply : undefined} /> : null}
            </li>
          ))}
        </ul>
      )}
      <ButtonsPager page={page} hasPrevious={!!list.previous} hasNext={!!list.next} hrefFor={link} />
    </main>
  );
}


export const meta: MetaFunction = () => [{ title: "Returns · Admin | BuildMart NG" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
