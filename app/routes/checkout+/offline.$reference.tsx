/**
 * /checkout/offline/{reference}?order_id=… (&g=y for a guest order) — our own light page for a
 * bank transfer or USSD payment (issue 33; docs/payments.md): the bank, the account number in
 * large grouped digits, the account name and the exact amount (USSD: the code to dial as a tel:
 * link), and when it expires (a clock time and "in N minutes"). The state is the API's (GET
 * /payments/paystack/charge/{reference}/, which verifies a waiting payment with Paystack), never
 * the query string's. The page is always lite (no script, its CSS inline: ~7.8 KB gzip) and
 * refreshes itself by <meta http-equiv=refresh> every few seconds until the expiry, with
 * JavaScript on as off (a poll in a script would add more than it saves). Paid → the
 * thank-you page. Expired → "Nothing was taken" and a button for a new account (a POST); a wrong
 * amount → Paystack returns it, the order stays payable, the same button.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { primaryButton } from "~/components/ui/button";
import { formatNaira } from "~/domain/money";
import { orderNumber } from "~/domain/order-rules";
import { groupAccountNumber, refreshSeconds, ussdBankOf, ussdTelHref } from "~/domain/payment-channels";
import { formatClock } from "~/i18n/dates";
import { apiFor } from "~/storefront/api.server";
import { callbackOrderId, guestOrderToken, offlinePath, offlinePaymentState, orderPagePath, startOfflinePayment, successPath } from "~/storefront/checkout.server";
import { readForm, redirectWithFlash, unknownIntent } from "~/storefront/responses.server";
import { requestT } from "~/i18n/i18next.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const api = await apiFor(request, context);
  const orderId = callbackOrderId(url);
  const p = orderId ? await offlinePaymentState(api, params.reference ?? "", orderId) : null;
  if (!p) throw new Response("Not Found", { status: 404, headers: await api.headers() });
  const guest = !api.user || url.searchParams.get("g") === "y";
  if (p.paid && p.shipment !== null) {
    // One delivery of a pay-on-delivery order paid (pay at the door): back to the order, which shows it.
    const token = api.user ? null : guestOrderToken(api, p.order_id);
    const t = await requestT(request, "checkout");
    throw await redirectWithFlash(api, token || api.user ? orderPagePath(p.order_id, token) : "/", { kind: "success", message: t("payAtDoor.done") });
  }
  if (p.paid) throw redirect(successPath(p.order_id, guest), { status: 303, headers: await api.headers() });
  const t = await requestT(request, "checkout");
  const now = Date.now();
  const waiting = p.status === "Pending" && !p.expired;
  const bank = ussdBankOf(p.ussd_code);
  return data(
    {
      p: {
        reference: p.reference,
        channel: p.channel,
        amount: p.amount,
        bankName: p.bank_name,
        accountName: p.account_name,
        accountNumber: groupAccountNumber(p.account_number),
        ussdCode: p.ussd_code,
        ussdBank: bank?.bank ?? null,
        received: p.received_amount,
        expired: p.expired,
        failed: p.status === "Failed",
        testPage: p.test_page,
      },
      number: orderNumber(p.order_id),
      waiting,
      clock: p.expires_at ? formatClock(p.expires_at) : null,
      minutesLeft: p.expires_at ? Math.max(1, Math.ceil((Date.parse(p.expires_at) - now) / 60_000)) : null,
      refresh: waiting ? refreshSeconds(p.expires_at, now) : null,
      title: p.channel === "ussd" ? t("offline.ussdTitle") : t("offline.transferTitle"),
    },
    { headers: await api.headers() },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const api = await apiFor(request, context);
  const form = await readForm(request);
  if (form.get("intent") !== "new") throw unknownIntent();
  const orderId = callbackOrderId(url);
  const p = orderId ? await offlinePaymentState(api, params.reference ?? "", orderId) : null;
  if (!p) throw new Response("Not Found", { status: 404 });
  const guest = !api.user || url.searchParams.get("g") === "y";
  const token = !api.user ? guestOrderToken(api, p.order_id) : null;
  if (p.paid) return redirect(p.shipment !== null ? orderPagePath(p.order_id, token) : successPath(p.order_id, guest), { status: 303, headers: await api.headers() });
  const bank = ussdBankOf(p.ussd_code);
  const how = p.channel === "ussd" ? { channel: "ussd" as const, bank: bank?.type ?? "737" } : { channel: "bank_transfer" as const, shipment: p.shipment };
  const started = await startOfflinePayment(api, p.order_id, how, token);
  if (!started.ok) return redirectWithFlash(api, `${url.pathname}${url.search}`, { kind: "error", message: started.message });
  return redirect(offlinePath(started.payment.reference, p.order_id, guest), { status: 303, headers: await api.headers() });
}

export default function OfflinePaymentRoute() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation("checkout");
  const p = d.p;
  const ussd = p.channel === "ussd";
  return (
    <main className="container-page py-4">
      <div className="mx-auto max-w-md rounded-lg border border-gray-200 bg-white p-4" data-testid="offline-payment" data-channel={p.channel}>
        <h1 className="text-xl font-bold">{ussd ? t("offline.ussdTitle") : t("offline.transferTitle")}</h1>
        <p className="text-sm text-gray-600">{t("offline.order", { number: d.number })}</p>
        {p.expired ? (
          <div className="mt-4" data-testid="offline-expired">
            <p className="text-lg font-semibold">{ussd ? t("offline.ussdExpired") : t("offline.expired")}</p>
            <NewButton label={ussd ? t("offline.newCode") : t("offline.newAccount")} />
          </div>
        ) : p.failed ? (
          <div className="mt-4" data-testid="offline-wrong-amount">
            <p className="text-lg font-semibold">
              {p.received != null ? t("offline.wrongAmount", { received: formatNaira(p.received), amount: formatNaira(p.amount) }) : t("offline.failed")}
            </p>
            <NewButton label={ussd ? t("offline.newCode") : t("offline.newAccount")} />
          </div>
        ) : (
          <>
            <p className="mt-4 text-sm">{ussd ? t("offline.payExactly") : t("offline.sendExactly")}</p>
            <p className="text-3xl font-bold" data-testid="offline-amount">
              {formatNaira(p.amount)}
            </p>
            {ussd ? (
              <>
                <p className="mt-4 text-sm">{t("offline.dial", { bank: p.ussdBank ?? "" })}</p>
                <a href={ussdTelHref(p.ussdCode ?? "")} className="mt-1 block break-all text-3xl font-bold tracking-wide text-brand-700 underline" data-testid="ussd-code">
                  {p.ussdCode}
                </a>
              </>
            ) : (
              <dl className="mt-4 space-y-3">
                <div>
                  <dt className="text-sm text-gray-600">{t("offline.accountNumber")}</dt>
                  <dd className="select-all font-mono text-4xl font-bold tracking-wider" data-testid="account-number">
                    {p.accountNumber}
                  </dd>
                </div>
                <div>
                  <dt className="text-sm text-gray-600">{t("offline.bank")}</dt>
                  <dd className="text-lg font-semibold" data-testid="bank-name">
                    {p.bankName}
                  </dd>
                </div>
                <div>
                  <dt className="text-sm text-gray-600">{t("offline.accountName")}</dt>
                  <dd className="text-lg font-semibold">{p.accountName}</dd>
                </div>
              </dl>
            )}
            {d.clock ? (
              <p className="mt-4 font-semibold" data-testid="offline-expires">
                {t(ussd ? "offline.codeExpires" : "offline.expires", { time: d.clock, count: d.minutesLeft ?? 0 })}
              </p>
            ) : null}
            {ussd ? null : <p className="mt-2 text-sm text-gray-700">{t("offline.exactNote")}</p>}
            <p className="mt-4 text-sm text-gray-600" role="status">
              {t("offline.waiting")}
            </p>
            <a href="" className="btn-outline mt-3 w-full">
              {t("offline.checkNow")}
            </a>
            {p.testPage ? (
              <a href={p.testPage} className="mt-4 block text-xs text-gray-500 underline" data-testid="standin-page">
                {t("offline.testMode")}
              </a>
            ) : null}
          </>
        )}
      </div>
    </main>
  );
}

function NewButton({ label }: { label: string }) {
  return (
    <Form method="post" className="mt-4">
      <button type="submit" name="intent" value="new" className={`${primaryButton} w-full`}>
        {label}
      </button>
    </Form>
  );
}

/**
 * The page is always lite (~/storefront/lite alwaysLite: at most 20 KB, no script): it asks again
 * by itself with a refresh in its head, a few seconds apart, until paid or expired.
 */
export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: `${d?.title ?? "Payment"} | BuildMart NG` },
  { name: "robots", content: "noindex" },
  ...(d?.refresh ? [{ httpEquiv: "refresh", content: String(d.refresh) }] : []),
];

export const handle = { i18n: ["checkout"] };

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
