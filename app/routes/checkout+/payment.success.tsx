/**
 * /checkout/payment/success (also /payment/success) — where pay on delivery lands and where
 * Paystack sends the shopper back (`?order_id=…&trxref=R&reference=R`; also tx_ref/trx_ref and
 * o_id). The query string is never trusted: the server asks the API to verify the reference with
 * Paystack (PATCH confirm_payment, idempotent) and then reads the order itself. 'Thank You for Your
 * Order' shows only for a placed pay-on-delivery order or a verified card payment; otherwise the
 * page says the payment did not go through and offers Try again (a new attempt, intent retry) and
 * Pay on delivery instead (intent pod). VIEW ORDER is hidden for guests (g=y).
 */
import { useTranslation } from "~/i18n/react";
import { Trans } from "~/i18n/trans";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { primaryButton } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { formatNaira } from "~/domain/money";
import { apiFor } from "~/storefront/api.server";
import {
  callbackOrderId,
  callbackReference,
  confirmPayment,
  guestOrderToken,
  loadOrder,
  startCardPayment,
  successPath,
  switchToPayOnDelivery,
} from "~/storefront/checkout.server";
import { readForm, redirectWithFlash, unknownIntent } from "~/storefront/responses.server";
import { orderNumber } from "~/domain/order-rules";
import { statusLabel } from "~/components/users/order-status";
import { requestT } from "~/i18n/i18next.server";

type Outcome = "placed" | "paid" | "unpaid" | "confirming" | "missing";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const api = await apiFor(request, context);
  const orderId = callbackOrderId(url);
  const guest = !api.user;
  const hideViewOrder = guest || url.searchParams.get("g") === "y";
  const t = await requestT(request, "checkout");
  const titles = { thanks: t("success.thanks"), payment: t("success.paymentTitle") };
  if (!orderId) return data({ outcome: "missing" as Outcome, order: null, hideViewOrder, titles }, { status: 404, headers: await api.headers() });
  const token = guest ? guestOrderToken(api, orderId) : null;
  const reference = callbackReference(url);
  // Verified with Paystack by the API (never from the query string); the order is then read back.
  const confirmed = reference ? await confirmPayment(api, orderId, reference) : null;
  const order = await loadOrder(api, orderId, token);
  if (!order) return data({ outcome: "missing" as Outcome, order: null, hideViewOrder, titles }, { status: 404, headers: await api.headers() });
  const outcome: Outcome =
    order.order_payment_method === "PayOnDelivery"
      ? "placed"
      : order.order_payment_status === "Complete"
        ? "paid"
        : confirmed?.ok && confirmed.data.status === "Pending"
          ? "confirming"
          : "unpaid";
  // Settled: show the result at the address without the reference, in a fresh request (the
  // header's cart, emptied by a verified payment, is then read after the change).
  if (reference && outcome !== "confirming") throw redirect(successPath(order.id, hideViewOrder), { status: 303, headers: await api.headers() });
  return data(
    {
      outcome,
      hideViewOrder,
      titles,
      order: {
        id: order.id,
        number: orderNumber(order.id),
        total: order.total,
        paymentStatus: order.order_payment_status,
        // The status word as the order pages say it (one mapping: the orders messages).
        paymentStatusLabel: statusLabel(await requestT(request, "orders"), order.order_payment_status),
      },
    },
    { headers: await api.headers() },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const api = await apiFor(request, context);
  const form = await readForm(request);
  const orderId = callbackOrderId(url);
  if (!orderId) throw new Response("Not Found", { status: 404 });
  const guest = !api.user;
  const token = guest ? guestOrderToken(api, orderId) : null;
  const back = successPath(orderId, guest);
  const intent = form.get("intent");
  if (intent === "retry") {
    const pay = await startCardPayment(api, orderId, token);
    if (!pay.ok) return redirectWithFlash(api, back, { kind: "error", message: pay.message });
    return redirect(pay.url, { status: 303, headers: await api.headers() });
  }
  if (intent === "pod") {
    const r = await switchToPayOnDelivery(api, orderId, token);
    const t = await requestT(request, "checkout");
    return redirectWithFlash(api, back, r.ok ? { kind: "success", message: t("flash.payOnDelivery") } : { kind: "error", message: r.message });
  }
  throw unknownIntent();
}

export default function PaymentSuccessRoute() {
  const { outcome, order, hideViewOrder } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const location = useLocation();
  const { t } = useTranslation("checkout");
  const busy = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  if (outcome === "missing" || !order) {
    return (
      <main className="container-page py-12 text-center">
        <h1 className="text-2xl font-bold">{t("success.notFound")}</h1>
        <p className="mt-2 text-gray-600">{t("success.notFoundText")}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {hideViewOrder ? null : (
            <Link to="/users/orders" className="btn-outline">
              {t("success.viewOrders")}
            </Link>
          )}
          <Link to="/" className={primaryButton}>
            {t("success.continue")}
          </Link>
        </div>
      </main>
    );
  }
  if (outcome === "confirming") {
    return (
      <main className="container-page py-10">
        <div className="mx-auto max-w-lg rounded-lg border border-gray-200 bg-white p-6 text-center" data-testid="payment-confirming">
          <h1 className="text-2xl font-bold">{t("success.confirming")}</h1>
          <p className="mt-2 text-gray-700">
            <Trans t={t} i18nKey="success.confirmingText" values={{ number: order.number }} components={{ b: <span className="font-semibold" /> }} />
          </p>
          <Link to={`${location.pathname}${location.search}`} reloadDocument className={`${primaryButton} mt-6`}>
            {t("success.checkAgain")}
          </Link>
        </div>
      </main>
    );
  }
  if (outcome === "unpaid") {
    return (
      <main className="container-page py-10">
        <div className="mx-auto max-w-lg rounded-lg border border-red-200 bg-white p-6 text-center" data-testid="payment-failed">
          <h1 className="text-2xl font-bold">{t("success.failed")}</h1>
          <p className="mt-2 text-gray-700">
            <Trans t={t} i18nKey="success.failedText" values={{ number: order.number, total: formatNaira(order.total) }} components={{ b: <span className="font-semibold" /> }} />
            {order.paymentStatus && order.paymentStatus !== "Pending" ? ` (${t("success.status", { status: order.paymentStatusLabel })})` : ""}. {t("success.notCharged")}
          </p>
          <div className="mt-6 flex flex-col flex-wrap gap-3 sm:flex-row sm:justify-center">
            <Form method="post">
              <button type="submit" name="intent" value="retry" className={`${primaryButton} w-full`} disabled={!!busy}>
                {busy === "retry" ? <Spinner /> : null}
                {busy === "retry" ? t("redirecting") : t("success.tryAgain")}
              </button>
            </Form>
            <Form method="post" action={`/checkout/offline?order_id=${order.id}${hideViewOrder ? "&g=y" : ""}`}>
              <button type="submit" name="intent" value="transfer" className="btn-outline w-full" disabled={!!busy}>
                {t("success.transferInstead")}
              </button>
            </Form>
            <Link to={`/checkout/offline?order_id=${order.id}&how=ussd${hideViewOrder ? "&g=y" : ""}`} className="btn-outline w-full">
              {t("success.ussdInstead")}
            </Link>
            <Form method="post">
              <button type="submit" name="intent" value="pod" className="btn-outline w-full" disabled={!!busy}>
                {busy === "pod" ? <Spinner /> : null}
                {t("success.podInstead")}
              </button>
            </Form>
          </div>
          {hideViewOrder ? null : (
            <Link to={`/users/orders/${order.id}`} className="mt-4 inline-block text-sm font-semibold text-brand-700 underline">
              {t("success.viewOrder")}
            </Link>
          )}
        </div>
      </main>
    );
  }
  return (
    <main className="container-page py-10">
      <div className="mx-auto max-w-lg rounded-lg border border-green-200 bg-white p-6 text-center" data-testid="order-success">
        <p aria-hidden="true" className="mx-auto grid h-14 w-14 place-items-center rounded-full bg-green-100 text-3xl text-green-700">
          ✓
        </p>
        <h1 className="mt-3 text-2xl font-bold">{t("success.thanks")}</h1>
        <p className="mt-2 text-gray-700">
          <Trans
            t={t}
            i18nKey={outcome === "paid" ? "success.placedPaid" : "success.placed"}
            values={{ number: order.number }}
            components={{ b: <span className="font-semibold" data-testid="order-number" /> }}
          />
        </p>
        <p className="mt-1 text-sm text-gray-600">
          {t("success.total")} <span className="font-semibold">{formatNaira(order.total)}</span>
          {outcome === "placed" ? ` · ${t("success.podNote")}` : ""}
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
          {hideViewOrder ? null : (
            <Link to={`/users/orders/${order.id}`} className="btn-outline">
              {t("success.viewOrder")}
            </Link>
          )}
          <Link to="/" className={primaryButton}>
            {t("success.continue")}
          </Link>
        </div>
      </div>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: `${d?.outcome === "placed" || d?.outcome === "paid" ? (d?.titles.thanks ?? "Thank You for Your Order") : (d?.titles.payment ?? "Payment")} | BuildMart NG` },
  { name: "robots", content: "noindex" },
];

export const handle = { i18n: ["checkout"] };

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
