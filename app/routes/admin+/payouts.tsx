/**
 * /admin/payouts — vendor payouts for admins (docs/payouts.md): the stores holding
 * money (available and pending) with a "Pay out" button each (a plain POST; its hidden reference
 * makes a double submit one payout), the stores that owe commission on their cash sales with what
 * each owes and a form to record a payment of it (amount and the transfer's reference: the same
 * reference twice is one settlement), and every payout with its status. Everyone else gets the
 * API's 404.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { primaryButton } from "~/components/ui/button";
import { LedgerPager } from "~/components/ui/prev-next-pager";
import { formatNaira } from "~/domain/money";
import { maskedAccount, PAYOUT_STATUS_LABEL } from "~/domain/payout-rules";
import type { ApiAdminPayouts, ApiPayout, ApiSettlement } from "~/storefront/api-types";
import { requireUser } from "~/storefront/auth.server";
import { apiMessage } from "~/storefront/form-reply";
import { intIdField } from "~/storefront/forms.server";
import { readForm, redirectWithFlash, unknownIntent } from "~/storefront/responses.server";
import { formatDate } from "~/i18n/dates";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const page = Math.max(1, Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10) || 1);
  // Not an admin: the API answers 404, and so does this page.
  const answer = await api.must(api.get<ApiAdminPayouts>(`/admin/payouts/?page=${page}&page_size=25`));
  const stores = answer.stores.map((s) => ({ ...s, reference: `payout-s${s.store_id}-${crypto.randomUUID().replace(/-/g, "").slice(0, 20)}` }));
  return data({ page, stores, payouts: answer.results, count: answer.count }, { headers: await api.headers() });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context);
  const form = await readForm(request);
  if (form.get("intent") === "settle") {
    const store = intIdField.safeParse(form.get("store_id"));
    if (!store.success) throw new Response("Bad Request", { status: 400 });
    const body = { store_id: store.data, amount: String(form.get("amount") ?? "").replace(/[₦,\s]/g, ""), reference: String(form.get("reference") ?? ""), note: String(form.get("note") ?? "") || null };
    const r = await api.post<ApiSettlement>("/admin/payouts/settlements/", body);
    if (r.status === 404) throw new Response("Not Found", { status: 404 });
    if (!r.ok) return redirectWithFlash(api, "/admin/payouts", { kind: "error", message: apiMessage(r.data, "The payment could not be recorded. Please try again.") }, { status: 303 });
    return redirectWithFlash(
      api,
      "/admin/payouts",
      { kind: "success", message: `Recorded ${formatNaira(r.data.amount)} of commission paid (ref ${r.data.reference}). Still owed: ${formatNaira(r.data.owed)}.` },
      { status: 303 },
    );
  }
  if (form.get("intent") !== "payout") throw unknownIntent();
  const storeId = intIdField.safeParse(form.get("store_id"));
  if (!storeId.success) throw new Response("Bad Request", { status: 400 });
  const reference = String(form.get("reference") ?? "") || undefined;
  const r = await api.post<ApiPayout>("/admin/payouts/", { store_id: storeId.data, reference });
  if (r.status === 404) throw new Response("Not Found", { status: 404 });
  if (!r.ok) return redirectWithFlash(api, "/admin/payouts", { kind: "error", message: apiMessage(r.data, "The payout could not be started. Please try again.") }, { status: 303 });
  const p = r.data;
  const how = p.status === "failed" ? `failed: ${p.failure_reason ?? "Paystack refused it"}` : p.status === "success" ? "paid" : "sent to Paystack";
  return redirectWithFlash(api, "/admin/payouts", { kind: p.status === "failed" ? "error" : "success", message: `Payout of ${formatNaira(p.amount)} to ${p.store_name} ${how}.` }, { status: 303 });
}

const dateTime = (iso: string) => formatDate(iso, "en", "dateTime");

const STATUS_STYLE: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900",
  success: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
  reversed: "bg-red-100 text-red-900",
};

export default function AdminPayouts() {
  const { page, stores, payouts, count } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" ? navigation.formData?.get("store_id") : null;
  const pages = Math.max(1, Math.ceil(count / 25));
  return (
    <div className="space-y-6">
      <h1 className="text-xl font-bold sm:text-2xl">Payouts</h1>
      <section aria-labelledby="stores-heading">
        <h2 id="stores-heading" className="text-lg font-semibold">
          Stores holding money or owing commission
        </h2>
        {stores.length ? (
          <ul className="mt-2 divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white" data-testid="payable-stores">
            {stores.map((s) => (
              <li key={s.store_id} className="flex flex-wrap items-center justify-between gap-2 p-3" data-testid={`payable-${s.slug}`}>
                <div className="min-w-0">
                  <p className="font-semibold break-words">{s.name}</p>
                  <p className="text-sm">
                    {s.owed > 0 ? (
                      <strong className="text-amber-900" data-testid="owes">
                        Owes {formatNaira(s.owed)} commission
                      </strong>
                    ) : (
                      <>
                        Available <strong>{formatNaira(s.balance)}</strong>
                      </>
                    )}{" "}
                    · pending {formatNaira(s.pending)}
                  </p>
                  {!s.has_bank_account ? <p className="text-xs text-red-800">No bank account yet</p> : null}
                  {s.payout_pending ? <p className="text-xs text-amber-900">A payout is on its way</p> : null}
                </div>
                {s.balance > 0 && s.has_bank_account && !s.payout_pending ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="payout" />
                    <input type="hidden" name="store_id" value={s.store_id} />
                    <input type="hidden" name="reference" value={s.reference} />
                    <button type="submit" className={primaryButton} disabled={busy === String(s.store_id)} aria-label={`Pay out ${formatNaira(s.balance)} to ${s.name}`}>
                      Pay out {formatNaira(s.balance)}
                    </button>
                  </Form>
                ) : null}
                {s.owed > 0 ? (
                  <Form method="post" className="flex w-full flex-wrap items-end gap-2" aria-label={`Record commission paid by ${s.name}`}>
                    <input type="hidden" name="intent" value="settle" />
                    <input type="hidden" name="store_id" value={s.store_id} />
                    <label className="text-xs">
                      Amount paid (₦)
                      <input name="amount" inputMode="decimal" required defaultValue={s.owed} className="mt-0.5 block h-9 w-32 rounded-md border border-gray-300 px-2 text-sm" />
                    </label>
                    <label className="text-xs">
                      Transfer reference
                      <input name="reference" required minLength={4} maxLength={80} className="mt-0.5 block h-9 w-44 rounded-md border border-gray-300 px-2 text-sm" />
                    </label>
                    <label className="text-xs">
                      Note
                      <input name="note" maxLength={200} className="mt-0.5 block h-9 w-44 rounded-md border border-gray-300 px-2 text-sm" />
                    </label>
                    <button type="submit" className="btn-outline h-9 px-3">
                      Record payment
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-gray-600">No store holds money right now.</p>
        )}
      </section>
      <section aria-labelledby="history-heading">
        <h2 id="history-heading" className="text-lg font-semibold">
          All payouts
        </h2>
        {payouts.length ? (
          <ul className="mt-2 divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white" data-testid="admin-payouts">
            {payouts.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div className="min-w-0">
                  <p className="font-semibold">
                    {formatNaira(p.amount)} · <span className="break-words">{p.store_name}</span>
                  </p>
                  <p className="text-xs text-gray-600 break-all">
                    {p.bank_name} {maskedAccount(p.account_last4)} · {dateTime(p.created_at)} · ref {p.reference}
                  </p>
                  {p.failure_reason ? <p className="text-xs text-red-800">{p.failure_reason}</p> : null}
                </div>
                <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[p.status]}`}>{PAYOUT_STATUS_LABEL[p.status]}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-gray-600">No payouts yet.</p>
        )}
        <LedgerPager page={page} pages={pages} hrefFor={(p) => `/admin/payouts?page=${p}`} label="Payout pages" />
      </section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Payouts | Admin | BuildMart NG" }];

export { GeneralErrorBoundary as ErrorBoundary };
