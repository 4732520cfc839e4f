/**
 * /admin/payments — payments: attempts by status, mismatches (Paystack's amount or
 * currency differed from the attempt, or fell short of the order), webhooks received, refunds and
 * their status; "Verify now" asks Paystack about one attempt with the payments area's own
 * verification (docs/payments.md) and applies what it says.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ADMIN_ISLANDS, ActionButton, Badge, Filters, PageTitle, Pager, TableScroll, td, th, when } from "~/components/admin/ui";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatNaira } from "~/domain/money";
import { backTo, listQuery } from "~/storefront/admin.server";
import type { ApiAdminPayment, ApiAdminRefund, ApiAdminWebhook, ApiVerifyNow, Paged } from "~/storefront/api-types";
import { requireAdmin } from "~/storefront/auth.server";
import { apiMessage } from "~/storefront/form-reply";
import { readForm, redirectWithFlash, unknownIntent } from "~/storefront/responses.server";
import { islandsLoader } from "~/components/ui/island";

const VIEWS = ["attempts", "mismatches", "webhooks", "refunds"] as const;
type View = (typeof VIEWS)[number];

/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(...ADMIN_ISLANDS);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, context);
  const raw = new URL(request.url).searchParams.get("view");
  const view: View = (VIEWS as readonly string[]).includes(raw ?? "") ? (raw as View) : "attempts";
  const { qs, page, filters } = listQuery(request, ["search", "status"]);
  const join = (extra: string) => [qs, extra].filter(Boolean).join("&");
  let attempts: Paged<ApiAdminPayment> | null = null;
  let webhooks: Paged<ApiAdminWebhook> | null = null;
  let refunds: Paged<ApiAdminRefund> | null = null;
  if (view === "attempts") attempts = await api.must(api.get<Paged<ApiAdminPayment>>(`/admin/payments/?${qs}`));
  if (view === "mismatches") attempts = await api.must(api.get<Paged<ApiAdminPayment>>(`/admin/payments/?${join("mismatches=1")}`));
  if (view === "webhooks") webhooks = await api.must(api.get<Paged<ApiAdminWebhook>>(`/admin/payments/webhooks/?${qs}`));
  if (view === "refunds") refunds = await api.must(api.get<Paged<ApiAdminRefund>>(`/admin/payments/refunds/?${qs}`));
  return data({ view, page, filters, attempts, webhooks, refunds }, { headers: await api.headers() });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, context);
  const form = await readForm(request);
  const id = Number(form.get("id"));
  if (form.get("intent") !== "verify" || !Number.isInteger(id) || id <= 0) throw unknownIntent();
  const r = await api.post<ApiVerifyNow>(`/admin/payments/${id}/verify/`, {});
  if (r.status === 401) await api.must(Promise.resolve(r));
  const to = backTo(request, "/admin/payments");
  if (!r.ok) return redirectWithFlash(api, to, { kind: "error", message: apiMessage(r.data, "The payment could not be verified. Please try again.") });
  const p = r.data.payment;
  return redirectWithFlash(api, to, { kind: "success", message: `Verified ${p.reference}: ${r.data.outcome} (attempt ${p.payment_status}, order ${p.order_payment_status}).` });
}

export const meta: MetaFunction = () => [{ title: "Payments | Admin | BuildMart NG" }];

const statusTone = (s: string) => (s === "Complete" || s === "processed" ? "green" : s === "Failed" || s === "failed" ? "red" : s === "Pending" || s === "queued" || s === "pending" ? "amber" : "gray");

const CHANNEL_LABELS: Record<string, string> = { card: "Card", bank_transfer: "Bank transfer", ussd: "USSD" };

export default function AdminPayments() {
  const { view, page, filters, attempts, webhooks, refunds } = useLoaderData<typeof loader>();
  const tabs: Array<[View, string]> = [
    ["attempts", "Attempts"],
    ["mismatches", "Mismatches"],
    ["webhooks", "Webhooks"],
    ["refunds", "Refunds"],
  ];
  const viewField = <input type="hidden" name="view" value={view} />;
  return (
    <main>
      <PageTitle title="Payments">Card, bank transfer and USSD payments through Paystack: nothing is paid until Paystack confirms the attempt's amount and currency.</PageTitle>
      <nav aria-label="Payment views" className="mb-4 flex flex-wrap gap-1">
        {tabs.map(([v, label]) => (
          <Link
            key={v}
            to={`/admin/payments?view=${v}`}
            aria-current={v === view ? "page" : undefined}
            className={`shrink-0 rounded px-3 py-1.5 text-sm font-medium ${v === view ? "bg-brand-50 text-brand-700" : "text-ink hover:bg-gray-100"}`}
          >
            {label}
          </Link>
        ))}
      </nav>
      {attempts ? (
        <>
          <Filters
            search={filters.search}
            placeholder="Reference, order id or e-mail"
            status={filters.status}
            statuses={[["", "Any status"], ...["Pending", "Complete", "Failed", "Abandoned", "Refunded"].map((s): [string, string] => [s, s])]}
            extra={viewField}
          />
          {attempts.results.length === 0 ? (
            <p className="text-gray-600">{view === "mismatches" ? "No mismatched payment." : "No payment attempt matches."}</p>
          ) : (
            <TableScroll label="Payment attempts">
              <thead>
                <tr>
                  <th className={th}>Reference</th>
                  <th className={th}>Amount</th>
                  <th className={th}>Status</th>
                  <th className={th}>Order</th>
                  <th className={th}>Actions</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {attempts.results.map((p) => (
                  <tr key={p.id} data-testid={`payment-row-${p.id}`}>
                    <td className={td}>
                      <div className="break-all font-mono text-xs">{p.reference}</div>
                      <div className="break-all text-xs text-gray-500">{p.customer_email}</div>
                      <div className="text-xs text-gray-500">{when(p.created_at)}</div>
                    </td>
                    <td className={`${td} whitespace-nowrap tabular-nums`}>
                      {p.currency === "NGN" ? formatNaira(p.amount) : `${p.amount} ${p.currency}`}
                      <div className="text-xs text-gray-500">order due {formatNaira(p.order_amount_due)}</div>
                      {p.mismatch ? (
                        <div className="text-xs text-red-700">
                          Paystack: {p.paid_amount ?? "?"} {p.paid_currency ?? ""}
                        </div>
                      ) : null}
                    </td>
                    <td className={`${td} space-y-1`}>
                      <Badge tone={statusTone(p.payment_status)}>{p.payment_status}</Badge>
                      {p.mismatch ? (
                        <div>
                          <Badge tone="red">Mismatch: {p.mismatch}</Badge>
                        </div>
                      ) : null}
                      <div className="text-xs text-gray-500">{p.payment_method === "CardPayment" ? CHANNEL_LABELS[p.channel] ?? "Card" : "Pay on delivery"}{p.provider_status ? ` · ${p.provider_status}` : ""}</div>
                    </td>
                    <td className={td}>
                      <div className="break-all font-mono text-xs">{p.order_id.slice(0, 8)}</div>
                      <div className="text-xs text-gray-500">{p.order_payment_status}</div>
                    </td>
                    <td className={td}>
                      {p.payment_method === "CardPayment" ? <ActionButton intent="verify" id={p.id} label="Verify now" /> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </TableScroll>
          )}
          <Pager count={attempts.count} page={page} />
        </>
      ) : null}
      {webhooks ? (
        <>
          <Filters search={filters.search} placeholder="Reference or event" extra={viewField} />
          {webhooks.results.length === 0 ? (
            <p className="text-gray-600">No webhook received.</p>
          ) : (
            <TableScroll label="Webhooks">
              <thead>
                <tr>
                  <th className={th}>Event</th>
                  <th className={th}>Reference</th>
                  <th className={th}>Received</th>
                  <th className={th}>Processed</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {webhooks.results.map((w) => (
                  <tr key={w.id}>
                    <td className={td}>
                      {w.event}
                      <div className="text-xs text-gray-500">{w.provider}</div>
                    </td>
                    <td className={`${td} break-all font-mono text-xs`}>{w.reference}</td>
                    <td className={`${td} whitespace-nowrap`}>{when(w.received_at)}</td>
                    <td className={`${td} whitespace-nowrap`}>{w.processed_at ? when(w.processed_at) : <Badge tone="amber">Not yet</Badge>}</td>
                  </tr>
                ))}
              </tbody>
            </TableScroll>
          )}
          <Pager count={webhooks.count} page={page} />
        </>
      ) : null}
      {refunds ? (
        <>
          <Filters
            searchable={false}
            placeholder=""
            status={filters.status}
            statuses={[["", "Any status"], ...["queued", "pending", "processing", "processed", "failed"].map((s): [string, string] => [s, s])]}
            extra={viewField}
          />
          {refunds.results.length === 0 ? (
            <p className="text-gray-600">No refund matches.</p>
          ) : (
            <TableScroll label="Refunds">
              <thead>
                <tr>
                  <th className={th}>Refund</th>
                  <th className={th}>Amount</th>
                  <th className={th}>Status</th>
                  <th className={th}>Payment</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {refunds.results.map((r) => (
                  <tr key={r.id}>
                    <td className={td}>
                      <div>
                        #{r.id} · {r.kind}
                      </div>
                      <p className="max-w-xs text-xs text-gray-600">{r.reason}</p>
                      <div className="text-xs text-gray-500">{when(r.created_at)}</div>
                    </td>
                    <td className={`${td} whitespace-nowrap tabular-nums`}>{r.currency === "NGN" ? formatNaira(r.amount) : `${r.amount} ${r.currency}`}</td>
                    <td className={td}>
                      <Badge tone={statusTone(r.status)}>{r.status}</Badge>
                      <div className="text-xs text-gray-500">
                        {r.attempts} attempt{r.attempts === 1 ? "" : "s"} · {when(r.updated_at)}
                      </div>
                      {r.last_error ? <p className="max-w-xs text-xs text-red-700">{r.last_error}</p> : null}
                    </td>
                    <td className={`${td} break-all font-mono text-xs`}>{r.payment_reference}</td>
                  </tr>
                ))}
              </tbody>
            </TableScroll>
          )}
          <Pager count={refunds.count} page={page} />
        </>
      ) : null}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
